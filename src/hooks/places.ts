/**
 * Places (RULES §7.4): the core region window's control that opens the place form, the place
 * windows following their scene's regions, and the one-time migration of flag-based places.
 */
import { migratePlacesOnReady } from "../places/register";
import { addPlaceHeaderControl, onRegionChanged } from "../applications/combat/place-config";

export function placeHooks(): void {
  Hooks.on("getHeaderControlsRegionConfig", (app, controls) => {
    addPlaceHeaderControl(app, controls);
  });
  Hooks.once("ready", migratePlacesOnReady);
  for (const hook of [
    "createRegion",
    "updateRegion",
    "deleteRegion",
    "createRegionBehavior",
    "updateRegionBehavior",
    "deleteRegionBehavior",
  ] as const) {
    Hooks.on(hook, onRegionChanged);
  }
}

/**
 * Registration of places on `init` (RULES §7.4): the place behaviour type (`CONFIG.RegionBehavior`,
 * added to core's types). The header control on the core RegionConfig (v13 hook
 * `getHeaderControlsRegionConfig`) and, on `ready`, the one-time migration of flag-based places,
 * run by the active GM only, are listened to in src/hooks/places.ts, which passes the place
 * window's opener: the places layer stays free of application classes.
 */
import { PLACE_BEHAVIOR_ICON, PLACE_BEHAVIOR_TYPE } from "./measure";
import { PlaceBehaviorType } from "./place-model";
import { placeHeaderControl, type PlaceOpener } from "./region-config";
import { migratePlaceFlags } from "./migration";

export function registerPlaces(): void {
  const config = CONFIG.RegionBehavior;
  Object.assign(config.dataModels, { [PLACE_BEHAVIOR_TYPE]: PlaceBehaviorType });
  Object.assign((config.typeIcons ??= {}), { [PLACE_BEHAVIOR_TYPE]: PLACE_BEHAVIOR_ICON });
}

/**
 * `getHeaderControlsRegionConfig`: the core region window gets a control opening the place form.
 * Core passes the window's list of controls (`hookEvents.getHeaderControlsApplicationV2`, an array
 * of `ApplicationHeaderControlsEntry`); the typings of fvtt-types 13.345 describe one entry instead,
 * so the list is taken as `unknown` and checked to be an array before the control is added.
 */
export function addPlaceHeaderControl(app: { document?: unknown }, controls: unknown, open: PlaceOpener): void {
  if (Array.isArray(controls)) controls.push(placeHeaderControl(app, open));
}

/** On `ready`: the active GM migrates the flag-based places once. */
export function migratePlacesOnReady(): void {
  if (game.user?.isActiveGM) void migratePlaceFlags();
}

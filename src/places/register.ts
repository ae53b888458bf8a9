/**
 * Registration of places on `init` (RULES §7.4): the place behaviour type (`CONFIG.RegionBehavior`,
 * added to core's types), and on `ready` the one-time migration of flag-based places, run by the
 * active GM only (listened to in src/hooks/places.ts). The header control that opens the place
 * form from the core RegionConfig belongs to that form (src/applications/combat/place-config.ts).
 */
import { PLACE_BEHAVIOR_ICON, PLACE_BEHAVIOR_TYPE } from "./measure";
import { PlaceBehaviorType } from "./place-model";
import { migratePlaceFlags } from "./migration";

export function registerPlaces(): void {
  const config = CONFIG.RegionBehavior;
  Object.assign(config.dataModels, { [PLACE_BEHAVIOR_TYPE]: PlaceBehaviorType });
  Object.assign((config.typeIcons ??= {}), { [PLACE_BEHAVIOR_TYPE]: PLACE_BEHAVIOR_ICON });
}

/** On `ready`: the active GM migrates the flag-based places once. */
export function migratePlacesOnReady(): void {
  if (game.user?.isActiveGM) void migratePlaceFlags();
}

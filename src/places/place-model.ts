/**
 * The "place" region behaviour (RULES §7.4): a Scene Region is a place when it carries an enabled
 * behaviour of type `tactica.place`, whose data holds the place's encumbrance (D-34: 0–5) and the
 * ids of its neighbouring regions. Registered on `init` by `registerPlaces` (./region-config.ts).
 *
 * A system's behaviour types are keyed by `<system id>.<name>` in `documentTypes.RegionBehavior`
 * of the manifest and in `CONFIG.RegionBehavior.dataModels`, their labels under
 * `TYPES.RegionBehavior.<type>` — as dnd5e 5.3 does for `dnd5e.difficultTerrain`
 * (`system.json`, `dnd5e.mjs` init, `lang/en.json`). The model extends core's
 * `foundry.data.regionBehaviors.RegionBehaviorType` (v13 and v14); it reacts to no region event.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN } from "../rules/places";

import { PLACE_BEHAVIOR_TYPE } from "./measure";

export { PLACE_BEHAVIOR_TYPE } from "./measure";

const placeSchema = () => ({
  /** RULES §7.4 (D-34): 0 (clear) to 5 (cluttered). */
  encumbrance: new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: ENCUMBRANCE_MIN,
    max: ENCUMBRANCE_MAX,
    initial: ENCUMBRANCE_MIN,
  }),
  /** Ids of neighbouring regions of the same scene (stored on both sides by the place form). */
  neighbours: new foundry.data.fields.ArrayField(new foundry.data.fields.StringField({ required: true, blank: false })),
});

/** The data of a place behaviour. */
export class PlaceBehaviorType extends foundry.data.regionBehaviors.RegionBehaviorType<ReturnType<typeof placeSchema>> {
  /** The subtype it is the `system` of (as the other Tactica models say theirs). */
  static readonly metadata = { type: PLACE_BEHAVIOR_TYPE };

  /** Field labels under `TACTICA.Place.Behavior.FIELDS.<field>` (a prefix, not a key of its own). */
  static override LOCALIZATION_PREFIXES = [["TACTICA", "Place", "Behavior"].join(".")];

  static override defineSchema() {
    return placeSchema();
  }
}

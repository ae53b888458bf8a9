/**
 * Force field (RULES §6.2, §6.3): *renfort* current and max; `active` when worn and switched on
 * (one per person), `disabled` from the hit that brought it to 0 until the next threshold.
 */
import { BOUNDS, flag, html, integer, localizationPrefixes } from "../fields";
import { TacticaItemModel } from "./base";
import { pairRefusal, type Refusal } from "../change-checks";

const fields = foundry.data.fields;

const forceFieldSchema = () => ({
  description: html(),
  renfort: new fields.SchemaField({ value: integer(0, 0, BOUNDS.gauge), max: integer(0, 0, BOUNDS.gauge) }),
  active: flag(),
  disabled: flag(),
});
type ForceFieldSchema = ReturnType<typeof forceFieldSchema>;

export class ForceFieldModel extends TacticaItemModel<ForceFieldSchema> {
  static override readonly metadata = { type: "forceField" };
  static override LOCALIZATION_PREFIXES = localizationPrefixes("Item", "base", "forceField");

  static override defineSchema(): ForceFieldSchema {
    return forceFieldSchema();
  }

  /**
   * RULES §6.3, checked by the item document on a change before Foundry cleans it: the current
   * *renfort* never above the total (localised refusal instead of the joint validation error).
   */
  static jointRefusal(current: Record<string, unknown>, change: Record<string, unknown>): Refusal | null {
    return pairRefusal("TACTICA.Errors.Field.RenfortAboveMax", ["renfort"], current, change);
  }

  /**
   * RULES §6.3: the current *renfort* never exceeds the field's full *renfort*. Stored data that
   * breaks it is repaired by migrateData (step 2) before this runs, so it never makes a stored
   * item invalid; a change breaking it is refused by the item document first.
   */
  static override validateJoint(data: Record<string, unknown>): void {
    // fvtt-types types TypeDataModel.validateJoint's parameter as `never` (each model narrows it).
    super.validateJoint(data as never);
    const renfort = data.renfort;
    if (
      typeof renfort === "object" &&
      renfort !== null &&
      "value" in renfort &&
      "max" in renfort &&
      typeof renfort.value === "number" &&
      typeof renfort.max === "number" &&
      renfort.value > renfort.max
    ) {
      throw new Error(`renfort.value: must be at most renfort.max (${renfort.max})`);
    }
  }
}

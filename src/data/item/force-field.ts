/**
 * Force field (RULES §6.2, §6.3): *renfort* current and max; `active` when worn and switched on
 * (one per person), `disabled` from the hit that brought it to 0 until the next threshold.
 */
import { BOUNDS, flag, html, integer, localizationPrefixes } from "../fields";
import { TacticaItemModel } from "./base";

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

  /** RULES §6.3: the current *renfort* never exceeds the field's full *renfort*. */
  static override validateJoint(data: Record<string, unknown>): void {
    const renfort = data.renfort as { value?: unknown; max?: unknown } | undefined;
    if (typeof renfort?.value === "number" && typeof renfort.max === "number" && renfort.value > renfort.max) {
      throw new Error(`renfort.value: must be at most renfort.max (${renfort.max})`);
    }
  }
}

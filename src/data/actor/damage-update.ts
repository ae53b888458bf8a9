/**
 * RULES §6.2: the one actor update that records a hit — PV, gauges, and the worn armour's and
 * force field's changes as embedded item updates in the same write. Pure mapping, no rules math.
 */
import type { DamageResult } from "../../rules/damage";
import type { Protection } from "./derived";

/** An embedded item change inside an actor update. */
export interface ItemChange {
  _id: string;
  system: Record<string, unknown>;
}

/** The update data of an actor after `result` (see {@link Protection} for where it came from). */
export interface DamageUpdate {
  system: { profile: { pv: { value: number } }; gauges: { disruptif: number; incendiaire: number } };
  items: ItemChange[];
}

export function damageUpdate(protection: Protection, result: DamageResult): DamageUpdate {
  const items: ItemChange[] = [];
  const armour = result.target.armour;
  if (protection.armourId && armour && result.adaptive && result.adaptive.gained > 0) {
    items.push({ _id: protection.armourId, system: { adaptiveBonus: armour.adaptiveBonus } });
  }
  const field = result.target.field;
  if (protection.fieldId && field && result.field && result.field.absorbed > 0) {
    // RULES §6.2: at 0 the field is disabled until the next threshold.
    items.push({ _id: protection.fieldId, system: { renfort: { value: field.renfort }, disabled: !field.active } });
  }
  return {
    system: {
      profile: { pv: { value: result.target.pv } },
      gauges: { disruptif: result.target.gauges.disruptif, incendiaire: result.target.gauges.incendiaire },
    },
    items,
  };
}

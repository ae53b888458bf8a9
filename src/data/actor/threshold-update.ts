/**
 * RULES §7.3: the one actor update that records a threshold crossing — PV, gauges and the force
 * field (full *renfort*, enabled again) as an embedded item change in the same write. Pure
 * mapping, no rules math (the rules' `thresholdTick` computed `result`).
 */
import type { ThresholdResult } from "../../rules/threshold";
import type { ItemChange } from "./damage-update";
import type { OwnedItem, Protection } from "./derived";
import { ArmorModel } from "../item/armor";

/** The update data of an actor after a threshold. */
export interface ThresholdUpdate {
  system: { profile: { pv: { value: number } }; gauges: { disruptif: number; incendiaire: number } };
  items: ItemChange[];
}

/** The actor update for `result`, or `null` when the threshold changed nothing (no write). */
export function thresholdUpdate(protection: Protection, result: ThresholdResult): ThresholdUpdate | null {
  if (result.events.length === 0) return null;
  const items: ItemChange[] = [];
  const field = result.state.field;
  if (protection.fieldId && field && result.events.some((event) => event.type === "fieldRestored")) {
    items.push({ _id: protection.fieldId, system: { renfort: { value: field.renfort }, disabled: !field.active } });
  }
  return {
    system: {
      profile: { pv: { value: result.state.pv } },
      gauges: { disruptif: result.state.gauges.disruptif, incendiaire: result.state.gauges.incendiaire },
    },
    items,
  };
}

/** RULES §6.4 *Adaptatif*: every armour's bonus is lost at the end of combat (`null`: none to lose). */
export function adaptiveResetUpdate(items: Iterable<OwnedItem>): { items: ItemChange[] } | null {
  const changes: ItemChange[] = [];
  for (const item of items) {
    if (item.id && item.system instanceof ArmorModel && item.system.adaptiveBonus !== 0) {
      changes.push({ _id: item.id, system: { adaptiveBonus: 0 } });
    }
  }
  return changes.length ? { items: changes } : null;
}

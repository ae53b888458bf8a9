/**
 * Derived values shared by the actor models, each computed by the rules (RULES §2, §5, §6):
 * the pressure bonus in effect, profile totals, the worn armour and force field, the damage
 * target the pipeline reads, and the morale trigger. Plain functions over the model's data.
 */
import { highestPressureBonus } from "../../rules/pressure";
import { moraleTriggered } from "../../rules/morale";
import { PANIC_CONDITIONS, panicActions, type PanicCondition } from "../../rules/panic";
import { PANIC_RESULTS } from "../../config/config";
import { thresholdArmour } from "../../rules/threshold";
import type { DamageTarget } from "../../rules/damage";
import type { Attribute } from "../../rules/attributes";
import { isOneOf, PROFILE_KEYS } from "../../rules/keys";
import { recordOf } from "../../rules/records";
import { pressuredTotal, remainingActions, withinBounds } from "../derived";
import {
  BOUNDS,
  PRESSURE_PROFILE_KEYS,
  type MoraleState,
  type moraleField,
  type PressureProfileKey,
  type profileField,
  type SchemaData,
} from "../fields";
import { ArmorModel } from "../item/armor";
import { changesOf } from "../../compat/effects";
import { ForceFieldModel } from "../item/force-field";

/** The profile as stored (printed values, pressure, PV). */
export type ProfileSource = SchemaData<ReturnType<typeof profileField>>;
/**
 * The profile with, on every characteristic, `modifier` — what conditions add (Active Effects on
 * `system.profile.<key>.modifier`, e.g. *Tenir bon* −1 ATT, D-40; 0 before effects apply) — and
 * `total` (value + pressure bonus in effect + modifier).
 */
export type ProfileDerived = { [K in keyof ProfileSource]: ProfileSource[K] & { modifier: number; total: number } };

/** The morale as stored, with D-41's state read from the conditions. */
export type MoraleDerived = SchemaData<ReturnType<typeof moraleField>> & { state: MoraleState };

/** The pressure bonus in effect on each characteristic (RULES §2, D-6). */
export type PressureBonuses = Record<PressureProfileKey, number>;

/**
 * RULES §2 (D-6): the bonus in effect per characteristic — the highest of the active pressure
 * effects (their changes on `system.profile.<key>.pressure`, read in either generation's shape:
 * src/compat/effects.ts) and the stored value after effects.
 */
export function pressureInEffect(profile: ProfileSource, effects: Iterable<unknown> = []): PressureBonuses {
  const bonuses: Record<string, number[]> = {};
  for (const key of PRESSURE_PROFILE_KEYS) bonuses[key] = [profile[key].pressure];
  for (const effect of effects) {
    for (const change of changesOf(effect)) {
      const match = /^system\.profile\.(\w+)\.pressure$/.exec(change.key);
      const value = Number(change.value);
      if (match && bonuses[match[1]!] && Number.isInteger(value) && value >= 0)
        bonuses[match[1]!]!.push(withinBounds(value, 0, BOUNDS.pressure));
    }
  }
  return recordOf(PRESSURE_PROFILE_KEYS, (key) => highestPressureBonus(bonuses[key]!));
}

const isPressureKey = (key: string): key is PressureProfileKey => isOneOf(PRESSURE_PROFILE_KEYS, key);

/**
 * Before Active Effects apply (`prepareBaseData`): every characteristic's condition `modifier` is
 * 0, the number a condition's change adds to (D-40).
 */
export function resetProfileModifiers(profile: ProfileDerived): void {
  for (const key of PROFILE_KEYS) profile[key].modifier = 0;
}

/**
 * Sets `total` on every characteristic: printed value + pressure bonus in effect + what conditions
 * add (D-40) (PV: current). The printed `value` is never changed, so the pressure cap reads it.
 */
export function prepareProfileTotals(profile: ProfileDerived, pressure: PressureBonuses): void {
  for (const key of PROFILE_KEYS) {
    // An effect on the printed value stays within the field's bounds; a condition's modifier too.
    profile[key].value = withinBounds(profile[key].value, 0, BOUNDS.characteristic);
    const raw = Number.isInteger(profile[key].modifier) ? profile[key].modifier : 0;
    const modifier = withinBounds(raw, -BOUNDS.characteristic, BOUNDS.characteristic);
    profile[key].total = pressuredTotal(profile[key].value, isPressureKey(key) ? pressure[key] : 0) + modifier;
  }
}

/** The panic conditions in order of severity (RULES §5): the worst one present is the state. */
const PANIC_SEVERITY = ["terrified", "retreating", "panicked"] as const;

/** D-41: the morale state of an actor — its (worst) panic condition, or calm without one. */
export function moraleStateOf(statuses: ReadonlySet<string> | undefined): MoraleState {
  return PANIC_SEVERITY.find((status) => statuses?.has(status)) ?? "steady";
}

/** RULES §5 (D-45): the lasting panic conditions among `statuses`, by the status each result sets. */
export function panicConditionsOf(statuses: ReadonlySet<string> | undefined): PanicCondition[] {
  return PANIC_CONDITIONS.filter((condition) => statuses?.has(PANIC_RESULTS[condition].status) ?? false);
}

/**
 * AC left in the activation (D-42), under the panic conditions of `statuses`: a retreating figure
 * has only half its AC, rounded down (D-45, src/rules/panic.ts `panicActions`).
 */
export function actionsLeft(ac: number, spent: number, statuses: ReadonlySet<string> | undefined): number {
  return remainingActions(panicActions(ac, panicConditionsOf(statuses)), spent);
}

/** RULES §5: morale test due (half the start lost); never with nothing to lose. */
export function moraleDue(start: number, current: number): boolean {
  return start > 0 && moraleTriggered({ start, current });
}

/** An item as the actor models read it: its id, name and `system` model. */
export interface OwnedItem {
  id: string | null;
  name: string;
  system: unknown;
}

/** The armour and force field a person wears, with the item ids to write changes back to. */
export interface Protection {
  armourId: string | null;
  fieldId: string | null;
  target: DamageTarget;
}

/**
 * RULES §6.2/§6.3: the damage target of an actor — its PV and gauges, the first equipped armour,
 * and the first active force field (one per person; `disabled` makes it absorb nothing).
 */
export function protectionOf(pv: number, gauges: DamageTarget["gauges"], items: Iterable<OwnedItem>): Protection {
  let armour: { id: string | null; model: ArmorModel } | null = null;
  let field: { id: string | null; model: ForceFieldModel } | null = null;
  for (const item of items) {
    const system = item.system;
    if (!armour && system instanceof ArmorModel && system.equipped) armour = { id: item.id, model: system };
    else if (!field && system instanceof ForceFieldModel && system.active) field = { id: item.id, model: system };
  }
  const attributes: Attribute[] = armour ? armour.model.attributeList : [];
  return {
    armourId: armour?.id ?? null,
    fieldId: field?.id ?? null,
    target: {
      pv,
      gauges: { disruptif: gauges.disruptif, incendiaire: gauges.incendiaire },
      armour: armour && { renfort: armour.model.renfort, adaptiveBonus: armour.model.adaptiveBonus, attributes },
      field: field && {
        renfort: field.model.renfort.value,
        max: field.model.renfort.max,
        active: !field.model.disabled,
      },
    },
  };
}

/** What the sheet shows of the protection: armour as it stands outside any attack, and the field. */
export interface ArmourSummary {
  armourId: string | null;
  /** RULES §6.2: renfort − *Disruptif* gauge + *Adaptatif* bonus, min 0 (no *Pénétrant* yet). */
  effective: number;
  field: { id: string; value: number; max: number; active: boolean } | null;
}

export function armourSummary(protection: Protection): ArmourSummary {
  const { target, fieldId, armourId } = protection;
  return {
    armourId,
    effective: thresholdArmour(target),
    field:
      target.field && fieldId
        ? { id: fieldId, value: target.field.renfort, max: target.field.max, active: target.field.active }
        : null,
  };
}

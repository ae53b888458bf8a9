/**
 * What a threshold crossing (*passage de seuil*) does to one combatant (RULES §7.3, D-33): in this
 * order, the force field regains its full *renfort* and re-enables; *Incendiaire* burns (less the
 * armour's *Résistant Incendiaire*, D-36), then decays; *Disruptif* decays. When a threshold is
 * crossed is the timeline's business (§7.2).
 */
import { attributesOf } from "./attribute-model";
import { assertDamageTarget, type DamageTarget, type ForceFieldState, type GaugeStep } from "./damage";

/** RULES §7.3: the combatant state a threshold reads and changes (the same as a damage target). */
export type ThresholdState = DamageTarget;

/** RULES §7.3: the force field regained its *renfort* and/or was re-enabled. */
export interface FieldRestoredEvent {
  type: "fieldRestored";
  /** Field *renfort* before the threshold. */
  renfortBefore: number;
  /** Its full *renfort*. */
  renfortAfter: number;
  /** It had been disabled (fell to 0) and works again. */
  reEnabled: boolean;
}

/** RULES §6.4 *Incendiaire*: the gauge was above the armour's *renfort*; PV burn. */
export interface BurnEvent {
  type: "burn";
  /** The *Incendiaire* gauge before it decays. */
  gauge: number;
  /** The armour's *renfort* it is compared with (see {@link thresholdArmour}). */
  armour: number;
  /** gauge − armour, before *Résistant Incendiaire* (D-36). */
  burn: number;
  /** What the armour's *Résistant Incendiaire* took off the burn (D-36), at most the burn. */
  resisted: number;
  /** PV before the burn. */
  pvBefore: number;
  /** PV actually lost, min(burn − resisted, pvBefore). */
  pvLost: number;
  /** PV after the burn, ≥ 0. */
  pvAfter: number;
}

/** RULES §6.4 (D-30): a gauge went down by 1. */
export interface GaugeDecayEvent extends Omit<GaugeStep, "added"> {
  /** Which gauge decayed. */
  type: "incendiaryDecay" | "disruptiveDecay";
}

/** RULES §7.3: one line of the threshold card. */
export type ThresholdEvent = FieldRestoredEvent | BurnEvent | GaugeDecayEvent;

/** RULES §7.3: a threshold's effects on one combatant. */
export interface ThresholdResult {
  /** The combatant after the threshold (new objects). */
  state: ThresholdState;
  /** What happened, in the order it happened; empty when nothing changed. */
  events: ThresholdEvent[];
}

/**
 * RULES §6.4 *Incendiaire*: the armour's *renfort* a burning gauge is compared with — the renfort
 * as the lexicon leaves it outside any attack: printed *renfort* − *Disruptif* gauge + *Adaptatif*
 * bonus, min 0 (*Pénétrant* belongs to one attack and does not count); 0 without armour.
 */
export function thresholdArmour(state: ThresholdState): number {
  const { armour, gauges } = assertDamageTarget(state);
  return armour ? Math.max(0, armour.renfort - gauges.disruptif + armour.adaptiveBonus) : 0;
}

/**
 * D-36: the armour's *Résistant Incendiaire* Y, summed over its entries as every matching
 * *Résistant* is at a hit (RULES §6.2 step 3); 0 without armour. Seed 004: *Résistant* reduces
 * « tous les dégâts provenant de X », and *Incendiaire* is the source of the burn.
 */
export function burnResistance(state: ThresholdState): number {
  const { armour } = assertDamageTarget(state);
  if (!armour) return 0;
  return attributesOf(armour.attributes, "resistant")
    .filter((r) => r.kind === "incendiary")
    .reduce((sum, r) => sum + r.y, 0);
}

/** RULES §6.3: the field regains its full *renfort* and works again (a field of max 0 stays off). */
function restoreField(field: ForceFieldState, events: ThresholdEvent[]): ForceFieldState {
  const restored = { ...field, renfort: field.max, active: field.max > 0 };
  if (restored.renfort !== field.renfort || restored.active !== field.active) {
    events.push({
      type: "fieldRestored",
      renfortBefore: field.renfort,
      renfortAfter: field.max,
      reEnabled: restored.active && !field.active,
    });
  }
  return restored;
}

/**
 * RULES §7.3 (D-33, D-30, D-36): applies one threshold to a combatant — the force field regains
 * its full *renfort* and re-enables; if the *Incendiaire* gauge is above the armour's *renfort*
 * ({@link thresholdArmour}) PV drop by the difference less the armour's *Résistant Incendiaire*
 * ({@link burnResistance}; never below 0, PV never below 0), then that gauge −1; then the
 * *Disruptif* gauge −1 (gauges never below 0). Nothing ever rises except the field.
 * @throws RangeError naming a bad state value.
 */
export function thresholdTick(state: ThresholdState): ThresholdResult {
  const { pv, field, armour, gauges } = assertDamageTarget(state);
  const events: ThresholdEvent[] = [];

  const newField = field && restoreField(field, events);

  let newPv = pv;
  const armourValue = thresholdArmour(state);
  if (gauges.incendiaire > armourValue) {
    const burn = gauges.incendiaire - armourValue;
    const resisted = Math.min(burn, burnResistance(state));
    newPv = Math.max(0, pv - (burn - resisted));
    events.push({
      type: "burn",
      gauge: gauges.incendiaire,
      armour: armourValue,
      burn,
      resisted,
      pvBefore: pv,
      pvLost: pv - newPv,
      pvAfter: newPv,
    });
  }

  // D-30: both gauges decay every threshold, burning or not, and stop at 0.
  const incendiaire = Math.max(0, gauges.incendiaire - 1);
  if (incendiaire !== gauges.incendiaire) {
    events.push({ type: "incendiaryDecay", before: gauges.incendiaire, after: incendiaire });
  }
  const disruptif = Math.max(0, gauges.disruptif - 1);
  if (disruptif !== gauges.disruptif) {
    events.push({ type: "disruptiveDecay", before: gauges.disruptif, after: disruptif });
  }

  return {
    state: {
      pv: newPv,
      field: newField,
      armour: armour && { ...armour, attributes: [...armour.attributes] },
      gauges: { disruptif, incendiaire },
    },
    events,
  };
}

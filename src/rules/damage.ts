/**
 * The damage pipeline of the tactical module (RULES §6.2, D-26): force field → armour → *Résistant*
 * → PV, then the gauges when the hit got past the field. Every step reports what came in, what it
 * stopped and what went on, so the chat card can show the whole breakdown; the new state of the
 * target is returned as fresh objects and the input is never changed.
 */
import {
  attackSourceKinds,
  attributeTotal,
  attributesOf,
  validateAttribute,
  type Attribute,
  type ResistantKind,
} from "./attributes";
import { assertInteger, invalid } from "./errors";

/**
 * D-35: the damage D a hit brings into the pipeline — the weapon's (or grenade's) CURRENT FOR: its
 * printed FOR plus the pressure bonus in force on it (RULES §2, the window "the wound roll that
 * attack causes", spent by this damage). Seed 000: « Le bonus de FOR s'applique au jet de
 * Blessures éventuellement causé par l'attaque. »
 * @throws RangeError naming a negative or non-integer FOR or bonus.
 */
export function hitDamage(printedStrength: number, pressureBonus = 0): number {
  return assertInteger("FOR", printedStrength, 0) + assertInteger("pressure bonus", pressureBonus, 0);
}

/** RULES §6.3: the force field a person wears (only one at a time). */
export interface ForceFieldState {
  /** Current *renfort*, integer 0…`max`. */
  renfort: number;
  /** Full *renfort*, regained at every threshold; integer ≥ 0. */
  max: number;
  /** `false` while disabled (it fell to 0) until the next threshold (§7.3). */
  active: boolean;
}

/** RULES §6.3: the armour a person wears. */
export interface ArmourState {
  /** The armour's printed *renfort*; integer ≥ 0. */
  renfort: number;
  /** Its attributes (*Adaptatif*, *Résistant*, *Requis*…). */
  attributes: readonly Attribute[];
  /** *Adaptatif* bonus gained so far this combat; integer ≥ 0. */
  adaptiveBonus: number;
}

/** RULES §1/§6.4: the *Disruptif* and *Incendiaire* gauges; integers ≥ 0. */
export interface GaugeState {
  /** *Disruptif* gauge: lowers the armour's *renfort*; −1 at each threshold. */
  disruptif: number;
  /** *Incendiaire* gauge: burns at each threshold when above the armour; then −1. */
  incendiaire: number;
}

/** RULES §6.2: what the damage pipeline (and the threshold, §7.3) reads and changes on a target. */
export interface DamageTarget {
  /** Current PV; integer ≥ 0. */
  pv: number;
  /** The worn force field, or `null` without one. */
  field: ForceFieldState | null;
  /** The worn armour, or `null` without one. */
  armour: ArmourState | null;
  /** The target's gauges. */
  gauges: GaugeState;
}

/** RULES §6.2: one hit to apply. */
export interface DamageInput {
  /** D, the damage of the hit; integer ≥ 0. */
  damage: number;
  /** The attack's attributes (*Pénétrant*, *Disruptif*, *Incendiaire*, *Portée*, *De zone*…). */
  attack: readonly Attribute[];
  /** The target before the hit. */
  target: DamageTarget;
}

/** RULES §6.2 step 1: the force field. */
export interface FieldStep {
  /** The field could absorb (active with *renfort* > 0). */
  active: boolean;
  /** Damage reaching the field. */
  before: number;
  /** Damage the field absorbed = *renfort* it lost. */
  absorbed: number;
  /** Damage going on to the armour. */
  after: number;
  /** Field *renfort* before the hit. */
  renfortBefore: number;
  /** Field *renfort* after the hit (`renfortBefore − absorbed`). */
  renfortAfter: number;
  /** This hit brought the field to 0: disabled until the next threshold. */
  disabled: boolean;
}

/** RULES §6.2 step 2: the armour's effective *renfort*. */
export interface ArmourStep {
  /** Printed *renfort*. */
  renfort: number;
  /** *Pénétrant* X of the attack (summed). */
  penetrating: number;
  /** *Disruptif* gauge before this hit. */
  disruptif: number;
  /** *Adaptatif* bonus before this hit. */
  adaptiveBonus: number;
  /** max(0, renfort − penetrating − disruptif + adaptiveBonus). */
  effective: number;
  /** Damage reaching the armour. */
  before: number;
  /** Damage the armour stopped, min(before, effective). */
  reduced: number;
  /** Damage going on. */
  after: number;
}

/** RULES §6.2 step 3: *Résistant X Y* of the armour. */
export interface ResistantStep {
  /** The kinds of source the attack belongs to (§6.4 table). */
  kinds: ResistantKind[];
  /** Sum of Y over the armour's *Résistant* entries whose kind matches. */
  value: number;
  /** Damage reaching this step. */
  before: number;
  /** min(before, value). */
  reduced: number;
  /** Damage going on to PV. */
  after: number;
}

/** RULES §6.2 step 4: PV. */
export interface PvStep {
  /** PV before the hit. */
  before: number;
  /** Damage reaching PV (the rest of D). */
  damage: number;
  /** PV actually lost, min(damage, before): PV never go below 0. */
  lost: number;
  /** PV after the hit, ≥ 0. */
  after: number;
}

/** RULES §6.2/§6.4: a gauge (or the *Adaptatif* bonus) before and after a hit. */
export interface GaugeStep {
  /** Value before the hit. */
  before: number;
  /** What the hit added (0 when it did not penetrate the field). */
  added: number;
  /** `before + added`. */
  after: number;
}

/** RULES §6.4 *Adaptatif*: the armour's bonus before and after the hit. */
export interface AdaptiveStep {
  /** Bonus before the hit. */
  before: number;
  /** X gained because the armour reduced the PV loss this hit (0 otherwise). */
  gained: number;
  /** Bonus after the hit. */
  after: number;
}

/**
 * RULES §6.2: the breakdown of one hit. D = field.absorbed + armour.reduced + resistant.reduced +
 * pv.damage, and pv.lost ≤ pv.damage.
 */
export interface DamageResult {
  /** D. */
  damage: number;
  /** Step 1; `null` when the target wears no field. */
  field: FieldStep | null;
  /** Step 2; `null` when the target wears no armour. */
  armour: ArmourStep | null;
  /** Step 3; `null` when the target wears no armour (*Résistant* is an armour attribute). */
  resistant: ResistantStep | null;
  /** Step 4: PV. */
  pv: PvStep;
  /** "Hits and penetrates the force field": ≥ 1 point got past it, or no active field. */
  penetrated: boolean;
  /** Gauges; they rise only when `penetrated`. */
  gauges: { disruptif: GaugeStep; incendiaire: GaugeStep };
  /** *Adaptatif* bonus; `null` when the target wears no armour. */
  adaptive: AdaptiveStep | null;
  /** The target after the hit (new objects). */
  target: DamageTarget;
}

/**
 * RULES §6.2: asserts a target state (integers ≥ 0, field *renfort* within 0…max, valid armour
 * attributes) and returns it.
 * @throws RangeError naming the value at fault.
 */
export function assertDamageTarget(target: DamageTarget): DamageTarget {
  if (typeof target !== "object" || target === null) return invalid("target must be an object", target);
  assertInteger("PV", target.pv, 0);
  if (target.field !== null) {
    const max = assertInteger("force field max renfort", target.field.max, 0);
    assertInteger("force field renfort", target.field.renfort, 0, max);
    if (typeof target.field.active !== "boolean") {
      invalid("force field active must be true or false", target.field.active);
    }
  }
  if (target.armour !== null) {
    assertInteger("armour renfort", target.armour.renfort, 0);
    assertInteger("Adaptatif bonus", target.armour.adaptiveBonus, 0);
    target.armour.attributes.forEach(validateAttribute);
  }
  assertInteger("Disruptif gauge", target.gauges.disruptif, 0);
  assertInteger("Incendiaire gauge", target.gauges.incendiaire, 0);
  return target;
}

/** Step 1; a field that is off or already at 0 absorbs nothing. */
function fieldStep(field: ForceFieldState | null, damage: number): FieldStep | null {
  if (field === null) return null;
  const active = field.active && field.renfort > 0;
  const absorbed = active ? Math.min(damage, field.renfort) : 0;
  const renfortAfter = field.renfort - absorbed;
  return {
    active,
    before: damage,
    absorbed,
    after: damage - absorbed,
    renfortBefore: field.renfort,
    renfortAfter,
    disabled: active && renfortAfter === 0,
  };
}

function armourStep(armour: ArmourState, attack: readonly Attribute[], disruptif: number, damage: number): ArmourStep {
  const penetrating = attributeTotal(attack, "penetrating");
  const effective = Math.max(0, armour.renfort - penetrating - disruptif + armour.adaptiveBonus);
  const reduced = Math.min(damage, effective);
  return {
    renfort: armour.renfort,
    penetrating,
    disruptif,
    adaptiveBonus: armour.adaptiveBonus,
    effective,
    before: damage,
    reduced,
    after: damage - reduced,
  };
}

function resistantStep(armour: ArmourState, attack: readonly Attribute[], damage: number): ResistantStep {
  const kinds = attackSourceKinds(attack);
  const value = attributesOf(armour.attributes, "resistant")
    .filter((r) => kinds.includes(r.kind))
    .reduce((sum, r) => sum + r.y, 0);
  const reduced = Math.min(damage, value);
  return { kinds, value, before: damage, reduced, after: damage - reduced };
}

/** The field after step 1: at 0 it is disabled until the next threshold, whoever emptied it. */
function fieldAfter(field: ForceFieldState, step: FieldStep): ForceFieldState {
  return { ...field, renfort: step.renfortAfter, active: field.active && step.renfortAfter > 0 };
}

function gaugeStep(before: number, added: number): GaugeStep {
  return { before, added, after: before + added };
}

/**
 * RULES §6.2 (D-26): applies one hit of D damage — the force field absorbs min(D, *renfort*) and
 * is disabled at 0; the armour stops up to max(0, *renfort* − *Pénétrant* − *Disruptif* gauge +
 * *Adaptatif* bonus); each matching *Résistant* stops its Y; the rest is lost from PV (not below
 * 0). Only a hit that penetrates the field (≥ 1 point past it, or no active field) raises the
 * *Disruptif* and *Incendiaire* gauges. When the armour (its *renfort* or its *Résistant*) stopped
 * at least 1 point, it gains its *Adaptatif* X.
 * @throws RangeError naming a bad damage, target value or attribute.
 */
export function applyDamage(input: DamageInput): DamageResult {
  const damage = assertInteger("damage", input.damage, 0);
  input.attack.forEach(validateAttribute);
  const { pv, field, armour, gauges } = assertDamageTarget(input.target);

  const fieldResult = fieldStep(field, damage);
  const afterField = fieldResult?.after ?? damage;
  const penetrated = !fieldResult?.active || afterField >= 1;
  const armourResult = armour && armourStep(armour, input.attack, gauges.disruptif, afterField);
  const resistant = armour && resistantStep(armour, input.attack, armourResult?.after ?? afterField);
  const toPv = resistant?.after ?? afterField;
  const pvLost = Math.min(toPv, pv);

  // Adaptatif: "each time the armour reduces a PV loss" — its Résistant is the armour too.
  const stopped = (armourResult?.reduced ?? 0) + (resistant?.reduced ?? 0);
  const gained = armour && stopped > 0 ? attributeTotal(armour.attributes, "adaptive") : 0;
  const adaptive = armour && gaugeStep(armour.adaptiveBonus, gained);
  const disruptif = gaugeStep(gauges.disruptif, penetrated ? attributeTotal(input.attack, "disruptive") : 0);
  const incendiaire = gaugeStep(gauges.incendiaire, penetrated ? attributeTotal(input.attack, "incendiary") : 0);

  return {
    damage,
    field: fieldResult,
    armour: armourResult,
    resistant,
    pv: { before: pv, damage: toPv, lost: pvLost, after: pv - pvLost },
    penetrated,
    gauges: { disruptif, incendiaire },
    adaptive: adaptive && { before: adaptive.before, gained: adaptive.added, after: adaptive.after },
    target: {
      pv: pv - pvLost,
      field: field && fieldResult && fieldAfter(field, fieldResult),
      armour: armour && adaptive && { ...armour, attributes: [...armour.attributes], adaptiveBonus: adaptive.after },
      gauges: { disruptif: disruptif.after, incendiaire: incendiaire.after },
    },
  };
}

/**
 * Psychic powers (*pouvoirs psy*) — RULES.md §4, seed 003. D10 roll-under.
 */
import { assertFace, assertInteger, invalid } from "./errors";

/** RULES §4: cancelling an effect in play costs 3 AC whatever the power's own cost. */
export const CANCEL_COST_AC = 3;

/** RULES §4: the cancel bonus added to the effect's level (mastery never counts). */
export const CANCEL_BONUS = 1;

/** RULES §4: chanting neophytes give +1 each, never more than +3 in total. */
export const MAX_CHANT_BONUS = 3;

/** RULES §4: concentration is one extra AC for +1, never more (not cumulative). */
export const CONCENTRATION_COST_AC = 1;

/** RULES §4: the bonus concentration gives. */
export const CONCENTRATION_BONUS = 1;

/** RULES §4: power levels run from 1 (most powerful, hardest) to 8. */
export const PSY_LEVEL_MIN = 1;
/** RULES §4: see {@link PSY_LEVEL_MIN}. */
export const PSY_LEVEL_MAX = 8;

/** RULES §4: mastery levels run from 0 (neophyte) to 4. */
export const MASTERY_MAX = 4;

/** RULES §4: inputs of a cast (see {@link castTarget}). */
export interface CastOptions {
  /** the power's *niveau psy*, 1–8 */
  level: number;
  /** the caster's *niveau de maîtrise*, 0–4 */
  mastery: number;
  /** one extra AC spent for +1 */
  concentration?: boolean;
  /** chanting neophytes, the roller included (D-12); only for mastery 0 */
  chanters?: number;
  /** other modifiers, GM-granted */
  modifier?: number;
}

/** RULES §4: inputs of a cancel attempt (see {@link cancelTarget}). */
export interface CancelOptions {
  /** level of the power whose effect is being cancelled, 1–8 */
  level: number;
  /** one extra AC spent for +1, when the psyker's AC allow */
  concentration?: boolean;
  /** other modifiers, GM-granted */
  modifier?: number;
}

function optionalFlag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") invalid(`${name} must be true or false`, value);
  return value;
}

/** RULES §4 (D-12): chant bonus — one per chanting neophyte, at most {@link MAX_CHANT_BONUS}. */
export function chantBonus(chanters: number): number {
  assertInteger("chanters", chanters, 0);
  return Math.min(chanters, MAX_CHANT_BONUS);
}

/**
 * RULES §4 (D-11, D-12): the number to roll under on a d10 to cast —
 * level + mastery + concentration + chant + modifier. Chant is the neophytes' only way to cast,
 * and chanting neophytes cannot concentrate, so the impossible combinations throw rather than
 * silently give a number the table would never use.
 */
export function castTarget(o: CastOptions): number {
  if (typeof o !== "object" || o === null) invalid("cast options must be { level, mastery, … }", o);
  const level = assertInteger("psy level", o.level, PSY_LEVEL_MIN, PSY_LEVEL_MAX);
  const mastery = assertInteger("mastery", o.mastery, 0, MASTERY_MAX);
  const concentration = optionalFlag("concentration", o.concentration);
  const chanters = assertInteger("chanters", o.chanters ?? 0, 0);
  const modifier = assertInteger("modifier", o.modifier ?? 0);
  if (chanters > 0 && concentration) invalid("chanting neophytes cannot concentrate", o);
  if (chanters > 0 && mastery > 0) invalid("only mastery-0 neophytes chant", o);
  if (chanters === 0 && mastery === 0) invalid("a mastery-0 neophyte can only cast by chanting", o);
  return level + mastery + (concentration ? CONCENTRATION_BONUS : 0) + chantBonus(chanters) + modifier;
}

/**
 * RULES §4 (D-14): the number to roll under on a d10 to cancel an effect in play —
 * level + cancel bonus + concentration + modifier. Mastery does not count.
 */
export function cancelTarget(o: CancelOptions): number {
  if (typeof o !== "object" || o === null) invalid("cancel options must be { level, … }", o);
  const level = assertInteger("psy level", o.level, PSY_LEVEL_MIN, PSY_LEVEL_MAX);
  const concentration = optionalFlag("concentration", o.concentration);
  const modifier = assertInteger("modifier", o.modifier ?? 0);
  return level + CANCEL_BONUS + (concentration ? CONCENTRATION_BONUS : 0) + modifier;
}

/** RULES §4: AC a cast costs — the power's use cost, plus one for concentration. */
export function castCostAc(useCost: number, concentration = false): number {
  assertInteger("use cost", useCost, 0);
  return useCost + (optionalFlag("concentration", concentration) ? CONCENTRATION_COST_AC : 0);
}

/** RULES §4: AC a cancel attempt costs — always 3, plus one for concentration. */
export function cancelCostAc(concentration = false): number {
  return CANCEL_COST_AC + (optionalFlag("concentration", concentration) ? CONCENTRATION_COST_AC : 0);
}

/**
 * RULES §4: a cast or cancel succeeds when the natural d10 ≤ target; a natural 10 always fails,
 * so no bonus makes a power certain.
 */
export function isPsySuccess(face: number, target: number): boolean {
  assertFace(face, 10);
  assertInteger("target", target);
  return face !== 10 && face <= target;
}

/**
 * RULES §1 (D-1), §4: exact chance that a d10 roll-under against `target` succeeds, for the
 * dialogs' live odds. `natural10Fails` is always true for psy and follows S-nat10 otherwise.
 */
export function d10SuccessChance(target: number, natural10Fails: boolean): number {
  assertInteger("target", target);
  if (typeof natural10Fails !== "boolean") invalid("natural10Fails must be true or false", natural10Fails);
  const best = natural10Fails ? 9 : 10;
  return Math.min(Math.max(target, 0), best) / 10;
}

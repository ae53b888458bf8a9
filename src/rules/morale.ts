/**
 * Morale, panic, rally and fear — RULES.md §5, seed 003; profile tests — RULES.md §1 (D-1).
 */
import { assertFace, assertInteger, invalid } from "./errors";

/** RULES §5: the four panic-table results, in table order. */
export const PANIC_OUTCOMES = ["hold", "retreat", "terror", "destroyed"] as const;

/** RULES §5: a panic-table result (*tenir bon*, *retraite*, *terreur*, *détruite*). */
export type PanicOutcome = (typeof PANIC_OUTCOMES)[number];

/** RULES §5: the ATT penalty of a unit that holds (*tenir bon*) and fights in melee. */
export const HOLD_ATT_PENALTY = 1;

/** RULES §5: toggles of a CO test (see {@link coTarget}). */
export interface CoModifiers {
  /** a unit or army banner is present: +1 (at most one) */
  banner?: boolean;
  /** the general is not panicked, within 10" and in line of sight: +1 */
  general?: boolean;
  /** the unit is outnumbered in melee: −1 */
  outnumbered?: boolean;
  /** PEUR of the feared enemy, taken off CO for a fear test */
  fear?: number;
  /** other modifiers, GM-granted */
  modifier?: number;
}

function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") invalid(`${name} must be true or false`, value);
  return value;
}

/**
 * RULES §1 (D-1): a profile test is a D10 roll-under — success when the natural d10 ≤ target.
 * A natural 10 fails only when `natural10Fails` (world setting S-nat10, default off).
 */
export function profileTestSuccess(face: number, target: number, natural10Fails = false): boolean {
  assertFace(face, 10);
  assertInteger("target", target);
  if (!flag("natural10Fails", natural10Fails)) return face <= target;
  return face !== 10 && face <= target;
}

/**
 * RULES §5: a morale test is due once half the starting strength (figures of a unit, or PV of a
 * character) is lost: current ≤ start / 2. Compared as 2·current ≤ start to avoid rounding an
 * odd start either way. D-16: the caller prompts it only when the threshold is first crossed.
 */
export function moraleTriggered(o: { start: number; current: number }): boolean {
  if (typeof o !== "object" || o === null) invalid("morale input must be { start, current }", o);
  const start = assertInteger("start", o.start, 1);
  const current = assertInteger("current", o.current, 0);
  return 2 * current <= start;
}

/**
 * RULES §5: the number to roll under for any CO test (morale, rally, fear, resist) —
 * co + banner (+1) + general (+1) − outnumbered (1) − fear + modifier.
 * @param co the tester's CO; for a unit the highest CO in it (D-17, see {@link unitCommand})
 */
export function coTarget(co: number, m: CoModifiers = {}): number {
  assertInteger("CO", co, 0);
  if (typeof m !== "object" || m === null) invalid("CO modifiers must be an object", m);
  const fear = assertInteger("fear", m.fear ?? 0, 0);
  const modifier = assertInteger("modifier", m.modifier ?? 0);
  return (
    co +
    (flag("banner", m.banner) ? 1 : 0) +
    (flag("general", m.general) ? 1 : 0) -
    (flag("outnumbered", m.outnumbered) ? 1 : 0) -
    fear +
    modifier
  );
}

/** RULES §5 (D-17): a unit tests CO with the highest CO among its figures. */
export function unitCommand(values: readonly number[]): number {
  if (!Array.isArray(values) || values.length === 0) invalid("a unit needs at least one CO value", values);
  return values.reduce((best: number, co, i) => Math.max(best, assertInteger(`co[${i}]`, co, 0)), 0);
}

/**
 * RULES §5: the panic table's total for a natural d10. After a failed rally the die gets +1 — a
 * single +1, never stacked — and a total above 10 counts as 10.
 */
export function panicTotal(face: number, afterFailedRally = false): number {
  assertFace(face, 10);
  return Math.min(10, face + (flag("afterFailedRally", afterFailedRally) ? 1 : 0));
}

/** RULES §5: reads the panic table (d10), with the +1 after a failed rally ({@link panicTotal}). */
export function panicResult(face: number, afterFailedRally = false): PanicOutcome {
  const total = panicTotal(face, afterFailedRally);
  if (total === 1) return "hold";
  if (total <= 7) return "retreat";
  if (total <= 9) return "terror";
  return "destroyed";
}

/** RULES §5: a rally attempt costs half the unit's AC, rounded down. */
export function rallyCost(ac: number): number {
  return Math.floor(assertInteger("AC", ac, 0) / 2);
}

/**
 * RULES §5 (D-19): after a successful rally the unit has half its normal AC, rounded down, to use
 * at once — never more, whatever it had left.
 */
export function rallyActions(ac: number): number {
  return Math.floor(assertInteger("AC", ac, 0) / 2);
}

/**
 * RULES §5 (D-20): a fear test is due when charging or charged by an enemy with PEUR > 0, unless
 * the tester itself causes fear, is *inébranlable* (passes automatically), or has already passed
 * a fear test at that level or higher this scene.
 */
export function needsFearTest(o: {
  fear: number;
  highestPassed: number;
  causesFear: boolean;
  unshakeable: boolean;
}): boolean {
  if (typeof o !== "object" || o === null) invalid("fear input must be { fear, highestPassed, … }", o);
  const fear = assertInteger("fear", o.fear, 0);
  const highestPassed = assertInteger("highest fear passed", o.highestPassed, 0);
  if (typeof o.causesFear !== "boolean") invalid("causesFear must be true or false", o.causesFear);
  if (typeof o.unshakeable !== "boolean") invalid("unshakeable must be true or false", o.unshakeable);
  const immune = o.causesFear || o.unshakeable;
  return fear > 0 && !immune && fear > highestPassed;
}

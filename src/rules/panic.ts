/**
 * What a panic condition forbids the figure that bears it — RULES.md §5, D-45; seed 003, Panic
 * Table: *Tenir bon* « ne peut pas faire feu … ou utiliser toute autre attaque à distance » and
 * fights in melee at −1 CC (D-40, carried by the condition itself); *Retraite* retreats « en
 * utilisant la moitié de leur action (AC) » and « ne peut pas tirer … ni utiliser tout autre
 * attaque à distance »; *Terreur* « est incapable de bouger, utiliser des attaques à distance ou
 * se battre au corps à corps ». *Détruite* is no lasting condition: it removes the unit.
 */
import { assertInteger, invalid } from "./errors";
import { isOneOf } from "./keys";

/** RULES §5 (D-18): the panic results that last as a condition until a rally, worst first. */
export const PANIC_CONDITIONS = ["terror", "retreat", "hold"] as const;

/** RULES §5: a lasting panic result (*terreur*, *retraite*, *tenir bon*). */
export type PanicCondition = (typeof PANIC_CONDITIONS)[number];

/** D-45: what a panic condition can forbid — an attack at range (a shot, a thrown grenade), a melee attack, a move. */
export const PANIC_ACTS = ["rangedAttack", "meleeAttack", "move"] as const;

/** D-45: an act a panic condition can forbid. */
export type PanicAct = (typeof PANIC_ACTS)[number];

/** RULES §5 (D-45): the acts each lasting condition forbids. */
const FORBIDDEN: Readonly<Record<PanicCondition, readonly PanicAct[]>> = {
  terror: ["rangedAttack", "meleeAttack", "move"],
  retreat: ["rangedAttack"],
  hold: ["rangedAttack"],
};

function condition(value: unknown): PanicCondition {
  if (!isOneOf(PANIC_CONDITIONS, value)) invalid("unknown panic condition", value);
  return value;
}

function act(value: unknown): PanicAct {
  if (!isOneOf(PANIC_ACTS, value)) invalid("unknown act", value);
  return value;
}

/** RULES §5 (D-45): does the condition `held` forbid `what`? */
export function panicForbids(held: PanicCondition, what: PanicAct): boolean {
  return FORBIDDEN[condition(held)].includes(act(what));
}

/**
 * RULES §5 (D-45): the condition among `held` that forbids `what` — the worst of them when
 * several do (*terreur*, then *retraite*, then *tenir bon*) — or null when none does.
 */
export function forbiddingCondition(held: readonly PanicCondition[], what: PanicAct): PanicCondition | null {
  if (!Array.isArray(held)) invalid("panic conditions must be a list", held);
  const conditions = held.map(condition);
  act(what);
  return PANIC_CONDITIONS.find((c) => conditions.includes(c) && panicForbids(c, what)) ?? null;
}

/** D-45: the act of an attack — at range (a ranged weapon, any grenade) or in melee. */
export function attackAct(ranged: boolean): PanicAct {
  if (typeof ranged !== "boolean") invalid("ranged must be true or false", ranged);
  return ranged ? "rangedAttack" : "meleeAttack";
}

/**
 * RULES §5 (D-45): the AC a figure has for its activation — under *Retraite* half its AC,
 * rounded down (« la moitié de leur action (AC) arrondi vers le bas »), otherwise all of them.
 */
export function panicActions(ac: number, held: readonly PanicCondition[]): number {
  const total = assertInteger("AC", ac, 0);
  if (!Array.isArray(held)) invalid("panic conditions must be a list", held);
  return held.map(condition).includes("retreat") ? Math.floor(total / 2) : total;
}

/**
 * Small pure helpers for derived values that the rules API does not name; no Foundry
 * here.
 */

/** RULES §2: a characteristic with the pressure bonus in effect on it (printed value + bonus). */
export function pressuredTotal(printed: number, bonus: number): number {
  return printed + bonus;
}

/** AC left in the activation: the actor's AC minus what it spent, never below 0. */
export function remainingActions(ac: number, spent: number): number {
  return Math.max(0, ac - spent);
}

/**
 * A value after Active Effects, within its field's bounds (security round 3, B2): core applies an
 * effect's change to the prepared data without the schema's bounds, so an effect a player puts on
 * their own actor or item could raise a score or a bonus past what the sheet allows (+500);
 * a value that is no finite number reads as `min`.
 */
export function withinBounds(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}

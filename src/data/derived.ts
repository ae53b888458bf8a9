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

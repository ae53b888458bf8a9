/**
 * A roll's free modifier (the dialogs' « Modificateur » field: cover, help, a GM's ruling). The
 * seeds give none and set no limit; a table's modifiers are a few points, so a modifier is a
 * whole number within ±{@link MODIFIER_BOUND} — what the dialogs accept and what the active GM
 * accepts from a card another player rolled (docs/rules-decisions.md "Bounds at the GM").
 */
import { assertInteger, invalid } from "./errors";

/** The largest free modifier a roll may carry, either way. */
export const MODIFIER_BOUND = 10;

/**
 * The sum of a roll's free modifiers, each a whole number and the sum within ±MODIFIER_BOUND.
 * @throws RulesRangeError naming the modifier, or the sum, that breaks the bound.
 */
export function boundedModifier(modifiers: readonly number[]): number {
  if (!Array.isArray(modifiers)) invalid("modifiers must be a list", modifiers);
  const sum = modifiers.reduce((total, value, i) => total + assertInteger(`modifiers[${i}]`, value), 0);
  return assertInteger("modifier", sum, -MODIFIER_BOUND, MODIFIER_BOUND);
}

/**
 * RULES §6.1: the exact chance of a score test, for the roll dialogs' live odds line. Two d6 give
 * only 36 equally likely outcomes, so they are counted one by one rather than approximated.
 */
import { assertInteger } from "./errors";

/**
 * RULES §6.1 (D-22): chance that `2d6 + score ≥ difficulty`, counted over the 36 outcomes of 2d6.
 * Example: score 6 against 18 needs a double 6 → 1/36.
 * @throws RangeError when `score` or `difficulty` is not an integer.
 */
export function scoreSuccessChance(score: number, difficulty: number): number {
  assertInteger("score", score);
  assertInteger("difficulty", difficulty);
  let successes = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + score >= difficulty) successes++;
  return successes / 36;
}

/**
 * RULES §6.1: what the two d6 of a score test must show at least to reach `difficulty` (score 6
 * against 18 → 12). Below 2 any roll succeeds; above 12 none does.
 * @throws RangeError when `score` or `difficulty` is not an integer.
 */
export function scoreNeeded(score: number, difficulty: number): number {
  assertInteger("score", score);
  assertInteger("difficulty", difficulty);
  return difficulty - score;
}

/**
 * Pushing a score test (RULES §6.1 with setting S-push-scores, D-43): the two d6 of the test count
 * as base dice of a pool (RULES §3) — 6s and 1s are kept, every other die is rerolled once, and
 * after the push each 1 showing is one point of damage to the aptitude of the score, with WP as a
 * pool's base 1s give it. The new total is tested against the difficulty again.
 *
 * Built on the pool rules (the same reroll and consequence rules, one kind of die); faces come in
 * as numbers and rerolls from a callback, as everywhere in the rules.
 */
import { assertFace, assertInteger, invalid } from "./errors";
import { isPushable, pushConsequences, pushableDice, pushPool, type PushConsequences } from "./pool";

/** A score test's two d6 as a pool of base dice. */
function asPool(faces: readonly number[]) {
  if (!Array.isArray(faces) || faces.length !== 2) invalid("a score test has exactly two d6", faces);
  return { base: faces.map((face, i) => assertFace(face, 6, `score die ${i}`)), skill: [], gear: [] };
}

/** D-43: a score test can be pushed when one of its two d6 shows 2–5. */
export function isScorePushable(faces: readonly number[]): boolean {
  return isPushable(asPool(faces));
}

/** D-43: how many of the two d6 a push rerolls (those showing 2–5). */
export function scoreRerolled(faces: readonly number[]): number {
  return pushableDice(asPool(faces)).length;
}

/**
 * D-43: pushes a score test — every die showing 2–5 is rerolled (`reroll()` once each, left to
 * right), 6s and 1s are kept. Throws on a test with nothing to reroll, as the pool push does.
 */
export function pushScoreFaces(faces: readonly number[], reroll: () => number): number[] {
  return pushPool(asPool(faces), reroll).base;
}

/**
 * D-43: what a push cost — each 1 showing after the push (kept or rolled) is one point of damage
 * to the aptitude of the score and one WP (never for an actor that gains none; WP stops at 10).
 */
export function scorePushConsequences(
  pushed: readonly number[],
  actor: { willpower: number; gainsWillpower: boolean },
): PushConsequences {
  return pushConsequences(asPool(pushed), actor);
}

/** D-43: the odds of pushing now, for the card's "if you push" line. */
export interface ScorePushOdds {
  /** chance that the pushed total reaches the difficulty; null for a test without one */
  successChance: number | null;
  /** expected points of aptitude damage after the push (kept 1s included) */
  expectedAptitudeDamage: number;
  /** dice the push rerolls */
  rerolled: number;
}

/**
 * D-43: exact odds of pushing `faces` of a test of `score` against `difficulty` (null: a plain
 * total), counted over the 6 or 36 equal outcomes of the rerolled dice.
 * @throws RangeError on a test with nothing to reroll, or a non-integer score or difficulty.
 */
export function scorePushOdds(faces: readonly number[], score: number, difficulty: number | null): ScorePushOdds {
  const pool = asPool(faces);
  assertInteger("score", score);
  if (difficulty !== null) assertInteger("difficulty", difficulty);
  const rerolled = pushableDice(pool).length;
  if (rerolled === 0) invalid("this test has no die to reroll and cannot be pushed", faces);
  const kept = pool.base.filter((face) => face === 6 || face === 1);
  const keptOnes = kept.filter((face) => face === 1).length;
  let chance: number | null = null;
  if (difficulty !== null) {
    const base = kept.reduce((sum, face) => sum + face, 0) + score;
    let hits = 0;
    const outcomes = 6 ** rerolled;
    for (let n = 0; n < outcomes; n++) {
      const first = (n % 6) + 1;
      const second = rerolled === 2 ? Math.floor(n / 6) + 1 : 0;
      if (base + first + second >= difficulty) hits++;
    }
    chance = hits / outcomes;
  }
  return { successChance: chance, expectedAptitudeDamage: keptOnes + rerolled / 6, rerolled };
}

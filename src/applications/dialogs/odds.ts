/**
 * The live odds of the roll dialogs, from src/rules only: a fresh pool's chance is what
 * `pushOdds` gives for a table where every die would be rerolled (no kept 6, no kept 1), and a
 * d10 roll-under's chance is `d10SuccessChance`, a score test's is `scoreSuccessChance`.
 */
import { pushOdds } from "../../rules/pool";
import { d10SuccessChance } from "../../rules/psy";
import { scoreSuccessChance } from "../../rules/score-odds";

/** RULES §3 (D-7): chance that `dice` fresh d6 show at least `required` 6s (0 with no die). */
export function poolChance(dice: number, required: number): number {
  if (dice <= 0) return 0;
  // Faces of 2 are all rerolled and none is kept: the push odds are those of a fresh roll.
  return pushOdds({ base: Array.from({ length: dice }, () => 2), skill: [], gear: [] }, Math.max(1, required))
    .successChance;
}

/** RULES §1, §4: chance that a d10 roll-under `target` succeeds. */
export function d10Chance(target: number, natural10Fails: boolean): number {
  return d10SuccessChance(target, natural10Fails);
}

/** RULES §6.1: exact chance that `2d6 + score` reaches `difficulty`. */
export function scoreChance(score: number, difficulty: number): number {
  return scoreSuccessChance(score, difficulty);
}

import { describe, expect, it } from "vitest";
import { scoreSuccessChance } from "../../src/rules/score-odds";
import { RulesRangeError } from "../../src/rules/errors";

// RULES §6.1: P(2d6 + score ≥ difficulty), exact over the 36 outcomes.

/** The 2d6 distribution written out by hand: ways to roll each total 2…12. */
const WAYS: Record<number, number> = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const byTable = (score: number, difficulty: number) =>
  Object.entries(WAYS).reduce((sum, [total, ways]) => sum + (Number(total) + score >= difficulty ? ways : 0), 0) / 36;

describe("scoreSuccessChance", () => {
  it("matches the hand-written 2d6 table for every score and difficulty in a wide range", () => {
    for (let score = -5; score <= 15; score++)
      for (let difficulty = -2; difficulty <= 30; difficulty++) {
        expect(scoreSuccessChance(score, difficulty), `${score} vs ${difficulty}`).toBeCloseTo(
          byTable(score, difficulty),
          12,
        );
      }
  });

  it("gives the hand values: 6 vs 18 needs 12 (1/36), 6 vs 13 needs 7+ (21/36), 0 vs 2 is sure, 0 vs 13 impossible", () => {
    expect(scoreSuccessChance(6, 18)).toBe(1 / 36);
    expect(scoreSuccessChance(6, 13)).toBe(21 / 36);
    expect(scoreSuccessChance(0, 2)).toBe(1);
    expect(scoreSuccessChance(0, 13)).toBe(0);
    expect(scoreSuccessChance(5, 12)).toBe(21 / 36);
  });

  it("refuses a score or difficulty that is not an integer", () => {
    expect(() => scoreSuccessChance(1.5, 10)).toThrow(RulesRangeError);
    expect(() => scoreSuccessChance(3, Number.NaN)).toThrow(RulesRangeError);
  });
});

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  isScorePushable,
  pushScoreFaces,
  scorePushConsequences,
  scorePushOdds,
  scoreRerolled,
} from "../../src/rules/score-push";
import { scoreSuccessChance } from "../../src/rules/score-odds";

// D-43: a score test's 2d6 pushed like base dice (RULES §3 via §6.1, S-push-scores).

const queue = (faces: number[]) => () => faces.shift() ?? 0;

describe("pushing a score test (D-43)", () => {
  it("keeps 6s and 1s and rerolls every other die, left to right", () => {
    expect(pushScoreFaces([3, 6], queue([2]))).toEqual([2, 6]);
    expect(pushScoreFaces([1, 4], queue([5]))).toEqual([1, 5]);
    expect(pushScoreFaces([2, 5], queue([6, 1]))).toEqual([6, 1]);
  });

  it("cannot push 6 6, 1 1 or 6 1: nothing to reroll", () => {
    for (const faces of [
      [6, 6],
      [1, 1],
      [6, 1],
    ]) {
      expect(isScorePushable(faces)).toBe(false);
      expect(() => pushScoreFaces(faces, queue([]))).toThrow(/cannot be pushed/);
      expect(() => scorePushOdds(faces, 4, 10)).toThrow(/cannot be pushed/);
    }
    expect(isScorePushable([6, 3])).toBe(true);
    expect(scoreRerolled([2, 5])).toBe(2);
  });

  it("each 1 after the push is one point of aptitude damage and one WP, kept 1s included; WP stops at 10; an npc gains none", () => {
    expect(scorePushConsequences([1, 1], { willpower: 3, gainsWillpower: true })).toMatchObject({
      aptitudeDamage: 2,
      willpowerGained: 2,
      willpowerAfter: 5,
    });
    expect(scorePushConsequences([1, 6], { willpower: 10, gainsWillpower: true })).toMatchObject({
      aptitudeDamage: 1,
      willpowerGained: 0,
      willpowerCapped: true,
    });
    expect(scorePushConsequences([1, 4], { willpower: 2, gainsWillpower: false })).toMatchObject({
      aptitudeDamage: 1,
      willpowerGained: 0,
      willpowerCapped: false,
    });
    expect(scorePushConsequences([4, 6], { willpower: 2, gainsWillpower: true }).aptitudeDamage).toBe(0);
  });

  it("refuses anything but two d6 faces", () => {
    expect(() => isScorePushable([3])).toThrow(/exactly two d6/);
    expect(() => isScorePushable([3, 7])).toThrow(/d6/);
  });

  it("odds: counted over the rerolled dice, the kept ones fixed", () => {
    // 6 kept, one die rerolled: score 4, difficulty 14 needs the die ≥ 4 → 1/2.
    expect(scorePushOdds([6, 2], 4, 14)).toEqual({ successChance: 0.5, expectedAptitudeDamage: 1 / 6, rerolled: 1 });
    // Both rerolled: the same as a fresh test.
    expect(scorePushOdds([3, 4], 6, 18).successChance).toBeCloseTo(scoreSuccessChance(6, 18), 12);
    // A kept 1 is a point of damage already; no difficulty, no chance.
    expect(scorePushOdds([1, 5], 2, null)).toEqual({
      successChance: null,
      expectedAptitudeDamage: 1 + 1 / 6,
      rerolled: 1,
    });
  });

  it("property: the odds match enumerating the pushes themselves", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(
        face,
        face,
        fc.integer({ min: -3, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        (a, b, score, difficulty) => {
          fc.pre(isScorePushable([a, b]));
          let hits = 0;
          let total = 0;
          for (let x = 1; x <= 6; x++) {
            for (let y = 1; y <= 6; y++) {
              const pushed = pushScoreFaces([a, b], queue([x, y]));
              total++;
              if (pushed[0]! + pushed[1]! + score >= difficulty) hits++;
            }
          }
          expect(scorePushOdds([a, b], score, difficulty).successChance).toBeCloseTo(hits / total, 12);
        },
      ),
    );
  });
});

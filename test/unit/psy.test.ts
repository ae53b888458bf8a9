import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  CANCEL_BONUS,
  CANCEL_COST_AC,
  MAX_CHANT_BONUS,
  cancelCostAc,
  cancelTarget,
  castCostAc,
  castTarget,
  chantBonus,
  d10SuccessChance,
  isPsySuccess,
  type CastOptions,
} from "../../src/rules/psy";

describe("RULES §4 casting — worked examples", () => {
  it("mastery 2, level 5 → 7; with concentration → 8", () => {
    expect(castTarget({ level: 5, mastery: 2 })).toBe(7);
    expect(castTarget({ level: 5, mastery: 2, concentration: true })).toBe(8);
  });
  it("mastery 2, level 2 → 4", () => expect(castTarget({ level: 2, mastery: 2 })).toBe(4));
  it("mastery 4, level 8, concentration → 13, and a natural 10 still fails", () => {
    const target = castTarget({ level: 8, mastery: 4, concentration: true });
    expect(target).toBe(13);
    expect(isPsySuccess(10, target)).toBe(false);
    expect(isPsySuccess(9, target)).toBe(true);
  });
  it("three chanting neophytes, level 6 → 9; five → still 9", () => {
    expect(castTarget({ level: 6, mastery: 0, chanters: 3 })).toBe(9);
    expect(castTarget({ level: 6, mastery: 0, chanters: 5 })).toBe(9);
  });
  it("a roll of 7 casts against 7, a roll of 8 does not", () => {
    expect(isPsySuccess(7, 7)).toBe(true);
    expect(isPsySuccess(8, 7)).toBe(false);
  });
  it("modifiers add to the target", () => {
    expect(castTarget({ level: 5, mastery: 2, modifier: -2 })).toBe(5);
  });
});

describe("RULES §4 cancelling — worked examples", () => {
  it("smoke, level 5 → 6; with concentration → 7", () => {
    expect(cancelTarget({ level: 5 })).toBe(6);
    expect(cancelTarget({ level: 5, concentration: true })).toBe(7);
  });
  it("costs 3 AC whatever the power, one more with concentration; a natural 10 fails", () => {
    expect(CANCEL_COST_AC).toBe(3);
    expect(CANCEL_BONUS).toBe(1);
    expect(cancelCostAc()).toBe(3);
    expect(cancelCostAc(true)).toBe(4);
    expect(isPsySuccess(10, cancelTarget({ level: 8, concentration: true, modifier: 3 }))).toBe(false);
  });
});

describe("RULES §4 chant, concentration and costs", () => {
  it("chant bonus is min(chanters, 3)", () => {
    expect(MAX_CHANT_BONUS).toBe(3);
    expect([0, 1, 2, 3, 4, 6].map(chantBonus)).toEqual([0, 1, 2, 3, 3, 3]);
  });
  it("a lone neophyte chanting counts itself (D-12)", () => {
    expect(castTarget({ level: 6, mastery: 0, chanters: 1 })).toBe(7);
  });
  it("cast cost adds one AC for concentration", () => {
    expect(castCostAc(6)).toBe(6);
    expect(castCostAc(4, true)).toBe(5);
  });
  it("a chant never adds more than +3 and concentration never more than +1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 20 }), (level, chanters) => {
        expect(castTarget({ level, mastery: 0, chanters }) - level).toBeLessThanOrEqual(3);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 4 }), (level, mastery) => {
        expect(castTarget({ level, mastery, concentration: true }) - castTarget({ level, mastery })).toBe(1);
      }),
    );
  });
});

describe("RULES §4 d10 odds", () => {
  it("matches counting the faces", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), fc.boolean(), (target, nat10) => {
        let wins = 0;
        for (let face = 1; face <= 10; face++) if (face <= target && !(nat10 && face === 10)) wins++;
        expect(d10SuccessChance(target, nat10)).toBeCloseTo(wins / 10, 15);
        if (nat10) {
          let psy = 0;
          for (let face = 1; face <= 10; face++) if (isPsySuccess(face, target)) psy++;
          expect(d10SuccessChance(target, true)).toBeCloseTo(psy / 10, 15);
        }
      }),
    );
  });
  it("psy odds top out at 90 %", () => {
    expect(d10SuccessChance(castTarget({ level: 8, mastery: 4, concentration: true }), true)).toBe(0.9);
    expect(d10SuccessChance(7, true)).toBe(0.7);
    expect(d10SuccessChance(0, false)).toBe(0);
  });
});

describe("RULES §4 impossible casts and bad input", () => {
  it("chanters with concentration, chanters with mastery, mastery 0 alone all throw", () => {
    expect(() => castTarget({ level: 6, mastery: 0, chanters: 3, concentration: true })).toThrow(RangeError);
    expect(() => castTarget({ level: 6, mastery: 1, chanters: 2 })).toThrow(RangeError);
    expect(() => castTarget({ level: 6, mastery: 0 })).toThrow(RangeError);
    expect(() => castTarget({ level: 6, mastery: 0, chanters: 0 })).toThrow(/chanting/);
  });
  it.each<[string, () => unknown, string]>([
    ["level 0", () => castTarget({ level: 0, mastery: 2 }), "0"],
    ["level 9", () => castTarget({ level: 9, mastery: 2 }), "9"],
    ["level 2.5", () => cancelTarget({ level: 2.5 }), "2.5"],
    ["mastery 5", () => castTarget({ level: 3, mastery: 5 }), "5"],
    ["mastery -1", () => castTarget({ level: 3, mastery: -1 }), "-1"],
    ["chanters -2", () => castTarget({ level: 3, mastery: 0, chanters: -2 }), "-2"],
    [
      "concentration 'yes'",
      () => castTarget({ level: 3, mastery: 1, concentration: "yes" } as unknown as CastOptions),
      '"yes"',
    ],
    ["face 11", () => isPsySuccess(11, 5), "11"],
    ["face 0", () => isPsySuccess(0, 5), "0"],
    ["target NaN", () => d10SuccessChance(Number.NaN, true), "NaN"],
    ["use cost -1", () => castCostAc(-1), "-1"],
  ])("%s throws a RangeError naming the value", (_label, call, shown) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(shown);
  });
});

import { describe, expect, it } from "vitest";
import { MODIFIER_BOUND, boundedModifier } from "../../src/rules/modifiers";
import { RulesRangeError } from "../../src/rules/errors";

// docs/rules-decisions.md "Played at the table (issue 29)", security F1: a roll's free modifier is
// a whole number within ±MODIFIER_BOUND, in the dialogs and again at the one writer.
describe("a roll's free modifier (security F1)", () => {
  it("is ±10 at most", () => expect(MODIFIER_BOUND).toBe(10));

  it("sums the modifiers; none is 0", () => {
    expect(boundedModifier([])).toBe(0);
    expect(boundedModifier([2, -3])).toBe(-1);
  });

  it("takes the bound itself, either way, and refuses one more", () => {
    expect(boundedModifier([10])).toBe(10);
    expect(boundedModifier([-10])).toBe(-10);
    expect(boundedModifier([6, 4])).toBe(10);
    expect(() => boundedModifier([11])).toThrow(RulesRangeError);
    expect(() => boundedModifier([-11])).toThrow(RulesRangeError);
    expect(() => boundedModifier([6, 5])).toThrow(RulesRangeError);
    expect(() => boundedModifier([500])).toThrow(/modifier/);
  });

  it("bounds the sum, not each part: +500 and −495 is +5, a GM's own arithmetic", () => {
    expect(boundedModifier([500, -495])).toBe(5);
  });

  it("refuses a modifier that is no whole number, and a list that is none", () => {
    expect(() => boundedModifier([1.5])).toThrow(/modifiers\[0\]/);
    expect(() => boundedModifier([Number.NaN])).toThrow(RulesRangeError);
    expect(() => boundedModifier(["3" as unknown as number])).toThrow(RulesRangeError);
    expect(() => boundedModifier(5 as unknown as number[])).toThrow(/modifiers must be a list/);
  });
});

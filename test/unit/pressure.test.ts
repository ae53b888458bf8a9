import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  PRESSURE_DICE_MAX,
  PRESSURE_TARGETS,
  bestPressureFace,
  highestPressureBonus,
  isPressureTarget,
  pressureBonus,
  pressureBreakdown,
  pressureDiceGranted,
  type PressureTarget,
} from "../../src/rules/pressure";

const targetArb = fc.constantFrom(...PRESSURE_TARGETS);
const facesArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 });

describe("RULES §2 pressure bonus — worked examples", () => {
  it("MOU 3, die 5 → +3 (4 capped at 3)", () => {
    expect(pressureBonus(5, "mou", 3)).toBe(3);
    expect(pressureBreakdown(5, "mou", 3)).toEqual({ face: 5, table: 4, halved: 4, bonus: 3, capped: true });
  });
  it("ATT 5, die 4 → +3", () => expect(pressureBonus(4, "att", 5)).toBe(3));
  it("PEUR 1, die 6 → +1 (4 → 2 → cap 1)", () => {
    expect(pressureBreakdown(6, "peur", 1)).toEqual({ face: 6, table: 4, halved: 2, bonus: 1, capped: true });
  });
  it("PEUR 3, die 6 → +2", () => expect(pressureBonus(6, "peur", 3)).toBe(2));
  it("PEUR 0 → +0 on every face", () => {
    for (let face = 1; face <= 6; face++) expect(pressureBonus(face, "peur", 0)).toBe(0);
  });
  it("weapon FOR 2, die 3 → +2", () => {
    expect(pressureBonus(3, "meleeStrength", 2)).toBe(2);
    expect(pressureBonus(3, "rangedStrength", 2)).toBe(2);
  });
});

describe("RULES §2 pressure table", () => {
  it("bands 1–2 → 2, 3–4 → 3, 5–6 → 4 when the printed value is high", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => pressureBonus(f, "ini", 10))).toEqual([2, 2, 3, 3, 4, 4]);
  });
  it("PEUR halves rounding down: 2→1, 3→1, 4→2", () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => pressureBonus(f, "peur", 10))).toEqual([1, 1, 1, 1, 2, 2]);
  });
  it("printed value 0 gains nothing on any target", () => {
    for (const t of PRESSURE_TARGETS) expect(pressureBonus(6, t, 0)).toBe(0);
  });
  it("recognises targets", () => {
    expect(isPressureTarget("def")).toBe(true);
    expect(isPressureTarget("tir")).toBe(false);
    expect(isPressureTarget(3)).toBe(false);
  });
});

describe("RULES §2 D-4 several dice, D-6 highest bonus", () => {
  it("picks the highest face, first on ties", () => {
    expect(bestPressureFace([2, 5, 3, 5], "att", 5)).toEqual({ index: 1, face: 5, bonus: 4 });
    expect(bestPressureFace([1], "mou", 3)).toEqual({ index: 0, face: 1, bonus: 2 });
  });
  it("best die gives the highest bonus any die could give", () => {
    fc.assert(
      fc.property(facesArb, targetArb, fc.nat(8), (faces, t, v) => {
        const best = bestPressureFace(faces, t, v);
        expect(best.bonus).toBe(Math.max(...faces.map((f) => pressureBonus(f, t, v))));
        expect(faces[best.index]).toBe(best.face);
      }),
    );
  });
  it("highest bonus applies; none active gives 0", () => {
    expect(highestPressureBonus([2, 4, 3])).toBe(4);
    expect(highestPressureBonus([])).toBe(0);
  });
});

describe("RULES §2 invariants", () => {
  it("bonus is never negative and never above the printed value", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), targetArb, fc.nat(20), (face, t: PressureTarget, v) => {
        const bonus = pressureBonus(face, t, v);
        expect(bonus).toBeGreaterThanOrEqual(0);
        expect(bonus).toBeLessThanOrEqual(v);
        expect(bonus).toBeLessThanOrEqual(t === "peur" ? 2 : 4);
      }),
    );
  });
  it("never decreases with the face", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), targetArb, fc.nat(10), (face, t, v) => {
        expect(pressureBonus(face + 1, t, v)).toBeGreaterThanOrEqual(pressureBonus(face, t, v));
      }),
    );
  });
});

describe("RULES §2 input validation", () => {
  it.each([
    [0, "mou", 3, "0"],
    [7, "mou", 3, "7"],
    [2.5, "mou", 3, "2.5"],
    [4, "mou", -1, "-1"],
    [4, "mou", 1.5, "1.5"],
    [4, "tir", 3, '"tir"'],
  ])("face %s, target %s, printed %s throws naming %s", (face, target, printed, shown) => {
    expect(() => pressureBonus(face, target as PressureTarget, printed)).toThrow(RangeError);
    expect(() => pressureBonus(face, target as PressureTarget, printed)).toThrow(shown);
  });
  it("rejects empty dice lists, bad faces and negative bonuses", () => {
    expect(() => bestPressureFace([], "mou", 3)).toThrow(RangeError);
    expect(() => bestPressureFace([3, 9], "mou", 3)).toThrow("9");
    expect(() => highestPressureBonus([2, -1])).toThrow("-1");
    expect(() => highestPressureBonus([Number.NaN])).toThrow("NaN");
  });
});

describe("D-46 pressure dice granted", () => {
  it("one d6 without a special ability; the item's or the actor's ability, the larger — never the sum", () => {
    expect(PRESSURE_DICE_MAX).toBe(3);
    expect(pressureDiceGranted(1, 1)).toBe(1);
    expect(pressureDiceGranted(3, 1)).toBe(3);
    expect(pressureDiceGranted(1, 2)).toBe(2);
    expect(pressureDiceGranted(2, 3)).toBe(3);
    expect(pressureDiceGranted(2, 2)).toBe(2);
  });
  it.each([
    [0, 1, "item pressure dice", "0"],
    [4, 1, "item pressure dice", "4"],
    [1, 0, "actor pressure dice", "0"],
    [1, 4, "actor pressure dice", "4"],
    [1.5, 1, "item pressure dice", "1.5"],
    [1, Number.NaN, "actor pressure dice", "NaN"],
  ])("item %s, actor %s throws naming %s and %s", (item, actor, name, shown) => {
    expect(() => pressureDiceGranted(item, actor)).toThrow(RangeError);
    expect(() => pressureDiceGranted(item, actor)).toThrow(name);
    expect(() => pressureDiceGranted(item, actor)).toThrow(shown);
  });
});

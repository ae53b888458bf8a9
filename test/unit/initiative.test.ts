import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareInitiative, INITIATIVE_DIE, type InitiativeKey } from "../../src/rules/initiative";

// RULES D-37: in *tours* mode initiative is 1d10 + current INI, the highest first; on equal
// initiatives the higher INI first; a full tie is Foundry's to order (0). Not rolled yet: after
// everyone who has, the higher INI first among them.

const key = (initiative: number | null, ini: number | null = 0): InitiativeKey => ({ initiative, ini });
/** The names in acting order (a stable sort keeps Foundry's order on a full tie). */
const order = (keys: Record<string, InitiativeKey>) =>
  Object.entries(keys)
    .sort(([, a], [, b]) => compareInitiative(a, b))
    .map(([name]) => name);

describe("initiative order (RULES D-37)", () => {
  it("is rolled on one d10", () => {
    expect(INITIATIVE_DIE).toBe("1d10");
  });

  it("puts the highest initiative first, whatever the INI", () => {
    expect(order({ low: key(7, 9), high: key(12, 1), mid: key(9, 5) })).toEqual(["high", "mid", "low"]);
    expect(compareInitiative(key(12, 1), key(7, 9))).toBeLessThan(0);
    expect(compareInitiative(key(7, 9), key(12, 1))).toBeGreaterThan(0);
  });

  it("breaks a tie of initiatives with the higher current INI, and leaves a full tie to Foundry", () => {
    expect(order({ slow: key(10, 3), quick: key(10, 6) })).toEqual(["quick", "slow"]);
    expect(compareInitiative(key(10, 6), key(10, 3))).toBeLessThan(0);
    expect(compareInitiative(key(10, 3), key(10, 6))).toBeGreaterThan(0);
    expect(compareInitiative(key(10, 4), key(10, 4))).toBe(0);
    expect(order({ first: key(10, 4), second: key(10, 4) })).toEqual(["first", "second"]);
  });

  it("puts those who have not rolled (null or not a number) after all who have, higher INI first", () => {
    const keys = {
      none: key(null, 2),
      nan: key(Number.NaN, 8),
      infinite: key(Number.POSITIVE_INFINITY, 9),
      rolled: key(-3, 0),
      zero: key(0, 0),
    };
    expect(order(keys)).toEqual(["zero", "rolled", "infinite", "nan", "none"]);
  });

  it("treats an unknown INI as the lowest, and an INI that is not a number as unknown", () => {
    expect(order({ unknown: key(8, null), known: key(8, -2), odd: key(8, Number.NaN) })).toEqual([
      "known",
      "unknown",
      "odd",
    ]);
    expect(compareInitiative(key(8, null), key(8, Number.NaN))).toBe(0);
  });

  it("is a consistent order: antisymmetric, and zero only on equal keys", () => {
    const value = fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 25 }));
    fc.assert(
      fc.property(value, value, value, value, (i1, n1, i2, n2) => {
        const a = key(i1, n1);
        const b = key(i2, n2);
        expect(Math.sign(compareInitiative(a, b))).toBe(-Math.sign(compareInitiative(b, a)) || 0);
        expect(compareInitiative(a, b) === 0).toBe(i1 === i2 && n1 === n2);
      }),
    );
  });
});

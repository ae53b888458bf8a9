import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  coTarget,
  moraleTriggered,
  needsFearTest,
  panicResult,
  panicTotal,
  profileTestSuccess,
  rallyActions,
  rallyCost,
  unitCommand,
  type CoModifiers,
} from "../../src/rules/morale";

describe("RULES §1 D-1 profile tests (D10 roll-under)", () => {
  it("succeeds when the d10 ≤ target", () => {
    expect(profileTestSuccess(4, 4)).toBe(true);
    expect(profileTestSuccess(5, 4)).toBe(false);
  });
  it("a natural 10 passes a target of 10+ unless S-nat10 is on", () => {
    expect(profileTestSuccess(10, 10)).toBe(true);
    expect(profileTestSuccess(10, 12, true)).toBe(false);
    expect(profileTestSuccess(9, 12, true)).toBe(true);
  });
  it("S-nat10 changes only the natural 10", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: -3, max: 15 }), (face, target) => {
        expect(profileTestSuccess(face, target, true)).toBe(profileTestSuccess(face, target, false));
      }),
    );
  });
});

describe("RULES §5 morale trigger", () => {
  it("a unit of 10 tests at 5 figures, not at 6", () => {
    expect(moraleTriggered({ start: 10, current: 5 })).toBe(true);
    expect(moraleTriggered({ start: 10, current: 6 })).toBe(false);
  });
  it("a character with 7 PV tests at 3, not at 4 (half of an odd start)", () => {
    expect(moraleTriggered({ start: 7, current: 3 })).toBe(true);
    expect(moraleTriggered({ start: 7, current: 4 })).toBe(false);
  });
  it("equals current ≤ start / 2", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(250), (start, current) => {
        expect(moraleTriggered({ start, current })).toBe(current <= start / 2);
      }),
    );
  });
});

describe("RULES §5 CO target", () => {
  it("applies banner +1, general +1, outnumbered −1, fear and modifier", () => {
    expect(coTarget(7)).toBe(7);
    expect(coTarget(7, { banner: true })).toBe(8);
    expect(coTarget(7, { banner: true, general: true })).toBe(9);
    expect(coTarget(7, { outnumbered: true })).toBe(6);
    expect(coTarget(7, { banner: true, general: true, outnumbered: true, fear: 2, modifier: -1 })).toBe(5);
  });
  it("fear 1 → CO −1", () => expect(coTarget(6, { fear: 1 })).toBe(5));
  it("a unit uses its highest CO (D-17)", () => expect(unitCommand([5, 8, 6])).toBe(8));
  it("equals the sum of its parts", () => {
    fc.assert(
      fc.property(
        fc.nat(12),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.nat(4),
        fc.integer({ min: -3, max: 3 }),
        (co, banner, general, outnumbered, fear, modifier) => {
          const m: CoModifiers = { banner, general, outnumbered, fear, modifier };
          expect(coTarget(co, m)).toBe(co + +banner + +general - +outnumbered - fear + modifier);
        },
      ),
    );
  });
});

describe("RULES §5 panic table", () => {
  it("reads 1 hold, 2–7 retreat, 8–9 terror, 10 destroyed", () => {
    expect(Array.from({ length: 10 }, (_, i) => panicResult(i + 1))).toEqual([
      "hold",
      ...Array<string>(6).fill("retreat"),
      "terror",
      "terror",
      "destroyed",
    ]);
  });
  it("after a failed rally: d10 9 → 10 → destroyed; d10 1 → 2 → retreat", () => {
    expect(panicResult(9, true)).toBe("destroyed");
    expect(panicResult(1, true)).toBe("retreat");
  });
  it("the +1 is clamped: a 10 stays destroyed", () => expect(panicResult(10, true)).toBe("destroyed"));
  it("the +1 moves one row at most", () => {
    expect(panicResult(7, true)).toBe("terror");
    expect(panicResult(8, true)).toBe("terror");
  });
});

describe("RULES §5 rally", () => {
  it("costs half the AC rounded down and gives half the normal AC (D-19)", () => {
    expect(rallyCost(5)).toBe(2);
    expect(rallyCost(4)).toBe(2);
    expect(rallyCost(1)).toBe(0);
    expect(rallyActions(7)).toBe(3);
    expect(rallyActions(0)).toBe(0);
  });
});

describe("RULES §5 fear (D-20)", () => {
  const base = { fear: 2, highestPassed: 0, causesFear: false, unshakeable: false };
  it("tests against fear above the level already passed", () => {
    expect(needsFearTest(base)).toBe(true);
    expect(needsFearTest({ ...base, highestPassed: 1 })).toBe(true);
    expect(needsFearTest({ ...base, highestPassed: 2 })).toBe(false);
    expect(needsFearTest({ ...base, highestPassed: 3 })).toBe(false);
  });
  it("no test against PEUR 0, for fear-causing figures, or for inébranlable ones", () => {
    expect(needsFearTest({ ...base, fear: 0 })).toBe(false);
    expect(needsFearTest({ ...base, causesFear: true })).toBe(false);
    expect(needsFearTest({ ...base, unshakeable: true })).toBe(false);
  });
});

describe("RULES §5 bad input", () => {
  it.each<[string, () => unknown, string]>([
    ["panic face 11", () => panicResult(11), "11"],
    ["panic face 0", () => panicResult(0, true), "0"],
    ["profile face 1.5", () => profileTestSuccess(1.5, 5), "1.5"],
    ["start 0", () => moraleTriggered({ start: 0, current: 0 }), "0"],
    ["current -1", () => moraleTriggered({ start: 10, current: -1 }), "-1"],
    ["CO -2", () => coTarget(-2), "-2"],
    ["fear -1", () => coTarget(5, { fear: -1 }), "-1"],
    ["banner 1", () => coTarget(5, { banner: 1 } as unknown as CoModifiers), "1"],
    ["AC 3.5", () => rallyCost(3.5), "3.5"],
    ["AC -4", () => rallyActions(-4), "-4"],
    [
      "highestPassed -1",
      () => needsFearTest({ fear: 1, highestPassed: -1, causesFear: false, unshakeable: false }),
      "-1",
    ],
    ["empty unit", () => unitCommand([]), "[]"],
  ])("%s throws a RangeError naming the value", (_label, call, shown) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(shown);
  });
});

describe("RULES §5 panic total", () => {
  it("adds one +1 after a failed rally and counts a total above 10 as 10", () => {
    expect([1, 5, 9, 10].map((f) => panicTotal(f))).toEqual([1, 5, 9, 10]);
    expect([1, 5, 9, 10].map((f) => panicTotal(f, true))).toEqual([2, 6, 10, 10]);
    expect(() => panicTotal(11)).toThrow(RangeError);
  });
});

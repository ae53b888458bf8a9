import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  attackAct,
  forbiddingCondition,
  panicActions,
  panicForbids,
  PANIC_ACTS,
  PANIC_CONDITIONS,
  type PanicAct,
  type PanicCondition,
} from "../../src/rules/panic";
import { RulesRangeError } from "../../src/rules/errors";

// RULES §5, D-45; seed 003, Panic Table.

describe("D-45: what each panic condition forbids", () => {
  // The whole table, row by row, as seed 003 states it.
  const TABLE: Record<PanicCondition, Record<PanicAct, boolean>> = {
    hold: { rangedAttack: true, meleeAttack: false, move: false },
    retreat: { rangedAttack: true, meleeAttack: false, move: false },
    terror: { rangedAttack: true, meleeAttack: true, move: true },
  };
  for (const condition of PANIC_CONDITIONS)
    for (const act of PANIC_ACTS)
      it(`${condition} ${TABLE[condition][act] ? "forbids" : "allows"} ${act}`, () => {
        expect(panicForbids(condition, act)).toBe(TABLE[condition][act]);
      });

  it("lists the conditions worst first and the three acts", () => {
    expect(PANIC_CONDITIONS).toEqual(["terror", "retreat", "hold"]);
    expect(PANIC_ACTS).toEqual(["rangedAttack", "meleeAttack", "move"]);
  });

  it("refuses an unknown condition or act", () => {
    expect(() => panicForbids("destroyed" as PanicCondition, "move")).toThrow(RulesRangeError);
    expect(() => panicForbids("terror", "cast" as PanicAct)).toThrow(/unknown act/);
    expect(() => panicForbids("calm" as PanicCondition, "move")).toThrow(/unknown panic condition/);
  });
});

describe("D-45: the condition that forbids an act", () => {
  it("none without a condition, none when no held condition forbids it", () => {
    expect(forbiddingCondition([], "rangedAttack")).toBeNull();
    expect(forbiddingCondition(["hold"], "move")).toBeNull();
    expect(forbiddingCondition(["hold", "retreat"], "meleeAttack")).toBeNull();
  });

  it("names the held condition that forbids it", () => {
    expect(forbiddingCondition(["hold"], "rangedAttack")).toBe("hold");
    expect(forbiddingCondition(["retreat"], "rangedAttack")).toBe("retreat");
    expect(forbiddingCondition(["terror"], "move")).toBe("terror");
  });

  it("names the worst when several forbid it, whatever their order", () => {
    expect(forbiddingCondition(["hold", "terror"], "rangedAttack")).toBe("terror");
    expect(forbiddingCondition(["hold", "retreat"], "rangedAttack")).toBe("retreat");
    expect(forbiddingCondition(["retreat", "hold"], "rangedAttack")).toBe("retreat");
    // Only terror forbids a move, even listed last.
    expect(forbiddingCondition(["hold", "retreat", "terror"], "move")).toBe("terror");
  });

  it("is null exactly when no held condition forbids the act (property)", () => {
    const conditions = fc.subarray([...PANIC_CONDITIONS]);
    fc.assert(
      fc.property(conditions, fc.constantFrom(...PANIC_ACTS), (held, act) => {
        const found = forbiddingCondition(held, act);
        expect(found === null).toBe(!held.some((c) => panicForbids(c, act)));
        if (found) expect(held).toContain(found);
      }),
    );
  });

  it("refuses what is not a list of conditions, or an unknown act", () => {
    expect(() => forbiddingCondition("terror" as unknown as PanicCondition[], "move")).toThrow(/must be a list/);
    expect(() => forbiddingCondition(["terror", "x" as PanicCondition], "move")).toThrow(/unknown panic condition/);
    expect(() => forbiddingCondition([], "shoot" as PanicAct)).toThrow(/unknown act/);
  });
});

describe("D-45: an attack's act", () => {
  it("at range for a ranged weapon or a grenade, in melee otherwise", () => {
    expect(attackAct(true)).toBe("rangedAttack");
    expect(attackAct(false)).toBe("meleeAttack");
    expect(() => attackAct("ranged" as unknown as boolean)).toThrow(/true or false/);
  });
});

describe("D-45: a retreating figure has half its AC, rounded down", () => {
  it("halves the AC under Retraite only", () => {
    expect(panicActions(5, ["retreat"])).toBe(2);
    expect(panicActions(4, ["retreat"])).toBe(2);
    expect(panicActions(1, ["retreat"])).toBe(0);
    expect(panicActions(5, [])).toBe(5);
    expect(panicActions(5, ["hold"])).toBe(5);
    expect(panicActions(5, ["terror"])).toBe(5);
    expect(panicActions(5, ["terror", "retreat"])).toBe(2);
  });

  it("refuses a bad AC or a bad list", () => {
    expect(() => panicActions(-1, [])).toThrow(RulesRangeError);
    expect(() => panicActions(-1, [])).toThrow(/^AC/);
    expect(() => panicActions(2.5, ["retreat"])).toThrow(/integer/);
    expect(() => panicActions(4, "retreat" as unknown as PanicCondition[])).toThrow(/must be a list/);
    expect(() => panicActions(4, ["fled" as PanicCondition])).toThrow(/unknown panic condition/);
  });
});

import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  REFLECTION_SUB_APTITUDES,
  aptitudeCurrent,
  attackHits,
  attackSubAptitude,
  buildTotals,
  defenceSubAptitude,
  score,
  scoreTest,
  stunDelay,
  type WeaponCategory,
} from "../../src/rules/scores";

describe("score (RULES §6.1)", () => {
  it("004: Réflexe score 6 = Vivacité 2 + Réflexe 4", () => {
    expect(score(2, 4)).toBe(6);
  });

  it("adds modifiers, which may make it negative", () => {
    expect(score(2, 4, 3)).toBe(9);
    expect(score(2, 4, -6)).toBe(0);
    expect(score(1, 0, -6)).toBe(-5);
  });

  it("rejects negative or fractional parts, naming them", () => {
    expect(() => score(-1, 4)).toThrow(RangeError);
    expect(() => score(-1, 4)).toThrow(/aptitude.*-1/);
    expect(() => score(2, 1.5)).toThrow(/sub-aptitude.*1\.5/);
    expect(() => score(2, 4, Number.NaN)).toThrow(/modifiers.*NaN/);
  });
});

describe("scoreTest (RULES §6.1, D-22)", () => {
  it("004 Etourdissante example: score 6, 2d6 = 7, total 13 vs 18 fails by one degree", () => {
    const total = 7 + score(2, 4);
    expect(total).toBe(13);
    expect(scoreTest(total, 18)).toEqual({ success: false, degrees: 1 });
  });

  it("succeeds on equality with 0 degrees; degrees of success by steps of 5", () => {
    expect(scoreTest(18, 18)).toEqual({ success: true, degrees: 0 });
    expect(scoreTest(22, 18)).toEqual({ success: true, degrees: 0 });
    expect(scoreTest(23, 18)).toEqual({ success: true, degrees: 1 });
    expect(scoreTest(17, 18)).toEqual({ success: false, degrees: 0 });
    expect(scoreTest(8, 18)).toEqual({ success: false, degrees: 2 });
  });

  it("honours the degree size setting (S-degree)", () => {
    expect(scoreTest(13, 18, 3)).toEqual({ success: false, degrees: 1 });
    expect(scoreTest(12, 18, 3)).toEqual({ success: false, degrees: 2 });
    expect(scoreTest(13, 18, 1)).toEqual({ success: false, degrees: 5 });
  });

  it("accepts negative totals", () => {
    expect(scoreTest(-3, 7)).toEqual({ success: false, degrees: 2 });
  });

  it("rejects bad input, naming the value", () => {
    expect(() => scoreTest(12.5, 18)).toThrow(/total.*12\.5/);
    expect(() => scoreTest(12, Number.NaN)).toThrow(/difficulty.*NaN/);
    expect(() => scoreTest(12, 18, 0)).toThrow(/degree size.*0/);
  });

  it("property: degrees ≥ 0, success iff total ≥ difficulty", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 80 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (t, d, s) => {
          const r = scoreTest(t, d, s);
          expect(r.degrees).toBeGreaterThanOrEqual(0);
          expect(r.success).toBe(t >= d);
          expect(r.degrees).toBe(Math.floor(Math.abs(t - d) / s));
        },
      ),
    );
  });
});

describe("stunDelay (RULES §6.4 Etourdissante, D-29)", () => {
  it("004 example: total 13 vs 18 moves 2 positions", () => {
    expect(stunDelay(13, 18)).toBe(2);
  });

  it("literal mode (S-stun-literal): 1 per degree, minimum 1", () => {
    expect(stunDelay(13, 18, { literal: true })).toBe(1);
    expect(stunDelay(17, 18, { literal: true })).toBe(1);
    expect(stunDelay(8, 18, { literal: true })).toBe(2);
  });

  it("a failure by less than one degree still moves 1; a success moves 0", () => {
    expect(stunDelay(17, 18)).toBe(1);
    expect(stunDelay(18, 18)).toBe(0);
    expect(stunDelay(30, 18, { literal: true })).toBe(0);
  });

  it("uses the degree size", () => {
    expect(stunDelay(12, 18, { degreeSize: 3 })).toBe(3);
  });

  it("property: ≥ 0, ≥ 1 on a failure, 0 on a success", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 80 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (t, d, degreeSize, literal) => {
          const delay = stunDelay(t, d, { degreeSize, literal });
          expect(delay).toBeGreaterThanOrEqual(0);
          if (t >= d) expect(delay).toBe(0);
          else expect(delay).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe("attackSubAptitude (RULES §6.1, D-23)", () => {
  const cases: [WeaponCategory, string][] = [
    [{ range: "ranged", weight: "light", origin: "imperium" }, "precision"],
    [{ range: "melee", weight: "light", origin: "imperium" }, "force"],
    [{ range: "melee", weight: "heavy", origin: "imperium" }, "robustesse"],
    [{ range: "ranged", weight: "heavy", origin: "imperium" }, "robustesse"],
    [{ range: "ranged", weight: "light", origin: "mars" }, "technoMaitrise"],
    [{ range: "melee", weight: "heavy", origin: "mars" }, "technoMaitrise"],
    [{ range: "melee", weight: "light", origin: "xenos" }, "savoirsInterdits"],
    [{ range: "ranged", weight: "heavy", origin: "xenos" }, "savoirsInterdits"],
  ];
  it.each(cases)("%o → %s", (weapon, expected) => {
    expect(attackSubAptitude(weapon)).toBe(expected);
  });

  it("rejects an unknown category, naming it", () => {
    const bad = { range: "thrown", weight: "light", origin: "imperium" } as unknown as WeaponCategory;
    expect(() => attackSubAptitude(bad)).toThrow(/thrown/);
    const badOrigin = { range: "melee", weight: "light", origin: "eldar" } as unknown as WeaponCategory;
    expect(() => attackSubAptitude(badOrigin)).toThrow(RangeError);
  });
});

describe("defenceSubAptitude (RULES §6.1, D-24)", () => {
  it("Réflexe in melee, Vigilance at range, Sang-froid against Terrifiant (which wins)", () => {
    expect(defenceSubAptitude({ ranged: false, terrifying: false })).toBe("reflexe");
    expect(defenceSubAptitude({ ranged: true, terrifying: false })).toBe("vigilance");
    expect(defenceSubAptitude({ ranged: false, terrifying: true })).toBe("sangFroid");
    expect(defenceSubAptitude({ ranged: true, terrifying: true })).toBe("sangFroid");
  });
});

describe("REFLECTION_SUB_APTITUDES (RULES §6.1)", () => {
  it("maps each reflection use to its sub-aptitude", () => {
    expect(REFLECTION_SUB_APTITUDES).toEqual({
      motivate: "determination",
      threaten: "determination",
      confuse: "perspicacite",
      jeer: "perspicacite",
      taunt: "perspicacite",
      supportTool: "scholastique",
      grenade: "scholastique",
    });
  });
});

describe("attackHits (RULES §6.1, D-25)", () => {
  it("hits only when strictly higher", () => {
    expect(attackHits(14, 13)).toBe(true);
    expect(attackHits(13, 13)).toBe(false);
    expect(attackHits(12, 13)).toBe(false);
  });
  it("rejects non-integers", () => {
    expect(() => attackHits(1.5, 1)).toThrow(/attack total.*1\.5/);
    expect(() => attackHits(1, Number.POSITIVE_INFINITY)).toThrow(/defence total/);
  });
});

describe("aptitudeCurrent (RULES §1, D-3)", () => {
  it("is max(0, value − damage)", () => {
    expect(aptitudeCurrent(4, 0)).toBe(4);
    expect(aptitudeCurrent(4, 2)).toBe(2);
    expect(aptitudeCurrent(4, 7)).toBe(0);
  });
  it("rejects negative damage, naming it", () => {
    expect(() => aptitudeCurrent(4, -1)).toThrow(/aptitude damage.*-1/);
  });
  it("property: within 0…value", () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), (v, d) => {
        const c = aptitudeCurrent(v, d);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(v);
      }),
    );
  });
});

describe("buildTotals (RULES §1, 004 P.1.1)", () => {
  it("004: 2 aptitude points and 9 sub-aptitude points still to spend", () => {
    const r = buildTotals({ puissance: 4, vivacite: 3, volonte: 3, intellect: 3 }, { reflexe: 2, vigilance: 1 });
    expect(r.aptitudes).toEqual({ total: 13, target: 15, difference: -2 });
    expect(r.subAptitudes).toEqual({ total: 3, target: 12, difference: -9 });
    expect(r.complete).toBe(false);
  });

  it("flags a complete build and an over-spent one", () => {
    const subs = {
      force: 2,
      robustesse: 1,
      precision: 1,
      reflexe: 4,
      vigilance: 1,
      sangFroid: 1,
      perspicacite: 1,
      scholastique: 1,
    };
    expect(buildTotals({ puissance: 4, vivacite: 2, volonte: 5, intellect: 4 }, subs).complete).toBe(true);
    const over = buildTotals({ puissance: 10, vivacite: 6 }, subs);
    expect(over.aptitudes.difference).toBe(1);
    expect(over.complete).toBe(false);
  });

  it("rejects unknown keys and negative values", () => {
    expect(() => buildTotals({ agilite: 3 } as never, {})).toThrow(/agilite/);
    expect(() => buildTotals({ puissance: -1 }, {})).toThrow(/puissance.*-1/);
  });
});

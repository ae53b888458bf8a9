import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  WILLPOWER_MAX,
  afterPushLoss,
  freshPoolChance,
  isPoolSuccess,
  isPushable,
  poolSuccesses,
  pushConsequences,
  pushOdds,
  pushPool,
  pushableDice,
  type PoolFaces,
} from "../../src/rules/pool";
import { d10SuccessChance } from "../../src/rules/psy";
import { scoreSuccessChance } from "../../src/rules/score-odds";

/** A reroll callback that returns `values` in order and counts its calls. */
function scripted(values: readonly number[]): { reroll: () => number; calls: () => number } {
  let i = 0;
  return {
    reroll: () => {
      const v = values[i % values.length] ?? 1;
      i++;
      return v;
    },
    calls: () => i,
  };
}

const pc = { willpower: 3, gainsWillpower: true };
const d6 = fc.integer({ min: 1, max: 6 });
const poolArb = (max: { base: number; skill: number; gear: number }) =>
  fc.record({
    base: fc.array(d6, { maxLength: max.base }),
    skill: fc.array(d6, { maxLength: max.skill }),
    gear: fc.array(d6, { maxLength: max.gear }),
  });
const pushablePool = poolArb({ base: 8, skill: 6, gear: 6 }).filter(isPushable);

describe("RULES §3 worked examples (aptitude 4, WP 3, gear bonus 2)", () => {
  it("B[1,3,6] S[1,4] G[2] pushed to B[1,1,6] S[6,1] G[1]", () => {
    const first: PoolFaces = { base: [1, 3, 6], skill: [1, 4], gear: [2] };
    expect(pushableDice(first)).toEqual([
      { kind: "base", index: 1 },
      { kind: "skill", index: 0 },
      { kind: "skill", index: 1 },
      { kind: "gear", index: 0 },
    ]);
    const dice = scripted([1, 6, 1, 1]);
    const pushed = pushPool(first, dice.reroll);
    expect(dice.calls()).toBe(4);
    expect(pushed).toEqual({ base: [1, 1, 6], skill: [6, 1], gear: [1] });
    const c = pushConsequences(pushed, pc);
    expect(c).toEqual({
      successes: 2,
      aptitudeDamage: 2,
      willpowerGained: 2,
      willpowerAfter: 5,
      willpowerCapped: false,
      gearDamage: 1,
    });
    expect(afterPushLoss(4, c.aptitudeDamage)).toBe(2);
    expect(afterPushLoss(2, c.gearDamage)).toBe(1);
  });

  it("B[6,6] S[6]: nothing to reroll, not pushable", () => {
    const faces: PoolFaces = { base: [6, 6], skill: [6], gear: [] };
    expect(isPushable(faces)).toBe(false);
    expect(pushableDice(faces)).toEqual([]);
    const dice = scripted([3]);
    expect(() => pushPool(faces, dice.reroll)).toThrow(RangeError);
    expect(dice.calls()).toBe(0);
    expect(() => pushOdds(faces)).toThrow(RangeError);
  });

  it("WP 9 and three base banes → WP 10, capped; an npc stays at 9", () => {
    const pushed: PoolFaces = { base: [1, 1, 1], skill: [], gear: [] };
    expect(pushConsequences(pushed, { willpower: 9, gainsWillpower: true })).toMatchObject({
      aptitudeDamage: 3,
      willpowerGained: 1,
      willpowerAfter: 10,
      willpowerCapped: true,
    });
    expect(pushConsequences(pushed, { willpower: 9, gainsWillpower: false })).toMatchObject({
      aptitudeDamage: 3,
      willpowerGained: 0,
      willpowerAfter: 9,
      willpowerCapped: false,
    });
    expect(afterPushLoss(2, 3)).toBe(0);
  });

  it("S[1,1] pushed to S[1,1]: 0 successes, no bane, no damage", () => {
    const dice = scripted([1, 1]);
    const pushed = pushPool({ base: [], skill: [1, 1], gear: [] }, dice.reroll);
    expect(dice.calls()).toBe(2);
    expect(pushed).toEqual({ base: [], skill: [1, 1], gear: [] });
    expect(pushConsequences(pushed, pc)).toEqual({
      successes: 0,
      aptitudeDamage: 0,
      willpowerGained: 0,
      willpowerAfter: 3,
      willpowerCapped: false,
      gearDamage: 0,
    });
  });
});

describe("RULES §3 reference odds, n = 3 base dice", () => {
  const allFirstRolls: number[][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) allFirstRolls.push([a, b, c]);

  it("unpushed: 1 − (5/6)³ = 0.421296", () => {
    const p = allFirstRolls.filter((base) => isPoolSuccess({ base, skill: [], gear: [] })).length / 216;
    expect(p).toBeCloseTo(1 - (5 / 6) ** 3, 12);
    expect(p).toBeCloseTo(0.421296, 6);
  });

  it("pushed only when the first roll has no 6: 1 − (13/18)³ = 0.623285", () => {
    let total = 0;
    for (const base of allFirstRolls) {
      const faces: PoolFaces = { base, skill: [], gear: [] };
      if (poolSuccesses(faces) > 0) total += 1;
      else if (isPushable(faces)) total += pushOdds(faces).successChance;
      // else B[1,1,1]: nothing to reroll, no success
    }
    expect(total / 216).toBeCloseTo(1 - (13 / 18) ** 3, 12);
    expect(total / 216).toBeCloseTo(0.623285, 6);
  });

  it("a pushed roll with no 6 and no 1 succeeds with 1 − (5/6)^n", () => {
    expect(pushOdds({ base: [2, 3, 5], skill: [], gear: [] }).successChance).toBeCloseTo(1 - (5 / 6) ** 3, 14);
    expect(pushOdds({ base: [2, 3, 5], skill: [], gear: [] }).expectedAptitudeDamage).toBeCloseTo(0.5, 14);
  });
});

describe("RULES §3 pushOdds", () => {
  it("counts kept 6s and kept 1s", () => {
    const faces: PoolFaces = { base: [6, 1, 4], skill: [1], gear: [1, 3] };
    const odds = pushOdds(faces, 2);
    expect(odds.rerolled).toBe(3);
    expect(odds.successChance).toBeCloseTo(1 - (5 / 6) ** 3, 14);
    expect(odds.expectedAptitudeDamage).toBeCloseTo(1 + 1 / 6, 14);
    expect(odds.expectedGearDamage).toBeCloseTo(1 + 1 / 6, 14);
    expect(pushOdds(faces, 1).successChance).toBe(1);
    expect(pushOdds(faces, 5).successChance).toBe(0);
  });

  it("equals exhaustive enumeration for small pools, required 1, 2 and 3", () => {
    const small = poolArb({ base: 4, skill: 3, gear: 3 }).filter((f) => {
      const n = pushableDice(f).length;
      return n >= 1 && n <= 5;
    });
    fc.assert(
      fc.property(small, fc.integer({ min: 1, max: 3 }), (faces, required) => {
        const m = pushableDice(faces).length;
        let hits = 0;
        let banes = 0;
        for (let code = 0; code < 6 ** m; code++) {
          const digits = Array.from({ length: m }, (_, k) => (Math.floor(code / 6 ** k) % 6) + 1);
          const pushed = pushPool(faces, scripted(digits).reroll);
          if (poolSuccesses(pushed) >= required) hits++;
          banes += pushConsequences(pushed, pc).aptitudeDamage;
        }
        const odds = pushOdds(faces, required);
        expect(odds.successChance).toBeCloseTo(hits / 6 ** m, 12);
        expect(odds.expectedAptitudeDamage).toBeCloseTo(banes / 6 ** m, 12);
      }),
      { numRuns: 60 },
    );
  });

  it("is a probability and falls as more successes are required", () => {
    fc.assert(
      fc.property(pushablePool, fc.integer({ min: 1, max: 6 }), (faces, r) => {
        const a = pushOdds(faces, r).successChance;
        const b = pushOdds(faces, r + 1).successChance;
        expect(a).toBeGreaterThanOrEqual(0);
        expect(a).toBeLessThanOrEqual(1);
        expect(b).toBeLessThanOrEqual(a + 1e-15);
      }),
    );
  });
});

describe("the roll dialogs' live odds (RULES §1, §3, §4, §6.1)", () => {
  /** P(at least `need` 6s on `n` fresh d6) by listing the 6^n outcomes. */
  function enumerated(n: number, need: number): number {
    let hits = 0;
    for (let code = 0; code < 6 ** n; code++) {
      let sixes = 0;
      for (let c = code, k = 0; k < n; k++, c = Math.floor(c / 6)) if (c % 6 === 5) sixes++;
      if (sixes >= need) hits++;
    }
    return hits / 6 ** n;
  }

  it("gives a fresh pool's chance exactly: 3 dice, 1 success → 1 − (5/6)³", () => {
    expect(freshPoolChance(3, 1)).toBeCloseTo(0.421296, 6);
    expect(freshPoolChance(3)).toBe(freshPoolChance(3, 1));
    expect(freshPoolChance(2, 3)).toBe(0);
    expect(freshPoolChance(2, 2)).toBeCloseTo(1 / 36, 14);
  });

  it("equals the listed outcomes for 1 to 5 dice and 1 to 4 successes", () => {
    for (let n = 1; n <= 5; n++)
      for (let need = 1; need <= 4; need++) expect(freshPoolChance(n, need)).toBeCloseTo(enumerated(n, need), 12);
  });

  it("is 0 with no die, counts a requirement under one as one, and refuses what is no count", () => {
    expect(freshPoolChance(0, 1)).toBe(0);
    expect(freshPoolChance(-2, 1)).toBe(0);
    expect(freshPoolChance(4, 0)).toBe(freshPoolChance(4, 1));
    expect(freshPoolChance(4, -3)).toBe(freshPoolChance(4, 1));
    expect(() => freshPoolChance(2.5, 1)).toThrow(/dice must be an integer/);
    expect(() => freshPoolChance(3, 1.5)).toThrow(/required successes must be an integer/);
    expect(() => freshPoolChance(3, Number.NaN)).toThrow(/required successes/);
  });

  it("gives a d10 roll-under's and a score test's chance from their rules", () => {
    expect(d10SuccessChance(7, true)).toBeCloseTo(0.7);
    expect(d10SuccessChance(13, true)).toBeCloseTo(0.9);
    expect(d10SuccessChance(13, false)).toBe(1);
    expect(scoreSuccessChance(6, 18)).toBe(1 / 36);
    expect(scoreSuccessChance(5, 12)).toBe(21 / 36);
    expect(scoreSuccessChance(10, 12)).toBe(1);
  });
});

describe("RULES §3 invariants", () => {
  it("poolSuccesses counts the 6s of every kind", () => {
    fc.assert(
      fc.property(poolArb({ base: 8, skill: 6, gear: 6 }), (f) => {
        const sixes = [...f.base, ...f.skill, ...f.gear].filter((x) => x === 6).length;
        expect(poolSuccesses(f)).toBe(sixes);
        expect(isPoolSuccess(f)).toBe(sixes >= 1);
      }),
    );
  });

  it("a push keeps 6s and base/gear 1s, keeps dice counts, rerolls every eligible die once", () => {
    fc.assert(
      fc.property(pushablePool, fc.array(d6, { minLength: 1, maxLength: 30 }), (faces, rolls) => {
        const before = structuredClone(faces);
        const dice = scripted(rolls);
        const pushed = pushPool(faces, dice.reroll);
        expect(faces).toEqual(before);
        expect(dice.calls()).toBe(pushableDice(faces).length);
        for (const kind of ["base", "skill", "gear"] as const) {
          expect(pushed[kind]).toHaveLength(faces[kind].length);
          faces[kind].forEach((face, i) => {
            if (face === 6 || (face === 1 && kind !== "skill")) expect(pushed[kind][i]).toBe(face);
          });
        }
      }),
    );
  });

  it("rerolls in order base, skill, gear, left to right", () => {
    const pushed = pushPool({ base: [2, 6, 3], skill: [1], gear: [5, 1, 4] }, scripted([1, 2, 3, 4, 5]).reroll);
    expect(pushed).toEqual({ base: [1, 6, 2], skill: [3], gear: [4, 1, 5] });
  });

  it("WP after a push never exceeds 10, and npcs gain none", () => {
    const wideArb = poolArb({ base: 12, skill: 4, gear: 4 });
    fc.assert(
      fc.property(wideArb, fc.integer({ min: 0, max: WILLPOWER_MAX }), fc.boolean(), (f, wp, gains) => {
        const c = pushConsequences(f, { willpower: wp, gainsWillpower: gains });
        expect(c.willpowerAfter).toBeLessThanOrEqual(WILLPOWER_MAX);
        expect(c.willpowerAfter).toBe(wp + c.willpowerGained);
        expect(c.willpowerGained).toBeLessThanOrEqual(c.aptitudeDamage);
        if (!gains) expect(c.willpowerGained).toBe(0);
        expect(c.aptitudeDamage).toBe(f.base.filter((x) => x === 1).length);
        expect(c.gearDamage).toBe(f.gear.filter((x) => x === 1).length);
      }),
    );
  });
});

describe("RULES §3 input validation", () => {
  const ok: PoolFaces = { base: [2], skill: [3], gear: [4] };
  it.each<[string, () => unknown, string]>([
    ["base face 7", () => poolSuccesses({ base: [7], skill: [], gear: [] }), "7"],
    ["gear face 0", () => isPushable({ base: [], skill: [], gear: [0] }), "0"],
    ["skill face 2.5", () => pushableDice({ base: [], skill: [2.5], gear: [] }), "2.5"],
    ["missing kind", () => poolSuccesses({ base: [1], skill: [] } as unknown as PoolFaces), "undefined"],
    ["reroll returning 9", () => pushPool(ok, () => 9), "9"],
    ["willpower 11", () => pushConsequences(ok, { willpower: 11, gainsWillpower: true }), "11"],
    ["willpower -1", () => pushConsequences(ok, { willpower: -1, gainsWillpower: true }), "-1"],
    [
      "gainsWillpower 'yes'",
      () => pushConsequences(ok, { willpower: 1, gainsWillpower: "yes" as unknown as boolean }),
      '"yes"',
    ],
    ["required 0", () => pushOdds(ok, 0), "0"],
    ["required 1.5", () => isPoolSuccess(ok, 1.5), "1.5"],
    ["negative loss", () => afterPushLoss(3, -2), "-2"],
  ])("%s throws a RangeError naming the value", (_label, call, shown) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(shown);
  });
});

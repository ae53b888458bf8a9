import { describe, expect, it } from "vitest";
import { pressureBreakdown } from "../../src/rules/pressure";
import { pushConsequences, pushOdds, type PoolFaces } from "../../src/rules/pool";
import { cancelTarget } from "../../src/rules/psy";
import {
  addTimelineCombatant,
  advancePointer,
  assertTimelineState,
  createTimeline,
  dueActions,
  loseFocusedActions,
  timelineDuration,
  type TimelineState,
} from "../../src/rules/timeline";
import { placesWithin } from "../../src/rules/places";
import { applyDamage } from "../../src/rules/damage";
import { thresholdTick } from "../../src/rules/threshold";
import { buildTotals } from "../../src/rules/scores";
import type { Attribute } from "../../src/rules/attribute-model";

// Edges of the rules that the examples of RULES.md do not reach: the other side of each
// comparison, the branch the examples never take, a result's field they do not read.

const pool = (base: number[], skill: number[] = [], gear: number[] = []): PoolFaces => ({ base, skill, gear });

describe("pools and pressure at their edges (RULES §2, §3)", () => {
  it("counts a 6 on a gear die as a success of the pushed roll, as on any die", () => {
    const pc = { willpower: 0, gainsWillpower: true };
    expect(pushConsequences(pool([2], [3], [6]), pc).successes).toBe(1);
    expect(pushConsequences(pool([6], [6], [6, 6]), pc).successes).toBe(4);
  });

  it("gives the exact odds of a long shot: twenty dice pushed for twenty sixes is 6^-20, not 0", () => {
    const odds = pushOdds(pool(Array.from({ length: 20 }, () => 3)), 20);
    expect(odds.rerolled).toBe(20);
    expect(odds.successChance / 6 ** -20).toBeCloseTo(1, 9);
    // And the near-certainty at the other end: at least one six among twenty.
    expect(pushOdds(pool(Array.from({ length: 20 }, () => 3)), 1).successChance).toBeCloseTo(1 - (5 / 6) ** 20, 14);
  });

  it("says a pressure bonus was capped only when the printed value lowered it", () => {
    expect(pressureBreakdown(1, "mou", 5)).toEqual({ face: 1, table: 2, halved: 2, bonus: 2, capped: false });
    expect(pressureBreakdown(1, "mou", 2)).toEqual({ face: 1, table: 2, halved: 2, bonus: 2, capped: false });
    expect(pressureBreakdown(1, "mou", 1)).toEqual({ face: 1, table: 2, halved: 2, bonus: 1, capped: true });
  });
});

describe("cancelling with a modifier (RULES §4, D-14)", () => {
  it("adds the modifier to level + 1 (+1 with concentration), whatever its sign", () => {
    expect(cancelTarget({ level: 3, modifier: 2 })).toBe(6);
    expect(cancelTarget({ level: 3, modifier: -2, concentration: true })).toBe(3);
  });
});

describe("the timeline at its edges (RULES §7.2)", () => {
  const start = () =>
    createTimeline([
      { id: "ana", position: 2 },
      { id: "bel", position: 4 },
    ]);
  /** A stored timeline with the pointer at 6 and two focused action markers of Ana, listed late one first. */
  const withActions = (): TimelineState =>
    assertTimelineState({
      pointer: 6,
      nextArrival: 4,
      entries: [
        { id: "ana", kind: "combatant", position: 6, arrival: 0 },
        { id: "late", kind: "action", position: 5, arrival: 1, ownerId: "ana", focused: true },
        { id: "bel", kind: "combatant", position: 8, arrival: 2 },
        { id: "early", kind: "action", position: 3, arrival: 3, ownerId: "ana", focused: true },
      ],
    });

  it("adds a combatant as a combatant marker with the next arrival stamp, last in its stack", () => {
    const added = addTimelineCombatant(start(), "cyr", 4);
    expect(added.entries.at(-1)).toEqual({ id: "cyr", kind: "combatant", position: 4, arrival: 2 });
    expect(added.nextArrival).toBe(3);
    const twice = addTimelineCombatant(added, "dan", 4);
    expect(twice.entries.at(-1)).toEqual({ id: "dan", kind: "combatant", position: 4, arrival: 3 });
    expect(assertTimelineState(twice)).toBe(twice);
  });

  it("lists the due action markers, and a focused owner's lost ones, in acting order", () => {
    expect(dueActions(withActions()).map((e) => e.id)).toEqual(["early", "late"]);
    const { state, lost } = loseFocusedActions(withActions(), "ana");
    expect(lost.map((e) => e.id)).toEqual(["early", "late"]);
    expect(state.entries.map((e) => e.id)).toEqual(["ana", "bel"]);
  });

  it("keeps the very same state when the pointer does not move", () => {
    const state = withActions();
    const step = advancePointer(state);
    expect(step.state).toBe(state);
    expect(step.thresholds).toEqual([]);
  });

  it("costs a power its use cost, one more only with concentration, and a cancel 3 (+1)", () => {
    expect(timelineDuration({ kind: "power", useCost: 2, concentration: false })).toBe(2);
    expect(timelineDuration({ kind: "power", useCost: 2, concentration: true })).toBe(3);
    expect(timelineDuration({ kind: "cancel", concentration: false })).toBe(3);
    expect(timelineDuration({ kind: "cancel", concentration: true })).toBe(4);
  });
});

describe("places at their edges (RULES §7.4)", () => {
  it("lists the places within reach nearest first, and by id among those as near", () => {
    expect(placesWithin({ hub: ["c", "a", "b"], a: ["z"] }, "hub", 2)).toEqual(["hub", "a", "b", "c", "z"]);
    expect(placesWithin({ hub: ["b", "a"], b: ["y"], a: ["x"] }, "hub", 2)).toEqual(["hub", "a", "b", "x", "y"]);
  });
});

describe("force field, armour and threshold at their edges (RULES §6.2, §6.3, §7.3)", () => {
  const target = { pv: 10, armour: null, gauges: { disruptif: 0, incendiaire: 0 } };

  it("an active field at 0 renfort absorbs nothing and does not stop the hit's gauges", () => {
    const result = applyDamage({
      damage: 2,
      attack: [{ key: "incendiary", x: 1 }],
      target: { ...target, field: { renfort: 0, max: 3, active: true } },
    });
    expect(result.field).toMatchObject({ active: false, absorbed: 0, after: 2 });
    expect(result.penetrated).toBe(true);
    expect(result.target).toMatchObject({ pv: 8, gauges: { disruptif: 0, incendiaire: 1 } });
  });

  it("a threshold turns a full but switched-off field back on, and keeps the armour's attributes", () => {
    const off = thresholdTick({ ...target, field: { renfort: 3, max: 3, active: false } });
    expect(off.state.field).toEqual({ renfort: 3, max: 3, active: true });
    expect(off.events).toEqual([{ type: "fieldRestored", renfortBefore: 3, renfortAfter: 3, reEnabled: true }]);
    const attributes: Attribute[] = [{ key: "resistant", kind: "incendiary", y: 1 }];
    const armoured = thresholdTick({ ...target, field: null, armour: { renfort: 1, attributes, adaptiveBonus: 0 } });
    expect(armoured.state.armour).toEqual({ renfort: 1, attributes, adaptiveBonus: 0 });
  });
});

describe("the build check (RULES §1, 004 P.1.1)", () => {
  const apt = { puissance: 4, vivacite: 4, volonte: 4, intellect: 3 };
  const sub = { force: 2, robustesse: 1, precision: 1, reflexe: 1, vigilance: 1, sangFroid: 1, determination: 1 };

  it("is complete only when both totals are on target", () => {
    expect(
      buildTotals(apt, { ...sub, perspicacite: 1, scholastique: 1, technoMaitrise: 1, savoirsInterdits: 1 }),
    ).toMatchObject({
      aptitudes: { total: 15, difference: 0 },
      subAptitudes: { total: 12, difference: 0 },
      complete: true,
    });
    expect(buildTotals(apt, sub).complete).toBe(false);
    expect(buildTotals({ ...apt, intellect: 4 }, { ...sub, perspicacite: 5 }).complete).toBe(false);
  });
});

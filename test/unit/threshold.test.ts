import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { burnResistance, thresholdArmour, thresholdTick, type ThresholdState } from "../../src/rules/threshold";
import type { Attribute } from "../../src/rules/attributes";

function state(over: Partial<ThresholdState> = {}): ThresholdState {
  return { pv: 10, field: null, armour: null, gauges: { disruptif: 0, incendiaire: 0 }, ...over };
}

describe("thresholdTick — force field (RULES §7.3, §6.3)", () => {
  it("a disabled field regains its full renfort and re-enables", () => {
    const r = thresholdTick(state({ field: { renfort: 0, max: 4, active: false } }));
    expect(r.state.field).toEqual({ renfort: 4, max: 4, active: true });
    expect(r.events).toEqual([{ type: "fieldRestored", renfortBefore: 0, renfortAfter: 4, reEnabled: true }]);
  });

  it("a worn-down field is topped up; a full one reports nothing", () => {
    expect(thresholdTick(state({ field: { renfort: 1, max: 4, active: true } })).events).toEqual([
      { type: "fieldRestored", renfortBefore: 1, renfortAfter: 4, reEnabled: false },
    ]);
    const full = thresholdTick(state({ field: { renfort: 4, max: 4, active: true } }));
    expect(full.events).toEqual([]);
    expect(full.state.field).toEqual({ renfort: 4, max: 4, active: true });
  });
});

describe("thresholdTick — Incendiaire and Disruptif (RULES §6.4, §7.3, D-30)", () => {
  it("burns the difference when the gauge exceeds the armour, then decays", () => {
    const armour = { renfort: 2, attributes: [], adaptiveBonus: 0 };
    const r = thresholdTick(state({ armour, gauges: { disruptif: 0, incendiaire: 5 } }));
    expect(r.state.pv).toBe(7);
    expect(r.state.gauges.incendiaire).toBe(4);
    expect(r.events).toEqual([
      { type: "burn", gauge: 5, armour: 2, burn: 3, resisted: 0, pvBefore: 10, pvLost: 3, pvAfter: 7 },
      { type: "incendiaryDecay", before: 5, after: 4 },
    ]);
  });

  it("does not burn when the gauge equals or is below the armour, but still decays (D-30)", () => {
    const armour = { renfort: 3, attributes: [], adaptiveBonus: 0 };
    const equal = thresholdTick(state({ armour, gauges: { disruptif: 0, incendiaire: 3 } }));
    expect(equal.state.pv).toBe(10);
    expect(equal.state.gauges.incendiaire).toBe(2);
    expect(equal.events).toEqual([{ type: "incendiaryDecay", before: 3, after: 2 }]);
  });

  it("without armour any gauge burns in full", () => {
    const r = thresholdTick(state({ gauges: { disruptif: 0, incendiaire: 2 } }));
    expect(r.state.pv).toBe(8);
  });

  it("the armour compared is renfort − Disruptif gauge (before it decays) + Adaptatif bonus", () => {
    const s = state({
      armour: { renfort: 4, attributes: [], adaptiveBonus: 1 },
      gauges: { disruptif: 2, incendiaire: 5 },
    });
    expect(thresholdArmour(s)).toBe(3);
    const r = thresholdTick(s);
    expect(r.state.pv).toBe(8);
    expect(r.state.gauges).toEqual({ disruptif: 1, incendiaire: 4 });
    expect(r.events.map((e) => e.type)).toEqual(["burn", "incendiaryDecay", "disruptiveDecay"]);
  });

  it("PV never go below 0", () => {
    const r = thresholdTick(state({ pv: 1, gauges: { disruptif: 0, incendiaire: 6 } }));
    expect(r.state.pv).toBe(0);
    expect(r.events[0]).toMatchObject({ type: "burn", burn: 6, pvLost: 1, pvAfter: 0 });
  });

  it("D-36: Résistant Incendiaire Y takes Y off each burn, never below 0; other kinds do not", () => {
    const armour = (attributes: Attribute[]) => ({ renfort: 1, attributes, adaptiveBonus: 0 });
    // Armure lourde de siège: Résistant Incendiaire 2. Gauge 5 against renfort 1: burn 4 − 2 = 2.
    const siege = thresholdTick(
      state({
        armour: armour([{ key: "resistant", kind: "incendiary", y: 2 }]),
        gauges: { disruptif: 0, incendiaire: 5 },
      }),
    );
    expect(siege.state.pv).toBe(8);
    expect(siege.events[0]).toEqual({
      type: "burn",
      gauge: 5,
      armour: 1,
      burn: 4,
      resisted: 2,
      pvBefore: 10,
      pvLost: 2,
      pvAfter: 8,
    });
    expect(siege.state.gauges.incendiaire).toBe(4);
    // A burn smaller than Y is stopped whole; the gauge still decays.
    const stopped = thresholdTick(
      state({
        armour: armour([{ key: "resistant", kind: "incendiary", y: 3 }]),
        gauges: { disruptif: 0, incendiaire: 3 },
      }),
    );
    expect(stopped.state.pv).toBe(10);
    expect(stopped.events[0]).toMatchObject({ type: "burn", burn: 2, resisted: 2, pvLost: 0 });
    expect(stopped.state.gauges.incendiaire).toBe(2);
    // Résistant of another kind does nothing to a burn.
    const other = thresholdTick(
      state({ armour: armour([{ key: "resistant", kind: "melee", y: 3 }]), gauges: { disruptif: 0, incendiaire: 3 } }),
    );
    expect(other.state.pv).toBe(8);
    expect(burnResistance(state({ armour: armour([{ key: "resistant", kind: "melee", y: 3 }]) }))).toBe(0);
    expect(burnResistance(state())).toBe(0);
  });

  it("the order is field, burn, Incendiaire decay, Disruptif decay", () => {
    const r = thresholdTick(
      state({ field: { renfort: 0, max: 2, active: false }, gauges: { disruptif: 1, incendiaire: 1 } }),
    );
    expect(r.events.map((e) => e.type)).toEqual(["fieldRestored", "burn", "incendiaryDecay", "disruptiveDecay"]);
  });

  it("an empty state changes nothing", () => {
    const s = state();
    expect(thresholdTick(s)).toEqual({ state: s, events: [] });
  });
});

describe("thresholdTick — input checks (RULES §7.3)", () => {
  it("never mutates its input", () => {
    const s = state({
      field: { renfort: 0, max: 3, active: false },
      armour: { renfort: 1, attributes: [{ key: "adaptive", x: 1 }], adaptiveBonus: 2 },
      gauges: { disruptif: 2, incendiaire: 4 },
    });
    const copy = structuredClone(s);
    thresholdTick(Object.freeze(s));
    expect(s).toEqual(copy);
  });

  it("rejects bad values, naming them", () => {
    expect(() => thresholdTick(state({ pv: 1.5 }))).toThrow(/PV.*1\.5/);
    expect(() => thresholdTick(state({ gauges: { disruptif: 0, incendiaire: -3 } }))).toThrow(/Incendiaire gauge.*-3/);
    expect(() => thresholdTick(state({ armour: { renfort: -1, attributes: [], adaptiveBonus: 0 } }))).toThrow(
      /armour renfort.*-1/,
    );
  });
});

const small = fc.nat({ max: 12 });
const stateArb: fc.Arbitrary<ThresholdState> = fc.record({
  pv: fc.nat({ max: 30 }),
  field: fc.option(
    fc
      .tuple(small, small, fc.boolean())
      .map(([a, b, active]) => ({ renfort: Math.min(a, b), max: Math.max(a, b), active })),
    { nil: null },
  ),
  armour: fc.option(fc.record({ renfort: small, adaptiveBonus: small, attributes: fc.constant<Attribute[]>([]) }), {
    nil: null,
  }),
  gauges: fc.record({ disruptif: small, incendiaire: small }),
});

describe("thresholdTick — properties (RULES §7.3)", () => {
  it("nothing negative; gauges decay by exactly 1 down to 0; PV never rise; the field is full", () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const { state: after } = thresholdTick(s);
        expect(after.pv).toBeGreaterThanOrEqual(0);
        expect(after.pv).toBeLessThanOrEqual(s.pv);
        expect(after.gauges.disruptif).toBe(Math.max(0, s.gauges.disruptif - 1));
        expect(after.gauges.incendiaire).toBe(Math.max(0, s.gauges.incendiaire - 1));
        if (s.field && after.field) {
          expect(after.field.renfort).toBe(s.field.max);
          expect(after.field.active).toBe(s.field.max > 0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("monotone decay: after n ticks every gauge is max(0, g − n), and a higher gauge never burns less", () => {
    fc.assert(
      fc.property(stateArb, fc.nat({ max: 15 }), (s, n) => {
        let cur = s;
        for (let i = 0; i < n; i += 1) cur = thresholdTick(cur).state;
        expect(cur.gauges.incendiaire).toBe(Math.max(0, s.gauges.incendiaire - n));
        expect(cur.gauges.disruptif).toBe(Math.max(0, s.gauges.disruptif - n));
        const hotter = { ...s, gauges: { ...s.gauges, incendiaire: s.gauges.incendiaire + 1 } };
        expect(thresholdTick(hotter).state.pv).toBeLessThanOrEqual(thresholdTick(s).state.pv);
      }),
    );
  });
});

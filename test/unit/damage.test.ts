import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  applyDamage,
  hitDamage,
  type ArmourState,
  type DamageInput,
  type DamageTarget,
  type ForceFieldState,
} from "../../src/rules/damage";
import type { Attribute } from "../../src/rules/attributes";

function target(over: Partial<DamageTarget> = {}): DamageTarget {
  return { pv: 10, field: null, armour: null, gauges: { disruptif: 0, incendiaire: 0 }, ...over };
}

function field(renfort: number, max: number, active = true): ForceFieldState {
  return { renfort, max, active };
}

function armourOf(renfort: number, attributes: Attribute[] = [], adaptiveBonus = 0): ArmourState {
  return { renfort, attributes, adaptiveBonus };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe("hitDamage (D-35)", () => {
  it("is the weapon's current FOR: printed FOR plus the pressure bonus in force", () => {
    expect(hitDamage(5)).toBe(5);
    expect(hitDamage(5, 3)).toBe(8);
    expect(hitDamage(0, 0)).toBe(0);
    expect(() => hitDamage(-1)).toThrow(/FOR/);
    expect(() => hitDamage(2, 1.5)).toThrow(/pressure bonus/);
  });
});

describe("applyDamage — force field (RULES §6.2 step 1)", () => {
  it("absorbs min(D, renfort), loses that much, and is disabled at 0", () => {
    const r = applyDamage({
      damage: 5,
      attack: [],
      target: target({
        field: { renfort: 3, max: 3, active: true },
        armour: { renfort: 1, attributes: [], adaptiveBonus: 0 },
      }),
    });
    expect(r.field).toEqual({
      active: true,
      before: 5,
      absorbed: 3,
      after: 2,
      renfortBefore: 3,
      renfortAfter: 0,
      disabled: true,
    });
    expect(r.armour).toMatchObject({ effective: 1, before: 2, reduced: 1, after: 1 });
    expect(r.pv).toEqual({ before: 10, damage: 1, lost: 1, after: 9 });
    expect(r.penetrated).toBe(true);
    expect(r.target.field).toEqual({ renfort: 0, max: 3, active: false });
    expect(r.target.pv).toBe(9);
  });

  it("a field that absorbs everything is not penetrated: Disruptif and Incendiaire do nothing", () => {
    const r = applyDamage({
      damage: 3,
      attack: [
        { key: "incendiary", x: 2 },
        { key: "disruptive", x: 1 },
      ],
      target: target({ field: { renfort: 5, max: 5, active: true } }),
    });
    expect(r.field).toMatchObject({ absorbed: 3, renfortAfter: 2, disabled: false });
    expect(r.penetrated).toBe(false);
    expect(r.gauges.incendiaire).toEqual({ before: 0, added: 0, after: 0 });
    expect(r.gauges.disruptif).toEqual({ before: 0, added: 0, after: 0 });
    expect(r.target.field).toEqual({ renfort: 2, max: 5, active: true });
    expect(r.target.pv).toBe(10);
  });

  it("exactly enough damage to empty the field still does not penetrate it", () => {
    const r = applyDamage({ damage: 4, attack: [{ key: "incendiary", x: 1 }], target: target({ field: field(4, 4) }) });
    expect(r.field?.disabled).toBe(true);
    expect(r.penetrated).toBe(false);
    expect(r.target.gauges.incendiaire).toBe(0);
  });

  it("1 point past the field penetrates it", () => {
    const r = applyDamage({ damage: 5, attack: [{ key: "incendiary", x: 2 }], target: target({ field: field(4, 4) }) });
    expect(r.penetrated).toBe(true);
    expect(r.target.gauges.incendiaire).toBe(2);
  });

  it("a disabled field absorbs nothing and counts as no active field", () => {
    const r = applyDamage({
      damage: 2,
      attack: [{ key: "disruptive", x: 1 }],
      target: target({ field: field(0, 4, false) }),
    });
    expect(r.field).toMatchObject({ active: false, absorbed: 0, disabled: false });
    expect(r.penetrated).toBe(true);
    expect(r.target.gauges.disruptif).toBe(1);
    expect(r.target.field).toEqual({ renfort: 0, max: 4, active: false });
  });

  it("no field at all: even a 0-damage hit penetrates", () => {
    const r = applyDamage({ damage: 0, attack: [{ key: "incendiary", x: 3 }], target: target() });
    expect(r.field).toBeNull();
    expect(r.penetrated).toBe(true);
    expect(r.target.gauges.incendiaire).toBe(3);
  });
});

describe("applyDamage — armour (RULES §6.2 step 2)", () => {
  it("effective renfort = renfort − Pénétrant − Disruptif gauge + Adaptatif bonus", () => {
    const r = applyDamage({
      damage: 6,
      attack: [{ key: "penetrating", x: 2 }],
      target: target({
        armour: { renfort: 4, attributes: [], adaptiveBonus: 1 },
        gauges: { disruptif: 1, incendiaire: 0 },
      }),
    });
    expect(r.armour).toEqual({
      renfort: 4,
      penetrating: 2,
      disruptif: 1,
      adaptiveBonus: 1,
      effective: 2,
      before: 6,
      reduced: 2,
      after: 4,
    });
    expect(r.target.pv).toBe(6);
  });

  it("never goes below 0 (Pénétrant larger than the armour)", () => {
    const r = applyDamage({
      damage: 3,
      attack: [{ key: "penetrating", x: 5 }],
      target: target({ armour: armourOf(1) }),
    });
    expect(r.armour?.effective).toBe(0);
    expect(r.armour?.reduced).toBe(0);
    expect(r.target.pv).toBe(7);
  });

  it("a hit's own Disruptif counts only from the next hit", () => {
    const t = target({ armour: { renfort: 3, attributes: [], adaptiveBonus: 0 } });
    const first = applyDamage({ damage: 5, attack: [{ key: "disruptive", x: 2 }], target: t });
    expect(first.armour?.effective).toBe(3);
    expect(first.target.gauges.disruptif).toBe(2);
    const second = applyDamage({ damage: 5, attack: [], target: first.target });
    expect(second.armour?.effective).toBe(1);
  });
});

describe("applyDamage — Résistant (RULES §6.2 step 3)", () => {
  const armour = (attributes: Attribute[]) => ({ renfort: 1, attributes, adaptiveBonus: 0 });

  it("Résistant Incendiaire 2 against an incendiary attack", () => {
    const r = applyDamage({
      damage: 6,
      attack: [
        { key: "incendiary", x: 1 },
        { key: "range", x: 3 },
      ],
      target: target({ armour: armour([{ key: "resistant", kind: "incendiary", y: 2 }]) }),
    });
    expect(r.resistant).toEqual({ kinds: ["incendiary", "range"], value: 2, before: 5, reduced: 2, after: 3 });
    expect(r.target.pv).toBe(7);
  });

  it("Résistant Corps-à-corps only against attacks without Portée; Résistant Portée only with it", () => {
    const melee = target({ armour: armour([{ key: "resistant", kind: "melee", y: 2 }]) });
    expect(applyDamage({ damage: 5, attack: [], target: melee }).resistant?.reduced).toBe(2);
    expect(applyDamage({ damage: 5, attack: [{ key: "range", x: 2 }], target: melee }).resistant?.reduced).toBe(0);
    const ranged = target({ armour: armour([{ key: "resistant", kind: "range", y: 1 }]) });
    expect(applyDamage({ damage: 5, attack: [{ key: "range", x: 0 }], target: ranged }).resistant?.reduced).toBe(1);
    expect(applyDamage({ damage: 5, attack: [], target: ranged }).resistant?.reduced).toBe(0);
  });

  it("every matching Résistant applies; never below 0", () => {
    const t = target({
      armour: armour([
        { key: "resistant", kind: "area", y: 1 },
        { key: "resistant", kind: "disruptive", y: 2 },
        { key: "resistant", kind: "incendiary", y: 4 },
      ]),
    });
    const r = applyDamage({
      damage: 3,
      attack: [
        { key: "area", self: false },
        { key: "disruptive", x: 1 },
      ],
      target: t,
    });
    expect(r.resistant).toMatchObject({ value: 3, before: 2, reduced: 2, after: 0 });
    expect(r.pv.lost).toBe(0);
  });
});

describe("applyDamage — PV, gauges, Adaptatif (RULES §6.2 step 4, §6.4)", () => {
  it("PV never go below 0; the excess is reported", () => {
    const r = applyDamage({ damage: 10, attack: [], target: target({ pv: 2 }) });
    expect(r.pv).toEqual({ before: 2, damage: 10, lost: 2, after: 0 });
    expect(r.target.pv).toBe(0);
  });

  it("gauges add the attack's X on a penetrating hit", () => {
    const r = applyDamage({
      damage: 1,
      attack: [
        { key: "disruptive", x: 2 },
        { key: "incendiary", x: 3 },
      ],
      target: target({ gauges: { disruptif: 1, incendiaire: 1 } }),
    });
    expect(r.gauges).toEqual({
      disruptif: { before: 1, added: 2, after: 3 },
      incendiaire: { before: 1, added: 3, after: 4 },
    });
  });

  it("Adaptatif X: the armour gains X each time it reduces a PV loss", () => {
    const t = target({ armour: { renfort: 2, attributes: [{ key: "adaptive", x: 1 }], adaptiveBonus: 0 } });
    const first = applyDamage({ damage: 5, attack: [], target: t });
    expect(first.adaptive).toEqual({ before: 0, gained: 1, after: 1 });
    expect(first.target.armour?.adaptiveBonus).toBe(1);
    const second = applyDamage({ damage: 5, attack: [], target: first.target });
    expect(second.armour?.effective).toBe(3);
    expect(second.target.armour?.adaptiveBonus).toBe(2);
  });

  it("Adaptatif gains nothing when the armour stopped nothing", () => {
    const adaptive = armourOf(2, [{ key: "adaptive", x: 1 }]);
    const fieldAte = applyDamage({ damage: 3, attack: [], target: target({ armour: adaptive, field: field(5, 5) }) });
    expect(fieldAte.adaptive?.gained).toBe(0);
    const pierced = applyDamage({
      damage: 3,
      attack: [{ key: "penetrating", x: 2 }],
      target: target({ armour: adaptive }),
    });
    expect(pierced.adaptive?.gained).toBe(0);
  });

  it("Adaptatif counts a PV loss stopped by the armour's Résistant", () => {
    const armour = armourOf(0, [
      { key: "adaptive", x: 2 },
      { key: "resistant", kind: "melee", y: 1 },
    ]);
    expect(applyDamage({ damage: 3, attack: [], target: target({ armour }) }).adaptive?.gained).toBe(2);
  });
});

describe("applyDamage — input checks (RULES §6.2)", () => {
  it("never mutates its input", () => {
    const input: DamageInput = deepFreeze({
      damage: 7,
      attack: [
        { key: "incendiary", x: 2 },
        { key: "penetrating", x: 1 },
      ],
      target: target({
        field: { renfort: 2, max: 3, active: true },
        armour: { renfort: 2, attributes: [{ key: "adaptive", x: 1 }], adaptiveBonus: 1 },
        gauges: { disruptif: 1, incendiaire: 1 },
      }),
    });
    const copy = structuredClone(input);
    const r = applyDamage(input);
    expect(input).toEqual(copy);
    expect(r.target.armour?.attributes).not.toBe(input.target.armour?.attributes);
  });

  it("rejects bad values, naming them", () => {
    expect(() => applyDamage({ damage: -1, attack: [], target: target() })).toThrow(/damage.*-1/);
    expect(() => applyDamage({ damage: 1.5, attack: [], target: target() })).toThrow(/damage.*1\.5/);
    expect(() => applyDamage({ damage: 1, attack: [], target: target({ pv: -2 }) })).toThrow(/PV.*-2/);
    expect(() =>
      applyDamage({ damage: 1, attack: [], target: target({ field: { renfort: 5, max: 3, active: true } }) }),
    ).toThrow(/force field renfort.*5/);
    expect(() =>
      applyDamage({ damage: 1, attack: [], target: target({ gauges: { disruptif: -1, incendiaire: 0 } }) }),
    ).toThrow(/Disruptif gauge.*-1/);
    expect(() => applyDamage({ damage: 1, attack: [{ key: "penetrating", x: -2 }], target: target() })).toThrow(
      /Pénétrant X.*-2/,
    );
  });
});

const small = fc.nat({ max: 12 });
const attackArb = fc
  .record({ pen: small, dis: small, inc: small, range: fc.boolean(), area: fc.boolean() })
  .map(({ pen, dis, inc, range, area }) => {
    const attack: Attribute[] = [];
    if (pen) attack.push({ key: "penetrating", x: pen });
    if (dis) attack.push({ key: "disruptive", x: dis });
    if (inc) attack.push({ key: "incendiary", x: inc });
    if (range) attack.push({ key: "range", x: 2 });
    if (area) attack.push({ key: "area", self: false });
    return attack;
  });
const fieldArb = fc.option(
  fc
    .tuple(small, small, fc.boolean())
    .map(([a, b, active]) => ({ renfort: Math.min(a, b), max: Math.max(a, b), active })),
  { nil: null },
);
const armourArb = fc.option(
  fc.record({
    renfort: small,
    adaptiveBonus: small,
    attributes: fc
      .tuple(small, fc.constantFrom("incendiary", "disruptive", "area", "range", "melee" as const), small)
      .map(([adapt, kind, y]): Attribute[] => [
        { key: "adaptive", x: adapt },
        { key: "resistant", kind, y },
      ]),
  }),
  { nil: null },
);
const damageTargetArb: fc.Arbitrary<DamageTarget> = fc.record({
  pv: fc.nat({ max: 30 }),
  field: fieldArb,
  armour: armourArb,
  gauges: fc.record({ disruptif: small, incendiaire: small }),
});
const inputArb: fc.Arbitrary<DamageInput> = fc.record({
  damage: fc.nat({ max: 40 }),
  attack: attackArb,
  target: damageTargetArb,
});

describe("applyDamage — properties (RULES §6.2)", () => {
  it("nothing negative; field within 0…max; every point of D accounted for", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = applyDamage(input);
        const absorbed = r.field?.absorbed ?? 0;
        const reduced = r.armour?.reduced ?? 0;
        const resisted = r.resistant?.reduced ?? 0;
        for (const n of [absorbed, reduced, resisted, r.pv.damage, r.pv.lost]) expect(n).toBeGreaterThanOrEqual(0);
        expect(absorbed + reduced + resisted + r.pv.damage).toBe(input.damage);
        expect(r.pv.lost).toBeLessThanOrEqual(r.pv.damage);
        expect(r.target.pv).toBe(input.target.pv - r.pv.lost);
        expect(r.target.pv).toBeGreaterThanOrEqual(0);
        expect(r.target.gauges.disruptif).toBeGreaterThanOrEqual(input.target.gauges.disruptif);
        expect(r.target.gauges.incendiaire).toBeGreaterThanOrEqual(input.target.gauges.incendiaire);
        if (r.target.field) {
          expect(r.target.field.renfort).toBeGreaterThanOrEqual(0);
          expect(r.target.field.renfort).toBeLessThanOrEqual(r.target.field.max);
          if (r.target.field.active) expect(r.target.field.renfort).toBeGreaterThan(0);
        }
        if (!r.penetrated) {
          expect(r.target.gauges).toEqual(input.target.gauges);
          expect(r.pv.damage).toBe(0);
        }
        if (r.target.armour)
          expect(r.target.armour.adaptiveBonus).toBeGreaterThanOrEqual(input.target.armour?.adaptiveBonus ?? 0);
      }),
      { numRuns: 1000 },
    );
  });

  it("more damage never costs fewer PV", () => {
    fc.assert(
      fc.property(inputArb, fc.nat({ max: 10 }), (input, extra) => {
        const a = applyDamage(input);
        const b = applyDamage({ ...input, damage: input.damage + extra });
        expect(b.pv.lost).toBeGreaterThanOrEqual(a.pv.lost);
      }),
    );
  });
});

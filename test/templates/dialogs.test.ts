import { describe, expect, it } from "vitest";
import { createTemplateHarness, textOf } from "./harness";
import { DIALOG_SAMPLES } from "./dialog-scenarios";
import { poolChance, d10Chance } from "../../src/applications/dialogs/odds";

// Every roll dialog renders in strict mode in both languages, names its fields, labels every
// input, escapes user text; the live odds come from the rules.

describe.each(["fr", "en"] as const)("roll dialogs in %s", (lang) => {
  const harness = createTemplateHarness(lang);
  it.each(DIALOG_SAMPLES.map((s) => [s.name, s] as const))("%s", (_name, sample) => {
    const html = harness.render(sample.template, sample.context);
    for (const bad of ["undefined", "[object Object]", "NaN", "TACTICA."]) expect(html, bad).not.toContain(bad);
    expect(html).not.toMatch(/<Vex>|<laser>|<mental>/);
    const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(sample.fields);
    for (const [, id] of html.matchAll(/<(?:input|select)[^>]*id="([^"]+)"/g)) expect(html).toContain(`for="${id}"`);
    expect(textOf(html).length).toBeGreaterThan(0);
  });
});

describe("dialog odds (from the rules)", () => {
  it("gives a fresh pool's chance: 3 dice, 1 success → 1 − (5/6)³", () => {
    expect(poolChance(3, 1)).toBeCloseTo(0.421296, 6);
    expect(poolChance(0, 1)).toBe(0);
    expect(poolChance(2, 3)).toBe(0);
  });
  it("gives a d10 roll-under chance, a natural 10 failing for psy", () => {
    expect(d10Chance(7, true)).toBeCloseTo(0.7);
    expect(d10Chance(13, true)).toBeCloseTo(0.9);
    expect(d10Chance(13, false)).toBe(1);
  });
});

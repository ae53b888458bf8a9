import { beforeEach, describe, expect, it } from "vitest";
import { collectStrings, flattenKeys, loadLang } from "../helpers/lang";
import type { FakeFoundry } from "./fake";
import { loadWorld } from "./world";
import { isFakeV14 } from "./fake-generation";

// The real entry module, loaded into the Foundry fake (see fake.ts for what the fake is).
const SETTINGS = [
  "module.pressure",
  "module.pool",
  "module.psy",
  "module.morale",
  "module.tactical",
  "nat10",
  "degreeSize",
  "pushScores",
  "stunLiteral",
  "combatMode",
  "thresholdEvery",
  "keepEndedPressure",
  "schemaVersion",
];

let fake: FakeFoundry;
const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));

beforeEach(async () => {
  ({ fake } = await loadWorld("fr"));
});

describe("entry module on init", () => {
  it("registers every world setting of RULES.md with localised name and hint", () => {
    // Core's own settings (the fake registers the message mode ones) are not Tactica's.
    const ours = [...fake.settings.settings.values()].filter((config) => config.namespace === "tactica");
    expect(ours.map((config) => `tactica.${config.key}`).sort()).toEqual(SETTINGS.map((s) => `tactica.${s}`).sort());
    for (const config of ours) {
      expect(fr.has(config.name!), config.name).toBe(true);
      expect(en.has(config.name!), config.name).toBe(true);
      if (config.config) {
        expect(fr.has(config.hint!), config.hint).toBe(true);
        expect(en.has(config.hint!), config.hint).toBe(true);
      }
      for (const label of Object.values(config.choices ?? {})) expect(fr.has(label) && en.has(label), label).toBe(true);
    }
  });

  it("gives the settings the defaults RULES.md names", () => {
    const get = (key: string) => fake.settings.get("tactica", key);
    expect(get("nat10")).toBe(false);
    expect(get("degreeSize")).toBe(5);
    expect(get("pushScores")).toBe(false);
    expect(get("stunLiteral")).toBe(false);
    expect(get("combatMode")).toBe("tours");
    expect(get("thresholdEvery")).toBe(10);
    for (const m of ["pressure", "pool", "psy", "morale", "tactical"]) expect(get(`module.${m}`)).toBe(true);
    // Tactica's own: ended pressure bonuses are deleted unless the world keeps them (v14 only, shown there only).
    expect(get("keepEndedPressure")).toBe(false);
    const keep = fake.settings.settings.get("tactica.keepEndedPressure");
    expect(keep?.config).toBe(isFakeV14());
    expect(fr.has(keep!.hint!) && en.has(keep!.hint!)).toBe(true);
  });

  it("refuses a combat mode that is not a choice", async () => {
    await expect(fake.settings.set("tactica", "combatMode", "blitz")).rejects.toThrow(/invalid choice/);
  });

  it("publishes CONFIG.TACTICA whose every label key exists in both languages", () => {
    const config = fake.CONFIG.TACTICA as Record<string, unknown>;
    expect(Object.keys(config.profile as object)).toEqual([
      "mou",
      "ini",
      "att",
      "def",
      "tir",
      "for",
      "end",
      "co",
      "peur",
      "ac",
      "pv",
    ]);
    expect(Object.values(config.aptitudes as Record<string, { glyph: string }>).map((a) => a.glyph)).toEqual([
      "🟫",
      "🟥",
      "🟩",
      "🟦",
    ]);
    const keys = collectStrings(config).filter((s) => s.value.startsWith("TACTICA."));
    expect(keys.length).toBeGreaterThan(50);
    const missing = keys.filter((k) => !fr.has(k.value) || !en.has(k.value)).map((k) => `${k.path}: ${k.value}`);
    expect(missing).toEqual([]);
  });

  it("registers every roll class in CONFIG.Dice.rolls, by its own name", () => {
    const rolls = (fake.CONFIG.Dice as { rolls: { name: string }[] }).rolls.map((r) => r.name);
    for (const name of ["PressureRoll", "PoolRoll", "PsyRoll", "ProfileTest", "ScoreRoll"])
      expect(rolls).toContain(name);
  });

  it("preloads every template the system ships, and only existing ones", async () => {
    const { templateFiles } = await import("../templates/harness");
    const shipped = templateFiles().map((f) => `systems/tactica/${f}`);
    expect([...fake.preloaded].sort()).toEqual(shipped);
  });

  it("exposes the rules API as game.tactica.rules", () => {
    const api = (fake.game as { tactica?: { rules: Record<string, unknown> } }).tactica;
    expect(typeof api?.rules.pressureBonus).toBe("function");
    const pressureBonus = api?.rules.pressureBonus as (f: number, t: string, p: number) => number;
    expect(pressureBonus(5, "mou", 3)).toBe(3);
  });

  it("lists every roll method of the actor in game.tactica.actions, each calling the actor's own method", async () => {
    const { ROLL_METHODS } = await import("../../src/documents/actor");
    const actions = (fake.game as { tactica?: { actions: Record<string, unknown> } }).tactica?.actions ?? {};
    expect(Object.keys(actions).sort()).toEqual([...ROLL_METHODS, "moveAction"].sort());
    const calls: unknown[][] = [];
    const actor = Object.fromEntries(ROLL_METHODS.map((m) => [m, (...args: unknown[]) => calls.push([m, ...args])]));
    for (const method of ROLL_METHODS)
      (actions[method] as (...a: unknown[]) => unknown)(actor, "x", { fastForward: true });
    expect(calls).toEqual(ROLL_METHODS.map((m) => [m, "x", { fastForward: true }]));
  });
});

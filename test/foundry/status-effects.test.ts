import { describe, expect, it } from "vitest";
import { flattenKeys, loadLang } from "../helpers/lang";
import { loadWorld } from "./world";
import { changesOf } from "../../src/compat/effects";

// Tactica's conditions in CONFIG.statusEffects (RULES §2, §5, §6.2; DESIGN §4):
// core's list is replaced by a curated one — the core statuses core itself acts on, then
// Tactica's — with no two entries sharing an icon.

const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));
const IDS = ["panicked", "retreating", "terrified", "stunned", "pressureBlocked", "forceFieldDown"];

type Entry = { id: string; name: string; img: string };

describe("status effects", () => {
  it("replace core's list: dead, blind and invisible as core defines them, then Tactica's six", async () => {
    const world = await loadWorld("fr");
    const effects = world.fake.CONFIG.statusEffects as Entry[];
    expect(effects.map((e) => e.id)).toEqual(["dead", "blind", "invisible", ...IDS]);
    expect(effects.find((e) => e.id === "dead")).toEqual({
      id: "dead",
      name: "EFFECT.StatusDead",
      img: "icons/svg/skull.svg",
    });
    for (const effect of effects.filter((e) => IDS.includes(e.id))) {
      expect(fr.has(effect.name) && en.has(effect.name), effect.name).toBe(true);
      expect(effect.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
  });

  it("show no look-alikes: every icon once (core's fear, stun, paralysis and downgrade are gone)", async () => {
    const world = await loadWorld("fr");
    const icons = (world.fake.CONFIG.statusEffects as Entry[]).map((e) => e.img);
    expect(new Set(icons).size).toBe(icons.length);
    expect((world.fake.CONFIG.statusEffects as Entry[]).map((e) => e.id)).not.toContain("fear");
  });

  it("keep only the special roles whose status is listed (no blank HUD entry)", async () => {
    const world = await loadWorld("fr");
    expect(world.fake.CONFIG.specialStatusEffects).toEqual({
      DEFEATED: "dead",
      INVISIBLE: "invisible",
      BLIND: "blind",
    });
  });

  it("give the same list when init runs twice", async () => {
    const world = await loadWorld("fr");
    const first = structuredClone(world.fake.CONFIG.statusEffects);
    const { registerDataLayer } = await import("../../src/setup/registration");
    registerDataLayer();
    expect(world.fake.CONFIG.statusEffects).toEqual(first);
  });

  it("match the statuses the panic table sets", async () => {
    const world = await loadWorld();
    const panic = (world.fake.CONFIG.TACTICA as { panicResults: Record<string, { status: string | null }> })
      .panicResults;
    for (const { status } of Object.values(panic)) if (status) expect(IDS).toContain(status);
  });

  it("D-40: Panicked (Tenir bon) carries its −1 ATT as an Active Effect change; no other condition changes a number", async () => {
    const world = await loadWorld("fr");
    const effects = world.fake.CONFIG.statusEffects as Entry[];
    // In the running generation's shape (src/compat/effects.ts), read back through the seam.
    const changes = (id: string) =>
      changesOf(effects.find((e) => e.id === id)).map((c) => [c.key, c.type, Number(c.value)]);
    expect(changes("panicked")).toEqual([["system.profile.att.modifier", "add", -1]]);
    expect(effects.filter((e) => e.id !== "panicked" && changesOf(e).length)).toEqual([]);
    const actor = await world.createActor({
      name: "Soldat",
      type: "character",
      system: { profile: { att: { value: 4 } } },
    });
    await actor.toggleStatusEffect("panicked", { active: true });
    expect(
      (actor.system as unknown as { profile: { att: { total: number; value: number } } }).profile.att,
    ).toMatchObject({ value: 4, total: 3 });
  });

  it("toggle through core's toggleStatusEffect with the curated entry", async () => {
    const world = await loadWorld("fr");
    const actor = await world.createActor({ name: "Soldat", type: "character" });
    await actor.toggleStatusEffect("dead", { active: true });
    expect(actor.statuses.has("dead")).toBe(true);
    expect(actor.effects.contents[0]!.img).toBe("icons/svg/skull.svg");
  });
});

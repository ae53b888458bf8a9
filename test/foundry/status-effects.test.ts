import { describe, expect, it } from "vitest";
import { flattenKeys, loadLang } from "../helpers/lang";
import { loadWorld } from "./world";
import { changesOf } from "../../src/compat/effects";
import { CORE_SPECIAL_STATUS_EFFECTS } from "./fake-data";

// Tactica's conditions in CONFIG.statusEffects (RULES §2, §5, §6.2; DESIGN §4):
// core's list is replaced by a curated one — the core statuses core itself acts on, then
// Tactica's — with no two entries sharing an icon, each with its place as `order` (v14's HUD sorts
// by it). Core's special roles all stay. This file runs in both passes (v13, then v14).

const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));
const IDS = ["panicked", "retreating", "terrified", "stunned", "pressureBlocked", "forceFieldDown"];

type Entry = { id: string; name: string; img: string; order?: number };

describe("status effects", () => {
  it("replace core's list: dead, blind and invisible as core defines them, then Tactica's six", async () => {
    const world = await loadWorld("fr");
    const effects = world.fake.CONFIG.statusEffects as Entry[];
    expect(effects.map((e) => e.id)).toEqual(["dead", "blind", "invisible", ...IDS]);
    expect(effects.find((e) => e.id === "dead")).toEqual({
      id: "dead",
      name: "EFFECT.StatusDead",
      img: "icons/svg/skull.svg",
      order: 1,
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

  it("carry Tactica's curated order as `order`, 1 to n in list order (core's entries copied, not changed)", async () => {
    const world = await loadWorld("fr");
    const effects = world.fake.CONFIG.statusEffects as Entry[];
    expect(effects.map((e) => e.order)).toEqual(effects.map((_, i) => i + 1));
    // Core's entry itself is left as it was (frozen here: writing `order` into it would throw).
    const { curatedStatusEffects } = await import("../../src/effects/status-effects");
    const dead = Object.freeze({ id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" });
    expect(curatedStatusEffects([dead])[0]).toEqual({ ...dead, order: 1 });
    // As v14's HUD sorts them: the same list.
    const sorted = [...effects].sort((a, b) => a.order! - b.order!);
    expect(sorted.map((e) => e.id)).toEqual(["dead", "blind", "invisible", ...IDS]);
  });

  it("keep every special role of core's — BURROW, HOVER and FLY too — with Tactica's assignments beside them", async () => {
    const world = await loadWorld("fr");
    // A module's role is kept as well.
    const special = world.fake.CONFIG.specialStatusEffects as Record<string, string>;
    special.CONCENTRATING = "concentrating";
    const { registerDataLayer } = await import("../../src/setup/registration");
    registerDataLayer();
    expect(special).toEqual({ ...CORE_SPECIAL_STATUS_EFFECTS, CONCENTRATING: "concentrating" });
  });

  it("give the same list and roles when init runs twice", async () => {
    const world = await loadWorld("fr");
    const first = structuredClone(world.fake.CONFIG.statusEffects);
    const roles = structuredClone(world.fake.CONFIG.specialStatusEffects);
    const { registerDataLayer } = await import("../../src/setup/registration");
    registerDataLayer();
    expect(world.fake.CONFIG.statusEffects).toEqual(first);
    expect(world.fake.CONFIG.specialStatusEffects).toEqual(roles);
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

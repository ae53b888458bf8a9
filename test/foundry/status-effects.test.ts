import { describe, expect, it } from "vitest";
import { flattenKeys, loadLang } from "../helpers/lang";
import { loadWorld } from "./world";

// Tactica's conditions in CONFIG.statusEffects (RULES §2, §5, §6.2; DESIGN §4).

const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));
const IDS = ["panicked", "retreating", "terrified", "stunned", "pressureBlocked", "forceFieldDown"];

describe("status effects", () => {
  it("are appended to CONFIG.statusEffects once, with localised names and core icons", async () => {
    const world = await loadWorld("fr", (fake) => {
      (fake.CONFIG.statusEffects as unknown[]).push({ id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" });
    });
    const effects = world.fake.CONFIG.statusEffects as { id: string; name: string; img: string }[];
    expect(effects.map((e) => e.id)).toEqual(["dead", ...IDS]);
    for (const effect of effects.slice(1)) {
      expect(fr.has(effect.name) && en.has(effect.name), effect.name).toBe(true);
      expect(effect.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
  });

  it("match the statuses the panic table sets", async () => {
    const world = await loadWorld();
    const panic = (world.fake.CONFIG.TACTICA as { panicResults: Record<string, { status: string | null }> }).panicResults;
    for (const { status } of Object.values(panic)) if (status) expect(IDS).toContain(status);
  });
});

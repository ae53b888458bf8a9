/**
 * The compatibility seam's generation check, on the fake's release data (a stable build of the
 * generation the fake plays, as core sets `game.release` before system code runs).
 */
import { describe, expect, it } from "vitest";
import { installFoundryFake } from "./fake";
import { setFakeGeneration } from "./fake-generation";
import { dataFake } from "./fake-data";
import { loadWorld } from "./world";
import { generation, isV14 } from "../../src/compat/generation";

describe("compat: generation", () => {
  it("the fake reports Foundry's release data of a stable build of its generation: v13 unless the pass asks for v14", () => {
    const fake = installFoundryFake();
    const v14 = process.env.TACTICA_FAKE_GENERATION === "14";
    expect(fake.game.release).toMatchObject(v14 ? { generation: 14, build: 361 } : { generation: 13, build: 351 });
    setFakeGeneration(fake, 13);
    expect(fake.game.release).toMatchObject({ generation: 13, build: 351, version: "13.351" });
    setFakeGeneration(fake, 14);
    expect(fake.game.release).toMatchObject({ generation: 14, build: 361, version: "14.361" });
  });

  it("reads the generation from game.release", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    expect([generation(), isV14()]).toEqual([13, false]);
    setFakeGeneration(fake, 14);
    expect([generation(), isV14()]).toEqual([14, true]);
  });
});

describe("compat: the v14 build check at ready (foundryvtt#14258, fixed in 14.361)", () => {
  const warningsOf = (world: Awaited<ReturnType<typeof loadWorld>>) => world.data.notifications.messages.filter((m) => m.type === "warning");

  it("a GM on 14.360 is told once, in their language, to update", async () => {
    const world = await loadWorld("fr", (fake) => {
      setFakeGeneration(fake, 14);
      Object.assign(fake.game.release as object, { build: 360, version: "14.360" });
    });
    expect(warningsOf(world).map((m) => [m.message, m.userId])).toEqual([
      ["Foundry 14.360 cache à chaque joueur ses propres jets privés au MJ (corrigé en 14.361)\u00a0: les boutons de ses cartes lui manquent. Mettez Foundry à jour.", "gm-1"],
    ]);
  });

  it("nothing for a player on 14.360, nor on 14.361 or on v13", async () => {
    const player = await loadWorld("en", (fake) => {
      setFakeGeneration(fake, 14);
      Object.assign(fake.game.release as object, { build: 360, version: "14.360" });
      dataFake(fake).setUser("player-1");
    });
    expect(warningsOf(player)).toEqual([]);
    for (const generation of [14, 13] as const) {
      const world = await loadWorld("fr", (fake) => setFakeGeneration(fake, generation));
      expect(warningsOf(world)).toEqual([]);
    }
  });
});

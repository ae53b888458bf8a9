/**
 * The compatibility seam's generation check, on the fake's release data (a stable build of the
 * generation the fake plays, as core sets `game.release` before system code runs).
 */
import { describe, expect, it } from "vitest";
import { installFoundryFake } from "./fake";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";
import { dataFake } from "./fake-data";
import { asGM, loadWorld, sourceOf } from "./world";
import { recordChange } from "../../src/data/card-keys";
import { deletionUpdate, isDeletion } from "../../src/compat/deletion";
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

  it("the v14 pass runs as v14, the v13 pass as v13", ({ task }) => {
    const project = task.file.projectName;
    expect(["v13", "v14"]).toContain(project);
    expect(installFoundryFake().game.release).toMatchObject({ generation: project === "v14" ? 14 : 13 });
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
  const warningsOf = (world: Awaited<ReturnType<typeof loadWorld>>) =>
    world.data.notifications.messages.filter((m) => m.type === "warning");

  it("a GM on 14.360 is told once, in their language, to update", async () => {
    const world = await loadWorld("fr", (fake) => {
      setFakeGeneration(fake, 14);
      Object.assign(fake.game.release as object, { build: 360, version: "14.360" });
    });
    expect(warningsOf(world).map((m) => [m.message, m.userId])).toEqual([
      [
        "Foundry 14.360 cache à chaque joueur ses propres jets privés au MJ (corrigé en 14.361)\u00a0: les boutons de ses cartes lui manquent. Mettez Foundry à jour.",
        "gm-1",
      ],
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

describe("compat: deleting a key in an update (`-=key` on v13, `_del` on v14)", () => {
  for (const gen of [13, 14] as const) {
    it(`v${gen}: a card record of a deleted message is pruned in v${gen}'s form, and no deprecation is raised`, async () => {
      const world = await loadWorld("en", (fake) => setFakeGeneration(fake, gen));
      const actor = await world.createActor({
        name: "Kara",
        type: "character",
        flags: { tactica: { cards: { gone000000000001: { pressure: true } } } },
      });
      const change = recordChange(actor as never, "live000000000001", { pressure: true });
      const operator = (globalThis as { _del?: unknown })._del;
      expect(change).toEqual(
        gen === 14
          ? { "flags.tactica.cards.live000000000001.pressure": true, "flags.tactica.cards.gone000000000001": operator }
          : { "flags.tactica.cards.live000000000001.pressure": true, "flags.tactica.cards.-=gone000000000001": null },
      );
      await asGM(world.data, () => actor.update(change as never));
      expect(sourceOf(actor).flags).toEqual({ tactica: { cards: { live000000000001: { pressure: true } } } });
      expect(takeGenerationRecord()).toEqual([]);
    });
  }

  it("isDeletion reads both forms; deletionUpdate writes the running one", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    expect(deletionUpdate("flags.tactica", "x")).toEqual({ "flags.tactica.-=x": null });
    expect(isDeletion("-=x", null)).toBe(true);
    expect(isDeletion("x", null)).toBe(false);
    setFakeGeneration(fake, 14);
    const operator = (globalThis as { _del?: unknown })._del;
    expect(deletionUpdate("", "x")).toEqual({ x: operator });
    expect(isDeletion("x", operator)).toBe(true);
    expect(isDeletion("-=x", null)).toBe(true);
    expect(isDeletion("x", {})).toBe(false);
  });
});

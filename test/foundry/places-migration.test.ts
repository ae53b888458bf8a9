import { describe, expect, it, vi } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { dataFake } from "./fake-data";
import type { FakeFoundry } from "./fake";
import type { FakeScene } from "./fake-regions";
import { placeBehaviors, rect } from "./places-helpers";

// The one-time migration of flag-based places (before the place behaviour, `flags.tactica.place`
// on a region held its data and every region was a place): run on `ready` by the active GM.

type Obj = Record<string, unknown>;
const flag = (encumbrance: unknown, neighbours: unknown) => ({ tactica: { place: { encumbrance, neighbours } } });

/** Two scenes of an old world, as loaded (no database write). */
function oldScenes(fake: FakeFoundry): void {
  const Scene = (fake.CONFIG.Scene as { documentClass: new (data: Obj) => FakeScene }).documentClass;
  const scenes = fake.game.scenes as unknown as { set(id: string, doc: unknown): void };
  const ruins = new Scene({
    _id: "ruins",
    name: "Ruines",
    regions: [
      { _id: "court", name: "Cour", shapes: rect(0, 0), flags: flag(9, ["porch", "court", "ghost", 4]) },
      // Named by the court only: it must become a place too, or the link is lost.
      { _id: "porch", name: "Porche", shapes: rect(200, 0) },
      { _id: "nave", name: "Nef", shapes: rect(400, 0), flags: flag(2, []), behaviors: placeBehaviors(4, ["porch"]) },
      // Neither flagged nor named: it stays an ordinary region.
      { _id: "garden", name: "Jardin", shapes: rect(0, 400) },
    ],
  });
  const empty = new Scene({ _id: "empty", name: "Vide", regions: [{ _id: "lone", name: "Seul", shapes: rect(0, 0) }] });
  scenes.set("ruins", ruins);
  scenes.set("empty", empty);
}

async function migrated(
  user: string,
  setup: (fake: FakeFoundry) => void = oldScenes,
): Promise<LoadedWorld & { writesAtReady: number }> {
  let writesBefore = 0;
  const world = await loadWorld("fr", (fake) => {
    dataFake(fake).setUser(user);
    // The world's documents exist once the system's types are registered (init), before ready.
    fake.hooks.once("setup", () => {
      setup(fake);
      writesBefore = dataFake(fake).db.writes.length;
    });
  });
  // The migration runs from the ready hook without being awaited: let it finish.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  return Object.assign(world, { writesAtReady: writesBefore });
}

const sceneOf = (world: LoadedWorld, id: string) =>
  (world.fake.game.scenes as unknown as { get(id: string): FakeScene }).get(id);
const regionOf = (world: LoadedWorld, scene: string, id: string) =>
  sceneOf(world, scene).regions.get(id) as unknown as {
    flags: Obj;
    behaviors: { contents: { type: string; system: { encumbrance: number; neighbours: string[] } }[] };
  };

describe("migration of flag-based places", () => {
  it("gives flagged and named regions a place behaviour with their data, and clears the flags", async () => {
    const world = await migrated("gm-1");
    const writes = world.data.db.since(world.writesAtReady);
    // One creation per new place, one region update per scene with flags.
    expect(writes.map((w) => [w.action, w.documentName, w.parentId])).toEqual([
      ["create", "RegionBehavior", "court"],
      ["create", "RegionBehavior", "porch"],
      ["update", "Region", "ruins"],
    ]);
    const court = regionOf(world, "ruins", "court");
    expect(court.behaviors.contents.map((b) => [b.type, b.system.encumbrance, b.system.neighbours])).toEqual([
      ["tactica.place", 5, ["porch", "ghost"]],
    ]);
    expect(
      regionOf(world, "ruins", "porch").behaviors.contents.map((b) => [
        b.type,
        b.system.encumbrance,
        b.system.neighbours,
      ]),
    ).toEqual([["tactica.place", 0, []]]);
    // The nave had a behaviour already: kept as it is, no second one; its flag is cleared too.
    expect(
      regionOf(world, "ruins", "nave").behaviors.contents.map((b) => [b.system.encumbrance, b.system.neighbours]),
    ).toEqual([[4, ["porch"]]]);
    expect(regionOf(world, "ruins", "garden").behaviors.contents).toEqual([]);
    expect(["court", "nave"].map((id) => (regionOf(world, "ruins", id).flags.tactica as Obj).place)).toEqual([
      null,
      null,
    ]);
    expect(world.data.notifications.of("info")).toContain(
      "Comportements «\u00a0Lieu\u00a0» ajoutés aux régions\u00a0: 2.",
    );
    // The distances of the old map hold: court – porch.
    const measure = await import("../../src/places/measure");
    expect(measure.sceneNeighbours(sceneOf(world, "ruins"))).toEqual({ court: ["porch"], porch: [], nave: ["porch"] });
  });

  it("runs once: a second run writes nothing", async () => {
    const world = await migrated("gm-1");
    const { migratePlaceFlags } = await import("../../src/places/migration");
    const writes = await world.writesDuring(() => migratePlaceFlags());
    expect(writes).toEqual([]);
  });

  it("is left to the active GM: a player's client writes nothing", async () => {
    const world = await migrated("player-1");
    expect(world.data.db.since(world.writesAtReady)).toEqual([]);
    expect(regionOf(world, "ruins", "court").behaviors.contents).toEqual([]);
  });

  it("a scene that fails is reported and keeps its flags; the others are migrated", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const world = await migrated("gm-1", (fake) => {
      oldScenes(fake);
      const Scene = (fake.CONFIG.Scene as { documentClass: new (data: Obj) => FakeScene }).documentClass;
      const broken = new Scene({
        _id: "broken",
        name: "Cassée",
        regions: [{ _id: "cell", name: "Cellule", shapes: rect(0, 0), flags: flag(1, []) }],
      });
      Object.assign(broken, {
        updateEmbeddedDocuments: async () => {
          throw new Error("database offline");
        },
      });
      (fake.game.scenes as unknown as { set(id: string, doc: unknown): void }).set("broken", broken);
    });
    expect(world.data.notifications.of("error")).toEqual([
      "Lieux non mis à jour dans les scènes suivantes\u00a0: Cassée. Nouvel essai au prochain chargement du monde.",
    ]);
    expect((regionOf(world, "broken", "cell").flags.tactica as Obj).place).toEqual({ encumbrance: 1, neighbours: [] });
    expect((regionOf(world, "ruins", "court").flags.tactica as Obj).place).toBeNull();
    expect(logged.mock.calls.map((call) => call[0])).toEqual([
      "Tactica | migration of the places of scene Cassée failed",
    ]);
    logged.mockRestore();
  });
});

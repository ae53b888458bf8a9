import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import type { FakeScene } from "./fake-combat";

// The place form (RULES §7.4) in the Foundry fake with the real entry: its context from a scene's
// regions, the one region update it saves, its refusals, and its header control on RegionConfig.

let world: LoadedWorld;
let scene: FakeScene;
let ui: typeof import("../../src/places/region-config");

const place = (encumbrance: number, neighbours: string[]) => ({ tactica: { place: { encumbrance, neighbours } } });

beforeEach(async () => {
  world = await loadWorld();
  world.data.setUser("gm-1");
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await Scene.documentClass.create({
    name: "Ruines",
    regions: [
      { _id: "regionA", name: "Cour", flags: place(1, ["regionB", "ghost"]) },
      { _id: "regionB", name: "Porche" },
      { _id: "regionC", name: "<b>Nef</b>" },
    ],
  })) as FakeScene;
  ui = await import("../../src/places/region-config");
});

type Region = Parameters<typeof ui.savePlace>[0];
const region = (id: string) => scene.regions.get(id) as unknown as Region;
const regions = () => scene.regions.contents as unknown as Region[];

describe("place form", () => {
  it("offers 0–5 and the scene's other regions, the stored ones checked", async () => {
    const { placeData } = await import("../../src/places/measure");
    const a = region("regionA");
    const context = ui.placeFormContext(a, placeData(a as never), regions());
    expect(context.encumbrance.map((e) => [e.value, e.selected])).toEqual([[0, false], [1, true], [2, false], [3, false], [4, false], [5, false]]);
    expect(context.neighbours).toEqual([
      { id: "regionC", name: "<b>Nef</b>", checked: false },
      { id: "regionB", name: "Porche", checked: true },
    ]);
  });

  it("builds one update from nested or flat form data, refuses bad values", () => {
    const a = region("regionA");
    expect(ui.placeUpdate(a, { encumbrance: "4", neighbours: { regionB: false, regionC: true } }, regions())).toEqual({
      ok: true, update: { "flags.tactica.place": { encumbrance: 4, neighbours: ["regionC"] } },
    });
    expect(ui.placeUpdate(a, { encumbrance: 0, "neighbours.regionB": true, "neighbours.regionC": true }, regions())).toEqual({
      ok: true, update: { "flags.tactica.place": { encumbrance: 0, neighbours: ["regionB", "regionC"] } },
    });
    for (const bad of [6, -1, 2.5, "x", "", null]) {
      expect(ui.placeUpdate(a, { encumbrance: bad }, regions())).toEqual({ ok: false, error: "TACTICA.Place.Errors.BadEncumbrance" });
    }
    expect(ui.placeUpdate(a, { encumbrance: 1, "neighbours.regionA": true }, regions())).toMatchObject({ ok: false });
    expect(ui.placeUpdate(a, { encumbrance: 1, "neighbours.ghost": true }, regions())).toEqual({ ok: false, error: "TACTICA.Place.Errors.UnknownNeighbour" });
  });

  it("saves in ONE region update; measure reads it back", async () => {
    const { placeData } = await import("../../src/places/measure");
    const writes = await world.writesDuring(() => ui.savePlace(region("regionB"), { encumbrance: "5", "neighbours.regionC": true }));
    expect(writes.map((w) => w.documentName)).toEqual(["Region"]);
    expect(placeData(region("regionB") as never)).toEqual({ encumbrance: 5, neighbours: ["regionC"] });
  });

  it("refuses a player and bad input with a message, writing nothing", async () => {
    let writes: unknown[] = [];
    let errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => ui.savePlace(region("regionB"), { encumbrance: 9 }));
    });
    expect(errors).toEqual(["Encombrement invalide : un entier de 0 à 5."]);
    expect(writes).toEqual([]);
    world.data.setUser("player-1");
    errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => ui.savePlace(region("regionB"), { encumbrance: 2 }));
    });
    expect(errors).toEqual(["Seul le MJ peut configurer un lieu."]);
    expect(writes).toEqual([]);
  });

  it("registerPlaces adds a GM-only header control to the core RegionConfig that opens the place form", () => {
    const opened: unknown[] = [];
    ui.registerPlaces((r) => opened.push(r));
    const controls: { action: string; visible?: boolean; label: string; onClick?: () => void }[] = [];
    const regionA = region("regionA");
    world.fake.hooks.callAll("getHeaderControlsRegionConfig", { document: regionA }, controls);
    // The entry registered the control on init too; the last one is ours.
    const control = controls.at(-1)!;
    expect(control).toMatchObject({ action: "tacticaPlace", label: "TACTICA.Place.Open", visible: true });
    control.onClick?.();
    expect(opened).toEqual([regionA]);
    world.data.setUser("player-1");
    const theirs: { visible?: boolean }[] = [];
    world.fake.hooks.callAll("getHeaderControlsRegionConfig", { document: region("regionA") }, theirs);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((c) => c.visible === false)).toBe(true);
  });
});

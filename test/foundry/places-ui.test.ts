import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import type { FakeScene } from "./fake-combat";
import { submitForm, type FakeApplicationV2 } from "./fake-apps";
import type { FakeDocumentSheetConfig } from "./fake-regions";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { placeRegion, rect, templateRegion } from "./places-helpers";
import type { BehaviorLike } from "../../src/places/measure";

// The place form (RULES §7.4) in the Foundry fake with the real entry: the sheet of the place
// behaviour, its context (both directions of every link), the one scene update it saves for both
// sides, its refusals (the form stays open), one window per place, and its refresh.

let world: LoadedWorld;
let scene: FakeScene;
// System modules need the fake's globals: imported once the world is loaded (the entry's instances).
let ui: typeof import("../../src/places/region-config");
let measure: typeof import("../../src/places/measure");
let sheet: typeof import("../../src/applications/combat/place-config");

beforeEach(async () => {
  world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
  ui = await import("../../src/places/region-config");
  measure = await import("../../src/places/measure");
  sheet = await import("../../src/applications/combat/place-config");
  world.data.setUser("gm-1");
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await Scene.documentClass.create({
    name: "Ruines",
    regions: [
      placeRegion("regionA", "Cour", rect(0, 0), 1, ["regionB", "ghost"]),
      placeRegion("regionB", "Porche", rect(200, 0)),
      // C names A: A's form shows the link though A does not store it.
      placeRegion("regionC", "<b>Nef</b>", rect(400, 0), 0, ["regionA"]),
      { _id: "regionD", name: "Jardin", shapes: rect(0, 400) },
      templateRegion("regionT", rect(0, 0), {
        behaviors: [{ name: "Lieu", type: "tactica.place", system: { encumbrance: 0, neighbours: [] } }],
      }),
    ],
  })) as FakeScene;
});

type Region = import("../../src/places/region-config").EditableRegion;
const placeData = (r: unknown) => measure.placeData(measure.regionView(r));
const regionView = (r: unknown) => r;
const sceneNeighbours = (s: unknown) => measure.sceneNeighbours(s);
const openPlaceConfig = (r: Region) => sheet.openPlaceConfig(r);
const region = (id: string) => scene.regions.get(id) as unknown as Region;
const behaviorOf = (id: string) =>
  (scene.regions.get(id) as unknown as { behaviors: { contents: (BehaviorLike & { sheet: unknown })[] } }).behaviors
    .contents[0]!;
const neighboursOf = (id: string) => placeData(region(id))?.neighbours;
const formPlace = (id: string) => ui.formPlace(region(id))!;
/** Lets the renders queued by hooks run (core queues them too). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("place form context", () => {
  it("offers 0–5 and the scene's other places, checked when EITHER side stores the link", () => {
    const context = ui.regionFormContext(region("regionA"), behaviorOf("regionA"));
    expect(context.encumbrance.map((e) => [e.value, e.selected])).toEqual([
      [0, false],
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
    ]);
    // Neither the bare garden nor the template is offered.
    expect(context.neighbours).toEqual([
      { id: "regionC", name: "<b>Nef</b>", checked: true },
      { id: "regionB", name: "Porche", checked: true },
    ]);
    // B stores nothing, yet A (which names B) shows checked in B's form.
    expect(ui.regionFormContext(region("regionB"), behaviorOf("regionB")).neighbours).toEqual([
      { id: "regionC", name: "<b>Nef</b>", checked: false },
      { id: "regionA", name: "Cour", checked: true },
    ]);
  });

  it("renders the checkboxes of both directions, with no fixed element id", async () => {
    const app = (await openPlaceConfig(region("regionB"))) as FakeApplicationV2 & {
      renderedParts: Record<string, string>;
    };
    const html = app.renderedParts.form!;
    expect(html).toMatch(/name="neighbours\.regionA" checked/);
    expect(html).not.toMatch(/name="neighbours\.regionC" checked/);
    expect(html).not.toMatch(/\sid="/);
  });
});

describe("placeUpdate", () => {
  it("builds the updates of both sides from nested or flat form data", () => {
    const a = formPlace("regionA");
    const offered = [formPlace("regionB"), formPlace("regionC")];
    // Uncheck B, keep C: A drops B (and the stale "ghost"), B is untouched (it never named A).
    expect(ui.placeUpdate(a, { encumbrance: "4", neighbours: { regionB: false, regionC: true } }, offered)).toEqual({
      ok: true,
      updates: [
        { _id: "regionA", behaviors: [{ _id: a.behaviorId, system: { encumbrance: 4, neighbours: ["regionC"] } }] },
      ],
    });
    // Check B only: A keeps B, B gets A; C, which named A, loses the link.
    expect(ui.placeUpdate(a, { encumbrance: 1, "neighbours.regionB": true }, offered)).toEqual({
      ok: true,
      updates: [
        { _id: "regionA", behaviors: [{ _id: a.behaviorId, system: { encumbrance: 1, neighbours: ["regionB"] } }] },
        { _id: "regionB", behaviors: [{ _id: offered[0]!.behaviorId, system: { neighbours: ["regionA"] } }] },
        { _id: "regionC", behaviors: [{ _id: offered[1]!.behaviorId, system: { neighbours: [] } }] },
      ],
    });
  });

  it("keeps the links the form does not show (places on other levels)", () => {
    const a = formPlace("regionA");
    const result = ui.placeUpdate(
      a,
      { encumbrance: 1, "neighbours.regionC": true },
      [formPlace("regionC")],
      new Set(["regionB"]),
    );
    expect(result).toEqual({
      ok: true,
      updates: [
        {
          _id: "regionA",
          behaviors: [{ _id: a.behaviorId, system: { encumbrance: 1, neighbours: ["regionB", "regionC"] } }],
        },
      ],
    });
  });

  it("refuses bad values", () => {
    const a = formPlace("regionA");
    const offered = [formPlace("regionB"), formPlace("regionC")];
    for (const bad of [6, -1, 2.5, "x", "", null]) {
      expect(ui.placeUpdate(a, { encumbrance: bad }, offered)).toEqual({
        ok: false,
        error: "TACTICA.Place.Errors.BadEncumbrance",
      });
    }
    for (const id of ["regionA", "regionD", "regionT", "ghost"]) {
      expect(ui.placeUpdate(a, { encumbrance: 1, [`neighbours.${id}`]: true }, offered)).toEqual({
        ok: false,
        error: "TACTICA.Place.Errors.UnknownNeighbour",
      });
    }
  });
});

describe("saving a place", () => {
  it("writes both sides of every changed link in ONE scene update", async () => {
    // B's form: link C, unlink A (which A stored).
    const writes = await world.writesDuring(async () => {
      expect(
        await ui.savePlace(region("regionB"), behaviorOf("regionB"), { encumbrance: "5", "neighbours.regionC": true }),
      ).toBeNull();
    });
    expect(writes.map((w) => [w.action, w.documentName, [...w.ids].sort(), w.parentId])).toEqual([
      ["update", "Region", ["regionA", "regionB", "regionC"], scene.id],
    ]);
    expect([neighboursOf("regionA"), neighboursOf("regionB"), neighboursOf("regionC")]).toEqual([
      ["ghost"],
      ["regionC"],
      ["regionA", "regionB"],
    ]);
    expect(placeData(regionView(region("regionB")))?.encumbrance).toBe(5);
    expect(sceneNeighbours(scene)).toEqual({ regionA: [], regionB: ["regionC"], regionC: ["regionA", "regionB"] });
  });

  it("stores a link shown from the other side on both sides, then writes nothing when nothing changed", async () => {
    // A stores B but not C (C stores A): saving A's form as shown makes both links two-sided.
    const values = { encumbrance: 1, "neighbours.regionB": true, "neighbours.regionC": true };
    const first = await world.writesDuring(() => ui.savePlace(region("regionA"), behaviorOf("regionA"), values));
    expect(first.map((w) => [...w.ids].sort())).toEqual([["regionA", "regionB"]]);
    expect([neighboursOf("regionA"), neighboursOf("regionB"), neighboursOf("regionC")]).toEqual([
      ["regionB", "regionC"],
      ["regionA"],
      ["regionA"],
    ]);
    expect(await world.writesDuring(() => ui.savePlace(region("regionA"), behaviorOf("regionA"), values))).toEqual([]);
  });
});

describe("the place window", () => {
  it("is the sheet registered for the place behaviour type, in place of core's", () => {
    const sheets = (
      world.fake.foundry.applications as unknown as { apps: { DocumentSheetConfig: FakeDocumentSheetConfig } }
    ).apps.DocumentSheetConfig;
    const Behavior = (world.fake.CONFIG.RegionBehavior as { documentClass: unknown }).documentClass;
    expect(sheets.sheetClassFor(Behavior, "tactica.place")).toBe(sheet.PlaceConfig);
    expect(sheets.sheetClassFor(Behavior, "teleportToken")).not.toBe(sheet.PlaceConfig);
    expect(behaviorOf("regionA").sheet).toBeInstanceOf(sheet.PlaceConfig);
  });

  it("opens once: a second open brings back the same window", async () => {
    const first = await openPlaceConfig(region("regionA"));
    const second = await openPlaceConfig(region("regionA"));
    expect(second).toBe(first);
    expect(behaviorOf("regionA").sheet).toBe(first);
    const open = [
      ...(world.fake.foundry.applications as unknown as { instances: Map<string, unknown> }).instances.values(),
    ].filter((app) => app instanceof sheet.PlaceConfig);
    expect(open).toEqual([first]);
  });

  it("stays open with the message on a refused save, and closes after a save", async () => {
    const app = (await openPlaceConfig(region("regionB"))) as FakeApplicationV2;
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => submitForm(app, { encumbrance: 9 }));
    });
    expect(errors).toEqual(["Encombrement invalide\u00a0: un entier de 0 à 5."]);
    expect(writes).toEqual([]);
    expect(app.rendered).toBe(true);
    await submitForm(app, { encumbrance: 2 });
    expect(app.rendered).toBe(false);
    expect(placeData(regionView(region("regionB")))?.encumbrance).toBe(2);
  });

  it("refuses a player, writing nothing", async () => {
    const app = (await openPlaceConfig(region("regionB"))) as FakeApplicationV2;
    world.data.setUser("player-1");
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => submitForm(app, { encumbrance: 2 }));
    });
    expect(errors).toEqual(["Seul le MJ peut configurer un lieu."]);
    expect(writes).toEqual([]);
    expect(app.rendered).toBe(true);
  });

  it("refreshes when its region or a neighbour changes, and closes when its place is deleted", async () => {
    const app = (await openPlaceConfig(region("regionA"))) as FakeApplicationV2 & {
      renderedParts: Record<string, string>;
      title: string;
    };
    const renders = app.renderCount;
    await (scene.regions.get("regionA") as unknown as { update(d: object): Promise<unknown> }).update({
      name: "Grande cour",
    });
    await settle();
    expect(app.renderCount).toBe(renders + 1);
    expect(app.title).toBe("Lieu — Grande cour");
    // The window's frame shows it too: core writes the title only when a render names it (core-source M4).
    expect(app.element!.querySelector(".window-title")!.textContent).toBe("Lieu — Grande cour");
    // The other side of a link changes: C stops naming A.
    await behaviorOf("regionC").update({ system: { neighbours: [] } });
    await settle();
    expect(app.renderCount).toBe(renders + 2);
    expect(app.renderedParts.form).not.toMatch(/name="neighbours\.regionC" checked/);
    await (behaviorOf("regionA") as unknown as { delete(): Promise<unknown> }).delete();
    await settle();
    expect(app.rendered).toBe(false);
  });

  it("the region's header control opens the place form, making a bare region a place once", async () => {
    const opened: unknown[] = [];
    const control = ui.placeHeaderControl({ document: region("regionD") }, (r) => opened.push(r));
    expect(control).toMatchObject({ action: "tacticaPlace", label: "TACTICA.Place.Open", visible: true });
    control.onClick?.(undefined as never);
    expect(opened).toEqual([region("regionD")]);
    // The registered control (entry) creates the behaviour, then opens its sheet.
    const controls: { action: string; visible?: boolean; onClick?: () => void }[] = [];
    world.fake.hooks.callAll("getHeaderControlsRegionConfig", { document: region("regionD") }, controls);
    const writes = await world.writesDuring(async () => {
      await openPlaceConfig(region("regionD"));
      await openPlaceConfig(region("regionD"));
    });
    expect(writes.map((w) => [w.action, w.documentName, w.parentId])).toEqual([
      ["create", "RegionBehavior", "regionD"],
    ]);
    expect(placeData(regionView(region("regionD")))).toEqual({ encumbrance: 0, neighbours: [] });
    expect(controls.filter((c) => c.action === "tacticaPlace")).toHaveLength(1);
  });

  it("the header control is the GM's only, and absent on technical regions", () => {
    expect(ui.placeHeaderControl({ document: region("regionT") }, () => undefined).visible).toBe(false);
    world.data.setUser("player-1");
    const theirs: { action: string; visible?: boolean }[] = [];
    world.fake.hooks.callAll("getHeaderControlsRegionConfig", { document: region("regionA") }, theirs);
    expect(theirs.filter((c) => c.action === "tacticaPlace").map((c) => c.visible)).toEqual([false]);
  });
});

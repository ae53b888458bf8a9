import { assert, beforeAll, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { installFoundryFake, type FakeFoundry } from "./fake";
import { dataFake } from "./fake-data";
import { FakeApplicationV2, FakeDocumentSheetV2, submitForm } from "./fake-apps";
import {
  FakeDocumentSheetConfig,
  FakeRegionBehavior,
  FakeRegionBehaviorConfig,
  FakeRegionBehaviorType,
  setFakeGeneration,
  type FakeRegion,
  type FakeScene,
  type FakeToken,
} from "./fake-regions";
import { TypeDataModel, fieldKey, modelFields, type DataModel } from "./fake-model";
import { SchemaField } from "./fake-fields";
import { NumberField } from "./fake-fields-scalar";
import { flattenKeys, loadLang } from "../helpers/lang";
import { behaviourRegion, rect } from "./places-helpers";
import { placesContract } from "../../src/contract/places";

// The fake's scenes, regions, behaviours and tokens (fake-regions.ts) and the application pieces
// the place form relies on (fake-apps.ts): one test per behaviour the fake claims, each named after
// the public source its comment cites. Then the places contract suite on the v14 fake.

type Obj = Record<string, unknown>;

function sceneClass(fake: FakeFoundry): { create(data: Obj): Promise<unknown> } {
  return (fake.CONFIG.Scene as { documentClass: { create(data: Obj): Promise<unknown> } }).documentClass;
}
async function fakeScene(fake: FakeFoundry, data: Obj): Promise<FakeScene> {
  return (await sceneClass(fake).create({ name: "Test", grid: { size: 100 }, ...data })) as FakeScene;
}

/** A fake that plays v13 whatever the pass (these are the v13 fake's self-tests). */
function installV13Fake(): FakeFoundry {
  const fake = installFoundryFake();
  setFakeGeneration(fake, 13);
  return fake;
}

describe("fake scenes and regions (v13)", () => {
  it("RegionDocument#testPoint: inside a rectangle, circle or polygon, within an inclusive elevation range", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "r", shapes: rect(0, 0), elevation: { bottom: 0, top: 10 } },
        { _id: "c", shapes: [{ type: "circle", x: 500, y: 500, radius: 50 }] },
        { _id: "p", shapes: [{ type: "polygon", points: [0, 400, 200, 400, 100, 600] }] },
      ],
    });
    const r = scene.regions.get("r") as FakeRegion;
    expect([0, 10, 11, -1].map((elevation) => r.testPoint({ x: 100, y: 100, elevation }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(r.testPoint({ x: 201, y: 100, elevation: 5 })).toBe(false);
    const c = scene.regions.get("c") as FakeRegion;
    expect([c.testPoint({ x: 540, y: 500, elevation: 1e6 }), c.testPoint({ x: 540, y: 540, elevation: 0 })]).toEqual([
      true,
      false,
    ]);
    const p = scene.regions.get("p") as FakeRegion;
    expect([p.testPoint({ x: 100, y: 450, elevation: 0 }), p.testPoint({ x: 10, y: 590, elevation: 0 })]).toEqual([
      true,
      false,
    ]);
  });

  it("TokenDocument#getCenterPoint: the centre in pixels (size × grid size), with elevation; data overrides", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      grid: { size: 50 },
      tokens: [{ _id: "t", x: 100, y: 0, width: 2, height: 1, elevation: 3 }],
    });
    const token = scene.tokens.get("t") as FakeToken;
    expect(token.getCenterPoint()).toEqual({ x: 150, y: 25, elevation: 3 });
    expect(token.getCenterPoint({ x: 0, width: 1, elevation: 0 })).toEqual({ x: 25, y: 25, elevation: 0 });
  });

  /** Regions `a` (0–200) and `b` (200–400) side by side, and a 2×2 token placed over both, its centre in `b`. */
  async function twoRegionsAndABigToken() {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "a", shapes: rect(0, 0) },
        { _id: "b", shapes: rect(200, 0) },
      ],
    });
    const [big] = (await scene.createEmbeddedDocuments("Token", [
      { x: 150, y: 0, width: 2, height: 2 },
    ])) as FakeToken[];
    return { fake, scene, big, a: scene.regions.get("a") as FakeRegion, b: scene.regions.get("b") as FakeRegion };
  }

  it("TokenDocument#testInsideRegion: the region's testPoint of the token's centre, data overriding its position", async () => {
    const { big, a, b } = await twoRegionsAndABigToken();
    expect([big!.testInsideRegion(a), big!.testInsideRegion(b)]).toEqual([false, true]);
    expect([big!.testInsideRegion(a, { x: 0 }), big!.testInsideRegion(b, { x: 0 })]).toEqual([true, false]);
  });

  it("a created token records the regions it stands in (`_regions`, sorted) and joins their `tokens` (TokenDocument._preCreateOperation, _onCreate)", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "zz", shapes: rect(0, 0) },
        { _id: "aa", shapes: rect(0, 0, 400, 400) },
        { _id: "far", shapes: rect(800, 800) },
      ],
    });
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ x: 50, y: 50 }])) as FakeToken[];
    expect(token!._source._regions).toEqual(["aa", "zz"]);
    expect(["zz", "aa", "far"].map((id) => (scene.regions.get(id) as FakeRegion).tokens.has(token!))).toEqual([
      true,
      true,
      false,
    ]);
    expect([...token!.regions!].map((r) => r.id).sort()).toEqual(["aa", "zz"]);
  });

  it("a token moved by a plain update gets its new `_regions` in that same update, leaves and joins regions (#preUpdateOperationRegions, #onUpdateRegions)", async () => {
    const { fake, scene, big, a, b } = await twoRegionsAndABigToken();
    expect([a.tokens.has(big!), b.tokens.has(big!)]).toEqual([false, true]);
    const db = dataFake(fake).db;
    const from = db.writes.length;
    await big!.update({ x: 0 });
    expect(db.since(from).map((w) => [w.documentName, w.data[0]?._regions])).toEqual([["Token", ["a"]]]);
    expect([a.tokens.has(big!), b.tokens.has(big!)]).toEqual([true, false]);
    // The same through the scene's batch update.
    await scene.updateEmbeddedDocuments("Token", [{ _id: big!.id, x: 250 }]);
    expect([a.tokens.has(big!), b.tokens.has(big!), big!._source._regions]).toEqual([false, true, ["b"]]);
  });

  it("tokens created WITH their scene keep the `_regions` they are given: a region's `tokens` is what was stored, not geometry", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "a", shapes: rect(0, 0) },
        { _id: "b", shapes: rect(800, 800) },
      ],
      tokens: [
        { _id: "placed", x: 50, y: 50 },
        { _id: "stale", x: 50, y: 50, _regions: ["b"] },
      ],
    });
    const [a, b] = [scene.regions.get("a") as FakeRegion, scene.regions.get("b") as FakeRegion];
    const [placed, stale] = [scene.tokens.get("placed") as FakeToken, scene.tokens.get("stale") as FakeToken];
    expect([a.tokens.has(placed), a.tokens.has(stale), b.tokens.has(stale)]).toEqual([false, false, true]);
  });

  it("a region created or reshaped over tokens rewrites their `_regions` in one Token update sent without waiting (RegionDocument.#updateTokens)", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {});
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ x: 50, y: 50 }])) as FakeToken[];
    const db = dataFake(fake).db;
    const from = db.writes.length;
    const [region] = (await scene.createEmbeddedDocuments("Region", [
      { _id: "r", shapes: rect(0, 0) },
    ])) as FakeRegion[];
    // The token update lands after a server round trip: not yet when the creation resolves.
    expect([region!.tokens.has(token!), token!._source._regions]).toEqual([false, []]);
    await db.settled();
    expect([region!.tokens.has(token!), token!._source._regions]).toEqual([true, ["r"]]);
    expect(db.since(from).map((w) => [w.action, w.documentName])).toEqual([
      ["create", "Region"],
      ["update", "Token"],
    ]);
    await region!.update({ shapes: rect(500, 500) });
    await db.settled();
    expect([region!.tokens.has(token!), token!._source._regions]).toEqual([false, []]);
  });

  it("deleting a region takes it out of its tokens' `_regions`; deleting a token takes it out of its regions' `tokens`", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "a", shapes: rect(0, 0) },
        { _id: "b", shapes: rect(0, 0) },
      ],
    });
    const [t1, t2] = (await scene.createEmbeddedDocuments("Token", [
      { x: 50, y: 50 },
      { x: 60, y: 60 },
    ])) as FakeToken[];
    await scene.deleteEmbeddedDocuments("Region", ["a"]);
    await dataFake(fake).db.settled();
    expect([t1!._source._regions, t2!._source._regions]).toEqual([["b"], ["b"]]);
    const b = scene.regions.get("b") as FakeRegion;
    await scene.deleteEmbeddedDocuments("Token", [t1!.id!]);
    expect([b.tokens.has(t1!), b.tokens.has(t2!)]).toEqual([false, true]);
  });

  it("world load: a token built before the world is ready joins the regions its stored `_regions` name, once prepared (TokenDocument#prepareBaseData)", () => {
    const fake = installV13Fake();
    expect(fake.game.ready).toBe(false);
    const Scene = (fake.CONFIG.Scene as { documentClass: new (data: Obj) => FakeScene }).documentClass;
    const scene = new Scene({
      _id: "loaded",
      name: "Stored",
      regions: [{ _id: "a", shapes: rect(800, 800) }],
      tokens: [{ _id: "t", x: 50, y: 50, _regions: ["a", "gone"] }],
    });
    scene.prepareData();
    const token = scene.tokens.get("t") as FakeToken;
    expect((scene.regions.get("a") as FakeRegion).tokens.has(token)).toBe(true);
    expect([...token.regions!].map((r) => r.id)).toEqual(["a"]);
  });

  it("RegionBehaviorType: the system of a behaviour, with behavior, region and scene", async () => {
    const fake = installV13Fake();
    fake.CONFIG.RegionBehavior = {
      ...(fake.CONFIG.RegionBehavior as Obj),
      dataModels: {
        ...((fake.CONFIG.RegionBehavior as Obj).dataModels as Obj),
        "test.kind": class extends FakeRegionBehaviorType {},
      },
    };
    const scene = await fakeScene(fake, {
      regions: [{ _id: "r", behaviors: [{ _id: "b", type: "test.kind", system: {} }] }],
    });
    const region = scene.regions.get("r") as FakeRegion;
    const system = (region.behaviors.get("b") as FakeRegionBehavior).system as FakeRegionBehaviorType;
    expect([system.behavior, system.region, system.scene]).toEqual([region.behaviors.get("b"), region, scene]);
    expect(FakeRegionBehaviorType.events).toEqual({});
    expect(fake.foundry.data.regionBehaviors).toEqual({ RegionBehaviorType: FakeRegionBehaviorType });
  });

  it("core behaviour types by generation: teleportToken on v13; changeLevel and defineSurface only on v14", async () => {
    const v13 = installV13Fake();
    const scene = await fakeScene(v13, { regions: [behaviourRegion("tp", "teleportToken", rect(0, 0))] });
    expect((scene.regions.get("tp") as FakeRegion).behaviors.contents.map((b) => b.type)).toEqual(["teleportToken"]);
    // As core: an invalid creation shows an error notification and resolves undefined.
    expect(await fakeScene(v13, { regions: [behaviourRegion("st", "changeLevel", rect(0, 0))] })).toBeUndefined();
    expect(dataFake(v13).notifications.of("error").at(-1)).toMatch(/changeLevel/);
    const v14 = installFoundryFake();
    setFakeGeneration(v14, 14);
    const levelled = await fakeScene(v14, {
      regions: [behaviourRegion("st", "changeLevel", rect(0, 0)), behaviourRegion("fl", "defineSurface", rect(0, 0))],
    });
    expect(levelled.regions.contents.map((r) => (r as FakeRegion).behaviors.contents[0]!.type)).toEqual([
      "changeLevel",
      "defineSurface",
    ]);
  });

  it("DocumentSheetConfig: a sheet registered for some types replaces core's for them only; a document keeps one sheet", async () => {
    const fake = installV13Fake();
    const config = (fake.foundry.applications as unknown as { apps: { DocumentSheetConfig: FakeDocumentSheetConfig } })
      .apps.DocumentSheetConfig;
    class Mine extends FakeDocumentSheetV2 {}
    config.unregisterSheet(FakeRegionBehavior, "core", FakeRegionBehaviorConfig, { types: ["teleportToken"] });
    expect(config.sheetClassFor(FakeRegionBehavior, "teleportToken")).toBeNull();
    config.registerSheet(FakeRegionBehavior, "test", Mine as never, { types: ["teleportToken"], makeDefault: true });
    expect(config.sheetClassFor(FakeRegionBehavior, "teleportToken")).toBe(Mine);
    expect(config.sheetClassFor(FakeRegionBehavior, "executeScript")).toBe(FakeRegionBehaviorConfig);
    const scene = await fakeScene(fake, { regions: [behaviourRegion("tp", "teleportToken", rect(0, 0))] });
    const behavior = (scene.regions.get("tp") as FakeRegion).behaviors.contents[0] as FakeRegionBehavior;
    expect(behavior.sheet).toBeInstanceOf(Mine);
    expect(behavior.sheet).toBe(behavior.sheet);
  });

  it("Scene#updateEmbeddedDocuments: one request for many regions and their behaviours; all validated first; hooks per document", async () => {
    const fake = installV13Fake();
    const data = dataFake(fake);
    Object.assign((fake.CONFIG.RegionBehavior as { dataModels: Obj }).dataModels, { "test.place": PlaceLike });
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "a", name: "A", behaviors: [{ _id: "ba", type: "test.place", system: { n: 1 } }] },
        { _id: "b", name: "B", behaviors: [{ _id: "bb", type: "test.place", system: { n: 2 } }] },
        { _id: "c", name: "C" },
      ],
    });
    const seen: string[] = [];
    fake.hooks.on("updateRegion", (doc) => seen.push((doc as FakeRegion).id!));
    const from = data.db.writes.length;
    await scene.updateEmbeddedDocuments("Region", [
      { _id: "a", behaviors: [{ _id: "ba", system: { n: 5 } }] },
      { _id: "b", name: "Bee" },
      { _id: "c", name: "C" },
    ]);
    expect(data.db.since(from).map((w) => [w.action, w.documentName, w.ids])).toEqual([
      ["update", "Region", ["a", "b"]],
    ]);
    expect(seen).toEqual(["a", "b"]);
    const region = (id: string) => scene.regions.get(id) as FakeRegion;
    expect([(region("a").behaviors.get("ba")!.system as { n: number }).n, region("b").name]).toEqual([5, "Bee"]);
    // An invalid change anywhere refuses the whole request.
    await expect(
      scene.updateEmbeddedDocuments("Region", [
        { _id: "a", name: "AA" },
        { _id: "b", behaviors: [{ _id: "bb", system: { n: "x" } }] },
      ]),
    ).rejects.toThrow();
    expect(data.db.since(from)).toHaveLength(1);
    expect(region("a").name).toBe("A");
  });

  it("deleting a behaviour or a region fires deleteRegionBehavior / deleteRegion", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, {
      regions: [behaviourRegion("tp", "teleportToken", rect(0, 0)), { _id: "x" }],
    });
    const fired: string[] = [];
    for (const hook of ["deleteRegionBehavior", "deleteRegion"]) fake.hooks.on(hook, () => fired.push(hook));
    await ((scene.regions.get("tp") as FakeRegion).behaviors.contents[0] as FakeRegionBehavior).delete();
    await (scene.regions.get("tp") as FakeRegion).delete();
    await scene.deleteEmbeddedDocuments("Region", ["x"]);
    expect(fired).toEqual(["deleteRegionBehavior", "deleteRegion", "deleteRegion"]);
    expect(scene.regions.size).toBe(0);
  });
});

/** A behaviour model with one integer, for the batch-update test. */
class PlaceLike extends FakeRegionBehaviorType {
  static override defineSchema() {
    const fields = (
      globalThis as unknown as { foundry: { data: { fields: { NumberField: new (o: Obj) => unknown } } } }
    ).foundry.data.fields;
    return { n: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }) } as never;
  }
}

describe("fake scenes and regions (v14)", () => {
  it("game.release of a v14 stable build", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 14);
    expect(fake.game.release).toMatchObject({ generation: 14, build: 361, version: "14.361" });
  });

  it("Scene Levels: Level documents, region levels (empty: every level), locatedInLevel, token level", async () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 14);
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "up", shapes: rect(0, 0), levels: ["upper"] },
        { _id: "all", shapes: rect(0, 0) },
      ],
    });
    await scene.createEmbeddedDocuments("Token", [
      { _id: "tUp", x: 50, y: 50, level: "upper" },
      { _id: "tDown", x: 50, y: 50, level: "ground" },
    ]);
    await scene.createEmbeddedDocuments("Level", [{ name: "Rez", elevation: { bottom: 0, top: 10 } }]);
    expect((scene as unknown as { levels: { size: number } }).levels.size).toBe(1);
    const up = scene.regions.get("up") as FakeRegion & {
      locatedInLevel(l: string): boolean;
      includedInLevel(l: string): boolean;
    };
    const all = scene.regions.get("all") as FakeRegion & { locatedInLevel(l: string): boolean };
    expect([
      up.locatedInLevel("upper"),
      up.locatedInLevel("ground"),
      up.includedInLevel("ground"),
      all.locatedInLevel("ground"),
    ]).toEqual([true, false, false, true]);
    const [tUp, tDown] = [
      scene.tokens.get("tUp") as FakeToken & { level: string },
      scene.tokens.get("tDown") as FakeToken,
    ];
    expect(tUp.level).toBe("upper");
    expect([up.tokens.has(tUp), up.tokens.has(tDown), all.tokens.has(tDown)]).toEqual([true, false, true]);
  });

  it("v13 has no levels: no token level, no region levels, no Level documents", async () => {
    const fake = installV13Fake();
    const scene = await fakeScene(fake, { regions: [{ _id: "r", levels: ["a"] }], tokens: [{ _id: "t", level: "a" }] });
    const region = scene.regions.get("r") as unknown as Obj;
    expect([region.levels, region.locatedInLevel, (scene.tokens.get("t") as unknown as Obj).level]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    await expect(scene.createEmbeddedDocuments("Level", [{ name: "Rez" }])).rejects.toThrow(/no embedded Level/);
  });

  it("v14 elevation: the top of a region is excluded unless topInclusive, a flat region includes it", async () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 14);
    const scene = await fakeScene(fake, {
      regions: [
        { _id: "ex", shapes: rect(0, 0), elevation: { bottom: 0, top: 10 } },
        { _id: "in", shapes: rect(0, 0), elevation: { bottom: 0, top: 10, topInclusive: true } },
        { _id: "flat", shapes: rect(0, 0), elevation: { bottom: 5, top: 5 } },
      ],
    });
    const at = (id: string, elevation: number) =>
      (scene.regions.get(id) as FakeRegion).testPoint({ x: 10, y: 10, elevation });
    expect([at("ex", 0), at("ex", 9.9), at("ex", 10), at("in", 10), at("flat", 5)]).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
  });
});

describe("fake applications the place form relies on", () => {
  class Sheet extends FakeDocumentSheetV2 {
    static override DEFAULT_OPTIONS = { form: { closeOnSubmit: true, handler: Sheet.handle } };
    static async handle(this: Sheet, _event: unknown, _form: unknown, data: { object: Obj }) {
      if (data.object.bad) throw new Error("refused");
    }
  }
  const instances = (fake: FakeFoundry) =>
    (fake.foundry.applications as unknown as { instances: Map<string, unknown> }).instances;

  it("foundry.applications.instances lists rendered applications by id until they close; a sheet's id names its document", async () => {
    const fake = installFoundryFake();
    const app = new Sheet({
      document: {
        uuid: "Scene.s.Region.r.RegionBehavior.b",
        isOwner: true,
        _source: {},
        testUserPermission: () => true,
      },
    });
    expect(app.id).toBe("Sheet-Scene-s-Region-r-RegionBehavior-b");
    await app.render({ force: true });
    expect(instances(fake).get(app.id)).toBe(app);
    await app.close();
    expect(instances(fake).has(app.id)).toBe(false);
    expect(new FakeApplicationV2().id).toMatch(/^app-\d+$/);
  });

  it("ApplicationV2#render: a closed application renders only when forced; renders and closes run in order", async () => {
    installFoundryFake();
    const app = new FakeApplicationV2();
    await app.render();
    expect([app.rendered, app.renderCount]).toEqual([false, 0]);
    await app.render(true);
    const again = app.render();
    const closing = app.close();
    await Promise.all([again, closing]);
    expect([app.rendered, app.renderCount]).toEqual([false, 2]);
  });

  it("ApplicationV2#_onSubmitForm: a throwing handler shows its message and keeps the form open; else closeOnSubmit", async () => {
    const fake = installFoundryFake();
    const app = new Sheet({ document: { uuid: "X.y", isOwner: true, _source: {}, testUserPermission: () => true } });
    await app.render({ force: true });
    await submitForm(app, { bad: true });
    expect([app.rendered, dataFake(fake).notifications.of("error")]).toEqual([true, ["refused"]]);
    await submitForm(app, {});
    expect(app.rendered).toBe(false);
  });
});

describe("the place behaviour's labels", () => {
  it("type label, hint and field labels exist in fr and en", async () => {
    const world: LoadedWorld = await loadWorld();
    const Model = (world.fake.CONFIG.RegionBehavior as { dataModels: Record<string, typeof DataModel> }).dataModels[
      "tactica.place"
    ]!;
    for (const lang of ["fr", "en"] as const) {
      const keys = new Set(flattenKeys(loadLang(lang)));
      const wanted = ["TYPES.RegionBehavior.tactica.place", "TYPES.HINTS.RegionBehavior.tactica.place"];
      // The fields the behaviour's sheet shows (the array's element has no label of its own).
      for (const field of modelFields(Model).filter((f) => !f.fieldPath.includes(".")))
        wanted.push(fieldKey(Model.LOCALIZATION_PREFIXES[0]!, field, "label"));
      expect(
        wanted.filter((key) => !keys.has(key)),
        lang,
      ).toEqual([]);
    }
    expect(
      modelFields(Model)
        .map((f) => f.fieldPath)
        .slice(0, 2),
    ).toEqual(["encumbrance", "neighbours"]);
  });
});

describe("places contract on the v14 fake", () => {
  // The suite registers its v14-only test when registered on v14 (as Quench registers it in a v14
  // world); the tests then run in a v14 world of their own.
  setFakeGeneration(installFoundryFake(), 14);
  placesContract({ describe, it, assert });
  beforeAll(async () => {
    await loadWorld("fr", (fake) => setFakeGeneration(fake, 14));
  });
  it("runs on v14", () => {
    expect((globalThis as unknown as { game: { release: { generation: number } } }).game.release.generation).toBe(14);
  });
});

describe("fake TokenDocument#getBarAttribute (core: editable only where the schema has a NumberField)", () => {
  class BarModel extends TypeDataModel {
    static override defineSchema() {
      return {
        hp: new SchemaField({ value: new NumberField({ initial: 3 }), max: new NumberField({ initial: 5 }) }),
        level: new NumberField({ initial: 2 }),
      };
    }
    override prepareDerivedData(): void {
      Object.assign(this, { derived: { value: 1, max: 4 }, count: 7 });
    }
  }

  async function barToken(bar1: string) {
    const fake = installFoundryFake();
    const config = fake.CONFIG as Record<string, Obj>;
    config.Actor = { ...config.Actor, dataModels: { probe: BarModel } };
    // The base client's user is the world's GM (fake-data.ts).
    const actor = await (config.Actor!.documentClass as { create(d: Obj): Promise<{ id: string }> }).create({
      name: "A",
      type: "probe",
    });
    const scene = await fakeScene(fake, { tokens: [{ _id: "t", actorId: actor.id, bar1: { attribute: bar1 } }] });
    return scene.tokens.get("t") as unknown as FakeToken;
  }

  it("a stored bar and a stored value are editable; derived ones are shown read-only; an unknown path is null", async () => {
    expect((await barToken("hp")).getBarAttribute("bar1")).toEqual({
      type: "bar",
      attribute: "hp",
      value: 3,
      max: 5,
      editable: true,
    });
    expect((await barToken("level")).getBarAttribute("bar1")).toEqual({
      type: "value",
      attribute: "level",
      value: 2,
      editable: true,
    });
    expect((await barToken("derived")).getBarAttribute("bar1")).toEqual({
      type: "bar",
      attribute: "derived",
      value: 1,
      max: 4,
      editable: false,
    });
    expect((await barToken("count")).getBarAttribute("bar1")).toEqual({
      type: "value",
      attribute: "count",
      value: 7,
      editable: false,
    });
    expect((await barToken("nothing")).getBarAttribute("bar1")).toBeNull();
    expect((await barToken("hp")).getBarAttribute("bar2", { alternative: "level" })).toMatchObject({
      attribute: "level",
      editable: true,
    });
  });
});

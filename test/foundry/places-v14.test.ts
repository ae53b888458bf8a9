import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { setFakeGeneration, type FakeScene } from "./fake-regions";
import { behaviourRegion, placeRegion, rect, templateRegion, placedScene } from "./places-helpers";
import type { BehaviorLike } from "../../src/places/measure";

// Places on Foundry v14: Scene Levels — a token's place is found among the
// places of its level; the place form offers the places of the same level; template, stair
// (changeLevel) and floor (defineSurface) regions are never places.

let world: LoadedWorld;
let scene: FakeScene;
let measure: typeof import("../../src/places/measure");
let ui: typeof import("../../src/places/region-config");
let compat: typeof import("../../src/compat/regions");

const STAIRS_AS_PLACE = {
  behaviors: [
    { type: "changeLevel", system: {} },
    { name: "Lieu", type: "tactica.place", system: { encumbrance: 1, neighbours: [] } },
  ],
};

beforeEach(async () => {
  world = await loadWorld("fr", (fake) => setFakeGeneration(fake, 14));
  measure = await import("../../src/places/measure");
  ui = await import("../../src/places/region-config");
  compat = await import("../../src/compat/regions");
  world.data.setUser("gm-1");
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await placedScene(Scene.documentClass, {
    name: "Manoir",
    grid: { size: 100 },
    levels: [
      { _id: "ground", name: "Rez-de-chaussée", elevation: { bottom: 0, top: 10 } },
      { _id: "upper", name: "Étage", elevation: { bottom: 10, top: 20 } },
    ],
    regions: [
      // The hall (ground) and the room above it (upper) share their footprint; the hall comes first.
      placeRegion("hall", "Hall", rect(0, 0, 400, 400), 2, ["yard", "room"], { levels: ["ground"] }),
      placeRegion("room", "Chambre", rect(0, 0, 400, 400), 0, [], { levels: ["upper"] }),
      // The yard lists no level: it is on every level.
      placeRegion("yard", "Cour", rect(400, 0), 1, []),
      behaviourRegion("stairs", "changeLevel", rect(100, 100, 100, 100), {
        levels: ["ground", "upper"],
        ...STAIRS_AS_PLACE,
      }),
      behaviourRegion("floor", "defineSurface", rect(0, 0, 400, 400), { levels: ["upper"] }),
      templateRegion("fireball", [{ type: "circle", x: 150, y: 150, radius: 100 }], {
        levels: ["ground"],
        behaviors: STAIRS_AS_PLACE.behaviors.slice(1),
      }),
    ],
    tokens: [
      { _id: "tokGround", x: 100, y: 100, level: "ground", elevation: 0 },
      { _id: "tokUpper", x: 100, y: 100, level: "upper", elevation: 10 },
      { _id: "tokYard", x: 450, y: 50, level: "upper", elevation: 10 },
      { _id: "tokYardGround", x: 450, y: 50, level: "ground", elevation: 0 },
    ],
  })) as FakeScene;
  (world.fake.game.scenes as { viewed: unknown }).viewed = scene;
});

type Token = Parameters<typeof measure.tokenPlace>[0];
const token = (id: string) => scene.tokens.get(id) as unknown as Token;
const region = (id: string) =>
  scene.regions.get(id) as unknown as import("../../src/places/region-config").EditableRegion;
const behaviorOf = (id: string) =>
  (scene.regions.get(id) as unknown as { behaviors: { contents: BehaviorLike[] } }).behaviors.contents.find(
    (b) => b.type === "tactica.place",
  )!;

describe("a token's place on a levelled scene", () => {
  it("is the place of the token's level, not the first place over the same spot", () => {
    expect(measure.tokenPlace(token("tokGround"))?.id).toBe("hall");
    expect(measure.tokenPlace(token("tokUpper"))?.id).toBe("room");
    // A region on every level serves both.
    expect(measure.tokenPlace(token("tokYard"))?.id).toBe("yard");
    expect(measure.tokenPlace(token("tokYardGround"))?.id).toBe("yard");
  });

  it("stairs, floors and templates are never places, even carrying a place behaviour", () => {
    for (const id of ["stairs", "floor", "fireball"])
      expect(measure.isPlace(measure.regionView(region(id))), id).toBe(false);
    expect(compat.technicalRegionKind(region("stairs"))).toBe("changeLevel");
    expect(compat.technicalRegionKind(region("floor"))).toBe("surface");
    expect(compat.technicalRegionKind(region("fireball"))).toBe("template");
    expect(Object.keys(measure.sceneNeighbours(scene)).sort()).toEqual(["hall", "room", "yard"]);
  });

  it("distances follow the places of each level", () => {
    expect(measure.measureTokens(token("tokGround"), token("tokYard"))).toEqual({ distance: 1, reason: null });
    // The hall names the room above (a link the GM made): the room is reached through it.
    expect(measure.measureTokens(token("tokUpper"), token("tokYard"))).toEqual({ distance: 2, reason: null });
  });

  it("occupants come from the region's tokens on its level", () => {
    // The hall's footprint holds both tokens; only the ground one is in the hall.
    const hall = scene.regions.get("hall") as unknown as { tokens: Set<unknown> };
    expect(hall.tokens.has(token("tokGround"))).toBe(true);
    expect(hall.tokens.has(token("tokUpper"))).toBe(false);
    expect(measure.placeOccupants("hall").map((t) => t.id)).toEqual(["tokGround"]);
    expect(measure.placeOccupants("room").map((t) => t.id)).toEqual(["tokUpper"]);
    expect(measure.placeOccupants("yard").map((t) => t.id)).toEqual(["tokYard", "tokYardGround"]);
  });
});

describe("the place form on a levelled scene", () => {
  it("offers the places of the same level only", () => {
    expect(ui.regionFormContext(region("hall"), behaviorOf("hall")).neighbours.map((n) => [n.id, n.checked])).toEqual([
      ["yard", true],
    ]);
    expect(ui.regionFormContext(region("room"), behaviorOf("room")).neighbours.map((n) => [n.id, n.checked])).toEqual([
      ["yard", false],
    ]);
  });

  it("keeps a link to another level's place when saving", async () => {
    const writes = await world.writesDuring(async () => {
      expect(await ui.savePlace(region("hall"), behaviorOf("hall"), { encumbrance: 3 })).toBeNull();
    });
    // The yard (stored on the hall's side only) is unchecked: the hall alone is written; the room stays.
    expect(writes.map((w) => [...w.ids].sort())).toEqual([["hall"]]);
    expect(measure.placeData(measure.regionView(region("hall")))).toEqual({ encumbrance: 3, neighbours: ["room"] });
    expect(await ui.savePlace(region("hall"), behaviorOf("hall"), { encumbrance: 3, "neighbours.room": true })).toBe(
      "TACTICA.Place.Errors.UnknownNeighbour",
    );
  });
});

describe("compat: levels", () => {
  it("reads the token's level on v14", () => {
    expect(compat.tokenLevel(token("tokUpper")!)).toBe("upper");
    expect(compat.tokenLevel({ level: "" })).toBeNull();
  });

  it("uses core's locatedInLevel when present, else the region's levels (empty: every level)", () => {
    const asked: string[] = [];
    expect(compat.regionInLevel({ levels: ["a"], locatedInLevel: (level) => (asked.push(level), true) }, "b")).toBe(
      true,
    );
    expect(asked).toEqual(["b"]);
    expect(compat.regionInLevel({ levels: new Set(["a"]) }, "b")).toBe(false);
    expect(compat.regionInLevel({ levels: ["a", "b"] }, "b")).toBe(true);
    expect(compat.regionInLevel({ levels: [] }, "b")).toBe(true);
    expect(compat.regionInLevel({}, "b")).toBe(true);
    expect(compat.regionInLevel({ levels: ["a"] }, null)).toBe(true);
  });

  it("regions share a level when their lists meet or one lists none", () => {
    expect(compat.regionsShareLevel({ levels: ["a"] }, { levels: ["b"] })).toBe(false);
    expect(compat.regionsShareLevel({ levels: ["a", "b"] }, { levels: ["b"] })).toBe(true);
    expect(compat.regionsShareLevel({ levels: [] }, { levels: ["b"] })).toBe(true);
  });
});

describe("compat: levels on v13", () => {
  it("a v13 token has no level and every region shares it", async () => {
    const v13 = await loadWorld("fr", (fake) => setFakeGeneration(fake, 13));
    const Scene = v13.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    const old = (await Scene.documentClass.create({
      name: "Ancien",
      tokens: [{ _id: "tok", level: "ground" }],
    })) as FakeScene;
    const regions = await import("../../src/compat/regions");
    expect(regions.tokenLevel(old.tokens.get("tok") as never)).toBeNull();
    expect(regions.regionsShareLevel({ levels: ["a"] }, { levels: ["b"] })).toBe(true);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import {
  isPlace,
  measureTokens,
  placeData,
  placeOccupants,
  regionView,
  sceneNeighbours,
  shiftEncumbrance,
  tokenPlace,
} from "../../src/places/measure";
import type { FakeScene } from "./fake-combat";
import { behaviourRegion, placeRegion, rect, templateRegion, placedScene } from "./places-helpers";

// Places on a v13 scene (RULES §7.4): only regions carrying a `tactica.place` behaviour are places;
// a token's place is the place containing its centre; distances from the places' neighbours.

let world: LoadedWorld;
let scene: FakeScene;

beforeEach(async () => {
  world = await loadWorld();
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await placedScene(Scene.documentClass, {
    name: "Ruines",
    grid: { size: 100 },
    regions: [
      placeRegion("regionA", "Cour", rect(0, 0), 1, ["regionB"]),
      // B lists nobody: the relation is symmetric, A and C still reach it.
      placeRegion("regionB", "Porche", rect(200, 0), 0, []),
      // A template over the nave, before it in the scene's order: order does not make it a place.
      templateRegion("regionT", [{ type: "circle", x: 500, y: 100, radius: 180 }]),
      placeRegion("regionC", "Nef", rect(400, 0), 3, ["regionB", "ghost", "regionT"]),
      placeRegion("regionD", "Crypte", [{ type: "polygon", points: [0, 400, 200, 400, 100, 600] }]),
      // A bare region (no behaviour) and a teleport pad: not places.
      { _id: "regionBare", name: "Jardin", shapes: rect(0, 800) },
      behaviourRegion("regionTp", "teleportToken", rect(800, 0), {
        behaviors: [
          { type: "teleportToken", system: {} },
          { type: "tactica.place", system: { encumbrance: 2, neighbours: [] } },
        ],
      }),
    ],
    tokens: [
      { _id: "tokA1", x: 50, y: 50 },
      { _id: "tokA2", x: 0, y: 0 },
      { _id: "tokC", x: 450, y: 50 },
      { _id: "tokD", x: 50, y: 450 },
      { _id: "tokOut", x: 1200, y: 1200 },
      { _id: "tokBig", x: 150, y: 0, width: 2, height: 2 },
      { _id: "tokTemplate", x: 450, y: 210 },
      { _id: "tokBare", x: 50, y: 850 },
      { _id: "tokPad", x: 850, y: 50 },
    ],
  })) as FakeScene;
  (world.fake.game.scenes as { viewed: unknown }).viewed = scene;
});

type Token = Parameters<typeof tokenPlace>[0];
const token = (id: string) => scene.tokens.get(id) as unknown as Token;
const region = (id: string) => regionView(scene.regions.get(id));

describe("which regions are places", () => {
  it("only ordinary regions with an enabled place behaviour", async () => {
    expect(["regionA", "regionB", "regionC", "regionD"].map((id) => isPlace(region(id)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // A template, a bare region, a teleport pad (even with a place behaviour): not places.
    expect(["regionT", "regionBare", "regionTp"].map((id) => isPlace(region(id)))).toEqual([false, false, false]);
    const behavior = (
      scene.regions.get("regionB") as unknown as { behaviors: { contents: { update(d: object): Promise<unknown> }[] } }
    ).behaviors.contents[0]!;
    await behavior.update({ disabled: true });
    expect(isPlace(region("regionB"))).toBe(false);
  });
});

describe("tokenPlace", () => {
  it("is the place containing the token's centre (core's getCenterPoint)", () => {
    expect(tokenPlace(token("tokA1"))?.id).toBe("regionA");
    expect(tokenPlace(token("tokC"))?.id).toBe("regionC");
    // Centre (250, 100): in B though its corner is in A.
    expect(tokenPlace(token("tokBig"))?.id).toBe("regionB");
  });

  it("works on polygons and is null outside every place", () => {
    expect(tokenPlace(token("tokD"))?.id).toBe("regionD");
    expect(tokenPlace(token("tokOut"))).toBeNull();
    expect(tokenPlace(null)).toBeNull();
  });

  it("ignores templates and non-place regions: a token in a template over a place is in the place", () => {
    // tokC (centre 500, 100) stands in the template AND the nave; the template comes first.
    expect(tokenPlace(token("tokC"))?.id).toBe("regionC");
    // tokTemplate (centre 500, 260) stands in the template only.
    const template = scene.regions.get("regionT") as unknown as { tokens: Set<unknown> };
    expect([template.tokens.has(token("tokTemplate")), template.tokens.has(token("tokC"))]).toEqual([true, true]);
    expect(tokenPlace(token("tokTemplate"))).toBeNull();
    expect(tokenPlace(token("tokBare"))).toBeNull();
    expect(tokenPlace(token("tokPad"))).toBeNull();
  });
});

describe("measureTokens", () => {
  it("counts steps through neighbours, both ways, 0 in the same place", () => {
    expect(measureTokens(token("tokA1"), token("tokC"))).toEqual({ distance: 2, reason: null });
    expect(measureTokens(token("tokC"), token("tokA1"))).toEqual({ distance: 2, reason: null });
    expect(measureTokens(token("tokA1"), token("tokA2"))).toEqual({ distance: 0, reason: null });
    expect(measureTokens(token("tokA1"), token("tokBig"))).toEqual({ distance: 1, reason: null });
  });

  it("says why there is no distance", () => {
    expect(measureTokens(token("tokA1"), token("tokD"))).toEqual({ distance: null, reason: "unreachable" });
    expect(measureTokens(token("tokA1"), token("tokOut"))).toEqual({ distance: null, reason: "noPlace" });
    expect(measureTokens(token("tokA1"), token("tokTemplate"))).toEqual({ distance: null, reason: "noPlace" });
    expect(measureTokens(null, token("tokA1"))).toEqual({ distance: null, reason: "noScene" });
  });

  it("follows a neighbour change on the place behaviour", async () => {
    const crypt = scene.regions.get("regionD") as unknown as {
      behaviors: { contents: { update(d: object): Promise<unknown> }[] };
    };
    await crypt.behaviors.contents[0]!.update({ system: { neighbours: ["regionC"] } });
    expect(measureTokens(token("tokA1"), token("tokD"))).toEqual({ distance: 3, reason: null });
  });
});

describe("place data", () => {
  it("keeps neighbours that are places of the scene, and reads each place's behaviour", () => {
    // "ghost" (no region) and the template are dropped from C's neighbours.
    expect(sceneNeighbours(scene)).toEqual({ regionA: ["regionB"], regionB: [], regionC: ["regionB"], regionD: [] });
    expect(Object.keys(sceneNeighbours(scene))).toEqual(["regionA", "regionB", "regionC", "regionD"]);
    expect(placeData(region("regionC"))).toEqual({ encumbrance: 3, neighbours: ["regionB", "ghost", "regionT"] });
    expect(placeData(region("regionT"))).toBeNull();
  });

  it("lists a place's occupants from the region's tokens, by their place", () => {
    expect(
      placeOccupants("regionA")
        .map((t) => t.id)
        .sort(),
    ).toEqual(["tokA1", "tokA2"]);
    expect(placeOccupants("regionB").map((t) => t.id)).toEqual(["tokBig"]);
    // The nave's occupant stands in the template too; the template has no occupants as a place.
    expect(placeOccupants("regionC").map((t) => t.id)).toEqual(["tokC"]);
    expect(placeOccupants("regionT")).toEqual([]);
    expect(placeOccupants("nowhere")).toEqual([]);
  });
});

describe("shiftEncumbrance (Tectonique)", () => {
  it("moves one step toward X in one behaviour update, and nothing when already there", async () => {
    const writes = await world.writesDuring(() => shiftEncumbrance("regionC", 0));
    expect(writes.map((w) => [w.action, w.documentName, w.parentId])).toEqual([
      ["update", "RegionBehavior", "regionC"],
    ]);
    expect(placeData(region("regionC"))?.encumbrance).toBe(2);
    await shiftEncumbrance("regionA", 5);
    expect(placeData(region("regionA"))?.encumbrance).toBe(2);
    expect(await world.writesDuring(() => shiftEncumbrance("regionB", 0))).toHaveLength(0);
    expect(await world.writesDuring(() => shiftEncumbrance("ghost", 3))).toHaveLength(0);
    // A template is no place: Tectonique leaves it alone.
    expect(await world.writesDuring(() => shiftEncumbrance("regionT", 3))).toHaveLength(0);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { measureTokens, placeData, placeOccupants, sceneNeighbours, shiftEncumbrance, tokenPlace } from "../../src/places/measure";
import type { FakeScene } from "./fake-combat";

// Places on a scene (RULES §7.4): regions of the fake scene, token centres, distances from the
// neighbours stored in region flags.

let world: LoadedWorld;
let scene: FakeScene;

const rect = (x: number, y: number, width = 200, height = 200) => [{ type: "rectangle", x, y, width, height }];
const place = (encumbrance: number, neighbours: string[]) => ({ tactica: { place: { encumbrance, neighbours } } });

beforeEach(async () => {
  world = await loadWorld();
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await Scene.documentClass.create({
    name: "Ruines",
    grid: { size: 100 },
    regions: [
      { _id: "regionA", name: "Cour", shapes: rect(0, 0), flags: place(1, ["regionB"]) },
      // B lists nobody: the relation is symmetric, A and C still reach it.
      { _id: "regionB", name: "Porche", shapes: rect(200, 0), flags: place(0, []) },
      { _id: "regionC", name: "Nef", shapes: rect(400, 0), flags: place(3, ["regionB", "ghost"]) },
      { _id: "regionD", name: "Crypte", shapes: [{ type: "polygon", points: [0, 400, 200, 400, 100, 600] }] },
    ],
    tokens: [
      { _id: "tokA1", x: 50, y: 50 },
      { _id: "tokA2", x: 0, y: 0 },
      { _id: "tokC", x: 450, y: 50 },
      { _id: "tokD", x: 50, y: 450 },
      { _id: "tokOut", x: 800, y: 800 },
      { _id: "tokBig", x: 150, y: 0, width: 2, height: 2 },
    ],
  })) as FakeScene;
  (world.fake.game.scenes as { viewed: unknown }).viewed = scene;
});

type Token = Parameters<typeof tokenPlace>[0];
const token = (id: string) => scene.tokens.get(id) as unknown as Token;

describe("tokenPlace", () => {
  it("is the region containing the token's centre (size in grid units)", () => {
    expect(tokenPlace(token("tokA1"))?.id).toBe("regionA");
    expect(tokenPlace(token("tokC"))?.id).toBe("regionC");
    // Centre (250, 100): in B though its corner is in A.
    expect(tokenPlace(token("tokBig"))?.id).toBe("regionB");
  });

  it("works on polygons and is null outside every region", () => {
    expect(tokenPlace(token("tokD"))?.id).toBe("regionD");
    expect(tokenPlace(token("tokOut"))).toBeNull();
    expect(tokenPlace(null)).toBeNull();
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
    expect(measureTokens(null, token("tokA1"))).toEqual({ distance: null, reason: "noScene" });
  });

  it("follows a neighbour change on the region", async () => {
    const crypt = scene.regions.get("regionD")!;
    await crypt.update({ "flags.tactica.place": { encumbrance: 0, neighbours: ["regionC"] } });
    expect(measureTokens(token("tokA1"), token("tokD"))).toEqual({ distance: 3, reason: null });
  });
});

describe("region place data", () => {
  it("drops unknown neighbours and defaults a bare region", () => {
    expect(sceneNeighbours(scene)).toEqual({ regionA: ["regionB"], regionB: [], regionC: ["regionB"], regionD: [] });
    expect(placeData(scene.regions.get("regionD") as never)).toEqual({ encumbrance: 0, neighbours: [] });
  });

  it("lists a place's occupants by centre", () => {
    expect(placeOccupants("regionA").map((t) => t.id).sort()).toEqual(["tokA1", "tokA2"]);
    expect(placeOccupants("regionB").map((t) => t.id)).toEqual(["tokBig"]);
    expect(placeOccupants("nowhere")).toEqual([]);
  });
});

describe("shiftEncumbrance (Tectonique)", () => {
  it("moves one step toward X in one write, and nothing when already there", async () => {
    const writes = await world.writesDuring(() => shiftEncumbrance("regionC", 0));
    expect(writes).toHaveLength(1);
    expect(placeData(scene.regions.get("regionC") as never).encumbrance).toBe(2);
    await shiftEncumbrance("regionA", 5);
    expect(placeData(scene.regions.get("regionA") as never).encumbrance).toBe(2);
    expect(await world.writesDuring(() => shiftEncumbrance("regionB", 0))).toHaveLength(0);
    expect(await world.writesDuring(() => shiftEncumbrance("ghost", 3))).toHaveLength(0);
  });
});

import { describe, expect, it } from "vitest";
import { loadWorld } from "./world";
import { placeOccupants, tokenPlace } from "../../src/places/measure";
import type { FakeScene } from "./fake-regions";
import { placeRegion, rect } from "./places-helpers";

// A place's occupants (RULES §6.4 *De zone*) and a token's place (RULES §7.4) must agree. Core's
// `RegionDocument#tokens` is only what the tokens last STORED (`_regions`, fake-regions.ts): the
// tokens of a scene created with them — an import, a module's scene — keep the `_regions` they
// were given, and after a region is drawn under them it holds them only once core's token update
// has landed. The place a token stands in is measured by its centre, whatever core stored.

type Token = Parameters<typeof tokenPlace>[0];

describe("a place's occupants are the tokens whose place it is", () => {
  it("on a scene created with its tokens and places at once (their stored regions empty)", async () => {
    const world = await loadWorld();
    world.data.setUser("gm-1");
    const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    const scene = (await Scene.documentClass.create({
      name: "Importée",
      regions: [placeRegion("nave", "Nef", rect(0, 0))],
      tokens: [{ _id: "tokIn", x: 50, y: 50 }],
    })) as FakeScene;
    const token = scene.tokens.get("tokIn") as unknown as Token;
    expect(tokenPlace(token)?.id).toBe("nave");
    expect(placeOccupants("nave").map((t) => t.id)).toEqual(["tokIn"]);
  });

  it("right after a place is drawn under a standing token", async () => {
    const world = await loadWorld();
    world.data.setUser("gm-1");
    const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    const scene = (await Scene.documentClass.create({
      name: "Plaine",
      tokens: [{ _id: "tokIn", x: 50, y: 50 }],
    })) as FakeScene;
    await scene.createEmbeddedDocuments("Region", [placeRegion("yard", "Cour", rect(0, 0))]);
    expect(placeOccupants("yard").map((t) => t.id)).toEqual(["tokIn"]);
    await world.data.db.settled();
  });
});

/**
 * Contract: what places (RULES §7.4, src/places/) rely on in Foundry's scenes, checked on a
 * temporary scene that the suite creates and deletes:
 * - `TokenDocument#getCenterPoint()` is the token's centre in pixels, with its elevation
 *   (https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#getcenterpoint );
 * - `RegionDocument#testPoint({x, y, elevation})` — the v13 `ElevatedPoint` signature
 *   (https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#testpoint );
 * - `RegionDocument#tokens` holds the tokens inside the region, by their centre on v13
 *   (https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#tokens );
 * - a region behaviour of type `tactica.place` is created with its data and read back, and ONE
 *   `Scene#updateEmbeddedDocuments("Region", …)` updates the behaviours of two regions (the
 *   place form's save);
 * - Tactica's own reading of such a scene: a v14-style template region over a place is no place,
 *   and a token standing in both is in the place. On v14, a levelled scene: a token is in the place
 *   of its level.
 */
import { isV14 } from "../compat/generation";
import { PLACE_BEHAVIOR_TYPE, placeData, placeOccupants, regionView, tokenPlace } from "../places/measure";
import type { ContractContext } from "./context";

type Obj = Record<string, unknown>;

/**
 * The scene as the suite uses it. A view rather than the typed Scene: the v14 suite creates `Level`
 * documents and writes `levels`/`level`, which the v13 typings do not have.
 */
interface SceneDoc {
  readonly id: string;
  readonly regions: { get(id: string): RegionDoc | undefined; contents: RegionDoc[] };
  readonly tokens: { get(id: string): TokenDocument.Implementation | undefined };
  createEmbeddedDocuments(name: string, data: Obj[]): Promise<{ id: string }[]>;
  updateEmbeddedDocuments(name: string, updates: Obj[]): Promise<unknown[]>;
  delete(): Promise<unknown>;
}
interface RegionDoc {
  readonly id: string;
  readonly name: string;
  readonly tokens: ReadonlySet<unknown>;
  readonly behaviors: {
    contents: { id: string; type: string; system: { encumbrance: number; neighbours: string[] } }[];
  };
  testPoint(point: { x: number; y: number; elevation: number }): boolean;
}

const rect = (x: number, y: number, width = 200, height = 200) => [
  { type: "rectangle", x, y, width, height, rotation: 0, hole: false },
];
const place = (encumbrance: number, neighbours: string[]) => [
  { name: "Lieu", type: PLACE_BEHAVIOR_TYPE, system: { encumbrance, neighbours } },
];

async function createScene(): Promise<SceneDoc> {
  const scene = await CONFIG.Scene.documentClass.create({
    name: "[Quench] places",
    width: 1000,
    height: 1000,
    grid: { size: 100 },
  });
  if (!scene) throw new Error("the temporary scene was not created");
  // The view above: v14's levels are not in the v13 typings (see SceneDoc).
  return scene as unknown as SceneDoc;
}

/** The ids of the regions (in order) and tokens a suite creates on its scene. */
async function populate(
  scene: SceneDoc,
  regions: Obj[],
  tokens: Obj[],
): Promise<{ regions: string[]; tokens: string[] }> {
  const r = await scene.createEmbeddedDocuments("Region", regions);
  // Tokens after regions: core works out which regions a token is in when the token is created.
  const t = await scene.createEmbeddedDocuments("Token", tokens);
  return { regions: r.map((d) => d.id), tokens: t.map((d) => d.id) };
}

export function placesContract({ describe, it, assert }: ContractContext): void {
  describe("regions and tokens", () => {
    it("[places.region-basics] getCenterPoint, testPoint, RegionDocument#tokens and a place behaviour on a temporary scene", async () => {
      const scene = await createScene();
      try {
        const ids = await populate(
          scene,
          [
            { name: "Cour", shapes: rect(0, 0), elevation: { bottom: 0, top: 10 }, behaviors: place(2, []) },
            { name: "Porche", shapes: rect(200, 0), behaviors: place(0, []) },
          ],
          [
            { name: "In", x: 50, y: 50, width: 1, height: 1, elevation: 5 },
            { name: "Big", x: 150, y: 0, width: 2, height: 2, elevation: 0 },
          ],
        );
        const court = scene.regions.get(ids.regions[0]!)!;
        const porch = scene.regions.get(ids.regions[1]!)!;
        const inside = scene.tokens.get(ids.tokens[0]!)!;
        const big = scene.tokens.get(ids.tokens[1]!)!;
        const centre = inside.getCenterPoint();
        assert.deepEqual([centre.x, centre.y, centre.elevation], [100, 100, 5], "token centre");
        assert.deepEqual([big.getCenterPoint().x, big.getCenterPoint().y], [250, 100], "2×2 token centre");
        assert.ok(court.testPoint({ x: 100, y: 100, elevation: 5 }), "inside the shape and the elevation range");
        assert.notOk(court.testPoint({ x: 300, y: 100, elevation: 5 }), "outside the shape");
        assert.notOk(court.testPoint({ x: 100, y: 100, elevation: 20 }), "above the elevation range");
        assert.ok(court.tokens.has(inside), "the court holds the token standing in it");
        assert.ok(porch.tokens.has(big), "the porch holds the 2×2 token");
        // v13 decides by the centre: the 2×2 token overlaps the court but is not in it (v14 tests
        // several points of the token; places read the centre themselves, on both).
        if (!isV14()) assert.notOk(court.tokens.has(big), "a token whose centre is elsewhere is not in the court");
        const behavior = court.behaviors.contents[0]!;
        assert.equal(behavior.type, PLACE_BEHAVIOR_TYPE);
        assert.deepEqual([behavior.system.encumbrance, [...behavior.system.neighbours]], [2, []]);
        // The place form's save: both behaviours in one request on the scene.
        const porchBehavior = porch.behaviors.contents[0]!;
        await scene.updateEmbeddedDocuments("Region", [
          { _id: court.id, behaviors: [{ _id: behavior.id, system: { encumbrance: 3, neighbours: [porch.id] } }] },
          { _id: porch.id, behaviors: [{ _id: porchBehavior.id, system: { neighbours: [court.id] } }] },
        ]);
        assert.deepEqual(placeData(regionView(scene.regions.get(court.id)))?.neighbours, [porch.id], "court → porch");
        assert.deepEqual(placeData(regionView(scene.regions.get(porch.id)))?.neighbours, [court.id], "porch → court");
        assert.equal(placeData(regionView(scene.regions.get(court.id)))?.encumbrance, 3);
      } finally {
        await scene.delete();
      }
    });
  });

  describe("a region's tokens, as core stores them", () => {
    it("[places.token-moves] a token moved by a plain update leaves the region it left and joins the one it entered", async () => {
      const scene = await createScene();
      try {
        const ids = await populate(
          scene,
          [
            { name: "West", shapes: rect(0, 0) },
            { name: "East", shapes: rect(400, 0) },
          ],
          [{ name: "Walker", x: 50, y: 50, width: 1, height: 1 }],
        );
        const [west, east] = ids.regions.map((id) => scene.regions.get(id));
        const walker = scene.tokens.get(ids.tokens[0] ?? "");
        if (!west || !east || !walker) throw new Error("the temporary scene was not populated");
        assert.deepEqual([west.tokens.has(walker), east.tokens.has(walker)], [true, false]);
        await walker.update({ x: 450, y: 50 });
        assert.deepEqual([west.tokens.has(walker), east.tokens.has(walker)], [false, true]);
      } finally {
        await scene.delete();
      }
    });

    it("[places.region-over-token] a region drawn over a standing token holds it once core's token update has landed", async () => {
      const scene = await createScene();
      try {
        const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Stander", x: 50, y: 50 }]);
        const [made] = await scene.createEmbeddedDocuments("Region", [{ name: "Late", shapes: rect(0, 0) }]);
        const region = made ? scene.regions.get(made.id) : undefined;
        const stander = token ? scene.tokens.get(token.id) : undefined;
        if (!region || !stander) throw new Error("the temporary scene was not populated");
        // Core sends the tokens' new `_regions` without waiting for them (region.mjs #updateTokens).
        for (let i = 0; i < 40 && !region.tokens.has(stander); i++) await new Promise((r) => setTimeout(r, 50));
        assert.ok(region.tokens.has(stander), "the region holds the token within 2 s");
      } finally {
        await scene.delete();
      }
    });

    it("[places.scene-with-tokens] tokens created with their scene hold no region: core identifies a token's regions when the token itself is created or moved", async () => {
      // A scene, a region and a token in ONE creation; read from JSON, as stored data is (the v13
      // typings' region shape union takes no plain object).
      const data: Scene.CreateData = JSON.parse(
        JSON.stringify({
          name: "[Quench] places at once",
          width: 1000,
          height: 1000,
          grid: { size: 100 },
          regions: [{ name: "Here", shapes: rect(0, 0) }],
          tokens: [{ name: "Already", x: 50, y: 50 }],
        }),
      );
      const scene = await CONFIG.Scene.documentClass.create(data);
      if (!scene) throw new Error("the temporary scene was not created");
      try {
        const region = scene.regions.contents[0];
        const token = scene.tokens.contents[0];
        if (!region || !token) throw new Error("the temporary scene was not populated");
        assert.notOk(region.tokens.has(token), "the token's stored regions are the ones it was created with (none)");
        await token.update({ x: 60 });
        assert.ok(region.tokens.has(token), "a move identifies them");
      } finally {
        await scene.delete();
      }
    });
  });

  describe("places on a scene", () => {
    it("[places.template-not-place] a template region is no place: a token in a template over a place is in the place", async () => {
      const scene = await createScene();
      try {
        const ids = await populate(
          scene,
          [
            {
              name: "Gabarit",
              shapes: [{ type: "circle", x: 200, y: 100, radius: 150, hole: false }],
              flags: { core: { MeasuredTemplate: true } },
            },
            { name: "Nef", shapes: rect(0, 0), behaviors: place(1, []) },
          ],
          [
            { name: "Both", x: 50, y: 50, width: 1, height: 1 },
            { name: "TemplateOnly", x: 250, y: 50, width: 1, height: 1 },
          ],
        );
        const [template, nave] = ids.regions;
        const both = scene.tokens.get(ids.tokens[0]!) ?? null;
        const templateOnly = scene.tokens.get(ids.tokens[1]!) ?? null;
        assert.ok(scene.regions.get(template!)!.tokens.has(both), "the token stands in the template too");
        assert.equal(tokenPlace(both)?.id, nave);
        assert.equal(tokenPlace(templateOnly), null);
        assert.deepEqual(
          placeOccupants(nave!).map((t) => t.id),
          [ids.tokens[0]],
        );
      } finally {
        await scene.delete();
      }
    });

    if (isV14()) {
      it("[places.v14-levels] v14: on a levelled scene, a token is in the place of its level", async () => {
        const scene = await createScene();
        try {
          const [ground, upper] = await scene.createEmbeddedDocuments("Level", [
            { name: "Rez", elevation: { bottom: 0, top: 10 } },
            { name: "Étage", elevation: { bottom: 10, top: 20 } },
          ]);
          const ids = await populate(
            scene,
            [
              { name: "Hall", shapes: rect(0, 0), levels: [ground!.id], behaviors: place(0, []) },
              { name: "Chambre", shapes: rect(0, 0), levels: [upper!.id], behaviors: place(0, []) },
            ],
            [
              { name: "Down", x: 50, y: 50, level: ground!.id, elevation: 0 },
              { name: "Up", x: 50, y: 50, level: upper!.id, elevation: 10 },
            ],
          );
          assert.equal(tokenPlace(scene.tokens.get(ids.tokens[0]!) ?? null)?.id, ids.regions[0]);
          assert.equal(tokenPlace(scene.tokens.get(ids.tokens[1]!) ?? null)?.id, ids.regions[1]);
        } finally {
          await scene.delete();
        }
      });
    }
  });
}

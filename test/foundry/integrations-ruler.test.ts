import Handlebars from "handlebars";
import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { FakeTokenRuler, rulerPath, tokenObject, type FakePoint } from "./fake-canvas";
import type { FakeScene } from "./fake-combat";
import type { FakeToken } from "./fake-regions";
import { placeRegion, rect } from "./places-helpers";
import { createTemplateHarness, installTemplateHarness, textOf } from "../templates/harness";
import { imprecisPenalty, inRange } from "../../src/rules/attributes";
import { placeDistance } from "../../src/rules/places";

// Issue 24 item 2: a token ruler that speaks in places. On a scene with places, a dragged token's
// label gives the distance in places from the path's start (« 1 lieu », « 2 lieux »), and at the
// path's end, for each equipped weapon with Portée or Imprécis, whether each target would be in
// range and the penalty — as the rules' inRange and imprecisPenalty say. Without places, the label
// is core's. Core's ruler is the fake's model of v13's (fake-canvas.ts), subclassed through its API.

type Lang = "fr" | "en";
let world: LoadedWorld;
let scene: FakeScene;

const NEIGHBOURS = { A: ["B"], B: ["C"], C: ["D"], D: [], E: [] };

/** Places A–B–C–D in a row (200 px each), E apart; Kara in A with a rifle (Portée 2-4, Imprécis 1); an Ork in D. */
async function setup(lang: Lang, { places = true } = {}): Promise<void> {
  world = await loadWorld(lang, (fake) => installTemplateHarness(fake, createTemplateHarness(lang, { strict: false })));
  const kara = await world.createActor({
    name: "Kara",
    type: "character",
    items: [
      {
        name: "Fusil",
        type: "weapon",
        system: {
          range: "ranged",
          equipped: true,
          attributes: [
            { key: "range", x: 2, y: 4 },
            { key: "inaccurate", x: 1 },
          ],
        },
      },
      { name: "Épée", type: "weapon", system: { range: "melee", equipped: true } },
      {
        name: "Pistolet rangé",
        type: "weapon",
        system: { equipped: false, attributes: [{ key: "range", x: 0, y: 9 }] },
      },
    ],
  });
  const ork = await world.createActor({ name: "Ork", type: "character" });
  const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  const regions = Object.entries(NEIGHBOURS).map(([id, next], i) =>
    placeRegion(id, `Lieu ${id}`, id === "E" ? rect(0, 400) : rect(i * 200, 0), 0, next),
  );
  scene = (await Scene.documentClass.create({
    name: "Ruines",
    grid: { size: 100, units: "m" },
    regions: places ? regions : [],
    tokens: [
      { _id: "tokKara", x: 50, y: 50, actorId: kara.id, name: "Kara" },
      { _id: "tokOrk", x: 650, y: 50, actorId: ork.id, name: "Ork" },
    ],
  })) as FakeScene;
  (world.fake.game.scenes as { viewed: unknown }).viewed = scene;
  const user = world.fake.game.user as unknown as Record<string, unknown>;
  user.targets = new Set([{ document: scene.tokens.get("tokOrk") }]);
}

const token = (id: string) => scene.tokens.get(id) as unknown as FakeToken;

/** Tactica's ruler of Kara's token, as core makes it from `CONFIG.Token.rulerClass`. */
function ruler(): FakeTokenRuler {
  const Ruler = (world.fake.CONFIG.Token as { rulerClass: new (t: unknown) => FakeTokenRuler }).rulerClass;
  return new Ruler(tokenObject(token("tokKara")));
}

/** The labels of Kara's drag through `points`. */
async function labels(points: FakePoint[]): Promise<(string | null)[]> {
  return ruler().renderLabels(rulerPath(token("tokKara"), points));
}

const A = { x: 50, y: 50 };
const B = { x: 250, y: 50 };
const C = { x: 450, y: 50 };
const D = { x: 650, y: 50 };
const E = { x: 50, y: 450 };
const OUT = { x: 50, y: 850 };

describe("the token ruler is Tactica's", () => {
  beforeEach(() => setup("fr"));

  it("subclasses core's token ruler, with its own label template, preloaded", async () => {
    const Ruler = (world.fake.CONFIG.Token as { rulerClass: typeof FakeTokenRuler }).rulerClass;
    expect(Object.getPrototypeOf(Ruler)).toBe(FakeTokenRuler);
    expect(Ruler.WAYPOINT_LABEL_TEMPLATE).toBe("systems/tactica/templates/canvas/waypoint-label.hbs");
    expect(world.fake.preloaded).toContain(Ruler.WAYPOINT_LABEL_TEMPLATE);
    await ruler().draw();
    expect(FakeTokenRuler.drawn).toContain(Ruler.WAYPOINT_LABEL_TEMPLATE);
  });
});

describe.each(["fr", "en"] as const)("on a scene with places (%s)", (lang) => {
  beforeEach(() => setup(lang));
  const places = (n: number) =>
    lang === "fr" ? `${n} ${n <= 1 ? "lieu" : "lieux"}` : `${n} ${n === 1 ? "place" : "places"}`;

  it("labels each waypoint with its distance in places from the start (plural forms)", async () => {
    const shown = await labels([A, A, B, C]);
    // The start has no label; a waypoint that did not move has none either (core).
    expect(shown[0]).toBeNull();
    expect(shown[1]).toBeNull();
    expect(textOf(shown[2]!)).toContain(places(1));
    expect(textOf(shown[3]!)).toContain(places(2));
    expect(textOf(shown[3]!)).not.toMatch(/\bm\b/);
  });

  it("a step inside the same place is « 0 lieu » in French, « 0 places » in English", async () => {
    const [, label] = await labels([A, { x: 110, y: 110 }]);
    expect(textOf(label!)).toContain(places(0));
  });

  it("outside every place, and with no path between the places, it says so", async () => {
    const [, out] = await labels([A, OUT]);
    expect(textOf(out!)).toContain(lang === "fr" ? "hors des lieux" : "outside the places");
    const [, apart] = await labels([A, E]);
    expect(textOf(apart!)).toContain(lang === "fr" ? "aucun chemin jusqu'ici" : "no path to here");
  });

  it("at the path's end only: the equipped rifle against the target, Portée and Imprécis from the rules", async () => {
    const shown = await labels([A, B, C]);
    expect(textOf(shown[1]!)).not.toContain("Fusil");
    const neighbours = NEIGHBOURS;
    for (const [place, point] of Object.entries({ A, B, C, D })) {
      const [, label] = await labels([A, point]);
      if (place === "A") continue;
      const distance = placeDistance(neighbours, place, "D")!;
      const inside = inRange({ x: 2, y: 4 }, distance);
      const penalty = imprecisPenalty(1, distance);
      const text = textOf(label!);
      const verdict = lang === "fr" ? (inside ? "à portée" : "hors de portée") : inside ? "in range" : "out of range";
      const aim = `Fusil → Ork`;
      // (textOf writes every space as a space: the French no-break one before « : » too.)
      expect(text, place).toContain(`${aim}${lang === "fr" ? " :" : ":"} ${verdict}`);
      if (penalty > 0) expect(text, place).toContain(`${lang === "fr" ? "Imprécis" : "Inaccurate"} \u2212${penalty}`);
      else expect(text, place).not.toContain(lang === "fr" ? "Imprécis" : "Inaccurate");
      expect(label, place).toContain(inside ? "tactica-reach in-range" : "tactica-reach out-of-range");
      // The sword (no Portée, no Imprécis) and the rifle left unequipped say nothing.
      expect(text).not.toContain("Épée");
      expect(text).not.toContain("Pistolet");
    }
  });

  it("a target outside every place: the range cannot be checked", async () => {
    await token("tokOrk").update({ x: 50, y: 850 });
    const [, , label] = await labels([A, B, C]);
    expect(textOf(label!)).toContain(lang === "fr" ? "portée non vérifiable" : "range cannot be checked");
    expect(label).toContain("tactica-reach unknown");
  });

  it("on another user's planned path, no reading of this user's targets; on this user's own plan, the reading", async () => {
    const plan = (by: string) => ruler().renderLabels(rulerPath(token("tokKara"), [A, B, C], { plannedBy: by }));
    const [, , theirs] = await plan("someone-else");
    expect(textOf(theirs!)).toContain(lang === "fr" ? "2 lieux" : "2 places");
    expect(theirs).not.toContain("tactica-reach");
    const me = (world.fake.game.user as unknown as { id: string }).id;
    const [, , mine] = await plan(me);
    expect(mine).toContain("tactica-reach");
  });

  it("without targets, no reading", async () => {
    (world.fake.game.user as unknown as Record<string, unknown>).targets = new Set();
    const [, , label] = await labels([A, B, C]);
    expect(label).not.toContain("tactica-reach");
  });
});

/**
 * A stand-in of core's v13 `templates/hud/waypoint-label.hbs` (its markup as systems copy it to
 * extend it: MetaMorphic-Digital/draw-steel `templates/canvas/placeables/token/waypoint-label.hbs`,
 * TheGoodwin/metric-ruler-labels `templates/hud/waypoint-label.hbs`), with core's helpers `and`,
 * `not` and `localize`.
 */
const CORE_LABEL = `<div class="waypoint-label {{cssClass}}">
{{#if action.icon}}<i class="icon {{action.icon}}"></i>{{else if action.label}}<label class="action-label">{{localize action.label}}</label>{{/if}}
{{#if cost}}<span class="total-measurement">{{cost.total}} {{cost.units}}</span>{{#if cost.delta}}<span class="delta-measurement">({{cost.delta}})</span>{{/if}}
{{else}}<span class="total-measurement">{{distance.total}} {{units}}</span>{{#if distance.delta}}<span class="delta-measurement">({{distance.delta}})</span>{{/if}}{{/if}}
{{#if (and elevation (not elevation.hidden))}}<i class="icon {{elevation.icon}}"></i><span class="total-elevation">{{elevation.total}} {{units}}</span>{{#if elevation.delta}}<span class="delta-elevation">({{elevation.delta}})</span>{{/if}}{{/if}}
{{#if secret}}<i class="icon fa-solid fa-eye-slash"></i>{{/if}}
</div>`;

describe("on a scene without places", () => {
  beforeEach(() => setup("fr", { places: false }));

  it("the label is core's: the same text as core's template prints from core's context", async () => {
    const hb = Handlebars.create();
    hb.registerHelper("and", (a: unknown, b: unknown) => Boolean(a) && Boolean(b));
    hb.registerHelper("not", (a: unknown) => !a);
    hb.registerHelper("localize", (key: unknown) => String(key));
    const core = hb.compile(CORE_LABEL);
    const path = rulerPath(token("tokKara"), [A, B, { x: 250, y: 250, elevation: 2 }]);
    const base = new FakeTokenRuler(tokenObject(token("tokKara")));
    const coreState = {};
    const expected = path
      .map((w) => base._getWaypointLabelContext(w, coreState))
      .map((c) => (c ? textOf(core(c)) : null));
    const shown = (await ruler().renderLabels(path)).map((html) => (html === null ? null : textOf(html)));
    expect(shown).toEqual(expected);
    expect(shown[1]).toBe("2 m");
    expect(shown[2]).toBe("4 m (+2) 2 m (+2)");
  });
});

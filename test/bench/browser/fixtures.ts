/**
 * What the browser benchmarks render: part contexts captured from the REAL context builders (the
 * sheets in the Foundry fake, the roll classes, the tracker's `trackerContext`), made plain JSON for
 * the page, and the bare "floor" templates that print the same rows with no markup of ours.
 */
import { createTimeline } from "../../../src/rules/timeline";
import {
  trackerContext,
  type CombatantView,
  type TrackerContext,
} from "../../../src/applications/combat/tracker-context";
import { SCENARIOS } from "../../templates/chat-scenarios";
import { WORLD_SCENARIOS } from "../../templates/chat-world-scenarios";
import { setupDiceWorld, textOf } from "../../templates/harness";
import { loadSheetWorld, SAMPLE_ITEMS, sampleCharacter } from "../../templates/sheet-samples";
import { TRACKER } from "../../templates/combat-ui-samples";

type Obj = Record<string, unknown>;

/** One template part of a window: its id, its template (Foundry path) and its context. */
export interface Part {
  id: string;
  template: string;
  context: unknown;
}

/** A captured render: what the page renders, and the original context for the fidelity check. */
export interface Captured {
  template: string;
  /** plain JSON for the page (see {@link plain}) */
  context: unknown;
  /** the context as the builder made it (rendered by the Node harness to check the page's HTML) */
  original: object;
}

/** Realistic icon paths (Foundry serves them; the page resolves none, so nothing is fetched). */
const ICON = "icons/svg/item-bag.svg";
const PORTRAIT = "icons/svg/mystery-man.svg";

/**
 * A context made plain JSON: class instances (documents, data models, fields) are dropped — the
 * templates read none of them, which the fidelity check proves by comparing HTML — and Handlebars
 * SafeStrings travel as `{ __safe }`.
 */
export function plain(value: unknown, seen = new Set<unknown>()): unknown {
  if (value === null || typeof value !== "object") return typeof value === "function" ? undefined : value;
  if (seen.has(value)) return undefined;
  if (
    typeof (value as { toHTML?: unknown }).toHTML === "function" &&
    typeof (value as { string?: unknown }).string === "string"
  ) {
    return { __safe: (value as { string: string }).string };
  }
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return undefined;
  seen.add(value);
  const out = Array.isArray(value)
    ? value.map((v) => plain(v, seen))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v, seen)]));
  seen.delete(value);
  return out;
}

/** Records every `renderTemplate` call while `fn` runs. */
async function capture(fake: { foundry: { applications: unknown } }, fn: () => Promise<unknown>): Promise<Captured[]> {
  const handlebars = (
    fake.foundry.applications as { handlebars: { renderTemplate(p: string, c: object): Promise<string> } }
  ).handlebars;
  const original = handlebars.renderTemplate;
  const calls: Captured[] = [];
  handlebars.renderTemplate = (p: string, c: object) => {
    calls.push({ template: p, context: plain(c), original: c });
    return original(p, c);
  };
  try {
    await fn();
  } finally {
    handlebars.renderTemplate = original;
  }
  return calls;
}

/* ------------------------------------------------------------------------------------------ */
/*  Actor sheet                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** What one render of a sheet does: the parts it draws, what it renders only to compare, the rows it swaps. */
export interface SheetRender {
  /** the parts it draws (core's `_replaceHTML` swaps or appends them), each with the context it drew */
  drawn: (Part & { original: object })[];
  /** templates it renders without drawing them: the header's and an item list's, compared with what the window shows */
  compared: Part[];
  /** the rows it draws alone (an item's row template, and the item), swapped for its `li[data-item-id]` row */
  rows: (Part & { itemId: string; original: object })[];
}

export interface SheetFixture {
  items: number;
  /** the sheet opening on its equipment tab in play mode */
  open: SheetRender;
  /** one of its items changed (a weapon equipped), as core renders the sheet after an embedded update */
  itemChanged: SheetRender;
  /** the actor itself changed (damaged) */
  actorChanged: SheetRender;
  /** the item rows the equipment tab prints, for the floor */
  floorRows: { img: string; name: string; meta: string }[];
}

/** The sheets' row templates (src/applications/sheets/row-render.ts; none on a tree from before them). */
async function rowTemplatesOf(): Promise<Set<string>> {
  const rows = "../../../src/applications/sheets/row-render";
  const found = (await import(/* @vite-ignore */ rows).catch(() => ({}))) as { ROW_TEMPLATES?: Record<string, string> };
  return new Set(Object.values(found.ROW_TEMPLATES ?? {}));
}

type BenchSheet = {
  mode: string;
  tabGroups: Record<string, string>;
  render(o: object): Promise<unknown>;
  _replaceHTML(result: unknown, content: unknown, options: unknown): void;
};

/**
 * What `fn` (a render of `sheet`) does: every template it renders (captured), the parts core swaps
 * in (`_replaceHTML`'s result), each drawn from the last render of its template; the other renders
 * were comparisons, or rows.
 */
async function sheetRender(
  w: Awaited<ReturnType<typeof loadSheetWorld>>,
  sheet: BenchSheet,
  rowTemplates: Set<string>,
  fn: () => Promise<unknown>,
): Promise<SheetRender> {
  const ids: string[] = [];
  const replace = sheet._replaceHTML;
  sheet._replaceHTML = function (result, content, options) {
    ids.push(...Object.keys((result ?? {}) as object));
    return replace.call(this, result, content, options);
  };
  let calls: Captured[];
  try {
    calls = await capture(w.fake, fn);
  } finally {
    sheet._replaceHTML = replace;
  }
  const templateOf = (id: string) => (w.sheets.ACTOR_PARTS as Record<string, { template: string }>)[id]!.template;
  const used = new Set<Captured>();
  const drawn = ids.map((id) => {
    const call = calls.findLast((c) => c.template === templateOf(id))!;
    used.add(call);
    return { id, template: call.template, context: call.context, original: call.original };
  });
  const rows = calls
    .filter((c) => rowTemplates.has(c.template))
    .map((c) => ({
      id: "row",
      template: c.template,
      context: c.context,
      original: c.original,
      itemId: String((c.original as { id?: unknown }).id),
    }));
  const compared = calls
    .filter((c) => !used.has(c) && !rowTemplates.has(c.template))
    .map((c) => ({ id: "compared", template: c.template, context: c.context }));
  return { drawn, compared, rows };
}

/** A character sheet with `n` items (the eight sample kinds in turn), opened on its equipment tab. */
export async function sheetFixtures(counts: readonly number[]): Promise<Map<number, SheetFixture>> {
  const w = await loadSheetWorld("fr");
  const rowTemplates = await rowTemplatesOf();
  const out = new Map<number, SheetFixture>();
  for (const n of counts) {
    const items = Array.from({ length: n }, (_, i) => ({
      ...SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!,
      img: ICON,
      name: `Objet ${i + 1}`,
    }));
    const actor = await sampleCharacter(w, "character", items);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as BenchSheet;
    sheet.mode = "play";
    sheet.tabGroups.primary = "equipment";
    const open = await sheetRender(w, sheet, rowTemplates, () => sheet.render({ force: true }));
    // An item equipped (the common update on the equipment tab): core renders the actor's sheets
    // after an embedded update with `renderContext: "update" + the collection` and the changes
    // (v13 ClientDocumentMixin#_onUpdateDescendantDocuments). Then the actor damaged.
    const weapon = actor.items.find((i) => i.type === "weapon")!;
    const equipped = !(weapon.system as unknown as { equipped: boolean }).equipped;
    await weapon.update({ "system.equipped": equipped } as never);
    const changes = [{ _id: weapon.id, system: { equipped } }];
    const itemChanged = await sheetRender(w, sheet, rowTemplates, () =>
      sheet.render({ renderContext: "updateitems", renderData: changes }),
    );
    await actor.update({ "system.profile.pv.value": 6 } as never);
    const actorChanged = await sheetRender(w, sheet, rowTemplates, () =>
      sheet.render({ renderContext: "updateActor", renderData: { system: { profile: { pv: { value: 6 } } } } }),
    );
    const equipment = open.drawn.find((p) => p.id === "equipment")!.original as {
      equipment: { sections: { rows: Obj[] }[] };
    };
    const floorRows = equipment.equipment.sections
      .flatMap((s) => s.rows)
      .map((r) => ({
        img: String(r.img),
        name: String(r.name),
        meta: [...[r.tags ?? []].flat().map(String), String(r.attributes ?? "")].filter(Boolean).join(" · "),
      }));
    out.set(n, { items: n, open, itemChanged, actorChanged, floorRows });
  }
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/*  Chat cards                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export interface CardFixture {
  name: string;
  /** the templates the card renders, in order (a card with target rows renders two), concatenated */
  parts: { template: string; context: unknown; original: object }[];
  /** the card's visible text, for the floor */
  text: string;
  /** ms: building the card's context in Node (median), added to each message's figure in the page */
  context: number;
}

/** Runs of each card's context build: their median is the card's context time. */
const CONTEXT_RUNS = 15;

/**
 * The time a card's context takes to build, in the Foundry fake with the real roll classes: the
 * outermost `TacticaRoll#render` of the scenario (the card's context from its evaluated roll and
 * the state given), with Handlebars left out (`renderTemplate` answers at once; the page times
 * the template). A card without a roll render (an info card) counts its whole scenario.
 */
async function contextTime(
  handlebars: { renderTemplate(p: string, c: object): Promise<string> },
  roll: { prototype: { render(...a: unknown[]): Promise<string> } },
  run: () => Promise<unknown>,
): Promise<number> {
  const [renderTemplate, render] = [handlebars.renderTemplate, roll.prototype.render];
  let depth = 0;
  let spent = 0;
  handlebars.renderTemplate = () => Promise.resolve("");
  roll.prototype.render = async function (this: unknown, ...args: unknown[]) {
    const start = depth++ === 0 ? performance.now() : NaN;
    try {
      return await render.apply(this, args);
    } finally {
      depth--;
      if (!Number.isNaN(start)) spent += performance.now() - start;
    }
  };
  const times: number[] = [];
  try {
    for (let i = 0; i < CONTEXT_RUNS; i++) {
      spent = 0;
      const start = performance.now();
      await run();
      times.push(spent || performance.now() - start);
    }
  } finally {
    handlebars.renderTemplate = renderTemplate;
    roll.prototype.render = render;
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/**
 * Every chat card scenario of the roll classes, rendered once in the dice world; its templates and
 * contexts. The states played through a world of their own (chat-world-scenarios.ts: follow-ups,
 * thresholds, cards after a click) are left out: each replaces the Foundry fake, so neither its
 * templates nor its context time could be taken apart from building that world.
 */
export async function cardFixtures(): Promise<CardFixture[]> {
  const { fake, dice, harness } = await setupDiceWorld("fr");
  const { TacticaRoll } = await import("../../../src/dice/base");
  const handlebars = (
    fake.foundry.applications as { handlebars: { renderTemplate(p: string, c: object): Promise<string> } }
  ).handlebars;
  const out: CardFixture[] = [];
  for (const scenario of SCENARIOS.filter((s) => !WORLD_SCENARIOS.includes(s))) {
    const calls = await capture(fake, () => scenario.render(dice));
    if (calls.length === 0) throw new Error(`${scenario.name}: no template rendered`);
    const html = calls.map((c) => harness.render(c.template, c.original)).join("");
    out.push({
      name: scenario.name,
      parts: calls.map(({ template, context, original }) => ({ template, context, original })),
      text: textOf(html),
      context: await contextTime(handlebars, TacticaRoll as never, () => scenario.render(dice)),
    });
  }
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/*  Timeline tracker                                                                             */
/* ------------------------------------------------------------------------------------------ */

export interface TrackerFixture {
  combatants: number;
  context: TrackerContext;
  /** the ruler's rows, for the floor */
  rows: { position: number; names: string }[];
}

/**
 * The GM's timeline tracker with `n` combatants spread over about n / 2 positions after the
 * pointer (two or so per position, as a crowded fight stacks), built by the real `trackerContext`.
 */
export function trackerFixture(n: number): TrackerFixture {
  const pointer = 12;
  const spread = Math.max(10, Math.ceil(n / 2));
  const entries = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, position: pointer + ((i * 7) % spread) }));
  const combatants: CombatantView[] = entries.map((e, i) => ({
    id: e.id,
    name: `Combattant ${i + 1}`,
    img: PORTRAIT,
    initiative: e.position,
    owned: false,
    seen: true,
    hidden: i % 17 === 5,
    defeated: i % 13 === 7,
  }));
  const context = trackerContext({
    mode: "timeline",
    started: true,
    round: 1,
    isGM: true,
    every: 10,
    timeline: createTimeline(entries, pointer),
    activeId: "c0",
    combatants,
  });
  const rows = (context.timeline?.rows ?? [])
    .filter((r) => !r.isGap)
    .map((r) => ({ position: r.position, names: r.markers.map((m) => m.name).join(", ") }));
  return { combatants: n, context, rows };
}

export { TRACKER };

/* ------------------------------------------------------------------------------------------ */
/*  Floors                                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * The floors: bare templates printing the same rows (an item's icon, name and tags; a card's
 * text; a ruler position and its names) with no class of ours, so none of our CSS applies.
 */
export const FLOOR_TEMPLATES = {
  "bench/floor-items.hbs": `<ol>{{#each rows}}<li><img src="{{img}}" alt="" width="24" height="24"> {{name}} {{meta}}</li>{{/each}}</ol>`,
  "bench/floor-card.hbs": `<div>{{text}}</div>`,
  "bench/floor-tracker.hbs": `<ol>{{#each rows}}<li>{{position}} {{names}}</li>{{/each}}</ol>`,
} as const;

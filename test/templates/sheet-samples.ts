/**
 * Sample actors and items for the sheet tests (templates, Foundry fake, browser, bench): the real
 * entry loaded in the Foundry fake, the template harness as renderer, the sheets imported after
 * the fake exists (as Foundry loads a system after its API), and sample documents with every kind
 * of item. `renderSheetHtml` renders a sheet through the fake's HandlebarsApplicationMixin — each
 * tab rendered while active — and wraps it as Foundry's window would.
 */
import { loadWorld, type LoadedWorld } from "../foundry/world";
import { createTemplateHarness, installTemplateHarness, type TemplateHarness } from "./harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaItem } from "../../src/documents/item";
import { changesData } from "../../src/compat/effects";

type Obj = Record<string, unknown>;

/** A small portrait that needs no server (Foundry's default icons are not served here). */
export const SAMPLE_IMG =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6b5a3e"/><circle cx="32" cy="24" r="12" fill="#d8c8a8"/><rect x="14" y="40" width="36" height="20" rx="8" fill="#d8c8a8"/></svg>',
  );

export interface SheetWorld extends LoadedWorld {
  harness: TemplateHarness;
  sheets: typeof import("../../src/applications/sheets/actor-sheet");
  itemSheets: typeof import("../../src/applications/sheets/item-sheet");
  register: typeof import("../../src/applications/register-sheets");
}

/**
 * The fake with the real entry, the harness renderer and the sheet modules; the GM is the user.
 * `before` runs on the fake before the world loads (e.g. to make it a v14 world).
 */
export async function loadSheetWorld(
  lang: "fr" | "en" = "fr",
  before?: Parameters<typeof loadWorld>[1],
  { coreStrings = false }: { coreStrings?: boolean } = {},
): Promise<SheetWorld> {
  const world = await loadWorld(lang, before);
  const harness = createTemplateHarness(lang, { coreStrings });
  installTemplateHarness(world.fake, harness);
  world.data.setUser("gm-1");
  const sheets = await import("../../src/applications/sheets/actor-sheet");
  const itemSheets = await import("../../src/applications/sheets/item-sheet");
  const register = await import("../../src/applications/register-sheets");
  return { ...world, harness, sheets, itemSheets, register };
}

/** The reader's language of a loaded world (its `game.i18n`). */
export function langOf(world: LoadedWorld): "fr" | "en" {
  return (world.fake.game.i18n as { lang?: string }).lang === "en" ? "en" : "fr";
}

/**
 * The sample documents' own texts (names, biography, description) in each language, so that an
 * English picture holds no French: the French ones are those of {@link SAMPLE_ITEMS}.
 */
export const SAMPLE_TEXT = {
  fr: {
    character: "Sœur Aveline <Vex>",
    npc: "Magos Dravik",
    unit: "Escouade Tertia",
    biography: "<p>Vétérane du <strong>siège d'Ostrava</strong>.</p>",
    description: "<p>Forgée sur <em>Mars</em>.</p>",
    pressureEffect: "Pression (MOU)",
    items: {} as Record<string, string>,
  },
  en: {
    character: "Sister Aveline <Vex>",
    npc: "Magos Dravik",
    unit: "Squad Tertia",
    biography: "<p>Veteran of the <strong>siege of Ostrava</strong>.</p>",
    description: "<p>Forged on <em>Mars</em>.</p>",
    pressureEffect: "Pressure (MOU)",
    items: {
      "Épée tronçonneuse": "Chainsword",
      "Fusil laser <laser>": "Las rifle <laser>",
      Carapace: "Carapace armour",
      "Champ réfracteur": "Refractor field",
      "Grenade à fragmentation": "Frag grenade",
      "Servo-jambes": "Servo-legs",
      "Choc mental": "Mind shock",
      Bouclier: "Shield",
    } as Record<string, string>,
  },
} as const;

/** The sample items in `lang`: the same documents, named in that language. */
export function sampleItems(lang: "fr" | "en", items: Obj[] = SAMPLE_ITEMS): Obj[] {
  const names = SAMPLE_TEXT[lang].items;
  return items.map((item) => ({ ...item, name: names[String(item.name)] ?? item.name }));
}

/** One item of every kind, the way a table would carry them. */
export const SAMPLE_ITEMS: Obj[] = [
  {
    name: "Épée tronçonneuse",
    type: "weapon",
    img: SAMPLE_IMG,
    system: {
      range: "melee",
      weight: "light",
      origin: "imperium",
      strength: 4,
      damage: 3,
      gearBonus: 2,
      linked: true,
      equipped: true,
      attributes: [{ key: "penetrating", x: 1 }],
    },
  },
  {
    name: "Fusil laser <laser>",
    type: "weapon",
    img: SAMPLE_IMG,
    system: {
      range: "ranged",
      weight: "light",
      origin: "imperium",
      strength: 3,
      damage: 2,
      equipped: true,
      attributes: [
        { key: "range", x: 2, y: 4 },
        { key: "inaccurate", x: 1 },
      ],
    },
  },
  {
    name: "Carapace",
    type: "armor",
    img: SAMPLE_IMG,
    system: {
      renfort: 3,
      equipped: true,
      attributes: [
        { key: "adaptive", x: 1 },
        { key: "resistant", kind: "incendiary", y: 2 },
      ],
    },
  },
  {
    name: "Champ réfracteur",
    type: "forceField",
    img: SAMPLE_IMG,
    system: { renfort: { value: 2, max: 4 }, active: true },
  },
  {
    name: "Grenade à fragmentation",
    type: "grenade",
    img: SAMPLE_IMG,
    system: { quantity: 3, damage: 2, attributes: [{ key: "area", x: 2, self: false }] },
  },
  {
    name: "Servo-jambes",
    type: "gear",
    img: SAMPLE_IMG,
    system: {
      pressureTarget: "mou",
      linked: true,
      equipped: true,
      gearBonus: 1,
      attributes: [{ key: "requires", aptitude: "intellect", x: 4 }],
    },
  },
  { name: "Choc mental", type: "power", img: SAMPLE_IMG, system: { level: 2, cost: 6, points: 30, resist: "co" } },
  { name: "Bouclier", type: "power", img: SAMPLE_IMG, system: { level: 6, cost: 6, maintenance: 3, points: 8 } },
];

const profile = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { value: v }]));

/** A player character with both layers filled, every item kind, a pressure bonus in effect. */
export async function sampleCharacter(
  world: LoadedWorld,
  type: "character" | "npc" = "character",
  items = SAMPLE_ITEMS,
): Promise<TacticaActor> {
  const text = SAMPLE_TEXT[langOf(world)];
  const actor = await world.createActor({
    name: type === "character" ? text.character : text.npc,
    type,
    img: SAMPLE_IMG,
    system: {
      profile: {
        ...profile({ mou: 4, ini: 3, att: 4, def: 3, tir: 3, for: 3, end: 4, co: 7, peur: 1, ac: 6 }),
        pv: { value: 7, max: 10 },
      },
      aptitudes: {
        puissance: { value: 4, damage: 0 },
        vivacite: { value: 4, damage: 1 },
        volonte: { value: 4, damage: 0 },
        intellect: { value: 3, damage: 0 },
      },
      subAptitudes: {
        force: { value: 2 },
        reflexe: { value: 3 },
        vigilance: { value: 2 },
        sangFroid: { value: 1 },
        scholastique: { value: 2 },
        precision: { value: 2 },
      },
      willpower: { value: 3 },
      exhaustion: 1,
      psyker: { mastery: 2 },
      biography: text.biography,
    },
    items: sampleItems(langOf(world), items),
    // In the running generation's shape (src/compat/effects.ts): the fake plays v13 or v14.
    effects: [
      {
        name: text.pressureEffect,
        img: SAMPLE_IMG,
        ...changesData([{ key: "system.profile.mou.pressure", type: "upgrade", value: 3 }]),
      },
    ],
  });
  const shieldName: string = SAMPLE_TEXT[langOf(world)].items["Bouclier"] ?? "Bouclier";
  const shield = actor.items.find((i) => i.name === shieldName);
  if (shield)
    await actor.update({ system: { psyker: { maintained: [{ powerId: shield.id, sinceRound: 1 }] } } } as never);
  return actor;
}

/** A unit of neophytes with a banner, chanting, panicked. */
export async function sampleUnit(world: LoadedWorld): Promise<TacticaActor> {
  return world.createActor({
    name: SAMPLE_TEXT[langOf(world)].unit,
    type: "unit",
    img: SAMPLE_IMG,
    system: {
      profile: {
        ...profile({ mou: 4, ini: 3, att: 3, def: 3, tir: 3, for: 3, end: 3, co: 6, peur: 0, ac: 4 }),
        pv: { value: 1, max: 1 },
      },
      strength: { start: 10, current: 4 },
      leaderCo: 8,
      choir: { chanting: 3 },
      banner: true,
      morale: { state: "panicked" },
    },
    items: sampleItems(langOf(world), [SAMPLE_ITEMS[0]!, SAMPLE_ITEMS[6]!]),
  });
}

/** A world item of `type` from the samples. */
export async function sampleItem(world: LoadedWorld, type: string): Promise<TacticaItem> {
  const source = sampleItems(langOf(world)).find((i) => i.type === type)!;
  return (await world.createItem({
    ...source,
    system: { ...(source.system as Obj), description: SAMPLE_TEXT[langOf(world)].description },
  }))!;
}

interface RenderableSheet {
  mode: "play" | "edit";
  tabGroups: Record<string, string | null>;
  renderedParts: Record<string, string>;
  options: { classes: string[] };
  render(options?: object): Promise<unknown>;
}

/**
 * The sheet's whole HTML as Foundry's window would hold it: header and tab bar, then every tab,
 * each rendered while it is the active one (so each shows as it does when opened).
 */
export async function renderSheetHtml(sheet: unknown, mode: "play" | "edit", tabIds: string[]): Promise<string> {
  const s = sheet as RenderableSheet;
  s.mode = mode;
  const tabs: string[] = [];
  let head = "";
  for (const [i, id] of tabIds.entries()) {
    s.tabGroups.primary = id;
    await s.render({ force: true });
    if (i === 0) head = `${s.renderedParts.header ?? ""}${s.renderedParts.tabs ?? ""}`;
    if (s.renderedParts[id]) tabs.push(s.renderedParts[id]!);
  }
  s.tabGroups.primary = tabIds[0] ?? null;
  return `<form class="${s.options.classes.join(" ")}"><section class="window-content">${head}${tabs.join("")}</section></form>`;
}

/**
 * French words in an English text: accented letters French uses, or its commonest small words
 * (English pictures hold no French: ux m6). Returns each found, for a test to show.
 */
export function frenchIn(text: string): string[] {
  const words = text.match(
    /\p{L}*[àâçéèêëîïôûùüÿœæ]\p{L}*|\b(le|la|les|des|du|une|avec|sans|pour|dans|est|sont|pas|aucun|aucune)\b/giu,
  );
  return [...new Set(words ?? [])];
}

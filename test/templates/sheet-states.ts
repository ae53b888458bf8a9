/**
 * Sheet states the gallery shows beyond one sheet per type and mode: what another player sees (LIMITED), a world with
 * rule modules off, empty lists,
 * a refused attribute, a new item with its defaults, several boiler-linked items on one
 * characteristic, and one tab as it opens in core's 720 × 760 window (the Profil, Aptitudes and
 * Équipement tabs, the first two also the pictures of the README and the GM guides). Each renders real documents
 * through the real sheets in the Foundry fake (test/templates/sheet-samples.ts).
 */
import {
  langOf,
  renderSheetHtml,
  sampleCharacter,
  sampleItem,
  sampleUnit,
  SAMPLE_IMG,
  SAMPLE_ITEMS,
  type SheetWorld,
} from "./sheet-samples";

/** A sample text in the world's language (English pictures hold no French). */
const say = (w: SheetWorld, fr: string, en: string) => (langOf(w) === "en" ? en : fr);

type Obj = Record<string, unknown>;

/** A sheet as the states drive it (the fake's Handlebars application). */
interface DrivenSheet {
  mode: "play" | "edit";
  tabGroups: Record<string, string | null>;
  renderedParts: Record<string, string>;
  options: { classes: string[] };
  content: TreeElement;
  render(options?: object): Promise<unknown>;
  submitAttributeText?(text: string): Promise<boolean>;
}

export interface SheetState {
  name: string;
  kind: "actor" | "item";
  /** Renders the state's HTML in `w` (a fresh world per language). */
  render(w: SheetWorld): Promise<string>;
  /** Whether every tab of the sheet is in the HTML, each rendered while active (else one tab, in a window). */
  allTabs: boolean;
}

const ACTOR_TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];

/** One tab as core's window shows it: every part in a 720 × 760 frame whose content clips, the tab `id` active. */
async function oneTab(sheet: DrivenSheet, tab: string): Promise<string> {
  sheet.tabGroups.primary = tab;
  await sheet.render({ force: true });
  const parts = Object.values(sheet.renderedParts).join("");
  return `<form class="${sheet.options.classes.join(" ")}" style="width: 720px; height: 760px"><header class="window-header"></header><section class="window-content">${parts}</section></form>`;
}

/** An element of the fake window's tree, as read here. */
interface TreeElement {
  disabled: boolean;
  dataset: Record<string, string | undefined>;
  children: TreeElement[];
  descendants(): TreeElement[];
}

/**
 * A part's HTML with what core's `_toggleDisabled` did to its elements in the window (the fake's
 * tree, test/foundry/fake-apps-dom.ts): `disabled` written on each control it disabled. The tags
 * are read in document order, as the tree was built from them.
 */
function asShown(html: string, part: TreeElement | undefined): string {
  if (!part) return html;
  const elements = [part, ...part.descendants()];
  let index = 0;
  return html.replace(
    /<!--[\s\S]*?-->|<\/[a-zA-Z][\w-]*\s*>|<([a-zA-Z][\w-]*)([^>]*?)(\/?)>/g,
    (tag, name?: string, attrs?: string, slash?: string) => {
      if (!name) return tag;
      const el = elements[index++];
      if (!el?.disabled || /\sdisabled(\s|=|$)/.test(attrs ?? "")) return tag;
      return `<${name}${attrs} disabled${slash}>`;
    },
  );
}

/** One tab as core's window shows it to a user who may not edit the actor, its controls disabled by core. */
async function oneTabAsShown(sheet: DrivenSheet, tab: string): Promise<string> {
  sheet.tabGroups.primary = tab;
  await sheet.render({ force: true });
  const parts = sheet.content.children
    .map((el) => asShown(sheet.renderedParts[el.dataset.applicationPart ?? ""] ?? "", el))
    .join("");
  return `<form class="${sheet.options.classes.join(" ")}" style="width: 720px; height: 760px"><header class="window-header"></header><section class="window-content">${parts}</section></form>`;
}

const actorSheet = (w: SheetWorld, document: unknown, type: "character" | "npc" | "unit" = "character") => {
  const classes = { character: w.sheets.CharacterSheet, npc: w.sheets.NpcSheet, unit: w.sheets.UnitSheet };
  return new classes[type]({ document }) as unknown as DrivenSheet;
};

export const SHEET_STATES: SheetState[] = [
  {
    name: "another player's character: the LIMITED view",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const actor = await sampleCharacter(w);
      await actor.update({ ownership: { default: 0, "player-1": 1 } } as never);
      w.data.setUser("player-1");
      try {
        return await oneTab(actorSheet(w, actor), "notes");
      } finally {
        w.data.setUser("gm-1");
      }
    },
  },
  {
    name: "another player's character: the OBSERVER view, its items open to read",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const actor = await sampleCharacter(w);
      await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
      w.data.setUser("player-1");
      try {
        return await oneTabAsShown(actorSheet(w, actor), "equipment");
      } finally {
        w.data.setUser("gm-1");
      }
    },
  },
  {
    name: "pressure rolls blocked: the gauges shown disabled",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const actor = await sampleCharacter(w);
      await actor.setCondition("pressureBlocked", true);
      return oneTab(actorSheet(w, actor), "profile");
    },
  },
  ...(["morale", "equipment"] as const).map((tab): SheetState => ({
    name: `a terrified character's ${tab} tab: what Terreur forbids, its attacks and move disabled (D-45)`,
    kind: "actor",
    allTabs: false,
    async render(w) {
      const actor = await sampleCharacter(w);
      await actor.setCondition("terrified", true);
      return oneTab(actorSheet(w, actor), tab);
    },
  })),
  {
    name: "a unit with no banner and no leader",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const unit = await sampleUnit(w);
      await unit.update({ system: { banner: false, general: false, leaderCo: null } } as never);
      return oneTab(actorSheet(w, unit, "unit"), "profile");
    },
  },
  ...(["psy", "morale", "effects"] as const).map((tab): SheetState => ({
    name: `a character's ${tab} tab as it opens in its 720 × 760 window`,
    kind: "actor",
    allTabs: false,
    render: async (w) => oneTab(actorSheet(w, await sampleCharacter(w)), tab),
  })),
  {
    name: "a world with the psy, morale, pressure and pool modules off",
    kind: "actor",
    allTabs: true,
    async render(w) {
      const actor = await sampleCharacter(w);
      for (const m of ["psy", "morale", "pressure", "pool"]) await w.fake.settings.set("tactica", `module.${m}`, false);
      try {
        return await renderSheetHtml(actorSheet(w, actor), "play", [
          "profile",
          "aptitudes",
          "equipment",
          "effects",
          "notes",
        ]);
      } finally {
        for (const m of ["psy", "morale", "pressure", "pool"])
          await w.fake.settings.set("tactica", `module.${m}`, true);
      }
    },
  },
  {
    name: "a new character: empty lists, build totals off, no biography",
    kind: "actor",
    allTabs: true,
    async render(w) {
      const actor = await w.createActor({
        name: say(w, "Recrue sans nom", "Nameless recruit"),
        type: "character",
        img: SAMPLE_IMG,
      });
      return renderSheetHtml(actorSheet(w, actor), "play", ACTOR_TABS);
    },
  },
  {
    name: "a wounded, panicked NPC at 0 PV with its conditions",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const npc = await sampleCharacter(w, "npc");
      await npc.update({ system: { profile: { pv: { value: 0 } }, gauges: { incendiaire: 2 } } } as never);
      for (const id of ["panicked", "stunned"]) await npc.setCondition(id as "panicked", true);
      return oneTab(actorSheet(w, npc, "npc"), "profile");
    },
  },
  {
    name: "several boiler-linked items on one characteristic: one gauge lists them",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const gear = (name: string) => ({
        name,
        type: "gear",
        img: SAMPLE_IMG,
        system: { pressureTarget: "mou", linked: true, equipped: true },
      });
      const actor = await sampleCharacter(w, "character", [
        gear(say(w, "Servo-jambes", "Servo-legs")),
        gear(say(w, "Bottes à vapeur <b>", "Steam boots <b>")),
        ...SAMPLE_ITEMS.slice(0, 2),
      ]);
      const html = await oneTab(actorSheet(w, actor), "profile");
      // The list opened, as a click on the gauge shows it.
      return html.replace('<details class="pressure-picker">', '<details class="pressure-picker" open>');
    },
  },
  {
    name: "the Équipement tab as it opens in its 720 × 760 window",
    kind: "actor",
    allTabs: false,
    async render(w) {
      const many = Array.from({ length: 12 }, (_, i) => ({
        name: say(w, `Arme de réserve ${i + 1}`, `Spare weapon ${i + 1}`),
        type: "weapon",
        img: SAMPLE_IMG,
        system: { equipped: i % 3 === 0 },
      }));
      const actor = await sampleCharacter(w, "character", [...SAMPLE_ITEMS, ...many]);
      return oneTab(actorSheet(w, actor), "equipment");
    },
  },
  {
    name: "a character's Profil tab as it opens in its 720 × 760 window",
    kind: "actor",
    allTabs: false,
    render: async (w) => oneTab(actorSheet(w, await sampleCharacter(w)), "profile"),
  },
  {
    name: "a character's Aptitudes tab as it opens in its 720 × 760 window",
    kind: "actor",
    allTabs: false,
    render: async (w) => oneTab(actorSheet(w, await sampleCharacter(w)), "aptitudes"),
  },
  {
    name: "a weapon's refused attribute text, in edit mode",
    kind: "item",
    allTabs: false,
    async render(w) {
      const item = await sampleItem(w, "weapon");
      const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as DrivenSheet;
      sheet.mode = "edit";
      await sheet.render({ force: true });
      await sheet.submitAttributeText!(say(w, "Portée 2-4 Volant", "Range 2-4 Flying"));
      return `<form class="${sheet.options.classes.join(" ")}"><section class="window-content">${sheet.renderedParts.header}${sheet.renderedParts.tabs}${sheet.renderedParts.details}</section></form>`;
    },
  },
  {
    name: "a new power with its defaults, in edit mode",
    kind: "item",
    allTabs: false,
    async render(w) {
      const item = (await w.createItem({ name: say(w, "Nouveau pouvoir", "New power"), type: "power" } as Obj))!;
      const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as DrivenSheet;
      return renderSheetHtml(sheet, "edit", ["details", "description"]);
    },
  },
];

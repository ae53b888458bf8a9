/**
 * Sheet states the gallery shows beyond one sheet per type and mode: what another player sees (LIMITED), a world with
 * rule modules off, empty lists,
 * a refused attribute, a new item with its defaults, several boiler-linked items on one
 * characteristic, and one tab as it opens in core's 720 × 760 window (the Profil, Aptitudes and
 * Équipement tabs, the first two also the pictures of the README and the GM guides). Each renders real documents
 * through the real sheets in the Foundry fake (test/templates/sheet-samples.ts).
 */
import {
  renderSheetHtml,
  sampleCharacter,
  sampleItem,
  SAMPLE_IMG,
  SAMPLE_ITEMS,
  type SheetWorld,
} from "./sheet-samples";

type Obj = Record<string, unknown>;

/** A sheet as the states drive it (the fake's Handlebars application). */
interface DrivenSheet {
  mode: "play" | "edit";
  tabGroups: Record<string, string | null>;
  renderedParts: Record<string, string>;
  options: { classes: string[] };
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
  return `<form class="application ${sheet.options.classes.join(" ")}" style="width: 720px; height: 760px"><header class="window-header"></header><section class="window-content">${parts}</section></form>`;
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
      const actor = await w.createActor({ name: "Recrue sans nom", type: "character", img: SAMPLE_IMG });
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
        gear("Servo-jambes"),
        gear("Bottes à vapeur <b>"),
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
        name: `Arme de réserve ${i + 1}`,
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
      await sheet.submitAttributeText!("Portée 2-4 Volant");
      return `<form class="application ${sheet.options.classes.join(" ")}"><section class="window-content">${sheet.renderedParts.header}${sheet.renderedParts.tabs}${sheet.renderedParts.details}</section></form>`;
    },
  },
  {
    name: "a new power with its defaults, in edit mode",
    kind: "item",
    allTabs: false,
    async render(w) {
      const item = (await w.createItem({ name: "Nouveau pouvoir", type: "power" } as Obj))!;
      const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as DrivenSheet;
      return renderSheetHtml(sheet, "edit", ["details", "description"]);
    },
  },
];

import { beforeAll, describe, expect, it } from "vitest";
import { loadSheetWorld, renderSheetHtml, sampleCharacter, sampleItem, sampleUnit } from "../templates/sheet-samples";
import { hasChromium, useBrowserChecks } from "./chromium";
import { ITEM_TYPES, SHEET_GALLERY, casesByLang, shotName, type SheetSample } from "./gallery";

// Every sheet (three actor types, six item types) in play and edit mode, rendered from sample
// documents through the real templates and language files, in headless Chromium with our
// stylesheets, in both languages and both themes, at the window's own width and at 600 px.
// Each tab is rendered while active, all of them in one page, so every part is checked.

const ACTOR_TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];

/** One world per language (loading the entry is the slow part), its sample documents made once. */
async function sampleSheets(lang: "fr" | "en") {
  const w = await loadSheetWorld(lang);
  const actors = { character: await sampleCharacter(w, "character"), npc: await sampleCharacter(w, "npc"), unit: await sampleUnit(w) };
  const items = Object.fromEntries(await Promise.all(ITEM_TYPES.map(async (t) => [t, await sampleItem(w, t)] as const)));
  const classes = { character: w.sheets.CharacterSheet, npc: w.sheets.NpcSheet, unit: w.sheets.UnitSheet };
  return (s: SheetSample) =>
    s.kind === "actor"
      ? renderSheetHtml(new classes[s.type as keyof typeof classes]({ document: actors[s.type as keyof typeof actors] }), s.mode, ACTOR_TABS)
      : renderSheetHtml(new w.itemSheets.TacticaItemSheet({ document: items[s.type] }), s.mode, ["details", "description"]);
}

describe.runIf(hasChromium())("sheets in Chromium", () => {
  const browser = useBrowserChecks();

  describe.each(casesByLang(SHEET_GALLERY))("$lang", ({ lang, cases }) => {
    let render: Awaited<ReturnType<typeof sampleSheets>>;
    // A sheet is rendered once per language, then checked in both themes.
    const rendered = new Map<string, Promise<string>>();
    beforeAll(async () => {
      render = await sampleSheets(lang);
    });

    it.each(cases)("$name", async ({ sample, variant }) => {
      if (!rendered.has(sample.id)) rendered.set(sample.id, render(sample));
      const html = await rendered.get(sample.id)!;
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        const width = report.width;
        // Every tab part was rendered while active, so the page shows the whole sheet at once.
        expect(report.inactiveTabs).toBe(0);
        expect(report.problems, `${width}px`).toEqual([]);
        // Every button is a plain button (never submits the sheet) and dispatches an action.
        expect(report.looseButtons).toEqual([]);
        if (sample.mode === "play" && sample.kind === "actor") expect(report.rollControls).toBeGreaterThan(3);
        if (sample.mode === "edit") expect(report.rollControls).toBe(0);
        // User text is escaped: the sample names' angle brackets show as text, never as tags.
        expect(report.injectedTags).toBe(0);
      }
    });
  });
});

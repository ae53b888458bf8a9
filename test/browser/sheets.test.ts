import { beforeAll, describe, expect, it } from "vitest";
import { loadSheetWorld, renderSheetHtml, sampleCharacter, sampleItem, sampleUnit } from "../templates/sheet-samples";
import { domProblems, hasChromium, renderSample, useChromium } from "./chromium";

// Every sheet (three actor types, six item types) in play and edit mode, rendered from sample
// documents through the real templates and language files, in headless Chromium with our
// stylesheets: French in the dark theme, English in the light one, at 600 px (a narrow window).
// Each tab is rendered while active, all of them in one page, so every part is checked.

const ACTOR_TYPES = ["character", "npc", "unit"] as const;
const ITEM_TYPES = ["weapon", "armor", "forceField", "grenade", "gear", "power"] as const;
const VARIANTS = [
  { lang: "fr" as const, theme: "dark" as const },
  { lang: "en" as const, theme: "light" as const },
];
const MODES = ["play", "edit"] as const;

const ACTOR_TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];

/** One world per language (loading the entry is the slow part), its sample documents made once. */
async function sampleSheets(lang: "fr" | "en") {
  const w = await loadSheetWorld(lang);
  const actors = { character: await sampleCharacter(w, "character"), npc: await sampleCharacter(w, "npc"), unit: await sampleUnit(w) };
  const items = Object.fromEntries(await Promise.all(ITEM_TYPES.map(async (t) => [t, await sampleItem(w, t)] as const)));
  const classes = { character: w.sheets.CharacterSheet, npc: w.sheets.NpcSheet, unit: w.sheets.UnitSheet };
  return {
    actor: (type: (typeof ACTOR_TYPES)[number], mode: "play" | "edit") => renderSheetHtml(new classes[type]({ document: actors[type] }), mode, ACTOR_TABS),
    item: (type: string, mode: "play" | "edit") => renderSheetHtml(new w.itemSheets.TacticaItemSheet({ document: items[type] }), mode, ["details", "description"]),
  };
}

describe.runIf(hasChromium())("sheets in Chromium", () => {
  const browser = useChromium();

  describe.each(VARIANTS)("$lang, $theme theme, 600 px", ({ lang, theme }) => {
    let samples: Awaited<ReturnType<typeof sampleSheets>>;
    beforeAll(async () => {
      samples = await sampleSheets(lang);
    });
    const cases = MODES.flatMap((mode) => [
      ...ACTOR_TYPES.map((type) => ({ kind: "actor" as const, type, mode })),
      ...ITEM_TYPES.map((type) => ({ kind: "item" as const, type, mode })),
    ]);
    it.each(cases)("$kind $type, $mode mode", async (c) => {
      const html = c.kind === "actor" ? await samples.actor(c.type as (typeof ACTOR_TYPES)[number], c.mode) : await samples.item(c.type, c.mode);
      // Every tab part was rendered while active, so the page shows the whole sheet at once.
      const page = await renderSample(browser(), { name: `sheet-${c.kind}-${c.type}-${c.mode}-${lang}-${theme}-600`, html, lang, theme, width: 600 });
    try {
      expect(await page.locator(".tab:not(.active)").count()).toBe(0);
      expect(await domProblems(page)).toEqual([]);
      // Every button is a plain button (never submits the sheet) and dispatches an action.
      const loose = await page.evaluate(() =>
        [...document.querySelectorAll("button")].filter((b) => b.getAttribute("type") !== "button" || !b.dataset.action?.trim()).map((b) => b.outerHTML.slice(0, 80)),
      );
      expect(loose).toEqual([]);
      const rolls = page.locator("[data-action^=roll], [data-action=castPower], [data-action=attack], [data-action=moraleTest], [data-action=rally], [data-action=fearTest]");
      if (c.mode === "play" && c.kind === "actor") expect(await rolls.count()).toBeGreaterThan(3);
      if (c.mode === "edit") expect(await rolls.count()).toBe(0);
      // User text is escaped: the sample names' angle brackets show as text, never as tags.
      expect(await page.locator("vex, laser").count()).toBe(0);
    } finally {
      await page.close();
    }
    });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { setupDiceWorld, type DiceWorld } from "../templates/harness";
import { hasChromium, useBrowserChecks } from "./chromium";
import { CHAT_GALLERY, casesByLang, shotName } from "./gallery";

// Every chat card state rendered in headless Chromium with our stylesheet, in both languages and
// both themes, at the width of Foundry's chat sidebar (300 px) and at 600 px.

describe.runIf(hasChromium())("chat cards in Chromium", () => {
  const browser = useBrowserChecks();

  describe.each(casesByLang(CHAT_GALLERY))("$lang", ({ lang, cases }) => {
    let dice: DiceWorld["dice"];
    // A card is rendered once per language (its dice are queued and rolled once), then checked in both themes.
    const rendered = new Map<string, Promise<string>>();
    beforeAll(async () => {
      ({ dice } = await setupDiceWorld(lang));
    });

    it.each(cases)("$name", async ({ sample, variant }) => {
      if (!rendered.has(sample.id)) rendered.set(sample.id, sample.scenario.render(dice));
      const html = `<ol class="chat-log"><li class="chat-message message">${await rendered.get(sample.id)!}</li></ol>`;
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        const width = report.width;
        expect(report.problems, `${width}px`).toEqual([]);
        // WCAG AA contrast of every text and icon on its fill (styles/, review N5).
        expect(report.lowContrast, `${width}px`).toEqual([]);
        expect(report.articles).toBe(1);
        // Every action button is visible, focusable and named.
        for (const button of report.actionButtons) {
          expect(button, `${width}px`).toMatchObject({ visible: true, focusable: true });
        }
      }
    });
  });
});

import { describe, expect, it } from "vitest";
import { createTemplateHarness } from "../templates/harness";
import { COMBAT_UI_SAMPLES, TRACKER } from "../templates/combat-ui-samples";
import { domProblems, hasChromium, renderSample, slug, useChromium } from "./chromium";

// The combat windows (timeline tracker in both modes, GM and player; End-action dialog; place
// form) in headless Chromium with our stylesheets: fr/dark at sidebar width (300 px) and
// en/light at 600 px. Screenshots land in test/browser/__screenshots__/.

describe.runIf(hasChromium())("combat windows in Chromium", () => {
  const browser = useChromium();

  const cases = COMBAT_UI_SAMPLES.flatMap((s) => [
    { sample: s, lang: "fr" as const, theme: "dark" as const, width: 300 },
    { sample: s, lang: "en" as const, theme: "light" as const, width: 600 },
  ]);
  it.each(cases.map((c) => [`${c.sample.name} (${c.lang}, ${c.theme}, ${c.width})`, c] as const))("%s", async (_n, c) => {
    const html = createTemplateHarness(c.lang).render(c.sample.template, c.sample.context);
    const isTracker = c.sample.template === TRACKER;
    // The window's own classes, as Foundry renders them around the part.
    const classes = isTracker ? "application tactica tactica-app tactica-timeline-app" : "application dialog tactica tactica-dialog";
    const page = await renderSample(browser(), {
      name: `combat-${slug(c.sample.name)}-${c.lang}-${c.theme}-${c.width}`,
      html: `<div class="${classes}"><div class="window-content"><form>${html}</form></div></div>`,
      lang: c.lang,
      theme: c.theme,
      width: c.width,
    });
    try {
      expect(await domProblems(page)).toEqual([]);
      for (const input of await page.locator("input, select").all()) {
        expect(await input.isVisible()).toBe(true);
        const id = await input.getAttribute("id");
        const labelled = id ? await page.locator(`label[for="${id}"]`).count() : 0;
        const wrapped = await input.evaluate((el) => !!el.closest("label"));
        expect(labelled > 0 || wrapped).toBe(true);
      }
      if (isTracker) {
        // Markers stay inside their row and every name is readable (not clipped to nothing).
        const markers = await page.locator(".tactica-marker").all();
        for (const marker of markers) {
          const box = await marker.boundingBox();
          expect(box && box.width > 20 && box.height >= 16).toBe(true);
        }
        const pointer = page.locator(".tactica-timeline__row.is-pointer");
        if (await pointer.count()) {
          const colours = await pointer.evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(colours).not.toBe("rgba(0, 0, 0, 0)");
        }
      }
    } finally {
      await page.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import { createTemplateHarness } from "../templates/harness";
import { hasChromium, useBrowserChecks } from "./chromium";
import { COMBAT_GALLERY, casesByLang, shotName } from "./gallery";

// The combat windows (timeline tracker in both modes, GM and player; End-action dialog; place
// form) in headless Chromium with our stylesheets, in both languages and both themes, at the
// window's own width and at 300 and 600 px.

describe.runIf(hasChromium())("combat windows in Chromium", () => {
  const browser = useBrowserChecks();

  describe.each(casesByLang(COMBAT_GALLERY))("$lang", ({ lang, cases }) => {
    const harness = createTemplateHarness(lang);

    it.each(cases)("$name", async ({ sample, variant }) => {
      // The window's own classes, as Foundry renders them around the part.
      const classes = sample.isTracker
        ? "application tactica tactica-app tactica-timeline-app"
        : "application dialog tactica tactica-dialog";
      const part = harness.render(sample.sample.template, sample.sample.context(lang));
      const html = `<div class="${classes}"><div class="window-content"><form>${sample.sample.live?.(part) ?? part}</form></div></div>`;
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        const width = report.width;
        expect(report.problems, `${width}px`).toEqual([]);
        expect(report.lowContrast, `${width}px`).toEqual([]);
        for (const field of report.fields) expect(field, `${width}px`).toMatchObject({ visible: true, labelled: true });
        if (sample.sample.live) expect(sample.sample.live(part)).not.toBe(part);
        if (sample.isTracker) {
          // Markers stay inside their row and every name is readable (not clipped to nothing).
          for (const marker of report.markers)
            expect(marker.width > 20 && marker.height >= 16, `${width}px: ${JSON.stringify(marker)}`).toBe(true);
          if (report.pointerBackground !== null) expect(report.pointerBackground).not.toBe("rgba(0, 0, 0, 0)");
        }
      }
    });
  });
});

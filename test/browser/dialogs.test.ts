import { describe, expect, it } from "vitest";
import { createTemplateHarness } from "../templates/harness";
import { DIALOG_SAMPLES } from "../templates/dialog-scenarios";
import { domProblems, hasChromium, renderSample, slug, useChromium } from "./chromium";

// The roll dialogs' content in headless Chromium with our stylesheets, at a dialog's width.

describe.runIf(hasChromium())("roll dialogs in Chromium", () => {
  const browser = useChromium();

  const cases = DIALOG_SAMPLES.flatMap((s) => [
    { sample: s, lang: "fr" as const, theme: "dark" as const },
    { sample: s, lang: "en" as const, theme: "light" as const },
  ]);
  it.each(cases.map((c) => [`${c.sample.name} (${c.lang}, ${c.theme})`, c] as const))("%s", async (_n, c) => {
    const html = createTemplateHarness(c.lang).render(c.sample.template, c.sample.context);
    const page = await renderSample(browser(), {
      name: `dialog-${slug(c.sample.name)}-${c.lang}-${c.theme}`,
      html: `<div class="application dialog tactica tactica-dialog"><div class="window-content">${html}</div></div>`,
      lang: c.lang,
      theme: c.theme,
      width: 360,
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
    } finally {
      await page.close();
    }
  });
});

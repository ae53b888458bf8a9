import { describe, expect, it } from "vitest";
import { SCENARIOS } from "../templates/chat-scenarios";
import { setupDiceWorld } from "../templates/harness";
import { domProblems, hasChromium, renderSample, slug, useChromium } from "./chromium";

// Every chat card state rendered in headless Chromium with our stylesheet: French in the dark
// theme, English in the light one, at the width of Foundry's chat sidebar and at 600 px.

describe.runIf(hasChromium())("chat cards in Chromium", () => {
  const browser = useChromium();

  const cases = SCENARIOS.flatMap((s) => [
    { scenario: s, lang: "fr" as const, theme: "dark" as const, width: 300 },
    { scenario: s, lang: "en" as const, theme: "light" as const, width: 600 },
  ]);
  it.each(cases.map((c) => [`${c.scenario.name} (${c.lang}, ${c.theme}, ${c.width}px)`, c] as const))("%s", async (_n, c) => {
    const { dice } = await setupDiceWorld(c.lang);
    const html = await c.scenario.render(dice);
    const page = await renderSample(browser(), {
      name: `chat-${slug(c.scenario.name)}-${c.lang}-${c.theme}-${c.width}`,
      html: `<ol class="chat-log"><li class="chat-message message">${html}</li></ol>`,
      lang: c.lang,
      theme: c.theme,
      width: c.width,
    });
    try {
      expect(await domProblems(page)).toEqual([]);
      const article = page.locator("article");
      expect(await article.count()).toBe(1);
      // Every action button is visible, focusable and named.
      for (const button of await page.locator("button[data-action]").all()) {
        expect(await button.isVisible()).toBe(true);
        await button.focus();
        expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      }
    } finally {
      await page.close();
    }
  });
});

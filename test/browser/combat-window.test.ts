import { describe, expect, it } from "vitest";
import { createTemplateHarness } from "../templates/harness";
import { COMBAT_UI_SAMPLES } from "../templates/combat-ui-samples";
import { hasChromium, useBrowserChecks, type Variant } from "./chromium";

// The timeline tracker in a WINDOW — a fixed-height frame whose `.window-content`
// clips, as core v13's does (`flex: 1; overflow: hidden` in a column;
// dnd5e 5.3.3 adds `overflow-y: auto` to its own window content, `less/v2/activities.less:4`).
// This stand-in is not Foundry's stylesheet; it only frames our CSS the way core's window does.
// The ruler must be the thing that scrolls, its last row reachable inside the window.
// It runs on the worker's page of the browser checks (our stylesheets as the manifest lists them,
// core's window frame of the page shell), with the window's size and padding below.

const FRAME = `
  .application { display: flex; flex-direction: column; width: 320px; height: 360px; overflow: hidden; }
  .application .window-header { flex: none; height: 30px; }
  .application .window-content { display: flex; flex-direction: column; flex: 1; min-height: 0; overflow: hidden; padding: 1rem; }
`;

const DARK_FR: Variant = { lang: "fr", theme: "dark" };

describe.runIf(hasChromium())("the timeline tracker in a core-like window (Chromium)", () => {
  const browser = useBrowserChecks();

  it.each(["tracker timeline GM", "tracker tours GM"])(
    "%s: the list scrolls inside the window, down to its last row",
    async (name) => {
      const sample = COMBAT_UI_SAMPLES.find((s) => s.name === name)!;
      // Enough rows to overflow a 360 px window.
      const part = createTemplateHarness("fr").render(sample.template, sample.context("fr"));
      const html = `<style>${FRAME}</style><div class="application tactica tactica-app tactica-timeline-app"><header class="window-header"></header><section class="window-content">${part}</section></div>`;
      const found = await browser.evaluate(
        DARK_FR,
        (html: string) => {
          document.querySelector("#root")!.innerHTML = html;
          const list = document.querySelector<HTMLElement>(
            "#root .tactica-timeline__ruler, #root .tactica-timeline__turns",
          )!;
          const content = document.querySelector("#root .window-content")!.getBoundingClientRect();
          // Pad the list so it overflows whatever the sample's length.
          for (let i = 0; i < 30; i++) list.append(list.lastElementChild!.cloneNode(true));
          const last = list.lastElementChild as HTMLElement;
          list.scrollTop = list.scrollHeight;
          const row = last.getBoundingClientRect();
          const box = list.getBoundingClientRect();
          const result = {
            scrolls: list.scrollHeight > list.clientHeight,
            overflowY: getComputedStyle(list).overflowY,
            listInside: box.bottom <= content.bottom + 0.5,
            lastRowShown: row.bottom <= content.bottom + 0.5 && row.top >= content.top - 0.5,
          };
          // The page serves the worker's later checks: the window and its frame's style go.
          document.querySelector("#root")!.innerHTML = "";
          return result;
        },
        html,
      );
      expect(found).toEqual({ scrolls: true, overflowY: "auto", listInside: true, lastRowShown: true });
    },
  );
});

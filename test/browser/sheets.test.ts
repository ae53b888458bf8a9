import { beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../templates/harness";
import {
  frenchIn,
  loadSheetWorld,
  renderSheetHtml,
  sampleCharacter,
  sampleItem,
  sampleUnit,
  SAMPLE_IMG,
  SAMPLE_ITEMS,
} from "../templates/sheet-samples";
import { hasChromium, useBrowserChecks, VARIANTS } from "./chromium";
import { ITEM_TYPES, SHEET_GALLERY, SHEET_STATE_GALLERY, casesByLang, shotName, type SheetSample } from "./gallery";

// Every sheet (three actor types, six item types) in play and edit mode, rendered from sample
// documents through the real templates and language files, in headless Chromium with our
// stylesheets, in both languages and both themes, at the window's own width and at 600 px.
// Each tab is rendered while active, all of them in one page, so every part is checked.

const ACTOR_TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];
/** An NPC's stat block is its Profil tab; it has no Aptitudes tab. */
const NPC_TABS = ACTOR_TABS.filter((t) => t !== "aptitudes");

/** One world per language (loading the entry is the slow part), its sample documents made once. */
async function sampleSheets(lang: "fr" | "en") {
  const w = await loadSheetWorld(lang);
  const actors = {
    character: await sampleCharacter(w, "character"),
    npc: await sampleCharacter(w, "npc"),
    unit: await sampleUnit(w),
  };
  const items = Object.fromEntries(
    await Promise.all(ITEM_TYPES.map(async (t) => [t, await sampleItem(w, t)] as const)),
  );
  const classes = { character: w.sheets.CharacterSheet, npc: w.sheets.NpcSheet, unit: w.sheets.UnitSheet };
  return (s: SheetSample) =>
    s.kind === "actor"
      ? renderSheetHtml(
          new classes[s.type as keyof typeof classes]({ document: actors[s.type as keyof typeof actors] }),
          s.mode,
          s.type === "npc" ? NPC_TABS : ACTOR_TABS,
        )
      : renderSheetHtml(new w.itemSheets.TacticaItemSheet({ document: items[s.type] }), s.mode, [
          "details",
          "description",
        ]);
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
      // English pictures hold no French (the samples' own texts are in the reader's language).
      if (lang === "en") expect(frenchIn(textOf(html))).toEqual([]);
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
        // WCAG AA contrast of every text and icon on its fill (review N5, ux m16).
        expect(report.lowContrast, `${width}px`).toEqual([]);
        // Every field the user sees has a label element (the aptitude damage box had a title only).
        expect(
          report.fields.filter((f) => f.visible && !f.labelled).map((f) => f.html),
          `${width}px`,
        ).toEqual([]);
      }
    });
  });

  // The states beyond one sheet per type and mode (test/templates/sheet-states.ts), in both
  // languages and themes: a fresh world per language, each state rendered once.
  describe.each(casesByLang(SHEET_STATE_GALLERY))("$lang, states", ({ lang, cases }) => {
    let w: Awaited<ReturnType<typeof loadSheetWorld>>;
    const rendered = new Map<string, Promise<string>>();
    beforeAll(async () => {
      w = await loadSheetWorld(lang);
    });

    it.each(cases)("$name", async ({ sample, variant }) => {
      if (!rendered.has(sample.id)) rendered.set(sample.id, sample.state.render(w));
      const html = await rendered.get(sample.id)!;
      if (lang === "en") expect(frenchIn(textOf(html))).toEqual([]);
      for (const report of await browser.check(variant, html, sample.widths, shotName(sample, variant))) {
        const width = report.width;
        if (sample.state.allTabs) expect(report.inactiveTabs).toBe(0);
        expect(report.problems, `${width}px`).toEqual([]);
        expect(report.looseButtons).toEqual([]);
        expect(report.injectedTags).toBe(0);
        expect(report.lowContrast, `${width}px`).toEqual([]);
        expect(
          report.fields.filter((f) => f.visible && !f.labelled).map((f) => f.html),
          `${width}px`,
        ).toEqual([]);
      }
    });
  });

  // In a window of Foundry's size whose `.window-content` clips as core's does, the
  // active tab is what scrolls — its last row can be reached — and the header stays in view.
  describe("a long tab in a core-like window", () => {
    let html = "";
    beforeAll(async () => {
      const w = await loadSheetWorld("fr");
      const many = Array.from({ length: 30 }, (_, i) => ({
        name: `Arme ${i + 1}`,
        type: "weapon",
        img: SAMPLE_IMG,
        sort: (i + 10) * 1000,
      }));
      const actor = await sampleCharacter(w, "character", [...SAMPLE_ITEMS, ...many]);
      const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as {
        tabGroups: Record<string, string>;
        renderedParts: Record<string, string>;
        render(o: object): Promise<unknown>;
      };
      sheet.tabGroups.primary = "equipment";
      await sheet.render({ force: true });
      const parts = ["header", "tabs", "profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"]
        .map((id) => sheet.renderedParts[id] ?? "")
        .join("");
      html = `<form class="application tactica sheet actor character" style="width: 720px; height: 760px"><header class="window-header"></header><section class="window-content">${parts}</section></form>`;
    });

    it.each(VARIANTS.filter((v) => v.lang === "fr"))("scrolls inside its active tab ($theme)", async (variant) => {
      await browser.check(variant, html, [720]);
      const found = await browser.evaluate(
        variant,
        () => {
          const content = document.querySelector("#root .window-content")!.getBoundingClientRect();
          const tab = document.querySelector<HTMLElement>("#root .tab.active")!;
          const header = document.querySelector("#root .tactica-header")!.getBoundingClientRect();
          const rows = tab.querySelectorAll(".item");
          const last = rows[rows.length - 1]!;
          tab.scrollTop = tab.scrollHeight;
          const row = last.getBoundingClientRect();
          return {
            tab: tab.dataset.tab,
            overflowY: getComputedStyle(tab).overflowY,
            scrolls: tab.scrollHeight > tab.clientHeight,
            tabInside: tab.getBoundingClientRect().bottom <= content.bottom + 0.5,
            lastRowShown: row.bottom <= content.bottom + 0.5 && row.top >= content.top - 0.5,
            headerShown: header.top >= content.top - 0.5 && header.bottom <= content.bottom,
          };
        },
        null,
      );
      expect(found).toEqual({
        tab: "equipment",
        overflowY: "auto",
        scrolls: true,
        tabInside: true,
        lastRowShown: true,
        headerShown: true,
      });
    });
  });

  // Layout points of the reviews, in one English world rendered once, checked in both themes.
  describe("tabs, the gauge picker and the details grid", () => {
    const html = { tabs: "", gauges: "", grid: "" };
    beforeAll(async () => {
      const w = await loadSheetWorld("en");
      const sheet = new w.sheets.CharacterSheet({ document: await sampleCharacter(w) }) as unknown as {
        renderedParts: Record<string, string>;
        render(o: object): Promise<unknown>;
      };
      await sheet.render({ force: true });
      html.tabs = `<form class="application tactica sheet actor"><section class="window-content">${sheet.renderedParts.header}${sheet.renderedParts.tabs}</section></form>`;
      html.gauges = await SHEET_STATE_GALLERY.find((s) =>
        s.state.name.startsWith("several boiler-linked"),
      )!.state.render(w);
      const weapon = new w.itemSheets.TacticaItemSheet({ document: await sampleItem(w, "weapon") });
      html.grid = await renderSheetHtml(weapon, "play", ["details"]);
    });

    // Core v13's `_onClickTab` reads the tab from `event.target`, the element clicked (core-source
    // M2): wherever a tab link is clicked — its icon, its label — the browser's hit test must give
    // the link itself. `elementFromPoint` is that hit test.
    it.each(VARIANTS.filter((v) => v.lang === "en"))(
      "a click on a tab's icon or label targets the tab link ($theme)",
      async (variant) => {
        await browser.check(variant, html.tabs, [720]);
        const hits = await browser.evaluate(
          variant,
          () =>
            [...document.querySelectorAll<HTMLElement>("#root [data-action=tab]")].flatMap((link) =>
              [...link.children].map((child) => {
                const r = child.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return `${child.tagName.toLowerCase()} → ${hit === link ? link.dataset.tab : hit?.tagName}`;
              }),
            ),
          null,
        );
        const tabs = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];
        expect(hits).toEqual(tabs.flatMap((t) => [`i → ${t}`, `span → ${t}`]));
      },
    );

    // ux m7: the list of several boiler-linked items opens under its tile, inside the tab (a
    // scroll container clips what leaves its side), its entries aligned at the same left edge.
    it.each(VARIANTS.filter((v) => v.lang === "en"))(
      "the pressure gauges' list is not clipped and its entries line up ($theme)",
      async (variant) => {
        await browser.check(variant, html.gauges, [720]);
        const found = await browser.evaluate(
          variant,
          () => {
            const list = document.querySelector("#root .pressure-picker__list")!.getBoundingClientRect();
            const tab = document.querySelector("#root .tab.active")!.getBoundingClientRect();
            const starts = [...document.querySelectorAll("#root .pressure-picker__list button")].map((b) => {
              const range = document.createRange();
              range.selectNodeContents(b);
              const first = [...range.getClientRects()].find((r) => r.width > 0)!;
              return Math.round(first.left - b.getBoundingClientRect().left);
            });
            return {
              inside: list.left >= tab.left - 0.5 && list.right <= tab.right + 0.5,
              aligned: new Set(starts).size === 1,
            };
          },
          null,
        );
        expect(found).toEqual({ inside: true, aligned: true });
      },
    );

    // Review N9: the item details grid's fields sit at the top of their rows, so the labels of
    // one row line up across the columns (a neighbour's hint makes a row taller).
    it.each(VARIANTS.filter((v) => v.lang === "en"))(
      "an item's details grid lines its labels up row by row ($theme)",
      async (variant) => {
        await browser.check(variant, html.grid, [560]);
        const rows = await browser.evaluate(
          variant,
          () => {
            const byRow = new Map<number, number[]>();
            for (const group of document.querySelectorAll<HTMLElement>("#root .field-grid > .form-group")) {
              const top = Math.round(group.getBoundingClientRect().top);
              const label = group.querySelector("label")!.getBoundingClientRect().top;
              byRow.set(top, [...(byRow.get(top) ?? []), Math.round(label)]);
            }
            return [...byRow.values()].filter((labels) => labels.length > 1);
          },
          null,
        );
        expect(rows.length).toBeGreaterThan(1);
        for (const labels of rows) expect(new Set(labels).size, JSON.stringify(labels)).toBe(1);
      },
    );
  });

  // The palette follows the application's own theme class, not only the body's.
  it.each([
    { page: VARIANTS[0]!, app: "light", accent: "#8a5215" },
    { page: VARIANTS[1]!, app: "dark", accent: "#c8843a" },
    { page: VARIANTS[0]!, app: "", accent: "#c8843a" },
    { page: VARIANTS[1]!, app: "", accent: "#8a5215" },
  ])("a sheet themed '$app' in a $page.theme interface uses the $accent accent", async ({ page, app, accent }) => {
    const found = await browser.evaluate(
      page,
      (theme: string) => {
        const root = document.querySelector<HTMLElement>("#root")!;
        root.innerHTML = `<div class="application tactica sheet actor ${theme ? `themed theme-${theme}` : ""}"><section class="window-content"><h3 class="section-title">x</h3></section></div>`;
        const sheet = root.querySelector(".tactica.sheet")!;
        const hex = (rgb: string) =>
          "#" +
          (rgb.match(/\d+/g) ?? [])
            .slice(0, 3)
            .map((n) => Number(n).toString(16).padStart(2, "0"))
            .join("");
        const probe = document.createElement("span");
        probe.style.color = "var(--t-accent)";
        sheet.append(probe);
        return hex(getComputedStyle(probe).color);
      },
      app,
    );
    expect(found).toBe(accent);
  });
});

import fs from "node:fs";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { SCENARIOS } from "../templates/chat-scenarios";
import { createTemplateHarness, setupDiceWorld } from "../templates/harness";
import { loadSheetWorld, renderSheetHtml, SAMPLE_ITEMS, sampleCharacter } from "../templates/sheet-samples";
import { trackerFixture, TRACKER } from "../bench/browser/fixtures";
import { hasChromium, useBrowserChecks, type TakenPage } from "./chromium";
import { readManifest, styleFiles } from "../../scripts/manifest";
import { FIRST_SCREEN_ROWS, LONG_RULER_ROWS } from "../../src/applications/combat/tracker-context";

// styles/perf.css: long lists skip the layout of their off-screen rows with
// `content-visibility: auto`. What must still hold, in Chromium with our stylesheets:
// - the chat log scrolls to its newest message (as core's ChatLog#scrollBottom sets the log's
//   scrollTop to its scrollHeight, https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.ChatLog.html),
//   and the last five messages are always laid out at their real height (the earlier ones are
//   marked as messages arrive by src/applications/chat-log.ts, run here as src/hooks/chat-log.ts
//   runs it in Foundry);
// - a sheet's last item row and the tracker's last row can be scrolled to and are rendered; only
//   long lists skip rows, and never the tracker's first screen;
// - the estimated heights (`contain-intrinsic-size`) are close to the real ones, so the scroll
//   bar does not jump as rows come into view.
// Boxes stand in for core's window and sidebar (not Foundry's CSS), clipping as v13's do.

/** src/applications/chat-log.ts as a script for the page: its exports on the object given. */
const CHAT_LOG_SCRIPT = ts.transpileModule(fs.readFileSync("src/applications/chat-log.ts", "utf8"), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

const FRAME = `
  #root { width: auto; }
  .frame { display: flex; flex-direction: column; overflow: hidden; }
  .frame > .window-content { display: flex; flex-direction: column; flex: 1; min-height: 0; overflow: hidden; }
  .sidebar { display: flex; flex-direction: column; width: 300px; height: 600px; }
  .sidebar > .chat-log { flex: 1; min-height: 0; overflow-y: auto; }
`;

/**
 * Average real height of `selector`'s elements (rendered regardless of perf.css) and the height
 * perf.css estimates for them (`contain-intrinsic-height: auto <px>`).
 */
function heights(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const els = [...document.querySelectorAll<HTMLElement>(sel)];
    const estimate = parseFloat(getComputedStyle(els[0]!).containIntrinsicHeight.replace("auto", ""));
    for (const el of els) el.style.contentVisibility = "visible";
    const real = els.reduce((sum, el) => sum + el.getBoundingClientRect().height, 0) / els.length;
    for (const el of els) el.style.contentVisibility = "";
    return { estimate, real };
  }, selector);
}

/** How many of the first `n` sample items (the kinds in turn) are psychic powers (Psy tab, not Equipment). */
const SAMPLE_ITEMS_POWERS = (n: number) =>
  Array.from({ length: n }, (_, i) => SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!).filter((i) => i.type === "power").length;

describe.runIf(hasChromium())("styles/perf.css in Chromium", () => {
  // The worker's page of the browser checks, painted, at a desktop's viewport, with the frames above.
  const browser = useBrowserChecks();
  let taken: TakenPage | undefined;
  let page: Page;
  let cards: string[];
  let sheet: string;
  /** The same sheet with 12 items: a tab of few rows. */
  let shortSheet: string;
  const tracker = createTemplateHarness("fr").render(TRACKER, trackerFixture(200).context);

  beforeAll(async () => {
    const { dice } = await setupDiceWorld("fr");
    cards = [];
    for (const scenario of SCENARIOS) cards.push(await scenario.render(dice));
    const w = await loadSheetWorld("fr");
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!, name: `Objet ${i + 1}` }));
    const render = async (n: number) =>
      renderSheetHtml(
        new w.sheets.CharacterSheet({ document: await sampleCharacter(w, "character", items(n)) }),
        "play",
        ["equipment"],
      );
    sheet = await render(60);
    shortSheet = await render(12);
    taken = await browser.takeOver({ lang: "fr", theme: "dark" }, { width: 1280, height: 900 }, FRAME);
    page = taken.page;
  }, 120_000);

  afterAll(async () => {
    // The page serves the worker's later browser checks.
    await taken?.restore();
  });

  it("is registered in the manifest, after the stylesheets whose rows it styles", () => {
    expect(styleFiles(readManifest()).at(-1)).toBe("styles/perf.css");
  });

  it("chat: the log scrolls to its newest message, whose last five messages are always laid out", async () => {
    const messages = Array.from({ length: 60 }, (_, i) => cards[i % cards.length]!);
    const found = await page.evaluate(
      async ({ html, script }) => {
        const root = document.getElementById("root")!;
        root.innerHTML = '<section class="sidebar"><ol class="chat-log"></ol></section>';
        const log = root.querySelector<HTMLElement>(".chat-log")!;
        // What src/hooks/chat-log.ts does with each chat log core renders.
        const chatLog = {} as { watchChatLog(log: Element): void };
        new Function("exports", script)(chatLog);
        chatLog.watchChatLog(log);
        // Core's scroll to the end awaits the log's images first (ChatLog#scrollBottom).
        const scrollToEnd = async () => {
          await Promise.resolve();
          log.scrollTop = log.scrollHeight;
        };
        const post = (card: string, i: number) => {
          const t = document.createElement("template");
          t.innerHTML = `<li class="chat-message message" data-message-id="m${i}"><header class="message-header">Kara</header><div class="message-content">${card}</div></li>`;
          log.append(t.content.firstElementChild!);
        };
        const settle = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const atBottom = () => {
          const last = log.lastElementChild!.getBoundingClientRect();
          const box = log.getBoundingClientRect();
          return {
            scrolledToEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 1,
            lastShown: last.bottom <= box.bottom + 1 && last.bottom > box.top,
          };
        };
        html.forEach(post);
        await scrollToEnd();
        await settle();
        const opened = atBottom();
        const modes = [...log.children].map((m) => getComputedStyle(m).contentVisibility);
        // A message whose context menu core injected into it (ContextMenu#_injectMenu adds
        // `context`) is laid out whole, or the menu would be clipped; a message without a Tactica
        // card is core's, never skipped.
        const first = log.children[0]!;
        first.classList.add("context");
        const withMenu = getComputedStyle(first).contentVisibility;
        first.classList.remove("context");
        const plain = document.createElement("li");
        plain.className = "chat-message message";
        plain.innerHTML = '<div class="message-content"><p>Bonsoir.</p></div>';
        log.prepend(plain);
        await Promise.resolve();
        const plainMode = getComputedStyle(plain).contentVisibility;
        plain.remove();
        // A new message arrives (ChatLog#postOne appends it) and the log scrolls to it.
        post(html[0]!, html.length);
        await scrollToEnd();
        await settle();
        const posted = atBottom();
        // Up to the top and back down: the remembered heights keep the bottom where it was.
        log.scrollTop = 0;
        await settle();
        log.scrollTop = log.scrollHeight;
        await settle();
        return {
          opened,
          posted,
          back: atBottom(),
          modes,
          withMenu,
          plainMode,
          sixthFromEnd: getComputedStyle(log.children[log.children.length - 6]!).contentVisibility,
        };
      },
      { html: messages, script: CHAT_LOG_SCRIPT },
    );
    expect(found.opened).toEqual({ scrolledToEnd: true, lastShown: true });
    expect(found.posted).toEqual({ scrolledToEnd: true, lastShown: true });
    expect(found.back).toEqual({ scrolledToEnd: true, lastShown: true });
    expect(found.modes.slice(0, -5).every((m) => m === "auto")).toBe(true);
    expect(found.modes.slice(-5)).toEqual(["visible", "visible", "visible", "visible", "visible"]);
    expect(found.withMenu).toBe("visible");
    expect(found.plainMode).toBe("visible");
    // The message that was fifth from the end is sixth once a new one arrives: it may be skipped now.
    expect(found.sixthFromEnd).toBe("auto");
    const h = await heights(page, ".chat-log > li");
    expect(h.estimate / h.real, JSON.stringify(h)).toBeGreaterThan(0.6);
    expect(h.estimate / h.real, JSON.stringify(h)).toBeLessThan(1.6);
  });

  it("sheet: a long tab's item rows are skipped off screen, even in its short lists, and the last row scrolls into view rendered", async () => {
    const found = await page.evaluate(async (html) => {
      const root = document.getElementById("root")!;
      root.innerHTML = html.replace(
        '<form class="application',
        '<form style="width:720px;height:760px" class="frame application',
      );
      // Core's window content clips; the sheet's active tab is what scrolls (styles/sheets.css).
      const content = root.querySelector<HTMLElement>(".window-content")!;
      const scroller = root.querySelector<HTMLElement>(".tab.active")!;
      const rows = [...root.querySelectorAll<HTMLElement>(".item-list > li.item")];
      // A long tab's rows are skipped off screen, a short tab's are always laid out.
      const lists = [...root.querySelectorAll<HTMLElement>(".item-list")].map((list) => ({
        rows: list.querySelectorAll(":scope > li.item").length,
        long: list.classList.contains("is-long"),
        modes: [
          ...new Set([...list.querySelectorAll(":scope > li.item")].map((r) => getComputedStyle(r).contentVisibility)),
        ],
      }));
      const last = rows.at(-1)!;
      last.scrollIntoView({ block: "end" });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const box = content.getBoundingClientRect();
      const row = last.getBoundingClientRect();
      const name = last.querySelector(".item-name")!.getBoundingClientRect();
      // An item's roll draws its dice overlay only while it is focused (or hovered), not at rest.
      const roll = root.querySelector<HTMLElement>(".item-list > li.item .item-roll:not(:disabled)")!;
      const overlay = () => getComputedStyle(roll, "::after").content;
      const atRest = overlay();
      roll.focus({ focusVisible: true } as FocusOptions);
      const focused = { overlay: overlay(), position: getComputedStyle(roll).position };
      roll.blur();
      return {
        overlay: { atRest, focused },
        rows: rows.length,
        lists,
        scrolls: scroller.scrollHeight > scroller.clientHeight,
        inView: row.bottom <= box.bottom + 1 && row.top >= box.top - 1,
        nameRendered: name.width > 0 && name.height > 0,
      };
    }, sheet);
    // 60 items: all but the psychic powers are equipment rows.
    expect(found.overlay).toEqual({ atRest: "none", focused: { overlay: '""', position: "relative" } });
    expect(found).toMatchObject({
      rows: 60 - SAMPLE_ITEMS_POWERS(60),
      scrolls: true,
      inView: true,
      nameRendered: true,
    });
    // (Imported once the fake exists: the item lists read Foundry's data models.)
    const { LONG_LIST_ROWS } = await import("../../src/applications/sheets/context/item-lists");
    // Long or not is the tab's: its rows over all its lists (several short lists are as many rows).
    const tabRows = found.lists.reduce((n, l) => n + l.rows, 0);
    for (const list of found.lists) {
      expect(list.long, JSON.stringify(list)).toBe(tabRows > LONG_LIST_ROWS);
      if (list.rows) expect(list.modes, JSON.stringify(list)).toEqual([list.long ? "auto" : "visible"]);
    }
    expect(found.lists.some((l) => l.long && l.rows > 0 && l.rows <= LONG_LIST_ROWS)).toBe(true);
    const h = await heights(page, ".item-list.is-long > li.item");
    expect(h.estimate / h.real, JSON.stringify(h)).toBeGreaterThan(0.6);
    expect(h.estimate / h.real, JSON.stringify(h)).toBeLessThan(1.6);
  });

  it("sheet: a row drawn alone on a long list is laid out at once, its neighbours still skipped off screen", async () => {
    const { REDRAWN } = await import("../../src/applications/sheets/row-render");
    const found = await page.evaluate(
      async ({ html, redrawn }) => {
        const root = document.getElementById("root")!;
        root.innerHTML = html.replace(
          '<form class="application',
          '<form style="width:720px;height:760px" class="frame application',
        );
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const rows = [...root.querySelectorAll<HTMLElement>(".item-list.is-long > li.item")];
        // As row-render.ts swaps a changed row in: a fresh element, marked, in the old one's place —
        // here the tab's last row, far below the window's edge.
        const old = rows[rows.length - 1]!;
        const fresh = old.cloneNode(true) as HTMLElement;
        fresh.classList.add(redrawn);
        old.replaceWith(fresh);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        // Its content laid out, or skipped by the row's `content-visibility: auto` (`checkVisibility`
        // answers false inside a skipped element, not for the element itself).
        const laidOut = (r: Element) => r.firstElementChild!.checkVisibility({ contentVisibilityAuto: true });
        const neighbour = rows[rows.length - 2]!;
        const below = neighbour.getBoundingClientRect().top > window.innerHeight;
        // The line between rows is drawn above every row but a list's first, the swapped one too.
        const line = (r: Element) => getComputedStyle(r).borderTopWidth;
        const lines = { first: line(rows[0]!), second: line(rows[1]!), fresh: line(fresh) };
        return { rows: rows.length, below, fresh: laidOut(fresh), neighbour: laidOut(neighbour), lines };
      },
      { html: sheet, redrawn: REDRAWN },
    );
    expect(found, JSON.stringify(found)).toMatchObject({
      below: true,
      fresh: true,
      neighbour: false,
      lines: { first: "0px", second: "1px", fresh: "1px" },
    });
    expect(found.rows).toBeGreaterThan(2);
  });

  it("sheet: a tab of few rows is laid out whole (skipping costs more than it saves there)", async () => {
    const lists = await page.evaluate((html) => {
      const root = document.getElementById("root")!;
      root.innerHTML = html;
      return [...root.querySelectorAll<HTMLElement>(".item-list")].map((list) => ({
        long: list.classList.contains("is-long"),
        modes: [
          ...new Set([...list.querySelectorAll(":scope > li.item")].map((r) => getComputedStyle(r).contentVisibility)),
        ],
      }));
    }, shortSheet);
    expect(lists.length).toBeGreaterThan(1);
    expect(lists.every((l) => !l.long && l.modes.every((m) => m === "visible"))).toBe(true);
  });

  it("tracker: a long ruler's rows are skipped off screen but for the first screen, and the last one scrolls into view with its markers", async () => {
    const found = await page.evaluate(async (html) => {
      const root = document.getElementById("root")!;
      root.innerHTML = `<div class="frame application tactica tactica-app tactica-timeline-app" style="width:320px;height:560px"><section class="window-content">${html}</section></div>`;
      const ruler = root.querySelector<HTMLElement>(".tactica-timeline__ruler")!;
      const rows = [...ruler.querySelectorAll<HTMLElement>(":scope > .tactica-timeline__row")];
      const mode = (r: HTMLElement) => getComputedStyle(r).contentVisibility;
      const first = rows.filter((r) => r.classList.contains("is-first-screen"));
      // The window opens at the top of the ruler: its first screen of rows is laid out at once.
      const firstScreen = {
        rows: first.length,
        atTop: first.every((r, i) => r === rows[i]),
        modes: [...new Set(first.map(mode))],
        // Every row the opened window shows is one of them.
        shown: rows
          .filter((r) => r.getBoundingClientRect().top < ruler.getBoundingClientRect().bottom)
          .every((r) => first.includes(r)),
      };
      const modes = new Set(rows.filter((r) => !first.includes(r)).map(mode));
      // Once the window has painted, Chromium has laid out no row beyond them: the rows it keeps
      // laid out around the view are among them, so no second layout unlocks any in the next frames.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const laidOut = (r: HTMLElement) => r.firstElementChild!.checkVisibility({ contentVisibilityAuto: true });
      const unlockedLater = rows.filter((r) => !first.includes(r) && laidOut(r)).length;
      // Scrolled to the end twice, as a user drags the bar down and then further: rows coming into
      // view are laid out at their real height, which the estimates approach (checked below).
      for (let i = 0; i < 2; i++) {
        ruler.scrollTop = ruler.scrollHeight;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      }
      const box = ruler.getBoundingClientRect();
      const last = rows.at(-1)!.getBoundingClientRect();
      const markers = [...rows.at(-1)!.querySelectorAll(".tactica-marker")].map((m) => m.getBoundingClientRect().width);
      return {
        firstScreen,
        unlockedLater,
        modes: [...modes],
        scrolledToEnd: ruler.scrollTop + ruler.clientHeight >= ruler.scrollHeight - 1,
        lastShown: last.bottom <= box.bottom + 1,
        markersLaidOut: markers.length > 0 && markers.every((w) => w > 20),
      };
    }, tracker);
    expect(found).toEqual({
      firstScreen: { rows: FIRST_SCREEN_ROWS, atTop: true, modes: ["visible"], shown: true },
      unlockedLater: 0,
      modes: ["auto"],
      scrolledToEnd: true,
      lastShown: true,
      markersLaidOut: true,
    });
    const h = await heights(page, ".tactica-timeline__ruler > .tactica-timeline__row:not(.is-first-screen)");
    expect(h.estimate / h.real, JSON.stringify(h)).toBeGreaterThan(0.6);
    expect(h.estimate / h.real, JSON.stringify(h)).toBeLessThan(1.6);
  });

  it("tracker: a short ruler is laid out whole (skipping costs more than it saves there)", async () => {
    const short = trackerFixture(10).context;
    expect(short.timeline!.rows.length).toBeLessThanOrEqual(LONG_RULER_ROWS);
    const modes = await page.evaluate(
      (html) => {
        const root = document.getElementById("root")!;
        root.innerHTML = `<div class="frame application tactica tactica-app tactica-timeline-app" style="width:320px;height:560px"><section class="window-content">${html}</section></div>`;
        const rows = [...root.querySelectorAll<HTMLElement>(".tactica-timeline__ruler > .tactica-timeline__row")];
        return [...new Set(rows.map((r) => getComputedStyle(r).contentVisibility))];
      },
      createTemplateHarness("fr").render(TRACKER, short),
    );
    expect(modes).toEqual(["visible"]);
  });
});

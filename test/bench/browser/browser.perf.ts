/**
 * The browser benchmarks, run by `npm run bench` (scripts/bench.mjs) through
 * vitest.browser-bench.config.ts — never by `npm test`. Each variant is timed IN THE PAGE (see
 * page.js): our real templates compiled by Handlebars in Chromium, inserted as Foundry does, with
 * our real stylesheets, then style and layout forced. Robust on a shared machine:
 * - every variant runs once per round, the rounds interleave all of them (the order rotates), so a
 *   neighbour's burst of load hits every variant alike; the first rounds are a warm-up, not kept;
 * - garbage is collected between runs, untimed;
 * - the report keeps every sample: scripts/bench.mjs takes medians, and compares variants (floor,
 *   growth, re-render) by the median of their ratios within the same round.
 * This file fails only when what it renders is not what the Node harness renders from the same
 * contexts (the fidelity check), or a variant throws. Budgets are judged by scripts/bench.mjs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchChromium, pageShell } from "../../browser/chromium";
import { createTemplateHarness, SYSTEM_PREFIX, templateFiles } from "../../templates/harness";
import { loadLang } from "../../helpers/lang";
import { cardFixtures, FLOOR_TEMPLATES, sheetFixtures, TRACKER, trackerFixture, type Part } from "./fixtures";

const ROUNDS = Number(process.env.TACTICA_BENCH_ROUNDS ?? 40);
const WARMUP = Number(process.env.TACTICA_BENCH_WARMUP ?? 5);
const OUT = process.env.TACTICA_BENCH_OUT ?? path.join(os.tmpdir(), "tactica-browser-bench.json");

const SHEET_SIZES = [10, 100, 125, 500] as const;
const CHAT_SIZES = [50, 200] as const;
const TRACKER_SIZES = [10, 50, 200] as const;

const SHEET_FRAME = { classes: "tactica sheet actor character", width: 720, height: 760 };
const FLOOR_FRAME = { classes: "bench-floor", width: 720, height: 760 };
const CHAT_FRAME = { width: 300, height: 860 };
const TRACKER_FRAME = { classes: "tactica tactica-app tactica-timeline-app", width: 320, height: 560 };
const TRACKER_FLOOR_FRAME = { classes: "bench-floor", width: 320, height: 560 };

/** Stand-ins for core's window and sidebar boxes (not Foundry's CSS): a clipping frame as in v13. */
const BENCH_CSS = `
  #root { width: auto; }
  .bench-window { display: flex; flex-direction: column; overflow: hidden; }
  .bench-window > .window-header { flex: none; height: 30px; }
  .bench-window > .window-content { display: flex; flex-direction: column; flex: 1; min-height: 0; overflow: hidden auto; padding: 0.5rem; }
  .bench-chat { display: flex; flex-direction: column; }
  .bench-chat > .chat-log { flex: 1; min-height: 0; overflow-y: auto; }
`;

interface Variant {
  kind: "open" | "rerender" | "chat";
  group: string;
  perfCss?: boolean;
  parts?: Part[];
  rerenderParts?: string[];
  /** parts whose template is rendered to be compared, not drawn (timed with the re-render) */
  compareParts?: string[];
  frame: object;
  messages?: { parts: { template: string; context: unknown }[]; sender: string }[];
  renderTwice?: boolean;
}

type RunResult = { total: number; phases: Record<string, number> };

describe.runIf(hasChromium())("browser benchmarks", () => {
  let browser: Browser | undefined;
  let page: Page;
  const variants = new Map<string, Variant>();
  /** What each part (or message) renders from, in Node: a message is its parts concatenated. */
  const originals = new Map<string, { parts: { template: string; context: object }[] }[]>();
  const samples = new Map<string, RunResult[]>();
  const elements = new Map<string, number>();

  beforeAll(async () => {
    const [sheets, cards] = [await sheetFixtures(SHEET_SIZES), await cardFixtures()];
    // Sheets: the real parts; the floor prints the equipment rows bare, as one part.
    for (const n of SHEET_SIZES) {
      const f = sheets.get(n)!;
      const every = f.parts.map(({ id, template, context }) => ({ id, template, context }));
      // The sheet as it opens: the parts it draws (the header, the tab bar, the active tab).
      const parts = every.filter((p) => f.opened.includes(p.id));
      variants.set(`sheet open, ${n} items`, { kind: "open", group: "sheet", parts, frame: SHEET_FRAME });
      originals.set(
        `sheet open, ${n} items`,
        f.parts
          .filter((p) => f.opened.includes(p.id))
          .map((p) => ({ parts: [{ template: p.template, context: p.original }] })),
      );
      variants.set(`sheet open floor, ${n} items`, {
        kind: "open",
        group: "sheet",
        parts: [{ id: "list", template: "bench/floor-items.hbs", context: { rows: f.rows } }],
        frame: FLOOR_FRAME,
      });
      if (n === 100 || n === 500) {
        variants.set(`sheet open, ${n} items, without perf.css`, {
          kind: "open",
          group: "sheet",
          parts,
          frame: SHEET_FRAME,
          perfCss: false,
        });
        // What opening cost when every tab was drawn (before the fix).
        variants.set(`sheet open, ${n} items, every tab`, {
          kind: "open",
          group: "sheet",
          parts: every,
          frame: SHEET_FRAME,
        });
      }
      if (n === 100) {
        // A re-render draws what the sheet draws when one of its items changes (the active tab;
        // the header's template is rendered to be compared, and left as it was).
        variants.set(`sheet re-render, ${n} items`, {
          kind: "rerender",
          group: "sheet",
          parts,
          rerenderParts: f.rerendered,
          compareParts: ["header"],
          frame: SHEET_FRAME,
        });
        // ... and when the actor itself changes (the header and the active tab).
        variants.set(`sheet re-render, ${n} items, actor changed`, {
          kind: "rerender",
          group: "sheet",
          parts,
          rerenderParts: f.rerenderedActor,
          compareParts: ["header"],
          frame: SHEET_FRAME,
        });
        variants.set(`sheet re-render floor, ${n} items`, {
          kind: "rerender",
          group: "sheet",
          parts: [{ id: "list", template: "bench/floor-items.hbs", context: { rows: f.rows } }],
          frame: FLOOR_FRAME,
        });
        // What the re-render cost when every part was drawn again (before the fix).
        variants.set(`sheet re-render, ${n} items, every part`, {
          kind: "rerender",
          group: "sheet",
          parts: every,
          frame: SHEET_FRAME,
        });
      }
    }
    // Chat: the scenarios' cards in turn, one message each.
    for (const n of CHAT_SIZES) {
      const messages = Array.from({ length: n }, (_, i) => cards[i % cards.length]!);
      const real = messages.map((c) => ({
        parts: c.parts.map(({ template, context }) => ({ template, context })),
        sender: "Kara",
      }));
      variants.set(`chat log, ${n} cards`, { kind: "chat", group: "chat", messages: real, frame: CHAT_FRAME });
      originals.set(
        `chat log, ${n} cards`,
        messages.map((c) => ({ parts: c.parts.map(({ template, original }) => ({ template, context: original })) })),
      );
      variants.set(`chat log floor, ${n} cards`, {
        kind: "chat",
        group: "chat",
        messages: messages.map((c) => ({
          parts: [{ template: "bench/floor-card.hbs", context: { text: c.text } }],
          sender: "Kara",
        })),
        frame: CHAT_FRAME,
      });
      if (n === 200) {
        variants.set(`chat log, ${n} cards, without perf.css`, {
          kind: "chat",
          group: "chat",
          messages: real,
          frame: CHAT_FRAME,
          perfCss: false,
        });
        // What the log cost when core rendered each card before the system rendered it again (before the fix).
        variants.set(`chat log, ${n} cards, each card rendered twice`, {
          kind: "chat",
          group: "chat",
          messages: real,
          frame: CHAT_FRAME,
          renderTwice: true,
        });
      }
    }
    // Tracker: the GM's timeline view.
    for (const n of TRACKER_SIZES) {
      const f = trackerFixture(n);
      const { plain } = await import("./fixtures");
      variants.set(`tracker, ${n} combatants`, {
        kind: "open",
        group: "tracker",
        parts: [{ id: "tracker", template: TRACKER, context: plain(f.context) }],
        frame: TRACKER_FRAME,
      });
      originals.set(`tracker, ${n} combatants`, [{ parts: [{ template: TRACKER, context: f.context }] }]);
      variants.set(`tracker floor, ${n} combatants`, {
        kind: "open",
        group: "tracker",
        parts: [{ id: "tracker", template: "bench/floor-tracker.hbs", context: { rows: f.rows } }],
        frame: TRACKER_FLOOR_FRAME,
      });
      if (n === 200)
        variants.set(`tracker, ${n} combatants, without perf.css`, {
          kind: "open",
          group: "tracker",
          parts: [{ id: "tracker", template: TRACKER, context: plain(f.context) }],
          frame: TRACKER_FRAME,
          perfCss: false,
        });
    }

    browser = await launchChromium(["--js-flags=--expose-gc"]);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent(pageShell({ lang: "fr", theme: "dark" }), { waitUntil: "load" });
    await page.addStyleTag({ content: BENCH_CSS });
    const require = createRequire(import.meta.url);
    await page.addScriptTag({ path: require.resolve("handlebars/dist/handlebars.min.js") });
    await page.addScriptTag({ path: path.join(import.meta.dirname, "page.js") });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const templates: Record<string, string> = Object.fromEntries(
      templateFiles().map((f) => [`${SYSTEM_PREFIX}${f}`, fs.readFileSync(f, "utf8")]),
    );
    Object.assign(templates, FLOOR_TEMPLATES);
    await page.evaluate(
      (init) => (window as unknown as { tacticaBench: { init(i: object): void } }).tacticaBench.init(init),
      { lang: loadLang("fr"), templates },
    );
    for (const [name, v] of variants) {
      await page.evaluate(
        ([n, d]) =>
          (window as unknown as { tacticaBench: { define(n: string, d: object): void } }).tacticaBench.define(n, d),
        [name, v] as const,
      );
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("renders in the page exactly what the Node harness renders from the same contexts", async () => {
    const harness = createTemplateHarness("fr", { strict: false });
    const squash = (html: string) => html.replace(/\s+/g, " ").replace(/> </g, "><").trim();
    for (const [name, parts] of originals) {
      const inPage = await page.evaluate(
        (n) => (window as unknown as { tacticaBench: { html(n: string): string[] } }).tacticaBench.html(n),
        name,
      );
      expect(inPage.length, name).toBe(parts.length);
      parts.forEach((p, i) =>
        expect(squash(inPage[i]!), `${name}, ${i}`).toBe(
          squash(p.parts.map((q) => harness.render(q.template, q.context)).join("")),
        ),
      );
    }
  });

  it("measures every variant, interleaved, and writes the report", async () => {
    const names = [...variants.keys()];
    for (const name of names) {
      elements.set(
        name,
        await page.evaluate(
          (n) => (window as unknown as { tacticaBench: { show(n: string): number } }).tacticaBench.show(n),
          name,
        ),
      );
    }
    const loadStart = os.loadavg();
    const started = Date.now();
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      // Rotate the order each round: no variant always runs first, or right after a heavy one.
      const order = names.map((_, i) => names[(i + r * 7) % names.length]!);
      // One family per round trip keeps each evaluate short.
      for (const group of ["sheet", "chat", "tracker"]) {
        const batch = order.filter((n) => variants.get(n)!.group === group);
        const out = await page.evaluate(
          (b) =>
            (
              window as unknown as { tacticaBench: { round(b: string[]): Record<string, RunResult> } }
            ).tacticaBench.round(b),
          batch,
        );
        if (r < WARMUP) continue;
        for (const [name, result] of Object.entries(out)) {
          if (!samples.has(name)) samples.set(name, []);
          samples.get(name)!.push(result);
        }
      }
    }
    const report = {
      when: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      rounds: ROUNDS,
      warmup: WARMUP,
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model ?? "",
        node: process.version,
        chromium: browser!.version(),
        loadStart,
        loadEnd: os.loadavg(),
      },
      variants: Object.fromEntries(
        names.map((name) => [name, { elements: elements.get(name), runs: samples.get(name) ?? [] }]),
      ),
    };
    fs.writeFileSync(OUT, `${JSON.stringify(report, null, 1)}\n`);
    for (const name of names) expect(samples.get(name)?.length, name).toBe(ROUNDS);
  }, 1_800_000);
});

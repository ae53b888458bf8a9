/**
 * The browser benchmarks, run by `npm run bench` (scripts/bench.mjs) through
 * vitest.browser-bench.config.ts — never by `npm test`. Each variant is timed IN THE PAGE (see
 * page.js): our real templates compiled by Handlebars in Chromium, inserted as Foundry does, with
 * our real stylesheets, then timed to the painted frame (and, for the main sizes, also with style
 * and layout forced from script, as a breakdown). Robust on a shared machine:
 * - every variant runs once per round in each of its modes, the rounds interleave all of them
 *   (the order rotates), so a neighbour's burst of load hits every variant alike; the first rounds
 *   are a warm-up, not kept;
 * - garbage is collected once per round, untimed;
 * - the report keeps every sample: scripts/bench.mjs takes medians, and compares variants (floor,
 *   growth, re-render, the fixes' "before" variants) by the median of their ratios within the
 *   same round and mode.
 * This file fails only when what it renders is not what the Node harness renders from the same
 * contexts (the fidelity check), or a variant throws. Budgets are judged by scripts/bench.mjs.
 *
 * For working on one path: TACTICA_BENCH_ONLY (a regular expression) keeps the variants whose
 * name matches, and TACTICA_BENCH_EXTRA_CSS (a CSS file) runs each kept variant a second time
 * with that stylesheet added ("<name>, extra css"), in the same rounds; `npm run bench` runs every
 * variant, without either.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { BENCH_CHROMIUM_PATH, launchChromium, pageShell } from "../../browser/chromium";
import { createTemplateHarness, SYSTEM_PREFIX, templateFiles } from "../../templates/harness";
import { loadLang } from "../../helpers/lang";
import { benchVariants, type Variant } from "./variants";
import { FLOOR_TEMPLATES } from "./fixtures";
import { REDRAWN } from "../../../src/applications/sheets/row-render";

const ROUNDS = Number(process.env.TACTICA_BENCH_ROUNDS ?? 40);
const WARMUP = Number(process.env.TACTICA_BENCH_WARMUP ?? 5);
const OUT = process.env.TACTICA_BENCH_OUT ?? path.join(os.tmpdir(), "tactica-browser-bench.json");
const ONLY = process.env.TACTICA_BENCH_ONLY ? new RegExp(process.env.TACTICA_BENCH_ONLY) : null;
/** What marks a chat log's earlier messages (run in the page as src/hooks/chat-log.ts runs it in Foundry). */
const CHAT_LOG = "src/applications/chat-log.ts";
/** A stylesheet to try: every variant kept is also run with it, as "<name>, extra css" (working on CSS). */
const EXTRA = process.env.TACTICA_BENCH_EXTRA_CSS;

/** Stand-ins for core's window and sidebar boxes (not Foundry's CSS): a clipping frame as in v13. */
const BENCH_CSS = `
  #root { width: auto; }
  .bench-window { display: flex; flex-direction: column; overflow: hidden; }
  .bench-window > .window-header { flex: none; height: 30px; }
  .bench-window > .window-content { display: flex; flex-direction: column; flex: 1; min-height: 0; overflow: hidden auto; padding: 0.5rem; }
  .bench-chat { display: flex; flex-direction: column; }
  .bench-chat > .chat-log { flex: 1; min-height: 0; overflow-y: auto; }
`;

type RunResult = { total: number; phases: Record<string, number> };
type Bench = {
  init(i: object): void;
  define(n: string, d: object): void;
  html(n: string): string[];
  show(n: string): Promise<number>;
  round(b: [string, string][]): Promise<{ name: string; mode: string; result: RunResult }[]>;
};

describe.runIf(fs.existsSync(BENCH_CHROMIUM_PATH))("browser benchmarks", () => {
  let browser: Browser | undefined;
  let page: Page;
  let variants = new Map<string, Variant>();
  /** What each part (or message, or row) renders from, in Node. */
  let originals = new Map<string, { parts: { template: string; context: object }[] }[]>();
  const samples = new Map<string, Record<string, RunResult[]>>();
  const elements = new Map<string, number>();

  beforeAll(async () => {
    ({ variants, originals } = await benchVariants());
    if (ONLY) for (const name of [...variants.keys()]) if (!ONLY.test(name)) variants.delete(name);
    if (EXTRA) for (const [name, v] of [...variants]) variants.set(`${name}, extra css`, { ...v, extraCss: true });
    browser = await launchChromium(["--js-flags=--expose-gc"], { bench: true });
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
    await page.evaluate((init) => (window as unknown as { tacticaBench: Bench }).tacticaBench.init(init), {
      lang: loadLang("fr"),
      templates,
      perfCss: fs.readFileSync("styles/perf.css", "utf8"),
      perfCssBefore: fs.readFileSync(path.join(import.meta.dirname, "perf-before.css"), "utf8"),
      extraCss: EXTRA ? fs.readFileSync(EXTRA, "utf8") : "",
      redrawn: REDRAWN,
      chatLogScript: ts.transpileModule(fs.readFileSync(CHAT_LOG, "utf8"), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      }).outputText,
    });
    for (const [name, v] of variants)
      await page.evaluate(([n, d]) => (window as unknown as { tacticaBench: Bench }).tacticaBench.define(n, d), [
        name,
        v,
      ] as const);
    // Capturing the contexts (a sheet of 500 items, each card's context timed 15 times) takes
    // about a minute on an idle machine and several times that when the two cores are shared.
  }, 1_200_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("renders in the page exactly what the Node harness renders from the same contexts", async () => {
    const harness = createTemplateHarness("fr", { strict: false });
    const squash = (html: string) => html.replace(/\s+/g, " ").replace(/> </g, "><").trim();
    for (const [name, parts] of originals) {
      if (!variants.has(name)) continue;
      const inPage = await page.evaluate(
        (n) => (window as unknown as { tacticaBench: Bench }).tacticaBench.html(n),
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
    for (const name of names)
      elements.set(
        name,
        await page.evaluate((n) => (window as unknown as { tacticaBench: Bench }).tacticaBench.show(n), name),
      );
    const runs: [string, string][] = names.flatMap((n) =>
      variants.get(n)!.modes.map((m) => [n, m] as [string, string]),
    );
    const loadStart = os.loadavg();
    const started = Date.now();
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const tracing = process.env.TACTICA_BENCH_TRACE && r === WARMUP + ROUNDS - 1;
      if (tracing)
        await browser!.startTracing(page, {
          path: process.env.TACTICA_BENCH_TRACE,
          categories: ["devtools.timeline", "blink", "cc", "disabled-by-default-devtools.timeline", "benchmark"],
        });
      // Rotate the order each round: no variant always runs first, or right after a heavy one.
      const order = runs.map((_, i) => runs[(i + r * 7) % runs.length]!);
      // One family per round trip keeps each evaluate short.
      for (const group of ["sheet", "chat", "tracker"]) {
        const batch = order.filter(([n]) => variants.get(n)!.group === group);
        if (!batch.length) continue;
        const out = await page.evaluate(
          (b) => (window as unknown as { tacticaBench: Bench }).tacticaBench.round(b),
          batch,
        );
        if (r < WARMUP) continue;
        for (const { name, mode, result } of out) {
          const byMode = samples.get(name) ?? {};
          (byMode[mode] ??= []).push(result);
          samples.set(name, byMode);
        }
      }
      if (tracing) await browser!.stopTracing();
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
        names.map((name) => [name, { elements: elements.get(name), ...(samples.get(name) ?? {}) }]),
      ),
    };
    fs.writeFileSync(OUT, `${JSON.stringify(report, null, 1)}\n`);
    for (const [name, mode] of runs) expect(samples.get(name)?.[mode]?.length, `${name}, ${mode}`).toBe(ROUNDS);
  }, 3_600_000);
});

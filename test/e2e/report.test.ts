/**
 * The lines and counts of a run (scripts/e2e/report.ts): the self-test's report, Quench's report
 * converted to the same shape, the GM's Quench window, and the console rule. Quench's reports
 * below have the shape its reporter writes (Quench `src/module/quench-reporter.ts`: `stats`, then
 * `tests`, `pending`, `failures`, `passes` of cleaned tests with `title`, `fullTitle`, `err`), with
 * the `<key>_root` wrapper suite Quench puts around each batch (`src/module/quench.ts`, `runBatches`).
 */
import { describe, expect, it } from "vitest";
import {
  batchOf,
  consoleProblems,
  countLine,
  fromQuenchReport,
  parseQuenchReport,
  parseSelfTestReport,
  summarise,
  type ConsoleEntry,
  type QuenchTest,
  type RunReport,
} from "../../scripts/e2e/report";
import type { SelfTestBatch } from "../../src/api/self-test";

const qtest = (key: string, suite: string, title: string, err: unknown = {}): QuenchTest => ({
  title,
  fullTitle: `${key}_root ${suite} ${title}`,
  err,
});

/** A batch of the self-test's report, from test states and extras. */
const batch = (
  key: string,
  tests: [string, "passed" | "failed" | "skipped", string?][],
  extra: Partial<SelfTestBatch> = {},
) => ({
  key,
  name: key,
  tests: tests.map(([title, state, error]) => ({ title, state, ms: 1, ...(error ? { error } : {}) })),
  hookFailures: [],
  leftovers: [],
  ...extra,
});
const report = (...batches: SelfTestBatch[]): RunReport => ({ runner: "tactica", batches });
const KEYS = ["tactica.packs", "tactica.rolls"];
const GREEN = report(
  batch("tactica.packs", [
    ["compendiums every pack is present", "passed"],
    ["compendiums each sample actor imports", "passed"],
  ]),
  batch("tactica.rolls", [["profile tests a CO test", "passed"]]),
);

describe("the self-test's report", () => {
  it("prints one line per batch and counts every passed test", () => {
    const summary = summarise({ report: GREEN, keys: KEYS, entries: [] });
    expect(summary.lines).toEqual(["✔ tactica.packs — 2 passed", "✔ tactica.rolls — 1 passed"]);
    expect([summary.passed, summary.failed]).toEqual([3, 0]);
    expect(countLine(summary.passed, summary.failed)).toBe("3 passed, 0 failed");
  });

  it("names each failed test and failing hook with the first line of its error, under its batch", () => {
    const run = report(
      batch("tactica.packs", [["compendiums every pack", "passed"]]),
      batch(
        "tactica.rolls",
        [
          ["pools a push keeps the 6s", "failed", "expected 3 to equal 4\n    at stack"],
          ["pools a second test", "skipped"],
        ],
        { hookFailures: [{ title: '"before all" hook of pools', error: "no pack tactica.actors" }] },
      ),
    );
    const summary = summarise({ report: run, keys: KEYS, entries: [], prefix: "[v14]" });
    expect(summary.lines).toEqual([
      "[v14] ✔ tactica.packs — 1 passed",
      "[v14] ✘ tactica.rolls — 0 passed, 1 failed, 1 not run, 1 failing hook(s)",
      "[v14]     ✘ pools a push keeps the 6s: expected 3 to equal 4",
      '[v14]     ✘ "before all" hook of pools: no pack tactica.actors',
    ]);
    expect([summary.passed, summary.failed]).toEqual([1, 3]);
  });

  it("counts each kind of document a batch left behind, and says whether it could be deleted", () => {
    const left = (id: string, documentName: string, type: string, removed = true) => ({
      documentName,
      id,
      type,
      removed,
    });
    const run = report(
      batch("tactica.packs", [["t", "passed"]], {
        leftovers: [
          left("m1", "ChatMessage", "rollCard"),
          left("m2", "ChatMessage", "rollCard"),
          left("a1", "Actor", "npc"),
        ],
      }),
      batch("tactica.rolls", [["t", "passed"]], { leftovers: [left("a2", "Actor", "unit", false)] }),
    );
    const summary = summarise({ report: run, keys: KEYS, entries: [] });
    expect(summary.lines).toEqual([
      "✘ tactica.packs — 1 passed, documents left behind",
      "    ✘ left behind (deleted after the batch): ChatMessage (rollCard) ×2, Actor (npc) ×1",
      "✘ tactica.rolls — 1 passed, documents left behind",
      "    ✘ left behind (some could not be deleted): Actor (unit) ×1",
    ]);
    expect([summary.passed, summary.failed]).toEqual([2, 3]);
  });

  it("fails a batch the report lacks or that ran nothing, a run with no batch, and a run that stopped early", () => {
    const summary = summarise({ report: report(batch("tactica.packs", [])), keys: KEYS, entries: [] });
    expect(summary.lines).toEqual(["✘ tactica.packs — no test ran", "✘ tactica.rolls — no test ran"]);
    expect(summary.failed).toBe(2);
    expect(summarise({ report: report(), keys: [], entries: [] }).lines).toEqual(["✘ no tactica.* batch ran"]);
    expect(summarise({ report: null, keys: [], entries: [] }).lines).toEqual(["✘ the self-test produced no report"]);
    const stopped = summarise({
      report: null,
      keys: [],
      entries: [],
      aborted: 'join: no "Gamemaster" user\nmore',
      prefix: "[v13]",
    });
    expect(stopped).toEqual({
      lines: ['[v13] ✘ stopped before the batches reported — join: no "Gamemaster" user'],
      passed: 0,
      failed: 1,
    });
  });

  it("reads the JSON the page hands over, and refuses anything else", () => {
    expect(parseSelfTestReport(JSON.stringify(GREEN))).toEqual(GREEN);
    expect(() => parseSelfTestReport('{"stats":{}}')).toThrow('not a self-test report: "batches" is missing');
  });
});

describe("a Quench report, converted", () => {
  const quenchJson = (passes: QuenchTest[], failures: QuenchTest[], pending: QuenchTest[] = [], hookFailures = 0) =>
    JSON.stringify({
      stats: {
        suites: 3,
        tests: passes.length + failures.length,
        passes: passes.length,
        pending: pending.length,
        failures: failures.length + hookFailures,
      },
      tests: [...passes, ...failures],
      pending,
      failures,
      passes,
    });

  it("finds a test's batch from the wrapper suite of its full title", () => {
    expect(batchOf(qtest("tactica.morale", "morale", "a morale test"))).toBe("tactica.morale");
    expect(batchOf({ title: "x", fullTitle: "some other suite x" })).toBeNull();
    expect(() => parseQuenchReport('{"stats":{}}')).toThrow(/"tests" is missing/);
  });

  it("keeps the tactica batches' tests with their states, and the hooks it cannot place", () => {
    const json = quenchJson(
      [qtest("tactica.packs", "compendiums", "every pack"), qtest("quench.examples.basic-pass", "s", "t")],
      [qtest("tactica.rolls", "pools", "a push", { message: "expected 3 to equal 4\n    at stack" })],
      [qtest("tactica.packs", "compendiums", "pending one")],
      2,
    );
    const converted = fromQuenchReport(parseQuenchReport(json));
    expect(converted).toEqual({
      runner: "quench",
      unplacedHookFailures: 2,
      batches: [
        batch("tactica.packs", [
          ["compendiums every pack", "passed"],
          ["compendiums pending one", "skipped"],
        ]),
        batch("tactica.rolls", [["pools a push", "failed", "expected 3 to equal 4"]]),
      ].map((b) => ({ ...b, tests: b.tests.map((t) => ({ ...t, ms: 0 })) })),
    });
    const summary = summarise({ report: converted, keys: [], entries: [] });
    expect(summary.lines).toEqual([
      "✘ tactica.packs — 1 passed, 1 not run",
      "✘ tactica.rolls — 0 passed, 1 failed",
      "    ✘ pools a push: expected 3 to equal 4",
      "✘ 2 failing hook(s) (before/after, leftovers included): see the Quench report",
    ]);
    expect([summary.passed, summary.failed]).toEqual([1, 4]);
  });
});

describe("the GM's Quench window", () => {
  const run = (quench: Parameters<typeof summarise>[0]["quench"]) =>
    summarise({ report: GREEN, keys: KEYS, entries: [], quench }).lines.slice(2);

  it("passes silently without Quench, and lists what an active Quench shows", () => {
    expect(run({ state: "not-installed" })).toEqual([]);
    expect(run({ state: "active", version: "0.9.2", keys: ["tactica.rolls", "tactica.packs", "other.x"] })).toEqual([
      "✔ Quench 0.9.2 lists the 2 batches in the GM's window",
    ]);
  });

  it("fails when the window lacks a batch of the run", () => {
    const summary = summarise({
      report: GREEN,
      keys: KEYS,
      entries: [],
      quench: { state: "active", version: "0.9.2", keys: ["tactica.packs"] },
    });
    expect(summary.lines.slice(2)).toEqual(["✘ Quench 0.9.2's window lacks tactica.rolls"]);
    expect(summary.failed).toBe(1);
  });

  it("only warns when Quench stays inactive or keeps its list private: the batches ran in Tactica's runner", () => {
    const inactive = summarise({
      report: GREEN,
      keys: KEYS,
      entries: [],
      quench: { state: "inactive", version: "0.9.2", why: 'its compatibility: {"minimum":"12","verified":"12"}' },
    });
    expect(inactive.lines.slice(2)).toEqual([
      '⚠ Quench 0.9.2 stayed inactive (its compatibility: {"minimum":"12","verified":"12"}): the GM\'s Quench window was not checked',
    ]);
    expect(inactive.failed).toBe(0);
    expect(run({ state: "active", version: "1.0.0", keys: null })).toEqual([
      "⚠ Quench 1.0.0 is active; it keeps its list of batches private, so its window was not compared",
    ]);
  });
});

describe("the console rule", () => {
  const entry = (e: Partial<ConsoleEntry>): ConsoleEntry => ({ type: "warning", phase: "load", text: "", ...e });
  const ours = "    at renderCard (http://127.0.0.1:4000/systems/tactica/tactica-common.mjs:1:812)";
  const tacticaDeprecation = entry({
    phase: "run",
    text: `Error: You are accessing the global "renderTemplate" which is now namespaced under foundry.applications.handlebars.renderTemplate\nDeprecated since Version 13\nBackwards-compatible support will be removed in Version 15\n    at Object.logCompatibilityWarning (http://127.0.0.1:4000/scripts/foundry.mjs:1:1)\n${ours}`,
  });
  const otherDeprecation = entry({
    text: "Error: You are accessing FilePicker which is deprecated\nDeprecated since Version 13\n    at http://127.0.0.1:4000/modules/quench/quench.js:2:10",
  });

  it("fails on Tactica's errors while the world loads and Tactica's uncaught errors at any time, by stack or source", () => {
    const loadError = entry({ type: "error", text: `TypeError: x is undefined\n${ours}` });
    const fromSource = entry({
      type: "error",
      text: "Tactica | broken",
      url: "http://127.0.0.1:4000/systems/tactica/tactica-common.mjs",
    });
    const missingAsset = entry({ type: "error", text: "Failed to load resource: 404 (systems/tactica/icons/x.svg)" });
    const uncaughtInRun = entry({ type: "pageerror", phase: "run", text: `Error: boom\n${ours}` });
    const loggedInRun = entry({ type: "error", phase: "run", text: `Tactica | a card refused on purpose\n${ours}` });
    const { failures, warnings } = consoleProblems([loadError, fromSource, missingAsset, uncaughtInRun, loggedInRun]);
    expect(failures).toEqual([loadError, fromSource, missingAsset, uncaughtInRun]);
    expect(warnings).toEqual([loggedInRun]);
  });

  it("only lists other packages' and the browser's errors, whatever the phase", () => {
    const webgl = entry({ type: "error", text: "WebGL: INVALID_ENUM: getParameter: invalid parameter name" });
    const core = entry({
      type: "pageerror",
      text: "TypeError: core\n    at http://127.0.0.1:4000/scripts/foundry.mjs:1:1",
    });
    const setup = entry({ type: "error", phase: "setup", text: "a setup screen error" });
    expect(consoleProblems([webgl, core, setup])).toEqual({ failures: [], warnings: [webgl, core, setup] });
  });

  it("fails on a deprecation warning from Tactica's code at any phase, and only those", () => {
    const fromSource = entry({ text: "foo is deprecated", url: "http://127.0.0.1:4000/systems/tactica/tactica.mjs" });
    const plainTacticaWarning = entry({
      text: "Tactica | a world setting is missing",
      url: "http://127.0.0.1:4000/systems/tactica/tactica.mjs",
    });
    const { failures, warnings } = consoleProblems([
      tacticaDeprecation,
      otherDeprecation,
      fromSource,
      plainTacticaWarning,
    ]);
    expect(failures).toEqual([tacticaDeprecation, fromSource]);
    expect(warnings).toEqual([]);
  });

  it("prints the failures after the batch lines, each message once, then a few warnings and how many more", () => {
    const boom = entry({ type: "error", text: `Uncaught (in promise) Error: boom\n${ours}` });
    const others = Array.from({ length: 7 }, (_, i) => entry({ type: "error", text: `GL error ${i}` }));
    const entries = [
      boom,
      tacticaDeprecation,
      otherDeprecation,
      { ...boom },
      { ...tacticaDeprecation, phase: "load" as const },
      ...others,
    ];
    const summary = summarise({ report: GREEN, keys: KEYS, entries, label: "v13.347" });
    expect(summary.lines.slice(2)).toEqual([
      "✘ console error from Tactica (load): Uncaught (in promise) Error: boom",
      '✘ deprecation warning from Tactica (run): Error: You are accessing the global "renderTemplate" which is now namespaced under foundry.applications.handlebars.renderTemplate',
      "⚠ not Tactica's, not counted — console error (load): GL error 0",
      "⚠ not Tactica's, not counted — console error (load): GL error 1",
      "⚠ not Tactica's, not counted — console error (load): GL error 2",
      "⚠ not Tactica's, not counted — console error (load): GL error 3",
      "⚠ not Tactica's, not counted — console error (load): GL error 4",
      "⚠ … and 2 more such error(s) in e2e-report/v13.347-console.log",
    ]);
    expect([summary.passed, summary.failed]).toEqual([3, 2]);
  });
});

/**
 * Quench report parsing and the console rule. The reports below have the shape Quench's reporter
 * writes (Quench `src/module/quench-reporter.ts`: `stats`, then `tests`, `pending`, `failures`,
 * `passes` of cleaned tests with `title`, `fullTitle`, `err`), with the `<key>_root` wrapper suite
 * Quench puts around each batch (`src/module/quench.ts`, `runBatches`).
 */
import { describe, expect, it } from "vitest";
import {
  batchOf,
  consoleProblems,
  countLine,
  parseQuenchReport,
  summarise,
  type ConsoleEntry,
  type QuenchTest,
} from "../../scripts/e2e/report";

const test = (key: string, suite: string, title: string, err: unknown = {}): QuenchTest => ({
  title,
  fullTitle: `${key}_root ${suite} ${title}`,
  err,
});

/** A report as Quench serialises it, from passed, failed and pending tests and the hook failures. */
function reportJson(
  passes: QuenchTest[],
  failures: QuenchTest[],
  pending: QuenchTest[] = [],
  hookFailures = 0,
): string {
  const tests = [...passes, ...failures];
  return JSON.stringify({
    stats: {
      suites: 3,
      tests: tests.length,
      passes: passes.length,
      pending: pending.length,
      failures: failures.length + hookFailures,
    },
    tests,
    pending,
    failures,
    passes,
  });
}

const KEYS = ["tactica.packs", "tactica.rolls"];
const GREEN = reportJson(
  [
    test("tactica.packs", "compendiums", "every pack is present with its number of documents"),
    test("tactica.packs", "compendiums", "each sample actor imports into the world"),
    test(
      "tactica.rolls",
      "profile tests, pools, pushes, scores",
      "a CO test is a d10 roll-under against the printed CO (D-1)",
    ),
  ],
  [],
);

describe("Quench report parsing", () => {
  it("finds a test's batch from the wrapper suite of its full title", () => {
    expect(batchOf(test("tactica.morale", "morale", "a morale test"))).toBe("tactica.morale");
    expect(batchOf({ title: "x", fullTitle: "some other suite x" })).toBeNull();
  });

  it("refuses text that is not a Quench report", () => {
    expect(() => parseQuenchReport('{"stats":{}}')).toThrow(/"tests" is missing/);
  });

  it("prints one line per batch and counts every passed test", () => {
    const summary = summarise({ report: parseQuenchReport(GREEN), keys: KEYS, entries: [] });
    expect(summary.lines).toEqual(["✔ tactica.packs — 2 passed", "✔ tactica.rolls — 1 passed"]);
    expect([summary.passed, summary.failed]).toEqual([3, 0]);
    expect(countLine(summary.passed, summary.failed)).toBe("3 passed, 0 failed");
  });

  it("names each failed test with the first line of its error, under its batch", () => {
    const json = reportJson(
      [test("tactica.packs", "compendiums", "every pack is present")],
      [
        test("tactica.rolls", "pools", "a push keeps the 6s", {
          message: "expected 3 to equal 4\n    at stack",
          name: "AssertionError",
        }),
      ],
    );
    const summary = summarise({ report: parseQuenchReport(json), keys: KEYS, entries: [], prefix: "[v14]" });
    expect(summary.lines).toEqual([
      "[v14] ✔ tactica.packs — 1 passed",
      "[v14] ✘ tactica.rolls — 0 passed, 1 failed",
      "[v14]     ✘ pools a push keeps the 6s: expected 3 to equal 4",
    ]);
    expect([summary.passed, summary.failed]).toEqual([1, 1]);
  });

  it("counts a pending test, a failing hook and a batch that ran nothing as failures", () => {
    const json = reportJson(
      [test("tactica.packs", "compendiums", "every pack is present")],
      [],
      [test("tactica.packs", "compendiums", "skipped one")],
      1,
    );
    const summary = summarise({ report: parseQuenchReport(json), keys: KEYS, entries: [] });
    expect(summary.lines).toEqual([
      "✘ tactica.packs — 1 passed, 1 pending",
      "✘ tactica.rolls — 0 passed, no test ran",
      "✘ 1 failing hook(s) (before/after): see the Quench report",
    ]);
    expect([summary.passed, summary.failed]).toEqual([1, 3]);
  });

  it("counts each kind of document the batches left behind as a failure", () => {
    const summary = summarise({
      report: parseQuenchReport(GREEN),
      keys: KEYS,
      entries: [],
      leftovers: ['2 actor(s) named "[Quench] …"', "3 chat message(s)"],
    });
    expect(summary.lines.slice(2)).toEqual([
      '✘ left behind by the batches: 2 actor(s) named "[Quench] …"',
      "✘ left behind by the batches: 3 chat message(s)",
    ]);
    expect([summary.passed, summary.failed]).toEqual([3, 2]);
  });

  it("ignores tests of other packages' batches", () => {
    const json = reportJson(
      [test("tactica.packs", "c", "a"), test("quench.examples.basic-pass", "s", "t")],
      [test("quench.examples.basic-fail", "s", "t")],
    );
    const summary = summarise({ report: parseQuenchReport(json), keys: ["tactica.packs"], entries: [] });
    expect([summary.passed, summary.failed]).toEqual([1, 0]);
  });

  it("fails when no tactica batch was registered, or when the run stopped early", () => {
    expect(summarise({ report: null, keys: [], entries: [] })).toEqual({
      lines: ["✘ no tactica.* Quench batch was registered"],
      passed: 0,
      failed: 1,
    });
    const stopped = summarise({
      report: null,
      keys: [],
      entries: [],
      aborted: 'join: no "Gamemaster" user\nmore',
      prefix: "[v13]",
    });
    expect(stopped.lines).toEqual(['[v13] ✘ stopped before the batches reported — join: no "Gamemaster" user']);
    expect(stopped.failed).toBe(1);
  });
});

describe("the console rule", () => {
  const entry = (e: Partial<ConsoleEntry>): ConsoleEntry => ({ type: "warning", phase: "load", text: "", ...e });
  const tacticaDeprecation = entry({
    phase: "run",
    text: 'Error: You are accessing the global "renderTemplate" which is now namespaced under foundry.applications.handlebars.renderTemplate\nDeprecated since Version 13\nBackwards-compatible support will be removed in Version 15\n    at Object.logCompatibilityWarning (http://127.0.0.1:4000/scripts/foundry.mjs:1:1)\n    at renderCard (http://127.0.0.1:4000/systems/tactica/tactica.mjs:812:20)',
  });
  const otherDeprecation = entry({
    text: "Error: You are accessing FilePicker which is deprecated\nDeprecated since Version 13\n    at http://127.0.0.1:4000/modules/quench/quench.js:2:10",
  });

  it("fails on any console error or uncaught error during load, not during setup or the batch run", () => {
    const entries = [
      entry({ type: "error", phase: "load", text: "Failed to load resource: 404 (systems/tactica/icons/x.svg)" }),
      entry({ type: "pageerror", phase: "load", text: "TypeError: x is undefined" }),
      entry({ type: "error", phase: "setup", text: "a setup screen error" }),
      entry({ type: "error", phase: "run", text: "a notification a batch caused on purpose" }),
    ];
    expect(consoleProblems(entries).loadErrors.map((e) => e.text)).toEqual([
      "Failed to load resource: 404 (systems/tactica/icons/x.svg)",
      "TypeError: x is undefined",
    ]);
  });

  it("fails on a deprecation warning whose stack or source is Tactica's code, at any phase, and only those", () => {
    const fromSource = entry({ text: "foo is deprecated", url: "http://127.0.0.1:4000/systems/tactica/tactica.mjs" });
    const plainTacticaWarning = entry({
      text: "Tactica | a world setting is missing",
      url: "http://127.0.0.1:4000/systems/tactica/tactica.mjs",
    });
    const { deprecations } = consoleProblems([tacticaDeprecation, otherDeprecation, fromSource, plainTacticaWarning]);
    expect(deprecations).toEqual([tacticaDeprecation, fromSource]);
  });

  it("prints and counts the console problems after the batch lines, a message repeated by the reload once", () => {
    const boom = entry({ type: "error", text: "Uncaught (in promise) Error: boom\n    at stack" });
    const entries = [
      boom,
      tacticaDeprecation,
      otherDeprecation,
      { ...boom },
      { ...tacticaDeprecation, phase: "load" as const },
    ];
    const summary = summarise({ report: parseQuenchReport(GREEN), keys: KEYS, entries });
    expect(summary.lines.slice(2)).toEqual([
      "✘ console error during load: Uncaught (in promise) Error: boom",
      '✘ deprecation warning from Tactica: Error: You are accessing the global "renderTemplate" which is now namespaced under foundry.applications.handlebars.renderTemplate',
    ]);
    expect([summary.passed, summary.failed]).toEqual([3, 2]);
  });
});

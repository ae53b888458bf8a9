/**
 * Turns what a run saw into lines: the self-test's report (one line per `tactica.*` batch, then
 * its failures), what the GM's Quench window showed, and the browser console.
 *
 * The report is `game.tactica.selfTest`'s (src/api/self-test.ts). When the page has no such
 * runner and Quench runs the batches instead, Quench's JSON report is converted to the same shape
 * (`fromQuenchReport`): it is the object Quench's reporter builds at the end of a run (Quench
 * `src/module/quench-reporter.ts`, `QuenchJsonReport`: Mocha's `stats` and the cleaned `tests`,
 * `pending`, `failures` and `passes`), each batch wrapped in a suite titled `<key>_root` (Quench
 * `src/module/quench.ts`, `runBatches`); a failing hook is counted in `stats.failures` but is not
 * in `failures`, so it cannot be traced to its batch.
 *
 * What fails a run, and only that: a test that failed or did not run, a failing hook, each kind of
 * world document a batch left behind, a batch that ran nothing, an error whose stack or source is
 * Tactica's code (`systems/tactica/`) while the world loads, an uncaught one at any time, and a
 * deprecation warning from Tactica's code. Other errors are listed as warnings, not counted.
 */
import type { SelfTestBatch } from "../../src/api/self-test";
import { leftoverKinds } from "../../src/contract/runner";

export interface QuenchTest {
  title: string;
  fullTitle: string;
  err?: unknown;
}

export interface QuenchJsonReport {
  stats: { tests?: number; passes?: number; pending?: number; failures?: number };
  tests: QuenchTest[];
  pending: QuenchTest[];
  failures: QuenchTest[];
  passes: QuenchTest[];
}

/** A run's results, whoever ran the batches. */
export interface RunReport {
  runner: "tactica" | "quench";
  batches: SelfTestBatch[];
  /** Failing hooks Quench counted without saying in which batch. */
  unplacedHookFailures?: number;
}

/** What the GM's Quench window showed (scripts/e2e/driver.ts), when Quench was installed. */
export type QuenchWindow =
  | { state: "not-installed" }
  | { state: "inactive"; version: string; why: string }
  | { state: "active"; version: string; keys: string[] | null };

/** One message from the browser: its console level (or `pageerror`), when it came, and its text. */
export interface ConsoleEntry {
  type: "error" | "warning" | "pageerror";
  /** `setup`: Foundry's setup screens; `load`: joining the world until the batches are ready; `run`: the batches. */
  phase: "setup" | "load" | "run";
  text: string;
  /** The script the message came from, when the browser knows it. */
  url?: string;
}

export interface Summary {
  lines: string[];
  passed: number;
  failed: number;
}

const ROOT_SUFFIX = "_root";

/** Parses the JSON text Quench hands to the `quenchReports` hook. */
export function parseQuenchReport(json: string): QuenchJsonReport {
  const data = JSON.parse(json) as Partial<QuenchJsonReport>;
  for (const key of ["tests", "pending", "failures", "passes"] as const) {
    if (!Array.isArray(data[key])) throw new Error(`not a Quench JSON report: "${key}" is missing`);
  }
  if (!data.stats || typeof data.stats !== "object") throw new Error('not a Quench JSON report: "stats" is missing');
  return data as QuenchJsonReport;
}

/** Parses the self-test's report as the driver hands it over (JSON text). */
export function parseSelfTestReport(json: string): RunReport {
  const data = JSON.parse(json) as Partial<RunReport>;
  if (!Array.isArray(data.batches) || data.batches.some((b) => !Array.isArray(b?.tests)))
    throw new Error('not a self-test report: "batches" is missing');
  return { runner: data.runner === "quench" ? "quench" : "tactica", batches: data.batches };
}

/** The batch key a test belongs to, read from the `<key>_root` prefix of its full title. */
export function batchOf(test: QuenchTest): string | null {
  const first = test.fullTitle.split(" ")[0] ?? "";
  return first.endsWith(ROOT_SUFFIX) ? first.slice(0, -ROOT_SUFFIX.length) : null;
}

/** The first line of a failed test's error, or a placeholder. */
export function errorMessage(err: unknown): string {
  if (err && typeof err === "object" && "message" in err && typeof err.message === "string" && err.message) {
    return err.message.split("\n")[0]!;
  }
  return "failed (no error message)";
}

/** Quench's report in the self-test's shape: its `tactica.*` tests, batch by batch (see the header). */
export function fromQuenchReport(report: QuenchJsonReport): RunReport {
  const batches = new Map<string, SelfTestBatch>();
  const add = (test: QuenchTest, state: "passed" | "failed" | "skipped") => {
    const key = batchOf(test);
    if (!key?.startsWith("tactica.")) return;
    const batch = batches.get(key) ?? { key, name: key, tests: [], hookFailures: [], leftovers: [] };
    batches.set(key, batch);
    const title = test.fullTitle.slice(key.length + ROOT_SUFFIX.length + 1);
    batch.tests.push({ title, state, ms: 0, ...(state === "failed" ? { error: errorMessage(test.err) } : {}) });
  };
  for (const t of report.passes) add(t, "passed");
  for (const t of report.failures) add(t, "failed");
  for (const t of report.pending) add(t, "skipped");
  const hooks = (report.stats.failures ?? report.failures.length) - report.failures.length;
  return { runner: "quench", batches: [...batches.values()], unplacedHookFailures: Math.max(0, hooks) };
}

/** True for a console warning that announces a deprecated or soon-removed API. */
export function isDeprecation(text: string): boolean {
  return /deprecat|backwards-compatible support|compatibility warning|will be removed in/i.test(text);
}

/** True when a message's text (which carries the browser's stack trace) or its source is Tactica's code. */
export function fromTactica(entry: ConsoleEntry): boolean {
  return /systems\/tactica\//.test(entry.text) || /systems\/tactica\//.test(entry.url ?? "");
}

const isError = (e: ConsoleEntry) => e.type === "error" || e.type === "pageerror";

/**
 * The console messages that count, each distinct message once: `failures` (an error from
 * Tactica's code while Foundry loads the world, an uncaught error from it at any time, a
 * deprecation warning from it at any time) and `warnings` (every other error, listed only). A
 * console error Tactica logs while the batches run is a warning too: a batch may cause one on
 * purpose, and its assertions decide.
 */
export function consoleProblems(entries: ConsoleEntry[]): { failures: ConsoleEntry[]; warnings: ConsoleEntry[] } {
  const failing = (e: ConsoleEntry) =>
    fromTactica(e) &&
    ((isError(e) && (e.phase === "load" || e.type === "pageerror")) || (e.type === "warning" && isDeprecation(e.text)));
  return {
    failures: unique(entries.filter(failing)),
    warnings: unique(entries.filter((e) => isError(e) && !failing(e))),
  };
}

/** Each message once: the world may load twice (Quench enabled, then a reload) and repeats itself. */
function unique(entries: ConsoleEntry[]): ConsoleEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.type}|${e.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const firstLine = (text: string, max = 200) => {
  const line = text.split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The lines of one batch, and what it adds to the counts. */
function batchLines(batch: SelfTestBatch | undefined, key: string): Summary {
  if (!batch || batch.tests.length + batch.hookFailures.length === 0)
    return { lines: [`✘ ${key} — no test ran`], passed: 0, failed: 1 };
  const count = (state: string) => batch.tests.filter((t) => t.state === state).length;
  const [passed, failedTests, skipped] = [count("passed"), count("failed"), count("skipped")];
  const kinds = leftoverKinds(batch.leftovers);
  const failed = failedTests + skipped + batch.hookFailures.length + kinds.length;
  const parts = [`${passed} passed`];
  if (failedTests) parts.push(`${failedTests} failed`);
  if (skipped) parts.push(`${skipped} not run`);
  if (batch.hookFailures.length) parts.push(`${batch.hookFailures.length} failing hook(s)`);
  if (kinds.length) parts.push("documents left behind");
  const lines = [`${failed ? "✘" : "✔"} ${key} — ${parts.join(", ")}`];
  for (const t of batch.tests)
    if (t.state === "failed") lines.push(`    ✘ ${t.title}: ${firstLine(t.error ?? "failed")}`);
  for (const h of batch.hookFailures) lines.push(`    ✘ ${h.title}: ${firstLine(h.error)}`);
  if (kinds.length) {
    const kept = batch.leftovers.some((l) => !l.removed) ? "some could not be deleted" : "deleted after the batch";
    lines.push(`    ✘ left behind (${kept}): ${kinds.join(", ")}`);
  }
  return { lines, passed, failed };
}

/** What the GM's Quench window adds: a line, and a failure when it lacks a batch of the run. */
function quenchLines(quench: QuenchWindow | undefined, keys: string[]): Summary {
  if (!quench || quench.state === "not-installed") return { lines: [], passed: 0, failed: 0 };
  if (quench.state === "inactive")
    return {
      lines: [`⚠ Quench ${quench.version} stayed inactive (${quench.why}): the GM's Quench window was not checked`],
      passed: 0,
      failed: 0,
    };
  if (quench.keys === null)
    return {
      lines: [
        `⚠ Quench ${quench.version} is active; it keeps its list of batches private, so its window was not compared`,
      ],
      passed: 0,
      failed: 0,
    };
  const missing = keys.filter((k) => !quench.keys!.includes(k));
  if (!missing.length)
    return {
      lines: [`✔ Quench ${quench.version} lists the ${keys.length} batches in the GM's window`],
      passed: 0,
      failed: 0,
    };
  return { lines: [`✘ Quench ${quench.version}'s window lacks ${missing.join(", ")}`], passed: 0, failed: 1 };
}

/** The lines of the console: the failures, then the other errors as warnings (a few, then a count). */
function consoleLines(entries: ConsoleEntry[], label: string): Summary {
  const { failures, warnings } = consoleProblems(entries);
  const lines: string[] = [];
  for (const e of failures) {
    const what =
      e.type === "warning" ? "deprecation warning" : e.type === "pageerror" ? "uncaught error" : "console error";
    lines.push(`✘ ${what} from Tactica (${e.phase}): ${firstLine(e.text)}`);
  }
  const shown = warnings.slice(0, 5);
  for (const e of shown)
    lines.push(
      `⚠ not Tactica's, not counted — ${e.type === "pageerror" ? "uncaught error" : "console error"} (${e.phase}): ${firstLine(e.text)}`,
    );
  if (warnings.length > shown.length)
    lines.push(`⚠ … and ${warnings.length - shown.length} more such error(s) in e2e-report/${label}-console.log`);
  return { lines, passed: 0, failed: failures.length };
}

/**
 * The lines of one run and its counts (see the header for what fails). `keys` are the batches the
 * run was to cover; one the report lacks counts as a batch that ran nothing.
 */
export function summarise(run: {
  report: RunReport | null;
  keys: string[];
  entries: ConsoleEntry[];
  /** Set when the run stopped before the batches could report: why. */
  aborted?: string;
  quench?: QuenchWindow;
  /** The run's label (`v13`, `v14.367`…), for the console log's name. */
  label?: string;
  /** Put before each line, e.g. `[v13]` when two Foundry builds run. */
  prefix?: string;
}): Summary {
  const parts: Summary[] = [];
  if (run.aborted !== undefined) {
    parts.push({
      lines: [`✘ stopped before the batches reported — ${firstLine(run.aborted, 400)}`],
      passed: 0,
      failed: 1,
    });
  } else if (!run.report) {
    parts.push({ lines: ["✘ the self-test produced no report"], passed: 0, failed: 1 });
  } else {
    const keys = run.keys.length ? run.keys : run.report.batches.map((b) => b.key);
    if (!keys.length) parts.push({ lines: ["✘ no tactica.* batch ran"], passed: 0, failed: 1 });
    for (const key of keys)
      parts.push(
        batchLines(
          run.report.batches.find((b) => b.key === key),
          key,
        ),
      );
    const unplaced = run.report.unplacedHookFailures ?? 0;
    if (unplaced)
      parts.push({
        lines: [`✘ ${unplaced} failing hook(s) (before/after, leftovers included): see the Quench report`],
        passed: 0,
        failed: unplaced,
      });
  }
  parts.push(quenchLines(run.quench, run.keys));
  parts.push(consoleLines(run.entries, run.label ?? "run"));
  const p = run.prefix ? `${run.prefix} ` : "";
  return {
    lines: parts.flatMap((s) => s.lines).map((l) => `${p}${l}`),
    passed: parts.reduce((n, s) => n + s.passed, 0),
    failed: parts.reduce((n, s) => n + s.failed, 0),
  };
}

/** The plain line CI reads. */
export const countLine = (passed: number, failed: number): string => `${passed} passed, ${failed} failed`;

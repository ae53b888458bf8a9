/**
 * Turns what a run saw into lines: Quench's JSON report (one line per `tactica.*` batch) and the
 * browser console (errors during load; deprecation warnings raised by Tactica's own code).
 *
 * Quench's report is the object its reporter builds at the end of a run (Quench
 * `src/module/quench-reporter.ts`, `QuenchJsonReport`): Mocha's `stats` and the cleaned `tests`,
 * `pending`, `failures` and `passes`. Quench wraps each batch in a suite titled `<key>_root`
 * (`src/module/quench.ts`, `runBatches`), so a test's `fullTitle` starts with its batch key.
 * A failing hook is counted in `stats.failures` but is not in `failures`.
 */

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

/** One message from the browser: its console level (or `pageerror`), when it came, and its text. */
export interface ConsoleEntry {
  type: "error" | "warning" | "pageerror";
  /** `setup`: Foundry's setup screens; `load`: joining the world until the batches are ready; `run`: the batches. */
  phase: "setup" | "load" | "run";
  text: string;
  /** The script the message came from, when the browser knows it. */
  url?: string;
}

export interface BatchResult {
  key: string;
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; message: string }[];
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

/** The test's title under its batch root, without the `<key>_root` wrapper. */
function shortTitle(test: QuenchTest): string {
  const first = test.fullTitle.split(" ")[0] ?? "";
  return first.endsWith(ROOT_SUFFIX) ? test.fullTitle.slice(first.length + 1) : test.fullTitle;
}

/** Results per expected batch key, in the order given. */
export function batchResults(report: QuenchJsonReport, keys: string[]): BatchResult[] {
  const results = new Map<string, BatchResult>(
    keys.map((key) => [key, { key, passed: 0, failed: 0, pending: 0, failures: [] }]),
  );
  const of = (t: QuenchTest) => {
    const key = batchOf(t);
    return key === null ? undefined : results.get(key);
  };
  for (const t of report.passes) {
    const r = of(t);
    if (r) r.passed++;
  }
  for (const t of report.failures) {
    const r = of(t);
    if (!r) continue;
    r.failed++;
    r.failures.push({ title: shortTitle(t), message: errorMessage(t.err) });
  }
  for (const t of report.pending) {
    const r = of(t);
    if (r) r.pending++;
  }
  return [...results.values()];
}

/** True for a console warning that announces a deprecated or soon-removed API. */
export function isDeprecation(text: string): boolean {
  return /deprecat|backwards-compatible support|compatibility warning|will be removed in/i.test(text);
}

/** True when a message's text (which carries Foundry's stack trace) or its source is Tactica's code. */
export function fromTactica(entry: ConsoleEntry): boolean {
  return /systems\/tactica\//.test(entry.text) || /systems\/tactica\//.test(entry.url ?? "");
}

/**
 * The console messages that fail a run, each distinct message once: any error (console or
 * uncaught) while Foundry loads the world and Quench, and any deprecation warning raised by
 * Tactica's code, whenever it comes.
 * Errors during the batch run are not counted here (a batch may log on purpose; its assertions decide).
 */
export function consoleProblems(entries: ConsoleEntry[]): { loadErrors: ConsoleEntry[]; deprecations: ConsoleEntry[] } {
  const loadErrors = unique(
    entries.filter((e) => e.phase === "load" && (e.type === "error" || e.type === "pageerror")),
  );
  const deprecations = unique(entries.filter((e) => e.type === "warning" && isDeprecation(e.text) && fromTactica(e)));
  return { loadErrors, deprecations };
}

/** Each message once: the world loads twice (before and after Quench is enabled) and repeats itself. */
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

/**
 * The lines of one run and its counts. Each passed test counts as passed; each failed or pending
 * test, each failing hook, each expected batch that ran no test, each kind of document left behind,
 * each load error and each Tactica deprecation warning counts as failed.
 */
export function summarise(run: {
  report: QuenchJsonReport | null;
  keys: string[];
  entries: ConsoleEntry[];
  /** Set when the run stopped before the batches could report: why. */
  aborted?: string;
  /** World documents the batches left behind, as phrases ("2 actor(s) named …"). */
  leftovers?: string[];
  /** Put before each line, e.g. `[v13]` when two Foundry versions run. */
  prefix?: string;
}): Summary {
  const { report, keys, entries } = run;
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  const p = run.prefix ? `${run.prefix} ` : "";

  if (run.aborted !== undefined) {
    lines.push(`${p}✘ stopped before the batches reported — ${firstLine(run.aborted, 400)}`);
    failed++;
  } else if (keys.length === 0) {
    lines.push(`${p}✘ no tactica.* Quench batch was registered`);
    failed++;
  }
  if (report && run.aborted === undefined) {
    const results = batchResults(report, keys);
    for (const r of results) {
      const ran = r.passed + r.failed + r.pending;
      const bad = r.failed + r.pending + (ran === 0 ? 1 : 0);
      passed += r.passed;
      failed += bad;
      const parts = [`${r.passed} passed`];
      if (r.failed) parts.push(`${r.failed} failed`);
      if (r.pending) parts.push(`${r.pending} pending`);
      if (ran === 0) parts.push("no test ran");
      lines.push(`${p}${bad ? "✘" : "✔"} ${r.key} — ${parts.join(", ")}`);
      for (const f of r.failures) lines.push(`${p}    ✘ ${f.title}: ${f.message}`);
    }
    const hookFailures = (report.stats.failures ?? report.failures.length) - report.failures.length;
    if (hookFailures > 0) {
      lines.push(`${p}✘ ${hookFailures} failing hook(s) (before/after): see the Quench report`);
      failed += hookFailures;
    }
  } else if (run.aborted === undefined && keys.length) {
    lines.push(`${p}✘ Quench produced no report`);
    failed++;
  }

  for (const left of run.leftovers ?? []) {
    lines.push(`${p}✘ left behind by the batches: ${left}`);
    failed++;
  }

  const { loadErrors, deprecations } = consoleProblems(entries);
  for (const e of loadErrors)
    lines.push(
      `${p}✘ console ${e.type === "pageerror" ? "uncaught error" : "error"} during load: ${firstLine(e.text)}`,
    );
  for (const e of deprecations) lines.push(`${p}✘ deprecation warning from Tactica: ${firstLine(e.text)}`);
  failed += loadErrors.length + deprecations.length;

  return { lines, passed, failed };
}

/** The plain line CI reads. */
export const countLine = (passed: number, failed: number): string => `${passed} passed, ${failed} failed`;

/**
 * `npm run mutate [-- path… --stryker-option…]`: mutation testing with Stryker (stryker.config.mjs,
 * CONTRIBUTING "Mutation testing"). With no path it mutates src/rules and src/chat; a path chooses:
 * a folder stands for every `.ts` file under it, a file for itself, and Stryker's own
 * `file:line-line` ranges pass as they are. Anything starting with `-` is handed
 * to `stryker run` unchanged (`--force`, `--concurrency 1`, `--testFiles …`).
 *
 * The code is mutated in parts, one Stryker run each, because each part has its own tests: the
 * rules (src/rules, pure, DESIGN §6) must be proven by their own unit tests (test/unit), while the
 * rest is reached through the Foundry fake (every test vitest.mutate.config.ts names). Each run
 * keeps its JSON and HTML reports and its incremental record in reports/mutation/ under the
 * part's name.
 *
 * Stryker prints its progress, every surviving mutant and a table of scores per file; this script
 * then reads the JSON reports and ends with one line, `mutation score: NN.N %`, over every part,
 * computed as Stryker computes it: the mutants detected (killed, or timed out) among the valid
 * ones (detected, survived, or reached by no test); mutants that do not compile, or that a
 * `Stryker disable` comment excludes, do not count.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Where stryker.config.mjs has the reporters write. */
const REPORTS = path.join("reports", "mutation");
const REPORT = path.join(REPORTS, "mutation.json");

/** What is mutated when no path is given. */
export const DEFAULT_PATHS = ["src/rules", "src/chat"];

/**
 * The parts of the code, each with the tests run against its mutants: `unit`, the unit tests only
 * (vitest.mutate.config.ts reads TACTICA_MUTATION_TESTS), or `all`, every test it names. (Not
 * Stryker's `--testFiles`: with it, Stryker 9.6 activates a static mutant only after the modules
 * have loaded, so every static mutant survives.)
 */
export const PARTS: readonly { name: string; folder: string; tests: "unit" | "all" }[] = [
  { name: "rules", folder: "src/rules/", tests: "unit" },
  { name: "other", folder: "", tests: "all" },
];

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** The part of Stryker's JSON report (mutation-testing-report-schema) read here. */
export interface MutationReport {
  files: Record<string, { mutants: { status: string }[] }>;
}

/** A score: detected mutants among valid ones, and the percentage (`null` with no valid mutant). */
export interface Score {
  detected: number;
  valid: number;
  percent: number | null;
}

/** The score of the mutants of the reports' files. */
export function mutationScore(reports: readonly MutationReport[]): Score {
  let detected = 0;
  let valid = 0;
  for (const report of reports) {
    for (const { mutants } of Object.values(report.files)) {
      for (const { status } of mutants) {
        if (DETECTED.has(status)) detected += 1;
        if (DETECTED.has(status) || UNDETECTED.has(status)) valid += 1;
      }
    }
  }
  return { detected, valid, percent: valid === 0 ? null : (100 * detected) / valid };
}

/** The closing line: `mutation score: NN.N %` (`n/a` when no mutant was valid). */
export function scoreLine(score: Score): string {
  return `mutation score: ${score.percent === null ? "n/a" : `${score.percent.toFixed(1)} %`}`;
}

/** One Stryker run: a part's name, the arguments of `stryker run` and the tests it runs. */
export interface StrykerRun {
  part: string;
  args: string[];
  tests: "unit" | "all";
}

/**
 * The Stryker runs for the arguments of `npm run mutate`: each path becomes a `--mutate` pattern
 * (a folder: its `.ts` files; `root` is where folders are looked up) of the part it lies in, in
 * the order of PARTS; options pass through.
 */
export function strykerRuns(args: readonly string[], root = "."): StrykerRun[] {
  const patterns: string[] = [];
  const options: string[] = [];
  for (const [index, arg] of args.entries()) {
    // An option's value (`--concurrency 1`) follows it; a path never starts with `-`.
    const previous = args[index - 1];
    if (arg.startsWith("-") || (previous?.startsWith("-") && !previous.includes("="))) options.push(arg);
    else {
      const plain = arg
        .replace(/[\\/]+$/, "")
        .split(path.sep)
        .join("/");
      const full = path.join(root, plain);
      patterns.push(fs.existsSync(full) && fs.statSync(full).isDirectory() ? `${plain}/**/*.ts` : plain);
    }
  }
  const chosen = patterns.length > 0 ? patterns : DEFAULT_PATHS.map((folder) => `${folder}/**/*.ts`);
  const taken = new Set<string>();
  const runs: StrykerRun[] = [];
  for (const part of PARTS) {
    const mine = chosen.filter((pattern) => !taken.has(pattern) && pattern.startsWith(part.folder));
    if (mine.length === 0) continue;
    for (const pattern of mine) taken.add(pattern);
    const incremental = ["--incrementalFile", path.join(REPORTS, `incremental-${part.name}.json`)];
    runs.push({
      part: part.name,
      args: ["run", "--mutate", mine.join(","), ...incremental, ...options],
      tests: part.tests,
    });
  }
  return runs;
}

/** Runs Stryker once per part, then prints the score line; returns the exit status. */
export function runMutate(args: readonly string[]): number {
  const stryker = path.join("node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
  const reports: MutationReport[] = [];
  for (const { part, args: strykerArgs, tests } of strykerRuns(args)) {
    fs.rmSync(REPORT, { force: true });
    const env = { ...process.env, TACTICA_MUTATION_TESTS: tests };
    const run = spawnSync(process.execPath, [stryker, ...strykerArgs], { stdio: "inherit", env });
    if (run.status !== 0) {
      console.error(`stryker run failed for ${part} (exit status ${run.status ?? run.signal}); no score.`);
      return run.status || 1;
    }
    // A dry run only (`--dryRunOnly`) tests no mutant and writes no report.
    if (!fs.existsSync(REPORT)) continue;
    for (const kind of ["json", "html"]) {
      fs.copyFileSync(path.join(REPORTS, `mutation.${kind}`), path.join(REPORTS, `${part}.${kind}`));
    }
    const report = JSON.parse(fs.readFileSync(REPORT, "utf8")) as MutationReport;
    const score = mutationScore([report]);
    console.log(`${part}: ${score.detected} of ${score.valid} mutants detected (reports/mutation/${part}.html)`);
    reports.push(report);
  }
  console.log(scoreLine(mutationScore(reports)));
  return 0;
}

// Run as a command (argv[1] through any symlink, as import.meta.url has it), not when imported.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = runMutate(process.argv.slice(2));
}

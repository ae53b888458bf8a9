#!/usr/bin/env node
/**
 * `npm test`: every check of the project in one run that continues past a failure, so that one run
 * reports everything. Stages: type check and lint (with the import graph, the type-assertion
 * budget and the line length), which run concurrently with a fresh build of dist/ followed by
 * vitest (unit and property tests, the Foundry-fake integration tests, the browser checks and the
 * checks of the built dist/, which need the build first).
 *
 * Each stage's output is kept until it can be printed whole, in the fixed order typecheck, lint,
 * build, vitest (vitest's own output then streams live), so concurrent stages never interleave.
 * The last line is the plain `N passed, N failed` that CI reads: each vitest test counts once,
 * and each of the other stages counts as one check. Any failing stage fails the run.
 *
 * tsc and ESLint (templates) keep incremental caches in node_modules/.cache/ for local runs; a clean clone
 * starts without them and checks everything.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_ENDPOINT_VAR, checksChromium } from "./chromium-path.mjs";

const started = Date.now();
const report = path.join(os.tmpdir(), `tactica-vitest-${process.pid}.json`);
const bin = (name) => path.join("node_modules", ".bin", name);
const cache = (...parts) => path.join("node_modules", ".cache", ...parts);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// Children write to pipes, not a terminal: keep their colours when ours is one.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;

/**
 * Starts `command` (with `extraEnv` added to its environment) and returns the stage: its output
 * is buffered until `release()` is called, and passes straight through after that; `done`
 * resolves with the exit status and duration.
 */
function stage(name, command, args, extraEnv = {}) {
  const chunks = [];
  let live = false;
  const t0 = Date.now();
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  const take = (chunk) => (live ? process.stdout.write(chunk) : chunks.push(chunk));
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const done = new Promise((resolve) => {
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      resolve({ ok: false, ms: Date.now() - t0 });
    });
    child.on("close", (code) => resolve({ ok: code === 0, ms: Date.now() - t0 }));
  });
  return {
    name,
    done,
    /** Prints the header and what the stage wrote so far; later output streams live. */
    release() {
      process.stdout.write(`\n▶ ${name}: ${command} ${args.join(" ")}\n`);
      for (const chunk of chunks.splice(0)) process.stdout.write(chunk);
      live = true;
    },
  };
}

const chromium = checksChromium();
const browserSkipped = !fs.existsSync(chromium);
const BROWSER_WARNING = `
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!! BROWSER CHECKS SKIPPED: no Chromium at ${chromium}.
!! Sheets and chat cards were NOT rendered in a real browser.
!! Install Debian's headless Chromium (apt-get install -y chromium-headless-shell)
!! and run npm test again.
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!`;
if (browserSkipped) console.log(BROWSER_WARNING);

// The independent stages start together; vitest starts once the build is done.
// The type check runs TypeScript 7 (the native compiler, installed as `typescript7`) with one
// checker: the same checks as TypeScript 5.9 at a third of the CPU (each extra checker repeats
// the work on fvtt-types, and the other stages need the cores). Tools that use the compiler's
// JavaScript API (scripts/import-graph.ts, scripts/count-assertions.mjs, scripts/long-lines.ts) keep
// `typescript` 5.9.
const typecheck = stage("typecheck", process.execPath, [
  path.join("node_modules", "typescript7", "bin", "tsc"),
  "--noEmit",
  "-p",
  "tsconfig.json",
  "--checkers",
  "1",
  "--incremental",
  "--tsBuildInfoFile",
  cache("tsc7", "tsconfig.tsbuildinfo"),
]);
// `npm run lint`: Oxlint (the code), ESLint (the templates), Oxfmt's check, then
// scripts/source-checks.ts (the import graph of src/, the type-assertion budget, the line length).
const lint = stage("lint", "npm", ["run", "--silent", "lint"]);
const build = stage("build", bin("vite"), ["build"]);
const vitestArgs = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
// The run's Chromium starts beside the build (about a second that vitest's set-up no longer
// waits for), in this process: its server's relay of every browser check then runs here, not on
// vitest's main thread. Vitest reads its address (test/setup/chromium-server.ts).
const browserServer = browserSkipped
  ? Promise.resolve(null)
  : import("playwright-core")
      .then(({ chromium: playwright }) =>
        playwright.launchServer({ executablePath: chromium, headless: true, args: [...CHROMIUM_ARGS] }),
      )
      .catch((error) => {
        console.log(`Chromium did not start here (${error.message}); vitest's set-up starts its own.`);
        return null;
      });
const vitest = Promise.all([build.done, browserServer]).then(([, server]) =>
  stage("vitest", bin("vitest"), vitestArgs, server ? { [CHROMIUM_ENDPOINT_VAR]: server.wsEndpoint() } : {}),
);

let passed = 0;
let failed = 0;
const failures = [];
const timings = [];

/** Prints a finished stage whole (its output, then its result line). */
async function finish(s) {
  s.release();
  const { ok, ms } = await s.done;
  console.log(`${ok ? "✔" : "✘"} ${s.name} (${seconds(ms)})`);
  timings.push(`${s.name} ${seconds(ms)}`);
  return ok;
}

for (const s of [typecheck, lint, build]) {
  if (await finish(s)) passed++;
  else {
    failed++;
    failures.push(s.name);
  }
}

const vitestOk = await finish(await vitest);
await (await browserServer)?.close();
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, "utf8"));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  if (json.numFailedTests > 0) failures.push(`${json.numFailedTests} vitest test(s)`);
  // A test file that fails to load counts no test: report it as a failure of its own.
  const broken = json.testResults.filter((r) => r.status === "failed" && r.assertionResults.length === 0);
  for (const r of broken) {
    failed++;
    failures.push(`test file failed to load: ${path.relative(process.cwd(), r.name)}`);
  }
  if (!vitestOk && json.numFailedTests === 0 && broken.length === 0) {
    failed++;
    failures.push("vitest exited with an error");
  }
  fs.rmSync(report, { force: true });
} else {
  failed++;
  failures.push("vitest produced no report");
}

console.log("");
if (browserSkipped) console.log(BROWSER_WARNING);
console.log(`Stages: ${timings.join(", ")}; total ${seconds(Date.now() - started)} wall.`);
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

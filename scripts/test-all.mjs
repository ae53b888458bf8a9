#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in order, continuing past a failure so that one run
 * reports everything. Steps: type check, lint, a fresh build of dist/, then vitest (unit and
 * property tests, the Foundry-fake integration tests, and the checks of the built dist/).
 * The last line is the plain `N passed, N failed` that CI reads: each vitest test counts once,
 * and each of the other steps counts as one check.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const report = path.join(os.tmpdir(), `tactica-vitest-${process.pid}.json`);
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  const ok = result.status === 0;
  console.log(`${ok ? "✔" : "✘"} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(name, command, args) {
  if (step(name, command, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

const bin = (name) => path.join("node_modules", ".bin", name);
const chromium = process.env.TACTICA_CHROMIUM ?? "/usr/bin/chromium";
const browserSkipped = !fs.existsSync(chromium);
const BROWSER_WARNING = `
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!! BROWSER CHECKS SKIPPED: no Chromium at ${chromium}.
!! Sheets and chat cards were NOT rendered in a real browser.
!! Install Debian's Chromium (apt-get install -y chromium) and run npm test again.
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!`;
if (browserSkipped) console.log(BROWSER_WARNING);

check("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
check("lint", bin("eslint"), ["."]);
check("build", bin("vite"), ["build"]);

const vitestOk = step("vitest", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
]);
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
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

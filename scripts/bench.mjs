#!/usr/bin/env node
/**
 * `npm run bench`: runs every `vitest bench` file and prints each benchmark's median against its
 * budget (DESIGN.md §6). Exits non-zero when a budgeted median is over budget. Benchmarks whose
 * name matches no budget are reported without one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** DESIGN §6 budgets in milliseconds, matched against benchmark names. */
const BUDGETS = [
  [/pushOdds.*20|20 dice.*pushOdds/i, 1],
  [/advance.*50 combatants/i, 1],
  // Issue 16: through the combat document (test/bench/combat.bench.ts).
  [/setupTurns.*200 combatants/i, 1],
  [/End action.*200 combatants/i, 5],
  [/allPairsDistances.*200 places/i, 10],
  [/prepareData.*100 items/i, 1],
  [/sheet.*100 items/i, 5],
  [/push.*card render/i, 2],
];

const out = path.join(os.tmpdir(), `tactica-bench-${process.pid}.json`);
const run = spawnSync(path.join("node_modules", ".bin", "vitest"), ["bench", "--run", "--outputJson", out, ...process.argv.slice(2)], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (!fs.existsSync(out)) {
  console.error("vitest bench produced no report");
  process.exit(run.status || 1);
}
const report = JSON.parse(fs.readFileSync(out, "utf8"));
fs.rmSync(out, { force: true });

let over = 0;
const rows = [];
for (const file of report.files) {
  for (const group of file.groups) {
    for (const b of group.benchmarks) {
      const full = `${group.fullName.split(" > ").slice(1).join(" > ")} > ${b.name}`;
      const budget = BUDGETS.find(([re]) => re.test(b.name) || re.test(full))?.[1];
      const ok = budget === undefined || b.median < budget;
      if (!ok) over++;
      rows.push({ name: full, median: b.median, budget, ok, samples: b.sampleCount });
    }
  }
}
const width = Math.max(...rows.map((r) => r.name.length));
console.log(`${"benchmark".padEnd(width)}  median ms  budget ms  samples`);
for (const r of rows) {
  const budget = r.budget === undefined ? "—" : `< ${r.budget}`;
  console.log(`${r.name.padEnd(width)}  ${r.median.toFixed(4).padStart(9)}  ${budget.padStart(9)}  ${String(r.samples).padStart(7)}${r.ok ? "" : "  OVER BUDGET"}`);
}
process.exit(over === 0 && run.status === 0 ? 0 : 1);

#!/usr/bin/env node
/**
 * `npm run bench`: runs every `vitest bench` file, then the browser benchmarks (Chromium, see
 * test/bench/browser/browser.perf.ts), and prints each benchmark's median against its budget
 * (DESIGN.md §6, issue 16). Exits non-zero when a budgeted figure is over budget, or when the
 * browser benchmarks cannot run (no Chromium). Benchmarks whose name matches no budget are
 * reported without one.
 *
 *   npm run bench                               # everything
 *   npm run bench -- test/bench/pool.bench.ts   # one Node file (no browser benchmarks)
 *   npm run bench -- --browser                  # the browser benchmarks only
 *
 * TACTICA_BENCH_ROUNDS (40) and TACTICA_BENCH_WARMUP (5) set the browser rounds; TACTICA_BENCH_ONLY and
 * TACTICA_BENCH_EXTRA_CSS (test/bench/browser/browser.perf.ts) narrow a run to one path and try a
 * stylesheet on it, with its same-round ratios reported.
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
  // The range check over 200 places, held to the all-pairs budget (test/bench/places.bench.ts).
  [/measureTokens.*200 places/i, 10],
  [/prepareData.*100 items/i, 1],
  [/sheet context.*100 items/i, 5],
  [/push.*card render/i, 2],
];

/**
 * Browser budgets (DESIGN §6; a frame is 16.7 ms): medians in ms, by variant name and mode. They
 * apply to the figure timed to the painted frame; the forced figures are a breakdown.
 */
const FRAME = 16.7;
const BROWSER_BUDGETS = {
  "sheet open, 100 items, frame": FRAME,
  "sheet open, 500 items, frame": 50,
  "chat log, 200 cards, frame": 120,
  "tracker, 200 combatants, frame": FRAME,
};

/** Growth for four times the size: b ≤ 1.07 in cost ∝ nᵇ (DESIGN §6: no path super-linear). */
const GROWTH = 4.4;

/**
 * Node growth, reported per generation: [label, benchmark, divided by]. Not budgeted: vitest
 * times the two benchmarks one after the other, seconds apart, so a neighbour's load skews their
 * ratio (the browser growth checks compare runs of the same round).
 */
const NODE_GROWTH = [
  ["growth: End action, 200 ÷ 50 combatants", /End action, 200 combatants$/, /End action, 50 combatants$/],
];

/**
 * Same-round ratios of the frame figures: [label, variant, divided by, limit (or undefined:
 * reported only)].
 */
const BROWSER_RATIOS = [
  ["sheet open, 10 items ÷ its floor", "sheet open, 10 items", "sheet open floor, 10 items", undefined],
  ["sheet open, 100 items ÷ its floor", "sheet open, 100 items", "sheet open floor, 100 items", 2],
  ["sheet open, 500 items ÷ its floor", "sheet open, 500 items", "sheet open floor, 500 items", 2],
  ["sheet re-render, 100 items ÷ sheet open, 100 items", "sheet re-render, 100 items", "sheet open, 100 items", 1],
  ["sheet re-render, 500 items ÷ sheet open, 500 items", "sheet re-render, 500 items", "sheet open, 500 items", 0.2],
  [
    "sheet re-render, 100 items, actor changed ÷ sheet open, 100 items",
    "sheet re-render, 100 items, actor changed",
    "sheet open, 100 items",
    undefined,
  ],
  ["chat log, 200 cards ÷ its floor", "chat log, 200 cards", "chat log floor, 200 cards", undefined],
  [
    "chat append, 1 card to a log of 800 ÷ to a log of 50",
    "chat append, 1 card to a log of 800",
    "chat append, 1 card to a log of 50",
    1.25,
  ],
  [
    "chat append, 1 card to a log of 800 ÷ its floor",
    "chat append, 1 card to a log of 800",
    "chat append floor, 1 card to a log of 800",
    undefined,
  ],
  ["tracker, 200 combatants ÷ its floor", "tracker, 200 combatants", "tracker floor, 200 combatants", undefined],
  [
    "tracker re-render, 200 combatants ÷ tracker, 200 combatants",
    "tracker re-render, 200 combatants",
    "tracker, 200 combatants",
    undefined,
  ],
  ["growth: sheet open, 500 ÷ 125 items", "sheet open, 500 items", "sheet open, 125 items", GROWTH],
  ["growth: sheet re-render, 500 ÷ 125 items", "sheet re-render, 500 items", "sheet re-render, 125 items", GROWTH],
  ["growth: chat log, 200 ÷ 50 cards", "chat log, 200 cards", "chat log, 50 cards", GROWTH],
  [
    "growth: chat append, to a log of 800 ÷ of 200",
    "chat append, 1 card to a log of 800",
    "chat append, 1 card to a log of 200",
    GROWTH,
  ],
  ["growth: tracker, 200 ÷ 50 combatants", "tracker, 200 combatants", "tracker, 50 combatants", GROWTH],
  [
    "growth: tracker re-render, 200 ÷ 50 combatants",
    "tracker re-render, 200 combatants",
    "tracker re-render, 50 combatants",
    GROWTH,
  ],
  ...[
    ["sheet open, 10 items", "sheet open, 10 items"],
    ["sheet open, 100 items", "sheet open, 100 items"],
    ["sheet open, 500 items", "sheet open, 500 items"],
    ["chat log, 200 cards", "chat log, 200 cards"],
    ["chat append, 800", "chat append, 1 card to a log of 800"],
    ["tracker, 10 combatants", "tracker, 10 combatants"],
    ["tracker, 200 combatants", "tracker, 200 combatants"],
  ].flatMap(([label, name]) => [
    [`perf.css: ${label}, with ÷ without`, name, `${name}, without perf.css`, undefined],
    [`perf.css: ${label}, now ÷ before issue 26`, name, `${name}, perf.css before`, undefined],
  ]),
  [
    "fixed: sheet re-render, 500 items, one row ÷ the whole tab",
    "sheet re-render, 500 items",
    "sheet re-render, 500 items, whole tab (before)",
    undefined,
  ],
];

const args = process.argv.slice(2);
const browserOnly = args.includes("--browser");
const files = args.filter((a) => a !== "--browser");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}; load average at start ${load()}`,
);

let over = 0;
let failed = false;
const rows = [];
const fmt = (n) => (Number.isNaN(n) ? "—" : n >= 100 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(4));

if (!browserOnly) {
  const out = path.join(os.tmpdir(), `tactica-bench-${process.pid}.json`);
  // `--isolate`: each bench file its own modules (npm test shares them per worker, which left a
  // later bench file's world without the entry's settings).
  const run = spawnSync(
    path.join("node_modules", ".bin", "vitest"),
    // One file at a time, on one worker: the v13 and v14 passes of a file would otherwise run
    // side by side on the machine's two cores and time each other.
    ["bench", "--run", "--isolate", "--maxWorkers", "1", "--no-file-parallelism", "--outputJson", out, ...files],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (!fs.existsSync(out)) {
    console.error("vitest bench produced no report");
    process.exit(run.status || 1);
  }
  if (run.status !== 0) failed = true;
  nodeRows(JSON.parse(fs.readFileSync(out, "utf8")));
  fs.rmSync(out, { force: true });
}
if (browserOnly || files.length === 0) browserRows();

const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\n${"benchmark".padEnd(width)}  ${"median".padStart(9)}  ${"budget".padStart(9)}  detail`);
for (const r of rows) {
  const budget = r.budget === undefined ? "—" : `≤ ${r.budget}`;
  console.log(
    `${r.name.padEnd(width)}  ${r.value.padStart(9)}  ${budget.padStart(9)}  ${r.detail}${r.ok ? "" : "  OVER BUDGET"}`,
  );
}
console.log(`\nload average at the end ${load()}; ${over} over budget.`);
process.exit(over === 0 && !failed ? 0 : 1);

/** The `vitest bench` files: medians in ms against the budgets above, then the growth checks. */
function nodeRows(report) {
  const medians = new Map();
  for (const file of report.files) {
    for (const group of file.groups) {
      for (const b of group.benchmarks) {
        const full = `${group.fullName.split(" > ").slice(1).join(" > ")} > ${b.name}`;
        const budget = BUDGETS.find(([re]) => re.test(b.name) || re.test(full))?.[1];
        if (typeof b.median !== "number") {
          add(full, NaN, budget, "did not run", false);
          continue;
        }
        add(full, b.median, budget, `ms, ${b.sampleCount} samples`, budget === undefined || b.median < budget);
        medians.set(full, b.median);
      }
    }
  }
  for (const [label, a, b] of NODE_GROWTH) {
    for (const generation of ["[v13]", "[v14]"]) {
      const find = (re) => [...medians].find(([name]) => name.startsWith(generation) && re.test(name))?.[1];
      const [x, y] = [find(a), find(b)];
      if (x === undefined || y === undefined) continue;
      add(`${generation} ${label}`, x / y, undefined, "×, ratio of the two medians (reported, not budgeted)", true);
    }
  }
}

function add(name, value, budget, detail, ok) {
  if (!ok) over++;
  rows.push({ name, value: fmt(value), budget: budget === undefined ? undefined : String(budget), detail, ok });
}

/** Sorted copy's quantile `q` (0.5: the median). */
function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
}

/**
 * The browser benchmarks: each variant's median in ms (with p95 and min) in each of its modes,
 * then the comparisons of the frame figures, each the median of the ratios taken within the same
 * round (both variants ran in that round).
 */
function browserRows() {
  const out = path.join(os.tmpdir(), `tactica-browser-bench-${process.pid}.json`);
  const run = spawnSync(
    path.join("node_modules", ".bin", "vitest"),
    ["run", "--config", "vitest.browser-bench.config.ts"],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, TACTICA_BENCH_OUT: out },
    },
  );
  if (run.status !== 0 || !fs.existsSync(out)) {
    console.error(
      "The browser benchmarks did not run (the error is above; they need Debian's Chromium at /usr/bin/chromium): `npm run bench` cannot pass without them.",
    );
    failed = true;
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  if (process.env.TACTICA_BENCH_KEEP) fs.copyFileSync(out, process.env.TACTICA_BENCH_KEEP);
  fs.rmSync(out, { force: true });
  const m = report.machine;
  console.log(
    `browser: Chromium ${m.chromium}, ${report.rounds} rounds after ${report.warmup} of warm-up, ${report.seconds.toFixed(0)} s; load average ${m.loadStart.map((l) => l.toFixed(2)).join(" ")} → ${m.loadEnd.map((l) => l.toFixed(2)).join(" ")}`,
  );
  const totals = (name, mode = "frame") => {
    const runs = report.variants[name]?.[mode];
    return runs ? runs.map((r) => r.total) : null;
  };
  const phases = (runs) =>
    Object.keys(runs[0].phases)
      .map(
        (p) =>
          `${p} ${quantile(
            runs.map((r) => r.phases[p]),
            0.5,
          ).toFixed(1)}`,
      )
      .join(", ");
  for (const [name, v] of Object.entries(report.variants)) {
    for (const mode of ["frame", "forced"]) {
      if (!v[mode]) continue;
      const t = v[mode].map((r) => r.total);
      const label = `${name}, ${mode}`;
      const budget = BROWSER_BUDGETS[label];
      const median = quantile(t, 0.5);
      add(
        `[browser] ${label}`,
        median,
        budget,
        `ms, p95 ${quantile(t, 0.95).toFixed(1)}, min ${Math.min(...t).toFixed(1)}, ${v.elements} elements; ${phases(v[mode])}`,
        budget === undefined || median <= budget,
      );
    }
  }
  for (const [label, a, b, limit] of [...BROWSER_RATIOS, ...extraCssRatios(Object.keys(report.variants))]) {
    const x = totals(a);
    const y = totals(b);
    // A ratio whose variants were not run (TACTICA_BENCH_ONLY) is left out; a budgeted one fails.
    if (!x || !y) {
      if (limit !== undefined && !process.env.TACTICA_BENCH_ONLY)
        add(`[browser] ${label}`, NaN, limit, "not measured", false);
      continue;
    }
    const ratio = quantile(
      x.map((v, i) => v / y[i]),
      0.5,
    );
    add(
      `[browser] ${label}, frame`,
      ratio,
      limit,
      `×, median of ${x.length} same-round ratios (${a} ÷ ${b})`,
      limit === undefined || ratio <= limit,
    );
  }
}

/**
 * With TACTICA_BENCH_EXTRA_CSS (a stylesheet tried on top of ours, browser.perf.ts), the same-round
 * ratios of each variant with it ÷ without it, and each ratio above again between the variants
 * with it: reported only, never budgeted (the stylesheet tried is not the product).
 */
function extraCssRatios(names) {
  const EXTRA = ", extra css";
  const has = new Set(names);
  const tried = names.filter((n) => n.endsWith(EXTRA)).map((n) => n.slice(0, -EXTRA.length));
  return [
    ...tried.filter((n) => has.has(n)).map((n) => [`extra css: ${n}, with ÷ without`, `${n}${EXTRA}`, n, undefined]),
    ...BROWSER_RATIOS.filter(([, a, b]) => has.has(`${a}${EXTRA}`) && has.has(`${b}${EXTRA}`)).map(([label, a, b]) => [
      `${label}, with extra css`,
      `${a}${EXTRA}`,
      `${b}${EXTRA}`,
      undefined,
    ]),
  ];
}

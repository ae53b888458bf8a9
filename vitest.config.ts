import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { defineConfig } from "vitest/config";

/** The folder of vitest's module cache for this tsconfig.json (see `experimental` below). */
function transformCache(): string {
  const tsconfig = createHash("sha1").update(fs.readFileSync("tsconfig.json")).digest("hex").slice(0, 12);
  return `node_modules/.experimental-vitest-cache/tsconfig-${tsconfig}`;
}

/** The benchmarks of the pure rules: no Foundry, so one pass (v13) runs them. */
const PURE_BENCHES = ["test/bench/pool.bench.ts", "test/bench/timeline.bench.ts"];

// Tests and benchmarks. The build lives in vite.config.ts; this file keeps test runs free of
// build plugins (pack compilation, file copies).
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Set-up hooks start Chromium and load page shells: seconds on an idle machine, more when
    // several test runs share two cores. A slow set-up is not a failure of what the tests check.
    hookTimeout: 60_000,
    // Every core (vitest's default leaves one free): in `npm test` the type check and lint run
    // beside vitest and finish first, and vitest then has the machine to itself.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The test files of a worker share its modules (`isolate: false`): a new module graph and
    // process per file cost more than half of vitest's time. What keeps files independent:
    // - test/setup/globals.ts removes, before each file, every global an earlier file added (the
    //   Foundry fake), so a file that needs the fake installs it itself;
    // - each test world is a fresh fake (test/foundry/world.ts), and installing one resets the
    //   fake's own module state (dice queue, open windows);
    // - state kept by src modules is harmless across worlds (see world.ts).
    // A file run alone (`npx vitest run test/x.test.ts`) still gets a worker of its own.
    isolate: false,
    // Worker threads rather than child processes: on two cores they save about a tenth of vitest's
    // CPU (no process start, less system time). Each thread has its own copy of process.env, so the
    // v14 pass's environment stays its own (test/foundry/compat.test.ts checks it).
    pool: "threads",
    setupFiles: ["test/setup/globals.ts"],
    // Transformed modules kept on disk between runs. Vitest keys each by the file's content, this
    // config file, the Vite settings and its own version, and clears the cache when the lockfile
    // changes; not by tsconfig.json, which the TypeScript transform reads (class fields, target):
    // so the folder is one per tsconfig.json content. A second run skips the transforms (about
    // 3 s of the main thread's CPU per project); a clean clone builds it.
    experimental: { fsModuleCache: true, fsModuleCachePath: transformCache() },
    // Foundry v13 (from 13.347) and v14: every test runs against a v13 fake, and the
    // Foundry-layer suites (test/foundry/**, and the scripted evening, test/play/**) run a second
    // time against a v14 fake (TACTICA_FAKE_GENERATION=14, read by test/foundry/fake-generation.ts).
    // Tests that pin a generation (setFakeGeneration) run as that generation in both passes.
    projects: [
      // (Each project names its own files: vite's config merge would append to a shared list.)
      // The browser checks (v13 pass only) share one Chromium for the run.
      // Benchmarks (`npm run bench`): every one in the v13 pass; those on the Foundry fake again
      // in the v14 pass (test/bench/generation.ts labels their rows), the pure rules' once.
      {
        extends: true,
        test: {
          name: "v13",
          include: ["test/**/*.test.ts"],
          globalSetup: ["test/setup/chromium-server.ts"],
          benchmark: { include: ["test/bench/**/*.bench.ts"] },
        },
      },
      {
        extends: true,
        test: {
          name: "v14",
          include: ["test/foundry/**/*.test.ts", "test/play/**/*.test.ts"],
          env: { TACTICA_FAKE_GENERATION: "14" },
          benchmark: { include: ["test/bench/**/*.bench.ts"], exclude: PURE_BENCHES },
        },
      },
    ],
  },
});

import { defineConfig } from "vitest/config";

// The browser benchmarks (test/bench/browser/), run by `npm run bench` only (scripts/bench.mjs):
// one file, one worker, nothing else running beside it in this process.
export default defineConfig({
  test: {
    include: ["test/bench/browser/**/*.perf.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 1_800_000,
    hookTimeout: 300_000,
    setupFiles: ["test/setup/globals.ts"],
  },
});

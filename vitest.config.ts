import os from "node:os";
import { defineConfig } from "vitest/config";

// Tests and benchmarks. The build lives in vite.config.ts; this file keeps test runs free of
// build plugins (pack compilation, file copies).
//
// Two projects: the pure unit tests (test/unit: rules, keys, languages, lint rules) share one
// module graph (`isolate: false`: they set no globals and install no Foundry fake, so nothing
// leaks between their files, and each file skips loading its own modules); every other test file
// gets its own modules, because it installs the Foundry fake (or its data layer) on globalThis.
const PURE = ["test/unit/**/*.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    // Every core (vitest's default leaves one free): in `npm test` the type check and lint run
    // beside vitest and finish first, and vitest then has the machine to itself.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      { extends: true, test: { name: "pure", include: PURE, isolate: false, benchmark: { include: [] } } },
      // The benchmarks (`npm run bench`) run here, isolated too: some load the Foundry fake.
      { extends: true, test: { name: "world", include: ["test/**/*.test.ts"], exclude: PURE, benchmark: { include: ["test/bench/**/*.bench.ts"] } } },
    ],
  },
});

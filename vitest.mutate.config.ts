import { defineConfig } from "vitest/config";

// The tests that `npm run mutate` (Stryker, stryker.config.mjs) runs against each mutant: the
// tests that run in Node on the source (unit and property tests, the Foundry-fake suite, the
// templates and the pack content), as the v13 pass of vitest.config.ts has them. Left out: the
// browser checks (a Chromium per run), the checks of the built dist/ (they read the build, which
// no mutant reaches), the benchmarks and the end-to-end runner's tests, and the v14 pass of the
// Foundry-fake suite (it would run every covering test twice; a mutant only v14 can kill shows as
// a survivor, CONTRIBUTING "Mutation testing").
// Unlike vitest.config.ts, each test file gets fresh modules (`isolate`, vitest's default): a
// mutant that runs while a module loads (a "static" mutant) is only seen by a file that loads the
// module again. Stryker itself runs one test at a time in each of its workers.
/** Only the unit tests: scripts/mutate.ts asks for them for src/rules, which they alone must prove. */
const unitOnly = process.env.TACTICA_MUTATION_TESTS === "unit";

export default defineConfig({
  test: {
    // The name of the v13 pass: a few tests read it (test/foundry/compat.test.ts).
    name: "v13",
    environment: "node",
    include: unitOnly
      ? ["test/unit/**/*.test.ts"]
      : [
          "test/unit/**/*.test.ts",
          "test/foundry/**/*.test.ts",
          "test/templates/**/*.test.ts",
          "test/packs/**/*.test.ts",
        ],
    // Stryker's instrumented code counts every mutant it passes: an exhaustive property test
    // (test/unit/pool.test.ts enumerates 6^5 pushes 60 times) runs several times slower than usual.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "threads",
    isolate: true,
    setupFiles: ["test/setup/globals.ts"],
  },
});

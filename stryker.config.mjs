// Mutation testing (`npm run mutate`, scripts/mutate.ts; CONTRIBUTING "Mutation testing"):
// Stryker changes one thing at a time in the code under test (a mutant: `<` for `<=`, a branch
// removed, a string emptied) and runs the tests that reach it; a test that then fails kills the
// mutant, and a mutant no test kills (a survivor) is behaviour no test checks.
// @ts-check
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  // What is mutated, and against which tests, scripts/mutate.ts says on Stryker's command line.
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // The tests Stryker runs: vitest.mutate.config.ts says which and why.
  vitest: { configFile: "vitest.mutate.config.ts" },
  // Each mutant is tested only by the tests that reached it in the first, unmutated run.
  coverageAnalysis: "perTest",
  // A run keeps its results (in reports/, git-ignored; scripts/mutate.ts names the file after the
  // part), and the next one tests again only the mutants whose code or covering tests changed.
  // `npm run mutate -- --force` tests every mutant again.
  incremental: true,
  reporters: ["json", "html", "clear-text", "progress"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  // The clear-text reporter lists each survivor and each mutant no test reached, with three of the
  // tests that ran against it (CONTRIBUTING "Mutation testing": reading a survivor).
  clearTextReporter: { allowColor: false, logTests: true, maxTestsToLog: 3, reportScoreTable: true },
  // The copies of the project Stryker tests in (git-ignored, removed after a run that ends well).
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["dist", "coverage", "e2e-report", "test/browser/__screenshots__", "*.zip"],
  // A busy machine (two cores shared) makes a slow test look like an endless loop; be generous.
  timeoutMS: 10_000,
  // No break threshold: scripts/mutate.ts prints the score; CONTRIBUTING says what it must reach.
  thresholds: { high: 90, low: 80, break: null },
};

import path from "node:path";
import { describe, expect, it } from "vitest";
import { mutationScore, scoreLine, strykerRuns, type MutationReport } from "../../scripts/mutate";
import { useTempTrees } from "../helpers/temp-tree";

// `npm run mutate` (scripts/mutate.ts): which Stryker runs it makes, and the score line it ends with.
const tempTree = useTempTrees("mutate");

const report = (files: Record<string, string[]>): MutationReport => ({
  files: Object.fromEntries(
    Object.entries(files).map(([file, statuses]) => [file, { mutants: statuses.map((status) => ({ status })) }]),
  ),
});

describe("npm run mutate: the score", () => {
  it("counts killed and timed-out mutants among those valid, as Stryker does", () => {
    const score = mutationScore([
      report({
        "a.ts": ["Killed", "Killed", "Survived", "Timeout"],
        "b.ts": ["NoCoverage", "CompileError", "Ignored"],
      }),
      report({ "c.ts": ["Killed", "RuntimeError"] }),
    ]);
    // Detected 4 (3 killed, 1 timeout) of 6 valid (plus a survivor and one no test reached).
    expect(score).toEqual({ detected: 4, valid: 6, percent: (100 * 4) / 6 });
    expect(scoreLine(score)).toBe("mutation score: 66.7 %");
  });

  it("prints one decimal, and n/a when no mutant was valid", () => {
    expect(scoreLine(mutationScore([report({ "a.ts": ["Killed"] })]))).toBe("mutation score: 100.0 %");
    expect(scoreLine(mutationScore([report({ "a.ts": ["Ignored"] })]))).toBe("mutation score: n/a");
    expect(scoreLine({ detected: 1, valid: 3, percent: 100 / 3 })).toBe("mutation score: 33.3 %");
  });
});

describe("npm run mutate: the Stryker runs", () => {
  const incremental = (part: string) => [
    "--incrementalFile",
    path.join("reports", "mutation", `incremental-${part}.json`),
  ];

  it("mutates src/rules against the unit tests and src/chat against every test, by default", () => {
    expect(strykerRuns([])).toEqual([
      { part: "rules", args: ["run", "--mutate", "src/rules/**/*.ts", ...incremental("rules")], tests: "unit" },
      { part: "other", args: ["run", "--mutate", "src/chat/**/*.ts", ...incremental("other")], tests: "all" },
    ]);
  });

  it("takes folders as their .ts files, files and line ranges as they are, and passes options on", () => {
    const root = tempTree({ "src/rules/pool.ts": "", "src/chat/x/a.ts": "" });
    const runs = strykerRuns(["src/chat/x/", "src/rules/pool.ts:10-20", "--concurrency", "1", "--force"], root);
    const options = ["--concurrency", "1", "--force"];
    expect(runs).toEqual([
      {
        part: "rules",
        args: ["run", "--mutate", "src/rules/pool.ts:10-20", ...incremental("rules"), ...options],
        tests: "unit",
      },
      {
        part: "other",
        args: ["run", "--mutate", "src/chat/x/**/*.ts", ...incremental("other"), ...options],
        tests: "all",
      },
    ]);
  });

  it("puts a path outside src/rules, src/ itself included, in the part run against every test", () => {
    expect(strykerRuns(["src/dice/pool-roll.ts", "src/rules/x.ts"]).map(({ part, tests }) => [part, tests])).toEqual([
      ["rules", "unit"],
      ["other", "all"],
    ]);
  });
});

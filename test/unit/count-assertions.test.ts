import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertionBudget } from "../../scripts/count-assertions.mjs";
import { useTempTrees } from "../helpers/temp-tree";

// The assertion budget of `npm run lint` (scripts/count-assertions.mjs), run on small source trees
// written here: an `as unknown as` must say why it stays in a `//` comment beside it. The script's
// function is called in this process: what it would print and its exit status.
const tempTree = useTempTrees("budget");

/** Runs the budget on `files` (path → source) written into a fresh folder. */
function budget(files: Record<string, string>) {
  const root = tempTree(files);
  return { ...assertionBudget(root), root };
}

describe("count-assertions: an `as unknown as` says why it stays", () => {
  it("passes a double assertion with a // comment on the line above, on its line, or within it", () => {
    const run = budget({
      "above.ts": "// core hands over a plain object here\nexport const a = 1 as unknown as string;\n",
      "beside.ts": "export const b = 1 as unknown as string; // the typings lack it\n",
      "inside.ts": "export const c = (\n  // the typings lack it\n  1 as unknown as string\n);\n",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("as unknown as: 3");
  });

  it("fails one with no comment, or with a JSDoc block, a string holding // or a comment two lines up", () => {
    const run = budget({
      "bare.ts": "export const a = 1 as unknown as string;\n",
      "jsdoc.ts": "/** why */\nexport const b = 1 as unknown as string;\n",
      "string.ts": 'export const c = ("http://x" as unknown as number) + 1;\n',
      "far.ts": "// why\n\nexport const d = 1 as unknown as string;\n",
      "fine.ts": "// why\nexport const e = 1 as unknown as string;\n",
    });
    expect(run.status).toBe(1);
    const listed = run.stderr
      .split("\n")
      .filter((line) => line.startsWith(run.root))
      .map((line) => path.relative(run.root, line));
    expect(listed.sort()).toEqual(["bare.ts:1", "far.ts:3", "jsdoc.ts:2", "string.ts:1"]);
  });

  it("counts a plain assertion without asking for a comment", () => {
    const run = budget({ "plain.ts": "export const a = 1 as number;\n" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Type assertions in");
  });

  it("as a command (through a symlinked path too): --list prints every assertion, a failure exits 1", () => {
    const { root } = budget({ "bare.ts": "export const a = 1 as unknown as string;\n" });
    const link = path.join(root, "link");
    fs.symlinkSync(path.resolve("scripts"), link);
    const run = spawnSync(process.execPath, [path.join(link, "count-assertions.mjs"), root, "--list"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`${path.join(root, "bare.ts")}:1: 1 as unknown as string`);
    expect(run.stderr).toContain(`${path.join(root, "bare.ts")}:1`);
  });
});

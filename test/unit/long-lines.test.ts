import path from "node:path";
import { describe, expect, it } from "vitest";
import { codeFiles, longLines, MAX_LINE_LENGTH } from "../../scripts/long-lines";
import { useTempTrees } from "../helpers/temp-tree";

// The line-length check of `npm run lint` (scripts/long-lines.ts), which keeps what ESLint's
// `max-len` checked with the options the project gave it: 120 characters, lines that hold a
// string, a template literal, a regular expression or a URL exempt.
const tempTree = useTempTrees("lines");

const long = "x".repeat(MAX_LINE_LENGTH);

/** The 1-based numbers of the lines the check reports in a file holding `lines`. */
function reported(lines: string[], name = "probe.ts"): number[] {
  const file = path.join(tempTree({ [name]: lines.join("\n") }), name);
  return longLines([file]).map(({ line }) => line);
}

describe("long lines of the code", () => {
  it("reports a long comment, a long line of code, and code with a long comment after it", () => {
    expect(
      reported([
        `// ${long}`,
        `export const ok = 1; // short`,
        `export const sum = ${Array.from({ length: 40 }, (_, i) => `n${i}`).join(" + ")};`,
        `export const d = 1; // ${long}`,
        `/* ${long}`,
        `   ${long} */`,
      ]),
    ).toEqual([1, 3, 4, 5, 6]);
  });

  it("exempts a line where a string, a template literal or a regular expression lies, or a URL", () => {
    expect(
      reported([
        `export const a = "${long}";`,
        "export const b = `",
        long,
        "${a} " + long,
        "`;",
        `export const c = /${long}/;`,
        `// see https://example.com/${long}`,
        `export type T = "${long}";`,
        `export const e = a + /* "${long}" */ b;`,
      ]),
    ).toEqual([9]);
  });

  it("does not exempt the lines of a multi-line substitution, only those the template's text lies on", () => {
    expect(
      reported([
        "export const t = `head ${",
        `  f(${Array.from({ length: 30 }, (_, i) => `arg${i}`).join(", ")})`,
        `  // ${long}`,
        "} tail " + long + "`;",
      ]),
    ).toEqual([2, 3]);
  });

  it("does not count a byte-order mark", () => {
    expect(reported([`\uFEFF// ${"x".repeat(MAX_LINE_LENGTH - 3)}`, `// ${"x".repeat(MAX_LINE_LENGTH - 2)}`])).toEqual([
      2,
    ]);
  });

  it("counts characters, not bytes, and a tab up to the next multiple of four", () => {
    const accents = "é".repeat(MAX_LINE_LENGTH - 3);
    expect(reported([`// ${accents}`, `\t// ${"x".repeat(MAX_LINE_LENGTH - 7)}`, `\t// ${long}`])).toEqual([3]);
    const fill = "x".repeat(MAX_LINE_LENGTH - 11);
    expect(reported([`\t\t// ${fill}`, `\t \t// ${fill}`, `      \t// ${fill}x`])).toEqual([3]);
    // Tab stops are reckoned in UTF-16 units, as max-len does: 19 emoji are 38 units, so the tab
    // after them (at 3 + 38) widens to 3 columns: 3 + 19 + 3 + 96 = 121.
    expect(reported([`// ${"😀".repeat(19)}\t${"x".repeat(96)}`])).toEqual([1]);
  });

  it("reads the code of the project and leaves out git's folder, dependencies, the build and screenshots", () => {
    const dirs = ["src", "dist", "node_modules/pkg", ".git", ".github", "test/dist", "test/browser/__screenshots__"];
    const names = ["a.ts", "b.mjs", "c.js", "d.mts", "e.json", "f.hbs"];
    const root = tempTree(Object.fromEntries(dirs.flatMap((dir) => names.map((name) => [`${dir}/${name}`, ""]))));
    const files = codeFiles(root).map((file) => path.relative(root, file));
    expect(files).toEqual([
      ".github/a.ts",
      ".github/b.mjs",
      ".github/c.js",
      ".github/d.mts",
      "src/a.ts",
      "src/b.mjs",
      "src/c.js",
      "src/d.mts",
      "test/dist/a.ts",
      "test/dist/b.mjs",
      "test/dist/c.js",
      "test/dist/d.mts",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  functionSizes,
  lineCount,
  MAX_FILE_LINES,
  MAX_FUNCTION_LINES,
  measure,
  sizeFailures,
  type SizeExceptions,
} from "../../scripts/size-limits";
import { useTempTrees } from "../helpers/temp-tree";

// The size ceilings of `npm run lint` (scripts/size-limits.ts): no file of src/ over 400 lines, no
// function over 60 outside src/contract/, and a list of today's offenders that can only shrink.
const tempTree = useTempTrees("sizes");

const NONE: SizeExceptions = { files: {}, functions: {} };

/** A source of `count` lines in all (a trailing line break after the last). */
const linesOf = (count: number, line = (i: number) => `export const v${i} = ${i};`) =>
  `${Array.from({ length: count }, (_, i) => line(i)).join("\n")}\n`;

/** A function declaration `name` of exactly `lines` lines, from `function` to `}`. */
const fn = (name: string, lines: number) =>
  `export function ${name}(): void {\n${linesOf(lines - 2, (i) => `  const a${i} = ${i};`)}}\n`;

/** The failures of the check on `files` (path under the root → source). */
const failures = (files: Record<string, string>, exceptions = NONE) =>
  sizeFailures(measure(tempTree(files)), exceptions);

describe("size ceilings: what is measured", () => {
  it("counts a file's lines as wc -l does, the last line counted with or without its break", () => {
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\nb"), lineCount("a\r\nb\r\n")]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });

  it("counts a function from its first line to its last, its comment above left out", () => {
    const source = `/**\n * Doc.\n */\n${fn("body", 5)}`;
    expect(functionSizes("a.ts", source)).toEqual([{ file: "a.ts", name: "body", line: 4, lines: 5 }]);
  });

  it("names methods, arrow functions and callbacks by where they lie, and repeats with #2", () => {
    const source = [
      "export class Sheet {",
      "  constructor() {}",
      "  render() {",
      "    return new Promise((resolve) => resolve(1));",
      "  }",
      "  get open() { return true; }",
      "}",
      "export const later = () => [1].map((n) => n).map((n) => n);",
      "const table = { go: function () {}, run() {} };",
      "export default function () {}",
    ].join("\n");
    expect(functionSizes("a.ts", source).map(({ name }) => name)).toEqual([
      "Sheet.constructor",
      "Sheet.render",
      "Sheet.render › new Promise callback",
      "Sheet.open",
      "later",
      "later › [1].map callback",
      "later › [1].map((n)=>n).map callback",
      "go",
      "run",
      "(anonymous)",
    ]);
  });
});

describe("size ceilings: the check fires", () => {
  it("reports a file of src/ over 400 lines, src/contract/ included, and not one at 400", () => {
    const found = failures({
      "src/rules/at.ts": linesOf(MAX_FILE_LINES),
      "src/rules/over.ts": linesOf(MAX_FILE_LINES + 1),
      "src/contract/suite.ts": linesOf(MAX_FILE_LINES + 5),
      "test/long.test.ts": linesOf(MAX_FILE_LINES + 50),
    });
    expect(found).toEqual([
      "src/contract/suite.ts: 405 lines (at most 400)",
      "src/rules/over.ts: 401 lines (at most 400)",
    ]);
  });

  it("reports a function over 60 lines with its line, not one of 60, nor one in src/contract/", () => {
    const found = failures({
      "src/actions/a.ts": `${fn("fits", MAX_FUNCTION_LINES)}\n${fn("long", MAX_FUNCTION_LINES + 1)}`,
      "src/contract/b.ts": fn("suite", 200),
    });
    expect(found).toEqual(["src/actions/a.ts:62: function long is 61 lines (at most 60)"]);
  });

  it("reports a long arrow function inside a short one (each function is measured on its own)", () => {
    const inner = linesOf(MAX_FUNCTION_LINES, (i) => `    const b${i} = ${i};`);
    const source = `export function outer() {\n  return new Promise(() => {\n${inner}  });\n}\n`;
    expect(failures({ "src/a.ts": source })).toEqual([
      "src/a.ts:1: function outer is 64 lines (at most 60)",
      "src/a.ts:2: function outer › new Promise callback is 62 lines (at most 60)",
    ]);
  });
});

describe("size ceilings: the list of exceptions cannot hide growth", () => {
  const listed: SizeExceptions = {
    files: { "src/big.ts": 420 },
    functions: { "src/big.ts": { long: 70 } },
  };
  const big = (fileLines: number, fnLines: number) => {
    const body = fn("long", fnLines);
    return { "src/big.ts": body + linesOf(fileLines - lineCount(body)) };
  };

  it("passes a listed file and function at exactly their listed sizes", () => {
    expect(failures(big(420, 70), listed)).toEqual([]);
  });

  it("fails a listed file or function that grew, by a single line", () => {
    expect(failures(big(421, 70), listed)).toEqual([
      "src/big.ts grew to 421 lines (listed at 420; the ceiling is 400): split it",
    ]);
    expect(failures(big(421, 71), listed)).toEqual([
      "src/big.ts grew to 421 lines (listed at 420; the ceiling is 400): split it",
      "src/big.ts: function long grew to 71 lines (listed at 70; the ceiling is 60): split it",
    ]);
  });

  it("fails one that shrank but is still over, until its entry is lowered (so it cannot grow back)", () => {
    expect(failures(big(410, 65), listed)).toEqual([
      "src/big.ts shrank to 410 lines (listed at 420): lower its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts) to 410",
      "src/big.ts: function long shrank to 65 lines (listed at 70): lower its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts) to 65",
    ]);
  });

  it("fails an entry whose file or function is within the ceiling now, or gone, until it is deleted", () => {
    expect(failures(big(400, 60), listed)).toEqual([
      "src/big.ts is 400 lines, within the ceiling of 400: delete its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts)",
      "src/big.ts: function long is 60 lines, within the ceiling of 60: delete its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts)",
    ]);
    expect(failures({ "src/other.ts": "export {};\n" }, listed)).toEqual([
      "src/big.ts is gone: delete its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts)",
      "src/big.ts: function long is gone: delete its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts)",
    ]);
  });

  it("does not let a file's entry cover a new long function in it, nor a name inherited from Object", () => {
    const source = `${fn("long", 70)}${fn("constructor", 61)}${fn("other", 61)}`;
    const files = { "src/big.ts": source + linesOf(420 - lineCount(source)) };
    expect(failures(files, listed)).toEqual([
      "src/big.ts:71: function constructor is 61 lines (at most 60)",
      "src/big.ts:132: function other is 61 lines (at most 60)",
    ]);
  });
});

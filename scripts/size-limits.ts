/**
 * `npm run lint`'s size ceilings of the code in src/ (the house rules, CONTRIBUTING "Where code
 * goes"): no file over 400 lines, and no function over 60 lines outside src/contract/ (a
 * contract suite is one `describe` callback per behaviour, long by nature). A file's size is its
 * number of lines; a function's runs from the line it starts on (its comments left out) to the line
 * it ends on, arrow functions and methods included, as the TypeScript compiler API parses it.
 *
 * The files and functions over a ceiling today are listed below, each with its size: a listed one
 * must keep exactly that size until it is split. One that grew fails; one that shrank fails until
 * its entry is lowered to its new size (so that it cannot grow back unseen); one that went under
 * the ceiling, or is gone, fails until its entry is deleted. The list can only shrink.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { codeFiles } from "./long-lines";

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 60;
/** The folder whose functions have no ceiling (its files still have one). */
const NO_FUNCTION_CEILING = "src/contract/";

/** Files and functions allowed over a ceiling: path → lines, and path → function name → lines. */
export interface SizeExceptions {
  files: Readonly<Record<string, number>>;
  functions: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/**
 * Files and functions allowed over a ceiling: none today (the offenders of architecture review F6
 * were split). A new entry needs its reason beside it, and may only shrink.
 */
export const SIZE_EXCEPTIONS: SizeExceptions = {
  files: {},
  functions: {},
};

/** A function and its size: its file (relative, `/`-separated), name, first line and lines. */
export interface FunctionSize {
  file: string;
  name: string;
  line: number;
  lines: number;
}

const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/u;

/** The number of lines of `source` (as `wc -l` counts them when the last line ends with a break). */
export function lineCount(source: string): number {
  if (source === "") return 0;
  const lines = source.split(LINE_BREAK);
  return lines.at(-1) === "" ? lines.length - 1 : lines.length;
}

/** A function's own name: its declared name, or the variable, property or call it is given to. */
function ownName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, "");
    return `${ts.isNewExpression(parent) ? "new " : ""}${callee} callback`;
  }
  if (ts.isExportAssignment(parent)) return "default";
  return "(anonymous)";
}

/**
 * The functions (with a body) of one file and their sizes. A name is the chain of the names of
 * the functions and classes it lies in, from the outermost (`Sheet.render › new Promise callback`);
 * the second function of a file with the same name is `name #2`, and so on.
 */
export function functionSizes(file: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionSize[] = [];
  const seen = new Map<string, number>();
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node, outer: string[]): void => {
    let inner = outer;
    if (ts.isClassLike(node)) inner = [...outer, node.name?.getText(source) ?? "(class)"];
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const own = ownName(node, source);
      // A class member is `Class.member`, not `Class › member`.
      const classed = ts.isClassLike(node.parent) && inner.length > 0;
      const chain = classed ? [...inner.slice(0, -1), `${inner.at(-1)}.${own}`] : [...inner, own];
      const base = chain.join(" › ");
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const first = lineOf(node.getStart(source));
      const name = count === 1 ? base : `${base} #${count}`;
      found.push({ file, name, line: first + 1, lines: lineOf(node.getEnd()) - first + 1 });
      inner = chain;
    }
    node.forEachChild((child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

/** What the check measured under a root: each file's lines, and each function outside src/contract/. */
export interface Sizes {
  files: Map<string, number>;
  functions: FunctionSize[];
}

/** Measures the code files under `root`/src (paths relative to `root`, `/`-separated). */
export function measure(root: string): Sizes {
  const files = new Map<string, number>();
  const functions: FunctionSize[] = [];
  for (const absolute of codeFiles(path.join(root, "src"))) {
    const file = path.relative(root, absolute).split(path.sep).join("/");
    const text = fs.readFileSync(absolute, "utf8").replace(/^\uFEFF/, "");
    files.set(file, lineCount(text));
    if (!file.startsWith(NO_FUNCTION_CEILING)) functions.push(...functionSizes(file, text));
  }
  return { files, functions };
}

/** One exception's verdict: `null` when the measured size is the listed one, else what to do. */
function verdict(what: string, listed: number, size: number | undefined, ceiling: number): string | null {
  const entry = "its entry in SIZE_EXCEPTIONS (scripts/size-limits.ts)";
  if (size === undefined) return `${what} is gone: delete ${entry}`;
  if (size <= ceiling) return `${what} is ${size} lines, within the ceiling of ${ceiling}: delete ${entry}`;
  if (size > listed) return `${what} grew to ${size} lines (listed at ${listed}; the ceiling is ${ceiling}): split it`;
  if (size < listed) return `${what} shrank to ${size} lines (listed at ${listed}): lower ${entry} to ${size}`;
  return null;
}

/** The failures of `sizes` against the ceilings and `exceptions`, one line each. */
export function sizeFailures(sizes: Sizes, exceptions: SizeExceptions = SIZE_EXCEPTIONS): string[] {
  const failures: string[] = [];
  for (const [file, lines] of sizes.files) {
    if (lines > MAX_FILE_LINES && !Object.hasOwn(exceptions.files, file)) {
      failures.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
    }
  }
  for (const [file, listed] of Object.entries(exceptions.files)) {
    const failure = verdict(file, listed, sizes.files.get(file), MAX_FILE_LINES);
    if (failure) failures.push(failure);
  }
  // Own keys only: a function may well be named `constructor` or `toString`.
  const isListed = (fn: FunctionSize) => {
    const functions = Object.hasOwn(exceptions.functions, fn.file) ? exceptions.functions[fn.file] : undefined;
    return functions !== undefined && Object.hasOwn(functions, fn.name);
  };
  for (const fn of sizes.functions) {
    if (fn.lines > MAX_FUNCTION_LINES && !isListed(fn)) {
      failures.push(`${fn.file}:${fn.line}: function ${fn.name} is ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`);
    }
  }
  const byKey = new Map(sizes.functions.map((fn) => [`${fn.file} ${fn.name}`, fn.lines]));
  for (const [file, functions] of Object.entries(exceptions.functions)) {
    for (const [name, listed] of Object.entries(functions)) {
      const failure = verdict(`${file}: function ${name}`, listed, byKey.get(`${file} ${name}`), MAX_FUNCTION_LINES);
      if (failure) failures.push(failure);
    }
  }
  return failures;
}

/** Runs the check on the project (`root`): prints what it found; returns the exit status. */
export function sizeLimitsCheck(root = ".", exceptions: SizeExceptions = SIZE_EXCEPTIONS): number {
  const sizes = measure(path.resolve(root));
  const failures = sizeFailures(sizes, exceptions);
  for (const failure of failures) console.error(failure);
  const listed = Object.keys(exceptions.files).length;
  const listedFunctions = Object.values(exceptions.functions).flatMap((fns) => Object.keys(fns)).length;
  console.log(
    `size ceilings: ${sizes.files.size} files in src (at most ${MAX_FILE_LINES} lines, ${listed} listed over), ` +
      `functions at most ${MAX_FUNCTION_LINES} lines (${listedFunctions} listed over); ${failures.length} failure(s)`,
  );
  return failures.length > 0 ? 1 : 0;
}

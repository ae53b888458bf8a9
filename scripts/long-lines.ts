/**
 * `npm run lint`'s line-length check of the code (what ESLint's `max-len` checked; Oxlint has no
 * such rule): no line of a `.ts`, `.mts`, `.js` or `.mjs` file is longer than 120 characters. The
 * formatter wraps code at 120 columns (.oxfmtrc.json); comments are wrapped by hand, and this is
 * the check that they were. As with `max-len`'s options `ignoreStrings`, `ignoreTemplateLiterals`,
 * `ignoreRegExpLiterals` and `ignoreUrls`, a line is exempt when part of a string, a template
 * literal's text or a regular expression lies on it (the lines of a multi-line `${ }` are not
 * exempt), or when it holds a URL. Length is counted as `max-len` counts it: characters (code
 * points), a tab up to the next multiple of 4 (reckoned in UTF-16 units, as `max-len` does).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const MAX_LINE_LENGTH = 120;
const CODE = /\.(ts|mts|cts|js|mjs|cjs)$/;
/**
 * Folders never read: git's, dependencies and screenshots anywhere; at the root, the build, coverage,
 * and mutation testing's copies of the project and its reports (stryker.config.mjs).
 */
const SKIPPED = new Set([".git", "node_modules", "__screenshots__"]);
const SKIPPED_AT_ROOT = new Set(["dist", "coverage", ".stryker-tmp", "reports"]);
const URL = /[^:/?#]:\/\/[^?#]/u;
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/u;

/** Every code file under `root` (skipped folders left out), sorted. */
export function codeFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const skipped = SKIPPED.has(entry.name) || (dir === root && SKIPPED_AT_ROOT.has(entry.name));
      if (skipped) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (CODE.test(entry.name)) found.push(file);
    }
  };
  walk(root);
  return found.sort();
}

function lineLength(line: string): number {
  // Each tab widens the line to the next tab stop, its offset counted in UTF-16 units.
  let extra = 0;
  for (let offset = line.indexOf("\t"); offset >= 0; offset = line.indexOf("\t", offset + 1)) {
    extra += 4 - ((offset + extra) % 4) - 1;
  }
  return Array.from(line).length + extra;
}

/** The 0-based lines on which a string, template literal or regular expression of `source` lies. */
function literalLines(file: string, source: string): Set<number> {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const lines = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      for (let line = first; line <= last; line += 1) lines.add(line);
      return;
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
  return lines;
}

/** A line over the limit: its file, its 1-based number and its length. */
export interface LongLine {
  file: string;
  line: number;
  length: number;
}

/** The too-long lines of `files`, in file order. */
export function longLines(files: readonly string[]): LongLine[] {
  const found: LongLine[] = [];
  for (const file of files) {
    // A byte-order mark is not a character of the first line.
    const source = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    const lines = source.split(LINE_BREAK);
    const long = lines.flatMap((line, index) => (lineLength(line) > MAX_LINE_LENGTH && !URL.test(line) ? [index] : []));
    if (long.length === 0) continue;
    // Only a file with a long line is parsed: most have none.
    const exempt = literalLines(file, source);
    for (const index of long) {
      if (!exempt.has(index)) found.push({ file, line: index + 1, length: lineLength(lines[index] ?? "") });
    }
  }
  return found;
}

/** Runs the check on the project (`root`): prints what it found; returns the exit status. */
export function longLinesCheck(root = "."): number {
  const files = codeFiles(path.resolve(root));
  const found = longLines(files);
  for (const { file, line, length } of found) {
    console.error(`${path.relative(process.cwd(), file)}:${line}: ${length} characters (at most ${MAX_LINE_LENGTH})`);
  }
  console.log(`line length: ${files.length} files, ${found.length} line(s) over ${MAX_LINE_LENGTH} characters`);
  return found.length > 0 ? 1 : 0;
}

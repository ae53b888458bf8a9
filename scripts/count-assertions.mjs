#!/usr/bin/env node
/**
 * The type-assertion budget of `src/` (CONTRIBUTING "Typed seams"): counts every `x as T` and
 * `<T>x` (`as const` excluded, it asserts nothing), the `as unknown as` double casts among them
 * and the `as never` ones, prints them per folder, and fails when a count is above its ceiling.
 * The other ways of silencing the checker are held to their own ceilings, so that an assertion is
 * never traded for one of them: non-null assertions (`x!`) and `@ts-ignore` / `@ts-expect-error` /
 * `@ts-nocheck` comments.
 * A new seam is declared (src/setup/fvtt-config.ts), guarded (`instanceof`, `in`, a type predicate)
 * or built with a typed helper instead; the few assertions left say beside them why they stay.
 * Lower a ceiling whenever the count goes down, so that it never creeps back up.
 * It also fails when an `as unknown as` has no `//` comment on its line (from the expression's start
 * to its `as unknown`) or on the line just above, saying why the double assertion must stay.
 *
 * Usage: node scripts/count-assertions.mjs [--list] [dir]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The ceilings: the counts of today, lowered as assertions are taken out. */
const CEILING = { total: 32, asUnknownAs: 4, asNever: 4, nonNull: 67, tsDirectives: 0 };

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return file.endsWith(".ts") ? [file] : [];
  });
}

/** The lines (0-based) of `source` on which a `//` comment starts. */
function lineCommentLines(source) {
  const lines = new Set();
  const record = (ranges) => {
    for (const range of ranges ?? []) {
      if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia) {
        lines.add(source.getLineAndCharacterOfPosition(range.pos).line);
      }
    }
  };
  // Every comment is trivia before a node or after one, up to the end of its line.
  const visit = (node) => {
    record(ts.getLeadingCommentRanges(source.text, node.pos));
    record(ts.getTrailingCommentRanges(source.text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  record(ts.getLeadingCommentRanges(source.text, source.endOfFileToken.pos));
  return lines;
}

/**
 * Counts the assertions of the `.ts` files under `root` against the ceilings: what the command
 * prints (`stdout`, `stderr`) and its exit status. `list` adds every assertion by file and line.
 */
export function assertionBudget(root = "src", { list = false } = {}) {
  const counts = { total: 0, asUnknownAs: 0, asNever: 0, nonNull: 0, tsDirectives: 0 };
  const perFolder = new Map();
  const found = [];
  /** The `as unknown as` with no `//` comment on their line or the line above, as `file:line`. */
  const unexplained = [];
  for (const file of sourceFiles(root)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    counts.tsDirectives += (source.text.match(/@ts-(ignore|expect-error|nocheck)\b/g) ?? []).length;
    const commented = lineCommentLines(source);
    const visit = (node) => {
      if (ts.isNonNullExpression(node)) counts.nonNull++;
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type.getText(source);
        if (type !== "const") {
          counts.total++;
          const inner = node.expression;
          if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) {
            counts.asUnknownAs++;
            const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
            const last = source.getLineAndCharacterOfPosition(inner.type.getEnd()).line;
            let explained = commented.has(first - 1);
            for (let line = first; line <= last && !explained; line++) explained = commented.has(line);
            if (!explained) unexplained.push(`${file}:${first + 1}`);
          }
          if (node.type.kind === ts.SyntaxKind.NeverKeyword) counts.asNever++;
          const folder = path.dirname(file).split(path.sep).slice(0, 2).join("/");
          perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 140)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const out = [];
  const err = [];
  if (list) out.push(...found);
  const folders = [...perFolder].sort((a, b) => b[1] - a[1]).map(([folder, n]) => `${n} ${folder}`);
  out.push(
    `Type assertions in ${root}: ${counts.total} (ceiling ${CEILING.total}), as unknown as: ${counts.asUnknownAs} (ceiling ${CEILING.asUnknownAs}), as never: ${counts.asNever} (ceiling ${CEILING.asNever}); non-null assertions: ${counts.nonNull} (ceiling ${CEILING.nonNull}), @ts- directives: ${counts.tsDirectives} (ceiling ${CEILING.tsDirectives})`,
  );
  out.push(folders.join("\n"));
  const over = Object.keys(CEILING).filter((key) => counts[key] > CEILING[key]);
  if (over.length) {
    err.push(
      `Over the ceiling: ${over.map((k) => `${k} ${counts[k]} > ${CEILING[k]}`).join(", ")}. Declare, guard or type the seam instead of asserting (scripts/count-assertions.mjs).`,
    );
  }
  if (unexplained.length) {
    err.push(
      `An \`as unknown as\` without a // comment on its line or the line above, saying why it must stay:\n${unexplained.join("\n")}`,
    );
  }
  return {
    status: over.length || unexplained.length ? 1 : 0,
    stdout: out.map((line) => `${line}\n`).join(""),
    stderr: err.map((line) => `${line}\n`).join(""),
  };
}

// Run as a command (argv[1] through any symlink, as import.meta.url has it), not when imported.
if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const result = assertionBudget(args.find((a) => !a.startsWith("--")) ?? "src", { list: args.includes("--list") });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.status;
}

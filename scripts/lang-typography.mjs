#!/usr/bin/env node
/**
 * `npm run lang:typography`: puts French typography into lang/fr.json, line by line, without
 * reordering or reformatting the file (so concurrent edits to the language files merge):
 * - U+202F (narrow no-break space) before `;`, `!` and `?`;
 * - U+00A0 (no-break space) before `:` and `%`, after `«` and before `»`.
 * Only a space (or the other no-break space) already in front of the sign is replaced: a sign
 * with no space before it is left for test/unit/lang-typography.test.ts to report, since it may
 * be a URL or a placeholder rather than prose. `--check` only lists the lines it would change.
 */
import fs from "node:fs";

const FILE = "lang/fr.json";
const check = process.argv.includes("--check");

/** The French typography of one translated text. */
export function frenchTypography(text) {
  return text
    .replace(/[ \u00a0\u202f]+([;!?])/g, "\u202f$1")
    .replace(/[ \u00a0\u202f]+([:%»])/g, "\u00a0$1")
    .replace(/«[ \u00a0\u202f]+/g, "«\u00a0");
}

/** A `"key": "text",` line of a language file, split so only the text is touched. */
const LINE = /^(\s*"(?:[^"\\]|\\.)*":\s*")((?:[^"\\]|\\.)*)("\s*,?\s*)$/;

const lines = fs.readFileSync(FILE, "utf8").split("\n");
const changed = [];
const out = lines.map((line, i) => {
  const m = LINE.exec(line);
  if (!m) return line;
  const fixed = `${m[1]}${frenchTypography(m[2])}${m[3]}`;
  if (fixed !== line) changed.push(i + 1);
  return fixed;
});
if (check) {
  for (const n of changed) console.log(`${FILE}:${n}: ${lines[n - 1].trim()}`);
  process.exit(changed.length ? 1 : 0);
}
fs.writeFileSync(FILE, out.join("\n"));
console.log(
  changed.length ? `${FILE}: ${changed.length} lines set in French typography` : `${FILE}: nothing to change`,
);

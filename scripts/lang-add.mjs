#!/usr/bin/env node
/**
 * Merges language keys into lang/fr.json and lang/en.json in one quick read-merge-write, so that
 * several people can add keys without overwriting each other's edits.
 *
 *   node scripts/lang-add.mjs fragment.json [--force]
 *
 * fragment.json: { "fr": { "TACTICA": { ... } }, "en": { "TACTICA": { ... } } } — both languages,
 * same keys. An existing key with a different text is refused unless --force.
 */
import fs from "node:fs";

const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/lang-add.mjs fragment.json [--force]");
  process.exit(2);
}
const fragment = JSON.parse(fs.readFileSync(file, "utf8"));
const flat = (o, p = "") =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flat(v, `${p}${k}.`) : [`${p}${k}`]));
const frKeys = flat(fragment.fr ?? {}).sort();
const enKeys = flat(fragment.en ?? {}).sort();
if (JSON.stringify(frKeys) !== JSON.stringify(enKeys)) {
  const only = (a, b) => a.filter((k) => !b.includes(k));
  console.error(
    `fr and en differ: only fr ${only(frKeys, enKeys).join(", ")}; only en ${only(enKeys, frKeys).join(", ")}`,
  );
  process.exit(1);
}

const conflicts = [];
function merge(target, source, path) {
  for (const [k, v] of Object.entries(source)) {
    const here = path ? `${path}.${k}` : k;
    if (v && typeof v === "object") {
      if (target[k] !== undefined && (typeof target[k] !== "object" || target[k] === null)) conflicts.push(here);
      else merge((target[k] ??= {}), v, here);
    } else if (target[k] !== undefined && target[k] !== v && flag !== "--force") conflicts.push(here);
    else target[k] = v;
  }
}

for (const lang of ["fr", "en"]) {
  const path = `lang/${lang}.json`;
  const current = JSON.parse(fs.readFileSync(path, "utf8"));
  merge(current, fragment[lang], "");
  if (conflicts.length) {
    console.error(`refused (${lang}): these keys already exist with another text or shape: ${conflicts.join(", ")}`);
    process.exit(1);
  }
  fs.writeFileSync(path, `${JSON.stringify(current, null, 2)}\n`);
}
console.log(`added ${frKeys.length} keys to lang/fr.json and lang/en.json`);

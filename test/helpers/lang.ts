/** Test helpers around the real language files. */
import fs from "node:fs";
import path from "node:path";

export type Translations = Record<string, unknown>;

const loaded = new Map<string, Translations>();

/** Freezes `value` and everything in it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The language file `lang/<lang>.json`, read once per vitest worker and frozen: every fake world
 * and template harness reads it, and none may change it (a write throws).
 */
export function loadLang(lang: "fr" | "en"): Translations {
  let translations = loaded.get(lang);
  if (translations === undefined) {
    const text = fs.readFileSync(path.join(process.cwd(), "lang", `${lang}.json`), "utf8");
    translations = deepFreeze(JSON.parse(text) as Translations);
    loaded.set(lang, translations);
  }
  return translations;
}

/** Every leaf key of a nested translation object, dotted (`TACTICA.Profile.mou.label`). */
export function flattenKeys(obj: Translations, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === "object" ? flattenKeys(v as Translations, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Every string value found anywhere in a nested object, with its path. */
export function collectStrings(value: unknown, pathSoFar = ""): { path: string; value: string }[] {
  if (typeof value === "string") return [{ path: pathSoFar, value }];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => collectStrings(v, pathSoFar ? `${pathSoFar}.${k}` : k));
}

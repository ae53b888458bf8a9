/** Test helpers around the real language files. */
import fs from "node:fs";
import path from "node:path";

export type Translations = Record<string, unknown>;

export function loadLang(lang: "fr" | "en"): Translations {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), "lang", `${lang}.json`), "utf8")) as Translations;
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

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

/** The text of a language value as a reader sees it: tags dropped, no-break spaces as spaces. */
function plainValue(value: string): string {
  return value.replace(/<[^>]*>/g, " ").replace(/[\u00a0\u202f]/g, " ");
}

/**
 * The runs of words of a language value, cut at its placeholders and punctuation: "Action différée
 * ({name}) : elle se résout." gives "Action différée" and "elle se résout". A run counts only with
 * a word of four letters or more (shorter runs — "de", "PV", "dé" — are too common across
 * languages to tell one from the other).
 */
function wordRuns(value: string): string[] {
  return plainValue(value)
    .split(/\{\w+\}|[^\p{L}\p{N}'’\- ]+/u)
    .map((run) => run.trim().replace(/^[-'’ ]+|[-'’ ]+$/g, ""))
    .filter((run) => /\p{L}{4,}/u.test(run));
}

/** `run` as a whole-word pattern (no letter glued before or after it). */
function wordPattern(run: string): RegExp {
  const escaped = run.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "u");
}

/** A run of words of the other language, as the language check looks for it. */
export class ForeignRun {
  #pattern: RegExp | undefined;
  /** its first word, which a text must contain for the pattern to match (a cheap test first) */
  readonly word: string;
  constructor(readonly run: string) {
    this.word = run.split(" ")[0]!;
  }
  /** the run as a whole-word pattern, compiled when first needed (most never are) */
  get pattern(): RegExp {
    return (this.#pattern ??= wordPattern(this.run));
  }
  /** Whether `text` holds the run as whole words. */
  in(text: string): boolean {
    return text.includes(this.word) && this.pattern.test(text);
  }
}

/** The runs found in `text`. */
function found(runs: readonly ForeignRun[], text: string): ForeignRun[] {
  return runs.filter((r) => r.in(text));
}

const foreignRuns = new Map<string, readonly ForeignRun[]>();

/**
 * What the language check looks for in a text rendered in `lang`: each run of words of the OTHER
 * language's file whose value differs from `lang`'s under the same key, and which no value of
 * `lang`'s own file uses (a term both languages share — "Score", "MOU", "renfort" — is no sign of
 * the other language), nor is one of `kept`. Computed once per worker for each `lang` and `kept`
 * (the language files are read once and frozen).
 */
export function otherLanguageRuns(lang: "fr" | "en", kept: readonly string[] = []): readonly ForeignRun[] {
  const key = [lang, ...kept].join("\u0000");
  let runs = foreignRuns.get(key);
  if (runs === undefined) {
    const other = lang === "fr" ? "en" : "fr";
    const own = new Map(collectStrings(loadLang(lang)).map((s) => [s.path, s.value]));
    const ownText = plainValue([...own.values()].join("\n"));
    const keptPatterns = kept.map(wordPattern);
    const all = new Set<string>();
    for (const { path: at, value } of collectStrings(loadLang(other))) {
      if (own.get(at) === value) continue;
      for (const run of wordRuns(value)) all.add(run);
    }
    const candidates = [...all].map((run) => new ForeignRun(run));
    const shared = new Set(found(candidates, ownText));
    runs = Object.freeze(candidates.filter((c) => !shared.has(c) && !keptPatterns.some((k) => k.test(c.run))));
    foreignRuns.set(key, runs);
  }
  return runs;
}

/** The runs of the other language (from {@link otherLanguageRuns}) that `text`, rendered in `lang`, holds. */
export function otherLanguageIn(lang: "fr" | "en", text: string, kept: readonly string[] = []): string[] {
  return found(otherLanguageRuns(lang, kept), text).map(({ run }) => run);
}

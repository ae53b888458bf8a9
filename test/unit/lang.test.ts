import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collectStrings, flattenKeys, loadLang, otherLanguageIn } from "../helpers/lang";

const fr = new Set(flattenKeys(loadLang("fr")));
const en = new Set(flattenKeys(loadLang("en")));

function sourceFiles(dir: string, exts: string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("language files", () => {
  it("have exactly the same keys in fr.json and en.json", () => {
    expect([...fr].filter((k) => !en.has(k))).toEqual([]);
    expect([...en].filter((k) => !fr.has(k))).toEqual([]);
  });

  it("give each key the same {placeholders} in both languages", () => {
    const frTexts = new Map(collectStrings(loadLang("fr")).map((s) => [s.path, s.value]));
    const placeholders = (text: string) => [...new Set(text.match(/\{[A-Za-z0-9_]+\}/g) ?? [])].sort().join(" ");
    const differ = collectStrings(loadLang("en"))
      .filter(({ path: key, value }) => frTexts.has(key) && placeholders(value) !== placeholders(frTexts.get(key)!))
      .map(({ path: key, value }) => `${key}: fr "${placeholders(frTexts.get(key)!)}", en "${placeholders(value)}"`);
    expect(differ).toEqual([]);
  });

  it("write each plural as a one/other pair with the {count} in both forms (src/utils/plural.ts)", () => {
    for (const lang of ["fr", "en"] as const) {
      const bad: string[] = [];
      const walk = (node: Record<string, unknown>, at: string) => {
        const keys = Object.keys(node);
        if (keys.includes("one") || keys.includes("other")) {
          if (keys.sort().join() !== "one,other") bad.push(`${at}: forms ${keys.join(", ")}`);
          for (const form of ["one", "other"])
            if (!String(node[form]).includes("{count}")) bad.push(`${at}.${form}: no {count}`);
          return;
        }
        for (const [k, v] of Object.entries(node))
          if (v && typeof v === "object") walk(v as Record<string, unknown>, `${at}.${k}`);
      };
      walk(loadLang(lang), lang);
      expect(bad, lang).toEqual([]);
    }
  });

  it("nest every key under TACTICA or TYPES", () => {
    expect([...fr].filter((k) => !k.startsWith("TACTICA.") && !k.startsWith("TYPES."))).toEqual([]);
  });

  it("have no empty string", () => {
    for (const lang of ["fr", "en"] as const) {
      const empty = flattenKeys(loadLang(lang)).filter((k) => {
        const value = k
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], loadLang(lang));
        return typeof value === "string" && value.trim() === "";
      });
      expect(empty, lang).toEqual([]);
    }
  });

  it("contain every literal TACTICA.* key used in code and templates", () => {
    const files = [...sourceFiles("src", [".ts"]), ...sourceFiles("templates", [".hbs"])];
    const missing: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      // A literal key is a full dotted path not followed by `${` or a trailing dot (built keys are
      // checked where they are built, e.g. CONFIG.TACTICA labels in the entry test).
      for (const m of text.matchAll(
        /(tacticaPlural |pluralKey\(|pluralNote\(|formatPlural\([^,]+, )?["'`](TACTICA\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g,
      )) {
        // A plural base (`{{tacticaPlural "X" count=n}}`, `pluralKey("X", n)`) names its two forms.
        const keys = m[1] ? [`${m[2]!}.one`, `${m[2]!}.other`] : [m[2]!];
        for (const key of keys) if (!fr.has(key) || !en.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the language check of rendered samples (test/helpers/lang.ts otherLanguageRuns)", () => {
  const found = otherLanguageIn;

  it("finds the other language's product text, in runs of words cut at placeholders and punctuation", () => {
    // ux m6: the French threshold sample in the English guide's picture.
    expect(found("en", "Threshold crossed 2 combattants concernés Ana brûle : −2 PV (reste 8)")).toEqual(
      expect.arrayContaining(["combattants concernés", "brûle", "reste"]),
    );
    expect(found("en", "Action différée de Kara : elle se résout.")).toEqual(
      expect.arrayContaining(["Action différée", "elle se résout"]),
    );
    expect(found("fr", "Passage de seuil — Threshold crossed")).toContain("Threshold crossed");
  });

  it("accepts what both files share, words inside other words, and user text", () => {
    // Terms both languages use (MOU, Score, renfort, PV) and names are no sign of the other language.
    expect(found("en", "Score 6 · MOU 4 · force field restored (renfort: 4) · PV −2 · Fusil <laser>")).toEqual([]);
    expect(found("fr", "Score 6 · MOU 4 · champ de force rétabli (renfort : 4)")).toEqual([]);
    // A run matches whole words only: "Tour" is not found in "Tournament".
    expect(found("en", "Tournament")).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flattenKeys, loadLang } from "../helpers/lang";

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

  it("nest every key under TACTICA or TYPES", () => {
    expect([...fr].filter((k) => !k.startsWith("TACTICA.") && !k.startsWith("TYPES."))).toEqual([]);
  });

  it("have no empty string", () => {
    for (const lang of ["fr", "en"] as const) {
      const empty = flattenKeys(loadLang(lang)).filter((k) => {
        const value = k.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], loadLang(lang));
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
      for (const m of text.matchAll(/["'`](TACTICA\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g)) {
        const key = m[1]!;
        if (!fr.has(key) || !en.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

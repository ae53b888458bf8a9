import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Where things live (docs/architecture.md): every hook listener in src/hooks/ (the contract
// suites, test code shipped for Quench, listen while they run), every notification through
// src/utils/notify.ts (the contract suites check core's own), one record guard (src/rules/records.ts),
// every setting read through its accessor (src/config/settings.ts), and no file left at the root of
// src/ but the entry.

/** Every `.ts` file under src/, relative to it, with its text. */
function sources(dir = "src"): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return file.endsWith(".ts") ? [{ file: path.relative("src", file), text: fs.readFileSync(file, "utf8") }] : [];
  });
}

/** The files whose code (comments left out) matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources()
    .filter(({ text }) => pattern.test(text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")))
    .map(({ file }) => file.split(path.sep).join("/"))
    .sort();
}

describe("where things live in src/", () => {
  it("registers hook listeners only in src/hooks/ and the contract suites", () => {
    const outside = filesMatching(/\bHooks\s*\.\s*(on|once)\s*\(/).filter(
      (file) => !file.startsWith("hooks/") && !file.startsWith("contract/"),
    );
    expect(outside).toEqual([]);
    expect(
      filesMatching(/\bHooks\s*\.\s*(on|once)\s*\(/).filter((file) => file.startsWith("hooks/")).length,
    ).toBeGreaterThan(5);
  });

  it("shows notifications only through src/utils/notify.ts (the contract suites call core's own to check it)", () => {
    const outside = filesMatching(/\bui\s*\.\s*notifications\b/).filter((file) => !file.startsWith("contract/"));
    expect(outside).toEqual(["utils/notify.ts"]);
  });

  it("guards records with the one isRecord of src/rules/records.ts (no local copy of the predicate)", () => {
    expect(filesMatching(/value is Record<string, unknown>/)).toEqual(["rules/records.ts"]);
  });

  it("reads Tactica's settings only through the accessors of src/config/settings.ts (core's own: the v13/v14 seam)", () => {
    expect(filesMatching(/\bgame\s*\.\s*settings\b/)).toEqual([
      "compat/message-mode.ts",
      "config/settings.ts",
      "contract/message-modes.ts",
    ]);
    expect(filesMatching(/settings\??\.get\(\s*(SYSTEM_ID|"tactica")/)).toEqual(["config/settings.ts"]);
  });

  it("keeps only the entry at the root of src/", () => {
    expect(fs.readdirSync("src").filter((name) => name.endsWith(".ts"))).toEqual(["tactica.ts"]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every icon the system draws must render without Foundry's Font Awesome Pro, on both
// generations: a Font Awesome class must exist in Font Awesome 6.7.2 Free (v13's generation; the
// npm package's all.css, whose solid font the browser checks load) AND in Font Awesome 7 Free
// (Foundry v14 ships Font Awesome 7.2.0: the `fontawesome-free-v7` alias), and any other icon is an
// SVG shipped with the system (`tactica-icon--<name>` → assets/icons/<name>.svg, drawn by
// styles/icons.css). The screenshots keep FA 6 only: docs/rules-decisions.md, "Font Awesome 7 on v14".

const ROOT = process.cwd();
/** The Font Awesome Free sets the icons must exist in, by the Foundry generation that ships that major version. */
const SETS = {
  "Font Awesome 6 (v13)": path.join(ROOT, "node_modules", "@fortawesome", "fontawesome-free"),
  "Font Awesome 7 (v14)": path.join(ROOT, "node_modules", "fontawesome-free-v7"),
} as const;
const FA = SETS["Font Awesome 6 (v13)"];

/**
 * Font Awesome classes still used in files another change is rewriting (the sheets), with the
 * files. An entry here is not allowed to hide a new use elsewhere, and it must go as soon as the
 * file stops using the class (the last test below fails until it is removed).
 * fa-dice-d10 is Pro only: use `tactica-icon tactica-icon--dice-d10` instead.
 */
const PENDING: Record<string, string[]> = {};

function filesUnder(dir: string, exts: string[]): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Every `fa-…` and `tactica-icon--…` class named in templates/, src/ and styles/, with its files. */
function usedClasses(prefix: RegExp): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const files = [
    ...filesUnder("templates", [".hbs"]),
    ...filesUnder("src", [".ts"]),
    ...filesUnder("styles", [".css"]),
  ];
  for (const file of files) {
    for (const m of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(prefix)) {
      const name = m[1]!;
      if (!used.has(name)) used.set(name, new Set());
      used.get(name)!.add(file);
    }
  }
  return used;
}

/** The classes a Font Awesome Free set defines: icons (with a `--fa` glyph) and utilities (fa-solid, fa-fw…). */
function freeClasses(dir: string = FA): { icons: Set<string>; all: Set<string> } {
  const css = fs.readFileSync(path.join(dir, "css", "all.css"), "utf8");
  const icons = new Set<string>();
  const all = new Set<string>();
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    for (const [, name] of selectors!.matchAll(/\.(fa-[a-z0-9-]+)(?![a-z0-9-])/g)) {
      all.add(name!);
      if (/--fa\s*:/.test(body!)) icons.add(name!);
    }
  }
  return { icons, all };
}

const FA_CLASS = /(?<![\w-])(fa-[a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-])/g;
const OWN_ICON = /(?<![\w-])tactica-icon--([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w-])/g;

describe("icons", () => {
  const free = freeClasses();
  const used = usedClasses(FA_CLASS);

  it("reads Font Awesome Free's stylesheet (a sanity check of the parser)", () => {
    expect(free.icons.has("fa-dice-d6")).toBe(true);
    expect(free.icons.has("fa-dice-d20")).toBe(true);
    expect(free.icons.has("fa-dice-d10")).toBe(false);
    expect(free.all.has("fa-solid")).toBe(true);
    expect(free.icons.has("fa-solid")).toBe(false);
  });

  it("every Font Awesome class used exists in Font Awesome Free (Pro-only icons render as empty squares)", () => {
    const missing = [...used]
      .flatMap(([name, files]) =>
        [...files]
          .filter((f) => !free.all.has(name) && !(PENDING[name] ?? []).includes(f))
          .map((f) => `${name} in ${f}`),
      )
      .sort();
    expect(missing).toEqual([]);
  });

  it("every Font Awesome icon used has a glyph in the Free solid, regular or brands set", () => {
    const glyphless = [...used.keys()]
      .filter((name) => free.icons.has(name))
      .filter(
        (name) =>
          !["solid", "regular", "brands"].some((set) =>
            fs.existsSync(path.join(FA, "svgs", set, `${name.slice(3)}.svg`)),
          ),
      );
    expect(glyphless).toEqual([]);
  });

  it.each(Object.entries(SETS))(
    "%s: every Font Awesome class used exists, and each icon has a solid, regular or brands glyph",
    (name, dir) => {
      expect(JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version, name).toMatch(
        name.includes("7") ? /^7\./ : /^6\./,
      );
      const set = freeClasses(dir);
      // The parser reads this set (a sanity check: its solid style and a known icon).
      expect([set.all.has("fa-solid"), set.icons.has("fa-dice-d6")]).toEqual([true, true]);
      const missing = [...used.keys()].filter((c) => !set.all.has(c) && !PENDING[c]);
      expect(missing).toEqual([]);
      const glyphless = [...used.keys()]
        .filter((c) => set.icons.has(c))
        .filter(
          (c) =>
            !["solid", "regular", "brands"].some((s) => fs.existsSync(path.join(dir, "svgs", s, `${c.slice(3)}.svg`))),
        );
      expect(glyphless).toEqual([]);
    },
  );

  it("no fa-fw: Font Awesome 7 draws every icon fixed-width by default, what fa-fw did (docsy#2314; 7.2.0 keeps it only as an alias)", () => {
    expect(used.has("fa-fw")).toBe(false);
  });

  it("every own icon class is an SVG shipped in assets/icons/ and drawn by styles/icons.css", () => {
    const css = fs.readFileSync(path.join(ROOT, "styles", "icons.css"), "utf8");
    const own = [...usedClasses(OWN_ICON).keys()];
    expect(own).toContain("dice-d10");
    for (const name of own) {
      const svg = path.join(ROOT, "assets", "icons", `${name}.svg`);
      expect(fs.existsSync(svg), svg).toBe(true);
      expect(fs.readFileSync(svg, "utf8"), svg).toMatch(
        /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox=/,
      );
      expect(css, name).toMatch(
        new RegExp(`\\.tactica-icon--${name}\\s*\\{[^}]*mask-image:\\s*url\\("\\.\\./assets/icons/${name}\\.svg"\\)`),
      );
    }
  });

  it("the pending list holds only classes that are still used, in those files, and missing from Free", () => {
    for (const [name, files] of Object.entries(PENDING)) {
      expect(free.all.has(name), name).toBe(false);
      expect([...(used.get(name) ?? [])].sort(), name).toEqual([...files].sort());
    }
  });
});

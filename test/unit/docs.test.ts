import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DOC_IMAGES,
  DOC_IMAGE_DIR,
  DOC_LANGS,
  docImageFile,
  docImageSource,
  type DocImage,
} from "../../scripts/docs-images";
import { galleryShots } from "../browser/gallery";

// The README and the two GM guides against what they describe: every picture and local link they
// name exists, docs/images/ holds exactly the gallery pictures scripts/docs-images.ts copies (so
// each can be taken again), the French guide shows French pictures and the English ones English
// pictures, and every world setting registered in src/ is explained in both guides under the name
// the settings window shows in that language.

const DOCS = { readme: "README.md", fr: "docs/guide-mj.md", en: "docs/gm-guide.md" } as const;
const read = (file: string) => fs.readFileSync(file, "utf8");

/** Local targets of Markdown links and images (`[..](x)`, `![..](x)`, `<img src="x">`), anchors dropped. */
function localTargets(markdown: string): { target: string; image: boolean }[] {
  const out: { target: string; image: boolean }[] = [];
  for (const m of markdown.matchAll(/(!?)\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
    out.push({ target: m[2]!, image: m[1] === "!" });
  for (const m of markdown.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)) out.push({ target: m[1]!, image: true });
  return out
    .filter(({ target }) => !/^[a-z]+:/i.test(target) && !target.startsWith("#"))
    .map(({ target, image }) => ({ target: decodeURI(target.split("#")[0]!), image }));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters of any script kept), spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors of a Markdown file's headings. */
const anchorsIn = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!)));

/** Text outside code spans and fences (where French typography applies). */
const prose = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");

/** The flattened language file: "TACTICA.Settings.nat10.name" → its text. */
function langFile(lang: "fr" | "en"): Map<string, string> {
  const flat = new Map<string, string>();
  const walk = (o: unknown, prefix: string) => {
    if (typeof o === "string") flat.set(prefix, o);
    else for (const [k, v] of Object.entries(o as Record<string, unknown>)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(JSON.parse(read(`lang/${lang}.json`)), "");
  return flat;
}

interface Registered {
  key: string;
  name?: string;
  config?: boolean;
}

/** Every .ts file under `dir`. */
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
    );

/**
 * Every setting src/ registers: `registerSettings()` run against a recording `game.settings`, and
 * any key a `settings.register(…, "key"` call elsewhere in src/ names (it must be among them).
 */
async function registeredSettings(): Promise<Registered[]> {
  const seen: Registered[] = [];
  const g = globalThis as { game?: unknown };
  // As v14 (the generation that shows every setting: `keepEndedPressure` is shown there only).
  g.game = {
    release: { generation: 14 },
    settings: {
      register: (namespace: string, key: string, data: Omit<Registered, "key">) =>
        namespace === "tactica" && seen.push({ key, ...data }),
    },
  };
  const { registerSettings } = await import("../../src/config/settings");
  registerSettings();
  const literal = sources("src").flatMap((file) =>
    [...read(file).matchAll(/settings!?\.register\(\s*(?:SYSTEM_ID|"tactica")\s*,\s*"([^"]+)"/g)].map((m) => m[1]!),
  );
  expect(literal.length).toBeGreaterThan(0);
  for (const key of literal)
    expect(
      seen.map((s) => s.key),
      `${key} registered outside registerSettings()`,
    ).toContain(key);
  return seen;
}

describe("the README and the GM guides", () => {
  afterEach(() => {
    delete (globalThis as { game?: unknown }).game;
  });

  it.each(Object.values(DOCS))("%s: every picture and local link it names exists", (file) => {
    const targets = localTargets(read(file));
    expect(targets.length).toBeGreaterThan(0);
    const missing = targets
      .filter(({ target }) => !fs.existsSync(path.join(path.dirname(file), target)))
      .map(({ target }) => target);
    expect(missing).toEqual([]);
  });

  it.each(Object.values(DOCS))(
    "%s: every #anchor it links, in itself or in another doc, is a heading there",
    (file) => {
      const markdown = read(file);
      const links = [...markdown.matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)].filter((m) => !/^[a-z]+:/i.test(m[1]!));
      expect(links.length).toBeGreaterThan(0);
      const broken = links
        .filter(
          ([, target, anchor]) =>
            !anchorsIn(target ? read(path.join(path.dirname(file), target!)) : markdown).has(
              decodeURIComponent(anchor!),
            ),
        )
        .map(([link]) => link);
      expect(broken).toEqual([]);
    },
  );

  it("the French guide follows French typography (no plain space before : ; ! ? % or inside « »)", () => {
    const text = prose(read(DOCS.fr));
    const bad = [...text.matchAll(/.{0,20}(?: [:;!?%»]|« ).{0,10}/g)].map((m) => m[0]);
    expect(bad).toEqual([]);
    // and the spaces are there: a colon after a word takes a no-break space
    expect(text).toContain("\u00a0:");
    expect(text).toContain("\u202f;");
  });

  it("each guide shows the pictures of its own language, and the README the English ones", () => {
    const images = (file: string) =>
      localTargets(read(file))
        .filter((t) => t.image)
        .map((t) => path.basename(t.target));
    for (const [file, lang] of [
      [DOCS.fr, "fr"],
      [DOCS.en, "en"],
      [DOCS.readme, "en"],
    ] as const) {
      const shown = images(file);
      expect(shown.length, file).toBeGreaterThanOrEqual(file === DOCS.readme ? 2 : 8);
      for (const image of shown) expect(image, file).toMatch(new RegExp(`^${lang}-`));
    }
    // The README shows the sheet and a card.
    expect(images(DOCS.readme)).toEqual(
      expect.arrayContaining([docImageFile("sheet-aptitudes", "en"), docImageFile("attack-card", "en")]),
    );
  });

  it("docs/images/ holds exactly the doc pictures, each a light-theme PNG of the gallery, each shown by a doc", () => {
    const expected = DOC_LANGS.flatMap((lang) =>
      (Object.keys(DOC_IMAGES) as DocImage[]).map((name) => docImageFile(name, lang)),
    );
    expect(fs.readdirSync(DOC_IMAGE_DIR).sort()).toEqual([...expected].sort());
    const shots = new Set(galleryShots());
    for (const lang of DOC_LANGS)
      for (const name of Object.keys(DOC_IMAGES) as DocImage[])
        expect(shots.has(docImageSource(name, lang)), name).toBe(true);
    const shown = new Set(
      Object.values(DOCS).flatMap((file) =>
        localTargets(read(file))
          .filter((t) => t.image)
          .map((t) => path.basename(t.target)),
      ),
    );
    expect(expected.filter((f) => !shown.has(f))).toEqual([]);
    // Real PNGs, and small: the pictures ship with the repository.
    let total = 0;
    for (const f of expected) {
      const bytes = fs.readFileSync(path.join(DOC_IMAGE_DIR, f));
      expect(bytes.subarray(1, 4).toString("latin1"), f).toBe("PNG");
      total += bytes.length;
    }
    expect(total).toBeLessThan(3 * 1024 * 1024);
  });

  it("every setting registered in src/ is explained in both guides, under the name the settings window shows", async () => {
    const settings = await registeredSettings();
    // The five rule modules, the five optional rules and the clock settings, keeping ended
    // pressure bonuses (v14), and the hidden schema version.
    expect(settings.length).toBe(13);
    for (const [lang, file] of [
      ["fr", DOCS.fr],
      ["en", DOCS.en],
    ] as const) {
      const guide = read(file);
      const texts = langFile(lang);
      for (const s of settings) {
        expect(guide, `${file}: ${s.key}`).toContain(`\`${s.key}\``);
        if (s.config === false) continue;
        const name = texts.get(s.name!);
        expect(name, s.name).toBeTruthy();
        expect(guide, `${file}: ${name}`).toContain(name!);
      }
    }
  });
});

// What the repository cites must ship with it or be public: a path into the machine the project
// was written on (the work directory, or the shared folder beside the checkout) means nothing
// to a user or to CI. Core behaviour is cited from docs/foundry-behaviour.md or a public page.
describe("citations stay inside the repository", () => {
  /** The forbidden prefixes, built so this file does not contain them itself. */
  const FORBIDDEN = [["", "work", ""].join("/"), ["..", "shared", ""].join("/")];
  const ROOTS = ["src", "test", "scripts", "docs", "README.md", "CONTRIBUTING.md"];
  const BINARY = /\.(png|jpe?g|webp|gif|ico|woff2?|ttf|otf|ogg|wav|mp3|zip|db)$/i;

  /** Every text file under the roots (a root may be a single file). */
  const files = (entry: string): string[] => {
    const stat = fs.statSync(entry);
    if (stat.isFile()) return BINARY.test(entry) ? [] : [entry];
    return fs.readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
  };

  /** The `file:line: text` of each line that names a forbidden prefix. */
  const offending = (file: string) =>
    read(file)
      .split("\n")
      .flatMap((line, i) => (FORBIDDEN.some((p) => line.includes(p)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

  it("finds a forbidden path when one is there (the check can fail)", () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "tactica-docs-"));
    try {
      const file = path.join(dir, "x.ts");
      fs.writeFileSync(
        file,
        `// see ${FORBIDDEN[0]}notes/x.md\n// and ${FORBIDDEN[1]}reviews/y.md\n// and docs/foundry-behaviour.md §2\n`,
      );
      expect(offending(file).map((l) => l.split(": ")[0])).toEqual([`${file}:1`, `${file}:2`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("no file in src/, test/, scripts/, docs/, README.md or CONTRIBUTING.md points outside the repository", () => {
    const all = ROOTS.flatMap(files);
    expect(all.length).toBeGreaterThan(100);
    expect(all.flatMap(offending)).toEqual([]);
  });

  it("every `docs/foundry-behaviour.md §n` cited names a section of that file", () => {
    const sections = new Set([...read("docs/foundry-behaviour.md").matchAll(/^## §(\d+)\b/gm)].map((m) => m[1]!));
    expect(sections.size).toBeGreaterThan(0);
    const cited = ROOTS.flatMap(files).flatMap((file) =>
      [...read(file).matchAll(/foundry-behaviour\.md\s+§(\d+)((?:\s*(?:[,–-]|and)\s*§?\d+)*)/g)].flatMap((m) =>
        [m[1]!, ...[...(m[2] ?? "").matchAll(/\d+/g)].map((n) => n[0])].map((n) => ({ file, n })),
      ),
    );
    for (const { file, n } of cited) expect(sections, `${file}: §${n}`).toContain(n);
  });
});

// A comment of src/ that names a file of the repository (`src/…`, `templates/…`) is a pointer a reader
// follows: it must lead somewhere. A path quoted right after another project's name (dnd5e's, pf2e's…)
// is that project's, and a glob (`templates/dialogs/*.hbs`) must match at least one file.
describe("paths quoted in the comments of src/", () => {
  /** The projects whose own paths the comments of src/ quote (read for patterns, never copied). */
  const OTHER_PROJECT = /\b(?:dnd5e|draw-steel|pf2e|socketlib|cosmere-rpg|foundryvtt|Quench)\b[^`\n]{0,12}`$/;

  /** The `src/…` and `templates/…` paths quoted in the comments of `text` (another project's left out). */
  const quotedPaths = (text: string): string[] =>
    [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*$/gm)].flatMap(({ 0: comment }) =>
      [...comment.matchAll(/(?<![\w/.-])((?:src|templates)\/[\w./*-]*[\w*])/g)]
        .filter((m) => !OTHER_PROJECT.test(comment.slice(Math.max(0, m.index - 40), m.index)))
        .map((m) => m[1]!),
    );

  /** Whether `quoted` names a file or folder of the repository (a `*` matches within one path segment). */
  const exists = (quoted: string): boolean => {
    if (!quoted.includes("*")) return fs.existsSync(quoted);
    const dir = path.dirname(quoted);
    const name = new RegExp(`^${path.basename(quoted).replace(/[.]/g, "\\.").replace(/\*/g, "[^/]*")}$`);
    return fs.existsSync(dir) && fs.readdirSync(dir).some((entry) => name.test(entry));
  };

  it("finds a dead path, and leaves another project's path alone (the check can fail)", () => {
    const text =
      "// see src/chat/keys.ts and src/rules/pool.ts\n/* dnd5e `module/x.mjs`, pf2e `src/scripts/socket.ts` */";
    expect(quotedPaths(text).filter((p) => !exists(p))).toEqual(["src/chat/keys.ts"]);
  });

  it("every src/… or templates/… path a comment of src/ quotes exists", () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const file = path.join(dir, e.name);
        return e.isDirectory() ? sources(file) : file.endsWith(".ts") ? [file] : [];
      });
    const quoted = sources("src").flatMap((file) => quotedPaths(read(file)).map((p) => ({ file, p })));
    expect(quoted.length).toBeGreaterThan(100);
    expect(quoted.filter(({ p }) => !exists(p)).map(({ file, p }) => `${file}: ${p}`)).toEqual([]);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readManifest, referencedFiles, releaseManifest, type SystemManifest } from "../../scripts/manifest";
import { countPackDocuments, readPackSources } from "../../scripts/packs";
import { moduleFiles, relativeImports } from "../../scripts/release";
import { loadLang } from "../helpers/lang";
import { fireLifecycle, installFoundryFake } from "../foundry/fake";
import { FakeRoll } from "../foundry/fake-dice";

// Checks of the built system folder. `npm test` builds dist/ first; run `npm run build` before
// running this file alone.
const dist = path.join(process.cwd(), "dist");
let manifest: SystemManifest;

beforeAll(() => {
  if (!fs.existsSync(path.join(dist, "system.json"))) throw new Error("dist/ is not built: run `npm run build` first");
  manifest = readManifest(dist);
});

describe("dist/ — the installable system folder", () => {
  it("carries the release manifest: the source manifest without development flags", () => {
    expect(manifest).toEqual(releaseManifest(readManifest(), false));
    expect(manifest.id).toBe("tactica");
    expect(manifest.compatibility).toEqual({ minimum: "13.347", verified: "14.367" });
    expect(JSON.stringify(manifest)).not.toContain("hotReload");
  });

  it("contains every file the manifest references", () => {
    const missing = referencedFiles(manifest).filter((f) => !fs.existsSync(path.join(dist, f)));
    expect(missing).toEqual([]);
  });

  it("has the same version as package.json", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string };
    expect(manifest.version).toBe(pkg.version);
  });

  it("compiles every declared pack with as many documents as its sources", async () => {
    // Opening a LevelDB writes LOCK and LOG files into its folder: read a copy, so that dist/ stays
    // exactly what the build wrote while other test files (the release zip check) list it.
    const copies = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-packs-"));
    for (const pack of manifest.packs) {
      const sources = readPackSources(path.join("packs", "_source"), pack);
      expect(sources.length, pack.name).toBeGreaterThan(0);
      const copy = path.join(copies, pack.name);
      fs.cpSync(path.join(dist, pack.path ?? `packs/${pack.name}`), copy, { recursive: true });
      const count = await countPackDocuments(copy, pack.type);
      expect(count, pack.name).toBe(sources.length);
    }
  });

  it("ships language files with the same keys as the sources", () => {
    for (const lang of manifest.languages) {
      const built = JSON.parse(fs.readFileSync(path.join(dist, lang.path), "utf8"));
      expect(built).toEqual(loadLang(lang.lang as "fr" | "en"));
    }
  });

  it("ships the manifest's module and exactly the chunks it imports, our code with its source maps", () => {
    const modules = fs
      .readdirSync(dist)
      .filter((f) => /\.(m?js)$/.test(f))
      .sort();
    expect(modules).toEqual(moduleFiles(dist, manifest));
    // The entry is one import line, and the bundler's runtime helpers (`__name`, which keeps class
    // names) have no source of ours: the two chunks that carry our code have their maps.
    for (const file of ["tactica-common.mjs", "tactica-quench.mjs"])
      expect(fs.existsSync(path.join(dist, `${file}.map`)), file).toBe(true);
  });

  it("keeps the Quench self-test out of the main load: a chunk loaded only by a dynamic import", () => {
    const code = (file: string) => fs.readFileSync(path.join(dist, file), "utf8");
    // What Foundry loads at startup: the manifest's module and its static imports, transitively.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const m of code(file).matchAll(/\b(?:from|import)\s*["'`]\.\/([^"'`]+)["'`]/g)) visit(m[1]!);
    };
    for (const file of manifest.esmodules) visit(file);
    const chunks = [...loaded].map((f) => code(f)).join("\n");
    expect(chunks).toMatch(/\bimport\(\s*["'`]\.\/tactica-quench\.mjs["'`]\s*\)/);
    expect(loaded.has("tactica-quench.mjs")).toBe(false);
    // The batches' names and the contract's fixtures are only in the self-test's chunk.
    expect(chunks).not.toContain("Tactica — compendiums");
    expect(chunks).not.toContain("[Contract]");
    expect(code("tactica-quench.mjs")).toContain("Tactica — compendiums");
    // No chunk imports the entry itself: shared code is in a chunk of its own, so its classes are
    // the same objects for the bundle and the self-test however Foundry names the entry's URL.
    for (const file of moduleFiles(dist, manifest))
      expect(relativeImports(code(file)), file).not.toContain("./tactica.mjs");
  });

  it("is minified", () => {
    const common = fs.readFileSync(path.join(dist, "tactica-common.mjs"), "utf8");
    // No comment lines and no indentation left (the source has thousands of both).
    expect(common.split("\n").length).toBeLessThan(50);
    expect(common).not.toMatch(/^\s*\/\/ src\//m);
  });

  // Loaded once, at its plain URL, as Foundry loads it: the self-test chunk imports the shared chunk
  // by its plain URL too, so both see the same classes.
  let fake: ReturnType<typeof installFoundryFake> | undefined;
  const loadBundle = async () => {
    if (fake) return fake;
    fake = installFoundryFake(loadLang("en"), "en");
    await import(/* @vite-ignore */ pathToFileURL(path.join(dist, "tactica.mjs")).href);
    fireLifecycle(fake);
    return fake;
  };

  it("loads in the Foundry fake and registers its config, settings and API on init", async () => {
    const fake = await loadBundle();
    expect(fake.CONFIG.TACTICA).toBeDefined();
    expect(fake.settings.settings.size).toBeGreaterThanOrEqual(12);
    const rules = (fake.game as { tactica?: { rules: Record<string, unknown> } }).tactica?.rules ?? {};
    expect(typeof rules.castTarget).toBe("function");
    // Saved rolls and documents are rebuilt by class name: the minified bundle must keep every name.
    const classes = Object.entries(rules).filter(([, v]) => typeof v === "function" && /^class\b/.test(String(v)));
    expect(classes.length).toBeGreaterThan(0);
    for (const [exported, cls] of classes) expect((cls as { name: string }).name).toBe(exported);
  });

  it("keeps each roll class's name, and a saved roll is rebuilt as its class by Roll.fromData", async () => {
    const fake = await loadBundle();
    const rolls = (fake.CONFIG.Dice as { rolls: (abstract new (...a: never[]) => unknown)[] }).rolls;
    const stored: Record<string, [Record<string, unknown>, string]> = {
      PressureRoll: [{ target: "tir", printedValue: 2 }, "1d6"],
      PoolRoll: [{ aptitude: "vivacite", aptitudeValue: 2, required: 1 }, "2d6[base]"],
      PsyRoll: [{ mode: "cast", level: 3, mastery: 1 }, "1d10"],
      ProfileTest: [{ characteristic: "co", value: 6 }, "1d10"],
      ScoreRoll: [{ purpose: "stun" }, "2d6 + 3"],
    };
    const ours = rolls.filter((cls) => cls.name in stored);
    expect(ours.map((cls) => cls.name).sort()).toEqual(Object.keys(stored).sort());
    for (const cls of ours) {
      const [options, formula] = stored[cls.name]!;
      // Core's Roll.fromData looks the class up by `data.class` among CONFIG.Dice.rolls.
      const rebuilt = FakeRoll.fromData({
        class: cls.name,
        options,
        dice: [],
        formula,
        terms: [],
        total: 4,
        evaluated: true,
      });
      expect(rebuilt, cls.name).toBeInstanceOf(cls);
      expect(rebuilt.constructor.name).toBe(cls.name);
    }
  });

  /** The self-test's batches, in their order (src/contract/quench.ts `QUENCH_BATCHES`). */
  const BATCH_KEYS = [
    "tactica.packs",
    "tactica.rolls",
    "tactica.pressure",
    "tactica.psy",
    "tactica.morale",
    "tactica.damage",
    "tactica.contract",
  ];

  it("loads the self-test chunk on quenchReady when Quench is active, and registers every batch once", async () => {
    const fake = await loadBundle();
    const registered: string[] = [];
    fake.game.modules = new Map([["quench", { active: true }]]);
    const quench = { registerBatch: (key: string) => registered.push(key) };
    fake.hooks.callAll("quenchReady", quench);
    fake.hooks.callAll("quenchReady", quench);
    // The chunk is a dynamic import of a file of dist/: on a loaded machine it can take over
    // vi.waitFor's default second (seen at load 20 on two cores), so the wait is bounded at 10 s.
    await vi.waitFor(() => expect(registered.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(registered).toEqual(BATCH_KEYS);
  });

  it("installs game.tactica.selfTest, whose first use loads the self-test's chunk and lists its batches", async () => {
    const fake = await loadBundle();
    const selfTest = (
      fake.game as { tactica?: { selfTest?: { keys(): Promise<string[]>; run(k: string[]): Promise<unknown> } } }
    ).tactica?.selfTest;
    expect(await selfTest?.keys()).toEqual(BATCH_KEYS);
    await expect(selfTest!.run(["tactica.nope"])).rejects.toThrow(/no such self-test batch: tactica\.nope/);
  });
});

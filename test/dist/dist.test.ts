import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { readManifest, referencedFiles, releaseManifest, type SystemManifest } from "../../scripts/manifest";
import { countPackDocuments, readPackSources } from "../../scripts/packs";
import { loadLang } from "../helpers/lang";
import { fireLifecycle, installFoundryFake } from "../foundry/fake";

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
    expect(manifest.compatibility).toEqual({ minimum: "13.347", verified: "13" });
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

  it("bundles the code into the one module the manifest names (no lazy chunk left out of a release)", () => {
    const modules = fs.readdirSync(dist).filter((f) => /\.(m?js)$/.test(f));
    expect(modules).toEqual(manifest.esmodules);
  });

  it("ships the bundle with its source map", () => {
    expect(fs.existsSync(path.join(dist, "tactica.mjs.map"))).toBe(true);
  });

  it("loads in the Foundry fake and registers its config, settings and API on init", async () => {
    const fake = installFoundryFake(loadLang("en"), "en");
    await import(/* @vite-ignore */ `${pathToFileURL(path.join(dist, "tactica.mjs")).href}?t=${Date.now()}`);
    fireLifecycle(fake);
    expect(fake.CONFIG.TACTICA).toBeDefined();
    expect(fake.settings.settings.size).toBeGreaterThanOrEqual(12);
    const rules = (fake.game as { tactica?: { rules: Record<string, unknown> } }).tactica?.rules ?? {};
    expect(typeof rules.castTarget).toBe("function");
    // Saved rolls and documents are rebuilt by class name: the bundle must keep every name.
    const classes = Object.entries(rules).filter(([, v]) => typeof v === "function" && /^class\b/.test(String(v)));
    expect(classes.length).toBeGreaterThan(0);
    for (const [exported, cls] of classes) expect((cls as { name: string }).name).toBe(exported);
    const rolls = (fake.CONFIG.Dice as { rolls: { name: string }[] }).rolls.map((r) => r.name);
    expect(rolls).toEqual(expect.arrayContaining(["PressureRoll", "PoolRoll", "PsyRoll", "ProfileTest", "ScoreRoll"]));
  });
});

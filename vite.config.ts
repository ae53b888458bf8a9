import fs from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { readManifest, releaseManifest } from "./scripts/manifest";
import { compilePacks, readPackSources, validatePackSources } from "./scripts/packs";
import { packSchemaChecks } from "./scripts/pack-checks";

const STATIC_DIRS = ["templates", "lang", "styles", "assets"];
const STATIC_FILES = ["LICENSE", "README.md", "CHANGELOG.md"];

/**
 * Copies the static parts of the system into dist/, writes the manifest (hot reload only in
 * development builds), validates the pack sources and compiles them to LevelDB.
 */
function foundrySystem(mode: string): Plugin {
  const root = process.cwd();
  const out = path.join(root, "dist");
  return {
    name: "tactica-foundry-system",
    async closeBundle() {
      for (const dir of STATIC_DIRS) {
        const src = path.join(root, dir);
        if (fs.existsSync(src)) fs.cpSync(src, path.join(out, dir), { recursive: true });
      }
      for (const file of STATIC_FILES) fs.copyFileSync(path.join(root, file), path.join(out, file));
      const manifest = releaseManifest(readManifest(root), mode === "development");
      fs.writeFileSync(path.join(out, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);

      const sourceRoot = path.join(root, "packs", "_source");
      const checks = await packSchemaChecks();
      const errors = manifest.packs.flatMap((pack) =>
        validatePackSources(pack, readPackSources(sourceRoot, pack), checks),
      );
      if (errors.length) throw new Error(`Invalid pack sources:\n  ${errors.join("\n  ")}`);
      await compilePacks(manifest.packs, sourceRoot, out);
    },
  };
}

export default defineConfig(({ mode }) => ({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // Minified for the download (issue 16); class and function names are kept (`keepNames` below).
    minify: true,
    target: "es2022",
    lib: {
      entry: "src/tactica.ts",
      formats: ["es"],
      fileName: () => "tactica.mjs",
    },
    rolldownOptions: {
      output: {
        // Roll and document classes are found again by name when saved messages are rebuilt
        // (test/dist/dist.test.ts checks the minified bundle keeps them).
        keepNames: true,
        minify: true,
        // Code loaded with a dynamic import (the Quench self-test, src/hooks/quench.ts) is a chunk of
        // its own beside the bundle, `tactica-<name>.mjs`; the release ships it (scripts/release.ts).
        chunkFileNames: "tactica-[name].mjs",
        // Everything but the self-test in ONE shared chunk, `tactica-common.mjs`, which both the
        // bundle and the self-test import: no chunk imports tactica.mjs itself, so however
        // Foundry names the entry's URL its modules run once.
        codeSplitting: { groups: [{ name: "common", test: (id: string) => !/[\\/]src[\\/]contract[\\/]/.test(id) }] },
      },
    },
  },
  plugins: [foundrySystem(mode)],
}));

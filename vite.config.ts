import { defineConfig, type Plugin } from "vite";
import { tsImport } from "tsx/esm/api";

/**
 * Copies the static parts of the system into dist/, writes the manifest, validates the pack sources
 * and compiles them (scripts/build-system.ts). That script and what it imports (the data models,
 * the test fake's data layer) are TypeScript files of the repository: they are loaded through tsx
 * when the bundle is written, so this config imports no file of its own and Vite's native config
 * loader could take it as it is (Vite warns on every build about each import it could not).
 */
function foundrySystem(mode: string): Plugin {
  return {
    name: "tactica-foundry-system",
    async closeBundle() {
      const build: typeof import("./scripts/build-system") = await tsImport(
        "./scripts/build-system.ts",
        import.meta.url,
      );
      await build.writeSystem(process.cwd(), mode);
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

/**
 * What `npm run build` adds to the bundle once Vite has written it (the `closeBundle` step of
 * vite.config.ts): the static parts of the system copied into dist/, the manifest written (hot
 * reload only in development builds), the pack sources validated against the data models and
 * compiled to LevelDB. Loaded by the config through tsx at that moment, so that the config itself
 * imports no file of the repository (Vite's native config loader takes it as it is).
 */
import fs from "node:fs";
import path from "node:path";
import { readManifest, releaseManifest } from "./manifest";
import { compilePacks, readPackSources, validatePackSources } from "./packs";
import { packSchemaChecks } from "./pack-checks";

const STATIC_DIRS = ["templates", "lang", "styles", "assets"];
const STATIC_FILES = ["LICENSE", "README.md", "CHANGELOG.md"];

/** Completes dist/ under `root` after the bundle (`mode`: Vite's, "development" for a watch build). */
export async function writeSystem(root: string, mode: string): Promise<void> {
  const out = path.join(root, "dist");
  for (const dir of STATIC_DIRS) {
    const src = path.join(root, dir);
    if (fs.existsSync(src)) fs.cpSync(src, path.join(out, dir), { recursive: true });
  }
  for (const file of STATIC_FILES) fs.copyFileSync(path.join(root, file), path.join(out, file));
  const manifest = releaseManifest(readManifest(root), mode === "development");
  fs.writeFileSync(path.join(out, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  const sourceRoot = path.join(root, "packs", "_source");
  const checks = await packSchemaChecks();
  const errors = manifest.packs.flatMap((pack) => validatePackSources(pack, readPackSources(sourceRoot, pack), checks));
  if (errors.length) throw new Error(`Invalid pack sources:\n  ${errors.join("\n  ")}`);
  await compilePacks(manifest.packs, sourceRoot, out);
}

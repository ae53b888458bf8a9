/**
 * `npm run packs:stamp`: gives `_stats` to every pack source document (and embedded document)
 * that has none — the core and system versions the content is authored for (scripts/packs.ts,
 * `packStats`). Run it after adding content; the build refuses a source without `_stats`.
 */
import path from "node:path";
import { readManifest } from "./manifest";
import { stampPackSources } from "./packs";

const manifest = readManifest();
const root = path.join(process.cwd(), "packs", "_source");
const written = manifest.packs.flatMap((pack) => stampPackSources(root, pack, manifest.id, manifest.version));
console.log(
  written.length
    ? `stamped ${written.length} files:\n  ${written.map((f) => path.relative(process.cwd(), f)).join("\n  ")}`
    : "every pack source already has _stats",
);

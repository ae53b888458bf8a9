/**
 * The layers of src/, lowest first: the one table that oxlint.config.mjs (a `no-restricted-imports`
 * zone per folder) and scripts/import-graph.ts (every import resolved, type-only ones included)
 * enforce. A folder may import its own files and the folders of the layers below its own; a
 * folder of its own layer only where `alsoImports` says so; never a folder above. What each layer
 * holds and why it sits where it does: docs/architecture.md.
 */

/** @type {readonly import("./layers.d.mts").Layer[]} */
export const LAYERS = [
  { name: "rules", folders: ["rules"] },
  { name: "utilities", folders: ["utils"] },
  { name: "compatibility", folders: ["compat"] },
  { name: "configuration", folders: ["config"] },
  { name: "data and dice", folders: ["data", "dice", "effects"] },
  { name: "places", folders: ["places"] },
  { name: "use cases", folders: ["actions", "migrations"] },
  { name: "combat", folders: ["combat"] },
  { name: "chat", folders: ["chat"] },
  { name: "documents", folders: ["documents"] },
  { name: "applications", folders: ["applications"] },
  { name: "public API", folders: ["api"] },
  { name: "integrations", folders: ["integrations"] },
  { name: "contract", folders: ["contract"] },
  // The entry: src/tactica.ts (a file at the root of src/, named here without its extension).
  { name: "entry", folders: ["setup", "hooks", "tactica"], alsoImports: { tactica: ["setup", "hooks"] } },
];

/** Every folder of src/ named in {@link LAYERS}, lowest first. */
export const LAYERED_FOLDERS = LAYERS.flatMap((layer) => layer.folders);

/** The layer index of `folder`, or -1 when it is in no layer. */
export function layerOf(folder) {
  return LAYERS.findIndex((layer) => layer.folders.includes(folder));
}

/** The folders `folder` may import (besides itself): every folder of a lower layer, and its `alsoImports`. */
export function mayImport(folder) {
  const index = layerOf(folder);
  if (index < 0) throw new Error(`src/${folder} is in no layer of scripts/layers.mjs`);
  const lower = LAYERS.slice(0, index).flatMap((layer) => layer.folders);
  return [...lower, ...(LAYERS[index].alsoImports?.[folder] ?? [])];
}

/** The folders `folder` may not import: those of its own layer (but `alsoImports`) and every one above. */
export function mayNotImport(folder) {
  const allowed = new Set([folder, ...mayImport(folder)]);
  return LAYERED_FOLDERS.filter((other) => !allowed.has(other));
}

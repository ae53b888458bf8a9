/**
 * Compendium pack sources: reading, validation and compilation.
 *
 * Sources live in `packs/_source/<pack>/**.json`, one document per file, with the `_key` the
 * Foundry CLI needs. `validatePackSources` refuses anything that would compile into a broken pack
 * (the CLI itself silently skips a file without `_key`); `compilePacks` writes LevelDB packs and
 * `readBackPacks` opens them again to count what was written.
 */
import fs from "node:fs";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";

/** A pack as `system.json` declares it. */
export interface PackManifest {
  name: string;
  label: string;
  path?: string;
  type: string;
  system?: string;
}

/** One source document, with the file it came from. */
export interface PackSource {
  file: string;
  doc: Record<string, unknown>;
}

/** Extra checks run on each top-level document (the data-model schema check plugs in here). */
export type DocumentCheck = (pack: PackManifest, doc: Record<string, unknown>) => string[];

const ID_PATTERN = /^[A-Za-z0-9]{16}$/;

/** The collection name of a document type in a LevelDB key (`!items!<id>`). */
const COLLECTIONS: Record<string, string> = {
  Actor: "actors",
  Item: "items",
  RollTable: "tables",
  JournalEntry: "journal",
  Macro: "macros",
};

/** Embedded collections whose documents carry their own `_key`. */
const EMBEDDED: Record<string, { field: string; collection: string }[]> = {
  actors: [
    { field: "items", collection: "actors.items" },
    { field: "effects", collection: "actors.effects" },
  ],
  items: [{ field: "effects", collection: "items.effects" }],
  tables: [{ field: "results", collection: "tables.results" }],
  journal: [{ field: "pages", collection: "journal.pages" }],
  macros: [],
};

export function readPackSources(root: string, pack: PackManifest): PackSource[] {
  const dir = path.join(root, pack.name);
  if (!fs.existsSync(dir)) return [];
  const out: PackSource[] = [];
  const walk = (d: string): void => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) {
        out.push({ file: full, doc: JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown> });
      }
    }
  };
  walk(dir);
  return out;
}

function checkEmbedded(parentKey: string, parentId: string, collection: string, doc: Record<string, unknown>): string[] {
  const errors: string[] = [];
  for (const { field, collection: sub } of EMBEDDED[collection] ?? []) {
    const list = doc[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      errors.push(`${parentKey}: "${field}" must be an array`);
      continue;
    }
    const seen = new Set<string>();
    for (const child of list as Record<string, unknown>[]) {
      const id = String(child._id ?? "");
      if (!ID_PATTERN.test(id)) errors.push(`${parentKey}: ${field} entry has an invalid _id "${id}"`);
      if (seen.has(id)) errors.push(`${parentKey}: duplicate ${field} _id "${id}"`);
      seen.add(id);
      const expected = `!${sub}!${parentId}.${id}`;
      if (child._key !== expected) errors.push(`${parentKey}: ${field} entry ${id} must have _key "${expected}"`);
    }
  }
  return errors;
}

/**
 * Validates the sources of one pack: 16-character ids, unique ids and names, the right `_key`
 * (also on embedded documents), the declared document type, and any extra checks.
 * Returns every problem found, each naming its file.
 */
export function validatePackSources(
  pack: PackManifest,
  sources: PackSource[],
  checks: DocumentCheck[] = [],
): string[] {
  const errors: string[] = [];
  const collection = COLLECTIONS[pack.type];
  if (!collection) return [`pack ${pack.name}: unsupported document type ${pack.type}`];
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const { file, doc } of sources) {
    const where = path.relative(process.cwd(), file);
    const id = String(doc._id ?? "");
    if (!ID_PATTERN.test(id)) errors.push(`${where}: _id "${id}" is not 16 letters or digits`);
    if (ids.has(id)) errors.push(`${where}: duplicate _id "${id}"`);
    ids.add(id);
    const name = typeof doc.name === "string" ? doc.name.trim() : "";
    if (!name) errors.push(`${where}: missing name`);
    if (names.has(name)) errors.push(`${where}: duplicate name "${name}" in pack ${pack.name}`);
    names.add(name);
    const key = `!${collection}!${id}`;
    if (doc._key !== key) errors.push(`${where}: _key must be "${key}" (got ${JSON.stringify(doc._key)})`);
    errors.push(...checkEmbedded(where, id, collection, doc).map((e) => e));
    for (const check of checks) errors.push(...check(pack, doc).map((e) => `${where}: ${e}`));
  }
  return errors;
}

/** Compiles every declared pack from `sourceRoot` into `<outRoot>/<pack.path>`. */
export async function compilePacks(packs: PackManifest[], sourceRoot: string, outRoot: string): Promise<void> {
  for (const pack of packs) {
    const dest = path.join(outRoot, pack.path ?? `packs/${pack.name}`);
    fs.rmSync(dest, { recursive: true, force: true });
    await compilePack(path.join(sourceRoot, pack.name), dest, { recursive: true });
  }
}

/** Opens a compiled LevelDB pack and counts its top-level documents (keys `!<collection>!<id>`). */
export async function countPackDocuments(dir: string, type: string): Promise<number> {
  const collection = COLLECTIONS[type];
  const db = new ClassicLevel<string, unknown>(dir, { keyEncoding: "utf8", valueEncoding: "json" });
  try {
    let count = 0;
    for await (const key of db.keys()) if (key.startsWith(`!${collection}!`)) count++;
    return count;
  } finally {
    await db.close();
  }
}

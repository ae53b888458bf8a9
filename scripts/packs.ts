/**
 * Compendium pack sources: reading, validation, stamping and compilation.
 *
 * Sources live in `packs/_source/<pack>/**.json`, one document per file, with the `_key` the
 * Foundry CLI needs and the `_stats` core stamps on every document (which core and system version
 * the content was authored for). `validatePackSources` refuses anything that would compile into a
 * broken pack (the CLI itself silently skips a file without `_key`); `stampPackSources` gives
 * `_stats` to documents that have none (`npm run packs:stamp`); `compilePacks` writes LevelDB
 * packs and `countPackDocuments` opens them again to count what was written.
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

/** The core version pack content is authored for (a v13 stable build; draw-steel's packs carry theirs). */
export const PACK_CORE_VERSION = "13.351";

/**
 * A document's `_stats` as core v13 defines them (DocumentStatsField: coreVersion, systemId,
 * systemVersion, createdTime, modifiedTime, lastModifiedBy, compendiumSource, duplicateSource,
 * exportSource; https://foundryvtt.com/api/v13/classes/foundry.data.fields.DocumentStatsField.html),
 * for content of this system at `systemVersion`: no times, no author, no source.
 */
export function packStats(systemId: string, systemVersion: string): Record<string, unknown> {
  return {
    coreVersion: PACK_CORE_VERSION,
    systemId,
    systemVersion,
    createdTime: null,
    modifiedTime: null,
    lastModifiedBy: null,
    compendiumSource: null,
    duplicateSource: null,
    exportSource: null,
  };
}

/** The embedded documents of a pack document, each with the collection it belongs to. */
export function embeddedDocuments(type: string, doc: Record<string, unknown>): Record<string, unknown>[] {
  const collection = COLLECTIONS[type] ?? "";
  return (EMBEDDED[collection] ?? []).flatMap(({ field }) =>
    Array.isArray(doc[field]) ? (doc[field] as Record<string, unknown>[]) : [],
  );
}

/** `doc` with `stats` as its `_stats`, placed before `_key` (where the Foundry CLI writes it). */
function withStats(doc: Record<string, unknown>, stats: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === "_key") out._stats = structuredClone(stats);
    if (key !== "_stats") out[key] = value;
  }
  if (!("_stats" in out)) out._stats = structuredClone(stats);
  return out;
}

/**
 * Gives `_stats` (see {@link packStats}) to every document of `pack` under `root` that has none,
 * embedded ones included, and rewrites those files. Documents that have `_stats` keep them (the
 * version they were authored for). Returns the files written.
 */
export function stampPackSources(root: string, pack: PackManifest, systemId: string, systemVersion: string): string[] {
  const stats = packStats(systemId, systemVersion);
  const written: string[] = [];
  for (const { file, doc } of readPackSources(root, pack)) {
    let changed = false;
    const stamp = (d: Record<string, unknown>): Record<string, unknown> => {
      if (d._stats !== undefined) return d;
      changed = true;
      return withStats(d, stats);
    };
    const collection = COLLECTIONS[pack.type] ?? "";
    const stamped = stamp(doc);
    for (const { field } of EMBEDDED[collection] ?? []) {
      if (Array.isArray(stamped[field])) stamped[field] = (stamped[field] as Record<string, unknown>[]).map(stamp);
    }
    if (!changed) continue;
    fs.writeFileSync(file, `${JSON.stringify(stamped, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

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

function checkEmbedded(
  parentKey: string,
  parentId: string,
  collection: string,
  doc: Record<string, unknown>,
): string[] {
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
export function validatePackSources(pack: PackManifest, sources: PackSource[], checks: DocumentCheck[] = []): string[] {
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

/**
 * `npm run unpack [-- <folder>]`: brings compendium edits made in Foundry back into
 * `packs/_source`, the only place pack content is written by hand.
 *
 * It reads the LevelDB packs of a Tactica system folder with the Foundry CLI's `extractPack`:
 * `dist/` by default (where `npm run link` points Foundry), or the folder given — Foundry's user
 * data folder (the one that contains `Data/`), its `Data/` folder, or the system folder itself.
 * Foundry must not hold the packs open (return to Setup or stop it first), and the next build
 * rewrites `dist/packs`, so unpack before building.
 *
 * Each document is written back in the layout and format of the sources:
 * - one file per document, at the path the sources already give that `_id` (new documents get a
 *   file named after their name; files of documents no longer in the pack are removed);
 * - keys in the order of the existing source, recursively, new keys after them (a new document
 *   takes the order of a source of its pack and type; `_id`, `_stats`, `_key` first in an empty
 *   pack), pretty-printed JSON with a final newline;
 * - `_stats` keeps the core and system versions but not what changes on every save or names a
 *   world (`createdTime`, `modifiedTime`, `lastModifiedBy`, `compendiumSource`, `duplicateSource`,
 *   `exportSource` become null); a document whose only change is those versions is left as it was;
 * - what core stores for every document although it says nothing (`folder: null`, `sort: 0`,
 *   `ownership: { default: 0 }`, `flags: {}`, and empty embedded collections the CLI fills in) is
 *   left out unless the source (for a new document, the source it takes its order from) has the key.
 * A pack touched by Foundry v14 (`_stats.coreVersion` 14 or later on any document) is refused and
 * nothing is written: pack content keeps v13 shapes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";
import { readManifest } from "./manifest";
import { readPackSources, validatePackSources, type PackManifest } from "./packs";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { [key: string]: Json };

const isObject = (v: unknown): v is Doc => typeof v === "object" && v !== null && !Array.isArray(v);

/** `_stats` fields that change on every save or name a world: null in pack content. */
export const VOLATILE_STATS = [
  "createdTime",
  "modifiedTime",
  "lastModifiedBy",
  "compendiumSource",
  "duplicateSource",
  "exportSource",
];
/** `_stats` fields core rewrites on a save although the content may be unchanged. */
const VERSION_STATS = ["coreVersion", "systemVersion"];

/**
 * Embedded collections per collection, as the Foundry CLI walks them (an embedded collection is
 * named by its field: an actor's `items` are walked as `items`, whose `effects` are embedded too).
 */
const EMBEDDED: Record<string, string[]> = {
  actors: ["items", "effects"],
  items: ["effects"],
  tables: ["results"],
  journal: ["pages", "categories"],
  macros: [],
};
const COLLECTIONS: Record<string, string> = {
  Actor: "actors",
  Item: "items",
  RollTable: "tables",
  JournalEntry: "journal",
  Macro: "macros",
};

/** Values core stores on every document that carry no content. */
const BLANKS: Record<string, Json> = { folder: null, sort: 0, ownership: { default: 0 }, flags: {} };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * `value` with the key order of `template` (its keys first, in its order, then the others in
 * their own order; `_id`, `_stats`, `_key` first when there is no template), recursively. Array
 * elements with an `_id` follow the template element of the same `_id`, or else the template's
 * first element (a sibling of the same kind); other elements follow the element at their index.
 */
export function orderLike(value: Json, template: Json | undefined): Json {
  if (Array.isArray(value)) {
    const list = Array.isArray(template) ? template : [];
    return value.map((v, i) => {
      const id = isObject(v) ? v._id : undefined;
      const match = id !== undefined ? (list.find((t) => isObject(t) && t._id === id) ?? list[0]) : list[i];
      return orderLike(v, match);
    });
  }
  if (!isObject(value)) return value;
  const base = isObject(template) ? Object.keys(template) : ["_id", "_stats", "_key"];
  const keys = [...base.filter((k) => k in value), ...Object.keys(value).filter((k) => !base.includes(k))];
  const out: Doc = {};
  for (const k of keys) out[k] = orderLike(value[k]!, isObject(template) ? template[k] : undefined);
  return out;
}

/**
 * One document (and its embedded documents) as pack content: volatile `_stats` nulled, blank
 * core fields and empty embedded collections dropped unless `reference` (the source) has the key.
 */
function clean(doc: Doc, collection: string, reference: Doc | undefined): Doc {
  const out: Doc = { ...doc };
  if (isObject(out._stats)) {
    const stats: Doc = { ...out._stats };
    for (const key of VOLATILE_STATS) if (key in stats) stats[key] = null;
    out._stats = stats;
  }
  for (const [key, blank] of Object.entries(BLANKS)) {
    if (key in out && !(reference && key in reference) && same(out[key], blank)) delete out[key];
  }
  for (const field of EMBEDDED[collection] ?? []) {
    const list = out[field];
    if (!Array.isArray(list)) continue;
    if (list.length === 0 && !(reference && field in reference)) {
      delete out[field];
      continue;
    }
    const refs = reference && Array.isArray(reference[field]) ? (reference[field] as Json[]) : [];
    out[field] = list.map((child) => {
      if (!isObject(child)) return child;
      const ref = refs.find((r) => isObject(r) && r._id === child._id) ?? refs[0];
      return clean(child, field, isObject(ref) ? ref : undefined);
    });
  }
  return out;
}

/** `doc` with the core and system versions of `reference`'s `_stats` (and its embedded ones'). */
function withVersionsOf(doc: Doc, reference: Doc, collection: string): Doc {
  const out: Doc = { ...doc };
  if (isObject(out._stats) && isObject(reference._stats)) {
    const stats: Doc = { ...out._stats };
    for (const key of VERSION_STATS) if (key in reference._stats) stats[key] = reference._stats[key]!;
    out._stats = stats;
  }
  for (const field of EMBEDDED[collection] ?? []) {
    const list = out[field];
    const refs = reference[field];
    if (!Array.isArray(list) || !Array.isArray(refs)) continue;
    out[field] = list.map((child) => {
      const ref = refs.find((r) => isObject(r) && isObject(child) && r._id === child._id);
      return isObject(child) && isObject(ref) ? withVersionsOf(child, ref, field) : child;
    });
  }
  return out;
}

/**
 * A document read from a pack, as it is written to its source file: cleaned (see {@link clean}),
 * in the key order of `reference` (its current source) or, for a new document, of `template` (a
 * source of the same pack), and identical to `reference` when only the versions in `_stats` differ.
 */
export function normaliseDocument(
  doc: Doc,
  packType: string,
  reference?: Doc,
  template: Doc | undefined = reference,
): Doc {
  const collection = COLLECTIONS[packType] ?? "";
  const ordered = orderLike(clean(doc, collection, template), template) as Doc;
  if (reference && same(orderLike(withVersionsOf(ordered, reference, collection), reference), reference))
    return reference;
  return ordered;
}

/** A file name for a new document: its name in lower-case ASCII words joined by hyphens. */
export function sourceFileName(name: unknown, id: string): string {
  const slug = String(name ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${slug || id}.json`;
}

/** Serialises a document the way every source file is written. */
export const serialise = (doc: Doc): string => `${JSON.stringify(doc, null, 2)}\n`;

/** Core versions of a document and its embedded documents that are v14 or later. */
function v14Marks(doc: Doc, collection: string, where: string): string[] {
  const stats = doc._stats;
  const core = isObject(stats) && typeof stats.coreVersion === "string" ? stats.coreVersion : "";
  const own = Number.parseInt(core, 10) >= 14 ? [`${where} (core ${core})`] : [];
  const children = (EMBEDDED[collection] ?? []).flatMap((field) => {
    const list = doc[field];
    return Array.isArray(list)
      ? list.flatMap((c) => (isObject(c) ? v14Marks(c, field, `${where} › ${String(c.name ?? c._id)}`) : []))
      : [];
  });
  return [...own, ...children];
}

/** Reads every primary document of a LevelDB pack through the Foundry CLI. */
export async function readPack(dir: string): Promise<Doc[]> {
  if (!fs.existsSync(path.join(dir, "CURRENT"))) throw new Error(`no LevelDB pack at ${dir}`);
  // The CLI reports a pack another process holds as a closed iterator: say what it is first.
  const probe = new ClassicLevel(dir, { createIfMissing: false });
  try {
    await probe.open();
  } catch (error) {
    const locked = error instanceof Error && (error.cause as { code?: string } | undefined)?.code === "LEVEL_LOCKED";
    if (locked)
      throw new Error(
        `the pack ${dir} is locked by another process: stop Foundry or return to Setup, then unpack again`,
      );
    throw error;
  } finally {
    await probe.close();
  }
  const docs: Doc[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-unpack-"));
  try {
    await extractPack(dir, scratch, {
      // Collected here; returning false tells the CLI not to write the entry itself.
      transformEntry: async (entry): Promise<false> => {
        docs.push(entry as Doc);
        return false;
      },
    });
  } catch (error) {
    const message =
      error instanceof Error
        ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
        : String(error);
    throw new Error(
      `cannot read the pack ${dir}: ${message}. Is Foundry still running with it open? Return to Setup or stop Foundry, then unpack again.`,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return docs;
}

/** What unpacking one pack did, file names relative to the pack's source folder. */
export interface PackUnpackReport {
  pack: string;
  unchanged: number;
  changed: string[];
  added: string[];
  removed: string[];
  warnings: string[];
}

export interface UnpackOptions {
  /** The system folder whose `packs/*` are read (dist/, or an installed system). */
  systemDir: string;
  /** The packs to unpack (the manifest's). */
  packs: PackManifest[];
  /** The sources that give file names and key order (packs/_source). */
  referenceRoot: string;
  /** Where the sources are written (packs/_source; a temporary folder in tests). */
  outRoot: string;
}

const listJson = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".json"))
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

/**
 * Unpacks every pack of `options.packs`. All packs are read and checked before anything is
 * written, so a refused pack (v14) leaves every source as it was.
 */
export async function unpackPacks(options: UnpackOptions): Promise<PackUnpackReport[]> {
  const read = [];
  for (const pack of options.packs) {
    const dir = path.join(options.systemDir, pack.path ?? `packs/${pack.name}`);
    read.push({ pack, docs: await readPack(dir) });
  }
  const v14 = read.flatMap(({ pack, docs }) =>
    docs.flatMap((d) => v14Marks(d, COLLECTIONS[pack.type] ?? "", `${pack.name}: ${String(d.name ?? d._id)}`)),
  );
  if (v14.length) {
    throw new Error(
      `refused: these documents were saved by Foundry v14, and pack content keeps v13 shapes (edit the packs in a v13 world):\n  ${v14.join("\n  ")}`,
    );
  }
  return read.map(({ pack, docs }) => writePack(pack, docs, options));
}

function writePack(pack: PackManifest, docs: Doc[], { referenceRoot, outRoot }: UnpackOptions): PackUnpackReport {
  const refDir = path.join(referenceRoot, pack.name);
  const outDir = path.join(outRoot, pack.name);
  const references = new Map<string, { file: string; doc: Doc }>();
  for (const { file, doc } of readPackSources(referenceRoot, pack)) {
    references.set(String(doc._id), { file: path.relative(refDir, file), doc: doc as Doc });
  }
  const report: PackUnpackReport = { pack: pack.name, unchanged: 0, changed: [], added: [], removed: [], warnings: [] };
  const taken = new Set([...references.values()].map((r) => r.file));
  const written = new Set<string>();
  const outputs: { file: string; doc: Doc }[] = [];
  for (const doc of [...docs].sort((a, b) => String(a._id).localeCompare(String(b._id)))) {
    const id = String(doc._id);
    const reference = references.get(id);
    let file = reference?.file;
    if (!file) {
      file = sourceFileName(doc.name, id);
      if (taken.has(file) || written.has(file)) file = file.replace(/\.json$/, `-${id}.json`);
    }
    written.add(file);
    // A new document is shaped like a source of its pack, of its type when there is one.
    const siblings = [...references.values()].map((r) => r.doc);
    const template = reference?.doc ?? siblings.find((d) => d.type !== undefined && d.type === doc.type) ?? siblings[0];
    outputs.push({ file, doc: normaliseDocument(doc, pack.type, reference?.doc, template) });
  }
  for (const { file, doc } of outputs) {
    const target = path.join(outDir, file);
    const text = serialise(doc);
    const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    if (before === text) {
      report.unchanged++;
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, text);
    (before === null ? report.added : report.changed).push(file);
  }
  for (const file of listJson(outDir)) {
    if (written.has(file)) continue;
    let id: unknown;
    try {
      id = (JSON.parse(fs.readFileSync(path.join(outDir, file), "utf8")) as Doc)._id;
    } catch {
      report.warnings.push(`${file}: not JSON, left alone`);
      continue;
    }
    if (typeof id !== "string") continue;
    fs.rmSync(path.join(outDir, file));
    report.removed.push(file);
  }
  report.warnings.push(
    ...validatePackSources(
      pack,
      outputs.map(({ file, doc }) => ({ file: path.join(outDir, file), doc })),
    ),
  );
  return report;
}

/**
 * The system folder named by the command line: `dist/` by default; else the folder given, as a
 * Foundry user data folder (`<it>/Data/systems/<id>`), a `Data` folder (`<it>/systems/<id>`) or
 * the system folder itself — the first that holds a `system.json` of this system.
 */
export function resolveSystemDir(arg: string | undefined, id: string, cwd = process.cwd()): string {
  if (!arg) return path.join(cwd, "dist");
  const given = path.resolve(cwd, arg);
  const candidates = [path.join(given, "Data", "systems", id), path.join(given, "systems", id), given];
  for (const dir of candidates) {
    const manifest = path.join(dir, "system.json");
    if (!fs.existsSync(manifest)) continue;
    if ((JSON.parse(fs.readFileSync(manifest, "utf8")) as { id?: string }).id === id) return dir;
  }
  throw new Error(`no ${id} system in ${given} (looked for system.json in ${candidates.join(", ")})`);
}

async function main(): Promise<void> {
  const root = process.cwd();
  const manifest = readManifest(root);
  const arg = process.argv[2];
  const systemDir = resolveSystemDir(arg, manifest.id, root);
  const sourceRoot = path.join(root, "packs", "_source");
  const reports = await unpackPacks({
    systemDir,
    packs: manifest.packs,
    referenceRoot: sourceRoot,
    outRoot: sourceRoot,
  });
  console.log(`Unpacked ${path.relative(root, systemDir) || "."} into packs/_source:`);
  for (const r of reports) {
    const parts = [`${r.unchanged} unchanged`];
    if (r.changed.length) parts.push(`${r.changed.length} changed (${r.changed.join(", ")})`);
    if (r.added.length) parts.push(`${r.added.length} added (${r.added.join(", ")})`);
    if (r.removed.length) parts.push(`${r.removed.length} removed (${r.removed.join(", ")})`);
    console.log(`  ${r.pack}: ${parts.join(", ")}`);
    for (const w of r.warnings) console.log(`    warning: ${w}`);
  }
  console.log("Review with `git diff packs/_source`, then `npm run build` validates the sources.");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`npm run unpack: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

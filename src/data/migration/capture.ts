/**
 * The document-level migration (DESIGN §4): what `TacticaActor.migrateData` and
 * `TacticaItem.migrateData` do to a source before Foundry cleans it.
 *
 * Foundry v13 builds every document from its stored object IN PLACE: `migrateData`, then
 * `cleanData`, which drops every `system` key the schema does not know (DataModel#_initializeSource,
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html). So this is the one
 * moment a system can still see unknown data. Here:
 * 1. the numbered steps (./steps.ts) bring `system` to the current shapes, naming the top-level
 *    keys they rewrote;
 * 2. every `system` key the model does not know — old keys, values a repair set aside — moves into
 *    `flags.tactica.legacy` (flags are not cleaned), unless the same value is already kept there;
 * 3. when 1 or 2 did anything, `flags.tactica.migration` records it: `{ system: keys rewritten,
 *    legacy: keys newly kept }`. The world migration (./index.ts) writes exactly those keys, from
 *    the document's current source, and deletes the record; it is never meant to be stored.
 *
 * The same `migrateData` runs on the partial change of every update and on creation data, and
 * Foundry hands that very object on to `_preUpdate` / `_preCreate` (client order of v13,
 * docs/foundry-behaviour.md §2). What one pass took out of an object is remembered for
 * that object ({@link capturedBy}), so the documents can refuse an update or a creation that
 * brought bad input (src/documents/data-checks.ts) — and only that pass counts, never a record
 * copied along with `toObject()`.
 */
import { isDeletion } from "../../compat/deletion";
import { dataModels } from "../index";
import { migrateSystemKeys } from "./steps";
import { isRecord } from "../../rules/records";

/** The scope of Tactica's flags. */
const SCOPE = "tactica";

/** What a document-level migration recorded on a source (`flags.tactica.migration`). */
export interface MigrationRecord {
  /** top-level `system` keys the steps rewrote */
  system: string[];
  /** keys newly kept under `flags.tactica.legacy` */
  legacy: string[];
}

/** What the last pass of {@link migrateDocumentSource} that did anything did, per source object. */
const PASSES = new WeakMap<object, { taken: Record<string, unknown>; rewritten: string[] }>();

/**
 * The `system` values the last document-level migration of this very object took out (unknown
 * keys, values a repair set aside), by key; empty when it took nothing.
 */
export function capturedBy(source: object): Record<string, unknown> {
  return PASSES.get(source)?.taken ?? {};
}

/** The top-level `system` keys the last document-level migration of this very object rewrote. */
export function rewrittenBy(source: object): string[] {
  return PASSES.get(source)?.rewritten ?? [];
}

/** The document classes with a document-level migration. */
export type CapturedDocument = "Actor" | "Item";

/** Deep equality of plain JSON data. */
function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The `system` keys the current model of `type` knows, or null for a subtype Tactica does not define. */
function knownKeys(documentName: CapturedDocument, type: string): Set<string> | null {
  const models: Record<string, { schema: { keys(): string[] } } | undefined> = dataModels[documentName];
  const model = models[type];
  return model ? new Set(model.schema.keys()) : null;
}

/** `source.flags.tactica`, created when missing. */
function tacticaFlags(source: Record<string, unknown>): Record<string, unknown> {
  const flags = isRecord(source.flags) ? source.flags : {};
  if (flags !== source.flags) source.flags = flags;
  const scope = flags[SCOPE];
  const tactica = isRecord(scope) ? scope : {};
  if (tactica !== scope) flags[SCOPE] = tactica;
  return tactica;
}

/** The record of a source, or null. */
export function migrationRecord(source: unknown): MigrationRecord | null {
  const record =
    isRecord(source) && isRecord(source.flags) && isRecord(source.flags[SCOPE])
      ? source.flags[SCOPE].migration
      : undefined;
  if (!isRecord(record)) return null;
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  return { system: list(record.system), legacy: list(record.legacy) };
}

/** `flags.tactica.legacy` of a source (empty when none). */
export function legacyOf(source: unknown): Record<string, unknown> {
  const legacy =
    isRecord(source) && isRecord(source.flags) && isRecord(source.flags[SCOPE])
      ? source.flags[SCOPE].legacy
      : undefined;
  return isRecord(legacy) ? legacy : {};
}

/**
 * The document-level migration of one source (a stored document, creation data or the partial
 * change of an update), in place; see the module comment. A source without `type` or `system`,
 * or of a subtype Tactica does not define, is left alone.
 */
export function migrateDocumentSource(documentName: CapturedDocument, source: Record<string, unknown>): void {
  const system = source.system;
  if (!isRecord(system) || typeof source.type !== "string") return;
  const keys = knownKeys(documentName, source.type);
  if (!keys) return;
  const kept = legacyOf(source);
  const rewritten = migrateSystemKeys(documentName, source.type, system, kept);
  const taken: Record<string, unknown> = {};
  const added: Record<string, unknown> = {};
  for (const key of Object.keys(system)) {
    if (keys.has(key) || isDeletion(key, system[key]) || key.startsWith("==")) continue;
    taken[key] = system[key];
    if (!(key in kept) || !sameData(kept[key], system[key])) added[key] = system[key];
    delete system[key];
  }
  // A later pass that does nothing (the data is already clean) leaves the first pass's record.
  if (Object.keys(taken).length || rewritten.length) PASSES.set(source, { taken, rewritten });
  if (!rewritten.length && !Object.keys(added).length) return;
  const flags = tacticaFlags(source);
  if (Object.keys(added).length) flags.legacy = { ...kept, ...added };
  const before = migrationRecord(source) ?? { system: [], legacy: [] };
  const record: MigrationRecord = {
    system: [...new Set([...before.system, ...rewritten])],
    legacy: [...new Set([...before.legacy, ...Object.keys(added)])],
  };
  flags.migration = record;
}

/**
 * Drops `flags.tactica.migration` from a source or a change (it is bookkeeping, never stored),
 * but not a deletion of it.
 */
export function dropMigrationRecord(source: unknown): void {
  if (!isRecord(source) || !isRecord(source.flags) || !isRecord(source.flags[SCOPE])) return;
  const flags = source.flags[SCOPE];
  // A change that deletes the stored record (v14's `_del` under the same key) keeps its deletion.
  if (isDeletion("migration", flags.migration)) return;
  delete flags.migration;
  if (!Object.keys(flags).length) delete source.flags[SCOPE];
}

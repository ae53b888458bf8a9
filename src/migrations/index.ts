/**
 * World migration (DESIGN §4): on `ready`, the active GM writes back what the document-level
 * migration changed while the world loaded.
 *
 * Foundry v13 migrates and cleans every stored document in place as the world loads (through
 * `TacticaActor/TacticaItem.migrateData`, src/data/migration/capture.ts), so in memory every document already has
 * the current shapes and keeps what it did not know in `flags.tactica.legacy`; what it changed is
 * recorded in `flags.tactica.migration`. This migration only PERSISTS that:
 * - each update is built from the document's CURRENT source (never from data read at load, so an
 *   edit made since is never reverted) and writes only the keys the record names, with the record
 *   deleted in the same write (one write per document; an actor's items go in the actor's write);
 * - the schema version is recorded only when every document was written; a document that failed
 *   keeps its stored old data, is migrated again in memory at the next load, and written then —
 *   the GM is told so;
 * - a world with nothing to write (a fresh world, or one already current) is only stamped with the
 *   current version, silently.
 * Not covered (the load-time migration still reads them right): compendium packs and unlinked
 * tokens' actor deltas, which keep their stored shapes until written.
 */
import { deletionEntry } from "../compat/deletion";
import { schemaVersion, setSchemaVersion } from "../config/settings";
import { notifyError, notifyInfo, notifyProgress } from "../utils/notify";
import { legacyOf, migrationRecord } from "../data/migration/capture";
import { REPAIR_KEYS, SCHEMA_VERSION } from "../data/migration/steps";
import { isRecord } from "../rules/records";

export { SCHEMA_VERSION };

/** A document source as the migration reads it. */
export interface DocumentSource {
  _id?: string | null;
  system?: unknown;
  items?: DocumentSource[];
  flags?: Record<string, unknown>;
}

/** The update that persists one document's load-time migration. */
export interface MigrationUpdate {
  _id: string;
  system?: Record<string, unknown>;
  /** `legacy` kept, and the migration record's deletion in the running generation's form (src/compat/deletion.ts) */
  flags?: { tactica: { legacy?: Record<string, unknown>; [deletion: string]: unknown } };
  items?: MigrationUpdate[];
}

/** The keys of `record` listed in `keys` that it has, copied. */
function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, structuredClone(record[key])]));
}

/**
 * The update that writes what the load-time migration recorded on `source` (a document's current
 * source): the `system` keys it rewrote, the legacy values it newly kept, the record deleted — and
 * for an actor the same for each embedded item. Null when nothing is recorded (pure).
 */
export function migrationUpdate(source: DocumentSource): MigrationUpdate | null {
  const update: MigrationUpdate = { _id: source._id ?? "" };
  const record = migrationRecord(source);
  if (record) {
    if (record.system.length && isRecord(source.system)) update.system = pick(source.system, record.system);
    const legacy = pick(legacyOf(source), record.legacy);
    const [drop, deletion] = deletionEntry("migration");
    update.flags = { tactica: { ...(Object.keys(legacy).length ? { legacy } : {}), [drop]: deletion } };
  }
  const items = (source.items ?? []).map(migrationUpdate).filter((u) => u !== null);
  if (items.length) update.items = items;
  return Object.keys(update).length > 1 ? update : null;
}

/** A world document the migration can update (an actor can also take a condition). */
interface MigratableDocument {
  id: string | null;
  name?: string | null;
  toObject(): DocumentSource;
  update(data: MigrationUpdate, options: { diff: boolean; render: boolean }): Promise<unknown>;
  statuses?: Set<string>;
  toggleStatusEffect?(statusId: string, options: { active: boolean }): Promise<unknown>;
}

/** The panic conditions a stored morale state names (D-41). */
const PANIC_CONDITIONS: readonly string[] = ["panicked", "retreating", "terrified"];

/**
 * D-41 (step 3): an actor stored with a morale state other than calm, set aside in legacy by the
 * load-time migration, gets that condition now — the condition is the morale state — unless it
 * already has it. Runs after the document's own write, so a failure leaves the legacy value to
 * tell the GM what it was.
 */
async function restoreMoraleCondition(doc: MigratableDocument, update: MigrationUpdate): Promise<void> {
  const state = update.flags?.tactica.legacy?.[REPAIR_KEYS.moraleState];
  if (
    typeof state !== "string" ||
    !PANIC_CONDITIONS.includes(state) ||
    !doc.toggleStatusEffect ||
    doc.statuses?.has(state)
  )
    return;
  await doc.toggleStatusEffect(state, { active: true });
}

export interface MigrationReport {
  from: number;
  to: number;
  updated: number;
  failed: string[];
}

/**
 * Persists the load-time migration of every world actor and item (see the module comment), then
 * records {@link SCHEMA_VERSION} if none failed. Does nothing when the stored version is current,
 * unless `force`. Resolves the report, or null when there was nothing to do.
 */
export async function migrateWorld(options: { force?: boolean } = {}): Promise<MigrationReport | null> {
  const from = schemaVersion();
  if (!options.force && from >= SCHEMA_VERSION) return null;
  const documents: MigratableDocument[] = [...(game.actors ?? []), ...(game.items ?? [])];
  const work = documents.flatMap((doc) => {
    const update = migrationUpdate(doc.toObject());
    return update ? [{ doc, update }] : [];
  });
  const report: MigrationReport = { from, to: SCHEMA_VERSION, updated: 0, failed: [] };
  if (!work.length) {
    // Nothing stored in an old shape: a fresh world, or one already current. Stamp it, silently.
    if (from !== SCHEMA_VERSION) await setSchemaVersion(SCHEMA_VERSION);
    return report;
  }
  const progress = notifyProgress(game.i18n!.format("TACTICA.Migration.Start", { version: String(SCHEMA_VERSION) }));
  for (const [index, { doc, update }] of work.entries()) {
    const label = doc.name ?? doc.id ?? "?";
    try {
      // diff: false, or core would find nothing to send — memory already holds these values.
      const written = await doc.update(update, { diff: false, render: false });
      if (written === undefined) throw new Error("the update was refused");
      await restoreMoraleCondition(doc, update);
      report.updated++;
    } catch (err) {
      report.failed.push(label);
      console.error(`Tactica | migration of ${label} failed; it will be tried again at the next load`, err);
    }
    progress((index + 1) / work.length);
  }
  if (report.failed.length) {
    // Document names are user text: core formats the message and escapes them (a notification
    // shows its message as HTML: https://foundryvtt.com/api/interfaces/foundry.NotificationOptions.html).
    notifyError(
      "TACTICA.Migration.Failed",
      { count: report.updated, failed: report.failed.join(", ") },
      { permanent: true },
    );
    return report;
  }
  await setSchemaVersion(SCHEMA_VERSION);
  notifyInfo("TACTICA.Migration.Done", { count: report.updated });
  return report;
}

/** On `ready`: the active GM alone migrates, so two GMs never write the same documents. */
export function migrateOnReady(): void {
  if (!game.user?.isActiveGM) return;
  void migrateWorld();
}

/**
 * World migration (DESIGN §4): on `ready`, the active GM brings every world actor, item and roll
 * card to the current schema version, with a progress notification, one write per document (an
 * actor's embedded items go in the actor's update). Shape changes themselves are the numbered
 * steps (./steps.ts), also run by the models' `migrateData` so old data loads before it is saved.
 *
 * Nothing is dropped: Foundry removes keys a schema does not know when it cleans data, so the
 * migration first reads the raw stored source and moves any unknown `system` key into
 * `flags.tactica.legacy` before the migrated data is written back.
 */
import { dataModels } from "../data/index";
import { SYSTEM_ID } from "../settings";
import { notifyProgress } from "../utils/notify";
import { migrateSystem, SCHEMA_VERSION, type MigratedDocument, type SystemSource } from "./steps";

export { SCHEMA_VERSION };

/** A stored document source, as far as the migration reads it. */
export interface RawSource {
  _id?: string | null;
  type?: string;
  system?: unknown;
  items?: RawSource[];
  flags?: Record<string, unknown>;
}

/** The update that migrates one document, or `null` when it is already current. */
export interface MigrationUpdate {
  _id: string;
  system?: SystemSource;
  flags?: { tactica: { legacy: Record<string, unknown> } };
  items?: MigrationUpdate[];
}

const clone = <T>(value: T): T => structuredClone(value);

/** The `system` keys the current model of `type` knows. */
function knownKeys(documentName: MigratedDocument, type: string): Set<string> | null {
  const models: Record<string, { schema: { keys(): string[] } } | undefined> = dataModels[documentName];
  const model = models[type];
  return model ? new Set(model.schema.keys()) : null;
}

/**
 * The migration update of one stored document (pure: reads `raw`, returns new data): its migrated
 * `system`, its unknown `system` keys kept under `flags.tactica.legacy`, and for an actor the
 * updates of its embedded items. `null` when there is nothing to change.
 */
export function migrationUpdate(documentName: MigratedDocument, raw: RawSource, fromVersion = 0): MigrationUpdate | null {
  const id = raw._id ?? "";
  const type = raw.type ?? "";
  const keys = knownKeys(documentName, type);
  const update: MigrationUpdate = { _id: id };
  if (keys && typeof raw.system === "object" && raw.system !== null) {
    const system = clone(raw.system as SystemSource);
    const changed = migrateSystem(documentName, type, system, fromVersion);
    const legacy = Object.fromEntries(Object.entries(system).filter(([key]) => !keys.has(key)));
    if (changed) update.system = system;
    if (Object.keys(legacy).length) update.flags = { tactica: { legacy } };
  }
  if (documentName === "Actor" && Array.isArray(raw.items)) {
    const items = raw.items.map((item) => migrationUpdate("Item", item, fromVersion)).filter((u) => u !== null);
    if (items.length) update.items = items;
  }
  return Object.keys(update).length > 1 ? update : null;
}

/** A world document the migration can update. */
interface MigratableDocument {
  id: string | null;
  name?: string | null;
  toObject(): unknown;
  update(data: MigrationUpdate, options: { diff: boolean; render: boolean }): Promise<unknown>;
}

/** The raw stored sources of a document class: Foundry keeps them in `game.data` as loaded. */
function storedSources(documentName: MigratedDocument): readonly RawSource[] {
  const data = game.data;
  if (!data) return [];
  const list = documentName === "Actor" ? data.actors : documentName === "Item" ? data.items : data.messages;
  return list ?? [];
}

/** The raw stored source of a world document, or its current source when none was loaded. */
function rawSourceOf(documentName: MigratedDocument, doc: MigratableDocument): RawSource {
  return storedSources(documentName).find((entry) => entry._id === doc.id) ?? (doc.toObject() as RawSource);
}

export interface MigrationReport {
  from: number;
  to: number;
  updated: number;
  failed: string[];
}

/**
 * Migrates every world actor, item and roll card from the stored schema version to
 * {@link SCHEMA_VERSION}, then records the new version. Does nothing when already current unless
 * `force`. A document that fails is reported and left as it was; the others go on.
 */
export async function migrateWorld(options: { force?: boolean } = {}): Promise<MigrationReport | null> {
  const from = game.settings!.get(SYSTEM_ID, "schemaVersion");
  if (!options.force && from >= SCHEMA_VERSION) return null;
  const work: [MigratedDocument, MigratableDocument][] = [
    ...[...(game.actors ?? [])].map((d): [MigratedDocument, MigratableDocument] => ["Actor", d]),
    ...[...(game.items ?? [])].map((d): [MigratedDocument, MigratableDocument] => ["Item", d]),
    ...[...(game.messages ?? [])].map((d): [MigratedDocument, MigratableDocument] => ["ChatMessage", d]),
  ];
  const progress = notifyProgress(game.i18n!.format("TACTICA.Migration.Start", { version: String(SCHEMA_VERSION) }));
  const report: MigrationReport = { from, to: SCHEMA_VERSION, updated: 0, failed: [] };
  for (const [index, [documentName, doc]] of work.entries()) {
    try {
      const update = migrationUpdate(documentName, rawSourceOf(documentName, doc), options.force ? 0 : from);
      if (update) {
        await doc.update(update, { diff: false, render: false });
        report.updated++;
      }
    } catch (err) {
      const label = doc.name ?? doc.id ?? "?";
      report.failed.push(label);
      console.error(`Tactica | migration of ${documentName} ${label} failed`, err);
    }
    progress((index + 1) / work.length);
  }
  await game.settings!.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
  const done = report.failed.length ? "TACTICA.Migration.Failed" : "TACTICA.Migration.Done";
  ui.notifications?.info(game.i18n!.format(done, { count: String(report.updated), failed: report.failed.join(", ") }));
  return report;
}

/** On `ready`: the active GM alone migrates, so two GMs never write the same documents. */
export function migrateOnReady(): void {
  if (!game.user?.isActiveGM) return;
  void migrateWorld();
}

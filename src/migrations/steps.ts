/**
 * Data migrations, numbered (DESIGN §4). Each step turns an older shape of a document's `system`
 * data into the next one, in place, and only when it finds the old shape — so a step applied
 * twice changes nothing, and the models can run every step in `migrateData` on whatever they load.
 * A step never deletes a value it does not move somewhere: what it does not know, it leaves.
 */
import { parseStoredAttributes } from "../data/attributes";

/** `system` source data, as loaded (any shape). */
export type SystemSource = Record<string, unknown>;

/** The document classes whose `system` data the steps migrate. */
export type MigratedDocument = "Actor" | "Item" | "ChatMessage";

export interface MigrationStep {
  /** The schema version this step brings data to. */
  version: number;
  /** What the step changes, for the changelog and the migration log. */
  description: string;
  /** Migrates one `system` object of a document of `type`; returns true when it changed it. */
  migrate(documentName: MigratedDocument, type: string, system: SystemSource): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{ key: n }` → `{ key: { [field]: n } }` for every plain number under `parent[key]`. */
function wrapNumbers(parent: unknown, field: string, extra: (n: number) => Record<string, number> = () => ({})): boolean {
  if (!isObject(parent)) return false;
  let changed = false;
  for (const [key, value] of Object.entries(parent)) {
    if (typeof value !== "number") continue;
    parent[key] = { [field]: value, ...extra(value) };
    changed = true;
  }
  return changed;
}

/** `system[from]` → `system[to]` when only the old key is there. */
function rename(system: SystemSource, from: string, to: string): boolean {
  if (!(from in system) || to in system) return false;
  system[to] = system[from];
  delete system[from];
  return true;
}

/** Step 1, actors: numbers became `{ value }` objects; French key of *Épuisement*. */
function migrateActor1(type: string, system: SystemSource): boolean {
  let changed = false;
  const profile = system.profile;
  if (isObject(profile) && typeof profile.pv === "number") {
    profile.pv = { value: profile.pv, max: profile.pv };
    changed = true;
  }
  changed = wrapNumbers(profile, "value") || changed;
  changed = wrapNumbers(system.aptitudes, "value", () => ({ damage: 0 })) || changed;
  changed = wrapNumbers(system.subAptitudes, "value") || changed;
  if (typeof system.willpower === "number") {
    system.willpower = { value: system.willpower };
    changed = true;
  }
  if (typeof system.morale === "string") {
    system.morale = { state: system.morale };
    changed = true;
  }
  changed = rename(system, "epuisement", "exhaustion") || changed;
  if (type === "unit" && typeof system.strength === "number") {
    system.strength = { start: system.strength, current: system.strength };
    changed = true;
  }
  return changed;
}

/** Step 1, items: attribute text became entries; gear and force field field names. */
function migrateItem1(type: string, system: SystemSource): boolean {
  let changed = false;
  if (typeof system.attributes === "string") {
    const text = system.attributes;
    try {
      system.attributes = parseStoredAttributes(text);
    } catch {
      // Unreadable text cannot become entries. The item loads with no attributes and the text is
      // kept beside them: the world migration moves `attributesText` into flags.tactica.legacy.
      system.attributes = [];
      system.attributesText = text;
    }
    changed = true;
  }
  if (type === "gear") {
    changed = rename(system, "bonus", "gearBonus") || changed;
    if (typeof system.pressure === "string") changed = rename(system, "pressure", "pressureTarget") || changed;
  }
  if (type === "forceField" && typeof system.renfort === "number") {
    system.renfort = { value: system.renfort, max: system.renfort };
    changed = true;
  }
  return changed;
}

export const MIGRATION_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    description: "Numbers become { value } objects (profile, aptitudes, WP, unit strength); attribute text becomes entries; gear bonus/pressure renamed gearBonus/pressureTarget; force field renfort gains a max.",
    migrate(documentName, type, system) {
      if (documentName === "Actor") return migrateActor1(type, system);
      if (documentName === "Item") return migrateItem1(type, system);
      return false;
    },
  },
];

/** The schema version the current code writes. */
export const SCHEMA_VERSION = MIGRATION_STEPS[MIGRATION_STEPS.length - 1]?.version ?? 0;

/**
 * Runs every step newer than `fromVersion` on `system` (in place). Returns true when anything
 * changed. Safe on data of any age: each step only rewrites the old shapes it recognises.
 */
export function migrateSystem(
  documentName: MigratedDocument,
  type: string,
  system: SystemSource,
  fromVersion = 0,
): boolean {
  let changed = false;
  for (const step of MIGRATION_STEPS) {
    if (step.version > fromVersion) changed = step.migrate(documentName, type, system) || changed;
  }
  return changed;
}

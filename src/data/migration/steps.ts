/**
 * Data migrations, numbered (DESIGN §4). Each step turns an older shape of a document's `system`
 * data into the next one, in place, and only when it finds the old shape — so a step applied
 * twice changes nothing, and the models can run every step in `migrateData` on whatever they load
 * (a whole stored source, or the partial change of an update).
 * A step never deletes a value it does not move somewhere: what it does not know, it leaves; a
 * renamed key keeps its old name beside the new one, and a value a repair takes out is left under
 * a key the schema does not know — the document-level migration (./capture.ts) moves such keys
 * into `flags.tactica.legacy` before Foundry cleans them away.
 */
import { attributeIdentity, parseStoredAttributes, toAttribute, type StoredAttribute } from "../attributes";
import { isRecord } from "../../rules/records";

/** `system` source data, as loaded (any shape). */
export type SystemSource = Record<string, unknown>;

/** The document classes whose `system` data the steps migrate. */
export type MigratedDocument = "Actor" | "Item" | "ChatMessage";

export interface MigrationStep {
  /** The schema version this step brings data to. */
  version: number;
  /** What the step changes, for the changelog and the migration log. */
  description: string;
  /**
   * Migrates one `system` object of a document of `type`; returns the top-level keys it rewrote.
   * `legacy` is what the document already keeps in `flags.tactica.legacy` (empty where the caller
   * has no flags): a step whose old value stays stored (a partial write cannot delete it) reads it
   * to know it already moved that value once.
   */
  migrate(
    documentName: MigratedDocument,
    type: string,
    system: SystemSource,
    legacy: Readonly<Record<string, unknown>>,
  ): string[];
}

/**
 * The `system` keys a repair (step 2) leaves the values it took out under, for the document-level
 * migration to keep in `flags.tactica.legacy`, and for an update that brought them to be refused.
 */
export const REPAIR_KEYS = {
  /** attribute text the rules parser cannot read (step 1) */
  attributesText: "attributesText",
  /** attribute entries the rules refuse (e.g. *Portée* Y < X) */
  invalidAttributes: "invalidAttributes",
  /** second and later entries of an attribute the item already has */
  duplicateAttributes: "duplicateAttributes",
  /** a force field's current *renfort* that was above its total */
  renfortValue: "renfortValue",
  /** D-41: a morale state other than calm, stored before the condition became the morale state */
  moraleState: "moraleState",
} as const;

/** Keys of values an old version stored that step 3 moves: an update bringing one is refused. */
export const RETIRED_KEYS = {
  /** D-35: a weapon's or grenade's damage value (its FOR is the damage now) */
  damage: "system.damage",
  /** D-41: the stored morale state (the condition is the morale state now) */
  [REPAIR_KEYS.moraleState]: "system.morale.state",
} as const;

/** Records `key` in `changed` when `did` is true; returns `did`. */
function mark(changed: Set<string>, key: string, did: boolean): boolean {
  if (did) changed.add(key);
  return did;
}

/** `{ key: n }` → `{ key: { [field]: n } }` for every plain number under `parent[key]`. */
function wrapNumbers(
  parent: unknown,
  field: string,
  extra: (n: number) => Record<string, number> = () => ({}),
): boolean {
  if (!isRecord(parent)) return false;
  let changed = false;
  for (const [key, value] of Object.entries(parent)) {
    if (typeof value !== "number") continue;
    parent[key] = { [field]: value, ...extra(value) };
    changed = true;
  }
  return changed;
}

/**
 * `system[from]` → `system[to]` when only the old key is there. The old key stays: the schema
 * drops it when Foundry cleans the data, and the document-level migration keeps it in
 * `flags.tactica.legacy` (so the stored old key, which a partial write cannot delete, is not
 * found again as new at the next load).
 */
function rename(system: SystemSource, from: string, to: string): boolean {
  if (!(from in system) || to in system) return false;
  system[to] = structuredClone(system[from]);
  return true;
}

/** Step 1, actors: numbers became `{ value }` objects; French key of *Épuisement*. */
function migrateActor1(type: string, system: SystemSource): string[] {
  const changed = new Set<string>();
  const profile = system.profile;
  if (isRecord(profile) && typeof profile.pv === "number") {
    profile.pv = { value: profile.pv, max: profile.pv };
    changed.add("profile");
  }
  mark(changed, "profile", wrapNumbers(profile, "value"));
  mark(
    changed,
    "aptitudes",
    wrapNumbers(system.aptitudes, "value", () => ({ damage: 0 })),
  );
  mark(changed, "subAptitudes", wrapNumbers(system.subAptitudes, "value"));
  if (typeof system.willpower === "number") {
    system.willpower = { value: system.willpower };
    changed.add("willpower");
  }
  if (typeof system.morale === "string") {
    system.morale = { state: system.morale };
    changed.add("morale");
  }
  mark(changed, "exhaustion", rename(system, "epuisement", "exhaustion"));
  if (type === "unit" && typeof system.strength === "number") {
    system.strength = { start: system.strength, current: system.strength };
    changed.add("strength");
  }
  return [...changed];
}

/** Step 1, items: attribute text became entries; gear and force field field names. */
function migrateItem1(type: string, system: SystemSource): string[] {
  const changed = new Set<string>();
  if (typeof system.attributes === "string") {
    const text = system.attributes;
    try {
      system.attributes = parseStoredAttributes(text);
    } catch {
      // Unreadable text cannot become entries. The item loads with no attributes and the text is
      // kept beside them, under a key the document-level migration moves to flags.tactica.legacy
      // (and for which an update bringing such text is refused, src/documents/item.ts).
      system.attributes = [];
      system[REPAIR_KEYS.attributesText] = text;
    }
    changed.add("attributes");
  }
  if (type === "gear") {
    mark(changed, "gearBonus", rename(system, "bonus", "gearBonus"));
    if (typeof system.pressure === "string")
      mark(changed, "pressureTarget", rename(system, "pressure", "pressureTarget"));
  }
  if (type === "forceField" && typeof system.renfort === "number") {
    system.renfort = { value: system.renfort, max: system.renfort };
    changed.add("renfort");
  }
  return [...changed];
}

/** Adds `entries` to the list kept under `system[key]` (a repair's set-aside values). */
function setAside(system: SystemSource, key: string, entries: unknown[]): void {
  const stored = system[key];
  const kept: unknown[] = Array.isArray(stored) ? stored : [];
  system[key] = [...kept, ...entries];
}

/**
 * Step 2, items with attributes (RULES §6.4): an entry the rules refuse, and every repeat of an
 * attribute the item already has (the first one stays), are taken out of the list and set aside —
 * so stored data never fails Foundry's joint validation at load (the item would drop out of its
 * actor) and a repeated attribute is never summed by the rules.
 */
function repairAttributes(system: SystemSource): string[] {
  const list = system.attributes;
  if (!Array.isArray(list)) return [];
  const kept: unknown[] = [];
  const invalid: unknown[] = [];
  const duplicates: unknown[] = [];
  const seen = new Set<string>();
  for (const entry of list) {
    let id: string;
    try {
      // Stored data of any shape: read as a stored attribute, and what toAttribute cannot use throws
      // (caught below: the entry is set aside).
      const stored = entry as StoredAttribute;
      toAttribute(stored);
      id = attributeIdentity(stored);
    } catch {
      invalid.push(entry);
      continue;
    }
    if (seen.has(id)) duplicates.push(entry);
    else {
      seen.add(id);
      kept.push(entry);
    }
  }
  if (!invalid.length && !duplicates.length) return [];
  system.attributes = kept;
  if (invalid.length) setAside(system, REPAIR_KEYS.invalidAttributes, invalid);
  if (duplicates.length) setAside(system, REPAIR_KEYS.duplicateAttributes, duplicates);
  return ["attributes"];
}

/**
 * Step 2, force fields (RULES §6.3): a current *renfort* above the total is brought down to it,
 * the stored value set aside (the model's joint rule would otherwise make the item invalid).
 * Only when both numbers are there (a partial change is checked by the item document instead).
 */
function repairRenfort(system: SystemSource): string[] {
  const renfort = system.renfort;
  if (!isRecord(renfort) || typeof renfort.value !== "number" || typeof renfort.max !== "number") return [];
  if (renfort.value <= renfort.max) return [];
  system[REPAIR_KEYS.renfortValue] = renfort.value;
  renfort.value = renfort.max;
  return ["renfort"];
}

/** The item subtypes whose hit damage is their FOR (D-35). */
const STRIKING_ITEMS: readonly string[] = ["weapon", "grenade"];

/**
 * Step 3, weapons and grenades (D-35): the damage value is gone, a hit deals the item's current
 * FOR. A stored damage above 0 becomes the FOR where the FOR is 0 (absent: a grenade had none);
 * the damage value itself is left for the document-level migration to keep in legacy. Once kept
 * there, the step never moves it again (a FOR the GM later sets to 0 stays 0).
 */
function migrateDamage(type: string, system: SystemSource, legacy: Readonly<Record<string, unknown>>): string[] {
  if (!STRIKING_ITEMS.includes(type) || typeof system.damage !== "number" || "damage" in legacy) return [];
  const strength = system.strength;
  if (system.damage <= 0 || (typeof strength === "number" && strength > 0)) return [];
  system.strength = system.damage;
  return ["strength"];
}

/**
 * Step 3, actors (D-41): the morale state is the condition (status effect) now, not a stored
 * value. A stored state is taken out of `morale`; one other than calm (`steady`) is set aside
 * under `moraleState`, kept in legacy, for the world migration to give the actor that condition.
 * Nothing is set aside twice (the stored old key stays: a partial write cannot delete it).
 */
function migrateMoraleState(system: SystemSource, legacy: Readonly<Record<string, unknown>>): string[] {
  const morale = system.morale;
  if (!isRecord(morale) || !("state" in morale)) return [];
  const state = morale.state;
  delete morale.state;
  const key = REPAIR_KEYS.moraleState;
  if (typeof state === "string" && state !== "steady" && !(key in legacy) && !(key in system)) system[key] = state;
  return [];
}

export const MIGRATION_STEPS: readonly MigrationStep[] = [
  {
    version: 1,
    description:
      "Numbers become { value } objects (profile, aptitudes, WP, unit strength); attribute text becomes entries; gear bonus/pressure renamed gearBonus/pressureTarget; force field renfort gains a max.",
    migrate(documentName, type, system) {
      if (documentName === "Actor") return migrateActor1(type, system);
      if (documentName === "Item") return migrateItem1(type, system);
      return [];
    },
  },
  {
    version: 2,
    description:
      "Repairs: attributes the rules refuse and repeated attributes taken out of the list, a force field's renfort above its total brought down — what is taken out is kept in flags.tactica.legacy.",
    migrate(documentName, type, system) {
      if (documentName !== "Item") return [];
      return [...repairAttributes(system), ...(type === "forceField" ? repairRenfort(system) : [])];
    },
  },
  {
    version: 3,
    description:
      "A hit's damage is the weapon's or grenade's FOR (D-35): a stored damage becomes the FOR where it is 0; the morale state is the condition (D-41): a stored state is set aside for the world migration to set that condition. The old values are kept in flags.tactica.legacy.",
    migrate(documentName, type, system, legacy) {
      if (documentName === "Item") return migrateDamage(type, system, legacy);
      if (documentName === "Actor") return migrateMoraleState(system, legacy);
      return [];
    },
  },
];

/** The schema version the current code writes. */
export const SCHEMA_VERSION = MIGRATION_STEPS[MIGRATION_STEPS.length - 1]?.version ?? 0;

/**
 * Runs every step on `system` (in place) and returns the top-level keys it rewrote (none when the
 * data is current). Safe on data of any age: each step only rewrites the old shapes it recognises.
 */
export function migrateSystemKeys(
  documentName: MigratedDocument,
  type: string,
  system: SystemSource,
  legacy: Readonly<Record<string, unknown>> = {},
): string[] {
  const changed = new Set<string>();
  for (const step of MIGRATION_STEPS)
    for (const key of step.migrate(documentName, type, system, legacy)) changed.add(key);
  return [...changed];
}

/** {@link migrateSystemKeys}, answering only whether anything changed. */
export function migrateSystem(documentName: MigratedDocument, type: string, system: SystemSource): boolean {
  return migrateSystemKeys(documentName, type, system).length > 0;
}

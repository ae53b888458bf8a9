/**
 * Bad input refused by the actor and item documents, with
 * a localised message, before anything is written.
 *
 * Where the text is intercepted: Foundry v13's client runs, for each update, `migrateData` on the
 * partial change, then `_preUpdate`, then the `preUpdate<Type>` hook, and only then cleans and
 * validates the change (foundryvtt#10841: "`_preUpdate` workflow are called before `diff`";
 * foundryvtt#10842; docs/foundry-behaviour.md §2) — for a creation,
 * `migrateData` then construction then `_preCreate`. So attribute text is read by `migrateData`
 * (step 1: the one parse path), and the document's `_preUpdate` / `_preCreate` learn what that
 * pass could not use from {@link capturedBy} and refuse the whole request with the parser's own
 * message. Numbers and choices are checked there too, against the fields, before Foundry's
 * cleaning would clamp, round or reset them; then the joint rules of the model (PV ≤ max).
 *
 * Returning false from `_preUpdate` / `_preCreate` makes core drop the request silently
 * (console.debug only): the message shown here is the user's only feedback.
 */
import { parseStoredAttributes, toAttribute, type StoredAttribute } from "../data/attributes";
import { changeRefusal, type CheckedSchema, type Refusal } from "../data/change-checks";
import {
  capturedBy,
  dropMigrationRecord,
  legacyOf,
  migrateDocumentSource,
  rewrittenBy,
} from "../data/migration/capture";
import { REPAIR_KEYS, RETIRED_KEYS } from "../data/migration/steps";
import { formatAttribute, RulesRangeError } from "../rules/index";
import { notifyError } from "../utils/notify";

type Data = Record<string, unknown>;

/** What the checks read of a document. */
export interface CheckedDocument {
  readonly type: string;
  readonly system: unknown;
  readonly _source: unknown;
}

/** A model class with the optional joint rule of a change. */
interface CheckedModel {
  schema: CheckedSchema;
  cleanData(source?: Data): Data;
  jointRefusal?(current: Data, change: Data): Refusal | null;
}

const isObject = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The refusal a rules error carries (its own key and data), or null for another error. */
function rulesRefusal(run: () => unknown): Refusal | null {
  try {
    run();
    return null;
  } catch (err) {
    if (err instanceof RulesRangeError) return { key: err.key, data: err.data };
    throw err;
  }
}

/** The user's language for attribute words (`fr`, else `en`). */
function attributeLang(): "fr" | "en" {
  return game.i18n?.lang === "fr" ? "fr" : "en";
}

/**
 * The refusal for what a `migrateData` pass took out of a change's `system` because it could not
 * be stored: attribute text the parser refuses, attribute entries the rules refuse, a repeated
 * attribute, a *renfort* above its total. Unknown keys alone are no refusal (Foundry drops them).
 */
function capturedRefusal(taken: Data, system: unknown): Refusal | null {
  if (REPAIR_KEYS.attributesText in taken) {
    return rulesRefusal(() => parseStoredAttributes(String(taken[REPAIR_KEYS.attributesText])));
  }
  const invalid = taken[REPAIR_KEYS.invalidAttributes];
  if (Array.isArray(invalid) && invalid.length) {
    return (
      // An entry step 2 set aside because toAttribute refused it: read again to name the reason.
      rulesRefusal(() => toAttribute(invalid[0] as StoredAttribute)) ?? {
        key: "TACTICA.Errors.Rules.Invalid",
        data: { message: "attribute", value: JSON.stringify(invalid[0]) },
      }
    );
  }
  const duplicates = taken[REPAIR_KEYS.duplicateAttributes];
  if (Array.isArray(duplicates) && duplicates.length) {
    // An entry step 2 set aside as a repeat: toAttribute accepted it there.
    const token = formatAttribute(toAttribute(duplicates[0] as StoredAttribute), attributeLang());
    return { key: "TACTICA.Errors.Attribute.Duplicate", data: { token } };
  }
  if (REPAIR_KEYS.renfortValue in taken) {
    const renfort = isObject(system) && isObject(system.renfort) ? system.renfort : {};
    return {
      key: "TACTICA.Errors.Field.RenfortAboveMax",
      data: { value: Number(taken[REPAIR_KEYS.renfortValue]), max: Number(renfort.max) },
    };
  }
  return null;
}

/** The model class of a document's `system`, when it is one of Tactica's. */
function modelOf(doc: CheckedDocument): CheckedModel | null {
  const model: unknown = isObject(doc.system) ? doc.system.constructor : undefined;
  return isCheckedModel(model) ? model : null;
}

/** Is `model` a model class the checks can use (a `cleanData` method and a schema)? */
function isCheckedModel(model: unknown): model is CheckedModel {
  return (
    typeof model === "function" &&
    "cleanData" in model &&
    typeof model.cleanData === "function" &&
    "schema" in model &&
    Boolean(model.schema)
  );
}

/** The current `system` source of a document. */
function systemSource(doc: CheckedDocument): Data {
  const source = doc._source;
  return isObject(source) && isObject(source.system) ? source.system : {};
}

/**
 * An update written in an old data shape (`profile.pv: 7`, a number where PV are an object): the
 * steps can read it only as stored data — PV 7 of 7 — which is not what an update of a current
 * document means, so it is refused. Attribute text is not an old shape here: it is the way
 * attributes are typed (step 1 reads it).
 */
function oldShapeRefusal(change: Data): Refusal | null {
  // A value an older version stored and step 3 retired (a weapon's damage, D-35; the stored
  // morale state, D-41) names itself, whatever the step rewrote in its place.
  const taken = capturedBy(change);
  const retired = Object.entries(RETIRED_KEYS).find(([k]) => k in taken);
  if (retired) return { key: "TACTICA.Errors.Field.Retired", data: { key: retired[1] } };
  const key = rewrittenBy(change).find((k) => k !== "attributes");
  return key ? { key: "TACTICA.Errors.Field.OldShape", data: { key: `system.${key}` } } : null;
}

/**
 * The refusal of one document's update (its own `system` part: what `migrateData` took out of it
 * or rewrote, each value against its field, the model's joint rule), or null.
 */
function ownRefusal(doc: CheckedDocument, change: Data): Refusal | null {
  const model = modelOf(doc);
  if (!model) return null;
  const captured = capturedRefusal(capturedBy(change), change.system) ?? oldShapeRefusal(change);
  if (captured) return captured;
  if (!isObject(change.system)) return null;
  return changeRefusal(model.schema, change.system) ?? model.jointRefusal?.(systemSource(doc), change.system) ?? null;
}

/**
 * Removes from an update's change what must not be written: the migration record (bookkeeping)
 * and legacy values this update's `migrateData` pass took out of `system` (keys the schema does
 * not know, which Foundry would drop). Legacy already kept by the document stays as sent.
 */
function stripUpdate(doc: CheckedDocument, change: Data): void {
  dropMigrationRecord(change);
  const taken = capturedBy(change);
  const root = isObject(change.flags) ? change.flags : null;
  const flags = root && isObject(root.tactica) ? root.tactica : null;
  if (!root || !flags || !isObject(flags.legacy)) return;
  const kept = legacyOf(doc._source);
  for (const key of Object.keys(taken)) {
    if (key in flags.legacy && JSON.stringify(kept[key]) !== JSON.stringify(flags.legacy[key]))
      delete flags.legacy[key];
  }
  if (!Object.keys(flags.legacy).length) delete flags.legacy;
  if (!Object.keys(flags).length) delete root.tactica;
}

/** A document's embedded items, as far as the checks read them. */
interface WithItems {
  items?: { get(id: string): CheckedDocument | undefined } | undefined;
}

/**
 * Checks an update of an item, or of an actor with its embedded item changes, and cleans what must
 * not be written. An embedded item change carries no `type` (core adds types at the top level
 * only), so its `migrateData` pass could not pick the item model: it is migrated here, through
 * the same document-level migration, with the item's type. Returns the refusal, or null.
 */
export function updateRefusal(doc: CheckedDocument & WithItems, changes: Data): Refusal | null {
  const own = ownRefusal(doc, changes);
  if (own) return own;
  const items = Array.isArray(changes.items) ? changes.items : [];
  for (const change of items) {
    if (!isObject(change) || typeof change._id !== "string") continue;
    const item = doc.items?.get(change._id);
    if (!item) continue;
    if (isObject(change.system) && !("type" in change)) {
      change.type = item.type;
      migrateDocumentSource("Item", change);
      delete change.type;
    }
    const refusal = ownRefusal(item, change);
    if (refusal) return refusal;
    stripUpdate(item, change);
  }
  stripUpdate(doc, changes);
  return null;
}

/** A model's default source, the "before" of a creation's joint rule. */
function defaultsOf(model: CheckedModel): Data {
  return model.cleanData({});
}

/**
 * Checks creation data (migrated, uncleaned) of an item, or of an actor with its embedded items,
 * against the document built from it; drops the migration record from that document's source.
 * Legacy values taken out of creation data are kept (a creation from old exported data keeps what
 * it does not know), except those that are bad input. Returns the refusal, or null.
 */
export function createRefusal(doc: CheckedDocument & WithItems, data: Data): Refusal | null {
  const check = (target: CheckedDocument, input: Data): Refusal | null => {
    const model = modelOf(target);
    if (!model) return null;
    const captured = capturedRefusal(capturedBy(input), input.system);
    if (captured) return captured;
    const field = isObject(input.system) ? changeRefusal(model.schema, input.system) : null;
    return field ?? model.jointRefusal?.(defaultsOf(model), systemSource(target)) ?? null;
  };
  const own = check(doc, data);
  if (own) return own;
  const entries = Array.isArray(data.items) ? data.items.filter(isObject) : [];
  const source = doc._source;
  const built: unknown[] = isObject(source) && Array.isArray(source.items) ? source.items : [];
  for (const [index, entry] of entries.entries()) {
    const item = built[index];
    const id = isObject(item) ? item._id : undefined;
    const target = typeof id === "string" ? doc.items?.get(id) : undefined;
    if (!target) continue;
    const refusal = check(target, entry);
    if (refusal) return refusal;
  }
  dropMigrationRecord(doc._source);
  for (const item of built) dropMigrationRecord(item);
  return null;
}

/** Shows a refusal as an error notification. */
export function notifyRefusal(refusal: Refusal): void {
  notifyError(refusal.key, refusal.data);
}

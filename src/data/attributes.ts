/**
 * Attributes between storage and the rules (RULES §6.4). Foundry stores one flat entry per
 * attribute (every field of every variant, unused ones empty) because a schema cannot be a
 * discriminated union; the rules work on the `Attribute` union. These pure functions convert both
 * ways and parse the text the GM types, always through the rules' parser and validator.
 */
import {
  ATTRIBUTE_FIELDS,
  parseAttributes,
  validateAttribute,
  type Attribute,
  type AttributeKey,
  type ResistantKind,
} from "../rules/attributes";
import type { AptitudeKey, SubAptitudeKey } from "../rules/keys";
import { RulesRangeError, show } from "../rules/errors";
import { isRecord } from "../rules/records";

/** One stored attribute, as the `attributesField()` schema holds it. */
export interface StoredAttribute {
  key: AttributeKey;
  x: number | null;
  y: number | null;
  self: boolean;
  focused: boolean;
  score: SubAptitudeKey | "";
  aptitude: AptitudeKey | "";
  kind: ResistantKind | "";
}

type StoredField = Exclude<keyof StoredAttribute, "key">;

/** The stored fields each attribute uses: the rules' list (the letters of the lexicon). */
const USED_FIELDS: Readonly<Record<AttributeKey, readonly StoredField[]>> = ATTRIBUTE_FIELDS;

/** A stored entry with every field empty. */
function emptyEntry(key: AttributeKey): StoredAttribute {
  return { key, x: null, y: null, self: false, focused: false, score: "", aptitude: "", kind: "" };
}

/** RULES §6.4: the stored form of a rules attribute. */
export function storeAttribute(a: Attribute): StoredAttribute {
  const entry = emptyEntry(a.key);
  if ("x" in a && a.x !== undefined) entry.x = a.x;
  if ("y" in a && a.y !== undefined) entry.y = a.y;
  if ("self" in a) entry.self = a.self;
  if ("focused" in a) entry.focused = a.focused;
  if ("score" in a) entry.score = a.score;
  if ("aptitude" in a) entry.aptitude = a.aptitude;
  if ("kind" in a) entry.kind = a.kind;
  return entry;
}

/**
 * RULES §6.4: the rules attribute of a stored entry — only the fields its key uses, empty ones
 * left out — checked by the rules' validator.
 * @throws RangeError (RulesRangeError) when the entry is not a valid attribute (e.g. *Portée* Y < X).
 */
export function toAttribute(entry: Readonly<StoredAttribute>): Attribute {
  // Security F4: an entry of stored or sent data may be anything; only an object is an entry.
  if (!isRecord(entry))
    throw new RulesRangeError(`an attribute is an object (got ${show(entry)})`, "TACTICA.Errors.Attribute.NotEntry", {
      value: show(entry),
    });
  const candidate: Record<string, unknown> = { key: entry.key };
  for (const field of USED_FIELDS[entry.key] ?? []) {
    const value = entry[field];
    if (value !== null && value !== "") candidate[field] = value;
  }
  return validateAttribute(candidate);
}

/** RULES §6.4: the rules attributes of a stored list (see {@link toAttribute}). */
export function toAttributes(entries: readonly Readonly<StoredAttribute>[]): Attribute[] {
  return entries.map(toAttribute);
}

/**
 * RULES §6.4: parses attribute text (`Portée 2-4, Imprécis 1`) into stored entries.
 * @throws AttributeParseError naming the token not understood; nothing is half-parsed.
 */
export function parseStoredAttributes(text: string): StoredAttribute[] {
  return parseAttributes(text).map(storeAttribute);
}

/** What makes two attributes of one item the same (the rules parser refuses duplicates too). */
export function attributeIdentity(entry: Readonly<StoredAttribute>): string {
  if (entry.key === "resistant") return `resistant:${entry.kind}`;
  if (entry.key === "requires") return `requires:${entry.aptitude}`;
  return entry.key;
}

/**
 * RULES §6.4: the list with one more attribute read from `text`; an attribute the item already has
 * (same key, or same kind / colour) is replaced rather than doubled.
 * @throws AttributeParseError as {@link parseStoredAttributes}.
 */
export function withAttributeText(list: readonly StoredAttribute[], text: string): StoredAttribute[] {
  const added = parseStoredAttributes(text);
  const ids = new Set(added.map(attributeIdentity));
  return [...list.filter((e) => !ids.has(attributeIdentity(e))), ...added];
}

/** The list without the entry at `index` (unchanged when there is none). */
export function withoutAttribute(list: readonly StoredAttribute[], index: number): StoredAttribute[] {
  return list.filter((_, i) => i !== index);
}

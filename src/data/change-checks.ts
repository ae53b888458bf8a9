/**
 * Bad input in a create or an update, checked against the model's own fields BEFORE Foundry
 * cleans it. Foundry v13 cleans a change before validating it: a
 * NumberField rounds and CLAMPS (an update of 12 to a 0–10 field stores 10), a value it cannot use
 * is replaced by the field's initial value or fails with an English message
 * (NumberField#_cleanType, https://foundryvtt.com/api/v13/classes/foundry.data.fields.NumberField.html).
 * The documents run these checks in `_preUpdate` / `_preCreate`, which see the change uncleaned,
 * and refuse with a localised message naming the field (its label, localised by Foundry from
 * `LOCALIZATION_PREFIXES`): nothing is clamped, rounded or reset silently.
 */
import { isDeletion, replacedValue } from "../compat/deletion";
import { show } from "../rules/errors";
import { isRecord } from "../rules/records";

/** A refused change: the language key of the message and its format data. */
export interface Refusal {
  key: string;
  data: Record<string, string | number>;
}

/** What the checks read of a field (Foundry's DataField API). */
interface CheckedField {
  label?: string;
  name?: string;
  fieldPath?: string;
  nullable?: boolean;
  blank?: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  choices?: unknown;
}

/** A number or string field's `choices`, as core's field classes type them. */
type FieldChoices = foundry.data.fields.NumberField["choices"] | foundry.data.fields.StringField["choices"];

/** What the checks read of a schema (`SchemaField#get`). */
export interface CheckedSchema {
  get(name: string): unknown;
}

const finite = (n: unknown): number | undefined => (typeof n === "number" && Number.isFinite(n) ? n : undefined);

/** The name a message gives a field: its localised label, else its path. */
function nameOf(field: CheckedField): string {
  return field.label || field.fieldPath || field.name || "?";
}

/** Is `value` one of the field's `choices` (an array, an object keyed by value, or a function)? */
function isChoice(choices: FieldChoices, value: unknown): boolean {
  const list = typeof choices === "function" ? choices() : choices;
  if (Array.isArray(list)) return list.some((choice: unknown) => choice === value);
  return isRecord(list) && String(value) in list;
}

/** A number field's refusal: not a number, not an integer, out of [min, max], not a choice. */
function numberRefusal(field: foundry.data.fields.NumberField, value: unknown): Refusal | null {
  const name = nameOf(field);
  if (value === null || value === "") {
    return field.nullable ? null : { key: "TACTICA.Errors.Rules.NotInteger", data: { name, value: show(value) } };
  }
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || (field.integer && !Number.isInteger(n))) {
    return {
      key: field.integer ? "TACTICA.Errors.Rules.NotInteger" : "TACTICA.Errors.Field.NotNumber",
      data: { name, value: show(value) },
    };
  }
  const min = finite(field.min);
  const max = finite(field.max);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    return { key: "TACTICA.Errors.Rules.OutOfRange", data: { name, value: n, min: min ?? "−∞", max: max ?? "+∞" } };
  }
  if (field.choices && !isChoice(field.choices, n))
    return { key: "TACTICA.Errors.Field.NotChoice", data: { name, value: show(value) } };
  return null;
}

/** A string field with choices: the (trimmed) value must be one of them. */
function choiceRefusal(field: foundry.data.fields.StringField, value: unknown): Refusal | null {
  const text = typeof value === "string" ? value.trim() : value;
  if (isChoice(field.choices, text)) return null;
  if (text === "" && field.blank) return null;
  return { key: "TACTICA.Errors.Field.NotChoice", data: { name: nameOf(field), value: show(value) } };
}

/** A refusal of `value` for `field` with the message `key` (« {name} … (reçu : {value}) »). */
function shapeRefusal(key: string, field: CheckedField, value: unknown): Refusal {
  return { key: `TACTICA.Errors.Field.${key}`, data: { name: nameOf(field), value: show(value) } };
}

/**
 * The entries of a list field's value: an array or a Set (core's `ArrayField` takes both), or an
 * object keyed by index (the shape flattened form data gives; left to core to read, this check
 * only walks its entries); null for anything else — which core would wrap as a one-entry list and
 * refuse in English (security F5).
 */
function listEntries(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...value];
  if (!isRecord(value)) return null;
  const keys = Object.keys(value);
  return keys.every((k) => /^\d+$/.test(k)) ? keys.map((k) => value[k]) : null;
}

/** A list field: a list whose every entry its element field accepts. */
function listRefusal(field: foundry.data.fields.ArrayField<foundry.data.fields.DataField.Any>, value: unknown) {
  const entries = listEntries(value);
  if (!entries) return shapeRefusal("NotList", field, value);
  for (const entry of entries) {
    const refusal = valueRefusal(field.element, entry);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * The refusal of one value against its field (nested schemas and arrays walked), or null. Null
 * is a value only for a nullable field. Besides numbers and choices, a value of the wrong kind —
 * a list, an object, a yes/no, a text — is refused rather than cast by core without a word (a
 * boolean from `"yes"`, a text from `5`) or refused in English (security F5). Core's own reading
 * of a yes/no written as text, `"true"` / `"false"` (`BooleanField#_cast`), stays accepted.
 */
function valueRefusal(field: unknown, written: unknown): Refusal | null {
  const fields = foundry.data.fields;
  const value = replacedValue(written);
  if (value === null && field instanceof fields.DataField && !(field instanceof fields.NumberField))
    return field.nullable ? null : shapeRefusal("Missing", field, value);
  if (field instanceof fields.SchemaField)
    return isRecord(value) ? changeRefusal(field, value) : shapeRefusal("NotObject", field, value);
  if (field instanceof fields.ArrayField) return listRefusal(field, value);
  if (field instanceof fields.NumberField) return numberRefusal(field, value);
  if (field instanceof fields.BooleanField)
    return typeof value === "boolean" || value === "true" || value === "false"
      ? null
      : shapeRefusal("NotBoolean", field, value);
  if (field instanceof fields.StringField && field.choices) return choiceRefusal(field, value);
  if (field instanceof fields.StringField && typeof value !== "string") return shapeRefusal("NotText", field, value);
  return null;
}

/**
 * The first value of `change` (a model's `system` data, partial or whole, uncleaned) its field
 * would not store as given, as a localised refusal; null when every value is acceptable. Keys the
 * schema does not know are not this check's business (Foundry drops them; the document-level
 * migration keeps what stored data had), nor are deletions (`-=key`, v14's `_del`). A value v14's
 * `_replace` wraps (the change itself, or any value in it) is checked as the value it writes.
 */
export function changeRefusal(schema: CheckedSchema, written: unknown): Refusal | null {
  const change = replacedValue(written);
  if (!isRecord(change)) return null;
  for (const [rawKey, value] of Object.entries(change)) {
    if (isDeletion(rawKey, value)) continue;
    const field = schema.get(rawKey.startsWith("==") ? rawKey.slice(2) : rawKey);
    if (!field) continue;
    const refusal = valueRefusal(field, value);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * A `{ value, max }` pair (PV, *renfort*) whose value a change would put above its max: the pair
 * after the change, or null. A change that leaves both numbers as they are is not refused (stored
 * data is not this change's doing).
 */
export function valueAboveMax(current: unknown, change: unknown): { value: number; max: number } | null {
  if (!isRecord(change) || (!("value" in change) && !("max" in change))) return null;
  const before = isRecord(current) ? current : {};
  const value = Number("value" in change ? change.value : before.value);
  const max = Number("max" in change ? change.max : before.max);
  if (!Number.isFinite(value) || !Number.isFinite(max) || value <= max) return null;
  if (value === Number(before.value) && max === Number(before.max)) return null;
  return { value, max };
}

/** The `{ value, max }` pair at `path` ("profile.pv") of a source or a change, if any. */
function pairAt(data: unknown, path: readonly string[]): unknown {
  let node: unknown = data;
  for (const part of path) node = isRecord(node) ? node[part] : undefined;
  return node;
}

/**
 * The refusal of a change that puts the pair at `path` above its max (PV
 * above their maximum), with the message `key` (`{value}`, `{max}`); null otherwise.
 */
export function pairRefusal(key: string, path: readonly string[], current: unknown, change: unknown): Refusal | null {
  const pair = valueAboveMax(pairAt(current, path), pairAt(change, path));
  return pair ? { key, data: pair } : null;
}

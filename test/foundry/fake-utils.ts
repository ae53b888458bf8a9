/**
 * Part of the Foundry FAKE (see fake.ts): `foundry.utils`, small honest implementations of the
 * helpers our code and the fake itself use, with Foundry's semantics for the cases we rely on.
 * Not covered: `insertKeys`/`insertValues: false` edge cases beyond what is written here, Set/Map
 * handling.
 *
 * Behaviours:
 * - `expandObject` expands dotted keys, inside arrays too; `flattenObject` is its inverse. Source:
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.expandObject.html,
 *   …/foundry.utils.flattenObject.html. Contract: `utils.expand-flatten`.
 * - `mergeObject` merges `other` into `original` in place, dotted keys expanded, recursively;
 *   with `performDeletions` (v14 also `applyOperators`) a `-=key` or `_del` deletes; `diffObject`
 *   keeps what differs. Source: https://foundryvtt.com/api/v13/functions/foundry.utils.mergeObject.html,
 *   …/foundry.utils.diffObject.html. Contract: `utils.merge-diff`, `documents.deletion`.
 * - `getProperty`, `setProperty`, `hasProperty` follow dotted paths. Source:
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.getProperty.html. Contract:
 *   `utils.property`.
 * - `escapeHTML` escapes `& < > " '`. Source:
 *   https://foundryvtt.com/api/functions/foundry.utils.escapeHTML.html. Contract: `utils.escape`.
 * - An update's deletions stay in the diff it sends, so a change that only deletes is a change.
 *   Source: core v13 `DataModel#updateSource` (the applied changes, deletion keys included).
 *   Contract: `documents.deletion`.
 */

import { deprecatedUse } from "./fake-generation";
import { isForcedDeletion } from "./fake-operators";

export type Obj = Record<string, unknown>;

export function getType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value) as object | null;
    return proto === Object.prototype || proto === null ? "Object" : ((value as object).constructor?.name ?? "Object");
  }
  return typeof value;
}

export const isPlainObject = (value: unknown): value is Obj => getType(value) === "Object";

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (isPlainObject(value)) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepClone(v);
    return out as T;
  }
  return value;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

export function getProperty(object: unknown, key: string): unknown {
  let node: unknown = object;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Obj)[part];
  }
  return node;
}

export function hasProperty(object: unknown, key: string): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  const parent = parts.length ? getProperty(object, parts.join(".")) : object;
  return parent !== null && typeof parent === "object" && last in parent;
}

/** Sets `key` (dotted) on `object`, creating objects on the way. Returns whether it changed. */
export function setProperty(object: Obj, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let node: Obj = object;
  for (const part of parts) {
    const next = node[part];
    if (next === null || typeof next !== "object") node[part] = {};
    node = node[part] as Obj;
  }
  const changed = node[last] !== value;
  node[last] = value;
  return changed;
}

/** One value of {@link expandObject}: objects expanded, arrays element by element. */
function expandValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandValue);
  return isPlainObject(value) ? expandObject(value) : value;
}

/**
 * `{ "a.b": 1 }` → `{ a: { b: 1 } }`, recursively, inside arrays too (v13 `foundry.utils.expandObject`
 * expands array elements: an embedded change `items: [{_id, "system.x": 1}]` arrives expanded,
 * https://foundryvtt.com/api/v13/functions/foundry.utils.expandObject.html).
 */
export function expandObject(object: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(object)) {
    const expanded = expandValue(value);
    if (!key.includes(".")) {
      out[key] = isPlainObject(out[key]) && isPlainObject(expanded) ? mergeObject(out[key] as Obj, expanded) : expanded;
    } else setProperty(out, key, expanded);
  }
  return out;
}

/** `{ a: { b: 1 } }` → `{ "a.b": 1 }` (arrays and empty objects are leaves). */
export function flattenObject(object: Obj, prefix = ""): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(object)) {
    const path = `${prefix}${key}`;
    if (isPlainObject(value) && !isEmpty(value)) Object.assign(out, flattenObject(value, `${path}.`));
    else out[path] = value;
  }
  return out;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
  /** v14's name for `performDeletions` (fake-operators.ts). */
  applyOperators?: boolean;
}

/** Foundry's mergeObject for plain objects: `other` into `original` (in place by default). */
export function mergeObject<T extends Obj>(original: T, other: Obj = {}, options: MergeOptions = {}): T {
  const { insertKeys = true, insertValues = true, overwrite = true, recursive = true, inplace = true } = options;
  const target = (inplace ? original : deepClone(original)) as Obj;
  const expanded = expandObject(other);
  for (const [key, value] of Object.entries(expanded)) {
    const deletions = options.performDeletions || options.applyOperators;
    if (deletions && key.startsWith("-=")) {
      deprecatedUse("`-=key` deletion (v14: foundry.data.operators.ForcedDeletion, `_del`)");
      delete target[key.slice(2)];
      continue;
    }
    if (deletions && isForcedDeletion(value)) {
      delete target[key];
      continue;
    }
    const exists = key in target;
    const current = target[key];
    if (!exists) {
      if (isPlainObject(value) ? insertValues || insertKeys : insertKeys) target[key] = deepClone(value);
    } else if (recursive && isPlainObject(current) && isPlainObject(value)) {
      mergeObject(current, value, { ...options, inplace: true });
    } else if (overwrite) target[key] = deepClone(value);
  }
  return target as T;
}

/** The parts of `other` that differ from `original` (nested objects diffed, arrays compared whole). */
export function diffObject(original: Obj, other: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(other)) {
    const before = original[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner = diffObject(before, value);
      if (!isEmpty(inner)) out[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

/**
 * The deletions `changes` makes in `original`, at their paths: a `-=key` (v13), or a key whose
 * value is v14's ForcedDeletion (`_del`), that removes a key `original` has. Core's update keeps
 * them in the diff it sends and hands to `_onUpdate` (v13 `DataModel#updateSource` returns the
 * applied changes, deletion keys included), so a change that only deletes is still a change.
 */
export function deletionsOf(original: Obj, changes: Obj): Obj {
  const out: Obj = {};
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      if (key.slice(2) in original) out[key] = value;
    } else if (isForcedDeletion(value)) {
      if (key in original) out[key] = value;
    } else if (isPlainObject(value) && isPlainObject(original[key])) {
      const inner = deletionsOf(original[key], value);
      if (!isEmpty(inner)) out[key] = inner;
    }
  }
  return out;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)];
  return id;
}

/** The `foundry.utils` namespace as the fake provides it. */
/**
 * v13 `foundry.utils.escapeHTML(value)` (https://foundryvtt.com/api/functions/foundry.utils.escapeHTML.html):
 * the characters `& < > " '` of a string as HTML entities.
 */
export function escapeHTML(value: unknown): string {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );
}

export const fakeUtils = {
  escapeHTML,
  getType,
  deepClone,
  isEmpty,
  getProperty,
  hasProperty,
  setProperty,
  expandObject,
  flattenObject,
  mergeObject,
  diffObject,
  randomID,
};

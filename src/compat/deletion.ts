/**
 * Deleting a key in a document update, on v13 and v14 (the compatibility seam, see ./generation.ts).
 *
 * - v13: the key is written `-=key` with the value `null` (`foundry.utils.isDeletionKey`,
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.isDeletionKey.html).
 * - v14: the key keeps its name and takes the deletion operator `_del`, an instance of
 *   `foundry.data.operators.ForcedDeletion` (https://foundryvtt.com/api/modules/foundry.data.operators.html);
 *   the `-=` syntax still works but logs a deprecation naming ForcedDeletion until it goes (dnd5e
 *   5.3.3 `dnd5e.mjs` silences `/foundry\.data\.operators\.ForcedDeletion/`; its `item.mjs`
 *   `deleteActivity` writes `-=id: null` when `game.release.generation < 14`, else `id: _del`).
 *
 * Tactica writes the running generation's form and reads both ({@link isDeletion}). The checks of
 * a change read v14's other operator, ForcedReplacement, for the value it writes ({@link replacedValue}).
 */
import { isV14 } from "./generation";
import { isObject } from "./guards";

/** v14's deletion operator, read from its global (declared in src/setup/fvtt-config.ts, v14 only). */
function deletionOperator(): object {
  const operator = globalThis._del;
  if (operator === undefined) throw new Error("Tactica: Foundry v14's deletion operator (_del) is not available");
  return operator;
}

/**
 * The entry of an update that deletes `key` (a bare key, not a path): `["-=key", null]` on v13,
 * `["key", _del]` on v14. Prefix it with the path of its parent for a dotted update key.
 */
export function deletionEntry(key: string): [string, unknown] {
  if (isV14()) return [key, deletionOperator()];
  /** @deprecated v13 */
  return [`-=${key}`, null];
}

/** `{ "<path>.<key>": deletion }` for a dotted update (`path` empty for a top-level key). */
export function deletionUpdate(path: string, key: string): Record<string, unknown> {
  const [name, value] = deletionEntry(key);
  return { [path ? `${path}.${name}` : name]: value };
}

/** A class, as `instanceof` reads it. */
type AnyClass = abstract new (...args: never[]) => unknown;
const isClass = (value: unknown): value is AnyClass => typeof value === "function";

/**
 * A class of v14's `foundry.data.operators` by name, or undefined (absent on v13; a module
 * namespace fvtt-types 13.345 cannot be told about, so it is checked member by member).
 */
function operatorClass(name: "ForcedDeletion" | "ForcedReplacement"): AnyClass | undefined {
  const data = foundry.data;
  const operators = "operators" in data ? data.operators : undefined;
  const found: unknown = isObject(operators) && name in operators ? Reflect.get(operators, name) : undefined;
  return isClass(found) ? found : undefined;
}

/**
 * True when an update entry `[key, value]` deletes its key, in either generation's form: a `-=`
 * key, or v14's ForcedDeletion operator as the value.
 */
export function isDeletion(key: string, value: unknown): boolean {
  if (key.startsWith("-=")) return true;
  const ForcedDeletion = operatorClass("ForcedDeletion");
  return ForcedDeletion !== undefined && value instanceof ForcedDeletion;
}

/**
 * The value an update entry writes: v14's ForcedReplacement (`_replace(value)`: the field set to
 * that value "without inner recursion") read through its documented static `get` ("the inner
 * value of the DataFieldOperator, or the value passed if not a DataFieldOperator",
 * https://foundryvtt.com/api/classes/foundry.data.operators.ForcedReplacement.html); any other
 * value as it is.
 */
export function replacedValue(value: unknown): unknown {
  const ForcedReplacement = operatorClass("ForcedReplacement");
  if (ForcedReplacement === undefined || !(value instanceof ForcedReplacement)) return value;
  const get: unknown = Reflect.get(ForcedReplacement, "get");
  return typeof get === "function" ? Reflect.apply(get, ForcedReplacement, [value]) : value;
}

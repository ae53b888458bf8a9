/**
 * Records keyed by a closed set of keys (a key list of src/rules/keys.ts, the keys of a table).
 * `Object.fromEntries` types what it builds by `string` keys; these two builders set a value for
 * every key of their input and say so in their type, so their callers need no assertion.
 */

/** A record with a value for each of `keys`. */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Object.fromEntries is typed by `string` keys; every key of `keys` (and no other) is set here.
  return Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;
}

/** A record with the keys of `table` (its own enumerable ones), each value mapped by `value`. */
export function mapValues<T extends object, V>(
  table: T,
  value: (entry: T[keyof T], key: keyof T & string) => V,
): { [K in keyof T]: V } {
  const out: Record<string, V> = {};
  for (const key in table) if (Object.hasOwn(table, key)) out[key] = value(table[key], key);
  // The loop set one value per own key of `table`: the mapped type of its keys.
  return out as { [K in keyof T]: V };
}

/** Whether `value` is a plain record: an object, not `null`, not an array (its members then read as `unknown`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

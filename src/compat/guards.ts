/**
 * Run-time checks for the compatibility seam (see ./generation.ts): a member one generation has and
 * the other lacks is read after an `in` check that it is there, never asserted.
 */

/** Whether `value` is an object (not `null`), whose members can then be looked up with `in`. */
export function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/**
 * Validation shared by every rules function.
 *
 * Rules functions throw {@link RulesRangeError} (a `RangeError`) on out-of-range input. The
 * English message is for developers and macros; the `key` and `data` let the Foundry layer show
 * the same error localised (`game.i18n.format(error.key, error.data)`), so the rules layer never
 * needs Foundry's i18n.
 */

/** Localisation keys of the rules errors; each exists in `lang/fr.json` and `lang/en.json`. */
export type RulesErrorKey =
  | "TACTICA.Errors.Rules.NotInteger"
  | "TACTICA.Errors.Rules.OutOfRange"
  | "TACTICA.Errors.Rules.Invalid"
  | "TACTICA.Errors.Attribute.UnknownToken"
  | "TACTICA.Errors.Attribute.MissingValue"
  | "TACTICA.Errors.Attribute.Empty"
  | "TACTICA.Errors.Attribute.Duplicate"
  | "TACTICA.Errors.Attribute.NotEntry";

/** A `RangeError` that also carries a localisation key and its format data. */
export class RulesRangeError extends RangeError {
  override name = "RulesRangeError";
  constructor(
    message: string,
    readonly key: RulesErrorKey,
    readonly data: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** Printable form of any value, for error messages (`NaN`, `"abc"`, `3.5`, `undefined`). */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value == null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * Asserts that `value` is an integer within `[min, max]` (either bound optional) and returns it.
 * @param name what the value is, as the message should name it (e.g. `"face"`, `"level"`).
 */
export function assertInteger(name: string, value: unknown, min?: number, max?: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new RulesRangeError(`${name} must be an integer (got ${show(value)})`, "TACTICA.Errors.Rules.NotInteger", {
      name,
      value: show(value),
    });
  }
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    const range =
      max === undefined ? `at least ${min}` : min === undefined ? `at most ${max}` : `between ${min} and ${max}`;
    throw new RulesRangeError(`${name} must be ${range} (got ${value})`, "TACTICA.Errors.Rules.OutOfRange", {
      name,
      value,
      min: min ?? "−∞",
      max: max ?? "+∞",
    });
  }
  return value;
}

/** Asserts a die face: an integer from 1 to `sides`. */
export function assertFace(value: unknown, sides: number, name = "face"): number {
  return assertInteger(`${name} (d${sides})`, value, 1, sides);
}

/** Throws a {@link RulesRangeError} for an input that breaks a rule other than a range. */
export function invalid(message: string, value: unknown): never {
  throw new RulesRangeError(`${message} (got ${show(value)})`, "TACTICA.Errors.Rules.Invalid", {
    message,
    value: show(value),
  });
}

import { describe, expect, it } from "vitest";
import { assertFace, assertInteger, invalid, RulesRangeError, show } from "../../src/rules/errors";
import { loadLang } from "../helpers/lang";

// The rules' errors (src/rules/errors.ts): a RangeError whose English message is for developers
// and macros, and whose key and data let the Foundry layer say the same thing in the user's
// language (`game.i18n.format(key, data)`): what each refusal carries.

/** The error `fn` throws (the test fails when it throws none, or something else). */
function thrown(fn: () => unknown): RulesRangeError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesRangeError);
    return error as RulesRangeError;
  }
  throw new Error("nothing was thrown");
}
const carried = (error: RulesRangeError) => ({ message: error.message, key: error.key, data: error.data });

describe("rules errors", () => {
  it("are RangeErrors named RulesRangeError", () => {
    const error = new RulesRangeError("m", "TACTICA.Errors.Rules.Invalid", {});
    expect(error).toBeInstanceOf(RangeError);
    expect([error.name, error.message, String(error)]).toEqual(["RulesRangeError", "m", "RulesRangeError: m"]);
  });

  it("assertInteger returns an integer within its bounds, the bounds included", () => {
    expect(assertInteger("n", 0)).toBe(0);
    expect(assertInteger("n", -7)).toBe(-7);
    expect(assertInteger("n", 3, 3, 3)).toBe(3);
    expect(assertInteger("n", 1, 1)).toBe(1);
    expect(assertInteger("n", 9, undefined, 9)).toBe(9);
  });

  it("assertInteger refuses what is not an integer, naming it and showing the value", () => {
    expect(carried(thrown(() => assertInteger("level", 2.5)))).toEqual({
      message: "level must be an integer (got 2.5)",
      key: "TACTICA.Errors.Rules.NotInteger",
      data: { name: "level", value: "2.5" },
    });
    expect(thrown(() => assertInteger("level", "3")).message).toBe('level must be an integer (got "3")');
    expect(thrown(() => assertInteger("level", Number.NaN)).data).toEqual({ name: "level", value: "NaN" });
    expect(thrown(() => assertInteger("level", Number.POSITIVE_INFINITY)).key).toBe("TACTICA.Errors.Rules.NotInteger");
  });

  it("assertInteger refuses a value out of its bounds, saying which bounds", () => {
    expect(carried(thrown(() => assertInteger("face", 7, 1, 6)))).toEqual({
      message: "face must be between 1 and 6 (got 7)",
      key: "TACTICA.Errors.Rules.OutOfRange",
      data: { name: "face", value: 7, min: 1, max: 6 },
    });
    expect(carried(thrown(() => assertInteger("face", 0, 1, 6))).message).toBe("face must be between 1 and 6 (got 0)");
    expect(carried(thrown(() => assertInteger("wp", -1, 0)))).toEqual({
      message: "wp must be at least 0 (got -1)",
      key: "TACTICA.Errors.Rules.OutOfRange",
      data: { name: "wp", value: -1, min: 0, max: "+∞" },
    });
    expect(carried(thrown(() => assertInteger("wp", 11, undefined, 10)))).toEqual({
      message: "wp must be at most 10 (got 11)",
      key: "TACTICA.Errors.Rules.OutOfRange",
      data: { name: "wp", value: 11, min: "−∞", max: 10 },
    });
  });

  it("assertFace names the die, and invalid carries its message and the value", () => {
    expect(assertFace(6, 6)).toBe(6);
    expect(thrown(() => assertFace(11, 10)).message).toBe("face (d10) must be between 1 and 10 (got 11)");
    expect(thrown(() => assertFace(0, 6, "gear die")).message).toBe("gear die (d6) must be between 1 and 6 (got 0)");
    expect(carried(thrown(() => invalid("unknown timeline entry", "x1")))).toEqual({
      message: 'unknown timeline entry (got "x1")',
      key: "TACTICA.Errors.Rules.Invalid",
      data: { message: "unknown timeline entry", value: '"x1"' },
    });
  });

  it("show prints strings quoted, numbers, booleans and empty values as they are, objects as JSON", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect([
      show("abc"),
      show(3.5),
      show(true),
      show(null),
      show(undefined),
      show({ a: [1] }),
      show(circular),
      show(10n),
    ]).toEqual(['"abc"', "3.5", "true", "null", "undefined", '{"a":[1]}', "[object Object]", "10"]);
  });

  it("has each of its keys in both languages, with the data's names as placeholders", () => {
    for (const lang of ["fr", "en"] as const) {
      const rules = (loadLang(lang) as { TACTICA: { Errors: { Rules: Record<string, string> } } }).TACTICA.Errors.Rules;
      expect(rules.NotInteger).toMatch(/\{name\}.*\{value\}/);
      expect(rules.OutOfRange).toMatch(/\{name\}.*\{min\}.*\{max\}.*\{value\}/);
      expect(rules.Invalid).toMatch(/\{message\}.*\{value\}/);
    }
  });
});

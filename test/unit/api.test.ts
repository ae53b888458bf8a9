import { describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index";

// DESIGN §3: the stable rules API, with exactly these names.
const STABLE_API = [
  "pressureBonus",
  "poolSuccesses",
  "isPushable",
  "pushPool",
  "pushConsequences",
  "pushOdds",
  "castTarget",
  "cancelTarget",
  "isPsySuccess",
  "moraleTriggered",
  "coTarget",
  "panicResult",
  "rallyCost",
  "needsFearTest",
  "scoreTest",
  "stunDelay",
  "imprecisPenalty",
  "inRange",
  "requisExhaustion",
  "tectonic",
  "parseAttribute",
  "formatAttribute",
  "applyDamage",
  "thresholdTick",
  "placeDistance",
] as const;

describe("the stable rules API (DESIGN §3)", () => {
  it.each(STABLE_API)("exports %s as a function", (name) => {
    expect(typeof (rules as Record<string, unknown>)[name]).toBe("function");
  });

  it("throws RangeError (RulesRangeError) naming the bad value, with a localisation key", () => {
    try {
      rules.castTarget({ level: 9, mastery: 1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError);
      expect(error).toBeInstanceOf(rules.RulesRangeError);
      expect((error as Error).message).toContain("9");
      expect((error as rules.RulesRangeError).key).toMatch(/^TACTICA\.Errors\./);
    }
  });

  it("round-trips an attribute through text in both languages", () => {
    const a = rules.parseAttribute("Portée 2-4");
    expect(rules.parseAttribute(rules.formatAttribute(a, "en"))).toEqual(a);
    expect(rules.formatAttribute(a, "fr")).toBe("Portée 2-4");
  });
});

import { describe, expect, it } from "vitest";
import {
  APTITUDE_GLYPHS,
  APTITUDE_KEYS,
  aptitudeOf,
  BUILD_TOTALS,
  isOneOf,
  PROFILE_KEYS,
  SUB_APTITUDE_KEYS,
  SUB_APTITUDES,
} from "../../src/rules/keys";
import { mapValues, recordOf } from "../../src/rules/records";

// The game-term keys of RULES §1 (the profile table, the aptitudes and their sub-aptitudes, the
// build totals), and the two record builders every closed set of keys goes through.

describe("the keys of RULES §1", () => {
  it("names the eleven characteristics of the skirmish profile, in the table's order", () => {
    expect(PROFILE_KEYS).toEqual(["mou", "ini", "att", "def", "tir", "for", "end", "co", "peur", "ac", "pv"]);
  });

  it("groups the eleven sub-aptitudes under the four aptitudes, each with its glyph", () => {
    const table = APTITUDE_KEYS.map((apt) => [APTITUDE_GLYPHS[apt], apt, SUB_APTITUDES[apt]]);
    expect(table).toEqual([
      ["🟫", "puissance", ["force", "robustesse"]],
      ["🟥", "vivacite", ["precision", "reflexe", "vigilance"]],
      ["🟩", "volonte", ["sangFroid", "determination", "perspicacite"]],
      ["🟦", "intellect", ["scholastique", "technoMaitrise", "savoirsInterdits"]],
    ]);
    expect(SUB_APTITUDE_KEYS).toEqual(APTITUDE_KEYS.flatMap((apt) => SUB_APTITUDES[apt]));
  });

  it("finds the aptitude governing each sub-aptitude", () => {
    expect(Object.fromEntries(SUB_APTITUDE_KEYS.map((sub) => [sub, aptitudeOf(sub)]))).toEqual({
      force: "puissance",
      robustesse: "puissance",
      precision: "vivacite",
      reflexe: "vivacite",
      vigilance: "vivacite",
      sangFroid: "volonte",
      determination: "volonte",
      perspicacite: "volonte",
      scholastique: "intellect",
      technoMaitrise: "intellect",
      savoirsInterdits: "intellect",
    });
    // Stored data the types do not vouch for: a key no table knows is refused, by name.
    expect(() => aptitudeOf("agilite" as never)).toThrow(new RangeError("unknown sub-aptitude agilite"));
  });

  it("builds a character on 15 aptitude points and 12 sub-aptitude points (004 P.1.1)", () => {
    expect(BUILD_TOTALS).toEqual({ aptitudes: 15, subAptitudes: 12 });
  });

  it("tells a key of a list from anything else, by strict equality", () => {
    expect(isOneOf(APTITUDE_KEYS, "volonte")).toBe(true);
    expect(isOneOf(APTITUDE_KEYS, "Volonte")).toBe(false);
    expect(isOneOf(APTITUDE_KEYS, "")).toBe(false);
    expect(isOneOf([1, 2], "1")).toBe(false);
    expect(isOneOf([], undefined)).toBe(false);
  });
});

describe("records of a closed set of keys (src/rules/records.ts)", () => {
  it("recordOf: one value per key, computed from the key", () => {
    expect(recordOf(["a", "bb"], (key) => key.length)).toEqual({ a: 1, bb: 2 });
    expect(recordOf([], () => 1)).toEqual({});
  });

  it("mapValues: one value per own key of the table, from its value and key; inherited keys left out", () => {
    const inherited = Object.create({ hidden: 5 }) as { own: number; other: number };
    inherited.own = 1;
    inherited.other = 2;
    expect(mapValues(inherited, (value, key) => `${key}=${value * 10}`)).toEqual({ own: "own=10", other: "other=20" });
    expect(Object.keys(mapValues(inherited, (value) => value))).toEqual(["own", "other"]);
  });
});

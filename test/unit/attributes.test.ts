import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  ATTRIBUTE_KEYS,
  AttributeParseError,
  RESISTANT_KINDS,
  areaTargets,
  attackSourceKinds,
  formatAttribute,
  formatAttributes,
  imprecisPenalty,
  inRange,
  parseAttribute,
  parseAttributes,
  requisExhaustion,
  tectonic,
  validateAttribute,
  type Attribute,
} from "../../src/rules/attributes";
import { RulesRangeError } from "../../src/rules/errors";
import { APTITUDE_KEYS, SUB_APTITUDE_KEYS } from "../../src/rules/keys";

/** Runs `fn`, expecting an AttributeParseError, and returns it. */
function parseError(fn: () => unknown): AttributeParseError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AttributeParseError);
    expect(e).toBeInstanceOf(RangeError);
    return e as AttributeParseError;
  }
  throw new Error("expected an AttributeParseError");
}

describe("parseAttribute — the lexicon's examples (RULES §6.4, seed 004)", () => {
  const examples: [string, Attribute][] = [
    ["Portée 2-4", { key: "range", x: 2, y: 4 }],
    ["Range 2-4", { key: "range", x: 2, y: 4 }],
    ["Portée 0", { key: "range", x: 0 }],
    ["Portée 3", { key: "range", x: 3 }],
    ["De zone 2 Et Soi", { key: "area", x: 2, self: true }],
    ["Area 2 And Self", { key: "area", x: 2, self: true }],
    ["De Zone et Soi", { key: "area", self: true }],
    ["De Zone 2", { key: "area", x: 2, self: false }],
    ["De zone", { key: "area", self: false }],
    ["Différé 3 Focalisé", { key: "delayed", x: 3, focused: true }],
    ["Delayed 3 Focused", { key: "delayed", x: 3, focused: true }],
    ["Différé 2", { key: "delayed", x: 2, focused: false }],
    ["Requis 🟦 10", { key: "requires", aptitude: "intellect", x: 10 }],
    ["Requis 🟫 5", { key: "requires", aptitude: "puissance", x: 5 }],
    ["Requis Intellect 10", { key: "requires", aptitude: "intellect", x: 10 }],
    ["Requires Intellect 10", { key: "requires", aptitude: "intellect", x: 10 }],
    ["Requis bleu 10", { key: "requires", aptitude: "intellect", x: 10 }],
    ["Requires red 3", { key: "requires", aptitude: "vivacite", x: 3 }],
    ["Requis Volonté 2", { key: "requires", aptitude: "volonte", x: 2 }],
    ["Etourdissante Réflexe 18", { key: "stunning", score: "reflexe", y: 18 }],
    ["Stunning Reflexes 18", { key: "stunning", score: "reflexe", y: 18 }],
    ["Étourdissante Sang-froid 12", { key: "stunning", score: "sangFroid", y: 12 }],
    ["Stunning Forbidden lore 9", { key: "stunning", score: "savoirsInterdits", y: 9 }],
    ["Résistant Incendiaire 2", { key: "resistant", kind: "incendiary", y: 2 }],
    ["Resistant Incendiary 2", { key: "resistant", kind: "incendiary", y: 2 }],
    ["Résistant De zone 1", { key: "resistant", kind: "area", y: 1 }],
    ["Résistant Corps-à-corps 3", { key: "resistant", kind: "melee", y: 3 }],
    ["Resistant Range 1", { key: "resistant", kind: "range", y: 1 }],
    ["Terrifiant", { key: "terrifying" }],
    ["Terrifying", { key: "terrifying" }],
    ["Pénétrant 2", { key: "penetrating", x: 2 }],
    ["Imprécis 2", { key: "inaccurate", x: 2 }],
    ["Imprécis 3", { key: "inaccurate", x: 3 }],
    ["Tectonique 3", { key: "tectonic", x: 3 }],
    ["Adaptatif 1", { key: "adaptive", x: 1 }],
    ["Disruptif 2", { key: "disruptive", x: 2 }],
    ["Incendiaire 1", { key: "incendiary", x: 1 }],
  ];
  it.each(examples)("%s", (text, expected) => {
    expect(parseAttribute(text)).toStrictEqual(expected);
  });

  it("ignores case, accents, extra spaces, dash styles and emoji variation selectors", () => {
    expect(parseAttribute("  PORTEE   2 – 4 ")).toStrictEqual({ key: "range", x: 2, y: 4 });
    expect(parseAttribute("penetrant 2")).toStrictEqual({ key: "penetrating", x: 2 });
    expect(parseAttribute("IMPRÉCIS 2")).toStrictEqual({ key: "inaccurate", x: 2 });
    expect(parseAttribute("différé 3 FOCALISÉ")).toStrictEqual({ key: "delayed", x: 3, focused: true });
    expect(parseAttribute("Requis 🟦\uFE0F 10")).toStrictEqual({ key: "requires", aptitude: "intellect", x: 10 });
    expect(parseAttribute("résistant corps a corps 1")).toStrictEqual({ key: "resistant", kind: "melee", y: 1 });
    // Decomposed accents (NFD), as some keyboards and pastes produce them.
    expect(parseAttribute("Pe\u0301ne\u0301trant 1")).toStrictEqual({ key: "penetrating", x: 1 });
  });
});

describe("parseAttribute — errors name the token (RULES §6.4)", () => {
  it("names an unknown keyword as typed", () => {
    const e = parseError(() => parseAttribute("Foudroyant 2"));
    expect(e.token).toBe("Foudroyant");
    expect(e.message).toContain("Foudroyant");
    expect(e.key).toBe("TACTICA.Errors.Attribute.UnknownToken");
    expect(e.data).toEqual({ token: "Foudroyant", text: "Foudroyant 2" });
  });

  it("names a token left over or out of place", () => {
    expect(parseError(() => parseAttribute("Terrifiant 2")).token).toBe("2");
    expect(parseError(() => parseAttribute("Portée 2-4 Focalisé")).token).toBe("Focalisé");
    expect(parseError(() => parseAttribute("Requis 🟪 3")).token).toBe("🟪");
    expect(parseError(() => parseAttribute("Etourdissante Agilité 12")).token).toBe("Agilité");
    expect(parseError(() => parseAttribute("Résistant Glace 2")).token).toBe("Glace");
    expect(parseError(() => parseAttribute("Portée 2.5")).token).toBe(".");
    expect(parseError(() => parseAttribute("Pénétrant -2")).token).toBe("-");
    expect(parseError(() => parseAttribute("Pénétrant deux")).token).toBe("deux");
  });

  it("names the word whose value is missing", () => {
    const e = parseError(() => parseAttribute("Pénétrant"));
    expect(e.key).toBe("TACTICA.Errors.Attribute.MissingValue");
    expect(e.token).toBe("Pénétrant");
    expect(parseError(() => parseAttribute("Résistant Incendiaire")).token).toBe("Incendiaire");
    expect(parseError(() => parseAttribute("Requis 🟦")).token).toBe("🟦");
  });

  it("rejects empty text", () => {
    expect(parseError(() => parseAttribute("   ")).key).toBe("TACTICA.Errors.Attribute.Empty");
  });

  it("validates numbers: Portée Y ≥ X, Tectonique 0–5", () => {
    expect(() => parseAttribute("Portée 4-2")).toThrow(RulesRangeError);
    expect(() => parseAttribute("Portée 4-2")).toThrow(/Portée Y.*2/);
    expect(() => parseAttribute("Tectonique 6")).toThrow(/Tectonique X.*6/);
    expect(parseAttribute("Portée 2-2")).toStrictEqual({ key: "range", x: 2, y: 2 });
  });
});

describe("parseAttributes (RULES §6.4)", () => {
  it("reads a comma or semicolon separated list", () => {
    expect(parseAttributes("Portée 2-4, Imprécis 2; Incendiaire 1")).toStrictEqual([
      { key: "range", x: 2, y: 4 },
      { key: "inaccurate", x: 2 },
      { key: "incendiary", x: 1 },
    ]);
    expect(parseAttributes("")).toStrictEqual([]);
    expect(parseAttributes(" , ;")).toStrictEqual([]);
  });

  it("allows one Résistant per kind and one Requis per colour, but no other repeats", () => {
    expect(parseAttributes("Résistant Incendiaire 2, Résistant De zone 1, Requis 🟫 5, Requis 🟦 3")).toHaveLength(4);
    const e = parseError(() => parseAttributes("Portée 2, Range 3"));
    expect(e.key).toBe("TACTICA.Errors.Attribute.Duplicate");
    expect(e.token).toBe("Range 3");
    expect(parseError(() => parseAttributes("Résistant Incendiaire 2, Resistant fire 1")).token).toBe(
      "Resistant fire 1",
    );
  });

  it("names the unknown token inside a list", () => {
    expect(parseError(() => parseAttributes("Portée 2, Bidule")).token).toBe("Bidule");
  });
});

describe("formatAttribute (RULES §6.4)", () => {
  it("writes the canonical French and English text", () => {
    const cases: [Attribute, string, string][] = [
      [{ key: "range", x: 2, y: 4 }, "Portée 2-4", "Range 2-4"],
      [{ key: "range", x: 0 }, "Portée 0", "Range 0"],
      [{ key: "area", x: 2, self: true }, "De zone 2 Et Soi", "Area 2 And Self"],
      [{ key: "area", self: false }, "De zone", "Area"],
      [{ key: "delayed", x: 3, focused: true }, "Différé 3 Focalisé", "Delayed 3 Focused"],
      [{ key: "requires", aptitude: "intellect", x: 10 }, "Requis 🟦 10", "Requires 🟦 10"],
      [{ key: "stunning", score: "reflexe", y: 18 }, "Étourdissante Réflexe 18", "Stunning Reflexes 18"],
      [{ key: "resistant", kind: "incendiary", y: 2 }, "Résistant Incendiaire 2", "Resistant Incendiary 2"],
      [{ key: "resistant", kind: "melee", y: 1 }, "Résistant Corps-à-corps 1", "Resistant Melee 1"],
      [{ key: "terrifying" }, "Terrifiant", "Terrifying"],
      [{ key: "penetrating", x: 2 }, "Pénétrant 2", "Penetrating 2"],
      [{ key: "tectonic", x: 3 }, "Tectonique 3", "Tectonic 3"],
    ];
    for (const [a, fr, en] of cases) {
      expect(formatAttribute(a, "fr")).toBe(fr);
      expect(formatAttribute(a, "en")).toBe(en);
    }
    expect(formatAttributes([{ key: "range", x: 1 }, { key: "terrifying" }], "fr")).toBe("Portée 1, Terrifiant");
  });

  it("rejects malformed attributes and unknown languages", () => {
    expect(() => formatAttribute({ key: "range", x: 3, y: 1 }, "fr")).toThrow(RangeError);
    expect(() => formatAttribute({ key: "tectonic", x: 9 }, "en")).toThrow(/9/);
    expect(() => formatAttribute({ key: "range", x: 1 }, "de" as never)).toThrow(/"de"/);
    expect(() => formatAttribute({ key: "nope" } as never, "fr")).toThrow(/nope/);
  });
});

const nat = fc.nat({ max: 1000 });
const attributeArb: fc.Arbitrary<Attribute> = fc.oneof(
  ...(["adaptive", "disruptive", "inaccurate", "incendiary", "penetrating"] as const).map((key) =>
    nat.map((x): Attribute => ({ key, x })),
  ),
  fc
    .tuple(fc.option(nat, { nil: undefined }), fc.boolean())
    .map(([x, self]): Attribute => (x === undefined ? { key: "area", self } : { key: "area", x, self })),
  fc.tuple(nat, fc.boolean()).map(([x, focused]): Attribute => ({ key: "delayed", x, focused })),
  fc.tuple(fc.constantFrom(...SUB_APTITUDE_KEYS), nat).map(([score, y]): Attribute => ({ key: "stunning", score, y })),
  fc
    .tuple(nat, fc.option(nat, { nil: undefined }))
    .map(([x, extra]): Attribute => (extra === undefined ? { key: "range", x } : { key: "range", x, y: x + extra })),
  fc.tuple(fc.constantFrom(...RESISTANT_KINDS), nat).map(([kind, y]): Attribute => ({ key: "resistant", kind, y })),
  fc
    .tuple(fc.constantFrom(...APTITUDE_KEYS), nat)
    .map(([aptitude, x]): Attribute => ({ key: "requires", aptitude, x })),
  fc.integer({ min: 0, max: 5 }).map((x): Attribute => ({ key: "tectonic", x })),
  fc.constant<Attribute>({ key: "terrifying" }),
);

describe("round trip (RULES §6.4)", () => {
  it("property: parseAttribute(formatAttribute(a, lang)) deep-equals a, in both languages", () => {
    fc.assert(
      fc.property(attributeArb, fc.constantFrom("fr" as const, "en" as const), (a, lang) => {
        expect(parseAttribute(formatAttribute(a, lang))).toStrictEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it("property: the arbitrary covers every key and every generated value is valid", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(attributeArb, (a) => {
        seen.add(a.key);
        expect(validateAttribute(a)).toBe(a);
      }),
      { numRuns: 500 },
    );
    expect([...seen].sort()).toEqual([...ATTRIBUTE_KEYS].sort());
  });

  it("property: parseAttribute never throws anything but a RangeError", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        try {
          validateAttribute(parseAttribute(text));
        } catch (e) {
          expect(e).toBeInstanceOf(RangeError);
        }
      }),
    );
  });
});

describe("validateAttribute (RULES §6.4)", () => {
  it("rejects missing, extra and mistyped fields, naming the value", () => {
    expect(() => validateAttribute({ key: "penetrating" })).toThrow(/Pénétrant X.*undefined/);
    expect(() => validateAttribute({ key: "penetrating", x: -1 })).toThrow(/-1/);
    expect(() => validateAttribute({ key: "penetrating", x: 1, self: true })).toThrow(/self/);
    expect(() => validateAttribute({ key: "area", x: 1 })).toThrow(/self/);
    expect(() => validateAttribute({ key: "stunning", score: "agilite", y: 3 })).toThrow(/agilite/);
    expect(() => validateAttribute({ key: "resistant", kind: "cold", y: 3 })).toThrow(/cold/);
    expect(() => validateAttribute({ key: "requires", aptitude: "puissance", x: 2.5 })).toThrow(/2\.5/);
    expect(() => validateAttribute(null)).toThrow(RangeError);
  });

  it("treats an explicit undefined optional field as absent", () => {
    expect(() => validateAttribute({ key: "range", x: 2, y: undefined })).not.toThrow();
  });
});

describe("lexicon rules (RULES §6.4)", () => {
  it("Imprécis: 004 Imprécis 2 at distance 3 → −6, Imprécis 3 in the same place → 0", () => {
    expect(imprecisPenalty(2, 3)).toBe(6);
    expect(10 - imprecisPenalty(2, 3)).toBe(4);
    expect(imprecisPenalty(3, 0)).toBe(0);
    expect(() => imprecisPenalty(2, -1)).toThrow(/distance.*-1/);
  });

  it("Portée 0 / Portée X / Portée X-Y (D-31)", () => {
    expect(inRange({ x: 0 }, 0)).toBe(true);
    expect(inRange({ x: 0 }, 1)).toBe(false);
    expect([0, 1, 2, 3].map((d) => inRange({ x: 2 }, d))).toEqual([true, true, true, false]);
    expect([1, 2, 3, 4, 5].map((d) => inRange({ x: 2, y: 4 }, d))).toEqual([false, true, true, true, false]);
    expect(inRange({ x: 3 }, null)).toBe(false);
    expect(() => inRange({ x: 4, y: 2 }, 3)).toThrow(/Portée Y.*2/);
    expect(() => inRange({ x: 1 }, 1.5)).toThrow(/distance.*1\.5/);
  });

  it("Requis: 004 🟦 4 with Requis 🟦 10 → 6; 🟫 4 with Requis 🟫 5 → 1; enough → 0", () => {
    expect(requisExhaustion(4, 10)).toBe(6);
    expect(requisExhaustion(4, 5)).toBe(1);
    expect(requisExhaustion(6, 5)).toBe(0);
    expect(() => requisExhaustion(-1, 5)).toThrow(/aptitude.*-1/);
  });

  it("Tectonique: one step toward X, no effect at X", () => {
    expect(tectonic(1, 3)).toBe(2);
    expect(tectonic(4, 3)).toBe(3);
    expect(tectonic(3, 3)).toBe(3);
    expect(tectonic(0, 5)).toBe(1);
    expect(() => tectonic(6, 3)).toThrow(/encumbrance.*6/);
    expect(() => tectonic(2, 7)).toThrow(/Tectonique X.*7/);
  });

  it("property: Tectonique stays within 0–5 and never passes X", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (e, x) => {
        const after = tectonic(e, x);
        expect(Math.abs(after - e)).toBe(e === x ? 0 : 1);
        expect(Math.abs(x - after)).toBeLessThan(Math.abs(x - e) || 1);
      }),
    );
  });

  it("Résistant kinds of an attack: melee without Portée, range with it", () => {
    expect(attackSourceKinds([])).toEqual(["melee"]);
    expect(
      attackSourceKinds([
        { key: "range", x: 2 },
        { key: "incendiary", x: 1 },
      ]),
    ).toEqual(["incendiary", "range"]);
    expect(
      attackSourceKinds([
        { key: "area", self: false },
        { key: "disruptive", x: 1 },
      ]),
    ).toEqual(["disruptive", "area", "melee"]);
  });
});

describe("areaTargets (RULES §6.4 De zone, D-28, D-38)", () => {
  it("004: a De Zone et Soi grenade hits every occupant and John", () => {
    const r = areaTargets({ occupants: ["a", "b", "c"], attacker: "john", area: { self: true } });
    expect(r).toEqual({ targets: ["a", "b", "c", "john"], exhaustion: 0, slots: 3 });
  });

  it("004: a De Zone 2 axe on an enemy and an ally hits both, or only the enemy for 1 Épuisement", () => {
    const base = { occupants: ["enemy", "ally", "john"], attacker: "john", area: { x: 2, self: false } };
    expect(areaTargets(base)).toEqual({ targets: ["enemy", "ally"], exhaustion: 0, slots: 2 });
    expect(areaTargets({ ...base, spared: ["ally"] })).toEqual({ targets: ["enemy"], exhaustion: 1, slots: 2 });
    // Choosing only the enemy is the same as choosing both and sparing the ally (D-38).
    expect(areaTargets({ ...base, chosen: ["enemy"] })).toEqual({ targets: ["enemy"], exhaustion: 1, slots: 2 });
  });

  it("D-38: the attacker chooses which X occupants when there are more; fewer than X costs the empty slots", () => {
    const input = { occupants: ["a", "b", "c"], attacker: "j", area: { x: 2, self: false }, chosen: ["c", "a"] };
    expect(areaTargets(input)).toEqual({ targets: ["c", "a"], exhaustion: 0, slots: 2 });
    expect(areaTargets({ ...input, chosen: ["b", "c"] }).targets).toEqual(["b", "c"]);
    expect(areaTargets({ ...input, chosen: ["b"] })).toEqual({ targets: ["b"], exhaustion: 1, slots: 2 });
    expect(() => areaTargets({ ...input, chosen: undefined })).toThrow(/at most 2 of the 3/);
    expect(() => areaTargets({ ...input, chosen: ["a", "b", "c"] })).toThrow(/at most 2/);
    expect(() => areaTargets({ ...input, chosen: ["a", "z"] })).toThrow(/"z"/);
    expect(() => areaTargets({ ...input, chosen: ["a", "j"] })).toThrow(/"j"/);
    expect(() => areaTargets({ ...input, chosen: ["a", "a"] })).toThrow(RangeError);
  });

  it("Et Soi adds the attacker; sparing him costs 1 Épuisement like any target", () => {
    const input = { occupants: ["a", "b"], attacker: "j", area: { x: 1, self: true }, chosen: ["b"] };
    expect(areaTargets(input)).toEqual({ targets: ["b", "j"], exhaustion: 0, slots: 1 });
    expect(areaTargets({ ...input, spared: ["j"] })).toEqual({ targets: ["b"], exhaustion: 1, slots: 1 });
  });

  it("rejects sparing someone who is not a target", () => {
    expect(() => areaTargets({ occupants: ["a"], attacker: "j", area: { self: false }, spared: ["j"] })).toThrow(/"j"/);
  });
});

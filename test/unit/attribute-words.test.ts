import { describe, expect, it } from "vitest";
import { AttributeParseError, formatAttribute, parseAttribute, parseAttributes } from "../../src/rules/attribute-text";
import type { Attribute } from "../../src/rules/attribute-model";

// RULES §6.4, the attribute lexicon as a table types it: every spelling the parser accepts for
// each word (French as the seeds write it, with or without accents and the feminine, and the
// English words), and the name each word is written back with in French and in English. One row
// per spelling, so a word the lexicon loses fails its own row.

const untyped = <T>(value: unknown) => value as T;

/** Each text, as typed, and the attribute it reads as. */
const SPELLINGS: [string, Attribute][] = [
  ["Adaptatif 1", { key: "adaptive", x: 1 }],
  ["adaptative 1", { key: "adaptive", x: 1 }],
  ["Adaptive 1", { key: "adaptive", x: 1 }],
  ["De zone 2", { key: "area", x: 2, self: false }],
  ["Zone 2", { key: "area", x: 2, self: false }],
  ["Area 2", { key: "area", x: 2, self: false }],
  ["De zone 2 Et Soi", { key: "area", x: 2, self: true }],
  ["zone 2 and self", { key: "area", x: 2, self: true }],
  ["De zone 2 soi", { key: "area", x: 2, self: true }],
  ["Area 2 self", { key: "area", x: 2, self: true }],
  ["Différé 2", { key: "delayed", x: 2, focused: false }],
  ["Différée 2 Focalisée", { key: "delayed", x: 2, focused: true }],
  ["Delayed 2 Focused", { key: "delayed", x: 2, focused: true }],
  ["Différé 2 focalisé", { key: "delayed", x: 2, focused: true }],
  ["Étourdissante Force 2", { key: "stunning", score: "force", y: 2 }],
  ["Étourdissant Strength 2", { key: "stunning", score: "force", y: 2 }],
  ["Stunning Robustesse 2", { key: "stunning", score: "robustesse", y: 2 }],
  ["Étourdissante Sturdiness 2", { key: "stunning", score: "robustesse", y: 2 }],
  ["Étourdissante Toughness 2", { key: "stunning", score: "robustesse", y: 2 }],
  ["Étourdissante Précision 2", { key: "stunning", score: "precision", y: 2 }],
  ["Étourdissante Réflexe 2", { key: "stunning", score: "reflexe", y: 2 }],
  ["Étourdissante Reflexes 2", { key: "stunning", score: "reflexe", y: 2 }],
  ["Étourdissante reflex 2", { key: "stunning", score: "reflexe", y: 2 }],
  ["Étourdissante Vigilance 2", { key: "stunning", score: "vigilance", y: 2 }],
  ["Étourdissante Sang-froid 2", { key: "stunning", score: "sangFroid", y: 2 }],
  ["Étourdissante Sangfroid 2", { key: "stunning", score: "sangFroid", y: 2 }],
  ["Étourdissante Composure 2", { key: "stunning", score: "sangFroid", y: 2 }],
  ["Étourdissante Détermination 2", { key: "stunning", score: "determination", y: 2 }],
  ["Étourdissante Perspicacité 2", { key: "stunning", score: "perspicacite", y: 2 }],
  ["Étourdissante Insight 2", { key: "stunning", score: "perspicacite", y: 2 }],
  ["Étourdissante Scholastique 2", { key: "stunning", score: "scholastique", y: 2 }],
  ["Étourdissante Scholastics 2", { key: "stunning", score: "scholastique", y: 2 }],
  ["Étourdissante scholastic 2", { key: "stunning", score: "scholastique", y: 2 }],
  ["Étourdissante Techno-maîtrise 2", { key: "stunning", score: "technoMaitrise", y: 2 }],
  ["Étourdissante Technomaîtrise 2", { key: "stunning", score: "technoMaitrise", y: 2 }],
  ["Étourdissante Tech mastery 2", { key: "stunning", score: "technoMaitrise", y: 2 }],
  ["Étourdissante Techno mastery 2", { key: "stunning", score: "technoMaitrise", y: 2 }],
  ["Étourdissante Savoirs interdits 2", { key: "stunning", score: "savoirsInterdits", y: 2 }],
  ["Étourdissante Savoirsinterdits 2", { key: "stunning", score: "savoirsInterdits", y: 2 }],
  ["Étourdissante Forbidden lore 2", { key: "stunning", score: "savoirsInterdits", y: 2 }],
  ["Disruptif 1", { key: "disruptive", x: 1 }],
  ["Disruptive 1", { key: "disruptive", x: 1 }],
  ["Imprécis 2", { key: "inaccurate", x: 2 }],
  ["Imprécise 2", { key: "inaccurate", x: 2 }],
  ["Inaccurate 2", { key: "inaccurate", x: 2 }],
  ["Incendiaire 3", { key: "incendiary", x: 3 }],
  ["Incendiary 3", { key: "incendiary", x: 3 }],
  ["Portée 2", { key: "range", x: 2 }],
  ["Range 2-4", { key: "range", x: 2, y: 4 }],
  ["Pénétrant 1", { key: "penetrating", x: 1 }],
  ["Pénétrante 1", { key: "penetrating", x: 1 }],
  ["Penetrating 1", { key: "penetrating", x: 1 }],
  ["Résistant Incendiaire 2", { key: "resistant", kind: "incendiary", y: 2 }],
  ["Résistante incendiary 2", { key: "resistant", kind: "incendiary", y: 2 }],
  ["Résistant feu 2", { key: "resistant", kind: "incendiary", y: 2 }],
  ["Resistant fire 2", { key: "resistant", kind: "incendiary", y: 2 }],
  ["Résistant Disruptif 2", { key: "resistant", kind: "disruptive", y: 2 }],
  ["Résistant disruptive 2", { key: "resistant", kind: "disruptive", y: 2 }],
  ["Résistant De zone 2", { key: "resistant", kind: "area", y: 2 }],
  ["Résistant zone 2", { key: "resistant", kind: "area", y: 2 }],
  ["Résistant area 2", { key: "resistant", kind: "area", y: 2 }],
  ["Résistant Portée 2", { key: "resistant", kind: "range", y: 2 }],
  ["Résistant range 2", { key: "resistant", kind: "range", y: 2 }],
  ["Résistant ranged 2", { key: "resistant", kind: "range", y: 2 }],
  ["Résistant distance 2", { key: "resistant", kind: "range", y: 2 }],
  ["Résistant Corps-à-corps 2", { key: "resistant", kind: "melee", y: 2 }],
  ["Résistant cac 2", { key: "resistant", kind: "melee", y: 2 }],
  ["Résistant melee 2", { key: "resistant", kind: "melee", y: 2 }],
  ["Résistant close combat 2", { key: "resistant", kind: "melee", y: 2 }],
  ["Requis 🟫 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requise Puissance 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requires might 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requis brun 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requis marron 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requis brown 1", { key: "requires", aptitude: "puissance", x: 1 }],
  ["Requis 🟥 1", { key: "requires", aptitude: "vivacite", x: 1 }],
  ["Requis Vivacité 1", { key: "requires", aptitude: "vivacite", x: 1 }],
  ["Requis quickness 1", { key: "requires", aptitude: "vivacite", x: 1 }],
  ["Requis rouge 1", { key: "requires", aptitude: "vivacite", x: 1 }],
  ["Requis red 1", { key: "requires", aptitude: "vivacite", x: 1 }],
  ["Requis 🟩 1", { key: "requires", aptitude: "volonte", x: 1 }],
  ["Requis Volonté 1", { key: "requires", aptitude: "volonte", x: 1 }],
  ["Requis will 1", { key: "requires", aptitude: "volonte", x: 1 }],
  ["Requis vert 1", { key: "requires", aptitude: "volonte", x: 1 }],
  ["Requis green 1", { key: "requires", aptitude: "volonte", x: 1 }],
  ["Requis 🟦 1", { key: "requires", aptitude: "intellect", x: 1 }],
  ["Requis Intellect 1", { key: "requires", aptitude: "intellect", x: 1 }],
  ["Requis bleu 1", { key: "requires", aptitude: "intellect", x: 1 }],
  ["Requis blue 1", { key: "requires", aptitude: "intellect", x: 1 }],
  ["Tectonique 3", { key: "tectonic", x: 3 }],
  ["Tectonic 3", { key: "tectonic", x: 3 }],
  ["Terrifiant", { key: "terrifying" }],
  ["Terrifiante", { key: "terrifying" }],
  ["Terrifying", { key: "terrifying" }],
];

/** Each attribute, and how it is written in French and in English. */
const WRITTEN: [Attribute, string, string][] = [
  [{ key: "adaptive", x: 1 }, "Adaptatif 1", "Adaptive 1"],
  [{ key: "area", x: 2, self: true }, "De zone 2 Et Soi", "Area 2 And Self"],
  [{ key: "delayed", x: 2, focused: true }, "Différé 2 Focalisé", "Delayed 2 Focused"],
  [{ key: "disruptive", x: 1 }, "Disruptif 1", "Disruptive 1"],
  [{ key: "inaccurate", x: 2 }, "Imprécis 2", "Inaccurate 2"],
  [{ key: "incendiary", x: 3 }, "Incendiaire 3", "Incendiary 3"],
  [{ key: "range", x: 2, y: 4 }, "Portée 2-4", "Range 2-4"],
  [{ key: "penetrating", x: 1 }, "Pénétrant 1", "Penetrating 1"],
  [{ key: "tectonic", x: 3 }, "Tectonique 3", "Tectonic 3"],
  [{ key: "terrifying" }, "Terrifiant", "Terrifying"],
  [{ key: "resistant", kind: "incendiary", y: 2 }, "Résistant Incendiaire 2", "Resistant Incendiary 2"],
  [{ key: "resistant", kind: "disruptive", y: 2 }, "Résistant Disruptif 2", "Resistant Disruptive 2"],
  [{ key: "resistant", kind: "area", y: 2 }, "Résistant De zone 2", "Resistant Area 2"],
  [{ key: "resistant", kind: "range", y: 2 }, "Résistant Portée 2", "Resistant Range 2"],
  [{ key: "resistant", kind: "melee", y: 2 }, "Résistant Corps-à-corps 2", "Resistant Melee 2"],
  [{ key: "requires", aptitude: "puissance", x: 1 }, "Requis 🟫 1", "Requires 🟫 1"],
  [{ key: "requires", aptitude: "vivacite", x: 1 }, "Requis 🟥 1", "Requires 🟥 1"],
  [{ key: "requires", aptitude: "volonte", x: 1 }, "Requis 🟩 1", "Requires 🟩 1"],
  [{ key: "requires", aptitude: "intellect", x: 1 }, "Requis 🟦 1", "Requires 🟦 1"],
  [{ key: "stunning", score: "force", y: 2 }, "Étourdissante Force 2", "Stunning Strength 2"],
  [{ key: "stunning", score: "robustesse", y: 2 }, "Étourdissante Robustesse 2", "Stunning Sturdiness 2"],
  [{ key: "stunning", score: "precision", y: 2 }, "Étourdissante Précision 2", "Stunning Precision 2"],
  [{ key: "stunning", score: "reflexe", y: 2 }, "Étourdissante Réflexe 2", "Stunning Reflexes 2"],
  [{ key: "stunning", score: "vigilance", y: 2 }, "Étourdissante Vigilance 2", "Stunning Vigilance 2"],
  [{ key: "stunning", score: "sangFroid", y: 2 }, "Étourdissante Sang-froid 2", "Stunning Composure 2"],
  [{ key: "stunning", score: "determination", y: 2 }, "Étourdissante Détermination 2", "Stunning Determination 2"],
  [{ key: "stunning", score: "perspicacite", y: 2 }, "Étourdissante Perspicacité 2", "Stunning Insight 2"],
  [{ key: "stunning", score: "scholastique", y: 2 }, "Étourdissante Scholastique 2", "Stunning Scholastics 2"],
  [{ key: "stunning", score: "technoMaitrise", y: 2 }, "Étourdissante Techno-maîtrise 2", "Stunning Tech mastery 2"],
  [
    { key: "stunning", score: "savoirsInterdits", y: 2 },
    "Étourdissante Savoirs interdits 2",
    "Stunning Forbidden lore 2",
  ],
];

describe("the attribute lexicon's words (RULES §6.4)", () => {
  it("reads every spelling of every word", () => {
    const read = SPELLINGS.map(([text]) => {
      try {
        return [text, parseAttribute(text)];
      } catch (error) {
        return [text, String(error)];
      }
    });
    expect(read).toEqual(SPELLINGS);
  });

  it("writes every word in French and in English, and reads what it wrote back as the same attribute", () => {
    expect(WRITTEN.map(([a]) => [a, formatAttribute(a, "fr"), formatAttribute(a, "en")])).toEqual(WRITTEN);
    for (const [a, fr, en] of WRITTEN) expect([parseAttribute(fr), parseAttribute(en)]).toEqual([a, a]);
  });
});

describe("attribute text that cannot be read (RULES §6.4): what the error names", () => {
  /** The parse error of `fn`: its class name, message, localisation key and the token at fault. */
  function failure(fn: () => unknown) {
    try {
      fn();
    } catch (error) {
      const e = error as AttributeParseError;
      return { name: e.name, message: e.message, key: e.attributeKey ?? e.key, token: e.token, text: e.text };
    }
    return "accepted";
  }

  it("names empty text, a word missing its value and a repeated attribute, with the text as typed", () => {
    expect(failure(() => parseAttribute(""))).toEqual({
      name: "AttributeParseError",
      message: "attribute text is empty",
      key: "TACTICA.Errors.Attribute.Empty",
      token: "",
      text: "",
    });
    expect(failure(() => parseAttribute("Adaptatif"))).toEqual({
      name: "AttributeParseError",
      message: 'attribute text "Adaptatif": "Adaptatif" needs a value',
      key: "TACTICA.Errors.Attribute.MissingValue",
      token: "Adaptatif",
      text: "Adaptatif",
    });
    expect(failure(() => parseAttribute("portée 2-"))).toMatchObject({
      message: 'attribute text "portée 2-": "portée 2-" needs a value',
      token: "portée 2-",
    });
    expect(failure(() => parseAttributes("Adaptatif 1,  Adaptatif 2 "))).toEqual({
      name: "AttributeParseError",
      message: 'attribute text "Adaptatif 1,  Adaptatif 2 ": "Adaptatif 2" repeats an attribute',
      key: "TACTICA.Errors.Attribute.Duplicate",
      token: "Adaptatif 2",
      text: "Adaptatif 1,  Adaptatif 2 ",
    });
  });

  it("takes Résistant once per kind and Requis once per colour", () => {
    expect(parseAttributes("Résistant feu 1; Résistant cac 2\nRequis 🟩 1, Requis 🟥 2")).toHaveLength(4);
    expect(failure(() => parseAttributes("Requis 🟩 1, Requis vert 2"))).toMatchObject({ token: "Requis vert 2" });
    expect(failure(() => parseAttributes("Résistant feu 1, Résistant incendiaire 2"))).toMatchObject({
      token: "Résistant incendiaire 2",
    });
  });

  it("joins the words of a phrase with a dash only between them, not before the first", () => {
    expect(parseAttribute("Résistant corps-a-corps 1")).toEqual({ key: "resistant", kind: "melee", y: 1 });
    expect(failure(() => parseAttribute("Résistant -cac 1"))).toMatchObject({
      key: "TACTICA.Errors.Attribute.UnknownToken",
    });
  });

  it("refuses what is not text, a number too large to be exact, and a language other than fr or en", () => {
    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as Error).message;
      }
      return "accepted";
    };
    expect(refused(() => parseAttribute(untyped(3)))).toBe("attribute text must be a string (got 3)");
    expect(refused(() => parseAttributes(untyped(null)))).toBe("attribute text must be a string (got null)");
    expect(refused(() => parseAttribute("Adaptatif 99999999999999999999"))).toBe(
      'attribute number is too large (got "99999999999999999999")',
    );
    expect(refused(() => formatAttribute({ key: "terrifying" }, untyped("de")))).toBe(
      'language must be fr or en (got "de")',
    );
  });
});

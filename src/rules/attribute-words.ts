/**
 * The words of the attribute lexicon (RULES §6.4, seed 004 P.1.6) in French and English: the
 * canonical spelling `formatAttribute` writes, and every spelling `parseAttribute` accepts.
 * Accepted spellings are stored **normalised** (lower case, accents removed, words separated by a
 * single space; a hyphen in typed text matches a space here), so `Corps-à-corps`, `corps a corps`
 * and `CORPS À CORPS` are one word list.
 *
 * The sub-aptitude and aptitude labels match `lang/*.json` (`TACTICA.SubAptitude.*`,
 * `TACTICA.Aptitude.*`); the keys themselves (`sangFroid`, `technoMaitrise`…) are accepted too.
 */
import type { AttributeKey, ResistantKind } from "./attribute-keys";
import { APTITUDE_GLYPHS, type AptitudeKey, type SubAptitudeKey } from "./keys";

/** RULES §6.4: a language the attribute text can be written in. */
export type AttributeLang = "fr" | "en";

/** RULES §6.4: one vocabulary entry — canonical labels and the accepted normalised spellings. */
export interface AttributeWord {
  readonly fr: string;
  readonly en: string;
  readonly accepted: readonly string[];
}

/** RULES §6.4: the attribute keywords. */
export const ATTRIBUTE_KEYWORDS: Readonly<Record<AttributeKey, AttributeWord>> = {
  adaptive: { fr: "Adaptatif", en: "Adaptive", accepted: ["adaptatif", "adaptative", "adaptive"] },
  area: { fr: "De zone", en: "Area", accepted: ["de zone", "zone", "area"] },
  delayed: { fr: "Différé", en: "Delayed", accepted: ["differe", "differee", "delayed"] },
  stunning: { fr: "Étourdissante", en: "Stunning", accepted: ["etourdissante", "etourdissant", "stunning"] },
  disruptive: { fr: "Disruptif", en: "Disruptive", accepted: ["disruptif", "disruptive"] },
  inaccurate: { fr: "Imprécis", en: "Inaccurate", accepted: ["imprecis", "imprecise", "inaccurate"] },
  incendiary: { fr: "Incendiaire", en: "Incendiary", accepted: ["incendiaire", "incendiary"] },
  range: { fr: "Portée", en: "Range", accepted: ["portee", "range"] },
  penetrating: { fr: "Pénétrant", en: "Penetrating", accepted: ["penetrant", "penetrante", "penetrating"] },
  resistant: { fr: "Résistant", en: "Resistant", accepted: ["resistant", "resistante"] },
  requires: { fr: "Requis", en: "Requires", accepted: ["requis", "requise", "requires"] },
  tectonic: { fr: "Tectonique", en: "Tectonic", accepted: ["tectonique", "tectonic"] },
  terrifying: { fr: "Terrifiant", en: "Terrifying", accepted: ["terrifiant", "terrifiante", "terrifying"] },
};

/** RULES §6.4 *De zone … Et Soi*. */
export const SELF_WORD: AttributeWord = {
  fr: "Et Soi",
  en: "And Self",
  accepted: ["et soi", "and self", "soi", "self"],
};

/** RULES §6.4 *Différé … Focalisé*. */
export const FOCUSED_WORD: AttributeWord = {
  fr: "Focalisé",
  en: "Focused",
  accepted: ["focalise", "focalisee", "focused"],
};

/** RULES §6.4 *Résistant X*: the kinds of source. */
export const RESISTANT_KIND_WORDS: Readonly<Record<ResistantKind, AttributeWord>> = {
  incendiary: { fr: "Incendiaire", en: "Incendiary", accepted: ["incendiaire", "incendiary", "feu", "fire"] },
  disruptive: { fr: "Disruptif", en: "Disruptive", accepted: ["disruptif", "disruptive"] },
  area: { fr: "De zone", en: "Area", accepted: ["de zone", "zone", "area"] },
  range: { fr: "Portée", en: "Range", accepted: ["portee", "range", "ranged", "distance"] },
  melee: { fr: "Corps-à-corps", en: "Melee", accepted: ["corps a corps", "cac", "melee", "close combat"] },
};

/** RULES §6.4 *Etourdissante X*: the sub-aptitudes whose score the target tests. */
export const SUB_APTITUDE_WORDS: Readonly<Record<SubAptitudeKey, AttributeWord>> = {
  force: { fr: "Force", en: "Strength", accepted: ["force", "strength"] },
  robustesse: { fr: "Robustesse", en: "Sturdiness", accepted: ["robustesse", "sturdiness", "toughness"] },
  precision: { fr: "Précision", en: "Precision", accepted: ["precision"] },
  reflexe: { fr: "Réflexe", en: "Reflexes", accepted: ["reflexe", "reflexes", "reflex"] },
  vigilance: { fr: "Vigilance", en: "Vigilance", accepted: ["vigilance"] },
  sangFroid: { fr: "Sang-froid", en: "Composure", accepted: ["sang froid", "sangfroid", "composure"] },
  determination: { fr: "Détermination", en: "Determination", accepted: ["determination"] },
  perspicacite: { fr: "Perspicacité", en: "Insight", accepted: ["perspicacite", "insight"] },
  scholastique: { fr: "Scholastique", en: "Scholastics", accepted: ["scholastique", "scholastics", "scholastic"] },
  technoMaitrise: {
    fr: "Techno-maîtrise",
    en: "Tech mastery",
    accepted: ["techno maitrise", "technomaitrise", "tech mastery", "techno mastery"],
  },
  savoirsInterdits: {
    fr: "Savoirs interdits",
    en: "Forbidden lore",
    accepted: ["savoirs interdits", "savoirsinterdits", "forbidden lore"],
  },
};

/**
 * RULES §6.4 *Requis*: the aptitude colours. Text uses the glyph (as seed 004 does, in both
 * languages); the aptitude's name or its colour's name is accepted too.
 */
export const APTITUDE_WORDS: Readonly<Record<AptitudeKey, AttributeWord>> = {
  puissance: colourWord("puissance", ["puissance", "might", "brun", "marron", "brown"]),
  vivacite: colourWord("vivacite", ["vivacite", "quickness", "rouge", "red"]),
  volonte: colourWord("volonte", ["volonte", "will", "vert", "green"]),
  intellect: colourWord("intellect", ["intellect", "bleu", "blue"]),
};

function colourWord(aptitude: AptitudeKey, names: readonly string[]): AttributeWord {
  const glyph = APTITUDE_GLYPHS[aptitude];
  return { fr: glyph, en: glyph, accepted: [glyph, ...names] };
}

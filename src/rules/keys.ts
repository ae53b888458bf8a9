/**
 * Game-term keys shared by rules, data models and language files (DESIGN.md §3): short French
 * terms, ASCII, camelCase. Labels live in `lang/`; only keys live here.
 */

/** True when `value` is one of `list` (a type guard over a list of keys, compared with `===`). */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return list.some((entry) => entry === value);
}

/** RULES §1: the skirmish profile (*carte de référence*). */
export const PROFILE_KEYS = ["mou", "ini", "att", "def", "tir", "for", "end", "co", "peur", "ac", "pv"] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

/** RULES §1: the four aptitudes, in glyph order 🟫 🟥 🟩 🟦. */
export const APTITUDE_KEYS = ["puissance", "vivacite", "volonte", "intellect"] as const;
export type AptitudeKey = (typeof APTITUDE_KEYS)[number];

/** RULES §1: the glyph of each aptitude (used by *Requis*). */
export const APTITUDE_GLYPHS: Readonly<Record<AptitudeKey, string>> = {
  puissance: "🟫",
  vivacite: "🟥",
  volonte: "🟩",
  intellect: "🟦",
};

/** RULES §1: the eleven sub-aptitudes, grouped by the aptitude that governs them. */
export const SUB_APTITUDES: Readonly<Record<AptitudeKey, readonly SubAptitudeKey[]>> = {
  puissance: ["force", "robustesse"],
  vivacite: ["precision", "reflexe", "vigilance"],
  volonte: ["sangFroid", "determination", "perspicacite"],
  intellect: ["scholastique", "technoMaitrise", "savoirsInterdits"],
};

export const SUB_APTITUDE_KEYS = [
  "force",
  "robustesse",
  "precision",
  "reflexe",
  "vigilance",
  "sangFroid",
  "determination",
  "perspicacite",
  "scholastique",
  "technoMaitrise",
  "savoirsInterdits",
] as const;
export type SubAptitudeKey = (typeof SUB_APTITUDE_KEYS)[number];

/** The aptitude that governs a sub-aptitude. */
export function aptitudeOf(sub: SubAptitudeKey): AptitudeKey {
  for (const apt of APTITUDE_KEYS) if (SUB_APTITUDES[apt].includes(sub)) return apt;
  /* c8 ignore next */
  throw new RangeError(`unknown sub-aptitude ${sub}`);
}

/** RULES §1 (004 P.1.1): build totals a character should reach. */
export const BUILD_TOTALS = { aptitudes: 15, subAptitudes: 12 } as const;

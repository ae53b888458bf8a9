/**
 * `CONFIG.TACTICA`: the system's game terms as keys with their label keys. Labels are language
 * keys (resolved by `game.i18n` at render time), so this object is the same in every language.
 */
import { ATTRIBUTE_KEYS } from "../rules/attribute-model";
import { recordOf } from "../rules/records";
import {
  APTITUDE_GLYPHS,
  APTITUDE_KEYS,
  PROFILE_KEYS,
  SUB_APTITUDES,
  SUB_APTITUDE_KEYS,
  type AptitudeKey,
  type ProfileKey,
  type SubAptitudeKey,
} from "../rules/keys";

const record = recordOf;

/** The attribute keys of RULES §6.4 (defined by the rules; labels below). */
export { ATTRIBUTE_KEYS };

/** Weapon categories of RULES §6.1 (D-23): how a weapon is carried and where it comes from. */
export const WEAPON_WEIGHTS = ["light", "heavy"] as const;
export const WEAPON_ORIGINS = ["imperium", "mars", "xenos"] as const;
export const WEAPON_RANGES = ["melee", "ranged"] as const;

/** Panic table results (RULES §5), with the status each one sets. */
export const PANIC_RESULTS = {
  hold: { label: "TACTICA.Panic.hold.label", effect: "TACTICA.Panic.hold.effect", status: "panicked", faces: [1, 1] },
  retreat: {
    label: "TACTICA.Panic.retreat.label",
    effect: "TACTICA.Panic.retreat.effect",
    status: "retreating",
    faces: [2, 7],
  },
  terror: {
    label: "TACTICA.Panic.terror.label",
    effect: "TACTICA.Panic.terror.effect",
    status: "terrified",
    faces: [8, 9],
  },
  destroyed: {
    label: "TACTICA.Panic.destroyed.label",
    effect: "TACTICA.Panic.destroyed.effect",
    status: null,
    faces: [10, 10],
  },
} as const;

/** Optional rule modules a world can hide (S-modules). */
export const RULE_MODULES = ["pressure", "pool", "psy", "morale", "tactical"] as const;
export type RuleModule = (typeof RULE_MODULES)[number];

export const TACTICA = {
  profile: record<ProfileKey, { label: string; abbr: string }>(PROFILE_KEYS, (k) => ({
    label: `TACTICA.Profile.${k}.label`,
    abbr: `TACTICA.Profile.${k}.abbr`,
  })),
  /**
   * `glyph` is the rules' emoji (🟫🟥🟩🟦, typed in *Requis*); a sheet shows the colour with
   * templates/partials/aptitude-swatch.hbs and `colourLabel`, which need no emoji font.
   */
  aptitudes: record<
    AptitudeKey,
    { label: string; glyph: string; colourLabel: string; subAptitudes: readonly SubAptitudeKey[] }
  >(APTITUDE_KEYS, (k) => ({
    label: `TACTICA.Aptitude.${k}`,
    glyph: APTITUDE_GLYPHS[k],
    colourLabel: `TACTICA.AptitudeColour.${k}`,
    subAptitudes: SUB_APTITUDES[k],
  })),
  subAptitudes: record<SubAptitudeKey, { label: string }>(SUB_APTITUDE_KEYS, (k) => ({
    label: `TACTICA.SubAptitude.${k}`,
  })),
  weaponWeights: record(WEAPON_WEIGHTS, (k) => `TACTICA.Weapon.weight.${k}`),
  weaponOrigins: record(WEAPON_ORIGINS, (k) => `TACTICA.Weapon.origin.${k}`),
  weaponRanges: record(WEAPON_RANGES, (k) => `TACTICA.Weapon.range.${k}`),
  attributes: record(ATTRIBUTE_KEYS, (k) => ({
    label: `TACTICA.Attribute.${k}.label`,
    hint: `TACTICA.Attribute.${k}.hint`,
    fr: `TACTICA.Attribute.${k}.fr`,
    en: `TACTICA.Attribute.${k}.en`,
  })),
  panicResults: PANIC_RESULTS,
  modules: record(RULE_MODULES, (k) => `TACTICA.Module.${k}`),
} as const;

export type TacticaConfig = typeof TACTICA;

/**
 * The names the gallery's samples give (actors, items, places, a power's effect text), in the
 * reader's language: they are user text, which the product never translates, so an English
 * picture gets English names and holds no French (ux m6).
 */
const NAMES = {
  fr: {
    hero: "Aveline",
    unit: "Chœur <b>",
    enemy: "Brute",
    sergeant: "Sergent Korvath",
    far: "Loin",
    armour: "Armure de siège",
    field: "Champ réfracteur",
    rifle: "Fusil laser",
    rifleTag: "Fusil <laser>",
    valve: "Soupape <Vex>",
    shock: "Choc <mental>",
    mortar: "Mortier",
    pistol: "Pistolet",
    hammer: "Marteau-piston",
    grenade: "Grenade à fragmentation",
    flamer: "Lance-flammes",
    blinding: "Grenade aveuglante",
    legs: "Jambes à vapeur",
    arm: "Bras hydraulique",
    drug: "Drogue de combat",
    power: "Bouclier",
    misdirect: "Mal dirigé",
    effect: "La cible prend pour alliée la figurine la plus <strong>proche</strong>.",
    effectText: "La cible prend pour alliée la figurine la plus",
    place: "Cour",
    other: "Porche",
    nave: "Nef <effondrée>",
    crypt: "Crypte des anciens chanoines de la forge",
  },
  en: {
    hero: "Aveline",
    unit: "Choir <b>",
    enemy: "Brute",
    sergeant: "Sergeant Korvath",
    far: "Far",
    armour: "Siege armour",
    field: "Refractor field",
    rifle: "Las rifle",
    rifleTag: "Rifle <laser>",
    valve: "Valve <Vex>",
    shock: "Shock <mental>",
    mortar: "Mortar",
    pistol: "Pistol",
    hammer: "Piston hammer",
    grenade: "Frag grenade",
    flamer: "Flamer",
    blinding: "Blinding grenade",
    legs: "Steam greaves",
    arm: "Hydraulic arm",
    drug: "Combat drug",
    power: "Shield",
    misdirect: "Misdirect",
    effect: "The target takes the <strong>nearest</strong> figure for an ally.",
    effectText: "The target takes the",
    place: "Courtyard",
    other: "Porch",
    nave: "Nave <collapsed>",
    crypt: "Crypt of the old canons of the forge",
  },
} as const;

export type SampleLang = keyof typeof NAMES;
export type SampleName = keyof (typeof NAMES)["fr"];

/** The language the test renders in (its Foundry fake's, set before a sample renders). */
export const readerLang = (): SampleLang => (game.i18n?.lang === "en" ? "en" : "fr");

/** A sample name in `lang`, by default the reader's. */
export function named(key: SampleName, lang: SampleLang = readerLang()): string {
  return NAMES[lang][key];
}

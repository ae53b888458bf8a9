/**
 * Shared field helpers of the data models: every number is an integer with a minimum and a
 * maximum, every closed set of strings is a `choices` list, so Foundry itself refuses or clamps
 * what the rules would reject later. Bounds live here, once, so sheets and tests read the same.
 */
import { APTITUDE_KEYS, isOneOf, SUB_APTITUDE_KEYS } from "../rules/keys";
import { ATTRIBUTE_KEYS, RESISTANT_KINDS } from "../rules/attribute-model";
import { MASTERY_MAX } from "../rules/psy";
import { WILLPOWER_MAX } from "../rules/pool";
import { PRESSURE_DICE_MAX } from "../rules/pressure";
import { MODIFIER_BOUND } from "../rules/modifiers";

const fields = foundry.data.fields;

/** Bounds of every stored number (RULES gives the ones it knows; the rest are generous caps). */
export const BOUNDS = {
  /** A profile characteristic (D10 roll-under values, MOU in inches…). */
  characteristic: 30,
  /** PV, figures in a unit, points… */
  large: 999,
  /** RULES §2: a pressure bonus is at most +4. */
  pressure: 4,
  /** D-46: pressure dice a special ability grants (1 without one). */
  pressureDice: PRESSURE_DICE_MAX,
  /**
   * A roll's free modifier, as a dialog's field takes it (src/rules/modifiers.ts); the one writer
   * refuses a card whose roll claims more (src/chat/kinds/attack.ts, psy.ts).
   */
  modifier: MODIFIER_BOUND,
  /** RULES §1: 15 aptitude points and 12 sub-aptitude points in all. */
  aptitude: 15,
  subAptitude: 12,
  /** Aptitude damage: RULES §1 (D-3) lets damage exceed the value (current stops at 0). */
  aptitudeDamage: 99,
  willpower: WILLPOWER_MAX,
  mastery: MASTERY_MAX,
  /** RULES §5: fear levels are PEUR values. */
  fear: 10,
  /** Gauges, renfort, damage, X and Y of attributes. */
  gauge: 99,
  /** Timeline positions grow for the whole combat. */
  position: 99_999,
  /** Rows of a chat card (targets, places moved): more than any table gathers in one place. */
  cardRows: 64,
  /** Notes under a card's roll; a target's own dice. */
  cardNotes: 32,
  cardDice: 16,
  /** Combatants a threshold card lists (every combatant of a large battle). */
  thresholdEntries: 500,
  /** D-8: pushes per roll, for homebrew talents. */
  pushes: 10,
  quantity: 9_999,
  /** RULES §4: psychic power levels. */
  levelMin: 1,
  levelMax: 8,
} as const;

/** What registers a model: the document subtype it is the `system` of (system.json). */
export interface ModelMetadata {
  readonly type: string;
}

/** A required integer field within [min, max]. */
export function integer(initial: number, min: number, max: number) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });
}

/** A required integer field within [min, max] that may be `null` (absent), `null` by default. */
export function nullableInteger(min: number, max: number) {
  return new fields.NumberField({ required: true, nullable: true, integer: true, min, max, initial: null });
}

/** A required string field restricted to `choices`. */
export function choice<const T extends readonly string[]>(choices: T, initial: T[number]) {
  return new fields.StringField({ required: true, blank: false, choices, initial });
}

/**
 * A required string field restricted to `choices`, where `""` means "none". `""` is listed among
 * the choices so that the stored type says it can be empty.
 */
export function optionalChoice<const T extends readonly string[]>(choices: T) {
  const withNone = ["", ...choices] as const;
  return new fields.StringField({ required: true, blank: true, choices: withNone, initial: "" });
}

/**
 * D-46: the pressure dice a special ability grants through an item or an actor — 1 (no ability,
 * what data stored before the field reads) to 3.
 */
export function pressureDiceField() {
  return integer(1, 1, BOUNDS.pressureDice);
}

/** A required boolean field. */
export function flag(initial = false) {
  return new fields.BooleanField({ required: true, initial });
}

/** A required free text field (names, ranges typed by the GM). */
export function text() {
  return new fields.StringField({ required: true, blank: true, initial: "" });
}

/** A rich text field (biography, description); listed in system.json `htmlFields`. */
export function html() {
  return new fields.HTMLField({ required: true, blank: true, initial: "" });
}

/* -------------------------------------------------------------------------------------------- */
/*  Profile (RULES §1)                                                                          */
/* -------------------------------------------------------------------------------------------- */

/** The profile keys a pressure roll can raise (RULES §2), each with its own `pressure` field. */
export const PRESSURE_PROFILE_KEYS = ["mou", "ini", "att", "def", "peur"] as const;
export type PressureProfileKey = (typeof PRESSURE_PROFILE_KEYS)[number];

/** A characteristic a pressure roll can raise: the printed value and the pressure bonus on it. */
const pressured = () =>
  new fields.SchemaField({
    value: integer(0, 0, BOUNDS.characteristic),
    // D-6: pressure Active Effects target this with mode UPGRADE, so the highest bonus wins.
    pressure: integer(0, 0, BOUNDS.pressure),
  });

const plain = () => new fields.SchemaField({ value: integer(0, 0, BOUNDS.characteristic) });

/**
 * RULES §1: the skirmish profile. `value` is always the printed value (RULES §2 caps pressure by
 * it); PV has a current value and a maximum.
 */
export function profileField() {
  return new fields.SchemaField({
    mou: pressured(),
    ini: pressured(),
    att: pressured(),
    def: pressured(),
    tir: plain(),
    for: plain(),
    end: plain(),
    co: plain(),
    peur: pressured(),
    ac: plain(),
    pv: new fields.SchemaField({ value: integer(1, 0, BOUNDS.large), max: integer(1, 0, BOUNDS.large) }),
  });
}

/**
 * RULES §5: morale state of a character or a unit (the panic result it is under). D-41: it is not
 * stored — it IS the actor's panic condition (a status effect), read by `moraleStateOf`.
 */
export const MORALE_STATES = ["steady", "panicked", "retreating", "terrified"] as const;
export type MoraleState = (typeof MORALE_STATES)[number];

/** True for one of the morale states (D-41). */
export function isMoraleState(value: unknown): value is MoraleState {
  return isOneOf(MORALE_STATES, value);
}

/** RULES §5: morale, fear and the D-16 once-only morale prompt (the state is the condition, D-41). */
export function moraleField() {
  return new fields.SchemaField({
    /** Highest fear level a fear test was passed against (RULES §5). */
    fearPassed: integer(0, 0, BOUNDS.fear),
    unshakeable: flag(),
    /** D-16: the morale test has been prompted since the threshold was crossed. */
    moraleTested: flag(),
  });
}

/**
 * RULES §4 (D-13): the powers an actor maintains — a psyker's, or a neophyte choir's (C11: a choir
 * maintains as one psyker, see docs/rules-decisions.md).
 */
export function maintainedPowersField() {
  return new fields.ArrayField(
    new fields.SchemaField({
      /** The maintained power (an item id on this actor). */
      powerId: new fields.StringField({ required: true, blank: false, initial: undefined }),
      /** Round (or timeline position) it was last maintained, for the D-13 end-of-activation rule. */
      sinceRound: nullableInteger(0, BOUNDS.position),
    }),
    { required: true, initial: [] },
  );
}

/**
 * AC spent in the current activation (RULES §7.1); D-42: the combat resets it at the actor's next
 * activation in *tours* mode, and spends nothing on a timeline or outside combat.
 */
export function actionsField() {
  return new fields.SchemaField({ spent: integer(0, 0, BOUNDS.large) });
}

/* -------------------------------------------------------------------------------------------- */
/*  Attributes (RULES §6.4)                                                                     */
/* -------------------------------------------------------------------------------------------- */

/**
 * RULES §6.4: one stored attribute. The fields are the union of the rules' `Attribute` variants;
 * a field a key does not use stays `null`, `false` or `""` (see src/data/attributes.ts).
 */
export function attributeEntryField() {
  return new fields.SchemaField({
    key: new fields.StringField({ required: true, blank: false, choices: ATTRIBUTE_KEYS, initial: undefined }),
    x: nullableInteger(0, BOUNDS.gauge),
    y: nullableInteger(0, BOUNDS.gauge),
    self: flag(),
    focused: flag(),
    score: optionalChoice(SUB_APTITUDE_KEYS),
    aptitude: optionalChoice(APTITUDE_KEYS),
    kind: optionalChoice(RESISTANT_KINDS),
  });
}

/** RULES §6.4: an item's attribute list. */
export function attributesField() {
  return new fields.ArrayField(attributeEntryField(), { required: true, initial: [] });
}

/** The initialized (in-memory) data of a SchemaField built by one of the helpers above. */
export type SchemaData<F> = F extends { fields: infer S extends foundry.data.fields.DataSchema }
  ? foundry.data.fields.SchemaField.InitializedData<S>
  : never;

/**
 * A model's `LOCALIZATION_PREFIXES`: `TACTICA.<documentName>.<part>` for each part, shared ones
 * first (a later prefix wins). Labels live under `<prefix>.FIELDS.<field path>.label`.
 */
export function localizationPrefixes(documentName: "Actor" | "Item" | "ChatMessage", ...parts: string[]): string[] {
  return parts.map((part) => `TACTICA.${documentName}.${part}`);
}

/**
 * The structured form of the attribute lexicon (RULES §6.4, seed 004 P.1.6): one variant per
 * attribute, carrying only the fields that attribute has. Field names follow the lexicon's letters
 * (`Résistant X Y` → `kind` for X and `y` for Y; `Etourdissante X Y` → `score` for X and `y` for Y),
 * so the sheet, the text and the data line up.
 *
 * Kept apart from the text parser so that `attribute-text.ts` and `attributes.ts` can both import
 * it without an import cycle; the keys themselves are in `attribute-keys.ts`, which the lexicon
 * (`attribute-words.ts`) imports too.
 */
import { assertInteger, invalid } from "./errors";
import { ATTRIBUTE_KEYWORDS } from "./attribute-words";
import { ATTRIBUTE_KEYS, RESISTANT_KINDS, type AttributeKey, type ResistantKind } from "./attribute-keys";
import { APTITUDE_KEYS, isOneOf, SUB_APTITUDE_KEYS, type AptitudeKey, type SubAptitudeKey } from "./keys";

export { ATTRIBUTE_KEYS, RESISTANT_KINDS, type AttributeKey, type ResistantKind };

/** RULES §6.4 (D-34): highest *Tectonique* target, the highest encumbrance of a place. */
const TECTONIC_MAX = 5;

/** RULES §6.4: *Adaptatif X* (armour) — gains X *renfort* each time it reduces a PV loss. */
export interface AdaptiveAttribute {
  key: "adaptive";
  /** X, the *renfort* gained each time; integer ≥ 0. */
  x: number;
}

/** RULES §6.4: *De zone [X] [Et Soi]* — targets a place and hits X of its occupants. */
export interface AreaAttribute {
  key: "area";
  /** X, how many occupants are hit; absent = all of them. Integer ≥ 0. */
  x?: number;
  /** *Et Soi*: the attacker is added to the targets. */
  self: boolean;
}

/** RULES §6.4: *Différé X [Focalisé]* — resolves X positions after it is declared. */
export interface DelayedAttribute {
  key: "delayed";
  /** X, positions between declaration and resolution; integer ≥ 0. */
  x: number;
  /** *Focalisé*: lost if the character gains *Épuisement* before it resolves. */
  focused: boolean;
}

/** RULES §6.4: *Etourdissante X Y* — the target tests score X against difficulty Y. */
export interface StunningAttribute {
  key: "stunning";
  /** X, the sub-aptitude whose score the target tests (e.g. `reflexe`). */
  score: SubAptitudeKey;
  /** Y, the difficulty; integer ≥ 0. */
  y: number;
}

/** RULES §6.4: *Disruptif X* — the target's *Disruptif* gauge +X on a penetrating hit. */
export interface DisruptiveAttribute {
  key: "disruptive";
  /** X, added to the gauge; integer ≥ 0. */
  x: number;
}

/** RULES §6.4: *Imprécis X* — attack score −X per place to the target. */
export interface InaccurateAttribute {
  key: "inaccurate";
  /** X, the penalty per place; integer ≥ 0. */
  x: number;
}

/** RULES §6.4: *Incendiaire X* — the target's *Incendiaire* gauge +X on a penetrating hit. */
export interface IncendiaryAttribute {
  key: "incendiary";
  /** X, added to the gauge; integer ≥ 0. */
  x: number;
}

/** RULES §6.4 (D-31): *Portée X[-Y]* — distance 0…X, or X…Y inclusive. */
export interface RangeAttribute {
  key: "range";
  /** X; integer ≥ 0. */
  x: number;
  /** Y, when given: integer ≥ X. */
  y?: number;
}

/** RULES §6.4: *Pénétrant X* — the target's armour counts X lower for this attack. */
export interface PenetratingAttribute {
  key: "penetrating";
  /** X; integer ≥ 0. */
  x: number;
}

/** RULES §6.4: *Résistant X Y* (armour) — damage from sources of kind X reduced by Y. */
export interface ResistantAttribute {
  key: "resistant";
  /** X, the kind of source resisted. */
  kind: ResistantKind;
  /** Y, the reduction; integer ≥ 0. */
  y: number;
}

/** RULES §6.4: *Requis 🟫/🟥/🟩/🟦 X* — *Épuisement* when that aptitude is below X. */
export interface RequiresAttribute {
  key: "requires";
  /** The aptitude of the colour glyph. */
  aptitude: AptitudeKey;
  /** X, the aptitude required; integer ≥ 0. */
  x: number;
}

/** RULES §6.4: *Tectonique X* — moves the target place's encumbrance one step toward X. */
export interface TectonicAttribute {
  key: "tectonic";
  /** X, the encumbrance aimed at; integer 0–5. */
  x: number;
}

/** RULES §6.4: *Terrifiant* — the defence uses *Sang-froid*. */
export interface TerrifyingAttribute {
  key: "terrifying";
}

/** RULES §6.4: a weapon, armour or equipment attribute, discriminated on `key`. */
export type Attribute =
  | AdaptiveAttribute
  | AreaAttribute
  | DelayedAttribute
  | StunningAttribute
  | DisruptiveAttribute
  | InaccurateAttribute
  | IncendiaryAttribute
  | RangeAttribute
  | PenetratingAttribute
  | ResistantAttribute
  | RequiresAttribute
  | TectonicAttribute
  | TerrifyingAttribute;

/** RULES §6.4: the variant of {@link Attribute} with key `K`. */
export type AttributeOf<K extends AttributeKey> = Extract<Attribute, { key: K }>;

/** RULES §6.4: every field each key may carry (the lexicon's letters); anything else is malformed. */
export const ATTRIBUTE_FIELDS: Readonly<
  Record<AttributeKey, readonly ("x" | "y" | "self" | "focused" | "score" | "aptitude" | "kind")[]>
> = {
  adaptive: ["x"],
  area: ["x", "self"],
  delayed: ["x", "focused"],
  stunning: ["score", "y"],
  disruptive: ["x"],
  inaccurate: ["x"],
  incendiary: ["x"],
  range: ["x", "y"],
  penetrating: ["x"],
  resistant: ["kind", "y"],
  requires: ["aptitude", "x"],
  tectonic: ["x"],
  terrifying: [],
};

function assertBoolean(name: string, value: unknown): void {
  if (typeof value !== "boolean") invalid(`${name} must be true or false`, value);
}

function assertOneOf(name: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== "string" || !allowed.includes(value)) {
    invalid(`${name} must be one of ${allowed.join(", ")}`, value);
  }
}

/** Checks the fields of a known key (the shape is already known to carry no extra field). */
function assertFields(a: Attribute): void {
  // The lexicon's own word names the value (« Portée Y »), as the sheet shows it French-first.
  const name = ATTRIBUTE_KEYWORDS[a.key].fr;
  switch (a.key) {
    case "adaptive":
    case "disruptive":
    case "inaccurate":
    case "incendiary":
    case "penetrating":
      assertInteger(`${name} X`, a.x, 0);
      break;
    case "area":
      if (a.x !== undefined) assertInteger(`${name} X`, a.x, 0);
      assertBoolean(`${name} self`, a.self);
      break;
    case "delayed":
      assertInteger(`${name} X`, a.x, 0);
      assertBoolean(`${name} focused`, a.focused);
      break;
    case "stunning":
      assertOneOf(`${name} score`, a.score, SUB_APTITUDE_KEYS);
      assertInteger(`${name} Y`, a.y, 0);
      break;
    case "range":
      assertInteger(`${name} X`, a.x, 0);
      if (a.y !== undefined) assertInteger(`${name} Y`, a.y, a.x);
      break;
    case "resistant":
      assertOneOf(`${name} kind`, a.kind, RESISTANT_KINDS);
      assertInteger(`${name} Y`, a.y, 0);
      break;
    case "requires":
      assertOneOf(`${name} aptitude`, a.aptitude, APTITUDE_KEYS);
      assertInteger(`${name} X`, a.x, 0);
      break;
    case "tectonic":
      assertInteger(`${name} X`, a.x, 0, TECTONIC_MAX);
      break;
    default:
      break;
  }
}

/**
 * RULES §6.4: asserts that `value` is a well-formed {@link Attribute} (known key, only that key's
 * fields, integers ≥ 0, *Portée* Y ≥ X, *Tectonique* X 0–5) and returns it unchanged.
 * @throws RangeError naming the offending value.
 */
export function validateAttribute(value: unknown): Attribute {
  if (typeof value !== "object" || value === null) return invalid("an attribute must be an object", value);
  const key: unknown = "key" in value ? value.key : undefined;
  if (typeof key !== "string" || !isOneOf(ATTRIBUTE_KEYS, key)) {
    return invalid("unknown attribute key", key);
  }
  const allowed: readonly string[] = ATTRIBUTE_FIELDS[key];
  for (const [field, fieldValue] of Object.entries(value)) {
    // An explicit `undefined` (e.g. `y: undefined` on a *Portée*) is the same as an absent field.
    if (field !== "key" && fieldValue !== undefined && !allowed.includes(field)) {
      invalid(`attribute ${key} has no field ${field}`, value);
    }
  }
  // Its key is known and it carries only that key's fields; assertFields checks their values next.
  const attribute = value as Attribute;
  assertFields(attribute);
  return attribute;
}

/** RULES §6.4: the entries of `attributes` with key `key`, typed. */
export function attributesOf<K extends AttributeKey>(attributes: readonly Attribute[], key: K): AttributeOf<K>[] {
  return attributes.filter((a): a is AttributeOf<K> => a.key === key);
}

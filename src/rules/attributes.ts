/**
 * The attribute lexicon (RULES §6.4, seed 004 P.1.6): the structured attributes, their text form,
 * and the small rules the lexicon states as numbers. The damage-side attributes (*Pénétrant*,
 * *Disruptif*, *Incendiaire*, *Adaptatif*, *Résistant*) act in `damage.ts` and `threshold.ts`.
 */
import { attributesOf, type Attribute, type ResistantKind } from "./attribute-model";
import { assertInteger, invalid } from "./errors";
import { assertEncumbrance } from "./places";

export * from "./attribute-model";
export * from "./attribute-words";
export * from "./attribute-text";

/**
 * RULES §6.4 *Imprécis X*: the penalty to subtract from the attack score, X per place from the
 * attacker to the target (the target's place counts, the attacker's does not — so `distance` is the
 * place distance). 004: *Imprécis 2* at distance 3 → 6 (score −6); same place (0) → 0.
 * @throws RangeError naming a negative or non-integer X or distance.
 */
export function imprecisPenalty(x: number, distance: number): number {
  assertInteger("Imprécis X", x, 0);
  assertInteger("distance", distance, 0);
  return x * distance;
}

/**
 * RULES §6.4 *Portée X[-Y]* (D-31): without Y the target must be at distance 0…X (*Portée 0*: the
 * same place); with Y, between X and Y inclusive. An unreachable target (`null` distance, §7.4) is
 * never in range.
 * @throws RangeError naming a negative or non-integer X, Y or distance, or Y below X.
 */
export function inRange(range: { x: number; y?: number }, distance: number | null): boolean {
  assertInteger("Portée X", range.x, 0);
  if (range.y !== undefined) assertInteger("Portée Y", range.y, range.x);
  if (distance === null) return false;
  assertInteger("distance", distance, 0);
  return range.y === undefined ? distance <= range.x : distance >= range.x && distance <= range.y;
}

/**
 * RULES §6.4 *Requis 🟫/🟥/🟩/🟦 X*: the *Épuisement* gained (per move action for armour, per use
 * for other equipment): max(0, X − aptitude). 004: 🟦 4 with *Requis 🟦 10* → 6; 🟫 4 with
 * *Requis 🟫 5* → 1.
 * @throws RangeError naming a negative or non-integer aptitude or X.
 */
export function requisExhaustion(aptitude: number, x: number): number {
  assertInteger("aptitude", aptitude, 0);
  assertInteger("Requis X", x, 0);
  return Math.max(0, x - aptitude);
}

/**
 * RULES §6.4 *Tectonique X*: the target place's new encumbrance, one step toward X (unchanged when
 * it already equals X).
 * @throws RangeError naming an encumbrance or X outside 0–5 (D-34).
 */
export function tectonic(encumbrance: number, x: number): number {
  assertEncumbrance(encumbrance);
  assertEncumbrance(x, "Tectonique X");
  return encumbrance + Math.sign(x - encumbrance);
}

/**
 * RULES §6.4 *Résistant X*: the kinds of source an attack belongs to, from its attributes —
 * *Incendiaire*, *Disruptif*, *De zone*, *Portée* when it has them, and melee when it has no
 * *Portée*.
 */
export function attackSourceKinds(attack: readonly Attribute[]): ResistantKind[] {
  const has = (key: Attribute["key"]): boolean => attack.some((a) => a.key === key);
  const kinds: ResistantKind[] = [];
  if (has("incendiary")) kinds.push("incendiary");
  if (has("disruptive")) kinds.push("disruptive");
  if (has("area")) kinds.push("area");
  kinds.push(has("range") ? "range" : "melee");
  return kinds;
}

/**
 * RULES §6.4 *De zone* (D-38): input of {@link areaTargets} — who stands in the targeted place and what the attacker
 * chose.
 */
export interface AreaTargetsInput {
  /** Ids of everyone in the targeted place (the attacker may be among them). */
  occupants: readonly string[];
  /** The attacker's id. */
  attacker: string;
  /** The attack's *De zone* attribute. */
  area: { x?: number; self: boolean };
  /**
   * D-38: the occupants the attacker picks (never himself), at most X. Omitted: every occupant
   * when they are X or fewer (or without X); required when there are more than X.
   */
  chosen?: readonly string[];
  /** Targets left out, paying 1 *Épuisement* each: chosen occupants, or the attacker with *Et Soi*. */
  spared?: readonly string[];
}

/** RULES §6.4 *De zone*: result of {@link areaTargets}. */
export interface AreaTargetsResult {
  /** Who the attack hits (one defence roll and one score each), occupants first, then the attacker. */
  targets: string[];
  /** *Épuisement* the attacker gains: 1 per target left out (spared, or a slot of X left empty). */
  exhaustion: number;
  /** How many occupants the attack must hit before any is left out: min(X, occupants), or all. */
  slots: number;
}

function assertIds(name: string, ids: readonly string[], among: readonly string[]): void {
  if (new Set(ids).size !== ids.length) invalid(`${name} lists someone twice`, ids);
  for (const id of ids) if (!among.includes(id)) invalid(`${name} must be among the possible targets`, id);
}

/**
 * RULES §6.4 *De zone [X] [Et Soi]* (D-38, D-28): the targets of an area attack. The attack hits
 * `slots` occupants other than the attacker — all of them without X or when there are X or
 * fewer, else X of them **chosen by the attacker** (seed 004 « choisi par le déclencheur ») — and
 * *Et Soi* adds the attacker wherever the place is. Each target left out costs 1 *Épuisement*:
 * one named in `spared`, or a slot the attacker left empty by choosing fewer than `slots` (the
 * same thing as choosing it and sparing it). Without *Et Soi* the attacker is never its own
 * target, even standing there.
 * @throws RangeError when more than X are chosen, a chosen id is not an occupant (or is the
 * attacker), no choice is given where one is needed, or a spared id is not a target.
 */
export function areaTargets(input: AreaTargetsInput): AreaTargetsResult {
  const { attacker, area } = input;
  const others = [...new Set(input.occupants)].filter((id) => id !== attacker);
  const x = area.x === undefined ? undefined : assertInteger("De zone X", area.x, 0);
  const slots = x === undefined ? others.length : Math.min(x, others.length);
  let chosen: readonly string[];
  if (input.chosen === undefined) {
    if (others.length > slots) invalid(`De zone ${x}: choose at most ${x} of the ${others.length} occupants`, others);
    chosen = others;
  } else {
    chosen = input.chosen;
    assertIds("chosen", chosen, others);
    if (chosen.length > slots) invalid(`De zone ${x}: at most ${slots} occupants can be chosen`, chosen);
  }
  const all = area.self ? [...chosen, attacker] : [...chosen];
  const spared = input.spared ?? [];
  assertIds("spared", spared, all);
  return {
    targets: all.filter((id) => !spared.includes(id)),
    exhaustion: slots - chosen.length + spared.length,
    slots,
  };
}

/** RULES §6.4: the sum of X over the entries of `key` (attributes that add up, e.g. two *Pénétrant*). */
export function attributeTotal(
  attributes: readonly Attribute[],
  key: "adaptive" | "disruptive" | "inaccurate" | "incendiary" | "penetrating",
): number {
  return attributesOf(attributes, key).reduce((sum, a) => sum + a.x, 0);
}

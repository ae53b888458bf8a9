/**
 * Pressure rolls (*jets de pression*) — RULES.md §2, seed 000.
 *
 * The rules never see a `Roll`: the caller rolls the d6 and passes the natural face.
 */
import { assertFace, assertInteger, invalid } from "./errors";
import { isOneOf } from "./keys";

/** RULES §2: what a boiler-linked item can raise (weapon FOR is split by melee / ranged). */
export const PRESSURE_TARGETS = ["mou", "ini", "att", "def", "peur", "meleeStrength", "rangedStrength"] as const;

/** RULES §2: a characteristic a pressure roll may raise. */
export type PressureTarget = (typeof PRESSURE_TARGETS)[number];

/** D-46: the most pressure dice a special ability grants (one d6 without one). */
export const PRESSURE_DICE_MAX = 3;

/** RULES §2: every step of the D-5 order, so the card can show how the bonus was reached. */
export interface PressureBreakdown {
  /** the natural d6 face that counts */
  face: number;
  /** bonus read from the table (1–2 → 2, 3–4 → 3, 5–6 → 4) */
  table: number;
  /** after halving (PEUR only; equal to `table` otherwise) */
  halved: number;
  /** final bonus, capped at the printed value */
  bonus: number;
  /** true when the printed value lowered the bonus */
  capped: boolean;
}

/** RULES §2: true when `value` is one of {@link PRESSURE_TARGETS}. */
export function isPressureTarget(value: unknown): value is PressureTarget {
  return isOneOf(PRESSURE_TARGETS, value);
}

function assertPressureTarget(target: unknown): PressureTarget {
  if (!isPressureTarget(target)) invalid(`pressure target must be one of ${PRESSURE_TARGETS.join(", ")}`, target);
  return target;
}

/**
 * RULES §2 (D-5): bonus of one pressure roll with its steps — table, then halve for PEUR, then
 * cap at the printed value. Halving before the cap keeps PEUR 1 figures able to gain +1.
 * @param printedValue the value on the reference card (the stored base), never an effect-raised one
 */
export function pressureBreakdown(face: number, target: PressureTarget, printedValue: number): PressureBreakdown {
  assertFace(face, 6);
  assertPressureTarget(target);
  assertInteger("printed value", printedValue, 0);
  // Bands on the natural face only: modifiers to the die never move a result into another band.
  const table = face <= 2 ? 2 : face <= 4 ? 3 : 4;
  const halved = target === "peur" ? Math.floor(table / 2) : table;
  const bonus = Math.min(halved, printedValue);
  return { face, table, halved, bonus, capped: bonus < halved };
}

/** RULES §2 (D-5): the bonus a natural d6 `face` gives to `target`, capped at its printed value. */
export function pressureBonus(face: number, target: PressureTarget, printedValue: number): number {
  return pressureBreakdown(face, target, printedValue).bonus;
}

/**
 * RULES §2 (D-4): when a special ability rolls several d6, the default choice is the best die.
 * The bonus never decreases with the face, so the best die is the highest face; on a tie the
 * first such die is chosen so the card highlights a stable one.
 */
export function bestPressureFace(
  faces: readonly number[],
  target: PressureTarget,
  printedValue: number,
): { index: number; face: number; bonus: number } {
  if (!Array.isArray(faces) || faces.length === 0) invalid("a pressure roll needs at least one d6", faces);
  let index = 0;
  faces.forEach((face, i) => {
    assertFace(face, 6, `faces[${i}]`);
    if (face > (faces[index] ?? 0)) index = i;
  });
  const face = faces[index] ?? 0;
  return { index, face, bonus: pressureBonus(face, target, printedValue) };
}

/**
 * D-46: the d6 a pressure roll may use — one, unless a special ability recorded on the linked item
 * or on the actor grants more (each 1–3; the larger counts, the two never add).
 */
export function pressureDiceGranted(itemDice: number, actorDice: number): number {
  assertInteger("item pressure dice", itemDice, 1, PRESSURE_DICE_MAX);
  assertInteger("actor pressure dice", actorDice, 1, PRESSURE_DICE_MAX);
  return Math.max(itemDice, actorDice);
}

/**
 * RULES §2 (D-6): several pressure bonuses on one characteristic do not add; the highest active
 * one applies, and none active means +0.
 */
export function highestPressureBonus(bonuses: readonly number[]): number {
  if (!Array.isArray(bonuses)) invalid("pressure bonuses must be a list", bonuses);
  let best = 0;
  bonuses.forEach((bonus, i) => {
    assertInteger(`bonuses[${i}]`, bonus, 0);
    best = Math.max(best, bonus);
  });
  return best;
}

/**
 * Scores and score tests of the tactical module (RULES §6.1, seed 004 P.1.2): a score is an
 * aptitude's current value + a sub-aptitude + modifiers, tested with 2d6 + score against a
 * difficulty. The dice come in as a total; nothing here rolls.
 */
import { assertInteger, invalid } from "./errors";
import { APTITUDE_KEYS, BUILD_TOTALS, SUB_APTITUDE_KEYS, type AptitudeKey, type SubAptitudeKey } from "./keys";
import { isOneOf } from "./keys";

/** RULES §6.1 (D-22): default size of one degree of success or failure (setting S-degree). */
export const DEFAULT_DEGREE_SIZE = 5;

/** RULES §6.1 (D-22): outcome of a score test. */
export interface ScoreTestResult {
  /** The total (2d6 + score) reached the difficulty. */
  success: boolean;
  /** Degrees of success when `success`, degrees of failure otherwise; always ≥ 0. */
  degrees: number;
}

/**
 * RULES §6.1 (D-22): a score test — success when `total` ≥ `difficulty`; degrees =
 * floor(margin / `degreeSize`) where the margin is how far the total is above (success) or below
 * (failure) the difficulty. A total may be negative (a heavy *Imprécis* penalty).
 * @throws RangeError naming any value that is not an integer, or a degree size below 1.
 */
export function scoreTest(total: number, difficulty: number, degreeSize = DEFAULT_DEGREE_SIZE): ScoreTestResult {
  assertInteger("total", total);
  assertInteger("difficulty", difficulty);
  assertInteger("degree size", degreeSize, 1);
  const success = total >= difficulty;
  return { success, degrees: Math.floor(Math.abs(total - difficulty) / degreeSize) };
}

/** RULES §6.4 (D-29): options of {@link stunDelay}, from the world settings. */
export interface StunDelayOptions {
  /** RULES §6.1: size of a degree (setting S-degree, default 5). */
  degreeSize?: number;
  /** RULES §6.4 (D-29): setting S-stun-literal — 1 position per degree of failure, minimum 1. */
  literal?: boolean;
}

/**
 * RULES §6.4 *Etourdissante* (D-29): how many positions the target's marker moves later after its
 * stun test. 0 on a success; on a failure 1 + degrees of failure (004's worked example: total 13
 * against 18 fails by one degree and moves 2), or with `literal` max(1, degrees).
 * @throws RangeError as {@link scoreTest}.
 */
export function stunDelay(total: number, difficulty: number, o: StunDelayOptions = {}): number {
  const { success, degrees } = scoreTest(total, difficulty, o.degreeSize ?? DEFAULT_DEGREE_SIZE);
  if (success) return 0;
  return o.literal ? Math.max(1, degrees) : 1 + degrees;
}

/**
 * RULES §6.1: a score = the aptitude's current value + the sub-aptitude + modifiers (004: *Réflexe*
 * score 6 = *Vivacité* 2 + *Réflexe* 4). The result may be negative when penalties exceed it.
 * @throws RangeError naming a negative or non-integer aptitude or sub-aptitude, or a non-integer
 * modifier.
 */
export function score(aptitudeCurrent: number, subAptitude: number, modifiers = 0): number {
  assertInteger("aptitude", aptitudeCurrent, 0);
  assertInteger("sub-aptitude", subAptitude, 0);
  assertInteger("modifiers", modifiers);
  return aptitudeCurrent + subAptitude + modifiers;
}

/** RULES §6.1: how a weapon is used. */
export type WeaponRange = "melee" | "ranged";
/** RULES §6.1: a weapon's weight class. */
export type WeaponWeight = "light" | "heavy";
/**
 * RULES §6.1: where a weapon comes from. `xenos` covers every daemonic, heretical or xenos weapon;
 * `mars` is a complex weapon from the forge world of Mars.
 */
export type WeaponOrigin = "imperium" | "mars" | "xenos";

/** RULES §6.1: the weapon category that proposes a governing sub-aptitude. */
export interface WeaponCategory {
  range: WeaponRange;
  weight: WeaponWeight;
  origin: WeaponOrigin;
}

const WEAPON_RANGES: readonly string[] = ["melee", "ranged"];
const WEAPON_WEIGHTS: readonly string[] = ["light", "heavy"];
const WEAPON_ORIGINS: readonly string[] = ["imperium", "mars", "xenos"];

/**
 * RULES §6.1 (D-23): the sub-aptitude proposed for a weapon's attack score, by precedence
 * *Savoirs interdits* (xenos) > *Techno-maîtrise* (Mars) > *Robustesse* (heavy) > *Précision*
 * (light ranged) / *Force* (light melee). The weapon stores its own choice; this is the default.
 * @throws RangeError naming an unknown range, weight or origin.
 */
export function attackSubAptitude(weapon: Readonly<WeaponCategory>): SubAptitudeKey {
  if (!WEAPON_RANGES.includes(weapon.range)) invalid("weapon range must be melee or ranged", weapon.range);
  if (!WEAPON_WEIGHTS.includes(weapon.weight)) invalid("weapon weight must be light or heavy", weapon.weight);
  if (!WEAPON_ORIGINS.includes(weapon.origin)) invalid("weapon origin must be imperium, mars or xenos", weapon.origin);
  if (weapon.origin === "xenos") return "savoirsInterdits";
  if (weapon.origin === "mars") return "technoMaitrise";
  if (weapon.weight === "heavy") return "robustesse";
  return weapon.range === "ranged" ? "precision" : "force";
}

/**
 * RULES §6.1 (D-24): the defence sub-aptitude — *Sang-froid* against a *Terrifiant* attack (it wins
 * when both apply), else *Vigilance* against a ranged attack, else *Réflexe* (melee).
 */
export function defenceSubAptitude(attack: { ranged: boolean; terrifying: boolean }): SubAptitudeKey {
  if (attack.terrifying) return "sangFroid";
  return attack.ranged ? "vigilance" : "reflexe";
}

/**
 * RULES §6.1: the sub-aptitude of each use of the reflection score (*réflexion*): motivate or
 * threaten allies → *Détermination*; confuse, jeer or taunt an opponent → *Perspicacité*; use an
 * Imperial support tool or grenade → *Scholastique*.
 */
export const REFLECTION_SUB_APTITUDES = {
  motivate: "determination",
  threaten: "determination",
  confuse: "perspicacite",
  jeer: "perspicacite",
  taunt: "perspicacite",
  supportTool: "scholastique",
  grenade: "scholastique",
} as const satisfies Readonly<Record<string, SubAptitudeKey>>;

/** RULES §6.1: a use of the reflection score. */
export type ReflectionUse = keyof typeof REFLECTION_SUB_APTITUDES;

/**
 * RULES §6.1 (D-25): the attack hits when the attacker's total is strictly higher than the
 * defender's (a tie is a miss).
 * @throws RangeError naming a non-integer total.
 */
export function attackHits(attackTotal: number, defenceTotal: number): boolean {
  assertInteger("attack total", attackTotal);
  assertInteger("defence total", defenceTotal);
  return attackTotal > defenceTotal;
}

/**
 * RULES §1 (D-3): an aptitude's current value, max(0, value − damage).
 * @throws RangeError naming a negative or non-integer value or damage.
 */
export function aptitudeCurrent(value: number, damage: number): number {
  assertInteger("aptitude value", value, 0);
  assertInteger("aptitude damage", damage, 0);
  return Math.max(0, value - damage);
}

/** RULES §1: one running build total against its target. */
export interface BuildTotal {
  /** Sum of the points spent. */
  total: number;
  /** What 004 P.1.1 asks for (15 aptitudes, 12 sub-aptitudes). */
  target: number;
  /** `total − target`: positive when over, negative when points remain to spend. */
  difference: number;
}

/** RULES §1: the character build check shown on the sheet (it flags, never blocks). */
export interface BuildTotals {
  aptitudes: BuildTotal;
  subAptitudes: BuildTotal;
  /** Both totals are on target. */
  complete: boolean;
}

function sumPoints<K extends string>(
  kind: string,
  keys: readonly K[],
  points: Readonly<Partial<Record<K, number>>>,
  target: number,
): BuildTotal {
  for (const name of Object.keys(points)) {
    if (!isOneOf(keys, name)) invalid(`unknown ${kind}`, name);
  }
  let total = 0;
  for (const key of keys) total += assertInteger(`${kind} ${key}`, points[key] ?? 0, 0);
  return { total, target, difference: total - target };
}

/**
 * RULES §1 (004 P.1.1): running totals of the aptitude values (target 15) and sub-aptitudes (target
 * 12). Missing keys count 0; the aptitudes' printed values count, not their damaged current values.
 * @throws RangeError naming an unknown key or a negative or non-integer value.
 */
export function buildTotals(
  aptitudes: Readonly<Partial<Record<AptitudeKey, number>>>,
  subAptitudes: Readonly<Partial<Record<SubAptitudeKey, number>>>,
): BuildTotals {
  const apt = sumPoints("aptitude", APTITUDE_KEYS, aptitudes, BUILD_TOTALS.aptitudes);
  const sub = sumPoints("sub-aptitude", SUB_APTITUDE_KEYS, subAptitudes, BUILD_TOTALS.subAptitudes);
  return { aptitudes: apt, subAptitudes: sub, complete: apt.difference === 0 && sub.difference === 0 };
}

/**
 * Dice pools and pushing (*pousser son jet*) — RULES.md §3, seed 001.
 *
 * Faces come in as numbers and rerolls come from a callback, so the rules stay deterministic and
 * testable; the Foundry layer supplies real dice.
 */
import { assertFace, assertInteger, invalid } from "./errors";

/** RULES §3: the most *Volonté* points (WP) an actor can hold. */
export const WILLPOWER_MAX = 10;

/** RULES §3: the three kinds of d6 in a pool, in the order a push rerolls them. */
export const POOL_DIE_KINDS = ["base", "skill", "gear"] as const;

/** RULES §3: base (aptitude), skill (sub-aptitude) or gear (item bonus) die. */
export type PoolDieKind = (typeof POOL_DIE_KINDS)[number];

/** RULES §3: the d6 faces of a pool roll, listed per kind. */
export interface PoolFaces {
  base: number[];
  skill: number[];
  gear: number[];
}

/** RULES §3: one die a push would reroll, by kind and position within its kind. */
export interface PoolDie {
  kind: PoolDieKind;
  index: number;
}

/** RULES §3: what a push costs and gives, computed from the faces after the push. */
export interface PushConsequences {
  /** number of 6s */
  successes: number;
  /** base-die 1s: points of damage to the aptitude used (its current value stops at 0) */
  aptitudeDamage: number;
  /** WP actually gained (0 for actors that never gain WP; stops at {@link WILLPOWER_MAX}) */
  willpowerGained: number;
  /** WP after the push */
  willpowerAfter: number;
  /** true when the cap of {@link WILLPOWER_MAX} swallowed at least one point */
  willpowerCapped: boolean;
  /** gear-die 1s: points lost from the item's bonus (which stops at 0) */
  gearDamage: number;
}

/** RULES §3: exact odds of pushing a roll, for the card's "if you push" line. */
export interface PushOdds {
  /** probability that the pushed roll has at least `required` successes */
  successChance: number;
  /** expected number of base-die 1s after the push (kept ones included) */
  expectedAptitudeDamage: number;
  /** expected number of gear-die 1s after the push (kept ones included) */
  expectedGearDamage: number;
  /** number of dice the push rerolls */
  rerolled: number;
}

/** Validates a pool and returns a copy, so callers can never alias the caller's arrays. */
function checkedPool(faces: PoolFaces): PoolFaces {
  if (typeof faces !== "object" || faces === null) invalid("pool faces must be { base, skill, gear }", faces);
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: equivalent, the loop below sets every kind
  const copy: PoolFaces = { base: [], skill: [], gear: [] };
  for (const kind of POOL_DIE_KINDS) {
    const list: unknown = faces[kind];
    if (!Array.isArray(list)) invalid(`pool ${kind} faces must be a list`, list);
    copy[kind] = list.map((face: unknown, i) => assertFace(face, 6, `${kind}[${i}]`));
  }
  return copy;
}

/** A kept 1 (a bane) exists only on base and gear dice; skill dice have no bane. */
function isEligible(kind: PoolDieKind, face: number): boolean {
  if (face === 6) return false;
  return kind === "skill" || face !== 1;
}

function count(list: readonly number[], face: number): number {
  return list.reduce((n, f) => (f === face ? n + 1 : n), 0);
}

/** RULES §3: number of successes — every 6, whatever its kind. */
export function poolSuccesses(faces: PoolFaces): number {
  const pool = checkedPool(faces);
  return count(pool.base, 6) + count(pool.skill, 6) + count(pool.gear, 6);
}

/** RULES §3 (D-7): the roll succeeds with at least `required` successes (default 1). */
export function isPoolSuccess(faces: PoolFaces, required = 1): boolean {
  assertInteger("required successes", required, 1);
  return poolSuccesses(faces) >= required;
}

/**
 * RULES §3: the dice a push rerolls, in reroll order (base, skill, gear; left to right): base and
 * gear 2–5, skill 1–5. The player cannot choose among them.
 */
export function pushableDice(faces: PoolFaces): PoolDie[] {
  const pool = checkedPool(faces);
  const dice: PoolDie[] = [];
  for (const kind of POOL_DIE_KINDS) {
    pool[kind].forEach((face, index) => {
      if (isEligible(kind, face)) dice.push({ kind, index });
    });
  }
  return dice;
}

/** RULES §3: a roll can be pushed only when at least one die would be rerolled. */
export function isPushable(faces: PoolFaces): boolean {
  return pushableDice(faces).length > 0;
}

/**
 * RULES §3: pushes a roll. Calls `reroll()` once per eligible die, in order base, then skill, then
 * gear, left to right, and returns new faces; 6s and base/gear 1s are kept.
 * Throws on a roll that cannot be pushed: allowing an empty push would turn kept 1s into banes
 * (and WP) without any risk.
 */
export function pushPool(faces: PoolFaces, reroll: () => number): PoolFaces {
  const pool = checkedPool(faces);
  if (typeof reroll !== "function") invalid("reroll must be a function returning a d6 face", reroll);
  if (!isPushable(pool)) invalid("this roll has no die to reroll and cannot be pushed", faces);
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: equivalent, the loop below sets every kind
  const pushed: PoolFaces = { base: [], skill: [], gear: [] };
  for (const kind of POOL_DIE_KINDS) {
    pushed[kind] = pool[kind].map((face) => (isEligible(kind, face) ? assertFace(reroll(), 6, "rerolled face") : face));
  }
  return pushed;
}

/**
 * RULES §3 (D-9, D-10): consequences of a pushed roll, counted on every die on the table whether
 * its 1 came from the first roll or the push. Base 1s damage the aptitude and give WP; gear 1s
 * cost the item's bonus; skill 1s do nothing. `gainsWillpower` is false for `npc` actors.
 * Call it only on a pushed roll: before a push, 1s have no effect.
 */
export function pushConsequences(
  pushed: PoolFaces,
  actor: { willpower: number; gainsWillpower: boolean },
): PushConsequences {
  const pool = checkedPool(pushed);
  if (typeof actor !== "object" || actor === null) invalid("actor must be { willpower, gainsWillpower }", actor);
  const willpower = assertInteger("willpower", actor.willpower, 0, WILLPOWER_MAX);
  if (typeof actor.gainsWillpower !== "boolean") invalid("gainsWillpower must be true or false", actor.gainsWillpower);
  const aptitudeDamage = count(pool.base, 1);
  const earned = actor.gainsWillpower ? aptitudeDamage : 0;
  const willpowerGained = Math.min(earned, WILLPOWER_MAX - willpower);
  return {
    successes: count(pool.base, 6) + count(pool.skill, 6) + count(pool.gear, 6),
    aptitudeDamage,
    willpowerGained,
    willpowerAfter: willpower + willpowerGained,
    willpowerCapped: willpowerGained < earned,
    gearDamage: count(pool.gear, 1),
  };
}

/**
 * RULES §3: a value after push losses — the aptitude's current value and the gear bonus never go
 * below 0.
 */
export function afterPushLoss(value: number, loss: number): number {
  assertInteger("value", value, 0);
  assertInteger("loss", loss, 0);
  return Math.max(0, value - loss);
}

/**
 * P(X ≥ need) for X ~ Binomial(n, 1/6), summed exactly over the upper tail. Every rerolled die
 * shows a 6 with chance 1/6 whatever its kind, so the kinds only matter for kept dice.
 */
function binomialTailOneSixth(n: number, need: number): number {
  if (need <= 0) return 1;
  if (need > n) return 0;
  const p = 1 / 6;
  const q = 5 / 6;
  let pmf = q ** n; // P(X = 0)
  let below = 0;
  for (let j = 0; j < need; j++) {
    below += pmf;
    pmf *= ((n - j) / (j + 1)) * (p / q);
  }
  // For small `need` the lower tail is short and 1 − it is exact to rounding; otherwise sum upward.
  if (need <= n / 2) return Math.min(1, Math.max(0, 1 - below));
  let tail = 0;
  for (let j = need; j <= n; j++) {
    tail += pmf;
    pmf *= ((n - j) / (j + 1)) * (p / q);
  }
  return Math.min(1, tail);
}

/**
 * RULES §3 (D-7): exact chance that `dice` fresh d6 show at least `required` 6s — what a roll
 * dialog shows before the roll (0 with no die). A fresh die is a 6 with chance 1/6 whatever its
 * kind, so only the count matters.
 */
export function freshPoolChance(dice: number, required = 1): number {
  if (dice <= 0) return 0;
  assertInteger("dice", dice, 1);
  // While the dialog's field reads under one (its submit refuses that), the odds are one success's.
  return binomialTailOneSixth(dice, assertInteger("required successes", Math.max(1, required), 1));
}

/**
 * RULES §3 (D-7): exact odds of pushing these faces — closed form, no sampling. Successes after
 * the push are the kept 6s plus a Binomial(rerolled, 1/6); each rerolled base or gear die turns
 * into a 1 with chance 1/6. Throws on a roll that cannot be pushed, as {@link pushPool} does.
 */
export function pushOdds(faces: PoolFaces, required = 1): PushOdds {
  const pool = checkedPool(faces);
  assertInteger("required successes", required, 1);
  const dice = pushableDice(pool);
  if (dice.length === 0) invalid("this roll has no die to reroll and cannot be pushed", faces);
  const kept6 = count(pool.base, 6) + count(pool.skill, 6) + count(pool.gear, 6);
  const rerolledOf = (kind: PoolDieKind): number => dice.filter((d) => d.kind === kind).length;
  return {
    successChance: binomialTailOneSixth(dice.length, required - kept6),
    expectedAptitudeDamage: count(pool.base, 1) + rerolledOf("base") / 6,
    expectedGearDamage: count(pool.gear, 1) + rerolledOf("gear") / 6,
    rerolled: dice.length,
  };
}

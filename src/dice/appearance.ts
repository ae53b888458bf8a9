/**
 * How each kind of Tactica die looks under Dice So Nice: a colour set per kind and, for the d6 of a
 * pool, a dice set of Tactica's own faces — named on the die term itself. DSN reads
 * `term.options.appearance` when it shows a roll, for rolls of created messages and for
 * `showForRoll` alike, and merges it last over the user's own appearance (DSN 5.1 `module/Dice3D.js`:
 * "we merge the roll appearance in the dice term"; `module/DiceFactory.js` `getAppearanceForDice`),
 * so `colorset` and `system` travel in the roll's JSON and every client shows the same dice: a
 * pushed roll's new dice are made by the same constructor (src/dice/pool-roll.ts `pushDice`), so
 * they keep their kind's faces. The colour sets and the dice sets themselves are registered on
 * `diceSoNiceReady` (src/dice/dsn.ts). Without DSN the hint is plain data nobody reads.
 */
import { poolSuccesses, pushConsequences, type PoolDieKind } from "../rules/pool";

/** The die kinds: the pool's base, skill and gear d6, and the psychic d10. */
export const DIE_COLOR_KINDS = ["base", "skill", "gear", "psy"] as const;
export type DieColorKind = (typeof DIE_COLOR_KINDS)[number];

/** The colour set of each die kind. */
export const DIE_COLORSETS = {
  base: "tactica-base",
  skill: "tactica-skill",
  gear: "tactica-gear",
  psy: "tactica-psy",
} as const satisfies Record<DieColorKind, string>;

/**
 * The Dice So Nice dice set ("system", in DSN's words) of each pool die kind: one per kind, since a
 * set holds one d6. Scores' 2d6 and the psychic d10 keep DSN's numbered faces.
 */
export const DIE_FACE_SYSTEMS = {
  base: "tactica-base",
  skill: "tactica-skill",
  gear: "tactica-gear",
} as const satisfies Record<PoolDieKind, string>;

/** What a face shows: the success symbol, the bane symbol, or its number. */
export type FaceMark = "success" | "bane" | number;

/**
 * RULES §3, read from the rules themselves: a face is a success when it counts as one, a bane when
 * a push showing it costs the aptitude or the item (every 6 is a success; a 1 is a bane on base and
 * gear dice, never on skill dice — seed 001).
 */
function faceMark(kind: PoolDieKind, face: number): FaceMark {
  const alone = { base: [], skill: [], gear: [], [kind]: [face] };
  if (poolSuccesses(alone) > 0) return "success";
  const pushed = pushConsequences(alone, { willpower: 0, gainsWillpower: false });
  return pushed.aptitudeDamage + pushed.gearDamage > 0 ? "bane" : face;
}

/** The six faces of a pool die of `kind`, face 1 first. */
const facesOf = (kind: PoolDieKind): FaceMark[] => [1, 2, 3, 4, 5, 6].map((face) => faceMark(kind, face));

/** Each pool die kind's six faces, face 1 first. */
export const DIE_FACES: Readonly<Record<PoolDieKind, readonly FaceMark[]>> = {
  base: facesOf("base"),
  skill: facesOf("skill"),
  gear: facesOf("gear"),
};

/** True when `flavor` names a die kind (a key of {@link DIE_COLORSETS}, as `in` reads it). */
function isDieColorKind(flavor: string): flavor is DieColorKind {
  return flavor in DIE_COLORSETS;
}

/** True for a pool die kind, which has faces of its own. */
function hasFaces(kind: DieColorKind): kind is PoolDieKind {
  return kind in DIE_FACE_SYSTEMS;
}

/** A die term as far as its appearance goes. */
interface AppearanceTerm {
  options: { flavor?: string | null; appearance?: { colorset?: string; system?: string } };
}

/**
 * Names the colour set — and, for a pool die, the dice set of its faces — on every die term of
 * `dice` whose kind is known (its flavor, or `kind`).
 */
export function applyDieAppearance(dice: readonly AppearanceTerm[], kind?: DieColorKind): void {
  for (const die of dice) {
    const flavor = die.options.flavor ?? "";
    const own = kind ?? (isDieColorKind(flavor) ? flavor : null);
    if (!own) continue;
    const faces = hasFaces(own) ? { system: DIE_FACE_SYSTEMS[own] } : {};
    die.options.appearance = { ...(die.options.appearance ?? {}), colorset: DIE_COLORSETS[own], ...faces };
  }
}

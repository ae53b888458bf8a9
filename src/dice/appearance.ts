/**
 * How each kind of Tactica die looks under Dice So Nice: a colour set per kind, named on the die
 * term itself. DSN reads `term.options.appearance` ({ colorset }) when it shows a roll, for rolls of
 * created messages and for `showForRoll` alike (DSN `module/Dice3D.js`: "we merge the roll appearance
 * in the dice term"), so the name travels in the roll's JSON and every client shows the same
 * colours. The colour sets themselves are registered on `diceSoNiceReady` (src/dice/dsn.ts).
 * Without DSN the hint is plain data nobody reads.
 */

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

/** True when `flavor` names a die kind (a key of {@link DIE_COLORSETS}, as `in` reads it). */
function isDieColorKind(flavor: string): flavor is DieColorKind {
  return flavor in DIE_COLORSETS;
}

/** A die term as far as its appearance goes. */
interface AppearanceTerm {
  options: { flavor?: string | null; appearance?: { colorset?: string } };
}

/** Names the colour set on every die term of `dice` whose kind is known (its flavor, or `kind`). */
export function applyDieAppearance(dice: readonly AppearanceTerm[], kind?: DieColorKind): void {
  for (const die of dice) {
    const flavor = die.options.flavor ?? "";
    const own = kind ?? (isDieColorKind(flavor) ? flavor : null);
    if (own) die.options.appearance = { ...(die.options.appearance ?? {}), colorset: DIE_COLORSETS[own] };
  }
}

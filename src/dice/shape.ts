/**
 * The shape of dice another client rolled (DESIGN §4, docs/rules-decisions.md "Trust model"). A
 * player's own dice are rolled on their client and reach the active GM as roll JSON; core's
 * `Roll.fromData` rebuilds it and trusts its `total` (docs/foundry-behaviour.md §7: the server never re-rolls), so the
 * GM reads only the FACES, and only when every die term is what the action asked for: the right
 * number of dice of the right size, each face a whole number on that die, nothing rerolled,
 * exploded or dropped. Anything else is refused. What this cannot see — a player who typed
 * their own faces on their own client — is the trust floor: a player's own dice are theirs.
 */

/** One die term the action expects: `count` dice of `faces` sides, with this flavor if given. */
export interface DieSpec {
  count: number;
  faces: number;
  flavor?: string;
}

/** The parts of a Roll (and of its terms) the check reads. */
interface RollView {
  terms: readonly unknown[];
  dice: readonly {
    faces?: number | null;
    number?: number | null;
    flavor: string;
    results: readonly {
      result: number;
      active?: boolean;
      rerolled?: boolean;
      exploded?: boolean;
      discarded?: boolean;
    }[];
  }[];
  _evaluated?: boolean;
}

/** A term a Tactica roll may hold besides its dice: core's `NumericTerm` and `OperatorTerm`. */
function isPlainTerm(term: unknown): boolean {
  const terms = foundry.dice.terms;
  return term instanceof terms.NumericTerm || term instanceof terms.OperatorTerm;
}

/**
 * The faces of each die term of `roll`, in order, when the roll is evaluated and its dice are
 * exactly `spec`; null otherwise.
 */
export function facesOf(roll: unknown, spec: readonly DieSpec[]): number[][] | null {
  // Roll JSON another client sent, rebuilt by core: read as a view, every part checked below
  // (`_evaluated` is protected in fvtt-types, so the Roll type itself cannot be read here).
  const view = roll as RollView | null;
  if (!view || view._evaluated !== true || !Array.isArray(view.dice) || !Array.isArray(view.terms)) return null;
  if (view.dice.length !== spec.length) return null;
  const diceTerms = view.terms.filter((t) => t instanceof foundry.dice.terms.DiceTerm);
  if (
    diceTerms.length !== spec.length ||
    view.terms.some((t) => !(t instanceof foundry.dice.terms.DiceTerm) && !isPlainTerm(t))
  )
    return null;
  const faces: number[][] = [];
  for (const [i, expected] of spec.entries()) {
    const die = view.dice[i]!;
    if (die.faces !== expected.faces || die.number !== expected.count) return null;
    if (expected.flavor !== undefined && die.flavor !== expected.flavor) return null;
    if (die.results.length !== expected.count) return null;
    const values: number[] = [];
    for (const r of die.results) {
      if (r.active === false || r.rerolled || r.exploded || r.discarded) return null;
      if (!Number.isInteger(r.result) || r.result < 1 || r.result > expected.faces) return null;
      values.push(r.result);
    }
    faces.push(values);
  }
  return faces;
}

/**
 * The roll another client sent (a request's `roll`), rebuilt by core's `Roll.fromData` (the class
 * by its name among `CONFIG.Dice.rolls`, https://foundryvtt.com/api/classes/foundry.dice.Roll.html#fromdata);
 * null when there is none, it cannot be rebuilt, or (with `cls`) it is not exactly of that class.
 * Its faces are then read by {@link facesOf}.
 */
export function rollFrom(data: unknown, cls?: abstract new (...args: never[]) => unknown): unknown {
  if (typeof data !== "object" || data === null) return null;
  try {
    // Core checks the data itself: a malformed roll throws (caught below), as from a client not ours.
    const roll = foundry.dice.Roll.fromData(data as foundry.dice.Roll.Data);
    return cls && roll.constructor !== cls ? null : roll;
  } catch {
    return null;
  }
}

/**
 * What an attack sets off besides damage (RULES §6.4), run on the one writer: the stun test by the
 * apply-damage executor, after the damage and its key are written; *Tectonique* by the defence,
 * hit or miss (docs/rules-decisions.md "Played at the table (issue 29)", R10):
 * - *Etourdissante X Y*: the target takes its score test of X against Y (a stun card of its own);
 *   on a failure its marker moves later by `stunDelay` when the viewed combat runs a timeline and
 *   this client is a GM — once per target per attack, the key `stunned.<combatantId>` written on
 *   the combat in the same update as the move — else the card states the delay for the GM to apply;
 * - *Tectonique X*: the encumbrance of the target's place moves one step toward X, once per place
 *   per attack: the key `shifted` is written on the place's BEHAVIOUR — the document the shift
 *   updates — in the same update as the shift, and read back from that same behaviour.
 */
import { ScoreRoll } from "../dice/score-roll";
import { CharacterModel } from "../data/actor/character";
import { attributesOf, type Attribute } from "../rules/attributes";
import { placeBehavior, shiftEncumbrance, tokenPlace } from "../places/measure";
import { scoreOptions } from "../actions/score";
import { postCard } from "../actions/common";
import { cardRecord, recordChange } from "../data/card-keys";
import { combatantIdOf, combatantIdsOf, viewedTimeline } from "./timeline-link";
import { isRecord } from "../rules/records";

/** The hit a follow-up belongs to: the card's message and the target row. */
export interface HitKey {
  messageId: string;
  index: number;
}

/**
 * RULES §6.4 (D-29): the target's stun test, posted as its own card. Null when the attack does not
 * stun or the target has no scores (a unit); else the positions its marker moves (0: passed).
 */
export async function stunTest(target: Actor.Implementation, attributes: readonly Attribute[]): Promise<number | null> {
  const stunning = attributesOf(attributes, "stunning")[0];
  if (!stunning || !(target.system instanceof CharacterModel)) return null;
  const options = scoreOptions(target, { subAptitude: stunning.score, difficulty: stunning.y, purpose: "stun" });
  if (!options) return null;
  const posted = await postCard(
    target,
    { rollClass: ScoreRoll, formula: (o) => ScoreRoll.formulaFor(o), options, fastForward: true },
    { kind: "score" },
  );
  return Math.max(0, posted?.roll.stunDelay ?? 0);
}

/**
 * Moves the stunned target's marker `delay` positions later on the viewed timeline (a GM only),
 * once per target per attack: the key `stunned.<combatantId>` is written on the combat in the same
 * update as the move (a key written per row before, `t<i>.stunned`, counts too). True when the
 * marker moved (now or by an earlier try).
 */
export async function stunMove(
  target: Actor.Implementation,
  token: TokenDocument | null,
  delay: number,
  key: HitKey,
): Promise<boolean> {
  // Stryker disable next-line OptionalChaining: equivalent, the one writer runs for a user (game.user is set by ready)
  const combat = game.user?.isGM ? viewedTimeline() : null;
  if (!combat || delay <= 0) return false;
  const combatantId = combatantIdOf(combat, target, token?.id ?? null);
  if (!combatantId) return false;
  const record = cardRecord(combat, key.messageId);
  const { stunned } = record;
  const legacy = record[`t${key.index}`];
  // Once per target per card, whichever of the target's combatants the row's token names (a
  // linked actor may have several: the token is the card author's to write).
  const moved = combatantIdsOf(combat, target, token?.id ?? null);
  if (
    (isRecord(stunned) && moved.some((id) => typeof stunned[id] === "number")) ||
    (isRecord(legacy) && typeof legacy.stunned === "number")
  )
    return true;
  return combat.stun(combatantId, delay, recordChange(combat, key.messageId, { [`stunned.${combatantId}`]: delay }));
}

/**
 * RULES §6.4 *Tectonique X*: shifts the target's place toward X unless this attack already did.
 * Returns the region id shifted, or null.
 */
export async function tectonicFollowUp(
  token: TokenDocument | null,
  attributes: readonly Attribute[],
  messageId: string,
): Promise<string | null> {
  const tectonic = attributesOf(attributes, "tectonic")[0];
  if (!tectonic) return null;
  const region = token ? tokenPlace(token) : null;
  const behavior = region ? placeBehavior(region) : null;
  if (!region?.id || !behavior || cardRecord(behavior, messageId).shifted === true) return null;
  await shiftEncumbrance(region.id, tectonic.x, recordChange(behavior, messageId, { shifted: true }));
  return region.id;
}

/**
 * What a hit sets off besides damage (RULES §6.4), run by the apply-damage executor on the one
 * writer, before the card is written once:
 * - *Etourdissante X Y*: the target takes its score test of X against Y (a stun card of its own);
 *   on a failure its marker moves later by `stunDelay` when the viewed combat runs a timeline and
 *   this client is a GM, else the card states the delay for the GM to apply;
 * - *Tectonique X*: the encumbrance of the target's place moves one step toward X, once per place
 *   per attack (an area attack hits several occupants of one place).
 */
import { ScoreRoll } from "../dice/score-roll";
import { CharacterModel } from "../data/actor/character";
import { attributesOf, type Attribute } from "../rules/attributes";
import { shiftEncumbrance, tokenPlace } from "../places/measure";
import { scoreOptions } from "../actions/score";
import { postCard } from "../actions/common";
import type { TacticaActor } from "../documents/actor";
import { documentAt } from "./permissions";
import { combatantIdOf, viewedTimeline } from "./timeline-link";

/** What the stun test left on the target's row. */
export interface StunOutcome {
  stun: number;
  stunMoved: boolean;
}

/**
 * RULES §6.4 (D-29): the target's stun test. Null when the attack does not stun or the target
 * has no scores (a unit); else the delay (0: passed) and whether the timeline was moved.
 */
export async function stunFollowUp(target: TacticaActor, tokenUuid: string, attributes: readonly Attribute[]): Promise<StunOutcome | null> {
  const stunning = attributesOf(attributes, "stunning")[0];
  if (!stunning || !(target.system instanceof CharacterModel)) return null;
  const options = scoreOptions(target, { subAptitude: stunning.score, difficulty: stunning.y, purpose: "stun" });
  if (!options) return null;
  const posted = await postCard(target, { rollClass: ScoreRoll, formula: (o) => ScoreRoll.formulaFor(o), options, fastForward: true }, { kind: "score" });
  const delay = posted?.roll.stunDelay ?? 0;
  if (delay <= 0) return { stun: 0, stunMoved: false };
  const combat = game.user?.isGM ? viewedTimeline() : null;
  const token = documentAt(tokenUuid) as { id?: string | null } | null;
  const combatantId = combat ? combatantIdOf(combat, target, token?.id ?? null) : null;
  const moved = !!combat && !!combatantId && (await combat.stun(combatantId, delay));
  return { stun: delay, stunMoved: moved };
}

/**
 * RULES §6.4 *Tectonique X*: shifts the target's place toward X unless this attack already did.
 * Returns the region id shifted, or null.
 */
export async function tectonicFollowUp(tokenUuid: string, attributes: readonly Attribute[], shifted: readonly string[]): Promise<string | null> {
  const tectonic = attributesOf(attributes, "tectonic")[0];
  if (!tectonic) return null;
  const token = documentAt(tokenUuid) as TokenDocument | null;
  const region = token ? tokenPlace(token) : null;
  if (!region?.id || shifted.includes(region.id)) return null;
  await shiftEncumbrance(region.id, tectonic.x);
  return region.id;
}

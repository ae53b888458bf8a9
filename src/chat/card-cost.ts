/**
 * RULES §7.1: what a card's action cost, priced again from the STORED documents for the
 * End-action dialog. A card's `flags.tactica.timelineCost` is written by the card's author and can
 * say anything, so it is never read: the cost comes from the card's kind (each kind prices its own
 * action, src/chat/kinds/), its actor (only when the message's author owns it,
 * src/chat/authority.ts), the stored power (use and maintenance costs), the actor's AC (a rally) —
 * and, for concentration, the
 * caster's own roll options, which are the player's own choice like their dice (their target
 * number on the card is computed from the same options, so the two cannot disagree).
 */
import type { TimelineCost } from "../rules/timeline";
import { cardActor } from "./authority";
import { kindOf } from "./kinds/index";

/** A card's actor and the cost of its action, when both are genuine; null for anything else. */
export interface PricedCard {
  actor: Actor.Implementation;
  /** the action's cost; null for a card of an action the rules give no duration (an attack, a test) */
  cost: TimelineCost | null;
}

/** Prices `message` from the stored documents, as its kind prices it (see above); null for no genuine card. */
export function pricedCard(message: ChatMessage.Implementation): PricedCard | null {
  const card = message.card;
  if (!card) return null;
  const found = { message, card };
  const actor = cardActor(found);
  if (!actor) return null;
  return { actor, cost: kindOf(card.kind)?.price?.(found, actor) ?? null };
}

/**
 * The last genuine card of `actor` among `messages` (oldest first, as `game.messages`), priced;
 * null when it has none. Only the last counts: an older card is an older action.
 */
export function lastPricedCard(
  messages: readonly ChatMessage.Implementation[],
  actor: { uuid: string } | null,
): PricedCard | null {
  if (!actor) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (!message.card || message.card.actorUuid !== actor.uuid) continue;
    const priced = pricedCard(message);
    if (priced) return priced;
  }
  return null;
}

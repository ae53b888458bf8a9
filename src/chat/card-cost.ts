/**
 * RULES §7.1: what a card's action cost, priced again from the STORED documents for the
 * End-action dialog. A card's `flags.tactica.timelineCost` is written by
 * the card's author and can say anything, so it is never read: the cost comes from the card's
 * kind, its actor (only when the message's author owns it, src/chat/authority.ts), the stored
 * power (use and maintenance costs), the actor's AC (a rally) — and, for concentration, the
 * caster's own roll options, which are the player's own choice like their dice (their target
 * number on the card is computed from the same options, so the two cannot disagree).
 */
import { PsyRoll } from "../dice/psy-roll";
import { ProfileTest } from "../dice/profile-test";
import { PowerModel } from "../data/item/power";
import type { TimelineCost } from "../rules/timeline";
import { cardActor, cardItem } from "./authority";

/** A card's actor and the cost of its action, when both are genuine; null for anything else. */
export interface PricedCard {
  actor: Actor.Implementation;
  /** the action's cost; null for a card of an action the rules give no duration (an attack, a test) */
  cost: TimelineCost | null;
}

/** The stored power of a card (an embedded item of the card's actor). */
function powerOf(actor: Actor.Implementation, uuid: string): PowerModel | null {
  const item = cardItem(actor, uuid);
  return item?.system instanceof PowerModel ? item.system : null;
}

/** Prices `message` from the stored documents (see the module comment); null when it is no genuine card. */
export function pricedCard(message: ChatMessage.Implementation): PricedCard | null {
  const card = message.card;
  if (!card) return null;
  const actor = cardActor({ message, card });
  if (!actor) return null;
  const roll = message.lastRoll;
  const concentration = roll instanceof PsyRoll && roll.options.concentration === true;
  switch (card.kind) {
    case "psy": {
      const power = powerOf(actor, card.itemUuid);
      return {
        actor,
        cost:
          power && roll instanceof PsyRoll && roll.options.mode === "cast"
            ? { kind: "power", useCost: power.cost, concentration }
            : null,
      };
    }
    case "cancel":
      return {
        actor,
        cost: roll instanceof PsyRoll && roll.options.mode === "cancel" ? { kind: "cancel", concentration } : null,
      };
    case "maintain": {
      const power = powerOf(actor, card.itemUuid);
      return {
        actor,
        cost: power && power.maintenance !== null ? { kind: "maintain", maintenanceCost: power.maintenance } : null,
      };
    }
    case "rally": {
      const ac = actor.model?.profile.ac.total;
      const rallied = roll instanceof ProfileTest && roll.purpose === "rally";
      return { actor, cost: rallied && typeof ac === "number" ? { kind: "rally", ac } : null };
    }
    case "move":
      return { actor, cost: { kind: "move" } };
    default:
      return { actor, cost: null };
  }
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

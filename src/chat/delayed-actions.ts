/**
 * RULES §6.4/§7.2 *Différé X [Focalisé]*: the declaration of a delayed attack, an action of the
 * attack card run by the one writer (src/chat/kinds/attack.ts, src/chat/gm.ts), and where a
 * declared action stands.
 * - `declareDelayed` (sent by the attacker's client right after posting): places the action marker
 *   on the viewed timeline — the card's message id as the marker's id — X positions later, X read
 *   from the stored item (never from the card), only for the ACTING combatant (the one writer
 *   writes no marker out of turn). The marker IS the key: it is written in the one
 *   combat update that places it, and a card whose marker exists, or came due, or was lost, is
 *   never declared again.
 * - When the pointer reaches the marker, the combat posts a `delayedDue` card naming the declaring
 *   card (src/combat/after-update.ts, on the active GM): the action resolves and its targets' buttons work
 *   again (they work on the declaring card, shown again inside the due card). A *Focalisé* action
 *   lost to *Épuisement* gets a notice naming the card instead: its targets never act.
 * Outside a running timeline nothing is declared: the card keeps its "resolves X positions later"
 * line for the GM, and its buttons stay usable.
 */
import { attributesOf } from "../rules/attributes";
import { AttributeItemModel } from "../data/item/base";
import { ScoreRoll } from "../dice/score-roll";
import {
  cardItem,
  OK,
  owns,
  refuse,
  rollerRequest,
  speakerToken,
  worldMessages,
  type CardRequest,
  type CardResult,
  type Someone,
} from "./authority";
import { combatantIdOf, viewedTimeline } from "./timeline-link";

import { FOCUS_LOST_KEY } from "../combat/after-update";
import { TacticaCombat } from "../combat/combat";

/** The duration of a declared attack, in positions: one, as the End-action default (no AC cost). */
const DELAYED_ATTACK_DURATION = 1;

/** Where a *Différé* action stands: not declared, its marker waiting, come due, or lost. */
export type DelayedStatus = "none" | "waiting" | "due" | "lost";

/** The *Différé* attribute of an item, or null. */
export function delayedOf(item: Item.Implementation | null): { x: number; focused: boolean } | null {
  const system = item?.system;
  const delayed = system instanceof AttributeItemModel ? attributesOf(system.attributeList, "delayed")[0] : undefined;
  return delayed ? { x: delayed.x, focused: delayed.focused === true } : null;
}

/** True when a combat's stored timeline holds the marker `id` (combat flags are GM-written). */
function markerWaits(id: string): boolean {
  return (game.combats?.contents ?? []).some(
    (combat) => combat instanceof TacticaCombat && (combat.timeline?.entries.some((entry) => entry.id === id) ?? false),
  );
}

/**
 * Where the *Différé* action of card `id` stands, read from what only a GM writes: a combat's
 * timeline (players cannot write Combat flags) and the GM-authored cards the combat posts.
 */
export function delayedStatus(id: string): DelayedStatus {
  if (markerWaits(id)) return "waiting";
  for (const other of worldMessages()) {
    const card = other.card;
    if (!card || card.sourceMessage !== id || !other.author?.isGM) continue;
    if (card.kind === "delayedDue") return "due";
    if (card.kind === "notice" && card.notice.key === FOCUS_LOST_KEY) return "lost";
  }
  return "none";
}

/** Places the card's *Différé* marker on the viewed timeline (an attack card's action, run by the one writer). */
export async function declareDelayed(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const { message } = found;
  const item = cardItem(actor, found.card.itemUuid);
  const delayed = delayedOf(item);
  const roll = message.lastRoll;
  if (!delayed || !(roll instanceof ScoreRoll) || roll.purpose !== "attack" || !message.id)
    return refuse("TACTICA.Chat.invalid");
  if (delayedStatus(message.id) !== "none") {
    if (found.card.delayedState === "")
      await message.update({ system: { delayedState: "declared", delayed: delayed.x } });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const combat = game.user?.isGM ? viewedTimeline() : null;
  if (!combat || !combatantIdOf(combat, actor, speakerToken(message, actor)?.id ?? null))
    return refuse("TACTICA.Chat.delay.noTimeline");
  // RULES §7.2: an action is the acting combatant's; the GM writes no marker for anyone else. The
  // acting combatant must be the card's actor itself — whichever of its combatants the card's token
  // names, a linked actor may have several — or, for a card of a world actor (an NPC attacking from
  // its sidebar sheet), an unlinked token of it that the card's author and its sender own too:
  // never a copy someone else was given.
  const acting = combat.turns[0];
  const itself = acting?.actor?.uuid === actor.uuid;
  const itsToken =
    !actor.isToken && acting?.actorId === actor.id && owns(sender, acting.actor) && owns(message.author, acting.actor);
  if (!acting?.id || !(itself || itsToken)) return refuse("TACTICA.Chat.delay.notActing", { name: actor.name });
  const ownerId = acting.id;
  const placed = await combat.declareDelayed({
    ownerId,
    actionId: message.id,
    duration: DELAYED_ATTACK_DURATION,
    delay: delayed.x,
    focused: delayed.focused,
  });
  if (!placed) return refuse("TACTICA.Chat.delay.noTimeline");
  await message.update({ system: { delayedState: "declared", delayed: delayed.x } });
  return OK;
}

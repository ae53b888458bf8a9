/**
 * RULES §6.4/§7.2 *Différé X [Focalisé]*: the card's two timeline actions, executors of the one
 * writer (src/chat/gm.ts):
 * - `declareDelayed` (sent by the attacker's client right after posting): places the action
 *   marker on the viewed timeline, the card's message id as the marker's id, and marks the card
 *   "declared" — its targets' buttons wait for the action to resolve;
 * - `resolveDelayed` (the Resolve button of the card the combat posted again, flagged
 *   `flags.tactica.delayedResolve`): marks that card "resolved", which brings back its normal
 *   follow-up (defend, resist, damage).
 * Outside a running timeline nothing is declared: the card keeps its "resolves X positions later"
 * line for the GM, and its buttons stay usable.
 */
import { attributesOf } from "../rules/attributes";
import { AttributeItemModel } from "../data/item/base";
import { actorAt, cardMessage, itemAt, OK, refuse } from "./card-message";
import { registerCardAction, type CardRequest, type CardResult } from "./gm";
import { canAct, type ActingUser, type CardAction } from "./permissions";
import { combatantIdOf, viewedTimeline } from "./timeline-link";

/** The duration of a declared attack, in positions: one, as the End-action default (no AC cost). */
export const DELAYED_ATTACK_DURATION = 1;

function allowed(user: ActingUser, action: CardAction, request: CardRequest) {
  const found = cardMessage(request.messageId);
  if (!found) return { error: refuse("TACTICA.Chat.invalid") };
  if (!canAct(user, action, found.message)) return { error: refuse("TACTICA.Chat.notAllowed") };
  return { found };
}

/** The `flags.tactica.delayedResolve` of a message, or null. */
export function delayedResolveOf(message: { flags?: unknown }): { actionId: string; ownerId: string } | null {
  const flag = (message.flags as { tactica?: { delayedResolve?: { actionId?: unknown; ownerId?: unknown } } } | undefined)?.tactica?.delayedResolve;
  return flag && typeof flag.actionId === "string" && typeof flag.ownerId === "string" ? { actionId: flag.actionId, ownerId: flag.ownerId } : null;
}

/** Places the card's *Différé* marker on the viewed timeline (GM side). */
async function declareDelayed(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "declareDelayed", request);
  if (!found) return error;
  const { message, card } = found;
  if (card.delayed === null || card.delayedState !== "" || delayedResolveOf(message)) return refuse("TACTICA.Chat.alreadyApplied");
  const combat = game.user?.isGM ? viewedTimeline() : null;
  const actor = actorAt(card.actorUuid);
  const ownerId = combat ? combatantIdOf(combat, actor, message.speaker?.token ?? null) : null;
  if (!combat || !ownerId || !message.id) return refuse("TACTICA.Chat.delay.noTimeline");
  const item = itemAt(card.itemUuid)?.system;
  const focused = item instanceof AttributeItemModel && attributesOf(item.attributeList, "delayed").some((a) => a.focused === true);
  const placed = await combat.declareDelayed({ ownerId, actionId: message.id, duration: DELAYED_ATTACK_DURATION, delay: card.delayed, focused });
  if (!placed) return refuse("TACTICA.Chat.delay.noTimeline");
  await message.update({ system: { delayedState: "declared" } } as never);
  return OK;
}

/** Resolves the card the combat posted again when its marker came due. */
async function resolveDelayed(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "resolveDelayed", request);
  if (!found) return error;
  if (!delayedResolveOf(found.message)) return refuse("TACTICA.Chat.invalid");
  if (found.card.delayedState === "resolved") return refuse("TACTICA.Chat.alreadyApplied");
  await found.message.update({ system: { delayedState: "resolved" } } as never);
  return OK;
}

/** Without a GM nothing is placed on a timeline; resolving needs the author who owns the actor. */
function authorOwner(request: CardRequest, user: ActingUser): boolean {
  const found = cardMessage(request.messageId);
  return request.action === "resolveDelayed" && !!found && found.message.author?.id === user.id && canAct(user, "resolveDelayed", found.message);
}

/** Registers the *Différé* executors (called by registerChat). */
export function registerDelayedActions(): void {
  registerCardAction("declareDelayed", declareDelayed, authorOwner);
  registerCardAction("resolveDelayed", resolveDelayed, authorOwner);
}

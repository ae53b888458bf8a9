/**
 * Every kind of card, by the `kind` its data stores (src/data/chat/roll-card.ts lists the kinds
 * its schema accepts; this table gives each its declaration, ./kind.ts), as src/data/index.ts lists
 * the data models by their type; and the generic code that reads it. The rest of the chat reads
 * only this table.
 *
 * - The one card path (DESIGN §4): every chat output of the system is a `rollCard` message whose
 *   `kind` says what it is; `TacticaChatMessage#renderHTML` asks for the card's content, for the
 *   viewing user, ONCE, before the chat log inserts the message — its kind renders it. A card whose
 *   data cannot be read (a malformed roll, a forged kind, an unreadable threshold) renders a
 *   localised "damaged card" notice instead of throwing on every client.
 * - RULES §7.1: what a card's action cost, priced again from the STORED documents for the End-action
 *   dialog. A card's `flags.tactica.timelineCost` is written by the card's author and can say
 *   anything, so it is never read: the cost comes from the card's kind (each kind prices its own
 *   action), its actor (only when the message's author owns it, src/chat/authority.ts), the stored
 *   power, the actor's AC — and, for concentration, the caster's own roll options, which are the
 *   player's own choice like their dice.
 */
import type { CARD_KINDS } from "../../data/chat/roll-card";
import type { TimelineCost } from "../../rules/timeline";
import { cardActor, cardAt, worldMessages, type CardAt, type Someone, type Side } from "../authority";
import { ATTACK, DELAYED_DUE } from "./attack";
import { NOTICE, THRESHOLD } from "./combat";
import {
  isWriterAction,
  PLAIN_ROLL,
  renderInfo,
  type CardAction,
  type CardKind,
  type CardView,
  type WriterAction,
} from "./kind";
import { MORALE, MORALE_PROMPT, RALLY } from "./morale";
import { MOVE } from "./move";
import { POOL, SCORE } from "./pool";
import { PRESSURE } from "./pressure";
import { CANCEL, MAINTAIN, PSY } from "./psy";

export const KINDS = {
  // The roll cards (RULES §1–§7): a roll in the message's `rolls`.
  pressure: PRESSURE,
  pool: POOL,
  psy: PSY,
  cancel: CANCEL,
  profile: PLAIN_ROLL,
  score: SCORE,
  attack: ATTACK,
  morale: MORALE,
  rally: RALLY,
  fear: PLAIN_ROLL,
  // Kinds the schema keeps for cards no release posts any more: a roll card with no button.
  panic: PLAIN_ROLL,
  resist: PLAIN_ROLL,
  damage: PLAIN_ROLL,
  // The cards without a roll.
  moralePrompt: MORALE_PROMPT,
  maintain: MAINTAIN,
  threshold: THRESHOLD,
  notice: NOTICE,
  delayedDue: DELAYED_DUE,
  move: MOVE,
} satisfies Record<(typeof CARD_KINDS)[number], CardKind>;

/** The name of an action some kind declares (a button's `data-action`, a request's `action`). */
export type CardActionName = {
  [K in keyof typeof KINDS]: (typeof KINDS)[K] extends { actions: infer A } ? keyof A & string : never;
}[keyof typeof KINDS];

const BY_NAME: ReadonlyMap<string, CardKind> = new Map(Object.entries(KINDS));

/** The declaration of the kind `kind` (a stored string), or null for a kind no release knows. */
export function kindOf(kind: string): CardKind | null {
  return BY_NAME.get(kind) ?? null;
}

/** The action `name` of the card's kind, or undefined when its kind has none of that name. */
export function actionOf(found: CardAt, name: string): CardAction | undefined {
  const actions = kindOf(found.card.kind)?.actions;
  return actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
}

/**
 * The side of the action `name` as the kinds declare it (the first that does), whatever the card:
 * a button of one kind clicked on a card of another is refused as that side would be, then as
 * invalid (src/chat/click.ts). Null for a name no kind declares.
 */
export function sideOf(name: string): Side | null {
  for (const kind of BY_NAME.values()) {
    const action = kind.actions && Object.hasOwn(kind.actions, name) ? kind.actions[name] : undefined;
    if (action) return action.side;
  }
  return null;
}

/** The action `name` of the card's kind when the one writer runs it (not the clicker's own roll), or null. */
export function writerActionOf(found: CardAt, name: string): WriterAction | null {
  const action = actionOf(found, name);
  return isWriterAction(action) ? action : null;
}

/** Every action a client may send to the one writer: those of every kind that are not the clicker's own roll. */
export function writerActionNames(): string[] {
  const names = [...BY_NAME.values()].flatMap((kind) =>
    Object.entries(kind.actions ?? {}).flatMap(([name, action]) => (isWriterAction(action) ? [name] : [])),
  );
  return [...new Set(names)];
}

/** The card `found` shows again (a due card's declaring card, whose buttons its buttons are), or null. */
export function shownBy(found: CardAt): CardAt | null {
  return kindOf(found.card.kind)?.shows?.(found) ?? null;
}

/* ----------------------------------------------------------------------------- rendering */

/** The card a message holds, read again from the world's messages (the message itself before it is stored). */
export function cardOf(message: ChatMessage.Implementation): CardAt | null {
  if (message.id) return cardAt(message.id);
  return message.card ? { message, card: message.card } : null;
}

/** `found` rendered by its kind for `user` (throws when its data cannot be read). */
function render(found: CardAt, user: Someone | null): Promise<string> {
  const kind = kindOf(found.card.kind);
  if (!kind) throw new Error(`a card of an unknown kind ${found.card.kind}`);
  const view: CardView = { user, card: (other) => render(other, user) };
  return kind.render(found, view);
}

/** The card's content for the current user; a "damaged card" notice when its data cannot be read. */
export async function renderCardContent(message: ChatMessage.Implementation): Promise<string> {
  const found = cardOf(message);
  if (!found) return "";
  try {
    return await render(found, game.user ?? null);
  } catch (err) {
    console.warn("Tactica | a card could not be rendered", message.id, err);
    return renderInfo({ damaged: true });
  }
}

/** Asks the chat log to redraw `message` (v13 `ChatLog#updateMessage`, which fvtt-types 13.345 does not declare). */
function redraw(log: object | undefined, message: ChatMessage.Implementation): void {
  if (log && "updateMessage" in log && typeof log.updateMessage === "function") void log.updateMessage(message);
}

/**
 * `updateChatMessage`: redraws the cards that show `message` again (a due card's content is its
 * declaring card), through the chat log's v13 `ChatLog#updateMessage` (which core calls from
 * `ChatMessage#_onUpdate`).
 */
export function redrawShowingCards(message: ChatMessage.Implementation): void {
  if (!message.id) return;
  for (const other of worldMessages()) {
    const found = other.card ? { message: other, card: other.card } : null;
    if (found && shownBy(found)?.message.id === message.id) redraw(ui.chat, other);
  }
}

/* -------------------------------------------------------------------------------- pricing */

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

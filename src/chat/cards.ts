/**
 * The one card path (DESIGN §4), read from the table of card kinds (src/chat/kinds/index.ts).
 * Every chat output of the system is a `rollCard` message whose `kind` says what it is;
 * `TacticaChatMessage#renderHTML` asks this module for the card's content, for the viewing user,
 * ONCE, before the chat log inserts the message — its kind renders it. A card whose data cannot be
 * read (a malformed roll, a forged kind, an unreadable threshold) renders a localised "damaged
 * card" notice instead of throwing on every client.
 */
import { cardAt, worldMessages, type CardAt, type Someone } from "./authority";
import { renderInfo, type CardView } from "./kinds/kind";
import { kindOf, shownBy } from "./kinds/index";

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

/**
 * The chat log: each card put into the element core renders for it and its buttons wired
 * (src/documents/chat-message.ts, src/chat/click.ts), and the due copies of a card redrawn when it
 * changes (src/chat/kinds/index.ts). Dice So Nice's dice are wired with the other modules
 * (src/hooks/integrations.ts).
 */
import { redrawShowingCards } from "../chat/kinds/index";
import { wireCard } from "../chat/click";
import { insertPendingCard } from "../documents/chat-message";

/**
 * Registered when the bundle loads (src/tactica.ts), before any module's script runs, so this
 * listener is the first `renderChatMessageHTML` hears: the card is in `.message-content` before
 * any module's listener reads it or adds to it (src/documents/chat-message.ts).
 */
export function cardRenderHooks(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    insertPendingCard(message, html);
    wireCard(message, html);
  });
}

/** On `init`: the due copies of a card redrawn when it changes. */
export function chatHooks(): void {
  Hooks.on("updateChatMessage", (message) => redrawShowingCards(message));
}

/**
 * The chat log: each card's buttons wired as it is rendered, and the due copies of a card redrawn
 * when it changes (src/chat/render.ts). Dice So Nice's dice are wired with the other modules
 * (src/hooks/integrations.ts).
 */
import { redrawDueCards, wireCard } from "../chat/render";

export function chatHooks(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => wireCard(message, html));
  Hooks.on("updateChatMessage", (message) => redrawDueCards(message));
}

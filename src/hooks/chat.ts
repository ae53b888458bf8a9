/**
 * The chat log: each card's buttons wired as it is rendered (src/chat/click.ts), and the due copies
 * of a card redrawn when it changes (src/chat/kinds/index.ts). Dice So Nice's dice are wired with
 * the other modules (src/hooks/integrations.ts).
 */
import { redrawShowingCards } from "../chat/kinds/index";
import { wireCard } from "../chat/click";

export function chatHooks(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => wireCard(message, html));
  Hooks.on("updateChatMessage", (message) => redrawShowingCards(message));
}

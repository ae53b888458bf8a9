/**
 * The chat log: each card's buttons wired as it is rendered (src/chat/click.ts), the due copies of a
 * card redrawn when it changes (src/chat/kinds/index.ts), and Tactica's dice colours in Dice So Nice
 * (src/dice/dsn.ts).
 */
import { redrawShowingCards } from "../chat/kinds/index";
import { wireCard } from "../chat/click";
import { addDiceColorsets } from "../dice/dsn";

export function chatHooks(): void {
  Hooks.once("diceSoNiceReady", (dsn) => addDiceColorsets(dsn));
  Hooks.on("renderChatMessageHTML", (message, html) => wireCard(message, html));
  Hooks.on("updateChatMessage", (message) => redrawShowingCards(message));
}

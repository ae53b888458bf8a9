/**
 * The chat log: each card's buttons wired as it is rendered, the due copies of a card redrawn when
 * it changes (src/chat/render.ts), and Tactica's dice colours in Dice So Nice (src/dice/dsn.ts).
 */
import { redrawDueCards, wireCard } from "../chat/render";
import { addDiceColorsets, type Dice3d } from "../dice/dsn";
import type { TacticaChatMessage } from "../documents/chat-message";

export function chatHooks(): void {
  Hooks.once("diceSoNiceReady" as never, ((dsn: Dice3d) => addDiceColorsets(dsn)) as never);
  Hooks.on("renderChatMessageHTML", (message, html) => wireCard(message as TacticaChatMessage, html as never));
  Hooks.on("updateChatMessage", (message) => redrawDueCards(message as TacticaChatMessage));
}

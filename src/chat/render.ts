/**
 * Chat wiring (DESIGN §4): on `renderChatMessageHTML` a roll card's content is replaced by the
 * card rendered for the viewing user (the last roll with their buttons, then the card state), and
 * each `data-action` button sends its request to the one writer (src/chat/gm.ts). The result's
 * refusal, if any, is shown to the clicker, localised.
 */
import { TacticaChatMessage } from "../documents/chat-message";
import { notifyError } from "../utils/notify";
import { CARD_ACTIONS, type CardAction } from "./permissions";
import { requestCardAction } from "./gm";
import { registerRollerActions } from "./actions";
import { registerTargetActions } from "./target-actions";

function isCardAction(value: string | undefined): value is CardAction {
  return (CARD_ACTIONS as readonly string[]).includes(value ?? "");
}

/** Sends one click; the button stays disabled while the request runs (a double click waits). */
async function onClick(message: TacticaChatMessage, button: HTMLButtonElement): Promise<void> {
  const action = button.dataset.action;
  if (!isCardAction(action) || !message.id) return;
  const targetIndex = button.dataset.targetIndex === undefined ? undefined : Number(button.dataset.targetIndex);
  const index = button.dataset.index === undefined ? undefined : Number(button.dataset.index);
  button.disabled = true;
  try {
    const result = await requestCardAction({ action, messageId: message.id, targetIndex, index });
    if (!result.ok && result.reason) notifyError(result.reason);
  } finally {
    button.disabled = false;
  }
}

/** Puts the card into the message's HTML and wires its buttons. */
export async function renderCardInto(message: TacticaChatMessage, html: HTMLElement): Promise<void> {
  if (!message.card || !message.lastRoll) return;
  const content = html.querySelector<HTMLElement>(".message-content") ?? html;
  content.innerHTML = await message.renderCard();
  for (const button of content.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void onClick(message, button);
    });
  }
}

/** Registers the card executors and the render hook (on init). */
export function registerChat(): void {
  registerRollerActions();
  registerTargetActions();
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (message instanceof TacticaChatMessage) void renderCardInto(message, html);
  });
}

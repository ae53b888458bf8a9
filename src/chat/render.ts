/**
 * Chat wiring (DESIGN §4): on `renderChatMessageHTML` a roll card's content is replaced by the
 * card rendered for the viewing user (the last roll with their buttons, then the card state), and
 * each `data-action` button sends its request to the one writer (src/chat/gm.ts). The result's
 * refusal, if any, is shown to the clicker, localised.
 */
import { TacticaChatMessage } from "../documents/chat-message";
import { notifyError } from "../utils/notify";
import { CARD_ACTIONS, canAct, type CardAction, type CardMessageView } from "./permissions";
import { promptOf } from "../actions/morale-prompt";
import { actorAt } from "./card-message";
import { renderPromptCard } from "./card-state";
import { requestCardAction } from "./gm";
import { registerRollerActions } from "./actions";
import { registerTargetActions } from "./target-actions";
import { registerDelayedActions } from "./delayed-actions";

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

/** The prompt as the permission helper reads a card: its actor, no targets. */
function promptView(message: TacticaChatMessage, actorUuid: string): CardMessageView {
  return { author: message.author ?? null, system: { actorUuid, targets: [] } };
}

/**
 * RULES §5 (D-16): the morale prompt rendered for the viewing user — its button only for who may
 * act for the actor (checked again on click). The test is the owner's own roll: it runs on the
 * clicker's client, with its dialog (shift-click skips it).
 */
export async function wirePrompt(message: TacticaChatMessage, html: HTMLElement): Promise<void> {
  const shown = await promptHtml(message);
  if (shown === null) return;
  const content = html.querySelector<HTMLElement>(".message-content") ?? html;
  content.innerHTML = shown;
  for (const button of content.querySelectorAll<HTMLButtonElement>('button[data-action="moraleTest"]')) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void runMoralePrompt(message, event.shiftKey);
    });
  }
}

/** The prompt's HTML for the current user, or null when it is not a prompt of a known actor. */
export async function promptHtml(message: TacticaChatMessage): Promise<string | null> {
  const prompt = promptOf(message);
  const actor = prompt ? actorAt(prompt.actorUuid) : null;
  if (!prompt || !actor) return null;
  const canTest = canAct(game.user, "moraleTest", promptView(message, prompt.actorUuid));
  return renderPromptCard({ name: actor.name, unshakeable: prompt.unshakeable, canTest });
}

/** The prompt's click: permission re-checked, then the actor's morale test (shift-click: no dialog). */
export async function runMoralePrompt(message: TacticaChatMessage, fastForward = false): Promise<TacticaChatMessage | null> {
  const prompt = promptOf(message);
  const actor = prompt ? actorAt(prompt.actorUuid) : null;
  if (!prompt || !actor || !canAct(game.user, "moraleTest", promptView(message, prompt.actorUuid))) {
    notifyError("TACTICA.Chat.notAllowed");
    return null;
  }
  return actor.moraleTest({ fastForward });
}

/** Registers the card executors and the render hook (on init). */
export function registerChat(): void {
  registerRollerActions();
  registerTargetActions();
  registerDelayedActions();
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (!(message instanceof TacticaChatMessage)) return;
    if (promptOf(message)) void wirePrompt(message, html);
    else void renderCardInto(message, html);
  });
}

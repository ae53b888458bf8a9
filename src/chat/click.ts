/**
 * A card button clicked (DESIGN §4): everything that happens on the CLICKING user's client. The
 * `renderChatMessageHTML` hook wires each card (one click listener delegated on the message
 * element, which sees the buttons rendered into it afterwards); a click runs the action its card's
 * kind declares under the button's `data-action` (src/chat/kinds/):
 * - the dice the action needs are rolled here, with this user's dice settings (manual or physical
 *   fulfilment included; never interactive for a blind card, as core's `Roll#toMessage` does) —
 *   a push's rerolled dice, a defence's 2d6, a resist's d10, a panic draw's d10 — but shown here
 *   only when the one writer, having accepted them, asks for it (src/chat/shown.ts; with this
 *   client's own Dice So Nice settings: src/dice/dsn.ts `showRoll`), so dice it refuses (a second
 *   push of the same card) are never shown;
 * - the request, with the dice (their terms and faces, not the roll's options), goes to the one
 *   writer (src/chat/gm.ts), which checks everything again from the stored documents and reads
 *   only the faces of these dice;
 * - whatever comes back is told to this user, localised: a refusal with its reason, "no GM
 *   answered" only when no GM answered.
 * An action that is the clicker's own roll (the morale prompt's test) runs here, with its dialog
 * (skipped while the user holds the key bound to *Skip the roll dialog*, Shift by default:
 * src/config/keybindings.ts) opened in the window the card was clicked in (a popped-out chat log's,
 * on v14), like a roll from the sheet. A due *Différé* card's buttons act on its declaring card.
 */
import { skipsDialog, type ModifierEvent } from "../config/keybindings";
import { notifyError } from "../utils/notify";
import { isRecord } from "../rules/records";
import { cardAt, mayAct, type CardAt } from "./authority";
import { requestCardAction, type CardResult } from "./gm";
import { showRoll } from "../dice/dsn";
import { actionOf, shownBy, sideOf, type CardActionName } from "./kinds/index";
import type { ClickDice, ClickTarget } from "./kinds/kind";
import { viewedTimeline } from "./timeline-link";

export type { ClickTarget };

function isResult(dice: ClickDice): dice is CardResult {
  return dice !== null && !(dice instanceof foundry.dice.Roll);
}

/** Runs a click of `action` on `message` for this client's user; tells the user what came of it. */
export async function runCardAction(
  message: ChatMessage.Implementation,
  action: CardActionName,
  where: ClickTarget = {},
): Promise<CardResult> {
  const result = await clicked(message, action, where);
  if (!result.ok && result.reason) notifyError(result.reason, result.data ?? {});
  return result;
}

async function clicked(message: ChatMessage.Implementation, name: string, where: ClickTarget): Promise<CardResult> {
  const found = message.id ? cardAt(message.id) : null;
  const action = found ? actionOf(found, name) : undefined;
  const side = action?.side ?? sideOf(name);
  if (!found || !side) return { ok: false, reason: "TACTICA.Chat.invalid" };
  if (action?.side === "self") return action.run(found, where);
  // Checked here only to spare a useless roll; the writer checks again. A button of another kind
  // than the card's is refused as its side would be, then as invalid (the clicker's own roll: not allowed).
  if (side === "self" || !mayAct(game.user, side, found, where.targetIndex))
    return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  if (!action) return { ok: false, reason: "TACTICA.Chat.invalid" };
  const dice = action.dice?.(found, where.targetIndex) ?? null;
  if (isResult(dice)) return dice;
  const roll = dice ? await dice.evaluate({ allowInteractive: !message.blind }) : null;
  return requestCardAction(
    {
      action: name,
      messageId: found.message.id!,
      ...(where.targetIndex !== undefined ? { targetIndex: where.targetIndex } : {}),
      ...(where.index !== undefined ? { index: where.index } : {}),
      ...(roll ? { roll: diceOnly(roll) } : {}),
    },
    roll ? (appended) => showRoll(roll, found.message, appended) : undefined,
  );
}

/**
 * The clicker's dice as a request carries them (docs/rules-decisions.md "Trust model"): the roll's
 * class, formula and terms — the faces the writer reads and checks — without its options (the
 * names and values of the card it was rolled for), which the writer never reads: `game.socket`
 * relays a request to every client, not only to the active GM.
 */
function diceOnly(roll: Roll): object {
  const { options: _options, ...dice } = roll.toJSON();
  return { ...dice, options: {} };
}

/**
 * RULES §7.2 *Différé*: asks the one writer to place the card's action marker when the viewed
 * combat runs a timeline (outside one, the card's "resolves later" line is for the GM).
 */
export async function declareOnTimeline(message: ChatMessage.Implementation): Promise<void> {
  if (!viewedTimeline() || !message.id) return;
  const result = await requestCardAction({ action: "declareDelayed", messageId: message.id });
  if (!result.ok && result.reason) notifyError(result.reason, result.data ?? {});
}

/* ----------------------------------------------------------------------------- the listener */

/** What a click event is, as the listener reads it (a DOM event; the test fake's too): its modifiers too. */
interface ClickEvent extends ModifierEvent {
  target: unknown;
  preventDefault(): void;
}

/** A button as the listener reads it: its `data-*` values and whether it is disabled. */
type ActionButton = object & { dataset: unknown; disabled: unknown };

/** `target.closest(selector)` of a DOM element (of any window; the test fake's too), or null. */
function closest(target: unknown, selector: string): unknown {
  if (typeof target !== "object" || target === null || !("closest" in target) || typeof target.closest !== "function")
    return null;
  return target.closest(selector);
}

/** The action button a click landed in, or null. */
function clickedButton(target: unknown): ActionButton | null {
  const button = closest(target, "button[data-action]");
  return typeof button === "object" && button !== null && "dataset" in button && "disabled" in button ? button : null;
}

/**
 * The application whose window the click was in (the chat log, popped out or not): a dialog the
 * click opens opens there (dnd5e's roll dialogs find their window so, from
 * `event.target.closest(".application")`), or null.
 */
function openerOf(target: unknown): unknown {
  const element = closest(target, ".application");
  const id = isRecord(element) ? element.id : null;
  return typeof id === "string" && id ? (foundry.applications.instances.get(id) ?? null) : null;
}

/** A `data-*` value of the button, when it has one. */
function dataOf(button: ActionButton, key: string): string | undefined {
  const value = isRecord(button.dataset) ? button.dataset[key] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The message a card's buttons act on: a due card's buttons are its declaring card's. */
function actsOn(message: ChatMessage.Implementation): ChatMessage.Implementation {
  const card = message.card;
  return (card && shownBy({ message, card })?.message) || message;
}

/** The name of the button's action, when the card it acts on declares it. */
function actionName(message: ChatMessage.Implementation, name: string | undefined): CardActionName | null {
  const found = message.id ? cardAt(message.id) : null;
  return found && name !== undefined && isActionName(found, name) ? name : null;
}

function isActionName(found: CardAt, name: string): name is CardActionName {
  return actionOf(found, name) !== undefined;
}

/** One click on a card: the button stays disabled while its action runs (a double click waits). */
async function onClick(message: ChatMessage.Implementation, event: ClickEvent): Promise<void> {
  const button = clickedButton(event.target);
  const target = actsOn(message);
  const action = button ? actionName(target, dataOf(button, "action")) : null;
  if (!button || !action || button.disabled) return;
  event.preventDefault();
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  button.disabled = true;
  try {
    await runCardAction(target, action, {
      targetIndex: number(dataOf(button, "targetIndex")),
      index: number(dataOf(button, "index")),
      fastForward: skipsDialog(event),
      opener: openerOf(event.target),
    });
  } finally {
    button.disabled = false;
  }
}

/** Wires a rendered card's buttons: one listener on the message element. */
export function wireCard(
  message: ChatMessage.Implementation,
  html: { addEventListener(type: "click", fn: (event: ClickEvent) => unknown): void },
): void {
  if (!message.card) return;
  html.addEventListener("click", (event) => onClick(message, event));
}

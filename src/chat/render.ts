/**
 * The one card path (DESIGN §4). Every chat output of the system is a `rollCard` message whose
 * `kind` says what it is (src/data/chat/roll-card.ts); `TacticaChatMessage#renderHTML` asks this
 * module for the card's content, for the viewing user, ONCE, before the chat log inserts the
 * message. A card whose data cannot be read (a malformed roll, a forged kind, an unreadable
 * threshold) renders a localised "damaged card" notice instead of throwing on every client.
 *
 * The `renderChatMessageHTML` hook only wires the buttons: one click listener delegated on the
 * message element (it sees the buttons rendered into it afterwards), sending each click to
 * src/chat/click.ts. A due *Différé* card shows its declaring card again: its buttons act on that
 * card, and it is redrawn whenever that card changes.
 */
import { INFO_KINDS, type InfoKind } from "../data/chat/roll-card";
import { BOUNDS } from "../data/fields";
import type { ThresholdEvent } from "../rules/threshold";
import { eventText } from "../combat/thresholds";
import { cardActor, cardAt, cardItem, worldMessages, type CardAt, type Someone } from "./authority";
import { formatPlural } from "../utils/plural";
import { cardState } from "./card-state";
import { subjectOf } from "../actions/common";
import { CARD_ACTIONS, canAct, cardFlagsFor, type CardAction } from "./permissions";
import { runCardAction } from "./click";
import { registerCardWriter } from "./gm";
import { registerRollerActions } from "./roller-actions";
import { registerTargetActions } from "./target-actions";
import { registerDelayedActions } from "./delayed-actions";
import { isRecord } from "../rules/records";

/** The template of the cards without a roll. */
export const INFO_CARD_TEMPLATE = "systems/tactica/templates/chat/info-card.hbs";

/**
 * What templates/chat/info-card.hbs prints: a card styled like the roll cards — the same header
 * (the actor's portrait and name, or the kind's icon), then the result box first (its tone, its
 * label, its lines), then the rest. Texts are localised here and escaped by the template.
 */
export type InfoCardContext = {
  kind: string;
  kindLabel: string;
  icon: string | null;
  subject: { name: string; img: string | null } | null;
  title: string | null;
  flavor: null;
  tone: "success" | "failure" | "neutral";
  result: string;
  details: string[];
  /** A threshold's combatants and what each went through. */
  lines: { name: string; events: string[] }[];
  /** The morale prompt's button, for the actor's owners. */
  canTest: boolean;
};

function info(
  kind: string,
  o: Partial<InfoCardContext> & Pick<InfoCardContext, "kindLabel" | "result">,
): InfoCardContext {
  return {
    kind,
    icon: null,
    subject: null,
    title: null,
    flavor: null,
    tone: "neutral",
    details: [],
    lines: [],
    canTest: false,
    ...o,
  };
}

function renderInfo(context: InfoCardContext | { damaged: true } | { due: string }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(INFO_CARD_TEMPLATE, context);
}

function isInfoKind(kind: string): kind is InfoKind {
  return INFO_KINDS.some((info) => info === kind);
}

/**
 * A roll card, in ONE render: the last roll with the roller's buttons, its actor in the header,
 * and the card's state (rows, effect, notes…) under its result.
 */
async function renderRollCard(found: CardAt, user: Someone | null): Promise<string> {
  const roll = found.message.lastRoll;
  if (!roll) throw new Error("a roll card without a readable roll");
  const isPrivate = !found.message.isContentVisible;
  const actor = cardActor(found);
  const subject = actor ? subjectOf(actor) : undefined;
  const state = isPrivate ? null : await cardState(found, user);
  return roll.render({ isPrivate, ...cardFlagsFor(user, found, found.card.followUpDone), subject, state, card: true });
}

const i18n = () => game.i18n!;

/** RULES §5 (D-16): the prompt, with its button for the actor's owners (a prompt names only its author's actor). */
function renderPrompt(found: CardAt, user: Someone | null): Promise<string> {
  const actor = cardActor(found);
  if (!actor) throw new Error("a morale prompt naming an actor its author does not own");
  const reason = i18n().format("TACTICA.Chat.morale.halfLost", { name: actor.name });
  const unshakeable = found.card.unshakeable;
  return renderInfo(
    info("moralePrompt", {
      kindLabel: "TACTICA.Chat.card.moralePrompt",
      subject: subjectOf(actor),
      tone: unshakeable ? "success" : "failure",
      icon: "fa-solid fa-flag",
      result: i18n().localize(unshakeable ? "TACTICA.Chat.morale.unshakeableResult" : "TACTICA.Chat.morale.required"),
      details: unshakeable ? [reason, i18n().localize("TACTICA.Chat.morale.passes")] : [reason],
      canTest: !unshakeable && canAct(user, "moraleTest", found),
    }),
  );
}

/** RULES §4 (D-13): who maintains which power, and the AC it cost. */
function renderMaintain(found: CardAt): Promise<string> {
  const actor = cardActor(found);
  if (!actor) throw new Error("a maintenance naming an actor its author does not own");
  const power = cardItem(actor, found.card.itemUuid);
  return renderInfo(
    info("maintain", {
      kindLabel: "TACTICA.Chat.card.maintain",
      subject: subjectOf(actor),
      title: power?.name ?? found.card.label,
      icon: "fa-solid fa-hourglass-half",
      result: i18n().localize("TACTICA.Chat.psy.maintainedResult"),
      details: [i18n().format("TACTICA.Chat.acSpent", { count: String(found.card.acSpent ?? 0) })],
    }),
  );
}

const THRESHOLD_EVENTS: readonly string[] = ["fieldRestored", "burn", "incendiaryDecay", "disruptiveDecay"];

/** The stored threshold card, checked (a hand-edited one renders as damaged). */
type ThresholdData = {
  mode: "tours" | "timeline";
  thresholds: number[];
  entries: { name: string; events: ThresholdEvent[] }[];
};

function thresholdData(value: unknown): ThresholdData {
  const data = isRecord(value) ? value : null;
  const ok =
    !!data &&
    (data.mode === "tours" || data.mode === "timeline") &&
    Array.isArray(data.thresholds) &&
    data.thresholds.length <= BOUNDS.cardRows &&
    data.thresholds.every((t) => Number.isInteger(t)) &&
    Array.isArray(data.entries) &&
    data.entries.length <= BOUNDS.thresholdEntries &&
    data.entries.every(
      (e) =>
        isRecord(e) &&
        typeof e.name === "string" &&
        Array.isArray(e.events) &&
        e.events.every((ev) => isRecord(ev) && THRESHOLD_EVENTS.some((type) => type === ev.type)),
    );
  if (!ok) throw new Error("an unreadable threshold card");
  // Checked above; each event by its kind only (src/combat/thresholds.ts `eventText` prints its values as the
  // GM's client stored them, and an older card's burn has no `resisted`).
  return data as ThresholdData;
}

/**
 * The info cards only the active GM posts (thresholds, combat notices, due actions): one any other
 * user wrote is a forged announcement, and renders as damaged.
 */
function postedByGM(found: CardAt): void {
  if (!found.message.author?.isGM) throw new Error(`a ${found.card.kind} card a GM did not post`);
}

/** RULES §7.3: the thresholds crossed, and what each combatant went through (a GM's card only). */
function renderThreshold(found: CardAt): Promise<string> {
  postedByGM(found);
  const data = thresholdData(found.card.threshold);
  const label = data.mode === "tours" ? "TACTICA.Chat.threshold.round" : "TACTICA.Chat.threshold.position";
  const lines = data.entries
    .filter((e) => e.events.length > 0)
    .map((e) => ({ name: e.name, events: e.events.map(eventText) }));
  return renderInfo(
    info("threshold", {
      kindLabel: "TACTICA.Chat.card.threshold",
      title: i18n().format(label, { value: data.thresholds.join(", ") }),
      icon: "fa-solid fa-hourglass-end",
      result: lines.length
        ? formatPlural(i18n(), "TACTICA.Chat.threshold.changed", lines.length)
        : i18n().localize("TACTICA.Combat.Threshold.Nothing"),
      lines,
    }),
  );
}

/** D-39: a move action — who moved (a pursuit move or not), with which MOU, and the armour's *Requis* charged. */
function renderMove(found: CardAt): Promise<string> {
  const actor = cardActor(found);
  const move = found.card.move;
  if (!actor || !move) throw new Error("a move naming an actor its author does not own");
  const details = [
    move.mouBonus
      ? i18n().format("TACTICA.Chat.move.mouBonus", { mou: String(move.mou), bonus: String(move.mouBonus) })
      : i18n().format("TACTICA.Chat.move.mou", { mou: String(move.mou) }),
  ];
  if (move.requis > 0)
    details.push(i18n().format("TACTICA.Chat.move.requis", { armour: move.armour, count: String(move.requis) }));
  return renderInfo(
    info("move", {
      kindLabel: "TACTICA.Chat.card.move",
      subject: subjectOf(actor),
      icon: "fa-solid fa-person-walking",
      result: i18n().localize(move.pursuit ? "TACTICA.Chat.move.pursuitResult" : "TACTICA.Chat.move.result"),
      details,
    }),
  );
}

/** A one-line notice: its language key formatted with its values (the whole line escaped; a GM's card only). */
function renderNotice(found: CardAt): Promise<string> {
  postedByGM(found);
  const { key, data } = found.card.notice;
  if (!key.startsWith("TACTICA.") || typeof data !== "object" || data === null) throw new Error("an unreadable notice");
  const values = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return renderInfo(
    info("notice", {
      kindLabel: "TACTICA.Chat.card.notice",
      icon: "fa-solid fa-circle-info",
      result: "",
      details: [i18n().format(key, values)],
    }),
  );
}

/** RULES §7.2: a due *Différé* action — its line, then its declaring card (when the GM posted it). */
async function renderDue(found: CardAt, user: Someone | null): Promise<string> {
  postedByGM(found);
  const line = await renderInfo({ due: i18n().format("TACTICA.Combat.Delayed.Due", { name: found.card.label }) });
  const source = cardAt(found.card.sourceMessage);
  return source ? line + (await renderRollCard(source, user)) : line;
}

/** The card's content for the current user; a "damaged card" notice when its data cannot be read. */
export async function renderCardContent(message: ChatMessage.Implementation): Promise<string> {
  const user = game.user ?? null;
  const found = message.id ? cardAt(message.id) : message.card ? { message, card: message.card } : null;
  if (!found) return "";
  try {
    const kind = found.card.kind;
    if (!isInfoKind(kind)) return await renderRollCard(found, user);
    if (kind === "moralePrompt") return await renderPrompt(found, user);
    if (kind === "maintain") return await renderMaintain(found);
    if (kind === "threshold") return await renderThreshold(found);
    if (kind === "notice") return await renderNotice(found);
    if (kind === "move") return await renderMove(found);
    return await renderDue(found, user);
  } catch (err) {
    console.warn("Tactica | a card could not be rendered", message.id, err);
    return renderInfo({ damaged: true });
  }
}

function isCardAction(value: string | undefined): value is CardAction {
  return CARD_ACTIONS.some((action) => action === value);
}

/** What a click event is, as the listener reads it (a DOM event; the test fake's too). */
interface ClickEvent {
  target: unknown;
  shiftKey?: boolean;
  preventDefault(): void;
}

/** A button as the listener reads it: its `data-*` values and whether it is disabled. */
type ActionButton = object & { dataset: unknown; disabled: unknown };

/** The action button a click landed in (a DOM element; the test fake's too), or null. */
function clickedButton(target: unknown): ActionButton | null {
  if (typeof target !== "object" || target === null || !("closest" in target) || typeof target.closest !== "function")
    return null;
  const button: unknown = target.closest("button[data-action]");
  return typeof button === "object" && button !== null && "dataset" in button && "disabled" in button ? button : null;
}

/** A `data-*` value of the button, when it has one. */
function dataOf(button: ActionButton, key: string): string | undefined {
  const value = isRecord(button.dataset) ? button.dataset[key] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The message a card's buttons act on: a due card's buttons are its declaring card's. */
function actsOn(message: ChatMessage.Implementation): ChatMessage.Implementation {
  const card = message.card;
  if (card?.kind !== "delayedDue" || !message.author?.isGM) return message;
  return cardAt(card.sourceMessage)?.message ?? message;
}

/** One click on a card: the button stays disabled while its action runs (a double click waits). */
async function onClick(message: ChatMessage.Implementation, event: ClickEvent): Promise<void> {
  const button = clickedButton(event.target);
  const action = button ? dataOf(button, "action") : undefined;
  if (!button || !isCardAction(action) || button.disabled) return;
  event.preventDefault();
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  button.disabled = true;
  try {
    await runCardAction(actsOn(message), action, {
      targetIndex: number(dataOf(button, "targetIndex")),
      index: number(dataOf(button, "index")),
      fastForward: event.shiftKey ?? false,
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

/** Asks the chat log to redraw `message` (v13 `ChatLog#updateMessage`, which fvtt-types 13.345 does not declare). */
function redraw(log: object | undefined, message: ChatMessage.Implementation): void {
  if (log && "updateMessage" in log && typeof log.updateMessage === "function") void log.updateMessage(message);
}

/**
 * `updateChatMessage`: redraws the due cards that show `message` again (their content is that card's), through
 * the chat log's v13 `ChatLog#updateMessage` (which core calls from `ChatMessage#_onUpdate`).
 */
export function redrawDueCards(message: ChatMessage.Implementation): void {
  for (const other of worldMessages()) {
    if (other.card?.kind === "delayedDue" && other.card.sourceMessage === message.id) redraw(ui.chat, other);
  }
}

/**
 * Registers the card executors and the writer's channel (on init). The chat hooks
 * (`renderChatMessageHTML`: {@link wireCard}, `updateChatMessage`: {@link redrawDueCards}) are
 * listened to in src/hooks/chat.ts.
 */
export function registerChat(): void {
  registerRollerActions();
  registerTargetActions();
  registerDelayedActions();
  registerCardWriter();
}

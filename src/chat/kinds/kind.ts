/**
 * A card kind (DESIGN §4, STYLE "A card kind in one place"): what one kind of card declares about
 * itself, in its own module of this folder — how it renders for the viewing user and, for each of
 * its buttons, who may press it, the dice the clicker rolls, what the one writer does and whether
 * it may run without a GM. The table of every kind is ./index.ts, which also renders and prices
 * cards from it; the rest of the generic code reads it too: src/chat/click.ts rolls a click's dice
 * and sends it, src/chat/gm.ts accepts every action a client may send and runs it on the one
 * writer. Adding a button is one entry of its kind's `actions` plus its template.
 *
 * The helpers every kind renders with are here too: a roll card (the roll's own card with the
 * roller's buttons and the card's state, src/chat/card-state.ts) and a card without a roll
 * (templates/chat/info-card.hbs); and how the executors write a card's rows and show the dice they
 * accepted.
 */
import type { TimelineCost } from "../../rules/timeline";
import type { CardButtons } from "../../dice/card";
import { subjectOf } from "../../actions/common";
import { showAccepted } from "../shown";
import { cardActor, type CardAt, type Someone } from "../authority";
import type { RollCardModel } from "../../data/chat/roll-card";
import { cardState, type MayPress } from "../card-state";
import { mayAct, type CardRequest, type CardResult, type Side } from "../authority";

/** Where on the card a click was, and how (what a click hands to its action). */
export interface ClickTarget {
  /** the card's target row */
  targetIndex?: number;
  /** a die (chooseDie) */
  index?: number;
  /** shift-click: no dialog (the morale test) */
  fastForward?: boolean;
  /** the window the card was clicked in: a dialog the click opens opens in it (v14 pop-outs) */
  opener?: unknown;
}

/** The dice a click rolls before it is sent (not rolled yet), none, or the refusal when it cannot be made now. */
export type ClickDice = Roll | null | CardResult;

/** A button whose action the one writer runs (src/chat/gm.ts), from the clicker's request. */
export interface WriterAction {
  side: Exclude<Side, "self">;
  /**
   * A button of the roll's own card, named by this action's key (`{{#if buttons.<key>}}` in the
   * roll's template, src/dice/card.ts `CardButtons`; `chooseDie` makes each die a button, through
   * `dieBadge`, and shows a hint); without it the button is on the card's target rows
   * (src/chat/card-state.ts) or is no button at all. `untilDone`: hidden once the follow-up is done.
   * `offered`: whether the stored documents still let it apply (the button is hidden otherwise).
   */
  onRollCard?: true;
  untilDone?: boolean;
  offered?(found: CardAt): boolean;
  /** The clicker's own dice, rolled on their client with their dice settings (none without it). */
  dice?(found: CardAt, targetIndex: number | undefined): ClickDice;
  /** What the one writer does, for the attested sender: re-read from the stored documents, exactly once. */
  run(request: CardRequest, sender: Someone): Promise<CardResult>;
  /** Without a GM connected: may `user` write every document the action writes (`Document#canUserModify`)? */
  local(request: CardRequest, user: Someone): boolean;
}

/** A button that is the clicker's own roll, made on their client for their own actor (never sent). */
export interface OwnAction {
  side: "self";
  run(found: CardAt, where: ClickTarget): Promise<CardResult>;
}

export type CardAction = WriterAction | OwnAction;

/** What a kind's renderer is given besides its card: who views it, and how to render another card inside it. */
export interface CardView {
  user: Someone | null;
  /** Renders another card as this user sees it (a due *Différé* card shows its declaring card again). */
  card(other: CardAt): Promise<string>;
}

/** One kind of card (or a family of kinds sharing everything): see the module comment. */
export interface CardKind {
  /** The card's content for `view.user`; throws when its data cannot be read (it then shows as damaged). */
  render(found: CardAt, view: CardView): Promise<string>;
  /** Its buttons, by the `data-action` of each. */
  actions?: Readonly<Record<string, CardAction>>;
  /** RULES §7.1: what the card's action cost, priced from the stored documents (End action, ./index.ts). */
  price?(found: CardAt, actor: Actor.Implementation): TimelineCost | null;
  /** A card that shows another card: that card (a due *Différé* card's buttons are its declaring card's). */
  shows?(found: CardAt): CardAt | null;
}

/** Whether `action` is one the one writer runs (every action that is not the clicker's own roll). */
export function isWriterAction(action: CardAction | undefined): action is WriterAction {
  return !!action && action.side !== "self";
}

/** Who may press each of `actions` on this card, as the card-state rows ask it (a target's: of its row). */
function pressable(actions: CardKind["actions"], user: Someone | null, found: CardAt): MayPress {
  return (name, index) => {
    const action = actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
    return !!action && mayAct(user, action.side, found, index);
  };
}

/** The roll card's own buttons `user` may press now: the kind's actions marked `onRollCard`, by name. */
function rollButtons(actions: CardKind["actions"], user: Someone | null, found: CardAt): CardButtons {
  const buttons: Record<string, boolean> = {};
  for (const [name, action] of Object.entries(actions ?? {})) {
    // Equivalent mutants: no row or own action shares a name a roll template reads (chat-kinds.test.ts).
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, see above
    if (!isWriterAction(action) || !action.onRollCard) continue;
    const open = (!action.untilDone || !found.card.followUpDone) && (action.offered?.(found) ?? true);
    buttons[name] = open && mayAct(user, action.side, found);
  }
  return buttons;
}

/**
 * The renderer of a roll card with `actions`, in ONE render: the last roll with the roller's
 * buttons, its actor in the header, and the card's state (rows, effect, notes…) under its result.
 */
export function rollCard(actions: CardKind["actions"] = {}): CardKind["render"] {
  return async (found, view) => {
    const roll = found.message.lastRoll;
    if (!roll) throw new Error("a roll card without a readable roll");
    const isPrivate = !found.message.isContentVisible;
    const actor = cardActor(found);
    const subject = actor ? subjectOf(actor) : undefined;
    const state = isPrivate ? null : await cardState(found, view.user, pressable(actions, view.user, found));
    return roll.render({ isPrivate, buttons: rollButtons(actions, view.user, found), subject, state, card: true });
  };
}

/** A kind of roll card with `actions`: the roll's own card, its buttons those of `actions`. */
export function rollKind<A extends Readonly<Record<string, CardAction>>>(
  actions: A,
): { render: CardKind["render"]; actions: A } {
  return { render: rollCard(actions), actions };
}

/** A roll card with no button of its own (a profile test, a cancel…). */
export const PLAIN_ROLL: CardKind = { render: rollCard() };

/** The template of the cards without a roll. */
export const INFO_CARD_TEMPLATE = "systems/tactica/templates/chat/info-card.hbs";

/**
 * What templates/chat/info-card.hbs prints: a card styled like the roll cards — the same header
 * (the actor's portrait and name, or the kind's icon), then the result box first (its tone, its
 * label, its lines), then the rest. Texts are localised by the kinds and escaped by the template.
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

/** A card without a roll of `kind`: its context with `o` on top of the defaults, rendered. */
export function infoCard(
  kind: string,
  o: Partial<InfoCardContext> & Pick<InfoCardContext, "kindLabel" | "result">,
): Promise<string> {
  const context: InfoCardContext = {
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
  return renderInfo(context);
}

/** The info card template with `context`: a card, a due action's line, or the damaged-card notice. */
export function renderInfo(context: InfoCardContext | { damaged: true } | { due: string }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(INFO_CARD_TEMPLATE, context);
}

/** The card's actor, for a card without a roll that must name one its author owns. */
export function namedActor(found: CardAt): Actor.Implementation {
  const actor = cardActor(found);
  if (!actor) throw new Error(`a ${found.card.kind} card naming an actor its author does not own`);
  return actor;
}

/**
 * The info cards only the active GM posts (thresholds, combat notices, due actions): one any other
 * user wrote is a forged announcement, and renders as damaged.
 */
export function postedByGM(found: CardAt): void {
  if (!found.message.author?.isGM) throw new Error(`a ${found.card.kind} card a GM did not post`);
}

/** The game's localisation (every card renders after `init`). */
export const i18n = () => game.i18n!;

/* ------------------------------------------------------------ a card's rows, as executors write them */

/** The card's targets with row `index` changed (the whole array is written once). */
export function targetsWith(targets: readonly object[], index: number, change: object): object[] {
  return targets.map((t, i) => (i === index ? { ...t, ...change } : { ...t }));
}

/** A card's target row, as its model stores it. */
type TargetRow = RollCardModel["targets"][number];

/** True when `row` already shows every value of `change`. */
function shows<Row extends object>(row: Row, change: Partial<Row>): boolean {
  for (const key in change) if (JSON.stringify(row[key]) !== JSON.stringify(change[key])) return false;
  return true;
}

/** Writes row `index` of the card (display), when it differs from what it shows. */
export async function showRow(found: CardAt, index: number, change: Partial<TargetRow>): Promise<void> {
  const row = found.card.targets[index];
  if (row && shows(row, change)) return;
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, change) } });
}

/**
 * DESIGN §4: the sender's dice of `request`, accepted by the one writer, shown to everyone who may
 * see the card as the sender's — by the sender's own client (src/chat/shown.ts, src/dice/dsn.ts) —
 * called by each executor that reads them, after its last refusal and before its first write, so
 * refused dice are never shown. `appended`: the dice become one of the card's rolls (a push), which
 * Dice So Nice animates itself.
 */
export function showSenderDice(request: CardRequest, appended = false): void {
  showAccepted(request, appended);
}

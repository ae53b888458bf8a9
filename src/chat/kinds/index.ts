/**
 * Every kind of card, by the `kind` its data stores (src/data/chat/roll-card.ts lists the kinds
 * its schema accepts; this table gives each its declaration, ./kind.ts), as src/data/index.ts lists
 * the data models by their type. The generic code of the chat reads only this table.
 */
import type { CARD_KINDS } from "../../data/chat/roll-card";
import { ATTACK, DELAYED_DUE } from "./attack";
import { NOTICE, THRESHOLD } from "./combat";
import type { CardAt } from "../authority";
import type { Side } from "../permissions";
import { isWriterAction, PLAIN_ROLL, type CardAction, type CardKind, type WriterAction } from "./kind";
import { MORALE, MORALE_PROMPT, RALLY } from "./morale";
import { MOVE } from "./move";
import { POOL, SCORE } from "./pool";
import { PRESSURE } from "./pressure";
import { CANCEL, MAINTAIN, PSY } from "./psy";

export const KINDS = {
  // The roll cards (RULES §1–§7): a roll in the message's `rolls`.
  pressure: PRESSURE,
  pool: POOL,
  psy: PSY,
  cancel: CANCEL,
  profile: PLAIN_ROLL,
  score: SCORE,
  attack: ATTACK,
  morale: MORALE,
  rally: RALLY,
  fear: PLAIN_ROLL,
  // Kinds the schema keeps for cards no release posts any more: a roll card with no button.
  panic: PLAIN_ROLL,
  resist: PLAIN_ROLL,
  damage: PLAIN_ROLL,
  // The cards without a roll.
  moralePrompt: MORALE_PROMPT,
  maintain: MAINTAIN,
  threshold: THRESHOLD,
  notice: NOTICE,
  delayedDue: DELAYED_DUE,
  move: MOVE,
} satisfies Record<(typeof CARD_KINDS)[number], CardKind>;

/** The name of an action some kind declares (a button's `data-action`, a request's `action`). */
export type CardActionName = {
  [K in keyof typeof KINDS]: (typeof KINDS)[K] extends { actions: infer A } ? keyof A & string : never;
}[keyof typeof KINDS];

const BY_NAME: ReadonlyMap<string, CardKind> = new Map(Object.entries(KINDS));

/** The declaration of the kind `kind` (a stored string), or null for a kind no release knows. */
export function kindOf(kind: string): CardKind | null {
  return BY_NAME.get(kind) ?? null;
}

/** The action `name` of the card's kind, or undefined when its kind has none of that name. */
export function actionOf(found: CardAt, name: string): CardAction | undefined {
  const actions = kindOf(found.card.kind)?.actions;
  return actions && Object.hasOwn(actions, name) ? actions[name] : undefined;
}

/**
 * The side of the action `name` as the kinds declare it (the first that does), whatever the card:
 * a button of one kind clicked on a card of another is refused as that side would be, then as
 * invalid (src/chat/click.ts). Null for a name no kind declares.
 */
export function sideOf(name: string): Side | null {
  for (const kind of BY_NAME.values()) {
    const action = kind.actions && Object.hasOwn(kind.actions, name) ? kind.actions[name] : undefined;
    if (action) return action.side;
  }
  return null;
}

/** The action `name` of the card's kind when the one writer runs it (not the clicker's own roll), or null. */
export function writerActionOf(found: CardAt, name: string): WriterAction | null {
  const action = actionOf(found, name);
  return isWriterAction(action) ? action : null;
}

/** Every action a client may send to the one writer: those of every kind that are not the clicker's own roll. */
export function writerActionNames(): string[] {
  const names = [...BY_NAME.values()].flatMap((kind) =>
    Object.entries(kind.actions ?? {}).flatMap(([name, action]) => (isWriterAction(action) ? [name] : [])),
  );
  return [...new Set(names)];
}

/** The card `found` shows again (a due card's declaring card, whose buttons its buttons are), or null. */
export function shownBy(found: CardAt): CardAt | null {
  return kindOf(found.card.kind)?.shows?.(found) ?? null;
}

/**
 * The ONE permission helper of the chat cards (DESIGN §4, STYLE "one permission helper"): the card
 * model asks it which buttons to show to the viewing user, and every handler and every GM query
 * handler asks it again before changing anything — a client's claim is never trusted.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import type { CardFlags } from "../dice/card";

/** Every action a card button can ask for. */
export const CARD_ACTIONS = [
  "push",
  "chooseDie",
  "applyPressure",
  "rollPanic",
  "resist",
  "defend",
  "applyDamage",
  "declareDelayed",
  "resolveDelayed",
  "moraleTest",
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** The user as this helper reads it (a Foundry User, or the fake's). */
export interface ActingUser {
  id: string;
  isGM: boolean;
}

/** A document whose ownership can be tested. */
interface Owned {
  testUserPermission(user: never, level: "OWNER"): boolean;
}

/** The message as this helper reads it: its author and its roll card. */
export interface CardMessageView {
  author: { id: string | null } | null;
  system: unknown;
}

/** The roll card of a message, or null. */
type Card = Pick<RollCardModel, "actorUuid" | "targets">;

function cardOf(message: CardMessageView): Card | null {
  const system = message.system as Partial<Card> | null;
  return system && typeof system.actorUuid === "string" && Array.isArray(system.targets) ? (system as Card) : null;
}

/** Resolves a document uuid without awaiting (world and embedded documents are in memory). */
export function documentAt(uuid: string | null | undefined): unknown {
  if (!uuid) return null;
  const lookup = (globalThis as { fromUuidSync?: (uuid: string) => unknown }).fromUuidSync;
  try {
    return lookup?.(uuid) ?? null;
  } catch {
    // A uuid of a compendium or a deleted document: nothing to act on.
    return null;
  }
}

/** True when `user` owns the document at `uuid` (a GM owns everything). */
export function owns(user: ActingUser, uuid: string | null | undefined): boolean {
  if (user.isGM) return true;
  const doc = documentAt(uuid) as Owned | null;
  return doc !== null && typeof doc.testUserPermission === "function" && doc.testUserPermission(user as never, "OWNER");
}

/**
 * May `user` do `action` on this card? The roller's side (push, choose a die, apply pressure,
 * roll panic, declare or resolve a *Différé* action, take a prompted morale test): the message
 * author, the actor's owners and the GM. A target's side (resist,
 * defend): that target's owners and the GM (`targetIndex` names the row; without it, any row).
 * Applying damage: the target's owners, the roller's side, and the GM (who is not the target's
 * owner has it applied by the GM, src/chat/gm.ts).
 */
export function canAct(user: ActingUser | null | undefined, action: CardAction, message: CardMessageView, targetIndex?: number): boolean {
  if (!user) return false;
  const card = cardOf(message);
  if (!card) return false;
  if (user.isGM) return true;
  const rollerSide = message.author?.id === user.id || owns(user, card.actorUuid);
  const targets = targetIndex === undefined ? card.targets : card.targets.slice(targetIndex, targetIndex + 1);
  const targetSide = targets.some((target) => owns(user, target.actorUuid));
  switch (action) {
    case "resist":
    case "defend":
      return targetSide;
    case "applyDamage":
      return targetSide || rollerSide;
    default:
      return rollerSide;
  }
}

/** The card flags for `user`: the buttons the card may show to them (the roll may withhold some). */
export function cardFlagsFor(user: ActingUser | null | undefined, message: CardMessageView): CardFlags {
  const card = cardOf(message) as (Card & { followUpDone?: boolean }) | null;
  const done = card?.followUpDone === true;
  return {
    canPush: canAct(user, "push", message),
    canChooseDie: !done && canAct(user, "chooseDie", message),
    canApplyPressure: !done && canAct(user, "applyPressure", message),
    canRollPanic: !done && canAct(user, "rollPanic", message),
    // Per-target buttons live in the targets part of the card; the roll's own buttons stay off.
    canResist: false,
    canDefend: false,
    canApplyDamage: false,
  };
}

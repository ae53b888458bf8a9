/**
 * The ONE permission helper of the chat cards (DESIGN §4, STYLE "one permission helper"): which
 * buttons a card shows to the viewing user. It asks the same questions as the one writer
 * (src/chat/authority.ts), so a button shows only to who may use it; the writer asks again, from
 * the stored documents, before changing anything.
 */
import { cardActor, owns, rowActor, type CardAt, type Someone } from "./authority";
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
  "moraleTest",
] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** The roller's side of a card: the actions of the card's actor. */
const ROLLER_ACTIONS: readonly CardAction[] = [
  "push",
  "chooseDie",
  "applyPressure",
  "rollPanic",
  "declareDelayed",
  "moraleTest",
];

/**
 * May `user` do `action` on this card? The roller's side: the owners of the card's actor, when the
 * message's author owns it. A target's side (resist, defend): the owners of that row's target.
 * Applying damage: that target's owners, or any GM.
 */
export function canAct(
  user: Someone | null | undefined,
  action: CardAction,
  found: CardAt,
  targetIndex?: number,
): boolean {
  if (!user) return false;
  if (ROLLER_ACTIONS.includes(action)) {
    const actor = cardActor(found);
    return !!actor && owns(user, actor);
  }
  const target = rowActor(found.card, targetIndex);
  if (action === "applyDamage") return !!target && (user.isGM || owns(user, target));
  return !!target && owns(user, target);
}

/** The roller's buttons for `user` (the roll may withhold some: no push once nothing can be rerolled). */
export function cardFlagsFor(user: Someone | null | undefined, found: CardAt, done: boolean): CardFlags {
  const roller = canAct(user, "push", found);
  return {
    canPush: roller,
    canChooseDie: !done && roller,
    canApplyPressure: !done && roller,
    canRollPanic: !done && roller,
  };
}

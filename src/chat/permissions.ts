/**
 * The ONE permission helper of the chat cards (DESIGN §4, STYLE "one permission helper"): may a user
 * press a button of a card, by the side of the card the button's action is on (each card kind
 * declares the side of each of its actions, src/chat/kinds/). The card shows a button only to who
 * may press it, the click asks again before rolling, and the one writer asks again, from the stored
 * documents, before changing anything (src/chat/requests.ts) — the same question each time.
 */
import { cardActor, owns, rowActor, type CardAt, type Someone } from "./authority";

/**
 * Who may press a card's button:
 * - `roller`: the owners of the card's actor, when the message's author owns it;
 * - `self`: the same owners, and the action is their own roll, made on their own client (the
 *   morale prompt's test);
 * - `target`: the owners of that row's target actor (resist, defend);
 * - `targetOrGM`: that target's owners, or any GM (apply damage).
 */
export type Side = "roller" | "self" | "target" | "targetOrGM";

/** May `user` press a button on `side` of this card (a target's side: of row `targetIndex`)? */
export function mayAct(user: Someone | null | undefined, side: Side, found: CardAt, targetIndex?: number): boolean {
  if (!user) return false;
  if (side === "roller" || side === "self") {
    const actor = cardActor(found);
    return !!actor && owns(user, actor);
  }
  const target = rowActor(found.card, targetIndex);
  return !!target && ((side === "targetOrGM" && user.isGM) || owns(user, target));
}

/**
 * What every executor of the one writer (src/chat/gm.ts) starts from: the request's card read again
 * from the stored message, its actor (only when the message's author owns it) and, for a target's
 * action, the row's target — each refused, with its reason, when the attested sender may not act
 * on that side (src/chat/permissions.ts, the same question the card's buttons asked). And what every
 * action checks without a GM: that the clicker may write each document the action writes.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import { cardActor, cardAt, mayWrite, rowActor, type CardAt, type Someone } from "./authority";
import type { CardRequest, CardResult } from "./channel";
import { mayAct } from "./permissions";
import { refuse } from "./results";

/** The roller's side of a request: the card, and its actor — owned by the author and by the sender. */
export function rollerRequest(
  request: CardRequest,
  sender: Someone,
):
  | { found: CardAt; actor: Actor.Implementation; error?: undefined }
  | { found?: undefined; actor?: undefined; error: CardResult } {
  const found = cardAt(request.messageId);
  if (!found) return { error: refuse("TACTICA.Chat.invalid") };
  const actor = cardActor(found);
  if (!actor || !mayAct(sender, "roller", found)) return { error: refuse("TACTICA.Chat.notAllowed") };
  return { found, actor };
}

/** A target's request: the card, its actor (owned by the author), the row and its target actor. */
export interface RowRequest {
  found: CardAt;
  actor: Actor.Implementation;
  index: number;
  target: Actor.Implementation;
  messageId: string;
}

/** The target's side of a request (`side`: who of the row may act), or the refusal. */
export function rowRequest(
  request: CardRequest,
  sender: Someone,
  side: "target" | "targetOrGM",
): RowRequest | CardResult {
  const found = cardAt(request.messageId);
  const index = request.targetIndex ?? -1;
  const target = found ? rowActor(found.card, index) : null;
  if (!found || !target || !found.message.id) return refuse("TACTICA.Chat.invalid");
  if (!mayAct(sender, side, found, index)) return refuse("TACTICA.Chat.notAllowed");
  const actor = cardActor(found);
  // A card naming an actor its author does not own speaks for nobody: nothing reaches its targets.
  if (!actor) return refuse("TACTICA.Chat.notAllowed");
  return { found, actor, index, target, messageId: found.message.id };
}

/** Without a GM: the sender may write the message (its author) and the card's actor. */
export function writesCardAndActor(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  const actor = found ? cardActor(found) : null;
  return !!found && !!actor && mayWrite(user, found.message) && mayWrite(user, actor);
}

/** Without a GM: the clicker may write the message (its author) and the row's target. */
export function writesCardAndTarget(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  const target = found ? rowActor(found.card, request.targetIndex) : null;
  return !!found && !!target && mayWrite(user, found.message) && mayWrite(user, target);
}

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

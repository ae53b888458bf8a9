/**
 * Who may act on a card, derived from STORED documents and the attested user only
 * (docs/rules-decisions.md "Trust model"). A message's author can rewrite every field of their
 * own message — `system`, `rolls`, flags (BaseChatMessage: the author is the message's OWNER) — so
 * nothing here reads authority from card state the author wrote:
 * - the card's actor counts only when the message's AUTHOR owns it: a player's card never speaks
 *   for someone else's actor (a GM's card may speak for any);
 * - the roller's side (push, choose a die, apply pressure, panic, declare a delayed action) is the
 *   OWNERS of that actor — authorship grants nothing;
 * - a target's side (resist, defend) is the owners of that row's target actor; applying damage is
 *   the target's owners or any GM (the attacker's player never writes the victim);
 * - an item counts only as an embedded item of the card's actor.
 * A GM (an Assistant GM included) owns every document (`Document#testUserPermission`), so any GM
 * passes every ownership test. *
 * The same questions, asked on every side of a click: the card shows a button only to who may press
 * it ({@link mayAct}, the ONE permission helper, DESIGN §4, STYLE "one permission helper"), the click
 * asks again before rolling, and every executor of the one writer starts from the request's card read
 * again from the stored message, refused with its reason when the attested sender may not act on
 * that side ({@link rollerRequest}, {@link rowRequest}); without a GM, an action runs only when the
 * clicker may write each document it writes.
 */
import type { RollCardModel } from "../data/chat/roll-card";

/** A user as ownership tests take it (a Foundry User). */
export type Someone = User.Implementation;

/** A roll card message with its card. */
export interface CardAt {
  message: ChatMessage.Implementation;
  card: RollCardModel;
}

/**
 * The world message `id` as the registered class (`CONFIG.ChatMessage.documentClass`, set on
 * init before any message exists, so every world message is one); null when it is gone.
 * fvtt-types 13.345 types the world collection's members as the base ChatMessage.
 */
export function messageAt(id: string | null | undefined): ChatMessage.Implementation | null {
  const message = id ? game.messages?.get(id) : undefined;
  return message instanceof CONFIG.ChatMessage.documentClass ? message : null;
}

/** The world messages, as the registered class (see {@link messageAt}). */
export function worldMessages(): ChatMessage.Implementation[] {
  return (game.messages?.contents ?? []).flatMap((message) =>
    message instanceof CONFIG.ChatMessage.documentClass ? [message] : [],
  );
}

/** The roll card message `id`, or null when it is gone or is not a roll card. */
export function cardAt(id: string): CardAt | null {
  const message = messageAt(id);
  const card = message?.card ?? null;
  return message && card ? { message, card } : null;
}

/** Resolves a document uuid without awaiting (world and embedded documents are in memory). */
export function documentAt(uuid: string | null | undefined): unknown {
  if (!uuid) return null;
  try {
    // fvtt-types types uuids as `Document.${id}` templates; a stored uuid is a plain string.
    return fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) ?? null;
  } catch {
    // A uuid of a compendium or a deleted document: nothing to act on.
    return null;
  }
}

/** The actor at `uuid`, or null. */
export function actorAt(uuid: string | null | undefined): Actor.Implementation | null {
  const doc = documentAt(uuid);
  // Every actor is of the registered class (`CONFIG.Actor.documentClass`, set on init), a
  // token's synthetic actor included (core builds it with that class).
  return doc instanceof CONFIG.Actor.documentClass ? doc : null;
}

/** True when `user` owns `doc` (a GM owns everything). */
export function owns(user: Someone | null | undefined, doc: Actor.Implementation | null | undefined): boolean {
  return !!user && !!doc && doc.testUserPermission(user, "OWNER");
}

/** True when `user` may write `doc` as the server checks it (`Document#canUserModify`). */
export function mayWrite(user: Someone, doc: Actor.Implementation | ChatMessage.Implementation | null): boolean {
  return !!doc && doc.canUserModify(user, "update");
}

/**
 * The card's actor, when the message's author owns it; null for a card that names an actor its
 * author does not own (a forged card speaks for nobody).
 */
export function cardActor(found: CardAt): Actor.Implementation | null {
  const actor = actorAt(found.card.actorUuid);
  return actor && owns(found.message.author, actor) ? actor : null;
}

/** The card's item, when it is an embedded item of `actor`; null otherwise. */
export function cardItem(actor: Actor.Implementation, uuid: string | null | undefined): Item.Implementation | null {
  const doc = documentAt(uuid);
  return doc instanceof CONFIG.Item.documentClass && doc.parent === actor ? doc : null;
}

/** The actor of the card's target row `index`, or null. */
export function rowActor(card: RollCardModel, index: number | undefined): Actor.Implementation | null {
  const row = index === undefined ? undefined : card.targets[index];
  return row ? actorAt(row.actorUuid) : null;
}

/** The token of a row when it stands for that row's actor (a forged token uuid counts for nothing). */
export function rowToken(card: RollCardModel, index: number, actor: Actor.Implementation): TokenDocument | null {
  const token = documentAt(card.targets[index]?.tokenUuid);
  return token instanceof foundry.documents.TokenDocument && token.actor?.uuid === actor.uuid ? token : null;
}

/**
 * The token the message speaks through, when it is a token of `actor` (RULES §7.2 *Différé*: the
 * speaker token must be that actor's); otherwise the actor's first active token, or null.
 */
export function speakerToken(message: ChatMessage.Implementation, actor: Actor.Implementation): TokenDocument | null {
  const speaker = message.speaker;
  const scene = speaker?.scene ? game.scenes?.get(speaker.scene) : null;
  const token = speaker?.token ? (scene?.tokens.get(speaker.token) ?? null) : null;
  if (token && token.actor?.uuid === actor.uuid) return token;
  return actor.getActiveTokens?.()[0]?.document ?? null;
}

/* ----------------------------------------------------------------------- who may press a button */

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

/* ------------------------------------------------------------------ what a request may ask for */

/** What a click asks for. Plain JSON: it crosses the socket to the GM. */
export interface CardRequest {
  /** the action, by the name its card's kind declares it under (src/chat/kinds/) */
  action: string;
  messageId: string;
  /** the card's target row */
  targetIndex?: number;
  /** a die index (chooseDie) */
  index?: number;
  /** the clicker's own dice, evaluated on their client (push, defend, resist, panic): roll JSON of the dice only */
  roll?: object;
}

/** What came of it: `reason` is a language key the clicking client shows, formatted with `data`. */
export interface CardResult {
  ok: boolean;
  reason?: string;
  data?: Record<string, string>;
}

/** A refusal the clicking client shows (`data` formats the language key). */
export function refuse(reason: string, data?: Record<string, string>): CardResult {
  return data ? { ok: false, reason, data } : { ok: false, reason };
}

export const OK: CardResult = { ok: true };

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

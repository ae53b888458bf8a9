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
 * passes every ownership test.
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

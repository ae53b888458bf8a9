/**
 * Reading a roll card's message and its documents for the card actions: the message by id, its
 * card and last roll, the actor and item it names. Re-read at each request, never cached, so a
 * stale click sees the state the previous one left.
 */
import type { RollCardModel } from "../data/chat/roll-card";
import type { TacticaActor } from "../documents/actor";
import type { TacticaChatMessage } from "../documents/chat-message";
import type { TacticaItem } from "../documents/item";
import { documentAt } from "./permissions";
import type { CardResult } from "./gm";

/** A roll card message with its card. */
export interface CardMessage {
  message: TacticaChatMessage;
  card: RollCardModel;
}

/** The roll card message `id`, or null when it is gone or is not a roll card. */
export function cardMessage(id: string): CardMessage | null {
  const message = game.messages?.get(id) as TacticaChatMessage | undefined;
  const card = message?.card ?? null;
  return message && card ? { message, card } : null;
}

/** The actor at `uuid` (a Tactica actor), or null. */
export function actorAt(uuid: string | null | undefined): TacticaActor | null {
  const doc = documentAt(uuid);
  return doc instanceof Actor ? (doc as TacticaActor) : null;
}

/** The item at `uuid`, or null. */
export function itemAt(uuid: string | null | undefined): TacticaItem | null {
  const doc = documentAt(uuid);
  return doc instanceof Item ? (doc as TacticaItem) : null;
}

/** The message's rolls as the database stores them (JSON strings), plus `extra` appended. */
export function rollsWith(message: TacticaChatMessage, ...extra: Roll[]): string[] {
  return [...message.rolls, ...extra].map((roll) => JSON.stringify(roll));
}

/** A refusal the clicking client shows. */
export function refuse(reason: string): CardResult {
  return { ok: false, reason };
}

export const OK: CardResult = { ok: true };

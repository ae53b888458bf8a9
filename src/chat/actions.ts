/**
 * The roller's card actions (RULES §2, §3, §5): push a pool roll, choose a pressure die, apply
 * the pressure bonus, draw on the panic table. Each is an executor of src/chat/gm.ts: it runs on
 * the one writer, under the message's lock, checks permission again, re-reads the card, and
 * writes each document once.
 */
import { PoolRoll } from "../dice/pool-roll";
import { PressureRoll } from "../dice/pressure-roll";
import { ProfileTest } from "../dice/profile-test";
import { CharacterModel } from "../data/actor/character";
import { afterPushLoss, type PushConsequences } from "../rules/pool";
import { BOUNDS } from "../data/fields";
import type { PoolRollOptions } from "../dice/pool-roll";
import type { TacticaActor } from "../documents/actor";
import type { TacticaItem } from "../documents/item";
import { actorAt, cardMessage, itemAt, OK, refuse, rollsWith } from "./card-message";
import { registerCardAction, type CardRequest, type CardResult } from "./gm";
import { canAct, owns, type ActingUser, type CardAction } from "./permissions";
import { applyPressureEffect } from "../actions/pressure";
import { drawPanic } from "../actions/morale";

/** The gear bonus of an item used in a pool (weapon or gear), or null. */
function gearBonusOf(item: TacticaItem | null): number | null {
  const system = item?.system as { gearBonus?: unknown } | undefined;
  return typeof system?.gearBonus === "number" ? system.gearBonus : null;
}

/**
 * RULES §3 (D-9, D-10): the ONE actor update of a push — aptitude damage, WP (capped by the rules,
 * never for an npc) and the item's gear bonus (not below 0) as an embedded change. Null when the
 * push cost nothing.
 */
export function pushUpdate(actor: TacticaActor, options: PoolRollOptions, result: PushConsequences, item: TacticaItem | null): Record<string, unknown> | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  const update: { system: Record<string, unknown>; items?: unknown[] } = { system: {} };
  if (result.aptitudeDamage > 0) {
    const damage = Math.min(BOUNDS.aptitudeDamage, system.aptitudes[options.aptitude].damage + result.aptitudeDamage);
    update.system.aptitudes = { [options.aptitude]: { damage } };
  }
  if (result.willpowerGained > 0) update.system.willpower = { value: result.willpowerAfter };
  const bonus = gearBonusOf(item);
  if (result.gearDamage > 0 && item?.id && bonus !== null) {
    update.items = [{ _id: item.id, system: { gearBonus: afterPushLoss(bonus, result.gearDamage) } }];
  }
  return Object.keys(update.system).length || update.items ? update : null;
}

/** Who may run a request without a GM: the author who also owns the actor. */
function authorOwner(request: CardRequest, user: ActingUser): boolean {
  const found = cardMessage(request.messageId);
  return !!found && found.message.author?.id === user.id && owns(user, found.card.actorUuid);
}

function allowed(user: ActingUser, action: CardAction, request: CardRequest) {
  const found = cardMessage(request.messageId);
  if (!found) return { error: refuse("TACTICA.Chat.invalid") };
  if (!canAct(user, action, found.message)) return { error: refuse("TACTICA.Chat.notAllowed") };
  return { found };
}

/** RULES §3: pushes the card's pool roll once; a stale or second click changes nothing. */
async function push(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "push", request);
  if (!found) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (!(roll instanceof PoolRoll)) return refuse("TACTICA.Chat.invalid");
  // D-8: a homebrew talent may allow more than one push; the card counts them.
  if (card.pushes >= (roll.options.maxPushes ?? 1)) return refuse("TACTICA.Chat.alreadyPushed");
  if (!roll.pushable) return refuse("TACTICA.Card.pool.notPushable");
  const actor = actorAt(card.actorUuid);
  const system = actor?.system;
  if (!actor || !(system instanceof CharacterModel)) return refuse("TACTICA.Chat.invalid");
  const item = itemAt(card.itemUuid);
  const pushed = await roll.push({ willpower: system.willpower.value, gainsWillpower: system.gainsWillpower });
  const consequences = pushed.consequences;
  // The message first: once it holds the push, any later request sees it and stops.
  await message.update({ rolls: rollsWith(message, pushed), system: { pushes: card.pushes + 1, consequencesApplied: true } } as never);
  const update = consequences ? pushUpdate(actor, roll.options, consequences, item) : null;
  if (update) await actor.update(update as never);
  return OK;
}

/** D-4: the player picks which pressure die counts, before the bonus is applied. */
async function chooseDie(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "chooseDie", request);
  if (!found) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (!(roll instanceof PressureRoll) || card.followUpDone) return refuse("TACTICA.Chat.alreadyApplied");
  if (request.index === undefined || roll.faces[request.index] === undefined) return refuse("TACTICA.Chat.invalid");
  const rolls = message.rolls.slice(0, -1);
  await message.update({ rolls: [...rolls, roll.choose(request.index)].map((r) => JSON.stringify(r)) } as never);
  return OK;
}

/** RULES §2: turns the card's pressure bonus into an effect with its window, once. */
async function applyPressure(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "applyPressure", request);
  if (!found) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (!(roll instanceof PressureRoll)) return refuse("TACTICA.Chat.invalid");
  if (card.followUpDone) return refuse("TACTICA.Chat.alreadyApplied");
  const actor = actorAt(card.actorUuid);
  const item = itemAt(card.itemUuid);
  if (!actor || !item) return refuse("TACTICA.Chat.invalid");
  const note = await applyPressureEffect(actor, item, roll);
  if (!note) return refuse("TACTICA.Chat.pressure.blocked");
  await message.update({ system: { followUpDone: true, notes: [...card.notes, note] } } as never);
  return OK;
}

/** RULES §5: draws on the panic table after a failed morale test or rally (+1 after a rally). */
async function rollPanic(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, error } = allowed(user, "rollPanic", request);
  if (!found) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (!(roll instanceof ProfileTest) || roll.isSuccess) return refuse("TACTICA.Chat.invalid");
  if (card.followUpDone) return refuse("TACTICA.Chat.alreadyApplied");
  const actor = actorAt(card.actorUuid);
  if (!actor) return refuse("TACTICA.Chat.invalid");
  // The lock of the one writer (gm.ts) keeps a second click waiting until this one has written.
  const panic = await drawPanic(actor, roll.purpose === "rally");
  await message.update({ system: { followUpDone: true, panic: panic.outcome, panicFace: panic.face, notes: [...card.notes, ...panic.notes] } } as never);
  return OK;
}

/** Registers the roller-side executors (called by registerChat). */
export function registerRollerActions(): void {
  registerCardAction("push", push, authorOwner);
  registerCardAction("chooseDie", chooseDie, authorOwner);
  registerCardAction("applyPressure", applyPressure, authorOwner);
  registerCardAction("rollPanic", rollPanic, authorOwner);
}

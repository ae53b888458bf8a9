/**
 * The pushed rolls (RULES §3, D-43): a pool roll's card and a score test's, and their one button —
 * Push. The pusher rolls the rerolled dice on their own client; the one writer, for the attested
 * sender (who must own the card's actor), reads only their faces, applies the push once — its
 * effect and its key (`flags.tactica.cards.<messageId>.pushes`, src/data/card-keys.ts) in ONE
 * actor update — then appends the pushed roll to the card. A retry finds the key, applies nothing,
 * and repairs the card.
 */
import { PoolRoll } from "../../dice/pool-roll";
import { ScoreRoll } from "../../dice/score-roll";
import { CharacterModel } from "../../data/actor/character";
import { WeaponModel } from "../../data/item/weapon";
import { GearModel } from "../../data/item/gear";
import { BOUNDS } from "../../data/fields";
import { cardRecord, recordChange } from "../../data/card-keys";
import { afterPushLoss, type PushConsequences } from "../../rules/pool";
import type { AptitudeKey } from "../../rules/keys";
import { pushScoresOn } from "../../config/settings";
import {
  cardActor,
  cardItem,
  OK,
  refuse,
  rollerRequest,
  writesCardAndActor,
  type CardAt,
  type CardRequest,
  type CardResult,
  type Someone,
} from "../authority";
import { rollFrom } from "../../dice/shape";
import { rollKind, showSenderDice, type WriterAction } from "./kind";

/** The message's rolls as the database stores them (JSON strings), plus `extra` appended. */
function rollsWith(message: ChatMessage.Implementation, ...extra: unknown[]): string[] {
  return [...message.rolls, ...extra].map((roll) => JSON.stringify(roll));
}

/** The gear bonus of an item used in a pool (weapon or gear), or null. */
function gearBonusOf(item: Item.Implementation | null): number | null {
  const system = item?.system;
  return system instanceof WeaponModel || system instanceof GearModel ? system.gearBonus : null;
}

/**
 * RULES §3 (D-9, D-10): the ONE actor update of a push — aptitude damage, WP (capped by the rules,
 * never for an npc) and the item's gear bonus (not below 0) as an embedded change. Empty when the
 * push cost nothing.
 */
function pushUpdate(
  actor: Actor.Implementation,
  aptitude: AptitudeKey | null | undefined,
  result: PushConsequences,
  item: Item.Implementation | null,
): Record<string, unknown> {
  const system = actor.system;
  // Stryker disable next-line ConditionalExpression: equivalent, both callers refuse a non-character first
  if (!(system instanceof CharacterModel)) return {};
  const update: { system: Record<string, unknown>; items?: unknown[] } = { system: {} };
  if (result.aptitudeDamage > 0 && aptitude) {
    const damage = Math.min(BOUNDS.aptitudeDamage, system.aptitudes[aptitude].damage + result.aptitudeDamage);
    update.system.aptitudes = { [aptitude]: { damage } };
  }
  if (result.willpowerGained > 0) update.system.willpower = { value: result.willpowerAfter };
  const bonus = gearBonusOf(item);
  if (result.gearDamage > 0 && item?.id && bonus !== null) {
    update.items = [{ _id: item.id, system: { gearBonus: afterPushLoss(bonus, result.gearDamage) } }];
  }
  return update.items || Object.keys(update.system).length ? update : {};
}

/**
 * D-43: pushes the card's score test with the sender's dice, once, when the world allows it
 * (S-push-scores, read here on the writer): the aptitude damage and WP and the card's key in one
 * actor update, then the card — as a pool's push.
 */
async function pushScore(
  found: CardAt,
  actor: Actor.Implementation,
  roll: ScoreRoll,
  request: CardRequest,
): Promise<CardResult> {
  const { message } = found;
  const system = actor.system;
  if (!(system instanceof CharacterModel) || !message.id || found.card.kind !== "score")
    return refuse("TACTICA.Chat.invalid");
  if (!pushScoresOn()) return refuse("TACTICA.Card.score.pushOff");
  const record = cardRecord(actor, message.id);
  const done = typeof record.pushes === "number" ? record.pushes : 0;
  if (done > roll.pushes) {
    // The push was applied but the card missed it (a failure between the writes): repair it.
    if (typeof record.pushRoll === "string" && done === roll.pushes + 1)
      await message.update({ rolls: [...rollsWith(message), record.pushRoll], system: { pushes: done } });
    return refuse("TACTICA.Chat.alreadyPushed");
  }
  if (done >= 1 || roll.pushes >= 1) return refuse("TACTICA.Chat.alreadyPushed");
  if (!roll.pushable) return refuse("TACTICA.Card.pool.notPushable");
  let next: ScoreRoll;
  try {
    next = roll.pushedWith(rollFrom(request.roll, ScoreRoll), {
      willpower: system.willpower.value,
      gainsWillpower: system.gainsWillpower,
    });
  } catch {
    return refuse("TACTICA.Chat.badDice");
  }
  const json = JSON.stringify(next);
  const update = {
    ...pushUpdate(actor, roll.options.aptitude, next.consequences!, null),
    ...recordChange(actor, message.id, { pushes: 1, pushRoll: json }),
  };
  showSenderDice(request, true);
  await actor.update(update);
  await message.update({ rolls: [...rollsWith(message), json], system: { pushes: 1, consequencesApplied: true } });
  return OK;
}

/** RULES §3: pushes the card's pool roll with the sender's dice, once per push allowed (D-8); a score test (D-43). */
async function push(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const { message } = found;
  const roll = message.lastRoll;
  if (roll instanceof ScoreRoll) return pushScore(found, actor, roll, request);
  const system = actor.system;
  if (!(roll instanceof PoolRoll) || !(system instanceof CharacterModel) || !message.id)
    return refuse("TACTICA.Chat.invalid");
  const record = cardRecord(actor, message.id);
  const done = typeof record.pushes === "number" ? record.pushes : 0;
  if (done > roll.pushes) {
    // The push was applied but the card missed it (a failure between the writes): repair it.
    if (typeof record.pushRoll === "string" && done === roll.pushes + 1)
      await message.update({
        rolls: [...rollsWith(message), record.pushRoll],
        system: { pushes: done, consequencesApplied: true },
      });
    return refuse("TACTICA.Chat.alreadyPushed");
  }
  // D-8: the lower of the limit the roll was made with (what its card offers) and the actor's now.
  // The recorded limit is the author's JSON: one that is not a count (a string's NaN) would pass every test below.
  const made = roll.options.maxPushes ?? 1;
  if (!Number.isInteger(made) || made < 0) return refuse("TACTICA.Chat.invalid");
  const limit = Math.min(system.pushMax, made);
  if (done >= limit || roll.pushes >= limit) return limitRefusal(roll, system.pushMax);
  if (done !== roll.pushes) return refuse("TACTICA.Chat.invalid");
  if (!roll.pushable) return refuse("TACTICA.Card.pool.notPushable");
  const item = found.card.itemUuid ? cardItem(actor, found.card.itemUuid) : null;
  let next: PoolRoll;
  try {
    next = roll.pushedWith(
      rollFrom(request.roll),
      { willpower: system.willpower.value, gainsWillpower: system.gainsWillpower },
      limit,
    );
  } catch {
    return refuse("TACTICA.Chat.badDice");
  }
  const json = JSON.stringify(next);
  // The effect and its key in one actor update; then the card (display).
  const update = {
    ...pushUpdate(actor, roll.options.aptitude, next.consequences!, item),
    ...recordChange(actor, message.id, { pushes: done + 1, pushRoll: json }),
  };
  showSenderDice(request, true);
  await actor.update(update);
  await message.update({
    rolls: [...rollsWith(message), json],
    system: { pushes: done + 1, consequencesApplied: true },
  });
  return OK;
}

/** D-8: why a roll at its limit is refused — pushed as often as it was allowed, or stopped by its actor's limit now. */
function limitRefusal(roll: PoolRoll, actorMax: number): CardResult {
  if (roll.pushes < roll.maxPushes && roll.pushes >= actorMax) return limitNow(actorMax);
  return refuse("TACTICA.Chat.alreadyPushed");
}

/** D-8: the actor's limit as stored now stops the push (lowered since the roll, or below a forged card's). */
function limitNow(actorMax: number): CardResult {
  return refuse("TACTICA.Chat.pushLimitLowered", { max: String(actorMax) });
}

/** D-8: the card's actor's limit as stored now when it allows this roll no further push, or null. */
function limitLowered(found: CardAt, roll: PoolRoll): number | null {
  const system = cardActor(found)?.system;
  return system instanceof CharacterModel && roll.pushes >= system.pushMax ? system.pushMax : null;
}

/** The push's button: the roller's, the rerolled dice rolled by the pusher (a score test's where the world allows). */
const PUSH: WriterAction = {
  side: "roller",
  onRollCard: true,
  dice: (found) => {
    const roll = found.message.lastRoll;
    // D-43: a score test is pushed only where the world allows it.
    if (roll instanceof ScoreRoll && roll.pushable && pushScoresOn()) return roll.pushDice();
    if (roll instanceof PoolRoll && roll.pushable) {
      const max = limitLowered(found, roll);
      return max === null ? roll.pushDice() : limitNow(max);
    }
    return refuse("TACTICA.Card.pool.notPushable");
  },
  offered: (found) => {
    const roll = found.message.lastRoll;
    return !(roll instanceof PoolRoll && limitLowered(found, roll) !== null);
  },
  run: push,
  local: writesCardAndActor,
};

/** RULES §3: a pool roll's card. */
export const POOL = rollKind({ push: PUSH });

/** RULES §6.1: a score test's card (a stun test's too); D-43: pushed as a pool where the world allows it. */
export const SCORE = rollKind({ push: PUSH });

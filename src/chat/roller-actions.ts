/**
 * The roller's card actions (RULES §2, §3, §5): push a pool roll, choose a pressure die, apply the
 * pressure bonus, draw on the panic table. Executors of the one writer (src/chat/gm.ts), run for
 * the attested sender, who must own the card's actor (itself owned by the message's author:
 * src/chat/authority.ts). Each writes its effect and its key in one update of the document it
 * changes (src/data/card-keys.ts), then the card — a retry finds the key, applies nothing, and repairs
 * the card.
 */
import { PoolRoll } from "../dice/pool-roll";
import { PressureRoll } from "../dice/pressure-roll";
import { ScoreRoll } from "../dice/score-roll";
import { ProfileTest } from "../dice/profile-test";
import { facesOf } from "../dice/shape";
import { CharacterModel } from "../data/actor/character";
import { WeaponModel } from "../data/item/weapon";
import { GearModel } from "../data/item/gear";
import { afterPushLoss, type PushConsequences } from "../rules/pool";
import { pressureBreakdown } from "../rules/pressure";
import { PANIC_OUTCOMES, type PanicOutcome } from "../rules/morale";
import { BOUNDS } from "../data/fields";
import type { PoolRollOptions } from "../dice/pool-roll";
import { applyPressureEffect, pressureApplied, pressureSource } from "../actions/pressure";
import { PRESSURE_WINDOWS } from "../effects/pressure-windows";
import { drawPanic } from "../actions/morale";
import { cardActor, cardAt, cardItem, mayWrite, owns, type CardAt, type Someone } from "./authority";
import { cardRecord, recordChange } from "../data/card-keys";
import { registerCardAction, type CardRequest, type CardResult } from "./gm";
import { OK, refuse, rollFrom, rollsWith } from "./results";
import { isRecord } from "../rules/records";
import { pushScoresOn } from "../config/settings";

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
export function pushUpdate(
  actor: Actor.Implementation,
  options: PoolRollOptions,
  result: PushConsequences,
  item: Item.Implementation | null,
): Record<string, unknown> {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return {};
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
  return update.items || Object.keys(update.system).length ? update : {};
}

function isPanicOutcome(value: unknown): value is PanicOutcome {
  return PANIC_OUTCOMES.some((outcome) => outcome === value);
}

/** The roller's side of a request: the card, and its actor — owned by the author and by the sender. */
function rollerRequest(
  request: CardRequest,
  sender: Someone,
):
  | { found: CardAt; actor: Actor.Implementation; error?: undefined }
  | { found?: undefined; actor?: undefined; error: CardResult } {
  const found = cardAt(request.messageId);
  if (!found) return { error: refuse("TACTICA.Chat.invalid") };
  const actor = cardActor(found);
  if (!actor || !owns(sender, actor)) return { error: refuse("TACTICA.Chat.notAllowed") };
  return { found, actor };
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
  const consequences = next.consequences!;
  const update = {
    // pushUpdate reads only the aptitude the damage lands on: a score test's, typed optional where a pool's is not.
    ...pushUpdate(actor, { aptitude: roll.options.aptitude } as PoolRollOptions, consequences, null),
    ...recordChange(actor, message.id, { pushes: 1, pushRoll: json }),
  };
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
  if (done >= system.pushMax || roll.pushes >= system.pushMax) return refuse("TACTICA.Chat.alreadyPushed");
  if (done !== roll.pushes) return refuse("TACTICA.Chat.invalid");
  if (!roll.pushable && roll.pushes < (roll.options.maxPushes ?? 1)) return refuse("TACTICA.Card.pool.notPushable");
  const item = found.card.itemUuid ? cardItem(actor, found.card.itemUuid) : null;
  let next: PoolRoll;
  try {
    next = roll.pushedWith(
      rollFrom(request.roll),
      { willpower: system.willpower.value, gainsWillpower: system.gainsWillpower },
      system.pushMax,
    );
  } catch {
    return refuse("TACTICA.Chat.badDice");
  }
  const json = JSON.stringify(next);
  // The effect and its key in one actor update; then the card (display).
  const update = {
    ...pushUpdate(actor, roll.options, next.consequences!, item),
    ...recordChange(actor, message.id, { pushes: done + 1, pushRoll: json }),
  };
  await actor.update(update);
  await message.update({
    rolls: [...rollsWith(message), json],
    system: { pushes: done + 1, consequencesApplied: true },
  });
  return OK;
}

/** The pressure roll of a card, with its actor's pressure source (the stored linked item). */
function pressureCard(found: CardAt, actor: Actor.Implementation) {
  const roll = found.message.lastRoll;
  const item = cardItem(actor, found.card.itemUuid);
  const source = item ? pressureSource(actor, item) : null;
  return roll instanceof PressureRoll && item && source ? { roll, item, source } : null;
}

/** D-4: the player picks which pressure die counts, before the bonus is applied. */
async function chooseDie(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const pressure = pressureCard(found, actor);
  if (!pressure || !found.message.id) return refuse("TACTICA.Chat.invalid");
  if (pressureApplied(actor, pressure.item, found.message.id)) return refuse("TACTICA.Chat.alreadyApplied");
  if (request.index === undefined || pressure.roll.faces[request.index] === undefined)
    return refuse("TACTICA.Chat.invalid");
  const rolls = found.message.rolls.slice(0, -1);
  await found.message.update({ rolls: [...rolls, pressure.roll.choose(request.index)].map((r) => JSON.stringify(r)) });
  return OK;
}

/** RULES §2: turns the card's pressure bonus into an effect with its window, once per card. */
async function applyPressure(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const pressure = pressureCard(found, actor);
  const { message, card } = found;
  if (!pressure || !message.id) return refuse("TACTICA.Chat.invalid");
  // C15: a MOU roll made before a pursuit move lasts that move only (the roller's own card says so).
  const window =
    pressure.roll.options.window === "pursuit" && pressure.source.target === "mou"
      ? "pursuit"
      : PRESSURE_WINDOWS[pressure.source.target];
  const note = `TACTICA.Chat.pressure.window.${window}`;
  if (pressureApplied(actor, pressure.item, message.id)) {
    if (!card.followUpDone) await message.update({ system: { followUpDone: true, notes: [...card.notes, note] } });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  let bonus: number;
  try {
    // The face is the player's own die; the target and printed value are the stored item's.
    bonus = pressureBreakdown(pressure.roll.chosen.face, pressure.source.target, pressure.source.printedValue).bonus;
  } catch {
    return refuse("TACTICA.Chat.invalid");
  }
  const applied = await applyPressureEffect(
    actor,
    pressure.item,
    { target: pressure.source.target, bonus, window },
    message.id,
  );
  if ("reason" in applied) return refuse(applied.reason);
  await message.update({ system: { followUpDone: true, notes: [...card.notes, applied.note] } });
  return OK;
}

/** RULES §5: draws on the panic table with the sender's d10 after a failed morale test or rally (+1 after a rally). */
async function rollPanic(request: CardRequest, sender: Someone): Promise<CardResult> {
  const { found, actor, error } = rollerRequest(request, sender);
  if (error) return error;
  const { message, card } = found;
  const roll = message.lastRoll;
  if (
    !(roll instanceof ProfileTest) ||
    roll.isSuccess ||
    (roll.purpose !== "morale" && roll.purpose !== "rally") ||
    !message.id
  )
    return refuse("TACTICA.Chat.invalid");
  const drawn = cardRecord(actor, message.id).panic;
  if (drawn) {
    // Drawn already: repair the card if it missed the draw, apply nothing.
    const { outcome, face } = isRecord(drawn) ? drawn : {};
    if (!card.followUpDone && isPanicOutcome(outcome) && typeof face === "number") {
      await message.update({ system: { followUpDone: true, panic: outcome, panicFace: face } });
    }
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const faces = facesOf(rollFrom(request.roll, foundry.dice.Roll), [{ count: 1, faces: 10 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  const panic = await drawPanic(actor, roll.purpose === "rally", faces[0]![0]!, message.id);
  await message.update({
    system: { followUpDone: true, panic: panic.outcome, panicFace: panic.face, notes: [...card.notes, ...panic.notes] },
  });
  return OK;
}

/** Without a GM: the sender may write the message (its author) and the card's actor. */
function writesCardAndActor(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  const actor = found ? cardActor(found) : null;
  return !!found && !!actor && mayWrite(user, found.message) && mayWrite(user, actor);
}

/** Registers the roller-side executors (called by registerChat). */
export function registerRollerActions(): void {
  registerCardAction("push", push, writesCardAndActor);
  registerCardAction("chooseDie", chooseDie, writesCardAndActor);
  registerCardAction("applyPressure", applyPressure, writesCardAndActor);
  registerCardAction("rollPanic", rollPanic, writesCardAndActor);
}

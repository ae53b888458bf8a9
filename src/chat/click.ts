/**
 * A card button clicked (DESIGN §4): everything that happens on the CLICKING user's client.
 * - The dice the action needs are rolled here, with this user's dice settings (manual or physical
 *   fulfilment included; never interactive for a blind card, as core's `Roll#toMessage` does) —
 *   a push's rerolled dice, a defence's 2d6, a resist's d10, a panic draw's d10 — and shown here
 *   (Dice So Nice for everyone allowed to see the card, or the dice sound: src/dice/dsn.ts).
 * - The request, with the dice as roll JSON, goes to the one writer (src/chat/gm.ts), which checks
 *   everything again from the stored documents and reads only the faces of these dice.
 * - Whatever comes back is told to this user, localised: a refusal with its reason, "no GM
 *   answered" only when no GM answered.
 * A morale test from the prompt is this user's own roll for their own actor: it runs here, with
 * its dialog (shift-click skips it), like a roll from the sheet.
 */
import { PoolRoll } from "../dice/pool-roll";
import { ProfileTest } from "../dice/profile-test";
import { ScoreRoll } from "../dice/score-roll";
import { showRoll } from "../dice/dsn";
import { CharacterModel } from "../data/actor/character";
import { GrenadeModel } from "../data/item/grenade";
import { WeaponModel } from "../data/item/weapon";
import { PowerModel } from "../data/item/power";
import { attributesOf } from "../rules/attributes";
import { coFor } from "../actions/morale";
import { subjectOf } from "../actions/common";
import { notifyError } from "../utils/notify";
import { cardActor, cardAt, cardItem, rowActor, type CardAt } from "./authority";
import { canAct, type CardAction } from "./permissions";
import { requestCardAction, type CardResult } from "./gm";
import { natural10Fails, pushScoresOn } from "../config/settings";

/** Where on the card the click was. */
export interface ClickTarget {
  targetIndex?: number;
  index?: number;
  /** shift-click: no dialog (the morale test) */
  fastForward?: boolean;
}

/** The defence an attack calls for, for the clicker's own 2d6 (the writer recomputes it). */
function defenceScore(found: CardAt, index: number): ScoreRoll | null {
  const target = rowActor(found.card, index);
  const system = target?.system;
  const actor = cardActor(found);
  const item = actor ? cardItem(actor, found.card.itemUuid) : null;
  if (!target || !(system instanceof CharacterModel) || !item) return null;
  const weapon = item.system;
  const terrifying =
    (weapon instanceof WeaponModel || weapon instanceof GrenadeModel) &&
    attributesOf(weapon.attributeList, "terrifying").length > 0;
  const ranged = weapon instanceof GrenadeModel || (weapon instanceof WeaponModel && weapon.range === "ranged");
  const score = system.defence[terrifying ? "terrifying" : ranged ? "ranged" : "melee"];
  const modifiers = [{ value: score }];
  return new ScoreRoll(
    ScoreRoll.formulaFor({ modifiers }),
    {},
    { purpose: "defence", modifiers, subject: subjectOf(target) },
  );
}

/** The resist test of a target, for the clicker's own d10 (the writer recomputes its target). */
function resistTest(found: CardAt, index: number): ProfileTest | null {
  const target = rowActor(found.card, index);
  const actor = cardActor(found);
  const power = actor ? cardItem(actor, found.card.itemUuid) : null;
  const key = power?.system instanceof PowerModel ? power.system.resist : "";
  if (!target || !key) return null;
  const value = key === "co" ? coFor(target) : (target.model?.profile[key].total ?? 0);
  return new ProfileTest(
    "1d10",
    {},
    {
      characteristic: key,
      value,
      purpose: "resist",
      natural10Fails: natural10Fails(),
      subject: subjectOf(target),
    },
  );
}

/** The dice `action` needs, not rolled yet; null when it needs none. */
function diceFor(action: CardAction, found: CardAt, index: number | undefined): Roll | PoolRoll | null | "invalid" {
  switch (action) {
    case "push": {
      const roll = found.message.lastRoll;
      // D-43: a score test is pushed only where the world allows it.
      if (roll instanceof ScoreRoll) return roll.pushable && pushScoresOn() ? roll.pushDice() : "invalid";
      if (!(roll instanceof PoolRoll) || !roll.pushable) return "invalid";
      return roll.pushDice();
    }
    case "defend":
      return (index !== undefined && defenceScore(found, index)) || "invalid";
    case "resist":
      return (index !== undefined && resistTest(found, index)) || "invalid";
    case "rollPanic":
      return new foundry.dice.Roll("1d10");
    default:
      return null;
  }
}

/** Runs a click of `action` on `message` for this client's user; tells the user what came of it. */
export async function runCardAction(
  message: ChatMessage.Implementation,
  action: CardAction,
  where: ClickTarget = {},
): Promise<CardResult> {
  const result = await clicked(message, action, where);
  if (!result.ok && result.reason) notifyError(result.reason, result.data ?? {});
  return result;
}

async function clicked(
  message: ChatMessage.Implementation,
  action: CardAction,
  where: ClickTarget,
): Promise<CardResult> {
  const found = message.id ? cardAt(message.id) : null;
  if (!found) return { ok: false, reason: "TACTICA.Chat.invalid" };
  if (action === "moraleTest") return runMoralePrompt(found, where.fastForward ?? false);
  // Checked here only to spare a useless roll; the writer checks again.
  if (!canAct(game.user, action, found, where.targetIndex)) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  const dice = diceFor(action, found, where.targetIndex);
  if (dice === "invalid")
    return { ok: false, reason: action === "push" ? "TACTICA.Card.pool.notPushable" : "TACTICA.Chat.invalid" };
  const roll = dice ? await dice.evaluate({ allowInteractive: !message.blind }) : null;
  if (roll) {
    await showRoll(roll, {
      id: message.id,
      whisper: message.whisper.filter((id) => typeof id === "string"),
      blind: message.blind,
      speaker: message.speaker,
    });
  }
  return requestCardAction({
    action,
    messageId: found.message.id!,
    ...(where.targetIndex !== undefined ? { targetIndex: where.targetIndex } : {}),
    ...(where.index !== undefined ? { index: where.index } : {}),
    ...(roll ? { roll: roll.toJSON() } : {}),
  });
}

/**
 * RULES §5 (D-16): the prompt's button — the actor's morale test, on this client, by an owner of
 * the actor the prompt names (a prompt whose author does not own that actor names nobody).
 */
async function runMoralePrompt(found: CardAt, fastForward: boolean): Promise<CardResult> {
  const actor = found.card.kind === "moralePrompt" ? cardActor(found) : null;
  if (!actor || !canAct(game.user, "moraleTest", found)) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  const posted = await actor.moraleTest({ fastForward });
  return posted ? { ok: true } : { ok: false };
}

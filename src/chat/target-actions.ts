/**
 * The targets' card actions (RULES §4, §6.1, §6.2): resist a power, defend against an attack,
 * apply an attack's damage. Each runs on the one writer (src/chat/gm.ts) under the message's
 * lock, checks permission for that row again, and writes its result into the card's target row.
 */
import { ProfileTest } from "../dice/profile-test";
import { PsyRoll } from "../dice/psy-roll";
import { ScoreRoll } from "../dice/score-roll";
import { CharacterModel } from "../data/actor/character";
import { GrenadeModel } from "../data/item/grenade";
import { WeaponModel } from "../data/item/weapon";
import { AttributeItemModel } from "../data/item/base";
import { attackHits } from "../rules/scores";
import { attributesOf } from "../rules/attributes";
import { coFor } from "../actions/morale";
import { closePressureWindow } from "../pressure-windows";
import { actorAt, cardMessage, itemAt, OK, refuse } from "./card-message";
import { stunFollowUp, tectonicFollowUp } from "./hit-follow-ups";
import { registerCardAction, type CardRequest, type CardResult } from "./gm";
import { canAct, owns, type ActingUser, type CardAction } from "./permissions";

function rowRequest(user: ActingUser, action: CardAction, request: CardRequest) {
  const found = cardMessage(request.messageId);
  const index = request.targetIndex ?? -1;
  const target = found?.card.targets[index];
  if (!found || !target) return { error: refuse("TACTICA.Chat.invalid") };
  if (!canAct(user, action, found.message, index)) return { error: refuse("TACTICA.Chat.notAllowed") };
  return { found, index, target };
}

/** The card's targets with row `index` changed (the whole array is written once). */
function targetsWith(targets: readonly object[], index: number, change: object): object[] {
  return targets.map((t, i) => (i === index ? { ...t, ...change } : { ...t }));
}

/** RULES §4: the target resists a successful cast with its FOR, END or CO (D10 roll-under). */
async function resist(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, index, target, error } = rowRequest(user, "resist", request);
  if (!found) return error;
  const roll = found.message.lastRoll;
  if (!(roll instanceof PsyRoll) || !roll.isSuccess || !roll.options.resist) return refuse("TACTICA.Chat.invalid");
  if (target.outcome !== "pending") return refuse("TACTICA.Chat.alreadyApplied");
  const actor = actorAt(target.actorUuid);
  if (!actor) return refuse("TACTICA.Chat.invalid");
  const key = roll.options.resist;
  const profile = (actor.system as { profile?: Record<string, { total: number }> }).profile;
  const value = key === "co" ? coFor(actor) : (profile?.[key]?.total ?? 0);
  const test = await new ProfileTest("1d10", {}, { characteristic: key, value, purpose: "resist", natural10Fails: game.settings?.get("tactica", "nat10") ?? false }).evaluate();
  const outcome = test.isSuccess ? "resisted" : "failed";
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, { total: test.natural, outcome }) } } as never);
  return OK;
}

/** RULES §6.1 (D-24, D-25): the target rolls 2d6 + its defence score; the attack hits when strictly higher. */
async function defend(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, index, target, error } = rowRequest(user, "defend", request);
  if (!found) return error;
  const roll = found.message.lastRoll;
  if (!(roll instanceof ScoreRoll) || target.outcome !== "pending" || target.note) return refuse("TACTICA.Chat.alreadyApplied");
  if (found.card.delayedState === "declared") return refuse("TACTICA.Chat.delay.waiting");
  const actor = actorAt(target.actorUuid);
  const system = actor?.system;
  if (!(system instanceof CharacterModel)) return refuse("TACTICA.Chat.invalid");
  const item = itemAt(found.card.itemUuid)?.system;
  const ranged = item instanceof GrenadeModel || (item instanceof WeaponModel && item.range === "ranged");
  const terrifying = item instanceof AttributeItemModel && attributesOf(item.attributeList, "terrifying").length > 0;
  const score = system.defence[terrifying ? "terrifying" : ranged ? "ranged" : "melee"];
  const defence = await new ScoreRoll(ScoreRoll.formulaFor({ modifiers: [{ value: score }] }), {}, { purpose: "defence", modifiers: [{ value: score }] }).evaluate();
  const hit = attackHits(roll.testTotal + target.modifier, defence.testTotal);
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, { total: defence.testTotal, outcome: hit ? "hit" : "miss" }) } } as never);
  return OK;
}

/** RULES §6.2 (D-26): applies the hit's damage to the target and writes the breakdown on the card. */
async function applyDamage(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const { found, index, target, error } = rowRequest(user, "applyDamage", request);
  if (!found) return error;
  if (target.outcome !== "hit" || target.damageApplied) return refuse("TACTICA.Chat.alreadyApplied");
  const actor = actorAt(target.actorUuid);
  const itemDoc = itemAt(found.card.itemUuid);
  const item = itemDoc?.system;
  if (!actor || !(item instanceof AttributeItemModel)) return refuse("TACTICA.Chat.invalid");
  const damage = item instanceof WeaponModel || item instanceof GrenadeModel ? item.damage : 0;
  const result = await actor.applyDamage({ damage, attributes: item.attributeList });
  if (!result) return refuse("TACTICA.Chat.invalid");
  const breakdown = { field: result.field?.absorbed ?? 0, armour: result.armour?.reduced ?? 0, resistant: result.resistant?.reduced ?? 0, pv: result.pv.lost };
  // RULES §6.4: the hit's own follow-ups, then the card written once with all of them.
  const stun = await stunFollowUp(actor, target.tokenUuid, item.attributeList);
  const place = await tectonicFollowUp(target.tokenUuid, item.attributeList, found.card.placesShifted);
  const change = { damageApplied: true, damage: breakdown, ...(stun ?? {}) };
  const placesShifted = place ? [...found.card.placesShifted, place] : [...found.card.placesShifted];
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, change), placesShifted } } as never);
  // RULES §2: a weapon FOR pressure bonus lasts for the wound it causes.
  const attacker = actorAt(found.card.actorUuid);
  if (attacker && itemDoc?.id) await closePressureWindow(attacker, "nextWound", { itemId: itemDoc.id });
  return OK;
}

/** Without a GM: the clicker must own the target and be the message's author. */
function ownsRow(request: CardRequest, user: ActingUser): boolean {
  const found = cardMessage(request.messageId);
  const target = found?.card.targets[request.targetIndex ?? -1];
  return !!found && !!target && found.message.author?.id === user.id && owns(user, target.actorUuid) && owns(user, found.card.actorUuid);
}

/** Registers the target-side executors (called by registerChat). */
export function registerTargetActions(): void {
  registerCardAction("resist", resist, ownsRow);
  registerCardAction("defend", defend, ownsRow);
  registerCardAction("applyDamage", applyDamage, ownsRow);
}

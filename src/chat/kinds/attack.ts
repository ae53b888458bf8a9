/**
 * An attack's card (RULES §6.1, §6.2, §6.4) and a due *Différé* action's (RULES §7.2). The
 * attack card has one row per target, each with the target's buttons:
 * - Defend: the target's owner rolls 2d6 on their client; the one writer reads only their faces,
 *   recomputes the attacker's score, the distance and the defence from the stored documents, and
 *   records the hit or miss ON THE TARGET ACTOR, once per target per card
 *   (`flags.tactica.cards.<messageId>.target`, src/data/card-keys.ts), which the attacker cannot
 *   write; the row only displays it. The attacker's free modifier is the card's own claim: beyond
 *   what a dialog allows (±BOUNDS.modifier) the defence is refused (F1). The distance is measured
 *   to the row's token when it is the target's, else to the target's token on the attacker's
 *   scene; with none, a weapon that needs the distance (*Portée*, *Imprécis*) concedes a miss
 *   (F2). The attack resolves against that target then, hit or miss: *Tectonique* shifts its place
 *   (RULES §6.4 « L'attaque … change l'encombrement », R10), on a GM's client only;
 * - Apply damage: the target's owner or a GM; damage lands only on a hit recorded on the target,
 *   once — the damage and `damageApplied` in one target-actor update — so a forged row is
 *   powerless, even when a GM clicks it; then the hit's follow-ups (src/chat/hit-follow-ups.ts).
 * Neither records a hit while a panic condition of the stored attacker forbids the attack (D-45:
 * a card posted past the attacker's own refusal is powerless).
 * Only a character is a target (R11: a unit has no defence score, seed 004's scores being a
 * character's): the use case leaves units out of the rows, and a forged unit row defends nothing.
 * Its third action has no button: the attacker's client asks the one writer to declare a
 * *Différé* attack on the viewed timeline right after posting (src/chat/delayed-actions.ts).
 * A due card shows its declaring card again, whose buttons work on that card.
 */
import { ScoreRoll } from "../../dice/score-roll";
import { facesOf, rollFrom } from "../../dice/shape";
import { CharacterModel } from "../../data/actor/character";
import { GrenadeModel } from "../../data/item/grenade";
import { WeaponModel } from "../../data/item/weapon";
import { recordChange, targetRecord, TARGET_KEY, type DamageBreakdown } from "../../data/card-keys";
import { attackHits } from "../../rules/scores";
import { attributesOf, type Attribute } from "../../rules/attributes";
import { boundedModifier } from "../../rules/modifiers";
import { BOUNDS } from "../../data/fields";
import { hitDamage, type DamageResult } from "../../rules/damage";
import { rowFacts, scoreOptions, SELF_ROW } from "../../actions/score";
import { subjectOf } from "../../actions/common";
import { itemAct, panicRefusal } from "../../actions/panic";
import { closePressureWindow } from "../../effects/pressure-windows";
import {
  cardActor,
  cardAt,
  cardItem,
  mayWrite,
  rowActor,
  rowToken,
  speakerToken,
  OK,
  refuse,
  rowRequest,
  writesCardAndTarget,
  type CardAt,
  type CardRequest,
  type CardResult,
  type Someone,
} from "../authority";
import { stunMove, stunTest, tectonicFollowUp } from "../hit-follow-ups";
import { declareDelayed, delayedOf, delayedStatus } from "../delayed-actions";
import { i18n, postedByGM, renderInfo, rollKind, showRow, targetsWith, type CardKind, type WriterAction } from "./kind";
import { showSenderDice } from "./kind";
import type { RollCardModel } from "../../data/chat/roll-card";

/** A weapon or a grenade. */
type AttackItem = Item.Implementation & { system: WeaponModel | GrenadeModel };

function isAttackItem(item: Item.Implementation): item is AttackItem {
  return item.system instanceof WeaponModel || item.system instanceof GrenadeModel;
}

/** The attack item of a card: a weapon or grenade of the card's actor. */
function attackItem(actor: Actor.Implementation, found: CardAt): AttackItem | null {
  const item = cardItem(actor, found.card.itemUuid);
  return item && isAttackItem(item) ? item : null;
}

/** RULES §6.1 (D-24): the defence an attack calls for — against terror, at range, or in melee. */
function defenceKind(item: AttackItem): "terrifying" | "ranged" | "melee" {
  if (attributesOf(item.system.attributeList, "terrifying").length > 0) return "terrifying";
  return item.system instanceof GrenadeModel || item.system.range === "ranged" ? "ranged" : "melee";
}

/** The defence the attack calls for, for the target owner's own 2d6 (the writer recomputes it). */
function defenceDice(found: CardAt, index: number | undefined): ScoreRoll | CardResult {
  const target = rowActor(found.card, index);
  const system = target?.system;
  const actor = cardActor(found);
  const item = actor ? attackItem(actor, found) : null;
  if (!target || !(system instanceof CharacterModel) || !item) return refuse("TACTICA.Chat.invalid");
  const modifiers = [{ value: system.defence[defenceKind(item)] }];
  return new ScoreRoll(
    ScoreRoll.formulaFor({ modifiers }),
    {},
    { purpose: "defence", modifiers, subject: subjectOf(target) },
  );
}

/** A *Différé* attack's targets act only once it resolved (or when it was never declared). */
function delayedRefusal(item: Item.Implementation, messageId: string): CardResult | null {
  if (!delayedOf(item)) return null;
  const status = delayedStatus(messageId);
  if (status === "waiting") return refuse("TACTICA.Chat.delay.waiting");
  if (status === "lost") return refuse("TACTICA.Chat.delay.lost");
  return null;
}

/** *De zone Et Soi* (D-28): the row stands for the attacker himself (his own actor), as the stored weapon allows. */
function isSelfRow(
  actor: Actor.Implementation,
  target: Actor.Implementation,
  attributes: readonly Attribute[],
): boolean {
  return target.uuid === actor.uuid && attributesOf(attributes, "area").some((a) => a.self);
}

/**
 * F2: the token a row stands for — the row's own when it is a token of the target, else the
 * target's token on the attacker's scene (a row whose token was emptied or swapped), else null: a
 * row never escapes its distance by losing its token.
 */
function targetToken(
  found: CardAt,
  index: number,
  target: Actor.Implementation,
  attacker: TokenDocument | null,
): TokenDocument | null {
  const own = rowToken(found.card, index, target);
  if (own) return own;
  // Stryker disable next-line OptionalChaining: equivalent, speakerToken's token is a scene's (embedded: a parent)
  const tokens = attacker?.parent?.tokens;
  return (tokens ? [...tokens].find((token) => token.actor?.uuid === target.uuid) : undefined) ?? null;
}

/** F1: the attacker's free modifier, when within what a dialog allows; a refusal otherwise. */
function attackModifier(roll: ScoreRoll): number | CardResult {
  try {
    return boundedModifier((roll.options.modifiers ?? []).map((m) => m.value));
  } catch {
    return refuse("TACTICA.Chat.modifierOutOfBounds", { max: String(BOUNDS.modifier) });
  }
}

/**
 * R10: *Tectonique X* — the attack shifts the target's place toward X once it resolves against
 * that target (hit or miss), once per place per attack (the key on the place's behaviour). Only a
 * GM writes a place: without one the card says the GM shifts it.
 */
async function tectonicOnAttack(
  found: CardAt,
  token: TokenDocument | null,
  attributes: readonly Attribute[],
  messageId: string,
): Promise<Partial<RollCardModel>> {
  if (attributesOf(attributes, "tectonic").length === 0) return {};
  const card = found.card;
  // Stryker disable next-line OptionalChaining: equivalent, the one writer runs for a user (game.user is set by ready)
  if (!game.user?.isGM) {
    const note = "TACTICA.Chat.attack.tectonicNoGM";
    return card.notes.includes(note) ? {} : { notes: [...card.notes, note] };
  }
  const place = await tectonicFollowUp(token, attributes, messageId);
  return place && !card.placesShifted.includes(place) ? { placesShifted: [...card.placesShifted, place] } : {};
}

/** RULES §6.1 (D-24, D-25): the target rolls 2d6 + its defence score; the attack hits when strictly higher. */
async function defend(request: CardRequest, sender: Someone): Promise<CardResult> {
  const req = rowRequest(request, sender, "target");
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const roll = found.message.lastRoll;
  const item = attackItem(actor, found);
  const system = target.system;
  if (!(roll instanceof ScoreRoll) || roll.purpose !== "attack" || !item || !(actor.system instanceof CharacterModel))
    return refuse("TACTICA.Chat.invalid");
  // R11: only a character defends (a unit has no defence score).
  if (!(system instanceof CharacterModel)) return refuse("TACTICA.Chat.invalid");
  const waiting = delayedRefusal(item, messageId);
  if (waiting) return waiting;
  const recorded = targetRecord(target, messageId);
  if (recorded) {
    await showRow(found, index, { outcome: recorded.outcome, total: recorded.total });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  // D-45, asked again from the stored attacker: a panic condition that forbids this attack records no hit.
  const forbidden = panicRefusal(actor, itemAct(item));
  if (forbidden) return refuse(forbidden.key, forbidden.data);
  const faces = facesOf(rollFrom(request.roll, ScoreRoll), [{ count: 2, faces: 6 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  // The attacker's own dice: two d6, read by their shape (the trust floor, never more dice).
  const attackDice = facesOf(roll, [{ count: 2, faces: 6 }]);
  if (!attackDice) return refuse("TACTICA.Chat.invalid");
  const modifier = attackModifier(roll);
  if (typeof modifier !== "number") return modifier;
  const attributes = item.system.attributeList;
  // The attack: the attacker's own dice, its score from the stored actor and weapon, the dialog's modifier.
  const sub = item.system instanceof WeaponModel ? item.system.governingSubAptitude : item.system.subAptitude;
  const score = ScoreRoll.scoreOf({
    ...scoreOptions(actor, { subAptitude: sub, purpose: "attack" })!,
    modifiers: [{ value: modifier }],
  });
  const from = speakerToken(found.message, actor);
  const token = targetToken(found, index, target, from);
  // RULES §6.4 *Et Soi* (C7): the attacker's own row of an area attack is never checked for Portée.
  const facts = isSelfRow(actor, target, attributes) ? SELF_ROW : rowFacts(from, token, attributes);
  const defenceTotal = faces[0]!.reduce((sum, face) => sum + face, 0) + system.defence[defenceKind(item)];
  const hit =
    !facts.note &&
    attackHits(attackDice[0]!.reduce((sum, face) => sum + face, 0) + score + facts.modifier, defenceTotal);
  const outcome = hit ? "hit" : "miss";
  showSenderDice(request);
  await target.update(recordChange(target, messageId, { [TARGET_KEY]: { outcome, total: defenceTotal } }));
  const shifted = await tectonicOnAttack(found, token, attributes, messageId);
  const row = { total: defenceTotal, outcome, dice: faces[0]!, modifier: facts.modifier, note: facts.note };
  const targets = targetsWith(found.card.targets, index, { ...row, distance: facts.distance });
  await found.message.update({ system: { targets, ...shifted } });
  return OK;
}

/** RULES §6.2: what one hit did, for the card's breakdown. */
function breakdownOf(result: DamageResult): DamageBreakdown {
  return {
    dealt: result.damage,
    field: result.field?.absorbed ?? 0,
    armour: result.armour?.reduced ?? 0,
    resistant: result.resistant?.reduced ?? 0,
    pv: result.pv.lost,
  };
}

/** RULES §6.2 (D-26): applies a recorded hit's damage to the target, once, and writes the breakdown on the card. */
async function applyDamage(request: CardRequest, sender: Someone): Promise<CardResult> {
  const req = rowRequest(request, sender, "targetOrGM");
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const item = attackItem(actor, found);
  if (!item) return refuse("TACTICA.Chat.invalid");
  const recorded = targetRecord(target, messageId);
  if (!recorded || recorded.outcome !== "hit") return refuse("TACTICA.Chat.noHit");
  const shown = found.card.targets[index];
  if (recorded.damageApplied && shown?.damageApplied) return refuse("TACTICA.Chat.alreadyApplied");
  const attributes = item.system.attributeList;
  // The damage joins the target's record where it lives (a record written per row before, too).
  const row = recorded.key;
  let stun = recorded.stun ?? null;
  let breakdown = shown?.damage ?? null;
  if (!recorded.damageApplied) {
    // The stun test first, so its result joins the damage and its key in ONE target update.
    stun = await stunTest(target, attributes);
    // D-35: the damage is the item's current FOR (its printed FOR and the pressure bonus in force,
    // which this wound spends).
    const damage = hitDamage(item.system.strength, item.system instanceof WeaponModel ? item.system.pressureBonus : 0);
    const result = await target.applyDamage({ damage, attributes }, (r) =>
      recordChange(target, messageId, {
        [`${row}.damageApplied`]: true,
        [`${row}.stun`]: stun,
        [`${row}.damage`]: breakdownOf(r),
      }),
    );
    if (!result) return refuse("TACTICA.Chat.invalid");
    breakdown = breakdownOf(result);
    // RULES §2: a weapon FOR pressure bonus lasts for the wound it causes.
    if (item.id) await closePressureWindow(actor, "nextWound", { itemId: item.id });
  } else breakdown ??= recorded.damage ?? null;
  // RULES §6.4: the hit's follow-up (*Tectonique* came with the attack), keyed on what it writes; then the card.
  const token = targetToken(found, index, target, speakerToken(found.message, actor));
  const stunMoved = stun ? await stunMove(target, token, stun, { messageId, index }) : false;
  const change = { damageApplied: true, damage: breakdown, ...(stun === null ? {} : { stun, stunMoved }) };
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, change) } });
  return OK;
}

/** Apply damage without a GM: the clicker writes the message, the target and the attacker (its weapon's window). */
function writesDamage(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  return writesCardAndTarget(request, user) && !!found && mayWrite(user, cardActor(found));
}

const actions = {
  defend: { side: "target", dice: defenceDice, run: defend, local: writesCardAndTarget },
  applyDamage: { side: "targetOrGM", run: applyDamage, local: writesDamage },
  // Sent by the attacker's client once the card is posted; it writes a combat, so never without a GM.
  declareDelayed: { side: "roller", run: declareDelayed, local: () => false },
} satisfies Record<string, WriterAction>;

/** RULES §6.1: an attack's card. */
export const ATTACK = rollKind(actions);

/** The declaring card a due card shows, when the GM posted the due card (a player's forgery shows nothing). */
function declaringCard(found: CardAt): CardAt | null {
  return found.message.author?.isGM ? cardAt(found.card.sourceMessage) : null;
}

/** RULES §7.2: a due *Différé* action — its line, then its declaring card (a GM's card only). */
export const DELAYED_DUE = {
  shows: declaringCard,
  render: async (found, view) => {
    postedByGM(found);
    const line = await renderInfo({ due: i18n().format("TACTICA.Combat.Delayed.Due", { name: found.card.label }) });
    const source = declaringCard(found);
    return source ? line + (await view.card(source)) : line;
  },
} satisfies CardKind;

/**
 * The targets' card actions (RULES §4, §6.1, §6.2): resist a power, defend against an attack, apply
 * an attack's damage. Executors of the one writer (src/chat/gm.ts), run for the attested sender:
 * - resist and defend: the sender owns the row's target; their own die or dice come with the
 *   request (rolled on their client) and only their faces are read; everything else — the power's
 *   resist characteristic, the cast, the attacker's score, the distance, the defence — is
 *   recomputed from the stored documents. The outcome is RECORDED ON THE TARGET ACTOR, once per
 *   target per card whichever row names it (`flags.tactica.cards.<messageId>.target`,
 *   src/data/card-keys.ts), which the attacker cannot write; the card row only displays it;
 * - apply damage: the sender owns the target, or is a GM; damage lands only on a hit recorded on
 *   the target, once — the damage and `damageApplied` in one target-actor update — so a forged row
 *   is powerless, even when a GM clicks it.
 * A card counts only when its author owns its actor, and its item only as that actor's own.
 */
import { ProfileTest } from "../dice/profile-test";
import { PsyRoll } from "../dice/psy-roll";
import { ScoreRoll } from "../dice/score-roll";
import { facesOf } from "../dice/shape";
import { CharacterModel } from "../data/actor/character";
import { GrenadeModel } from "../data/item/grenade";
import { WeaponModel } from "../data/item/weapon";
import { AttributeItemModel } from "../data/item/base";
import { PowerModel } from "../data/item/power";
import { attackHits } from "../rules/scores";
import { isPsySuccess } from "../rules/psy";
import { profileTestSuccess } from "../rules/morale";
import { attributesOf, type Attribute } from "../rules/attributes";
import { coFor } from "../actions/morale";
import { rowFacts, scoreOptions, SELF_ROW } from "../actions/score";
import { closePressureWindow } from "../effects/pressure-windows";
import type { RollCardModel } from "../data/chat/roll-card";
import { recordChange, targetRecord, TARGET_KEY, type DamageBreakdown } from "../data/card-keys";
import { hitDamage, type DamageResult } from "../rules/damage";
import {
  cardActor,
  cardAt,
  cardItem,
  mayWrite,
  owns,
  rowActor,
  rowToken,
  speakerToken,
  type CardAt,
  type Someone,
} from "./authority";
import { stunMove, stunTest, tectonicFollowUp } from "./hit-follow-ups";
import { delayedOf, delayedStatus } from "./delayed-actions";
import { registerCardAction, type CardRequest, type CardResult } from "./gm";
import { OK, refuse, rollFrom } from "./results";
import { natural10Fails } from "../config/settings";

/** A target's request: the card, its actor (owned by the author), the row and its target actor. */
interface RowRequest {
  found: CardAt;
  actor: Actor.Implementation;
  index: number;
  target: Actor.Implementation;
  messageId: string;
}

function rowRequest(
  request: CardRequest,
  sender: Someone,
  mayAct: (target: Actor.Implementation) => boolean,
): RowRequest | CardResult {
  const found = cardAt(request.messageId);
  const index = request.targetIndex ?? -1;
  const target = found ? rowActor(found.card, index) : null;
  if (!found || !target || !found.message.id) return refuse("TACTICA.Chat.invalid");
  if (!mayAct(target)) return refuse("TACTICA.Chat.notAllowed");
  const actor = cardActor(found);
  // A card naming an actor its author does not own speaks for nobody: nothing reaches its targets.
  if (!actor) return refuse("TACTICA.Chat.notAllowed");
  return { found, actor, index, target, messageId: found.message.id };
}

/** The card's targets with row `index` changed (the whole array is written once). */
function targetsWith(targets: readonly object[], index: number, change: object): object[] {
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
async function showRow(found: CardAt, index: number, change: Partial<TargetRow>): Promise<void> {
  const row = found.card.targets[index];
  if (row && shows(row, change)) return;
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, change) } });
}

/** The attack item of a card: a weapon or grenade of the card's actor. */
function attackItem(actor: Actor.Implementation, found: CardAt): AttackItem | null {
  const item = cardItem(actor, found.card.itemUuid);
  return item && isAttackItem(item) ? item : null;
}

/** A weapon or a grenade. */
type AttackItem = Item.Implementation & { system: WeaponModel | GrenadeModel };

function isAttackItem(item: Item.Implementation): item is AttackItem {
  return item.system instanceof WeaponModel || item.system instanceof GrenadeModel;
}

/** A *Différé* attack's targets act only once it resolved (or when it was never declared). */
function delayedRefusal(item: Item.Implementation, messageId: string): CardResult | null {
  if (!delayedOf(item)) return null;
  const status = delayedStatus(messageId);
  if (status === "waiting") return refuse("TACTICA.Chat.delay.waiting");
  if (status === "lost") return refuse("TACTICA.Chat.delay.lost");
  return null;
}

/** RULES §4: the target resists a successful cast with its FOR, END or CO (D10 roll-under, its own die). */
async function resist(request: CardRequest, sender: Someone): Promise<CardResult> {
  const req = rowRequest(request, sender, (target) => owns(sender, target));
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const roll = found.message.lastRoll;
  const power = cardItem(actor, found.card.itemUuid);
  const caster = actor.system;
  if (
    !(roll instanceof PsyRoll) ||
    roll.options.mode !== "cast" ||
    !(power?.system instanceof PowerModel) ||
    !power.system.resist
  )
    return refuse("TACTICA.Chat.invalid");
  // The cast as the stored power and caster say (level, mastery); the dialog's choices and the die are the caster's.
  let cast: number;
  try {
    cast = PsyRoll.targetOf({
      ...roll.options,
      mode: "cast",
      level: power.system.level,
      mastery: caster instanceof CharacterModel ? caster.psyker.mastery : 0,
    });
  } catch {
    return refuse("TACTICA.Chat.invalid");
  }
  // The caster's own die: one d10, read by its shape (the trust floor, never more dice).
  const castDie = facesOf(roll, [{ count: 1, faces: 10 }]);
  if (!castDie || !isPsySuccess(castDie[0]![0]!, cast)) return refuse("TACTICA.Chat.invalid");
  const recorded = targetRecord(target, messageId);
  if (recorded) {
    await showRow(found, index, { outcome: recorded.outcome, total: recorded.total });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const faces = facesOf(rollFrom(request.roll, ProfileTest), [{ count: 1, faces: 10 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  const natural = faces[0]![0]!;
  const key = power.system.resist;
  const value = key === "co" ? coFor(target) : (target.model?.profile[key].total ?? 0);
  const success = profileTestSuccess(natural, value, natural10Fails());
  const outcome = success ? "resisted" : "failed";
  await target.update(recordChange(target, messageId, { [TARGET_KEY]: { outcome, total: natural } }));
  await showRow(found, index, { total: natural, outcome, dice: [natural] });
  return OK;
}

/** RULES §6.1 (D-24, D-25): the target rolls 2d6 + its defence score; the attack hits when strictly higher. */
async function defend(request: CardRequest, sender: Someone): Promise<CardResult> {
  const req = rowRequest(request, sender, (target) => owns(sender, target));
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const roll = found.message.lastRoll;
  const item = attackItem(actor, found);
  const attacker = actor.system;
  const system = target.system;
  if (!(roll instanceof ScoreRoll) || roll.purpose !== "attack" || !item || !(attacker instanceof CharacterModel))
    return refuse("TACTICA.Chat.invalid");
  if (!(system instanceof CharacterModel)) return refuse("TACTICA.Chat.invalid");
  const waiting = delayedRefusal(item, messageId);
  if (waiting) return waiting;
  const recorded = targetRecord(target, messageId);
  if (recorded) {
    await showRow(found, index, { outcome: recorded.outcome, total: recorded.total });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  const faces = facesOf(rollFrom(request.roll, ScoreRoll), [{ count: 2, faces: 6 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  const attributes = item.system.attributeList;
  // The attack: the attacker's own dice, its score from the stored actor and weapon, the dialog's modifier.
  const sub = item.system instanceof WeaponModel ? item.system.governingSubAptitude : item.system.subAptitude;
  const score = ScoreRoll.scoreOf({
    ...scoreOptions(actor, { subAptitude: sub, purpose: "attack" })!,
    modifiers: roll.options.modifiers ?? [],
  });
  // RULES §6.4 *Et Soi* (C7): the attacker's own row of an area attack is never checked for Portée.
  const facts = isSelfRow(actor, target, attributes)
    ? SELF_ROW
    : rowFacts(speakerToken(found.message, actor), rowToken(found.card, index, target), attributes);
  const defenceTotal = faces[0]!.reduce((sum, face) => sum + face, 0) + system.defence[defenceKind(item)];
  // The attacker's own dice: two d6, read by their shape (the trust floor, never more dice).
  const attackDice = facesOf(roll, [{ count: 2, faces: 6 }]);
  if (!attackDice) return refuse("TACTICA.Chat.invalid");
  const hit =
    !facts.note &&
    attackHits(attackDice[0]!.reduce((sum, face) => sum + face, 0) + score + facts.modifier, defenceTotal);
  const outcome = hit ? "hit" : "miss";
  await target.update(recordChange(target, messageId, { [TARGET_KEY]: { outcome, total: defenceTotal } }));
  await showRow(found, index, {
    total: defenceTotal,
    outcome,
    dice: faces[0]!,
    modifier: facts.modifier,
    note: facts.note,
    distance: facts.distance,
  });
  return OK;
}

/** *De zone Et Soi* (D-28): the row stands for the attacker himself (his own actor), as the stored weapon allows. */
function isSelfRow(
  actor: Actor.Implementation,
  target: Actor.Implementation,
  attributes: readonly Attribute[],
): boolean {
  return target.uuid === actor.uuid && attributesOf(attributes, "area").some((a) => a.self);
}

/** RULES §6.1 (D-24): the defence an attack calls for — against terror, at range, or in melee. */
function defenceKind(item: AttackItem): "terrifying" | "ranged" | "melee" {
  if (attributesOf(item.system.attributeList, "terrifying").length > 0) return "terrifying";
  return item.system instanceof GrenadeModel || item.system.range === "ranged" ? "ranged" : "melee";
}

/** RULES §6.2 (D-26): applies a recorded hit's damage to the target, once, and writes the breakdown on the card. */
async function applyDamage(request: CardRequest, sender: Someone): Promise<CardResult> {
  const req = rowRequest(request, sender, (target) => sender.isGM || owns(sender, target));
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const item = attackItem(actor, found);
  if (!item || !(item.system instanceof AttributeItemModel)) return refuse("TACTICA.Chat.invalid");
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
  // RULES §6.4: the hit's follow-ups, each keyed on the document it writes; then the card, once.
  const token = rowToken(found.card, index, target);
  const stunMoved = stun ? await stunMove(target, token, stun, { messageId, index }) : false;
  const place = await tectonicFollowUp(token, attributes, messageId);
  const placesShifted =
    place && !found.card.placesShifted.includes(place)
      ? [...found.card.placesShifted, place]
      : [...found.card.placesShifted];
  const change = { damageApplied: true, damage: breakdown, ...(stun === null ? {} : { stun, stunMoved }) };
  await found.message.update({ system: { targets: targetsWith(found.card.targets, index, change), placesShifted } });
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

/** Without a GM: the clicker may write the message (its author) and the row's target. */
function writesCardAndTarget(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  const target = found ? rowActor(found.card, request.targetIndex) : null;
  return !!found && !!target && mayWrite(user, found.message) && mayWrite(user, target);
}

/** Apply damage without a GM: as above, and no *Tectonique* (a region is a GM's document). */
function writesDamage(request: CardRequest, user: Someone): boolean {
  const found = cardAt(request.messageId);
  const actor = found ? cardActor(found) : null;
  const item = found && actor ? attackItem(actor, found) : null;
  return (
    writesCardAndTarget(request, user) &&
    !!item &&
    attributesOf(item.system.attributeList, "tectonic").length === 0 &&
    mayWrite(user, actor)
  );
}

/** Registers the target-side executors (called by registerChat). */
export function registerTargetActions(): void {
  registerCardAction("resist", resist, writesCardAndTarget);
  registerCardAction("defend", defend, writesCardAndTarget);
  registerCardAction("applyDamage", applyDamage, writesDamage);
}

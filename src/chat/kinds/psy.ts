/**
 * The psychic powers' cards (RULES §4): a cast's, with one Resist button per target row the viewer
 * owns after a successful cast of a power with a resist characteristic; a cancel's; a maintenance's
 * (a card without a roll). Each prices its action for End action from the stored power (RULES
 * §7.1). A resist is the target's own d10, rolled by the target's owner; the one writer reads only
 * its face, recomputes everything else — the power's characteristic, the cast, the target's value —
 * from the stored documents, and records the outcome ON THE TARGET ACTOR, once per target per card
 * (`flags.tactica.cards.<messageId>.target`, src/data/card-keys.ts); the row only displays it.
 */
import { ProfileTest } from "../../dice/profile-test";
import { PsyRoll } from "../../dice/psy-roll";
import { facesOf, rollFrom } from "../../dice/shape";
import { CharacterModel } from "../../data/actor/character";
import { PowerModel } from "../../data/item/power";
import { recordChange, targetRecord, TARGET_KEY } from "../../data/card-keys";
import { isPsySuccess } from "../../rules/psy";
import { boundedModifier } from "../../rules/modifiers";
import { BOUNDS } from "../../data/fields";
import { profileTestSuccess } from "../../rules/morale";
import { coDefaults, profileValue, resistTarget } from "../../actions/profile";
import { natural10Fails } from "../../config/settings";
import { subjectOf } from "../../actions/common";
import {
  cardActor,
  cardItem,
  OK,
  refuse,
  rowActor,
  rowRequest,
  writesCardAndTarget,
  type CardAt,
  type CardRequest,
  type CardResult,
  type Someone,
} from "../authority";
import { i18n, infoCard, namedActor, PLAIN_ROLL, rollKind, showRow, type CardKind, type WriterAction } from "./kind";
import { showSenderDice } from "./kind";
import { itemAct, panicRefusal } from "../../actions/panic";
import { cancelsPowers } from "../../actions/psy";

/** The stored power of a card (an embedded item of the card's actor), or null. */
function cardPower(actor: Actor.Implementation | null, found: CardAt): { system: PowerModel } | null {
  const item = actor ? cardItem(actor, found.card.itemUuid) : null;
  return item?.system instanceof PowerModel ? { system: item.system } : null;
}

/** Whether the card's roll was made with concentration (the caster's own choice, like their die). */
function concentrated(found: CardAt): boolean {
  const roll = found.message.lastRoll;
  return roll instanceof PsyRoll && roll.options.concentration === true;
}

/** The resist test of a target, for the clicker's own d10 (the writer recomputes its target). */
function resistDice(found: CardAt, index: number | undefined): ProfileTest | CardResult {
  const target = rowActor(found.card, index);
  const key = cardPower(cardActor(found), found)?.system.resist;
  if (!target || !key) return refuse("TACTICA.Chat.invalid");
  // Equivalent mutants of these options: the click sends its dice without them (click.ts `diceOnly`),
  // Dice So Nice shows their dice, and the one writer recomputes the test from the stored documents.
  return new ProfileTest(
    "1d10",
    {},
    // Stryker disable next-line ObjectLiteral: equivalent, see above
    {
      characteristic: key,
      value: profileValue(target, key),
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: equivalent, see above
      co: key === "co" ? coDefaults(target) : null,
      // Stryker disable next-line StringLiteral: equivalent, see above
      purpose: "resist",
      natural10Fails: natural10Fails(),
      subject: subjectOf(target),
    },
  );
}

/** RULES §4: the target resists a successful cast with its FOR, END or CO (D10 roll-under, its own die). */
async function resist(request: CardRequest, sender: Someone): Promise<CardResult> {
  // Stryker disable next-line StringLiteral: equivalent, mayAct reads a side not named as the row owners' side
  const req = rowRequest(request, sender, "target");
  if (!("found" in req)) return req;
  const { found, actor, index, target, messageId } = req;
  const roll = found.message.lastRoll;
  const power = cardPower(actor, found);
  const caster = actor.system;
  if (!(roll instanceof PsyRoll) || roll.options.mode !== "cast" || !power?.system.resist)
    return refuse("TACTICA.Chat.invalid");
  // F1: the caster's free modifier is their card's claim, within what the dialog allows.
  try {
    boundedModifier([roll.options.modifier ?? 0]);
  } catch {
    return refuse("TACTICA.Chat.modifierOutOfBounds", { max: String(BOUNDS.modifier) });
  }
  // The cast as the stored power and caster say (level, mastery); the dialog's choices and the die are the caster's.
  let cast: number;
  try {
    cast = PsyRoll.targetOf({
      ...roll.options,
      // Stryker disable next-line StringLiteral: equivalent, the guard took a cast; targetOf reads mode only for cancel
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
    await showRow(found, index, {
      outcome: recorded.outcome,
      total: recorded.total,
      against: recorded.against ?? null,
    });
    return refuse("TACTICA.Chat.alreadyApplied");
  }
  // D-45, asked again from the stored caster: a panic condition that forbids this cast records nothing.
  const forbidden = panicRefusal(actor, itemAct(cardItem(actor, found.card.itemUuid)));
  if (forbidden) return refuse(forbidden.key, forbidden.data);
  const faces = facesOf(rollFrom(request.roll, ProfileTest), [{ count: 1, faces: 10 }]);
  if (!faces) return refuse("TACTICA.Chat.badDice");
  const natural = faces[0]![0]!;
  // D-49: the value from the stored target (a CO resist through coTarget with its CO modifiers).
  const against = resistTarget(target, power.system.resist);
  const outcome = profileTestSuccess(natural, against, natural10Fails()) ? "resisted" : "failed";
  showSenderDice(request);
  await target.update(recordChange(target, messageId, { [TARGET_KEY]: { outcome, total: natural, against } }));
  await showRow(found, index, { total: natural, outcome, dice: [natural], against });
  return OK;
}

const actions = {
  resist: { side: "target", dice: resistDice, run: resist, local: writesCardAndTarget },
} satisfies Record<string, WriterAction>;

/** RULES §4: a cast's card; its use cost (and concentration) is its duration on a timeline. */
export const PSY = {
  ...rollKind(actions),
  price: (found, actor) => {
    const power = cardPower(actor, found);
    const roll = found.message.lastRoll;
    return power && roll instanceof PsyRoll && roll.options.mode === "cast"
      ? { kind: "power", useCost: power.system.cost, concentration: concentrated(found) }
      : null;
  },
} satisfies CardKind;

/** RULES §4 (D-14): a cancel's card. */
export const CANCEL = {
  ...PLAIN_ROLL,
  price: (found, actor) => {
    const roll = found.message.lastRoll;
    // D-47: only a psyker's cancel is an action (a forged card of anyone else's is priced nothing).
    return roll instanceof PsyRoll && roll.options.mode === "cancel" && cancelsPowers(actor)
      ? { kind: "cancel", concentration: concentrated(found) }
      : null;
  },
} satisfies CardKind;

/**
 * RULES §4 (seed 003 « Le psyker doit être à l'intérieur de la portée maximum de lancement du sort
 * d'origine », R8): the maintain card states the power's range, read from the stored power, and
 * that the psyker must stand within it — a range the GM judges (the packs leave ranges to the GM).
 */
function rangeLine(power: Item.Implementation | null): string {
  // Stryker disable next-line MethodExpression: equivalent, the range is a StringField, which core stores trimmed
  const range = power?.system instanceof PowerModel ? power.system.range.trim() : "";
  return range
    ? i18n().format("TACTICA.Chat.psy.maintainRange", { range })
    : i18n().localize("TACTICA.Chat.psy.maintainRangeUnset");
}

/** RULES §4 (D-13): who maintains which power, the AC it cost, and the range the psyker must be within. */
export const MAINTAIN = {
  render: (found) => {
    const actor = namedActor(found);
    const power = cardItem(actor, found.card.itemUuid);
    return infoCard("maintain", {
      kindLabel: "TACTICA.Chat.card.maintain",
      subject: subjectOf(actor),
      title: power?.name ?? found.card.label,
      // Stryker disable next-line StringLiteral: equivalent, a header shows an icon only for a card without subject
      icon: "fa-solid fa-hourglass-half",
      result: i18n().localize("TACTICA.Chat.psy.maintainedResult"),
      details: [i18n().format("TACTICA.Chat.acSpent", { count: String(found.card.acSpent ?? 0) }), rangeLine(power)],
    });
  },
  price: (found, actor) => {
    const maintenance = cardPower(actor, found)?.system.maintenance ?? null;
    return maintenance !== null ? { kind: "maintain", maintenanceCost: maintenance } : null;
  },
} satisfies CardKind;

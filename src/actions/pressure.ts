/**
 * RULES §2: pressure rolls through an equipped boiler-linked item — steam gear for MOU, INI, ATT,
 * DEF or PEUR, or a linked weapon's FOR — refused while the `pressureBlocked` status is on. One
 * d6, applied at once; several only as a special ability grants them (D-46: the item's or the
 * actor's `pressureDice`), the card then letting the player pick the die and apply it (D-4). In
 * *tours* mode a MOU roll for the activation comes before any other action (seed 000 « avant
 * tout autre action »): refused once the figure has acted.
 */
import { PressureRoll, type PressureRollOptions } from "../dice/pressure-roll";
import { GearModel } from "../data/item/gear";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { WeaponModel } from "../data/item/weapon";
import { pressureDiceGranted, type PressureTarget } from "../rules/pressure";
import { cardRecord, recordChange } from "../data/card-keys";
import { notifyError, refused } from "../utils/notify";
import { isWeaponTarget, pressureEffectData, PRESSURE_WINDOWS, type PressureWindow } from "../effects/pressure-windows";
import { acClock, itemAttributes, requisOf, mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { hasActed } from "./activation";

/** What a linked item gives a pressure roll: its target, the printed value, the d6 granted (D-46). */
export interface PressureSource {
  target: PressureTarget;
  printedValue: number;
  /** D-46: the most d6 the roll may use — the item's or the actor's special ability, else 1 */
  dice: number;
}

/** D-46: the pressure dice `actor`'s own special ability grants (1 for an actor without the field). */
function actorPressureDice(actor: Actor.Implementation): number {
  const model = actor.system;
  return model instanceof CharacterModel || model instanceof UnitModel ? model.pressureDice : 1;
}

/** The pressure target, printed value and dice an item gives, or null when it gives none. */
export function pressureSource(actor: Actor.Implementation, item: Item.Implementation): PressureSource | null {
  const system = item.system;
  const model = actor.system;
  const profile = model instanceof CharacterModel || model instanceof UnitModel ? model.profile : undefined;
  let source: Omit<PressureSource, "dice"> | null = null;
  if (system instanceof WeaponModel && system.linked && system.equipped) {
    source = { target: system.range === "ranged" ? "rangedStrength" : "meleeStrength", printedValue: system.strength };
  } else if (system instanceof GearModel && system.linked && system.equipped && system.pressureTarget) {
    const printed = profile?.[system.pressureTarget]?.value;
    if (typeof printed === "number") source = { target: system.pressureTarget, printedValue: printed };
  }
  if (!source || !(system instanceof WeaponModel || system instanceof GearModel)) return null;
  return { ...source, dice: pressureDiceGranted(system.pressureDice, actorPressureDice(actor)) };
}

/**
 * RULES §2 (seed 000 « au moment où le combattant est activé (avant tout autre action) »): in
 * *tours* mode, the refusal of a MOU bonus for the activation once `actor` has acted in it (AC
 * spent, a move, an attack, a cast…); null when it may still be rolled. A pursuit move's window,
 * and every other target, has no such limit; on a timeline an activation is one action.
 */
export function mouTooLate(
  actor: Actor.Implementation,
  target: PressureTarget,
  window: PressureWindow,
): { reason: string; data: Record<string, string> } | null {
  if (target !== "mou" || window !== "activation" || acClock(actor) !== "tours" || !hasActed(actor)) return null;
  return { reason: "TACTICA.Chat.pressure.mouAfterAction", data: { name: actor.name } };
}

/** D-46: the refusal of a roll of `dice` d6 when the source grants fewer; null when allowed. */
export function tooManyPressureDice(
  source: PressureSource,
  dice: number,
): { reason: string; data: Record<string, string> } | null {
  if (dice <= source.dice) return null;
  return { reason: "TACTICA.Chat.pressure.tooManyDice", data: { count: String(dice), max: String(source.dice) } };
}

/** The language key that says until when a bonus lasts (shown on the card once applied). */
export function windowNote(window: PressureWindow): string {
  return `TACTICA.Chat.pressure.window.${window}`;
}

/** The card an effect's pressure bonus came from (`flags.tactica.sourceMessage`). */
function sourceOf(effect: ActiveEffect.Implementation): unknown {
  return effect.flags.tactica?.sourceMessage;
}

/**
 * True once the pressure bonus of card `messageId` was applied: its effect (on the actor or the
 * weapon) carries the card's id, or the actor's key for that card says so — the key outlives the
 * effect, which ends with its window (src/data/card-keys.ts).
 */
export function pressureApplied(actor: Actor.Implementation, item: Item.Implementation, messageId: string): boolean {
  if (cardRecord(actor, messageId).pressure === true) return true;
  return [...actor.effects, ...item.effects].some((effect) => sourceOf(effect) === messageId);
}

/**
 * Creates the pressure effect of card `messageId` (on the actor, or on the weapon for its FOR),
 * carrying the card's id, then the actor's key for the card; returns the note for the card, or the
 * reason it is refused (pressure blocked). Shows nothing: the caller tells the user who clicked.
 */
export async function applyPressureEffect(
  actor: Actor.Implementation,
  item: Item.Implementation,
  bonus: { target: PressureTarget; bonus: number; window?: PressureWindow },
  messageId: string,
  /** *Épuisement* owed for the item's *Requis* (D-39), gained in the same actor write as the key */
  requis = 0,
): Promise<{ note: string } | { reason: string; data: Record<string, string> }> {
  if (actor.statuses.has("pressureBlocked"))
    return { reason: "TACTICA.Chat.pressure.blocked", data: { name: actor.name } };
  const target = bonus.target;
  const data = pressureEffectData({
    target,
    bonus: bonus.bonus,
    itemId: item.id ?? "",
    itemUuid: item.uuid,
    name: `${game.i18n?.localize("TACTICA.Card.pressure.bonus") ?? ""} — ${item.name}`,
    img: item.img ?? null,
    ...(bonus.window ? { window: bonus.window } : {}),
  });
  const effect = { ...data, flags: { tactica: { ...data.flags.tactica, sourceMessage: messageId } } };
  if (isWeaponTarget(target)) await item.createEmbeddedDocuments("ActiveEffect", [effect]);
  else await actor.createEmbeddedDocuments("ActiveEffect", [effect]);
  const key = recordChange(actor, messageId, { pressure: true });
  if (requis > 0) await actor.gainExhaustion(requis, key);
  else await actor.update(key);
  return { note: windowNote(bonus.window ?? PRESSURE_WINDOWS[target]) };
}

/** A pressure roll as asked: the item, its source, the bonus's window and the d6 — or null, refused (said). */
function pressureAsked(
  actor: Actor.Implementation,
  itemId: string,
  options: { dice?: number; window?: PressureWindow },
): { item: Item.Implementation; source: PressureSource; window: PressureWindow; dice: number } | null {
  const item = actor.items.get(itemId);
  if (!item) return refused("TACTICA.Chat.refused.noItem");
  if (actor.statuses.has("pressureBlocked")) return refused("TACTICA.Chat.pressure.blocked", { name: actor.name });
  const source = pressureSource(actor, item);
  if (!source) return refused("TACTICA.Chat.pressure.notLinked", { name: item.name });
  // C15: the pursuit window exists for MOU only (RULES §2).
  const window = options.window === "pursuit" && source.target === "mou" ? "pursuit" : PRESSURE_WINDOWS[source.target];
  const late = mouTooLate(actor, source.target, window);
  if (late) return refused(late.reason, late.data);
  const dice = options.dice ?? 1;
  const tooMany = tooManyPressureDice(source, dice);
  if (tooMany) return refused(tooMany.reason, tooMany.data);
  return { item, source, window, dice };
}

/**
 * RULES §2: rolls pressure through `itemId` and posts its card; the item's *Requis* is charged for
 * this use (D-39). `window: "pursuit"` is a MOU bonus for the next pursuit move only (C15).
 */
export async function rollPressure(
  actor: Actor.Implementation,
  itemId: string,
  options: RollMethodOptions & { dice?: number; window?: PressureWindow } = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const asked = pressureAsked(actor, itemId, options);
  if (!asked) return null;
  const { item, source, window, dice } = asked;
  const rollOptions: PressureRollOptions = {
    target: source.target,
    printedValue: source.printedValue,
    subject: subjectOf(actor),
    title: item.name,
    ...(window === "pursuit" ? { window } : {}),
  };
  // One die: nothing to choose, the bonus is applied with the card (its note says until when).
  const single = (roll: PressureRoll) => roll.faces.length === 1;
  const posted = await postCard(
    actor,
    {
      rollClass: PressureRoll,
      formula: PressureRoll.formulaFor(dice),
      options: rollOptions,
      fastForward: options.fastForward ?? false,
      dialog: {
        open: PressureRoll.DIALOG,
        input: { itemName: item.name, dice, max: source.dice },
        opener: options.opener,
        apply: (answer, config) => {
          // The dialog offers no more than the source grants; asked again for a dialog a module replaced.
          const refusal = tooManyPressureDice(source, answer.dice);
          if (refusal) notifyError(refusal.reason, refusal.data);
          else config.formula = PressureRoll.formulaFor(answer.dice);
          return !refusal;
        },
      },
    },
    { kind: "pressure", itemUuid: item.uuid },
    (roll) => ({ followUpDone: single(roll), notes: single(roll) ? [windowNote(window)] : [] }),
  );
  if (!posted) return null;
  // D-39: using the item charges its Requis — with one die in the same actor write as the card's key.
  const requis = requisOf(actor, itemAttributes(item));
  // The roller's own actor and item: applied here, keyed on the card like a click would be.
  if (posted.message.id && single(posted.roll)) {
    const bonus = { target: source.target, bonus: posted.roll.bonus, window };
    const applied = await applyPressureEffect(actor, item, bonus, posted.message.id, requis);
    if ("reason" in applied) notifyError(applied.reason, applied.data);
  } else if (requis > 0) await actor.gainExhaustion(requis);
  return posted.message;
}

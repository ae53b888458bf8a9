/**
 * RULES §2: pressure rolls through an equipped boiler-linked item — steam gear for MOU, INI, ATT,
 * DEF or PEUR, or a linked weapon's FOR — refused while the `pressureBlocked` status is on. With
 * one die the bonus is applied at once; with several (a special ability) the card lets the
 * player pick the die, then apply (D-4).
 */
import { PressureRoll, type PressureRollOptions } from "../dice/pressure-roll";
import { GearModel } from "../data/item/gear";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import { WeaponModel } from "../data/item/weapon";
import type { PressureTarget } from "../rules/pressure";
import { cardRecord, recordChange } from "../data/card-keys";
import { notifyError, refused } from "../utils/notify";
import { isWeaponTarget, pressureEffectData, PRESSURE_WINDOWS, type PressureWindow } from "../effects/pressure-windows";
import { itemAttributes, requisOf, mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";

/** The pressure target and printed value an item gives, or null when it gives none. */
export function pressureSource(
  actor: Actor.Implementation,
  item: Item.Implementation,
): { target: PressureTarget; printedValue: number } | null {
  const system = item.system;
  if (system instanceof WeaponModel && system.linked && system.equipped) {
    return { target: system.range === "ranged" ? "rangedStrength" : "meleeStrength", printedValue: system.strength };
  }
  if (system instanceof GearModel && system.linked && system.equipped && system.pressureTarget) {
    const model = actor.system;
    const profile = model instanceof CharacterModel || model instanceof UnitModel ? model.profile : undefined;
    const printed = profile?.[system.pressureTarget]?.value;
    return typeof printed === "number" ? { target: system.pressureTarget, printedValue: printed } : null;
  }
  return null;
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
  const item = actor.items.get(itemId);
  if (!item) return refused("TACTICA.Chat.refused.noItem");
  if (actor.statuses.has("pressureBlocked")) return refused("TACTICA.Chat.pressure.blocked", { name: actor.name });
  const source = pressureSource(actor, item);
  if (!source) return refused("TACTICA.Chat.pressure.notLinked", { name: item.name });
  // C15: the pursuit window exists for MOU only (RULES §2).
  const window = options.window === "pursuit" && source.target === "mou" ? "pursuit" : PRESSURE_WINDOWS[source.target];
  const rollOptions: PressureRollOptions = {
    ...source,
    subject: subjectOf(actor),
    title: item.name,
    ...(window === "pursuit" ? { window } : {}),
  };
  const dice = options.dice ?? 1;
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
        input: { itemName: item.name, dice },
        opener: options.opener,
        apply: (answer, config) => {
          config.formula = PressureRoll.formulaFor(answer.dice);
          return true;
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
    const applied = await applyPressureEffect(
      actor,
      item,
      { target: source.target, bonus: posted.roll.bonus, window },
      posted.message.id,
      requis,
    );
    if ("reason" in applied) notifyError(applied.reason, applied.data);
  } else if (requis > 0) await actor.gainExhaustion(requis);
  return posted.message;
}

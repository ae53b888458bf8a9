/**
 * RULES §2: pressure rolls through an equipped boiler-linked item — steam gear for MOU, INI, ATT,
 * DEF or PEUR, or a linked weapon's FOR — refused while the `pressureBlocked` status is on. With
 * one die the bonus is applied at once; with several (a special ability) the card lets the
 * player pick the die, then apply (D-4).
 */
import { PressureRoll, type PressureRollOptions } from "../dice/pressure-roll";
import { GearModel } from "../data/item/gear";
import { WeaponModel } from "../data/item/weapon";
import type { PressureTarget } from "../rules/pressure";
import type { TacticaActor } from "../documents/actor";
import type { TacticaChatMessage } from "../documents/chat-message";
import type { TacticaItem } from "../documents/item";
import { isWeaponTarget, pressureEffectData, PRESSURE_WINDOWS } from "../pressure-windows";
import { postCard, refused, subjectOf, type RollMethodOptions } from "./common";
import { pressureDialog } from "../applications/dialogs/pressure-dialog";

/** The pressure target and printed value an item gives, or null when it gives none. */
export function pressureSource(actor: TacticaActor, item: TacticaItem): { target: PressureTarget; printedValue: number } | null {
  const system = item.system;
  if (system instanceof WeaponModel && system.linked && system.equipped) {
    return { target: system.range === "ranged" ? "rangedStrength" : "meleeStrength", printedValue: system.strength };
  }
  if (system instanceof GearModel && system.linked && system.equipped && system.pressureTarget) {
    const profile = (actor.system as { profile?: Record<string, { value: number }> }).profile;
    const printed = profile?.[system.pressureTarget]?.value;
    return typeof printed === "number" ? { target: system.pressureTarget, printedValue: printed } : null;
  }
  return null;
}

/** The language key that says until when a bonus lasts (shown on the card once applied). */
export function windowNote(target: PressureTarget): string {
  return `TACTICA.Chat.pressure.window.${PRESSURE_WINDOWS[target]}`;
}

/**
 * Creates the pressure effect of `roll` (on the actor, or on the weapon for its FOR) and returns
 * the note for the card; null, with a message, while pressure is blocked.
 */
export async function applyPressureEffect(actor: TacticaActor, item: TacticaItem, roll: PressureRoll): Promise<string | null> {
  if (actor.statuses.has("pressureBlocked")) return refused("TACTICA.Chat.pressure.blocked", { name: actor.name });
  const target = roll.options.target;
  const data = pressureEffectData({
    target,
    bonus: roll.bonus,
    itemId: item.id ?? "",
    itemUuid: item.uuid,
    name: `${game.i18n?.localize("TACTICA.Card.pressure.bonus") ?? ""} — ${item.name}`,
    img: item.img ?? null,
  });
  if (isWeaponTarget(target)) await item.createEmbeddedDocuments("ActiveEffect", [data as never]);
  else await actor.createEmbeddedDocuments("ActiveEffect", [data as never]);
  return windowNote(target);
}

/** RULES §2: rolls pressure through `itemId` and posts its card. */
export async function rollPressure(actor: TacticaActor, itemId: string, options: RollMethodOptions & { dice?: number } = {}): Promise<TacticaChatMessage | null> {
  const item = actor.items.get(itemId);
  if (!item) return refused("TACTICA.Chat.refused.noItem");
  if (actor.statuses.has("pressureBlocked")) return refused("TACTICA.Chat.pressure.blocked", { name: actor.name });
  const source = pressureSource(actor, item);
  if (!source) return refused("TACTICA.Chat.pressure.notLinked", { name: item.name });
  let dice = options.dice ?? 1;
  if (!options.fastForward) {
    const picked = await pressureDialog(item.name, dice);
    if (picked === null) return null;
    dice = picked;
  }
  const rollOptions: PressureRollOptions = { ...source, subject: subjectOf(actor), title: item.name };
  // One die: nothing to choose, the bonus is applied with the card (its note says until when).
  const single = dice === 1;
  const posted = await postCard(
    actor,
    { rollClass: PressureRoll, formula: PressureRoll.formulaFor(dice), options: rollOptions, fastForward: true },
    { kind: "pressure", itemUuid: item.uuid, followUpDone: single, notes: single ? [windowNote(source.target)] : [] },
  );
  if (posted && single) await applyPressureEffect(actor, item, posted.roll);
  return posted?.message ?? null;
}

/**
 * D-45: the one guard of the panic conditions. Every use case that attacks or moves asks it first
 * — before any dialog opens or any die is rolled — whatever reached it: a sheet button, the Token
 * Action HUD (which makes the sheet's requests), a macro (`game.tactica.actions.*`, the actor's
 * methods), the tracker's or End action's move. A forbidden act is refused with a localised
 * message naming the condition, and nothing is written; the GM acts by removing the condition
 * (D-45). The one writer asks it again, from the stored attacker, before it records a hit on a
 * target the attacker's player does not own (src/chat/kinds/attack.ts `defend`). What each
 * condition forbids is the rules' table (src/rules/panic.ts). A power is a ranged attack when it
 * is cast AT someone who may resist it (its `resist` is set: docs/rules-decisions.md "Panic, fear
 * and rally at the table"); any other power is cast freely.
 */
import { forbiddingCondition, attackAct, type PanicAct } from "../rules/panic";
import { PANIC_RESULTS } from "../config/config";
import { panicConditionsOf } from "../data/actor/derived";
import { GrenadeModel } from "../data/item/grenade";
import { PowerModel } from "../data/item/power";
import { WeaponModel } from "../data/item/weapon";
import { refused } from "../utils/notify";

/**
 * D-45: the act of using `item` in a fight — a ranged weapon, any grenade or a power its target
 * may resist attacks at range, a melee weapon in melee; null for anything else (gear, armour…).
 */
export function itemAct(item: Item.Implementation | null | undefined): PanicAct | null {
  const system = item?.system;
  if (system instanceof GrenadeModel) return attackAct(true);
  if (system instanceof WeaponModel) return attackAct(system.range === "ranged");
  if (system instanceof PowerModel) return system.resist ? attackAct(true) : null;
  return null;
}

/** A refusal: its language key and what formats it. */
export interface PanicRefusal {
  key: string;
  data: Record<string, string>;
}

/**
 * D-45: the refusal — naming the condition — when a panic condition of `actor` forbids `act`;
 * null when nothing forbids it (or `act` is null: nothing to check).
 */
export function panicRefusal(actor: Actor.Implementation, act: PanicAct | null): PanicRefusal | null {
  const held = act ? forbiddingCondition(panicConditionsOf(actor.statuses), act) : null;
  if (!act || !held) return null;
  const condition = game.i18n?.localize(`TACTICA.Status.${PANIC_RESULTS[held].status}`) ?? held;
  return { key: `TACTICA.Chat.panic.forbidden.${act}`, data: { name: actor.name, condition } };
}

/**
 * D-45: true — and said — when a panic condition of `actor` forbids `act`; the use case then
 * returns before any dialog or die.
 */
export function panicForbidden(actor: Actor.Implementation, act: PanicAct | null): boolean {
  const refusal = panicRefusal(actor, act);
  if (refusal) refused(refusal.key, refusal.data);
  return refusal !== null;
}

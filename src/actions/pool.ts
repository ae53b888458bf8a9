/**
 * RULES §3: the pool roll of a character or npc — aptitude (current value: base dice),
 * sub-aptitude (skill dice), one item's gear bonus (gear dice), successes required; the item used
 * charges its *Requis* (D-39). The push is a card action (src/chat/kinds/pool.ts).
 */
import { PoolRoll, type PoolRollOptions } from "../dice/pool-roll";
import { CharacterModel } from "../data/actor/character";
import { GearModel } from "../data/item/gear";
import { WeaponModel } from "../data/item/weapon";
import { APTITUDE_KEYS, SUB_APTITUDE_KEYS } from "../rules/keys";
import { aptitudeCurrent } from "../rules/scores";
import { mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { refused } from "../utils/notify";
import { itemAttributes } from "./pressure";
import { requisOf } from "./score";
import { rollDialogs } from "./dialogs";
import type { PoolRequest } from "../dice/pool-options";
import type { MessageMode } from "../compat/message-mode";

/** The pool options of `actor` for `request` (values read from the actor at roll time). */
export function poolOptions(actor: Actor.Implementation, request: PoolRequest): PoolRollOptions | null {
  const system = actor.system;
  if (!(system instanceof CharacterModel)) return null;
  if (!APTITUDE_KEYS.includes(request.aptitude)) return null;
  if (request.subAptitude && !SUB_APTITUDE_KEYS.includes(request.subAptitude)) return null;
  const apt = system.aptitudes[request.aptitude];
  const item = request.itemId ? actor.items.get(request.itemId) : null;
  const bonus =
    item?.system instanceof GearModel || item?.system instanceof WeaponModel ? item.system.gearBonus : undefined;
  return {
    aptitude: request.aptitude,
    aptitudeValue: aptitudeCurrent(apt.value, apt.damage),
    subAptitude: request.subAptitude ?? null,
    subAptitudeValue: request.subAptitude ? system.subAptitudes[request.subAptitude].value : 0,
    gear: item && typeof bonus === "number" ? { name: item.name, bonus } : null,
    required: request.required ?? 1,
    maxPushes: system.pushMax,
    subject: subjectOf(actor),
  };
}

/** RULES §3: rolls a pool and posts its card (dialog unless fast-forwarded). */
export async function rollPool(
  actor: Actor.Implementation,
  request: PoolRequest,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  if (!(actor.system instanceof CharacterModel)) return refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  let chosen = request;
  let rollMode: MessageMode | undefined;
  if (!options.fastForward) {
    const picked = await rollDialogs().pool(actor, request, options.opener);
    if (!picked) return null;
    ({ messageMode: rollMode, ...chosen } = picked);
  }
  const rollOptions = poolOptions(actor, chosen);
  if (!rollOptions) return refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  const item = chosen.itemId ? actor.items.get(chosen.itemId) : null;
  const posted = await postCard(
    actor,
    { rollClass: PoolRoll, formula: (o) => PoolRoll.formulaFor(o), options: rollOptions, fastForward: true, rollMode },
    { kind: "pool", itemUuid: rollOptions.gear && item ? item.uuid : "" },
  );
  if (!posted) return null;
  // D-39: the item used for its gear dice charges its Requis at every use.
  const requis = rollOptions.gear && item ? requisOf(actor, itemAttributes(item)) : 0;
  if (requis > 0) await actor.gainExhaustion(requis);
  return posted.message;
}

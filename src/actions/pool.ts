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
import { itemAttributes, requisOf, mayRollFor, postCard, subjectOf, type RollMethodOptions } from "./common";
import { refused } from "../utils/notify";
import type { PoolRequest } from "../dice/pool-options";

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

/**
 * RULES §3: rolls a pool and posts its card. The pool's dialog (its roll class's) opens in the
 * pipeline, after `tactica.preRoll`, unless fast-forwarded; the pool it answers is rolled.
 */
export async function rollPool(
  actor: Actor.Implementation,
  request: PoolRequest,
  options: RollMethodOptions = {},
): Promise<ChatMessage.Implementation | null> {
  if (!mayRollFor(actor)) return null;
  const noPool = () => refused("TACTICA.Chat.refused.noPool", { name: actor.name });
  const asked = actor.system instanceof CharacterModel ? poolOptions(actor, request) : null;
  if (!asked) return noPool();
  let chosen = request;
  const itemOf = (pool: PoolRequest) => (pool.itemId ? (actor.items.get(pool.itemId) ?? null) : null);
  const posted = await postCard(
    actor,
    {
      rollClass: PoolRoll,
      formula: (o) => PoolRoll.formulaFor(o),
      options: asked,
      fastForward: options.fastForward ?? false,
      dialog: {
        open: PoolRoll.DIALOG,
        input: { actor, request },
        opener: options.opener,
        apply: (answer, config) => {
          const rolled = poolOptions(actor, answer);
          if (!rolled) {
            noPool();
            return false;
          }
          chosen = answer;
          config.options = rolled;
          return true;
        },
      },
    },
    { kind: "pool" },
    (roll) => ({ itemUuid: roll.options.gear ? (itemOf(chosen)?.uuid ?? "") : "" }),
  );
  if (!posted) return null;
  // D-39: the item used for its gear dice charges its Requis at every use.
  const item = itemOf(chosen);
  const requis = posted.roll.options.gear && item ? requisOf(actor, itemAttributes(item)) : 0;
  if (requis > 0) await actor.gainExhaustion(requis);
  return posted.message;
}

/**
 * What the sheet buttons do, apart from the sheet: a button's data attributes become a typed call
 * of one of the actor's roll methods (the shared contract), which checks who may roll. Item buttons
 * (edit, delete, equip) live here too, each one database write.
 */
import { PROFILE_KEYS, SUB_APTITUDE_KEYS, APTITUDE_KEYS, type ProfileKey } from "../../rules/keys";
import { RulesRangeError } from "../../rules/errors";
import { notifyError, notifyRulesError } from "../../utils/notify";
import { ArmorModel } from "../../data/item/armor";
import { ForceFieldModel } from "../../data/item/force-field";
import { GearModel } from "../../data/item/gear";
import { WeaponModel } from "../../data/item/weapon";
import type { RollMethod as RollAction, TacticaActor } from "../../documents/actor";
import type { RollMethodOptions } from "../../actions/common";
import type { PoolRequest } from "../../dice/pool-options";
import { SCORE_PURPOSES, type ScoreRequest } from "../../dice/score-roll";

export { ROLL_METHODS as ROLL_ACTIONS, type RollMethod as RollAction } from "../../documents/actor";

/** One call of an actor roll method, without its trailing options: what a roll button asks for. */
export type RollRequest =
  | { method: "rollProfile"; key: ProfileKey }
  | { method: "rollPressure" | "castPower" | "maintainPower" | "attack"; itemId: string }
  | { method: "rollPool"; pool: PoolRequest }
  | { method: "rollScore"; score: ScoreRequest }
  | { method: "cancelPower"; level: number }
  | { method: "fearTest"; fear: number; charging: boolean }
  | { method: "moraleTest" | "rally" | "move" };

/** A button's data attributes (`dataset`) and the few inputs a roll reads beside it. */
export type Dataset = Readonly<Record<string, string | undefined>>;
export interface RollInputs {
  /** RULES §4: level of the power in play to cancel. */
  cancelLevel?: string;
  /** RULES §5: the PEUR of the enemy, and whether this unit charges. */
  fear?: string;
  charging?: boolean;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  value !== undefined && list.some((entry) => entry === value);

function integerIn(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** RULES §3: the pool a button names (an aptitude, a sub-aptitude, an item), or null. */
function poolOf(data: Dataset): PoolRequest | null {
  if (!isOneOf(APTITUDE_KEYS, data.aptitude)) return null;
  if (data.subAptitude !== undefined && !isOneOf(SUB_APTITUDE_KEYS, data.subAptitude)) return null;
  return {
    aptitude: data.aptitude,
    ...(data.subAptitude !== undefined ? { subAptitude: data.subAptitude } : {}),
    ...(data.itemId ? { itemId: data.itemId } : {}),
  };
}

/** RULES §6.1: the score test a button names (a sub-aptitude, a purpose), or null. */
function scoreOf(data: Dataset): ScoreRequest | null {
  if (!isOneOf(SUB_APTITUDE_KEYS, data.subAptitude)) return null;
  const purpose = data.purpose;
  if (!purpose) return { subAptitude: data.subAptitude };
  return isOneOf(SCORE_PURPOSES, purpose) ? { subAptitude: data.subAptitude, purpose } : null;
}

/**
 * The call a roll button asks for, or `null` when its data does not name a valid target (a
 * template bug or a tampered page: nothing is rolled, and the caller says so).
 */
export function rollRequest(method: RollAction, data: Dataset, inputs: RollInputs = {}): RollRequest | null {
  const itemId = data.itemId;
  switch (method) {
    case "rollProfile":
      return isOneOf(PROFILE_KEYS, data.key) ? { method, key: data.key } : null;
    case "rollPressure":
    case "castPower":
    case "maintainPower":
    case "attack":
      return itemId ? { method, itemId } : null;
    case "rollPool": {
      const pool = poolOf(data);
      return pool && { method, pool };
    }
    case "rollScore": {
      const score = scoreOf(data);
      return score && { method, score };
    }
    case "cancelPower": {
      const level = integerIn(inputs.cancelLevel, 1, 8);
      return level === null ? null : { method, level };
    }
    case "fearTest": {
      const fear = integerIn(inputs.fear, 0, 10);
      return fear === null ? null : { method, fear, charging: inputs.charging === true };
    }
    case "moraleTest":
    case "rally":
    case "move":
      return { method };
  }
}

/** Calls the actor's roll method `request` names, with `options` last. */
function call(actor: TacticaActor, request: RollRequest, options: RollMethodOptions): Promise<unknown> {
  switch (request.method) {
    case "rollProfile":
      return actor.rollProfile(request.key, options);
    case "rollPressure":
      return actor.rollPressure(request.itemId, options);
    case "castPower":
      return actor.castPower(request.itemId, options);
    case "maintainPower":
      return actor.maintainPower(request.itemId, options);
    case "attack":
      return actor.attack(request.itemId, options);
    case "rollPool":
      return actor.rollPool(request.pool, options);
    case "rollScore":
      return actor.rollScore(request.score, options);
    case "cancelPower":
      return actor.cancelPower({ level: request.level }, options);
    case "fearTest":
      return actor.fearTest({ fear: request.fear, charging: request.charging }, options);
    case "moraleTest":
      return actor.moraleTest(options);
    case "rally":
      return actor.rally(options);
    case "move":
      return actor.move({}, options);
  }
}

/**
 * Calls the actor's roll method for `request`, with `{ fastForward, opener }` last (shift-click
 * skips the dialog; the dialog opens in the opener's window). The method refuses an actor the user
 * does not own, as it does for a macro; a bad button is said here, and a rules error is shown, not
 * thrown.
 */
export async function dispatchRoll(
  actor: TacticaActor,
  request: RollRequest | null,
  options: { fastForward: boolean; opener?: unknown },
): Promise<unknown> {
  if (!request) {
    notifyError("TACTICA.Sheet.Errors.BadButton");
    return null;
  }
  try {
    return await call(actor, request, options.opener === undefined ? { fastForward: options.fastForward } : options);
  } catch (err) {
    if (err instanceof RulesRangeError) return notifyRulesError(err) && null;
    throw err;
  }
}

/** An owned item the sheet acts on, found by id; a localised error when it is gone or not ours. */
export function ownedItem(actor: TacticaActor, itemId: string | undefined): Item.Implementation | null {
  if (!actor.isOwner) {
    notifyError("TACTICA.Sheet.Errors.NotOwner", { name: actor.name });
    return null;
  }
  const item = itemId ? actor.items.get(itemId) : undefined;
  if (!item) {
    notifyError("TACTICA.Sheet.Errors.NoItem");
    return null;
  }
  return item;
}

/**
 * Equips or unequips an item (a force field: switches it on or off). RULES §6.3: one active force
 * field per person — switching one on switches the others off in the same write.
 */
export async function toggleEquipped(actor: TacticaActor, itemId: string | undefined): Promise<boolean> {
  const item = ownedItem(actor, itemId);
  if (!item) return false;
  const system: unknown = item.system;
  if (system instanceof ForceFieldModel) {
    const active = !system.active;
    const others = active
      ? actor.items
          .filter((i) => i.id !== item.id && i.system instanceof ForceFieldModel && i.system.active)
          .map((i) => ({ _id: i.id, system: { active: false } }))
      : [];
    await actor.update({ items: [{ _id: item.id, system: { active } }, ...others] });
    return true;
  }
  if (system instanceof WeaponModel || system instanceof ArmorModel || system instanceof GearModel) {
    await item.update({ system: { equipped: !system.equipped } });
    return true;
  }
  return false;
}

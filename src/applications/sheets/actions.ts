/**
 * What the sheet buttons do, apart from the sheet: a button's data attributes become a call of one
 * of the actor's roll methods (the shared contract), after the permission check; a method this
 * version lacks gives a localised error instead of an exception. Item buttons (edit, delete, equip)
 * live here too, each one database write.
 */
import { PROFILE_KEYS, SUB_APTITUDE_KEYS, APTITUDE_KEYS } from "../../rules/keys";
import { RulesRangeError } from "../../rules/errors";
import { notifyError, notifyRulesError } from "../../utils/notify";
import { ArmorModel } from "../../data/item/armor";
import { ForceFieldModel } from "../../data/item/force-field";
import { GearModel } from "../../data/item/gear";
import { WeaponModel } from "../../data/item/weapon";
import type { TacticaActor } from "../../documents/actor";

/** The actor roll methods of the contract, each one a sheet action of the same name. */
export const ROLL_ACTIONS = [
  "rollProfile",
  "rollPressure",
  "rollPool",
  "castPower",
  "maintainPower",
  "cancelPower",
  "moraleTest",
  "rally",
  "fearTest",
  "rollScore",
  "attack",
  "move",
] as const;
export type RollAction = (typeof ROLL_ACTIONS)[number];

/** One call of an actor roll method, without its trailing options. */
export interface RollRequest {
  method: RollAction;
  args: unknown[];
}

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

/**
 * The call a roll button asks for, or `null` when its data does not name a valid target (a
 * template bug or a tampered page: nothing is rolled, and the caller says so).
 */
export function rollRequest(method: RollAction, data: Dataset, inputs: RollInputs = {}): RollRequest | null {
  const itemId = data.itemId;
  switch (method) {
    case "rollProfile":
      return isOneOf(PROFILE_KEYS, data.key) ? { method, args: [data.key] } : null;
    case "rollPressure":
    case "castPower":
    case "maintainPower":
    case "attack":
      return itemId ? { method, args: [itemId] } : null;
    case "rollPool": {
      if (!isOneOf(APTITUDE_KEYS, data.aptitude)) return null;
      const request: Record<string, string> = { aptitude: data.aptitude };
      if (data.subAptitude !== undefined) {
        if (!isOneOf(SUB_APTITUDE_KEYS, data.subAptitude)) return null;
        request.subAptitude = data.subAptitude;
      }
      if (itemId) request.itemId = itemId;
      return { method, args: [request] };
    }
    case "rollScore": {
      if (!isOneOf(SUB_APTITUDE_KEYS, data.subAptitude)) return null;
      const request: Record<string, string> = { subAptitude: data.subAptitude };
      if (data.purpose) request.purpose = data.purpose;
      return { method, args: [request] };
    }
    case "cancelPower": {
      const level = integerIn(inputs.cancelLevel, 1, 8);
      return level === null ? null : { method, args: [{ level }] };
    }
    case "fearTest": {
      const fear = integerIn(inputs.fear, 0, 10);
      return fear === null ? null : { method, args: [{ fear, charging: inputs.charging === true }] };
    }
    case "moraleTest":
    case "rally":
      return { method, args: [] };
    case "move":
      return { method, args: [{}] };
  }
}

/**
 * Calls the actor's roll method for `request`, with `{ fastForward, opener }` last (shift-click
 * skips the dialog; the dialog opens in the opener's window). Refused with a localised message
 * when the user does not own the actor or when the method does not exist in this version; a
 * rules error is shown, not thrown.
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
  if (!actor.isOwner) {
    notifyError("TACTICA.Sheet.Errors.NotOwner", { name: actor.name });
    return null;
  }
  const method: unknown = actor[request.method];
  if (typeof method !== "function") {
    notifyError("TACTICA.Sheet.Errors.Unavailable", {
      action: game.i18n?.localize(`TACTICA.Sheet.Action.${request.method}`) ?? request.method,
    });
    return null;
  }
  try {
    const last =
      options.opener === undefined
        ? { fastForward: options.fastForward }
        : { fastForward: options.fastForward, opener: options.opener };
    return await method.call(actor, ...request.args, last);
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

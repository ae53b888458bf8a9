/**
 * Hotbar macros (DESIGN §4): dropping an item, a power or a characteristic on the hotbar creates a
 * script macro that calls `game.tactica` — `useItem(uuid)` for items (a power is cast, a weapon or
 * grenade attacks, a linked steam gear rolls pressure) and `rollCharacteristic(actorUuid, key)`
 * for a characteristic (drag data `{ type: "TacticaCharacteristic", actorUuid, key }`, which the
 * actor sheet's characteristic rows carry: {@link characteristicDragData}). A macro run while the
 * *Skip the roll dialog* key is held (Shift by default, rebindable in *Configure Controls*:
 * `game.tactica.skipsDialog(event)`, src/config/keybindings.ts) rolls without its dialog.
 */
import { isOneOf, PROFILE_KEYS, type ProfileKey } from "../rules/keys";
import type { TacticaChatMessage } from "../documents/chat-message";
import { actorAt, documentAt } from "../chat/authority";
import {
  CHARACTERISTIC_DRAG_TYPE,
  characteristicDragData,
  type HotbarDropData,
} from "../applications/sheets/drag-data";

export { CHARACTERISTIC_DRAG_TYPE, characteristicDragData, type HotbarDropData };

/** A macro's roll options: its dialog skipped while the *Skip the roll dialog* key is held. */
const OPTIONS = "{ fastForward: game.tactica.skipsDialog(event) }";

/** The macro a drop becomes, or null for a drop Tactica leaves to core. */
export function macroFor(data: HotbarDropData): { name: string; img: string; command: string } | null {
  if (data.type === "Item" && data.uuid) {
    const item = documentAt(data.uuid);
    if (!(item instanceof Item) || !item.actor) return null;
    return {
      name: item.name,
      img: item.img ?? "icons/svg/d20-black.svg",
      command: `game.tactica.useItem(${JSON.stringify(data.uuid)}, ${OPTIONS});`,
    };
  }
  if (data.type === CHARACTERISTIC_DRAG_TYPE && data.actorUuid && isOneOf(PROFILE_KEYS, data.key)) {
    const label = game.i18n?.localize(`TACTICA.Profile.${data.key}.label`) ?? String(data.key);
    return {
      name: label,
      img: "icons/svg/d10-grey.svg",
      command: `game.tactica.rollCharacteristic(${JSON.stringify(data.actorUuid)}, ${JSON.stringify(data.key)}, ${OPTIONS});`,
    };
  }
  return null;
}

/** `game.tactica.useItem`: the item's own roll (power, weapon or grenade, linked steam gear). */
export async function useItem(
  uuid: string,
  options: { fastForward?: boolean } = {},
): Promise<TacticaChatMessage | null> {
  const item = documentAt(uuid);
  const actor = item instanceof Item ? item.actor : null;
  if (!(item instanceof Item) || !item.id || !actor) return null;
  if (item.type === "power") return actor.castPower(item.id, options);
  if (item.type === "weapon" || item.type === "grenade") return actor.attack(item.id, options);
  if (item.type === "gear") return actor.rollPressure(item.id, options);
  return null;
}

/** `game.tactica.rollCharacteristic`: a profile test of the actor at `actorUuid`. */
export async function rollCharacteristic(
  actorUuid: string,
  key: ProfileKey,
  options: { fastForward?: boolean } = {},
): Promise<TacticaChatMessage | null> {
  const actor = actorAt(actorUuid);
  return actor ? actor.rollProfile(key, options) : null;
}

/** Creates (or reuses) the macro and puts it in the slot; false tells core the drop is handled. */
async function dropMacro(data: HotbarDropData, slot: number): Promise<void> {
  const spec = macroFor(data);
  if (!spec) return;
  const existing = game.macros?.find((m) => m.name === spec.name && m.command === spec.command);
  const macro =
    existing ?? (await Macro.create({ name: spec.name, img: spec.img, type: "script", command: spec.command }));
  if (macro) await game.user?.assignHotbarMacro(macro, slot);
}

/**
 * `hotbarDrop`: a drop that makes a Tactica macro is handled here (false tells core and the
 * handlers after this one that it is); any other drop is left to them (true). Listened to from
 * `ready` (src/hooks/hotbar.ts): a module's own `hotbarDrop` handler, registered on init or setup,
 * then runs first and may take the drop (a handler returning `false` stops the others) —
 * draw-steel registers its handler on `ready` for that reason.
 */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: unknown): boolean {
  const drop = dropDataOf(data);
  if (!macroFor(drop)) return true;
  void dropMacro(drop, Number(slot));
  return false;
}

/** The text fields of a drop's data that macros read (core's drop data is parsed JSON). */
function dropDataOf(data: unknown): HotbarDropData {
  if (typeof data !== "object" || data === null) return {};
  const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
  return {
    type: text("type" in data ? data.type : undefined),
    uuid: text("uuid" in data ? data.uuid : undefined),
    actorUuid: text("actorUuid" in data ? data.actorUuid : undefined),
    key: text("key" in data ? data.key : undefined),
  };
}

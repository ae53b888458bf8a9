/**
 * What the actor sheet's drags carry that core does not know: a characteristic, dropped on the
 * hotbar as a macro that rolls it (src/api/macros.ts reads it).
 */
import type { ProfileKey } from "../../rules/keys";

/** What a drop carries, as far as macros are concerned. */
export interface HotbarDropData {
  type?: string;
  uuid?: string;
  actorUuid?: string;
  key?: string;
}

/** The drag type of a characteristic (a profile row of the actor sheet). */
export const CHARACTERISTIC_DRAG_TYPE = "TacticaCharacteristic";

/** What dragging the characteristic `key` of `actor` carries (the sheet's drag source). */
export function characteristicDragData(actor: { uuid: string }, key: ProfileKey): HotbarDropData {
  return { type: CHARACTERISTIC_DRAG_TYPE, actorUuid: actor.uuid, key };
}

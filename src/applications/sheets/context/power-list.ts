/**
 * The Psy tab's list of the actor sheets (RULES §4): one row per power the actor knows, with its
 * cast and maintenance buttons, and which of them it maintains. The Équipement tab's lists are
 * ./item-lists.ts, whose row pieces (the delete button, the long-list length) it shares.
 */
import { PowerModel } from "../../../data/item/power";
import type { CharacterModel } from "../../../data/actor/character";
import { TACTICA } from "../../../config/config";
import { deleteButton, LONG_LIST_ROWS, type ListedItem } from "./item-lists";
import type { RowButton, RowKit } from "./row-buttons";

/** One power row of the Psy tab. */
export interface PowerRow {
  id: string;
  name: string;
  img: string;
  /** The row's classes after `item`. */
  css: string;
  level: number;
  cost: number;
  maintenance: number | null;
  maintainable: boolean;
  maintained: boolean;
  points: number;
  range: string;
  resist: string;
  /** The resistance tag ("résiste : CO"), localised; "" for none. */
  resistTag: string;
  /** Its cast (play mode): the power's image is that button. */
  primary: RowButton | null;
  /** Its maintenance (play mode, a maintainable power). */
  buttons: RowButton[];
  /** Its name opens its sheet (for observers too, read-only). */
  canOpen: boolean;
  /** Edit mode, editable: its delete button (review N4). */
  deleteButton: RowButton | null;
}

export interface PowersContext {
  powers: PowerRow[];
  /** Names of the powers this psyker maintains (RULES §4). */
  maintained: string[];
  /** More powers than {@link LONG_LIST_ROWS} (see {@link EquipmentSection.long}). */
  long: boolean;
}

function powerRolls(
  id: string,
  name: string,
  maintainable: boolean,
  kit: RowKit,
): Pick<PowerRow, "primary" | "buttons"> {
  if (kit.state.editMode || !kit.state.canRoll) return { primary: null, buttons: [] };
  const maintain = maintainable
    ? [
        kit.button(
          "maintainPower",
          "icon",
          "fa-solid fa-hourglass-half",
          id,
          kit.i18n.format("TACTICA.Sheet.Roll.maintain", { name }),
        ),
      ]
    : [];
  return { primary: kit.roll("castPower", id, "TACTICA.Sheet.Roll.cast", name), buttons: maintain };
}

/** RULES §4: the powers an actor knows, and which of them it maintains. */
export function powersContext(items: readonly ListedItem[], psyker: CharacterModel | null, kit: RowKit): PowersContext {
  const maintainedIds = new Set((psyker?.psyker.maintained ?? []).map((m) => m.powerId));
  const powers: PowerRow[] = [];
  for (const item of items) {
    const s = item.system;
    if (!(s instanceof PowerModel)) continue;
    const id = item.id ?? "";
    const maintained = maintainedIds.has(id);
    const resist = s.resist ? TACTICA.profile[s.resist].abbr : "";
    powers.push({
      id,
      name: item.name,
      img: item.img ?? "",
      css: maintained ? "is-maintained" : "",
      level: s.level,
      cost: s.cost,
      maintenance: s.maintenance,
      maintainable: s.maintainable,
      maintained,
      points: s.points,
      range: s.range,
      resist,
      resistTag: resist && kit.i18n.format("TACTICA.Sheet.Psy.resist", { abbr: kit.i18n.localize(resist) }),
      ...powerRolls(id, item.name, s.maintainable, kit),
      canOpen: true,
      deleteButton: deleteButton(id, item.name, kit),
    });
  }
  return {
    powers,
    maintained: powers.filter((p) => p.maintained).map((p) => p.name),
    long: powers.length > LONG_LIST_ROWS,
  };
}

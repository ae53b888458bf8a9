/**
 * The item lists of the actor sheets (Équipement and Psy tabs): one flat row per item with what
 * its line shows and which buttons it offers. Built from the item models' own values.
 */
import type { PressureProfileKey } from "../../../data/fields";
import { ArmorModel } from "../../../data/item/armor";
import { ForceFieldModel } from "../../../data/item/force-field";
import { GearModel } from "../../../data/item/gear";
import { GrenadeModel } from "../../../data/item/grenade";
import { PowerModel } from "../../../data/item/power";
import { WeaponModel } from "../../../data/item/weapon";
import type { CharacterModel } from "../../../data/actor/character";
import { TACTICA } from "../../../config";
import { aptitudeOf } from "../../../rules/keys";
import { attributeChips } from "./attribute-chips";
import { percent, type SheetOptions } from "./shared";

/** An item as the lists read it. */
export interface ListedItem {
  id: string | null;
  name: string;
  img?: string | null;
  type: string;
  system: unknown;
}

/** One item row of the actor sheet. */
export interface SheetItem {
  id: string;
  name: string;
  img: string;
  type: string;
  equipped: boolean;
  /** RULES §2: linked to the boiler. */
  linked: boolean;
  pressureTarget: PressureProfileKey | "";
  attributes: string;
  /** A short summary line (FOR, damage, renfort…), already formatted. */
  details: { label: string; value: string | number }[];
  quantity: number | null;
  /** Weapons and grenades: the label of the sub-aptitude the attack uses (D-23, D-27). */
  subAptitude: string;
  /** Weapons: that sub-aptitude's key and its aptitude, for the pool roll with the weapon. */
  subAptitudeKey: string;
  aptitude: string;
  /** Force fields: the renfort gauge. */
  renfort: { value: number; max: number; pct: number; disabled: boolean } | null;
  /** Weapons and gear: the pool roll this item adds its gear dice to (RULES §3). */
  gearBonus: number;
}

export interface EquipmentContext {
  weapons: SheetItem[];
  armour: SheetItem[];
  forceFields: SheetItem[];
  grenades: SheetItem[];
  gear: SheetItem[];
  /** Nothing carried at all: the tab shows a hint to drop items. */
  empty: boolean;
}

const field = (type: string, key: string) => `TACTICA.Item.${type}.FIELDS.${key}.label`;

/** The item models that carry attributes (RULES §6.4). */
function hasAttributes(system: unknown): system is WeaponModel | ArmorModel | GrenadeModel | GearModel {
  return system instanceof WeaponModel || system instanceof ArmorModel || system instanceof GrenadeModel || system instanceof GearModel;
}

function baseRow(item: ListedItem, lang: SheetOptions["lang"]): SheetItem {
  const system: unknown = item.system;
  return {
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "",
    type: item.type,
    equipped: false,
    linked: false,
    pressureTarget: "",
    attributes: hasAttributes(system) ? attributeChips(system.attributes, lang).map((c) => c.text).join(", ") : "",
    details: [],
    quantity: null,
    subAptitude: "",
    subAptitudeKey: "",
    aptitude: "",
    renfort: null,
    gearBonus: 0,
  };
}

/** One row per item, in the actor's order, grouped by kind. */
export function equipmentContext(items: readonly ListedItem[], options: Pick<SheetOptions, "lang">): EquipmentContext {
  const out: EquipmentContext = { weapons: [], armour: [], forceFields: [], grenades: [], gear: [], empty: true };
  for (const item of items) {
    const s = item.system;
    const row = baseRow(item, options.lang);
    if (s instanceof WeaponModel) {
      const sub = s.governingSubAptitude;
      Object.assign(row, { equipped: s.equipped, linked: s.linked, quantity: s.quantity, gearBonus: s.gearBonus });
      Object.assign(row, { subAptitude: TACTICA.subAptitudes[sub].label, subAptitudeKey: sub, aptitude: aptitudeOf(sub) });
      row.details = [
        { label: TACTICA.weaponRanges[s.range], value: "" },
        { label: "TACTICA.Sheet.Item.strength", value: s.strengthTotal },
        { label: field("weapon", "damage"), value: s.damage },
      ];
      out.weapons.push(row);
    } else if (s instanceof ArmorModel) {
      row.equipped = s.equipped;
      row.details = [{ label: field("armor", "renfort"), value: s.renfort }];
      out.armour.push(row);
    } else if (s instanceof ForceFieldModel) {
      row.equipped = s.active;
      row.renfort = { value: s.renfort.value, max: s.renfort.max, pct: percent(s.renfort.value, s.renfort.max), disabled: s.disabled };
      out.forceFields.push(row);
    } else if (s instanceof GrenadeModel) {
      row.quantity = s.quantity;
      row.subAptitude = TACTICA.subAptitudes[s.subAptitude].label;
      row.details = [{ label: field("grenade", "damage"), value: s.damage }];
      out.grenades.push(row);
    } else if (s instanceof GearModel) {
      Object.assign(row, { equipped: s.equipped, linked: s.linked, pressureTarget: s.pressureTarget, quantity: s.quantity, gearBonus: s.gearBonus });
      if (s.pressureTarget) row.details.push({ label: "TACTICA.Sheet.Item.pressureOn", value: "" }, { label: TACTICA.profile[s.pressureTarget].abbr, value: "" });
      out.gear.push(row);
    } else continue;
    out.empty = false;
  }
  return out;
}

/** One power row of the Psy tab. */
export interface PowerRow {
  id: string;
  name: string;
  img: string;
  level: number;
  cost: number;
  maintenance: number | null;
  maintainable: boolean;
  maintained: boolean;
  points: number;
  range: string;
  resist: string;
}

export interface PowersContext {
  powers: PowerRow[];
  /** Names of the powers this psyker maintains (RULES §4). */
  maintained: string[];
}

/** RULES §4: the powers an actor knows, and which of them it maintains. */
export function powersContext(items: readonly ListedItem[], psyker: CharacterModel | null): PowersContext {
  const maintainedIds = new Set((psyker?.psyker.maintained ?? []).map((m) => m.powerId));
  const powers: PowerRow[] = [];
  for (const item of items) {
    const s = item.system;
    if (!(s instanceof PowerModel)) continue;
    powers.push({
      id: item.id ?? "",
      name: item.name,
      img: item.img ?? "",
      level: s.level,
      cost: s.cost,
      maintenance: s.maintenance,
      maintainable: s.maintainable,
      maintained: maintainedIds.has(item.id ?? ""),
      points: s.points,
      range: s.range,
      resist: s.resist ? TACTICA.profile[s.resist].abbr : "",
    });
  }
  return { powers, maintained: powers.filter((p) => p.maintained).map((p) => p.name) };
}

/**
 * The item lists of the actor sheets (the Équipement tab here, the Psy tab's in ./power-list.ts):
 * one flat row per item with what its line shows and which buttons it offers. Built from the item
 * models' own values.
 */
import type { PressureProfileKey } from "../../../data/fields";
import { ArmorModel } from "../../../data/item/armor";
import { ForceFieldModel } from "../../../data/item/force-field";
import { GearModel } from "../../../data/item/gear";
import { GrenadeModel } from "../../../data/item/grenade";
import { WeaponModel } from "../../../data/item/weapon";
import { attackAct } from "../../../rules/panic";
import { TACTICA } from "../../../config/config";
import { aptitudeOf } from "../../../rules/keys";
import { attributeChips } from "./attribute-chips";
import { ROLL_ICON, type RowButton, type RowKit, type RowToggle, type SheetI18n } from "./row-buttons";
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
  /** The row's classes after `item` (its kind, and whether it is equipped). */
  css: string;
  equipped: boolean;
  /** RULES §2: linked to the boiler. */
  linked: boolean;
  pressureTarget: PressureProfileKey | "";
  attributes: string;
  /** The short summary tags (range, FOR, damage, renfort…), localised and formatted. */
  tags: string[];
  /** The row's summary line: its tags, then its attributes (one run of text: issue 26). */
  meta: string;
  quantity: number | null;
  /** The row prints its quantity (grenades always, other gear when it has one). */
  showQuantity: boolean;
  /** Weapons and grenades: the label of the sub-aptitude the attack uses (D-23, D-27). */
  subAptitude: string;
  /** Weapons: that sub-aptitude's key and its aptitude, for the pool roll with the weapon. */
  subAptitudeKey: string;
  aptitude: string;
  /** Force fields: the renfort gauge. */
  renfort: { value: number; max: number; pct: number; disabled: boolean } | null;
  /** Weapons and gear: the pool roll this item adds its gear dice to (RULES §3). */
  gearBonus: number;
  /**
   * Its main roll (play mode): the item's image is that button — a weapon's or a grenade's attack,
   * a power's cast, a gear's pressure roll; null when it has none.
   */
  primary: RowButton | null;
  /** Its other rolls, after its name (a weapon's pool roll and pressure roll, a power's maintenance). */
  buttons: RowButton[];
  /** Equipped (or active), as a checkbox; null for what is never equipped (grenades, powers). */
  toggle: RowToggle | null;
  /**
   * Its name opens its sheet: for everyone who sees the list — the owner, and an observer, who reads
   * it (core makes an embedded item's permission its actor's; the sheet shows it disabled).
   */
  canOpen: boolean;
  /** Edit mode, editable: its delete button (also in its context menu; review N4). */
  deleteButton: RowButton | null;
  /** Linked, equipped gear with a target: its pressure roll, also offered on the Profil tab. */
  pressureButton: RowButton | null;
}

/** One list of the Équipement tab. */
export interface EquipmentSection {
  title: string;
  /** The list's class after `item-list`. */
  css: string;
  rows: SheetItem[];
  /** The text of an empty list; "" when an empty list shows nothing. */
  empty: string;
  /** The tab holds more rows than {@link LONG_LIST_ROWS}: styles/perf.css skips those off screen. */
  long: boolean;
}

/**
 * More rows than a sheet's screen shows (docs/performance.md: fewer cost more to skip than to
 * draw). Counted over a tab, not per list: a tab of several short lists lays out as many rows as
 * one long list.
 */
export const LONG_LIST_ROWS = 15;

export interface EquipmentContext {
  weapons: SheetItem[];
  armour: SheetItem[];
  forceFields: SheetItem[];
  grenades: SheetItem[];
  gear: SheetItem[];
  /** The lists the tab shows, in order, for the shown rule modules. */
  sections: EquipmentSection[];
  /** Nothing carried at all: the tab shows a hint to drop items. */
  empty: boolean;
}

/** What the item lists are built from besides the items. */
export interface ListOptions {
  /** The interface language, for attribute chips. */
  lang: SheetOptions["lang"];
  /** The buttons and labels of this render. */
  kit: RowKit;
}

const field = (type: string, key: string) => `TACTICA.Item.${type}.FIELDS.${key}.label`;

/** The item models that carry attributes (RULES §6.4). */
function hasAttributes(system: unknown): system is WeaponModel | ArmorModel | GrenadeModel | GearModel {
  return (
    system instanceof WeaponModel ||
    system instanceof ArmorModel ||
    system instanceof GrenadeModel ||
    system instanceof GearModel
  );
}

/** A summary tag: its label, then its value when it has one (a zero shows nothing). */
function tag(i18n: SheetI18n, label: string, value: string | number = ""): string {
  const text = i18n.localize(label);
  return value ? `${text} ${value}` : text;
}

function baseRow(item: ListedItem, lang: SheetOptions["lang"], i18n: SheetI18n): SheetItem {
  const system: unknown = item.system;
  return {
    id: item.id ?? "",
    name: item.name,
    img: item.img ?? "",
    type: item.type,
    css: "",
    equipped: false,
    linked: false,
    pressureTarget: "",
    attributes: hasAttributes(system)
      ? attributeChips(system.attributes, lang, i18n)
          .map((c) => c.label)
          .join(", ")
      : "",
    tags: [],
    meta: "",
    quantity: null,
    showQuantity: false,
    subAptitude: "",
    subAptitudeKey: "",
    aptitude: "",
    renfort: null,
    gearBonus: 0,
    primary: null,
    buttons: [],
    toggle: null,
    canOpen: false,
    pressureButton: null,
    deleteButton: null,
  };
}

/** The row's class list: its kind, and `is-equipped` for what it wears. */
const rowCss = (kind: string, equipped: boolean) => `${kind} ${equipped ? "is-equipped" : ""}`;

function weaponRow(row: SheetItem, s: WeaponModel, kit: RowKit): void {
  const { state, i18n } = kit;
  const sub = s.governingSubAptitude;
  Object.assign(row, {
    equipped: s.equipped,
    linked: s.linked,
    quantity: s.quantity,
    gearBonus: s.gearBonus,
    css: rowCss("weapon", s.equipped),
  });
  Object.assign(row, { subAptitude: TACTICA.subAptitudes[sub].label, subAptitudeKey: sub, aptitude: aptitudeOf(sub) });
  // D-35: the FOR (with its pressure bonus) is the damage of a hit.
  row.tags = [tag(i18n, TACTICA.weaponRanges[s.range]), tag(i18n, "TACTICA.Sheet.Item.strength", s.strengthTotal)];
  if (!state.editMode && state.canRoll) {
    // D-45: an attack with it (or a pool with its dice) that a panic condition forbids.
    const forbidden = state.forbidden.includes(attackAct(s.range === "ranged"));
    const rolls: RowButton[] = [];
    if (state.modules.tactical) {
      const label = i18n.format("TACTICA.Sheet.Roll.attack", { name: row.name, sub: i18n.localize(row.subAptitude) });
      rolls.push(Object.assign(kit.button("attack", "icon roll", ROLL_ICON, row.id, label), { disabled: forbidden }));
    }
    if (state.modules.pool && state.isCharacter && s.gearBonus) {
      const pool = kit.roll("rollPool", row.id, "TACTICA.Sheet.Roll.poolWith", row.name);
      rolls.push(Object.assign(pool, { aptitude: row.aptitude, subAptitude: sub, disabled: forbidden }));
    }
    if (state.modules.pressure && s.linked && s.equipped) rolls.push(kit.pressure(row.id, row.name));
    [row.primary = null, ...row.buttons] = rolls;
  }
  row.toggle = kit.toggle(row.name, s.equipped);
}

function gearRow(row: SheetItem, s: GearModel, kit: RowKit): void {
  Object.assign(row, {
    equipped: s.equipped,
    linked: s.linked,
    pressureTarget: s.pressureTarget,
    quantity: s.quantity,
    gearBonus: s.gearBonus,
  });
  Object.assign(row, { css: rowCss("gear", s.equipped), showQuantity: Boolean(s.quantity) });
  // S-modules: pressure hidden, the gear names no boiler target (review N10).
  if (s.pressureTarget && kit.state.modules.pressure)
    row.tags = [tag(kit.i18n, "TACTICA.Sheet.Item.pressureOn"), tag(kit.i18n, TACTICA.profile[s.pressureTarget].abbr)];
  if (s.pressureTarget && s.linked && s.equipped && kit.state.canRoll)
    row.pressureButton = kit.pressure(row.id, row.name);
  if (row.pressureButton && !kit.state.editMode && kit.state.modules.pressure) row.primary = row.pressureButton;
  row.toggle = kit.toggle(row.name, s.equipped);
}

/** An item row's delete button: in edit mode, on a sheet the user may change (review N4). */
export function deleteButton(id: string, name: string, kit: RowKit): RowButton | null {
  if (!kit.state.editMode || !kit.state.editable) return null;
  const label = kit.i18n.format("TACTICA.Sheet.Menu.deleteNamed", { name });
  return kit.button("deleteItem", "icon danger", "fa-solid fa-trash", id, label);
}

/** Fills `row` for the kind of `s` and files it in `out`; false for an item no list shows. */
function fileRow(out: EquipmentContext, row: SheetItem, s: unknown, kit: RowKit): boolean {
  const { i18n } = kit;
  row.canOpen = true;
  row.deleteButton = deleteButton(row.id, row.name, kit);
  if (s instanceof WeaponModel) {
    weaponRow(row, s, kit);
    out.weapons.push(row);
  } else if (s instanceof ArmorModel) {
    Object.assign(row, {
      equipped: s.equipped,
      css: rowCss("armor", s.equipped),
      tags: [tag(i18n, field("armor", "renfort"), s.renfort)],
    });
    row.toggle = kit.toggle(row.name, s.equipped);
    out.armour.push(row);
  } else if (s instanceof ForceFieldModel) {
    Object.assign(row, { equipped: s.active, css: rowCss("force-field", s.active) });
    row.renfort = {
      value: s.renfort.value,
      max: s.renfort.max,
      pct: percent(s.renfort.value, s.renfort.max),
      disabled: s.disabled,
    };
    row.toggle = kit.toggle(row.name, s.active, "active");
    out.forceFields.push(row);
  } else if (s instanceof GrenadeModel) {
    Object.assign(row, {
      quantity: s.quantity,
      showQuantity: true,
      css: "grenade",
      subAptitude: TACTICA.subAptitudes[s.subAptitude].label,
    });
    row.tags = [tag(i18n, "TACTICA.Sheet.Item.strength", s.strengthTotal)];
    if (!kit.state.editMode && kit.state.canRoll && kit.state.modules.tactical) {
      const attack = kit.roll("attack", row.id, "TACTICA.Sheet.Roll.throw", row.name);
      row.primary = Object.assign(attack, {
        disabled: !s.quantity || kit.state.forbidden.includes(attackAct(true)),
      });
    }
    out.grenades.push(row);
  } else if (s instanceof GearModel) {
    gearRow(row, s, kit);
    out.gear.push(row);
  } else return false;
  row.meta = [...row.tags, row.attributes].filter(Boolean).join(" · ");
  return true;
}

/** The lists the tab shows: force fields and grenades belong to the tactical module (S-modules). */
function sections(out: EquipmentContext, kit: RowKit): EquipmentSection[] {
  const { i18n, state } = kit;
  const section = (key: string, css: string, rows: SheetItem[], empty: string): EquipmentSection => ({
    title: i18n.localize(`TACTICA.Sheet.Equipment.${key}`),
    css,
    rows,
    empty: empty && i18n.localize(`TACTICA.Sheet.Equipment.${empty}`),
    long: false,
  });
  const tactical = state.modules.tactical;
  // A hidden force field still counts as protection: the list then shows nothing rather than
  // claiming the actor has none.
  const protectionEmpty = out.armour.length || out.forceFields.length ? "" : "noProtection";
  const lists = [
    section("weapons", "weapons", out.weapons, "noWeapons"),
    section("protection", "protection", tactical ? [...out.armour, ...out.forceFields] : out.armour, protectionEmpty),
    ...(tactical ? [section("grenades", "grenades", out.grenades, "noGrenades")] : []),
    section("gear", "gear", out.gear, "noGear"),
  ];
  const long = lists.reduce((n, l) => n + l.rows.length, 0) > LONG_LIST_ROWS;
  for (const list of lists) list.long = long;
  return lists;
}

/** One row per item, in the actor's order, grouped by kind, with its buttons for this render. */
export function equipmentContext(items: readonly ListedItem[], options: ListOptions): EquipmentContext {
  const out: EquipmentContext = {
    weapons: [],
    armour: [],
    forceFields: [],
    grenades: [],
    gear: [],
    sections: [],
    empty: true,
  };
  for (const item of items) {
    if (fileRow(out, baseRow(item, options.lang, options.kit.i18n), item.system, options.kit)) out.empty = false;
  }
  out.sections = sections(out, options.kit);
  return out;
}

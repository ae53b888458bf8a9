/**
 * The context of the item sheets (weapon, armour, force field, grenade, gear, power): one list of
 * fields per type — every field of the model, the power's included — shown as values in play mode
 * and as inputs in edit mode, and the attribute chips (RULES §6.4).
 */
import { TACTICA, type RuleModule } from "../../../config/config";
import { BOUNDS, PRESSURE_PROFILE_KEYS } from "../../../data/fields";
import { RESIST_KEYS } from "../../../data/item/power";
import { SUB_APTITUDE_KEYS } from "../../../rules/keys";
import type { TacticaItem } from "../../../documents/item";
import { ArmorModel } from "../../../data/item/armor";
import { GearModel } from "../../../data/item/gear";
import { GrenadeModel } from "../../../data/item/grenade";
import { WeaponModel } from "../../../data/item/weapon";
import { attributeChips, type AttributeChip } from "./attribute-chips";
import type { SheetOptions } from "./shared";
import { gameI18n } from "./row-buttons";

/** How a field is edited. */
type FieldKind = "number" | "text" | "select" | "checkbox";

/** One field of an item sheet. */
export interface ItemField {
  name: string;
  label: string;
  hint: string;
  kind: FieldKind;
  value: string | number | boolean | null;
  /** The value as play mode prints it (a label key for choices, "—" for none). */
  display: string;
  /** `display` is a language key. */
  localized: boolean;
  options: { value: string; label: string; selected: boolean }[];
  min: number | null;
  max: number | null;
  /** May be left empty (a power without maintenance). */
  nullable: boolean;
}

interface FieldSpec {
  path: string;
  kind: FieldKind;
  /** Label key; by default the model's own field label. */
  label?: string;
  hint?: string;
  choices?: Readonly<Record<string, string>>;
  /** A choice may be empty ("none"). */
  blank?: boolean;
  min?: number;
  max?: number;
  nullable?: boolean;
  /** The empty value reads « Aucune »: the field's French name is feminine (*Portée*, *Sous-aptitude*…). */
  feminine?: boolean;
  /** The hint tells how to fill the field: shown in edit mode only (ux m11). */
  editHint?: boolean;
  /** The rule module the field belongs to: a hidden module's fields are not shown (S-modules). */
  module?: RuleModule;
}

const choicesOf = <K extends string>(keys: readonly K[], label: (k: K) => string) =>
  Object.fromEntries(keys.map((k) => [k, label(k)]));
const SUBS = choicesOf(SUB_APTITUDE_KEYS, (k) => TACTICA.subAptitudes[k].label);
const PRESSURE = choicesOf(PRESSURE_PROFILE_KEYS, (k) => TACTICA.profile[k].label);
const RESIST = choicesOf(RESIST_KEYS, (k) => TACTICA.profile[k].label);

/** D-46: where more pressure dice come from (a special ability), under the field. */
const PRESSURE_DICE_HINT = "TACTICA.Item.base.FIELDS.pressureDice.hint";

/** The fields of each item type, in the order the sheet shows them. */
export const ITEM_FIELDS: Readonly<Record<string, readonly FieldSpec[]>> = {
  weapon: [
    { path: "range", kind: "select", choices: TACTICA.weaponRanges },
    { path: "weight", kind: "select", choices: TACTICA.weaponWeights },
    { path: "origin", kind: "select", choices: TACTICA.weaponOrigins },
    {
      path: "subAptitude",
      kind: "select",
      choices: SUBS,
      blank: true,
      feminine: true,
      hint: "TACTICA.Item.weapon.FIELDS.subAptitude.hint",
    },
    { path: "strength", kind: "number", min: 0, hint: "TACTICA.Item.weapon.FIELDS.strength.hint" },
    { path: "pressure", kind: "number", min: 0, max: 4, module: "pressure" },
    { path: "gearBonus", kind: "number", min: 0 },
    { path: "quantity", kind: "number", min: 0 },
    { path: "linked", kind: "checkbox", module: "pressure" },
    {
      path: "pressureDice",
      kind: "number",
      min: 1,
      max: BOUNDS.pressureDice,
      module: "pressure",
      hint: PRESSURE_DICE_HINT,
    },
    { path: "equipped", kind: "checkbox" },
  ],
  armor: [
    { path: "renfort", kind: "number", min: 0 },
    { path: "adaptiveBonus", kind: "number", min: 0 },
    { path: "equipped", kind: "checkbox" },
  ],
  forceField: [
    { path: "renfort.value", kind: "number", min: 0 },
    { path: "renfort.max", kind: "number", min: 0 },
    { path: "active", kind: "checkbox" },
    { path: "disabled", kind: "checkbox" },
  ],
  grenade: [
    { path: "quantity", kind: "number", min: 0 },
    { path: "subAptitude", kind: "select", choices: SUBS },
    { path: "strength", kind: "number", min: 0, hint: "TACTICA.Item.grenade.FIELDS.strength.hint" },
  ],
  gear: [
    { path: "pressureTarget", kind: "select", choices: PRESSURE, blank: true, feminine: true, module: "pressure" },
    { path: "gearBonus", kind: "number", min: 0 },
    { path: "quantity", kind: "number", min: 0 },
    { path: "linked", kind: "checkbox", module: "pressure" },
    {
      path: "pressureDice",
      kind: "number",
      min: 1,
      max: BOUNDS.pressureDice,
      module: "pressure",
      hint: PRESSURE_DICE_HINT,
    },
    { path: "equipped", kind: "checkbox" },
  ],
  power: [
    { path: "level", kind: "number", min: 1, max: 8 },
    { path: "cost", kind: "number", min: 0 },
    {
      path: "maintenance",
      kind: "number",
      min: 0,
      nullable: true,
      hint: "TACTICA.Sheet.Item.maintenanceHint",
      editHint: true,
    },
    { path: "points", kind: "number", min: 0 },
    { path: "range", kind: "text", feminine: true },
    { path: "resist", kind: "select", choices: RESIST, blank: true, feminine: true },
  ],
};

/** The fields that every item type shares, labelled under `Item.base`. */
const BASE_FIELDS = new Set([
  "gearBonus",
  "linked",
  "pressureDice",
  "equipped",
  "quantity",
  "description",
  "attributes",
]);

/** The model's label key of a field (its LOCALIZATION_PREFIXES entry). */
export function fieldLabel(type: string, path: string): string {
  const owner = BASE_FIELDS.has(path) ? "base" : type;
  return `TACTICA.Item.${owner}.FIELDS.${path.split(".").join(".")}.label`;
}

function readPath(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>(
    // `Reflect.get` is `node[part]` on any object (a data model's fields included), read as `unknown`.
    (node, part): unknown => (typeof node === "object" && node !== null ? Reflect.get(node, part) : undefined),
    source,
  );
}

function buildField(type: string, system: unknown, spec: FieldSpec, editMode: boolean): ItemField {
  const raw = readPath(system, spec.path);
  const value = typeof raw === "number" || typeof raw === "string" || typeof raw === "boolean" ? raw : null;
  const choices = spec.choices ?? {};
  const options = Object.entries(choices).map(([v, label]) => ({ value: v, label, selected: v === value }));
  const none = spec.feminine ? "TACTICA.Sheet.NoneFeminine" : "TACTICA.Sheet.None";
  if (spec.blank) options.unshift({ value: "", label: none, selected: value === "" });
  let display = value === null || value === "" ? none : String(value);
  let localized = value === null || value === "";
  if (spec.kind === "select" && typeof value === "string" && value in choices)
    [display, localized] = [choices[value]!, true];
  if (spec.kind === "checkbox") [display, localized] = [value ? "TACTICA.Sheet.Yes" : "TACTICA.Sheet.No", true];
  return {
    name: `system.${spec.path}`,
    label: spec.label ?? fieldLabel(type, spec.path),
    hint: spec.editHint && !editMode ? "" : (spec.hint ?? ""),
    kind: spec.kind,
    value,
    display,
    localized,
    options,
    min: spec.min ?? null,
    max: spec.max ?? null,
    nullable: spec.nullable ?? false,
  };
}

/** Everything the item sheet templates read. */
export interface ItemSheetContext {
  item: { id: string; uuid: string; name: string; img: string; type: string; typeLabel: string; isPower: boolean };
  editable: boolean;
  editMode: boolean;
  /** LIMITED permission: the header shows the image and the name only. */
  limited: boolean;
  fields: ItemField[];
  hasAttributes: boolean;
  chips: AttributeChip[];
  /** The inline message of the last refused attribute text (RULES §6.4), with that text. */
  attributeError: { message: string; text: string } | null;
  description: string;
  /** RULES §4: a power's effect text (rich text, printed on its cast card); null for other items. */
  effect: string | null;
}

/** The tabs of the item sheets. */
export const ITEM_TABS = [
  { id: "details", icon: "fa-solid fa-sliders", label: "TACTICA.Sheet.Tab.details" },
  { id: "description", icon: "fa-solid fa-book", label: "TACTICA.Sheet.Tab.description" },
] as const;

/** The whole context of an item sheet; `null` for a subtype that is not Tactica's. */
export function itemSheetContext(
  item: TacticaItem,
  options: SheetOptions & { attributeError?: { message: string; text: string } | null },
): ItemSheetContext | null {
  const specs = ITEM_FIELDS[item.type];
  if (!specs) return null;
  const system: unknown = item.system;
  // The item types with attributes: exactly the subclasses of AttributeItemModel.
  const stored =
    system instanceof WeaponModel ||
    system instanceof ArmorModel ||
    system instanceof GrenadeModel ||
    system instanceof GearModel
      ? system.attributes
      : null;
  const hasAttributes = stored !== null;
  return {
    item: {
      id: item.id ?? "",
      uuid: item.uuid,
      name: item.name,
      img: item.img ?? "",
      type: item.type,
      typeLabel: `TYPES.Item.${item.type}`,
      isPower: item.type === "power",
    },
    editable: options.editable,
    editMode: options.editable && options.mode === "edit",
    limited: options.limited === true,
    fields: specs
      .filter((spec) => !spec.module || options.modules[spec.module])
      .map((spec) => buildField(item.type, system, spec, options.editable && options.mode === "edit")),
    hasAttributes,
    chips: stored ? attributeChips(stored, options.lang, options.i18n ?? gameI18n()) : [],
    attributeError: options.attributeError ?? null,
    description: String(readPath(system, "description") ?? ""),
    effect: item.type === "power" ? String(readPath(system, "effect") ?? "") : null,
  };
}

/**
 * The buttons of the item rows (Équipement, Psy and Profil tabs), built once per render with their
 * text already localised. The actor sheet shows a hundred rows or more; deciding each row's buttons
 * and formatting their names in the template cost a dozen helper calls per row (DESIGN §6 budget:
 * 100 items under 5 ms), so the templates only print these flat lists.
 */
import type { ModuleFlags } from "./shared";

/** Localisation as the sheet contexts use it: Foundry's `game.i18n`. */
export interface SheetI18n {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** `game.i18n`, or the keys themselves before it exists (as Foundry shows a missing key). */
export function gameI18n(): SheetI18n {
  const i18n = game.i18n;
  return {
    localize: (key) => i18n?.localize(key) ?? key,
    format: (key, data) => i18n?.format(key, data) ?? key,
  };
}

/** Marks where a value goes in a formatted text; no translation contains it. */
const MARK = "\u0000";

/**
 * `i18n` remembered for one render: rows repeat the same constant labels (edit, delete, range
 * names…) and format the same few texts with a different name a hundred times. `format` asks
 * `i18n` once per text, with marks in place of the values, then puts each row's values where the
 * marks came back — the same text `game.i18n.format` gives (it substitutes `{key}` placeholders
 * with the values as they are), without a lookup and a scan per row.
 */
export function cachedI18n(i18n: SheetI18n): SheetI18n {
  const seen = new Map<string, string>();
  const templates = new Map<string, string[]>();
  return {
    localize(key) {
      let text = seen.get(key);
      if (text === undefined) seen.set(key, (text = i18n.localize(key)));
      return text;
    },
    format(key, data) {
      const names = Object.keys(data);
      const id = `${key}${MARK}${names.join(MARK)}`;
      let parts = templates.get(id);
      if (!parts) {
        // Split on the marks: even entries are literal text, odd ones the index of a value.
        parts = i18n.format(key, Object.fromEntries(names.map((n, i) => [n, `${MARK}${i}${MARK}`]))).split(MARK);
        templates.set(id, parts);
      }
      let text = parts[0] ?? "";
      for (let i = 1; i < parts.length; i += 2) text += (data[names[Number(parts[i])] ?? ""] ?? "") + (parts[i + 1] ?? "");
      return text;
    },
  };
}

/** One button of an item row: everything its tag prints. */
export interface RowButton {
  action: string;
  /** The whole `class` attribute. */
  css: string;
  /** The Font Awesome classes of its icon. */
  icon: string;
  itemId: string;
  /** Its accessible name (`aria-label`). */
  label: string;
  tooltip: string;
  disabled: boolean;
  /** `aria-pressed` of a toggle ("true" / "false"); "" for a plain button. */
  pressed: "" | "true" | "false";
  /** The pool a weapon joins (rollPool only; "" otherwise). */
  aptitude: string;
  subAptitude: string;
}

/** What decides the buttons of every row: the sheet's state, the same for all of them. */
export interface RowState {
  /** The user may change the actor. */
  editable: boolean;
  /** The user may roll for the actor (the sheet is editable): without it, a row has no roll button (review S4). */
  canRoll: boolean;
  /** Edit mode (inputs, no roll buttons). */
  editMode: boolean;
  modules: ModuleFlags;
  /** Only characters roll pools (RULES §3). */
  isCharacter: boolean;
  /** The `pressureBlocked` status: pressure buttons show disabled. */
  pressureBlocked: boolean;
}

/** Labels every row shares, localised once per render. */
export interface RowLabels {
  renfort: string;
  forceFieldDown: string;
  quantity: string;
}

/** Builds the buttons of item rows for one render. */
export interface RowKit {
  state: RowState;
  i18n: SheetI18n;
  labels: RowLabels;
  /** A plain button; its tooltip is its name unless told otherwise. */
  button(action: string, css: string, icon: string, itemId: string, label: string, tooltip?: string): RowButton;
  /** A roll button whose name and tooltip are the same formatted text. */
  roll(action: string, css: string, icon: string, itemId: string, labelKey: string, name: string): RowButton;
  /** The pressure roll of a linked, equipped item (RULES §2). */
  pressure(itemId: string, name: string): RowButton;
  /** The equip toggle (disabled for a user who may not change the actor). */
  equip(itemId: string, name: string, equipped: boolean): RowButton;
  /** Edit, and in edit mode delete, for a user who may change the actor. */
  controls(itemId: string, name: string): RowButton[];
}

/** The buttons of one render's rows; `i18n` should remember constant labels ({@link cachedI18n}). */
export function rowKit(state: RowState, i18n: SheetI18n): RowKit {
  const button = (action: string, css: string, icon: string, itemId: string, label: string, tooltip = label): RowButton => ({
    action,
    css,
    icon,
    itemId,
    label,
    tooltip,
    disabled: false,
    pressed: "",
    aptitude: "",
    subAptitude: "",
  });
  const roll: RowKit["roll"] = (action, css, icon, itemId, labelKey, name) => button(action, css, icon, itemId, i18n.format(labelKey, { name }));
  return {
    state,
    i18n,
    labels: {
      renfort: i18n.localize("TACTICA.Item.forceField.FIELDS.renfort.label"),
      forceFieldDown: i18n.localize("TACTICA.Status.forceFieldDown"),
      quantity: i18n.localize("TACTICA.Item.base.FIELDS.quantity.label"),
    },
    button,
    roll,
    pressure(itemId, name) {
      const b = roll("rollPressure", "icon pressure", "fa-solid fa-gauge-high", itemId, "TACTICA.Sheet.Roll.pressure", name);
      b.disabled = state.pressureBlocked;
      return b;
    },
    equip(itemId, name, equipped) {
      const b = button("equipItem", equipped ? "icon equip on" : "icon equip ", equipped ? "fa-solid fa-hand-fist" : "fa-solid fa-hand", itemId, i18n.format(equipped ? "TACTICA.Sheet.Equip.off" : "TACTICA.Sheet.Equip.on", { name }));
      b.pressed = equipped ? "true" : "false";
      b.disabled = !state.editable;
      return b;
    },
    controls(itemId, name) {
      if (!state.editable) return [];
      const out = [button("editItem", "icon", "fa-solid fa-pen-to-square", itemId, i18n.format("TACTICA.Sheet.Menu.editNamed", { name }), i18n.localize("TACTICA.Sheet.Menu.edit"))];
      if (state.editMode) out.push(button("deleteItem", "icon danger", "fa-solid fa-trash", itemId, i18n.format("TACTICA.Sheet.Menu.deleteNamed", { name }), i18n.localize("TACTICA.Sheet.Menu.delete")));
      return out;
    },
  };
}

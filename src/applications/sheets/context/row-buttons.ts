/**
 * The buttons of the item rows (Équipement, Psy and Profil tabs), built once per render with their
 * text already localised. The actor sheet shows a hundred rows or more; deciding each row's buttons
 * and formatting their names in the template cost a dozen helper calls per row (DESIGN §6 budget:
 * 100 items under 5 ms), so the templates only print these flat lists.
 */
import type { ModuleFlags, SheetI18n } from "./shared";
import type { PanicAct } from "../../../rules/panic";

export type { SheetI18n };

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
      for (let i = 1; i < parts.length; i += 2)
        text += (data[names[Number(parts[i])] ?? ""] ?? "") + (parts[i + 1] ?? "");
      return text;
    },
  };
}

/** The one icon of every roll button (a test, a pool, a score, an attack, a cast): the action is in its name. */
export const ROLL_ICON = "fa-solid fa-dice";

/**
 * One button of an item row: everything its tag prints. Its name is its `aria-label`, printed once:
 * the template gives it an empty `data-tooltip`, which core's tooltip shows as the label (v13
 * TooltipManager: an empty `data-tooltip` uses the element's `aria-label`).
 */
export interface RowButton {
  action: string;
  /** The whole `class` attribute. */
  css: string;
  /** The Font Awesome classes of its icon. */
  icon: string;
  itemId: string;
  /** Its accessible name (`aria-label`), also its tooltip. */
  label: string;
  disabled: boolean;
  /** The pool a weapon joins (rollPool only; "" otherwise). */
  aptitude: string;
  subAptitude: string;
}

/** The equipped (or active) state of an item, shown as a checkbox that reads as state. */
export interface RowToggle {
  /** Equipped, or a force field switched on. */
  on: boolean;
  /** Its visible text: « Équipé » / « Actif ». */
  text: string;
  /** Its accessible name, with the item's name. */
  label: string;
  /** The user may not change the actor. */
  disabled: boolean;
}

/** What decides the buttons of every row: the sheet's state, the same for all of them. */
export interface RowState {
  /** The user may change the actor. */
  editable: boolean;
  /** The user may roll for the actor (the sheet is editable): without it, a row has no roll button. */
  canRoll: boolean;
  /** Edit mode (inputs, no roll buttons). */
  editMode: boolean;
  modules: ModuleFlags;
  /** Only characters roll pools (RULES §3). */
  isCharacter: boolean;
  /** The `pressureBlocked` status: pressure buttons show disabled. */
  pressureBlocked: boolean;
  /** D-45: the acts the actor's panic conditions forbid — their buttons show disabled (the use case refuses them). */
  forbidden: readonly PanicAct[];
}

/** Labels every row shares, localised once per render. */
export interface RowLabels {
  renfort: string;
  forceFieldDown: string;
  quantity: string;
  /** An NPC stat block's attack score column. */
  attackScore: string;
}

/** Builds the buttons of item rows for one render. */
export interface RowKit {
  state: RowState;
  i18n: SheetI18n;
  labels: RowLabels;
  /** A plain button named `label`. */
  button(action: string, css: string, icon: string, itemId: string, label: string): RowButton;
  /** A roll button (the roll icon) named by a formatted text. */
  roll(action: string, itemId: string, labelKey: string, name: string): RowButton;
  /** The pressure roll of a linked, equipped item (RULES §2). */
  pressure(itemId: string, name: string): RowButton;
  /** The equipped (or, for a force field, active) state of an item. */
  toggle(name: string, on: boolean, kind?: "equipped" | "active"): RowToggle;
}

/** The buttons of one render's rows; `i18n` should remember constant labels ({@link cachedI18n}). */
export function rowKit(state: RowState, i18n: SheetI18n): RowKit {
  const button = (action: string, css: string, icon: string, itemId: string, label: string): RowButton => ({
    action,
    css,
    icon,
    itemId,
    label,
    disabled: false,
    aptitude: "",
    subAptitude: "",
  });
  const roll: RowKit["roll"] = (action, itemId, labelKey, name) =>
    button(action, "icon roll", ROLL_ICON, itemId, i18n.format(labelKey, { name }));
  return {
    state,
    i18n,
    labels: {
      renfort: i18n.localize("TACTICA.Item.forceField.FIELDS.renfort.label"),
      forceFieldDown: i18n.localize("TACTICA.Status.forceFieldDown"),
      quantity: i18n.localize("TACTICA.Item.base.FIELDS.quantity.label"),
      attackScore: i18n.localize("TACTICA.Sheet.Npc.attackScore"),
    },
    button,
    roll,
    pressure(itemId, name) {
      const b = button(
        "rollPressure",
        "icon pressure",
        "fa-solid fa-gauge-high",
        itemId,
        i18n.format("TACTICA.Sheet.Roll.pressure", { name }),
      );
      b.disabled = state.pressureBlocked;
      return b;
    },
    toggle(name, on, kind = "equipped") {
      const text = i18n.localize(kind === "active" ? "TACTICA.Sheet.Equip.active" : "TACTICA.Sheet.Equip.equipped");
      return {
        on,
        text,
        label: i18n.format("TACTICA.Sheet.Equip.named", { state: text, name }),
        disabled: !state.editable,
      };
    },
  };
}

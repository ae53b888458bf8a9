/**
 * Tactica's keybindings as the rest of the system reads them: their action ids, and
 * {@link skipsDialog}, which tells a roll whether the user holds the key bound to "skip the roll
 * dialog". The three actions are registered on `init` by src/integrations/keybindings.ts with
 * core's keybinding API, so each one is rebindable in *Configure Controls*.
 *
 * Core's API as read here (v13 `ClientKeybindings`, the same on v14:
 * https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.ClientKeybindings.html):
 * `game.keybindings.get(namespace, action)` returns the action's current bindings, each
 * `{ key, modifiers }` — `key` a `KeyboardEvent#code` ("ShiftLeft", "KeyL"), `modifiers` among
 * "Control", "Shift", "Alt" — and throws for an action nobody registered; `game.keyboard.downKeys`
 * holds the codes held down now (`KeyboardManager#downKeys`,
 * https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html).
 * A modifier key pressed alone (Shift, the default) does not always reach `downKeys` before a
 * click, so a binding whose key is a modifier also counts when the click's event says that
 * modifier is held — dnd5e 5.3 reads its own skip-dialog keys the same way
 * (`module/utils.mjs` `areKeysPressed`).
 */
import { SYSTEM_ID } from "./settings";

/** The action ids of Tactica's keybindings (namespace `tactica`). */
export const KEYBINDING_ACTIONS = {
  skipDialog: "skipDialog",
  openTimeline: "openTimeline",
  endAction: "endAction",
} as const;

/** The key codes that hold a modifier, by core's modifier name (v13 `KeyboardManager.MODIFIER_CODES`). */
const MODIFIER_CODES: Readonly<Record<"Alt" | "Control" | "Shift", readonly string[]>> = {
  Alt: ["AltLeft", "AltRight"],
  // Core counts the Mac Command key as Control.
  Control: ["ControlLeft", "ControlRight", "MetaLeft", "MetaRight", "Meta", "OsLeft", "OsRight"],
  Shift: ["ShiftLeft", "ShiftRight"],
};

/** What {@link skipsDialog} reads of a click or key event. */
export interface ModifierEvent {
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** One binding, as `game.keybindings.get` returns it. */
interface Binding {
  key: string;
  modifiers?: readonly string[];
}

/** The modifiers the event says are held, by core's name. */
function heldModifiers(event: ModifierEvent): Record<string, boolean> {
  return {
    Alt: event.altKey === true,
    Control: event.ctrlKey === true || event.metaKey === true,
    Shift: event.shiftKey === true,
  };
}

/** The modifier a key code is (`Shift` for ShiftLeft), or null for any other key. */
function modifierOf(code: string): string | null {
  for (const [name, codes] of Object.entries(MODIFIER_CODES)) if (codes.includes(code)) return name;
  return null;
}

/** The bindings of one of Tactica's actions; null before they exist (before `init` ends) or for an unknown one. */
function bindingsOf(action: string): readonly Binding[] | null {
  const keybindings = game.keybindings;
  if (!keybindings?.bindings) return null;
  try {
    return keybindings.get(SYSTEM_ID, action);
  } catch {
    // Not registered (a world loaded without Tactica's init): the default applies.
    return null;
  }
}

/**
 * Whether `binding` is held during `event`: its key down (or, for a modifier key, the event's flag)
 * and its modifiers held.
 */
function isHeld(binding: Binding, event: ModifierEvent, held: Record<string, boolean>): boolean {
  const modifiers = binding.modifiers ?? [];
  if (!modifiers.every((m) => held[m] === true)) return false;
  if (game.keyboard?.downKeys?.has(binding.key)) return true;
  const modifier = modifierOf(binding.key);
  return modifier !== null && modifiers.length === 0 && held[modifier] === true;
}

/**
 * Whether a roll asked for with `event` (a click, a key press; none for a macro run from code)
 * skips its dialog: the user holds a key bound to *Skip the roll dialog* (Shift by default,
 * rebindable). Before the bindings exist it answers as the default binding would (Shift).
 */
export function skipsDialog(event?: ModifierEvent | null): boolean {
  if (!event) return false;
  const held = heldModifiers(event);
  const bindings = bindingsOf(KEYBINDING_ACTIONS.skipDialog);
  if (bindings === null) return held.Shift === true;
  return bindings.some((binding) => isHeld(binding, event, held));
}

/**
 * Context-menu entries on v13 and v14 (the compatibility seam, see ./generation.ts): Tactica
 * describes an entry once, neutrally, and this file writes it in the running generation's shape.
 *
 * - v13 `ContextMenuEntry`: `{name, icon, condition, callback}` — `icon` is an HTML string
 *   (`<i class="…"></i>`), `condition(li)` and `callback(li)` receive the element the menu is for
 *   (https://foundryvtt.com/api/v13/interfaces/foundry.ContextMenuEntry.html).
 * - v14 `ContextMenuEntry`: `{label, icon, visible, onClick}` — `icon` is a class string,
 *   `visible(target)` and `onClick(event, target)`; the v13 names still work but log a
 *   deprecation warning on every menu render until v16, and v13 does not read the v14 names
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html; draw-steel commit
 *   01db4e1a "Context menu changes").
 */
import { isV14 } from "./generation";

/** One menu entry, as Tactica describes it. */
export interface MenuEntry {
  /** Its label's language key (core localises it). */
  label: string;
  /** Font Awesome classes, e.g. `"fa-solid fa-trash"`. */
  icon: string;
  /** Whether the entry shows for the element the menu was opened on. */
  visible(target: HTMLElement): boolean;
  /** What choosing it does, given the element the menu was opened on. */
  onClick(target: HTMLElement): unknown;
}

/** A v13 entry. @deprecated v13 */
export interface V13MenuEntry {
  name: string;
  icon: string;
  condition: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** A v14 entry. */
export interface V14MenuEntry {
  label: string;
  icon: string;
  visible: (target: HTMLElement) => boolean;
  onClick: (event: Event, target: HTMLElement) => unknown;
}

/** Escapes a class list for an HTML attribute (the icon of a v13 entry is HTML). */
const attribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!);

/** `entry` in v13's shape. @deprecated v13 */
export function v13Entry(entry: MenuEntry): V13MenuEntry {
  return {
    name: entry.label,
    icon: `<i class="${attribute(entry.icon)}" aria-hidden="true"></i>`,
    condition: (li) => entry.visible(li),
    callback: (li) => entry.onClick(li),
  };
}

/** `entry` in v14's shape. */
export function v14Entry(entry: MenuEntry): V14MenuEntry {
  return {
    label: entry.label,
    icon: entry.icon,
    visible: (target) => entry.visible(target),
    onClick: (_event, target) => entry.onClick(target),
  };
}

/** The entries in the running generation's shape, for `ApplicationV2#_createContextMenu`. */
export function menuEntries(entries: readonly MenuEntry[]): (V13MenuEntry | V14MenuEntry)[] {
  // @deprecated v13: the v13 shape goes with v13.
  return entries.map((entry) => (isV14() ? v14Entry(entry) : v13Entry(entry)));
}

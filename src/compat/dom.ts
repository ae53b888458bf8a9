/**
 * DOM checks that work across windows. On v14 an application can be popped out into its own
 * browser window (https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html,
 * `window.detached`); its elements belong to that window's realm, where `instanceof HTMLElement`
 * (the main window's class) is false and the global `document` is the main window's (review v14
 * rows 8–9; pf2e PR #22434; dnd5e 5.3.3 `group-sheet.mjs:200` creates through
 * `element.ownerDocument`). Both helpers work the same on v13, where every window is the main one.
 */

/** The element API Tactica uses on elements handed over by core (hooks, render callbacks). */
export interface ElementLike {
  readonly ownerDocument: { createElement(tag: string): HTMLElement };
  querySelector<E extends Element = HTMLElement>(selector: string): E | null;
  querySelectorAll<E extends Element = HTMLElement>(selector: string): ArrayLike<E> & Iterable<E>;
  prepend(...nodes: (Node | string)[]): void;
}

/** `value` as an element of any window (duck-typed, never `instanceof`), or null. */
export function elementOf(value: unknown): ElementLike | null {
  if (typeof value !== "object" || value === null) return null;
  const el = value as Partial<ElementLike>;
  const ok =
    typeof el.querySelector === "function" &&
    typeof el.querySelectorAll === "function" &&
    typeof el.prepend === "function" &&
    typeof el.ownerDocument?.createElement === "function";
  return ok ? (value as ElementLike) : null;
}

/** A new element created in `root`'s own window. */
export function createElementIn(root: ElementLike, tag: string): HTMLElement {
  return root.ownerDocument.createElement(tag);
}

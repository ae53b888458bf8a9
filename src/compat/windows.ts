/**
 * Windows on v13 and v14 (the compatibility seam, see ./generation.ts): opening a child window —
 * a sheet, a roll dialog, a confirmation, the timeline — in the same browser window as the
 * application it was opened from, and DOM checks that hold in every browser window.
 *
 * - v14 can pop any application out into a browser window of its own (14.349 release notes:
 *   "pop-out applications"; render option `window: {detached, windowId}` —
 *   https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html ).
 *   An application rendered with a plain `render({force: true})` opens in the MAIN window, so a
 *   roll button of a popped-out sheet would seem dead. v14's `ApplicationV2#renderChild(app,
 *   options)` renders `app` in its parent's window; dnd5e 5.3 wraps it exactly so (commit
 *   65ffaa948 "Improve detached window UX in v14", `module/applications/api/
 *   application-v2-mixin.mjs` `_renderChild`: `(this.parent ?? this).renderChild(app, options)` on
 *   v14, `app.render({force: true, ...options})` on v13) and passes `{window: {detached: true,
 *   windowId}}` where no parent application is at hand (`_detachOptions`). `DialogV2.wait` and
 *   `prompt` forward `renderOptions` to the dialog's render
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.DialogV2WaitOptions.html).
 * - Elements of a popped-out window belong to that window's realm: `instanceof HTMLElement` (the
 *   main window's class) is false for them, and the global `document` is the main window's
 *   (pf2e PR #22434; dnd5e 5.3.3 `group-sheet.mjs:200` creates through
 *   `element.ownerDocument`). Tactica duck-types elements and creates through `ownerDocument`;
 *   both work the same on v13, where every window is the main one.
 *
 * v14-only members are read through type predicates that check them at run time (see ./generation.ts).
 */
import { isV14 } from "./generation";
import { isObject } from "./guards";

/* ------------------------------------------------------------------------------ child windows */

/** Render options as both generations take them (v14 adds `window.detached` / `windowId`). */
export interface WindowRenderOptions {
  force?: boolean;
  parts?: string[];
  window?: { detached?: boolean; windowId?: string };
  [key: string]: unknown;
}

/** An application that can be rendered. */
export interface Renderable {
  render(options?: WindowRenderOptions): Promise<unknown>;
}

/** An application that renders children in its own browser window (v14's `ApplicationV2#renderChild`). */
interface ChildRenderer {
  renderChild(app: Renderable, options?: WindowRenderOptions): Promise<unknown>;
}

/**
 * Whether `value` has v14's `renderChild` (https://foundryvtt.com/api/v14/classes/foundry.applications.api.ApplicationV2.html);
 * checked on the object, since the opener may be any application (or none) and v13 has no such member.
 */
function isChildRenderer(value: unknown): value is ChildRenderer {
  return isObject(value) && "renderChild" in value && typeof value.renderChild === "function";
}

/** v14: the id of the detached window `opener` is rendered in (`opener.window.windowId`), if any. */
function windowIdOf(opener: unknown): unknown {
  const frame = isObject(opener) && "window" in opener ? opener.window : undefined;
  return isObject(frame) && "windowId" in frame ? frame.windowId : undefined;
}

/** dnd5e's convention on v14: the application that opened `opener` (`opener.parent`), if any. */
function parentOf(opener: unknown): unknown {
  return isObject(opener) && "parent" in opener ? opener.parent : undefined;
}

/**
 * The render options that put another application in `opener`'s popped-out window (v14:
 * `{window: {detached: true, windowId}}` when `opener` is rendered in one), else `{}`.
 */
export function detachedOptions(opener: unknown): { window?: { detached: true; windowId: string } } {
  // @deprecated v13: no detached windows before v14.
  if (!isV14()) return {};
  const windowId = windowIdOf(opener);
  return typeof windowId === "string" && windowId !== "" ? { window: { detached: true, windowId } } : {};
}

/**
 * Renders `child` in the same browser window as `opener` (the sheet, tracker or dialog it was
 * opened from; `null` for the main window): on v14 through the opener's `renderChild` (or its
 * parent's), else with the opener's detached-window options; on v13, a plain forced render.
 */
export async function renderChild(
  opener: unknown,
  child: Renderable,
  options: WindowRenderOptions = {},
): Promise<unknown> {
  // @deprecated v13: every window is the main one.
  if (!isV14()) return child.render({ force: true, ...options });
  const parent = parentOf(opener);
  const owner = isChildRenderer(parent) ? parent : opener;
  if (isChildRenderer(owner)) return owner.renderChild(child, options);
  return child.render({ force: true, ...options, ...detachedOptions(opener) });
}

/* ------------------------------------------------------------------------ cross-window checks */

/** The element API Tactica uses on elements handed over by core (hooks, render callbacks). */
export interface ElementLike {
  readonly ownerDocument: { createElement(tag: string): HTMLElement };
  querySelector<E extends Element = HTMLElement>(selector: string): E | null;
  querySelectorAll<E extends Element = HTMLElement>(selector: string): ArrayLike<E> & Iterable<E>;
  prepend(...nodes: (Node | string)[]): void;
}

/** `value` as an element of any window (duck-typed, never `instanceof`), or null. */
export function elementOf(value: unknown): ElementLike | null {
  return isElementLike(value) ? value : null;
}

/** Whether `value` has the element API of {@link ElementLike} (its methods and its document's `createElement`). */
function isElementLike(value: unknown): value is ElementLike {
  if (!isObject(value)) return false;
  const owner = "ownerDocument" in value ? value.ownerDocument : undefined;
  return (
    "querySelector" in value &&
    typeof value.querySelector === "function" &&
    "querySelectorAll" in value &&
    typeof value.querySelectorAll === "function" &&
    "prepend" in value &&
    typeof value.prepend === "function" &&
    isObject(owner) &&
    "createElement" in owner &&
    typeof owner.createElement === "function"
  );
}

/** A new element created in `root`'s own window. */
export function createElementIn(root: ElementLike, tag: string): HTMLElement {
  return root.ownerDocument.createElement(tag);
}

/** Whether `value` is an `<input>` element of any window (by tag name, not by class). */
export function isInputElement(value: unknown): value is HTMLInputElement {
  return isObject(value) && "tagName" in value && value.tagName === "INPUT";
}

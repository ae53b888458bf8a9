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
 * v14-only members are read through the small views below (fvtt-types 13.345 knows v13 only).
 */
import { isV14 } from "./generation";

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

/** An application as a host of child windows: v14 members, absent on v13. */
interface WindowHost {
  /** v14: renders `app` in the same browser window as this application. */
  renderChild?(app: Renderable, options?: WindowRenderOptions): Promise<unknown>;
  /** dnd5e's convention on v14: the application that opened this one. */
  readonly parent?: unknown;
  /** v14: the detached window this application is rendered in (`window.windowId`). */
  readonly window?: { readonly windowId?: unknown } | null;
}

function hostOf(opener: unknown): WindowHost | null {
  return typeof opener === "object" && opener !== null ? (opener as WindowHost) : null;
}

/**
 * The render options that put another application in `opener`'s popped-out window (v14:
 * `{window: {detached: true, windowId}}` when `opener` is rendered in one), else `{}`.
 */
export function detachedOptions(opener: unknown): { window?: { detached: true; windowId: string } } {
  // @deprecated v13: no detached windows before v14.
  if (!isV14()) return {};
  const windowId = hostOf(opener)?.window?.windowId;
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
  const host = hostOf(opener);
  const parent = hostOf(host?.parent);
  const owner = typeof parent?.renderChild === "function" ? parent : host;
  if (owner && typeof owner.renderChild === "function") return owner.renderChild(child, options);
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

/** Whether `value` is an `<input>` element of any window (by tag name, not by class). */
export function isInputElement(value: unknown): value is HTMLInputElement {
  return typeof value === "object" && value !== null && (value as { tagName?: unknown }).tagName === "INPUT";
}

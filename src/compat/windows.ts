/**
 * Windows on v13 and v14 (the compatibility seam, see ./generation.ts): opening a child window —
 * a sheet, a roll dialog, a confirmation — in the same browser window as the application it was
 * opened from, and DOM checks that hold in every browser window.
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
 *   windowId}}` where no parent application is at hand (`_detachOptions`).
 * - Elements of a popped-out window belong to that window's realm: `instanceof HTMLElement` (the
 *   main window's class) is false for them, and the global `document` is the main window's
 *   (review v14 row 9; pf2e PR #22434; dnd5e `group-sheet.mjs` creates through
 *   `element.ownerDocument`). Tactica duck-types elements and creates through `ownerDocument`
 *   (./dom.ts, re-exported here).
 *
 * v14-only members are read through the small views below (fvtt-types 13.345 knows v13 only).
 */
import { isV14 } from "./generation";
import { besideOptions } from "./detached";

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
 * The render options that put an application in `opener`'s popped-out window (v14), else none:
 * the combat windows' `besideOptions` (./detached.ts), one implementation for both.
 * @deprecated v13 — always `{}` there: v13 has no detached windows.
 */
export function detachedOptions(opener: unknown): WindowRenderOptions {
  return besideOptions(opener);
}

/**
 * Renders `child` in the same browser window as `opener` (the sheet, tracker or dialog it was
 * opened from; `null` for the main window): on v14 through the opener's `renderChild` (or its
 * parent's), else with the opener's detached-window options; on v13, a plain forced render.
 */
export async function renderChild(opener: unknown, child: Renderable, options: WindowRenderOptions = {}): Promise<unknown> {
  // @deprecated v13: every window is the main one.
  if (!isV14()) return child.render({ force: true, ...options });
  const host = hostOf(opener);
  const parent = hostOf(host?.parent);
  const owner = typeof parent?.renderChild === "function" ? parent : host;
  if (owner && typeof owner.renderChild === "function") return owner.renderChild(child, options);
  return child.render({ force: true, ...options, ...detachedOptions(opener) });
}

/** DOM checks that hold in every browser window live in ./dom.ts (duck-typed, `ownerDocument`). */
export { createElementIn, elementOf, type ElementLike } from "./dom";

/** Whether `value` is an `<input>` element of any window (by tag name, not by class). */
export function isInputElement(value: unknown): value is HTMLInputElement {
  return typeof value === "object" && value !== null && (value as { tagName?: unknown }).tagName === "INPUT";
}

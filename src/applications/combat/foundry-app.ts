/**
 * The Foundry base of Tactica's own windows (timeline tracker, place form):
 * HandlebarsApplicationMixin over ApplicationV2, seen through the few members they use.
 *
 * Why the cast: with fvtt-types 13.345, subclassing the mixed class and overriding its static
 * DEFAULT_OPTIONS makes tsc hit its instantiation depth (TS2589). These windows only touch the
 * members below, all part of Foundry's public v13 ApplicationV2 API.
 */

/** Render options as ApplicationV2#render takes them. */
export interface AppRenderOptions {
  force?: boolean;
}

/** The members of a v13 Handlebars application our windows use. */
export interface FoundryApp {
  readonly element: HTMLElement;
  readonly rendered: boolean;
  render(options?: AppRenderOptions): Promise<unknown>;
  close(): Promise<unknown>;
  _prepareContext(options: object): Promise<Record<string, unknown>>;
  _onRender(context: object, options: object): Promise<void>;
}

/** An application class as our windows extend it: constructed with the application options. */
export type FoundryAppClass = new (options?: object) => FoundryApp;

/** A click action of `DEFAULT_OPTIONS.actions` (Foundry calls it with the app as `this`). */
export type AppAction = (this: never, event: PointerEvent, target: HTMLElement) => unknown;

/** The form data Foundry hands to an ApplicationV2 form handler. */
export interface AppFormData {
  readonly object: Record<string, unknown>;
}

/** HandlebarsApplicationMixin(ApplicationV2), applied once. */
export const HandlebarsAppBase = foundry.applications.api.HandlebarsApplicationMixin(
  foundry.applications.api.ApplicationV2,
) as unknown as FoundryAppClass;

/**
 * The two Foundry bases of our sheets — HandlebarsApplicationMixin over ActorSheetV2 and over
 * ItemSheetV2 — seen through the few members the sheets use.
 *
 * Why the cast: with fvtt-types 13.345, subclassing the mixed class and overriding its static
 * DEFAULT_OPTIONS makes tsc hit its instantiation depth (TS2589) and take minutes. The sheets only
 * touch the members below, all part of Foundry's public v13 API (ApplicationV2, DocumentSheetV2,
 * HandlebarsApplicationMixin); this is the one place that bridges them.
 */

/** Render options as ApplicationV2#render takes them. */
export interface RenderOptions {
  force?: boolean;
  parts?: string[];
}

/** The members of a v13 Handlebars document sheet the Tactica sheets use. */
export interface FoundrySheet<D> {
  readonly document: D;
  readonly element: HTMLElement;
  readonly isEditable: boolean;
  readonly rendered: boolean;
  tabGroups: Record<string, string | null>;
  render(options?: RenderOptions): Promise<unknown>;
  _prepareContext(options: object): Promise<Record<string, unknown>>;
  _preparePartContext(partId: string, context: Record<string, unknown>, options: object): Promise<Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, unknown>;
  _onFirstRender(context: object, options: object): Promise<void>;
  _onRender(context: object, options: object): Promise<void>;
}

/** A sheet class as the bases are extended: constructed with the application options. */
export type FoundrySheetClass<D> = new (options?: object) => FoundrySheet<D>;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** HandlebarsApplicationMixin(ActorSheetV2), applied once. */
export const ActorSheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2) as unknown as FoundrySheetClass<Actor.Implementation>;

/** HandlebarsApplicationMixin(ItemSheetV2), applied once. */
export const ItemSheetBase = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2) as unknown as FoundrySheetClass<Item.Implementation>;

/** A click action of `DEFAULT_OPTIONS.actions` (Foundry calls it with the sheet as `this`). */
export type SheetAction = (this: never, event: PointerEvent, target: HTMLElement) => unknown;

/** The part of ApplicationV2's DEFAULT_OPTIONS our sheets declare (Foundry merges the chain). */
export interface SheetDefaults {
  classes?: string[];
  position?: { width?: number; height?: number };
  window?: { resizable?: boolean };
  form?: { submitOnChange?: boolean; closeOnSubmit?: boolean };
  actions?: Record<string, SheetAction>;
}

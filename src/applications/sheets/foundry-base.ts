/**
 * The two Foundry bases of our sheets — HandlebarsApplicationMixin over ActorSheetV2 and over
 * ItemSheetV2 — seen through the few members the sheets use.
 *
 * Why the cast: with fvtt-types 13.345, subclassing the mixed class and overriding its static
 * DEFAULT_OPTIONS makes tsc hit its instantiation depth (TS2589) and take minutes. The sheets only
 * touch the members below, all part of Foundry's public v13 API (ApplicationV2, DocumentSheetV2,
 * HandlebarsApplicationMixin); this is the one place that bridges them.
 */

import type { SheetTab } from "./context/shared";

/** Render options as ApplicationV2#render takes them (and the sheets' own `mode`). */
export interface RenderOptions {
  force?: boolean;
  parts?: string[];
  /** A render that opens a new document's sheet: `create<DocumentName>` (core's `renderSheet`). */
  renderContext?: string;
  /** Tactica: open in this mode (a new item opens in edit mode). */
  mode?: "play" | "edit";
  isFirstRender?: boolean;
}

/** What a drag start hands to `_onDragStart` (core's DragDrop, on a `.draggable` element). */
export interface SheetDragEvent {
  readonly currentTarget: { readonly dataset: DOMStringMap } | null;
  readonly target: { readonly dataset?: DOMStringMap } | null;
  readonly dataTransfer: { setData(type: string, data: string): void } | null;
}

/** The members of a v13 Handlebars document sheet the Tactica sheets use. */
export interface FoundrySheet<D> {
  readonly document: D;
  /** The root element: an element of whichever browser window the sheet is in (v14 pop-outs). */
  readonly element: HTMLElement;
  readonly id: string;
  readonly isEditable: boolean;
  readonly rendered: boolean;
  readonly options: { readonly actions: Readonly<Record<string, unknown>>; readonly form?: object };
  tabGroups: Record<string, string | null>;
  render(options?: RenderOptions): Promise<unknown>;
  _configureRenderOptions(options: RenderOptions): void;
  _prepareContext(options: object): Promise<Record<string, unknown>>;
  _prepareTabs(group: string): Record<string, SheetTab>;
  _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: object,
  ): Promise<Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, unknown>;
  /** Core v13 `HandlebarsApplicationMixin#_renderHTML`: renders each part of `options.parts`. */
  _renderHTML(context: Record<string, unknown>, options: RenderOptions): Promise<unknown>;
  _onFirstRender(context: object, options: object): Promise<void>;
  _onRender(context: object, options: object): Promise<void>;
  /** Core v13 `ApplicationV2#_createContextMenu` (fires `get<Class>ContextOptions` hooks). */
  _createContextMenu(handler: () => object[], selector: string, options?: object): unknown;
  _onChangeForm(formConfig: object, event: Event): void;
  /**
   * Core v13 `DocumentSheetV2#_prepareSubmitData(event, form, formData, updateData)`: the form's
   * expanded object, then `document.validate({changes, clean: true})`, which CLEANS it in place
   * (clamps, rounds) or throws core's validation error; its result goes to `_processSubmitData`.
   */
  _prepareSubmitData(event: Event, form: HTMLFormElement, formData: FormDataExtended, updateData?: object): object;
  /** Core v13 `DocumentSheetV2#_processSubmitData`: writes the prepared data (`document.update`). */
  _processSubmitData(event: Event, form: HTMLFormElement, submitData: object, options?: object): Promise<void>;
  /** Core v13 `ApplicationV2#changeTab`: toggles the tab's `.active` classes and sets `tabGroups[group]`. */
  changeTab(tab: string, group: string, options?: object): void;
}

/** The drag members of ActorSheetV2 (v13: DragDrop bound to `.draggable` on every render). */
export interface FoundryActorSheet<D> extends FoundrySheet<D> {
  _onDragStart(event: SheetDragEvent): Promise<void>;
}

/** A sheet class as the bases are extended: constructed with the application options. */
export type FoundrySheetClass<D, S extends FoundrySheet<D> = FoundrySheet<D>> = new (options?: object) => S;

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** HandlebarsApplicationMixin(ActorSheetV2), applied once. */
export const ActorSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ActorSheetV2,
) as unknown as FoundrySheetClass<Actor.Implementation, FoundryActorSheet<Actor.Implementation>>;

/** HandlebarsApplicationMixin(ItemSheetV2), applied once. */
export const ItemSheetBase = HandlebarsApplicationMixin(
  foundry.applications.sheets.ItemSheetV2,
) as unknown as FoundrySheetClass<Item.Implementation>;

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

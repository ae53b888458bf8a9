/**
 * The Foundry bases of Tactica's applications — HandlebarsApplicationMixin over ActorSheetV2 and
 * ItemSheetV2 (the sheets), over ApplicationV2 (the timeline tracker) and over DocumentSheetV2 (the
 * place form) — seen through the few members they use.
 *
 * Why the one cast below: with fvtt-types 13.345, subclassing the mixed class and overriding its
 * static DEFAULT_OPTIONS makes tsc hit its instantiation depth (TS2589) and take minutes. Our
 * classes only touch the members below, all part of Foundry's public v13 API (ApplicationV2,
 * DocumentSheetV2, HandlebarsApplicationMixin); this is the one place that bridges them, and
 * ./foundry-base.check.ts ties every member declared here to fvtt-types' classes, member by member.
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
  /** Core v13 `HandlebarsApplicationMixin#_replaceHTML`: swaps each rendered part into the content. */
  _replaceHTML(result: unknown, content: HTMLElement, options: RenderOptions): void;
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
  /** Core v13 `DocumentSheetV2#_processFormData`: the form data's object, expanded. */
  _processFormData(event: Event | null, form: HTMLFormElement, formData: FormDataExtended): object;
  /** Core v13 `DocumentSheetV2#_processSubmitData`: writes the prepared data (`document.update`). */
  _processSubmitData(event: Event, form: HTMLFormElement, submitData: object, options?: object): Promise<void>;
  /** Core v13 `ApplicationV2#changeTab`: toggles the tab's `.active` classes and sets `tabGroups[group]`. */
  changeTab(tab: string, group: string, options?: object): void;
  /** Core v13 `ApplicationV2#submit`: FormDataExtended of the form, then the form's handler. */
  submit(options?: object): Promise<unknown>;
  /** Core v13 `DocumentSheetV2#_toggleDisabled`: disables (or enables) every control of the window content. */
  _toggleDisabled(disabled: boolean): void;
}

/** The drag members of ActorSheetV2 (v13: DragDrop bound to `.draggable` on every render). */
export interface FoundryActorSheet<D> extends FoundrySheet<D> {
  _onDragStart(event: SheetDragEvent): Promise<void>;
}

/** A sheet class as the bases are extended: constructed with the application options. */
export type FoundrySheetClass<D, S extends FoundrySheet<D> = FoundrySheet<D>> = new (options?: object) => S;

/** Render options as ApplicationV2#render takes them (Tactica's own windows). */
export interface AppRenderOptions {
  force?: boolean;
  /** The window frame's new title (core's `_updateFrame` writes it only when given). */
  window?: { title?: string; detached?: boolean; windowId?: string };
}

/** The members of a v13 Handlebars application our windows use (timeline tracker, place form). */
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

/** The members of a v13 DocumentSheetV2 (with HandlebarsApplicationMixin) the place form uses. */
export interface FoundryDocumentSheet<D> extends FoundryApp {
  readonly id: string;
  readonly document: D;
}

/** A document sheet class as the place form extends it: constructed with its document. */
export type FoundryDocumentSheetClass<D> = new (options: { document: D }) => FoundryDocumentSheet<D>;

/** The four bases, as our classes extend them. */
interface Bases {
  ActorSheet: FoundrySheetClass<Actor.Implementation, FoundryActorSheet<Actor.Implementation>>;
  ItemSheet: FoundrySheetClass<Item.Implementation>;
  Application: FoundryAppClass;
  DocumentSheet: FoundryDocumentSheetClass<RegionBehavior.Implementation>;
}

const { HandlebarsApplicationMixin } = foundry.applications.api;

/** Each mixed class, applied once. */
const mixed = {
  ActorSheet: HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2),
  ItemSheet: HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2),
  Application: HandlebarsApplicationMixin(foundry.applications.api.ApplicationV2),
  DocumentSheet: HandlebarsApplicationMixin(foundry.applications.api.DocumentSheetV2),
};

// The one bridge from fvtt-types' mixed classes to the views above (see the file comment: a direct
// subclass makes tsc hit TS2589, and a checked conversion of the whole class is what takes minutes);
// ./foundry-base.check.ts checks each declared member against fvtt-types instead.
const bases = mixed as unknown as Bases;

/** HandlebarsApplicationMixin(ActorSheetV2): the actor sheets' base. */
export const ActorSheetBase = bases.ActorSheet;

/** HandlebarsApplicationMixin(ItemSheetV2): the item sheet's base. */
export const ItemSheetBase = bases.ItemSheet;

/** HandlebarsApplicationMixin(ApplicationV2): the timeline tracker's base. */
export const HandlebarsAppBase = bases.Application;

/** HandlebarsApplicationMixin(DocumentSheetV2): the place form's base (a region behaviour's sheet). */
export const DocumentSheetBase = bases.DocumentSheet;

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

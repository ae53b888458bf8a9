/**
 * Part of the Foundry FAKE (see fake.ts): the ApplicationV2 surface Tactica's windows use — NOT
 * Foundry. test/foundry/apps-fake.test.ts holds one self-test per behaviour below
 * (places-fake.test.ts those of the instances registry and form submit). [CORE] is Foundry's own
 * v13 client code, read: `applications/api/application.mjs` (ApplicationV2),
 * `applications/api/handlebars-application.mjs` (HandlebarsApplicationMixin),
 * `applications/api/document-sheet.mjs` (DocumentSheetV2), `applications/api/dialog.mjs`
 * (DialogV2), `applications/sheets/actor-sheet.mjs` (ActorSheetV2),
 * `documents/abstract/client-document.mjs` (ClientDocumentMixin) — the public copies named in
 * docs/foundry-behaviour.md §4 and core-source review part 2. The window's DOM is fake-apps-dom.ts
 * (a tree of {@link FakeElement}s, `<prose-mirror>` included). The fake classes answer to core's
 * class names (`ApplicationV2`, `DocumentSheetV2`, …): core builds hook names from `cls.name`.
 * Test helpers, not Foundry: `renderCount`, `tabChanges`, `renderedParts` and `lastContext` (each
 * part's HTML string and the context of the last render), `imageEdits`, `dragSelector`,
 * {@link dragStart}, `FakeDialogV2#html` and `dialogForm`, {@link answerDialog},
 * {@link clickAction} (a `DEFAULT_OPTIONS.actions` handler called as core's click dispatch calls
 * it), {@link clickElement}, {@link submitForm}, {@link formsSettled}, `fake.contextMenus`,
 * `fake.enriched`, `fake.sheetRegistrations`.
 *
 * Not covered: positions, minimising, header controls and the `close`/`toggleControls` actions,
 * right clicks (`contextmenu` and `{handler, buttons}` actions), `render<Class>`/`close<Class>`
 * hooks, a render that fails (core's ERROR state), `BASE_APPLICATION` below ApplicationV2,
 * `root` parts, part forms, focus and scroll syncing, `cleanHTML` of a dialog's content, modal
 * display, Escape and Enter in dialogs (tests close or answer them), DragDrop's drop and sort.
 *
 * Behaviours:
 * - Options: `_initializeApplicationOptions` merges `DEFAULT_OPTIONS` down the class chain, then
 *   the constructor's (`#mergeApplicationOptions`: every array concatenated, objects merged at
 *   every depth, other values replaced, each value deep-cloned), prepends `application` to a
 *   framed window's classes and removes duplicates; `tabGroups` start at each `static TABS`
 *   group's `initial`; the id is `options.id` or one of the app's own. Source: [CORE]
 *   `application.mjs` (`_initializeApplicationOptions`, `#mergeApplicationOptions`);
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html
 *   ("Array-based options are concatenated"). Contract: `apps.options-merge`.
 * - `render(options)` (a boolean is `force`), queued with `close` on one semaphore (`#render`):
 *   `_canRender` (false: nothing; a throw: its message as a warning) → `isFirstRender` (state ≤
 *   NONE; a first render needs `force`) → `_configureRenderOptions` (first render of a framed
 *   window: `options.window` title, icon, controls) → `_prepareContext` → first render
 *   `_preFirstRender` → `_preRender` → state RENDERING → first render: `_renderFrame` (the element
 *   with its id and classes, a `.window-header` with its `.window-title`, the `.window-content`)
 *   and `_attachFrameListeners` → `_renderHTML`, `_replaceHTML` into the content → first render:
 *   listed in `foundry.applications.instances`, `_insertElement` (the tree connected) →
 *   `_updateFrame` (the title when `options.window.title` is given) → RENDERED → first render
 *   `_onFirstRender` → `_onRender`, then the `render` event (EventEmitterMixin,
 *   `addEventListener`/`dispatchEvent`) → `_postRender`. Source: [CORE] `application.mjs`
 *   (`render`, `#render`, `_configureRenderOptions`, `_renderFrame`, `_updateFrame`,
 *   `_doEvent`); the ApplicationV2 page above (`emittedEvents`). Contract: `apps.render-order`.
 * - `close(options)` (`#close`): nothing but the CLOSED state for an app never rendered; else
 *   `_preClose` awaited → state CLOSING → `_tearDown` (`_removeElement`: the element leaves the
 *   page, its subtree intact) → CLOSED and out of `instances` → `_onClose`, then the `close`
 *   event. Source: [CORE] `application.mjs` (`close`, `#close`, `_tearDown`, `_removeElement`).
 *   Contract: `apps.close-order`.
 * - Forms: `form` is the element of a `form`-tagged app, or a `form` content, else null;
 *   `_attachFrameListeners` puts `submit` and `change` listeners on it. `submit(options)` builds
 *   FormDataExtended of `form` and returns `form.handler(event, form, formData, options)` (no
 *   handler: it throws); `_onChangeForm` starts `_onSubmitForm` unawaited when
 *   `form.submitOnChange` and the state is RENDERED or CLOSING; `_onSubmitForm` reads the form
 *   from `event.currentTarget`, runs `form.handler(event, form, formData)`, shows a thrown error as
 *   an error notification and stays open, else closes when `closeOnSubmit`. Source: [CORE]
 *   `application.mjs` (`form`, `submit`, `_onSubmitForm`, `_onChangeForm`); dnd5e
 *   `create-document-dialog.mjs` and draw-steel's `DSApplication` throw to refuse a submission.
 *   Contract: `apps.form-submit`.
 * - Tabs: `_prepareContext` prepares the tabs when exactly one group is configured;
 *   `_prepareTabs(group)` sets `tabGroups[group] ??= initial` and gives each tab `{group, id,
 *   active, cssClass, …config}` (`cssClass` "active" only on the active tab), `label` defaulting to
 *   `<labelPrefix>.<id>`; the `tab` render option sets `tabGroups`; `changeTab(tab, group)` needs
 *   both ids, does nothing for the active tab (unless forced), throws when the content has no
 *   `.tabs [data-group][data-tab]` link for it, toggles `.active` on the group's links and its
 *   `.tab` sections present, sets `tabGroups` and does not render; `_onClickTab` reads the tab from
 *   `event.target` — the element clicked, not its `[data-action]` link — for the main button
 *   only. Source: [CORE] `application.mjs` (`_prepareContext`, `_prepareTabs`,
 *   `_configureRenderOptions`, `changeTab`, `_onClickTab`);
 *   https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationTabsConfiguration.html.
 *   Contract: `apps.tabs`.
 * - A click on the window (`#onClick`/`#onClickAction`) finds `closest("[data-action]")` of the
 *   element clicked: `tab` → `_onClickTab`; an action of `options.actions` → its handler, with the
 *   app as `this` and that element as the target, for the main button (0) only. Source: [CORE]
 *   `application.mjs` (`_attachFrameListeners`, `#onClick`, `#onClickAction`). Contract:
 *   `apps.click-action`.
 * - `_createContextMenu(handler, selector, {container, hookName, parentClassHooks, …options})`:
 *   the handler's entries go through `Hooks.callAll` — `get<Class>ContextOptions(app, entries)`
 *   for each class of the chain up to ApplicationV2, or `hookName` alone with `parentClassHooks:
 *   false` — then `new ContextMenu.implementation(container ?? element, selector, entries, {jQuery:
 *   false, …options})`; no entry, no menu (null). Source: [CORE] `application.mjs`
 *   (`_createContextMenu`, `_doEvent`, `#callHooks`); draw-steel
 *   `src/module/applications/sheets/actor-sheet.mjs`. Contract: `apps.context-menu`.
 * - `ContextMenu` entries by generation: v13 reads `name, icon (HTML), condition(li),
 *   callback(li)`; v14 reads `label, icon (classes), visible(target), onClick(event, target)` and
 *   still the v13 names, each with a deprecation warning (recorded: fake-generation.ts); v13 does
 *   not read the v14 names (recorded too). Source:
 *   https://foundryvtt.com/api/v13/interfaces/foundry.ContextMenuEntry.html,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.ContextMenuEntry.html; Fabula-Ultima PR
 *   #1383 quotes the warnings; draw-steel 01db4e1a. Contract: none — manual check "The console
 *   shows no `ContextMenuEntry#` deprecation warning when the item menu opens".
 * - `HandlebarsApplicationMixin`: `_configureRenderOptions` takes the part descriptors from
 *   `_configureRenderParts` (a deep copy of `PARTS`, `templates ??= []`) and fills `options.parts
 *   ??= every part`; `_renderHTML` renders each of `options.parts` (an id without a descriptor is
 *   skipped) with the ONE shared context `_preparePartContext` receives (it sets `context.partId`);
 *   `_replaceHTML` puts each rendered part (its single root marked `data-application-part`) in
 *   place of the part's element in the content (`replaceWith`), or appends it when there is none
 *   — a part not rendered is never removed. Source: [CORE] `handlebars-application.mjs`;
 *   https://foundryvtt.com/api/functions/foundry.applications.api.HandlebarsApplicationMixin.html.
 *   Contract: `apps.partial-render`.
 * - v14 (the world run as v14, fake-generation.ts): a render with `window: {detached: true,
 *   windowId}` puts the app in that popped-out window (`window.windowId`), and `renderChild(app,
 *   options)` renders `app` in this one's window; v13 applications have neither. Source:
 *   https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html;
 *   dnd5e 5.3 `module/applications/api/application-v2-mixin.mjs` (`_renderChild`,
 *   `_detachOptions`). Contract: none — manual check "Pop a character sheet out into its own
 *   window".
 * - `DialogV2` buttons, keyed by action (at least one, each action a click handler); `_onSubmit`
 *   disables the buttons, takes the button callback's result — or, when it is nullish, the
 *   button's action ("Otherwise, the button's identifier is used") — awaits `submit(result,
 *   dialog)`, re-enables the buttons and closes when `form.closeOnSubmit` (a dialog's default).
 *   Source: [CORE] `dialog.mjs` (`_initializeApplicationOptions`, `_onSubmit`, `_onClickButton`);
 *   https://foundryvtt.com/api/interfaces/foundry.DialogV2Button.html. Contract:
 *   `apps.dialog-submit`.
 * - `DialogV2#_renderHTML` wraps the content in `<form class="dialog-form">` (`.dialog-content`,
 *   the buttons in its `footer.form-footer`) and `_replaceHTML` makes that form the content's only
 *   child: the buttons' `form`, which FormDataExtended reads; the dialog itself has no top-level
 *   `form` (its tag is `dialog`, its content a section). Source: [CORE] `dialog.mjs`
 *   (`_renderHTML`, `_replaceHTML`), `application.mjs` (`form`). Contract: `apps.dialog-form`.
 * - `DialogV2.wait` resolves the submitted result; closed without a button it resolves `close()`'s
 *   value or null, or rejects with `rejectClose`; it renders with `{force: true}`. Source: [CORE]
 *   `dialog.mjs` (`wait`); https://foundryvtt.com/api/v13/classes/foundry.applications.api.DialogV2.html.
 *   Contract: `apps.dialog-wait-close`.
 * - `DialogV2.prompt` (an "ok" default button first) and `confirm` ("yes" → true, "no", the
 *   default, → false), both through `wait` with a 400-pixel width. Source: [CORE] `dialog.mjs`
 *   (`prompt`, `confirm`). Contract: `apps.dialog-confirm`.
 * - v14 `DialogV2.wait` forwards `renderOptions` to the dialog's render ("Options forwarded to the
 *   dialog's render call"); v13 passes every other option to the constructor. Source:
 *   https://foundryvtt.com/api/v14/interfaces/foundry.DialogV2WaitOptions.html; [CORE] `dialog.mjs`
 *   (v13 `wait`); 14.365's `wait` as a module's audit note quotes it (core-source review part 2,
 *   row 35). Contract: none — manual check "a roll button's dialog, *Modifier* on an item,
 *   *Supprimer*'s confirmation".
 * - `DocumentSheetV2` / `ActorSheetV2` / `ItemSheetV2`: a `<form>` with the `sheet` class; its id
 *   `<class name>-<document uuid, dots as dashes>`; `document`, `actor`/`item`; `title` `<type
 *   label>: <name or id>`; `_prepareContext` adds `document`, `source`, `fields`, `editable`,
 *   `user`, `rootId`; `_configureRenderOptions` retitles the window when a render's `renderData`
 *   names the document anew; `_onFirstRender` / `_onClose` list the sheet in `document.apps` /
 *   take it out. Source: [CORE] `document-sheet.mjs` (`_initializeApplicationOptions`, `title`,
 *   `_prepareContext`, `_configureRenderOptions`, `_onFirstRender`, `_onClose`). Contract:
 *   `apps.document-sheet`.
 * - `isVisible` (`viewPermission`, LIMITED) and `isEditable` (false in a locked compendium, else
 *   `editPermission`, OWNER); `_canRender` throws core's `SHEETS.DocumentSheetPrivate` unless
 *   visible; `_onRender` calls `_toggleDisabled(true)` for a sheet the user may not edit, which
 *   disables every form control inside the window content and marks `img[data-edit]` disabled.
 *   Source: [CORE] `document-sheet.mjs` (`isVisible`, `isEditable`, `_canRender`, `_onRender`,
 *   `_toggleDisabled`). Contract: none — manual check "As an *Observer*: clicking an item's name
 *   opens its sheet, read-only; the equip boxes and other controls are disabled".
 * - The sheet's form handler `#onSubmitDocumentForm(event, form, formData, {updateData,
 *   …options})`: nothing when not editable; `_prepareSubmitData` (the expanded form data,
 *   `updateData` merged with and without deletions, then `document.validate` with `clean`, which
 *   clamps and rounds in place) → `_processSubmitData(…, options)` (`document.update`). Source:
 *   [CORE] `document-sheet.mjs` (`#onSubmitDocumentForm`, `_prepareSubmitData`,
 *   `_processFormData`, `_processSubmitData`). Contract: `apps.sheet-submit`, `data.validate-clean`.
 * - The core `editImage` action of a document sheet: only an IMG may ask for a new image (else it
 *   throws). Source: [CORE] `document-sheet.mjs` (`#onEditImage`). Contract: none — manual check
 *   "In edit mode, Tab to the portrait and press Enter: the file picker opens".
 * - `ActorSheetV2#_onRender` binds core's DragDrop with `dragSelector: ".draggable"` ONLY (see
 *   {@link dragStart}); `_canDragStart`/`_canDragDrop` are `isEditable`; `_onDragStart` reads the
 *   dragged element's `dataset.itemId` / `dataset.effectId` (the actor's items and own effects)
 *   into `toDragData()` in the `text/plain` transfer, and ignores a drag from a content link.
 *   Source: [CORE] `sheets/actor-sheet.mjs` (`_onRender`, `_onDragStart`); dnd5e
 *   `module/applications/actor/api/base-actor-sheet.mjs` (`_onDragStart` falls back to core).
 *   Contract: `apps.actor-drag`.
 * - Documents (ClientDocumentMixin): `sheet` — the registered default sheet of the document's
 *   type, made once and kept ("The sheet of this document"); `apps` (the applications showing
 *   it, by id); `render(force, context)` renders each app of `apps` with a copy of `context`
 *   (how core's `Combat#updateCombatantActors` redraws combatants' sheets). Source: [CORE]
 *   `client-document.mjs` (`sheet`, `apps`, `render`), `documents/combat.mjs`;
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html. Contract:
 *   `apps.document-sheet`.
 * - `limited`: the user's level on the document (its parent's when embedded) is exactly LIMITED;
 *   a GM never. Source: https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html
 *   (`limited`). Contract: none — manual check "Give a player *Limited* on an NPC: their sheet
 *   shows the portrait, the name and the biography only".
 * - `toDragData()` is `{type: documentName, uuid}`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html (`toDragData`).
 *   Contract: `apps.actor-drag`.
 * - Actor and Item `getRollData()` is the document's `system` ("the data schema used by dice roll
 *   commands"). Source: https://foundryvtt.com/api/v13/classes/foundry.documents.Item.html#getrolldata.
 *   Contract: `documents.roll-data`.
 * - The Item `sort` field: BaseItem's integer sort, 0 by default. Source:
 *   https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.ItemData.html. Contract:
 *   none — manual check "onto another row of the same list (the order changes and survives a
 *   reload)".
 * - Sheet registration: `Actors`/`Items.registerSheet(scope, cls, {types, makeDefault, label})`
 *   and `unregisterSheet(scope, cls)`; a document opens its type's last default registration;
 *   core's own V1 `foundry.appv1.sheets.ActorSheet`/`ItemSheet` and `ActiveEffectConfig` are
 *   registered before the system's init, as in v13. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html;
 *   dnd5e `dnd5e.mjs` (unregisters the two V1 sheets). Contract: none — manual check "*Sheet
 *   Configuration* of an actor and of an item offers Tactica's sheets and no core V1".
 * - `TextEditor.implementation.enrichHTML(html, options)` resolves HTML; the fake returns its input
 *   unchanged (it enriches nothing) and records each call with its options (`fake.enriched`).
 *   Source: https://foundryvtt.com/api/classes/foundry.applications.ux.TextEditor.html
 *   (`enrichHTML`: "Enrich HTML content by replacing or augmenting components of it"). Contract:
 *   none — manual check "A biography containing `[[/r 1d10 + @profile.co.total]]` shows an inline
 *   roll that rolls with the actor's CO".
 */
import { deprecatedUse, v14OnlyUse } from "./fake-generation";
import Handlebars from "handlebars";
import type { FakeFoundry } from "./fake";
import { FakeDocument } from "./fake-documents";
import { FakeActor, FakeItem } from "./fake-document-types";
import { OWNERSHIP, currentWorld } from "./fake-world";
import { deepClone, expandObject, getType, mergeObject, randomID } from "./fake-utils";
import { createElement, FakeElement, formDataOf, parseHTML } from "./fake-apps-dom";

export { elementsOf, FakeElement, FakeProseMirror, type FakeListener } from "./fake-apps-dom";

type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: unknown) => unknown;

/** A plain object (core merges options only into those: `foundry.utils.getType(v) === "Object"`). */
const isObj = (v: unknown): v is Obj => getType(v) === "Object";

/**
 * Core v13 `ApplicationV2.#mergeApplicationOptions(options, opts)`: each value deep-cloned; into an
 * array already there it is concatenated, into an object merged (at every depth), else it replaces.
 */
function mergeOptions(into: Obj, from: Obj): Obj {
  for (const [key, value] of Object.entries(from)) {
    const copy = deepClone(value);
    const prior = into[key];
    if (key in into && Array.isArray(prior)) prior.push(...(Array.isArray(copy) ? copy : [copy]));
    else if (key in into && isObj(prior) && isObj(copy)) mergeOptions(prior, copy);
    else into[key] = copy;
  }
  return into;
}

interface FakeGlobals {
  foundry: {
    applications: {
      instances: Map<string, FakeApplicationV2>;
      ux: { ContextMenu: { implementation: new (...args: unknown[]) => unknown } };
    };
  };
  Hooks: { callAll(name: string, ...args: unknown[]): unknown };
  game: {
    release?: { generation?: number };
    user: unknown;
    i18n?: { localize(k: string): string; format(k: string, d: Obj): string };
    packs?: { get(id: string): { locked?: boolean } | undefined };
  };
  ui: { notifications: { error(m: string): unknown; warn(m: string): unknown } };
}
const globals = () => globalThis as unknown as FakeGlobals;
const isV14 = () => (globals().game?.release?.generation ?? 13) >= 14;
const localize = (key: string) => globals().game?.i18n?.localize(key) ?? key;

/* ------------------------------------------------------------------------------------------ */
/*  Applications                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** Registrations made through `Actors`/`Items.registerSheet` (and core's own, made first). */
export interface SheetRegistration {
  documentName: "Actor" | "Item" | "ActiveEffect";
  scope: string;
  sheetClass: unknown;
  options: Obj;
}

/**
 * The windows rendered and not closed since the fake was installed. A new install is a new client
 * session (a reloaded page): no window of the earlier one is still rendered, so installing the
 * fake closes them (an app kept by a module-level singleton then renders again only when opened).
 */
const openWindows = new Set<FakeApplicationV2>();

/** Form submissions core starts without awaiting them (`_onChangeForm`), still running. */
const pendingSubmits = new Set<Promise<unknown>>();

/** Resolves once every form submission core started without awaiting it has finished. */
export async function formsSettled(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) {
    await Promise.all([...pendingSubmits]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (pendingSubmits.size === 0) return;
  }
}

let appCount = 0;

type AppListener = { fn: (event: Obj) => unknown; once: boolean };

/** Core v13 `ApplicationV2.RENDER_STATES`. */
export const RENDER_STATES = Object.freeze({ ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 });

export class FakeApplicationV2 {
  static BASE_APPLICATION: unknown = FakeApplicationV2;
  static DEFAULT_OPTIONS: Obj = {
    classes: [],
    tag: "div",
    window: {
      frame: true,
      positioned: true,
      title: "",
      icon: "",
      controls: [],
      minimizable: true,
      resizable: false,
      contentTag: "section",
      contentClasses: [],
    },
    actions: {},
    form: { handler: undefined, submitOnChange: false, closeOnSubmit: false },
    position: {},
  };
  static RENDER_STATES = RENDER_STATES;
  static TABS: Record<
    string,
    { tabs: ({ id: string; cssClass?: string } & Obj)[]; initial?: string; labelPrefix?: string }
  > = {};
  #id: string | undefined;
  #state: number = RENDER_STATES.NONE;
  /** Renders and closes run one after the other, as core's ApplicationV2 queues them on a semaphore. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Map<string, AppListener[]>();
  options: Obj;
  tabGroups: Record<string, string | null> = {};
  renderCount = 0;
  /** The window's element (core's `#element`): a form for a document sheet. */
  element: FakeElement | null = null;
  /** The element parts are rendered into (core's `#content`: the `.window-content` of a framed window). */
  content: FakeElement | null = null;
  /** v14: the popped-out browser window the application is rendered in (`window.windowId`). */
  window: { windowId?: string } = {};

  constructor(options: Obj = {}) {
    const chain: (typeof FakeApplicationV2)[] = [];
    for (
      let cls = this.constructor as typeof FakeApplicationV2;
      cls && cls !== (Object as unknown);
      cls = Object.getPrototypeOf(cls)
    ) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) chain.unshift(cls);
    }
    this.options = chain.reduce((acc, cls) => mergeOptions(acc, cls.DEFAULT_OPTIONS), {} as Obj);
    mergeOptions(this.options, options);
    const classes = (this.options.classes as string[]) ?? [];
    if ((this.options.window as Obj | undefined)?.frame) classes.unshift("application");
    this.options.classes = [...new Set(classes)];
    const tabs = (this.constructor as typeof FakeApplicationV2).TABS;
    for (const [group, config] of Object.entries(tabs)) this.tabGroups[group] = config.initial ?? null;
  }

  /** Core's `ApplicationV2.inheritanceChain()`: this class up to BASE_APPLICATION. */
  static *inheritanceChain(): Generator<typeof FakeApplicationV2> {
    yield this;
    if (this === this.BASE_APPLICATION) return;
    const parent = Object.getPrototypeOf(this) as typeof FakeApplicationV2 | null;
    if (parent?.inheritanceChain) for (const cls of parent.inheritanceChain.call(parent)) if (cls) yield cls;
  }

  /** The application's id: `options.id`, else one of its own (`app-<n>`). */
  get id(): string {
    return (this.options.id as string | undefined) ?? (this.#id ??= `app-${++appCount}`);
  }

  /** Core: `game.i18n.localize(options.window.title)`. */
  get title(): string {
    return localize(String((this.options.window as Obj | undefined)?.title ?? ""));
  }

  /** The render state (`RENDER_STATES`). */
  get state(): number {
    return this.#state;
  }

  /** "Is the application currently rendered?": the state is RENDERED. */
  get rendered(): boolean {
    return this.#state === RENDER_STATES.RENDERED;
  }

  /** Core's `form`: the element of a `form`-tagged app, or a form content. */
  get form(): FakeElement | null {
    if (this.options.tag === "form") return this.element;
    if ((this.options.window as Obj | undefined)?.contentTag === "form") return this.content;
    return null;
  }

  /** A reloaded page (a new install of the fake): the window is gone, as a new session has it. */
  _forgetSession(): void {
    this.#state = RENDER_STATES.NONE;
    this.element = null;
    this.content = null;
  }

  /* -------------------------------------------------------------------- events */

  addEventListener(type: string, fn: (event: Obj) => unknown, options: { once?: boolean } = {}): void {
    const list = this.#listeners.get(type) ?? [];
    list.push({ fn, once: options.once === true });
    this.#listeners.set(type, list);
  }

  removeEventListener(type: string, fn: (event: Obj) => unknown): void {
    this.#listeners.set(
      type,
      (this.#listeners.get(type) ?? []).filter((l) => l.fn !== fn),
    );
  }

  dispatchEvent(event: { type: string } & Obj): void {
    const list = this.#listeners.get(event.type) ?? [];
    this.#listeners.set(
      event.type,
      list.filter((l) => !l.once),
    );
    for (const listener of list) listener.fn({ ...event, target: this });
  }

  /* -------------------------------------------------------------------- render */

  /** Core's `ApplicationV2#render(options, _options)`: a boolean is the `force` option; queued (module comment). */
  render(options: Obj | boolean = {}, _options: Obj = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { ..._options, force: options } : { ...options };
    const run = this.#queue.then(() => this.#render(opts));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #render(options: Obj): Promise<this> {
    try {
      if (this._canRender(options) === false) return this;
    } catch (err) {
      globals().ui.notifications.warn(err instanceof Error ? err.message : String(err));
      return this;
    }
    const first = this.#state <= RENDER_STATES.NONE;
    options.isFirstRender = first;
    if (first && !options.force) return this;
    this._configureRenderOptions(options);
    const context = await this._prepareContext(options);
    if (first) await this._preFirstRender(context, options);
    await this._preRender(context, options);
    this.#state = RENDER_STATES.RENDERING;
    if (first) {
      this.element = await this._renderFrame(options);
      this.content = this.hasFrame ? this.element.querySelector(".window-content") : this.element;
      this._attachFrameListeners();
    }
    this._replaceHTML(await this._renderHTML(context, options), this.content!, options);
    if (first) {
      globals().foundry.applications.instances.set(this.id, this);
      this._insertElement(this.element!);
    }
    if (this.hasFrame) this._updateFrame(options);
    this.#state = RENDER_STATES.RENDERED;
    this.renderCount++;
    openWindows.add(this);
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    this.dispatchEvent({ type: "render" });
    await this._postRender(context, options);
    return this;
  }

  /** Does the window have a frame (`options.window.frame`)? */
  get hasFrame(): boolean {
    return (this.options.window as Obj | undefined)?.frame === true;
  }

  /** Core: `false` prevents the render; a throw is shown as a warning. */
  _canRender(_options: Obj): false | void {}

  /**
   * Core's `_configureRenderOptions`: on the first render of a framed window, `options.window`
   * gets the title, icon and controls; the `tab` option (a tab id for the first group, or group →
   * id) sets `tabGroups`. v14: `window: {detached: true, windowId}` renders into that window.
   */
  _configureRenderOptions(options: Obj): void {
    if (options.isFirstRender && this.hasFrame) {
      const window = (options.window ??= {}) as Obj;
      window.title ||= this.title;
      window.icon ||= (this.options.window as Obj).icon;
      window.controls = true;
    }
    const tab = options.tab;
    if (typeof tab === "string")
      this.tabGroups[Object.keys((this.constructor as typeof FakeApplicationV2).TABS)[0] ?? "primary"] = tab;
    else if (isObj(tab)) Object.assign(this.tabGroups, tab);
    const window = options.window as { detached?: boolean; windowId?: string } | undefined;
    if (isV14() && window?.detached && window.windowId) this.window = { windowId: window.windowId };
  }

  /** Core's frame: the element (tag, id, classes) holding a `.window-header` and the `.window-content`. */
  async _renderFrame(_options: Obj): Promise<FakeElement> {
    const classes = (this.options.classes as string[]).join(" ");
    const frame = createElement(String(this.options.tag ?? "div"), { id: this.id, class: classes });
    if (!this.hasFrame) return frame;
    const header = createElement("header", { class: "window-header" });
    header.appendChild(createElement("h1", { class: "window-title" }));
    frame.appendChild(header);
    const contentTag = String((this.options.window as Obj).contentTag ?? "section");
    frame.appendChild(createElement(contentTag, { class: "window-content" }));
    return frame;
  }

  /** Core: clicks on the element; a form's `submit` and `change` go to `_onSubmitForm` / `_onChangeForm`. */
  _attachFrameListeners(): void {
    this.element!.addEventListener("click", (event) => this.#onClick(event));
    const form = this.form;
    if (!form) return;
    const config = (this.options.form ?? {}) as Obj;
    form.addEventListener("submit", (event) => this._onSubmitForm(config, event));
    form.addEventListener("change", (event) => this._onChangeForm(config, event));
  }

  /** Core's `#onClick` / `#onClickAction`: the `[data-action]` element clicked; `tab`, or its handler for button 0. */
  #onClick(event: Obj): unknown {
    const target = event.target as FakeElement;
    const button = target.closest("[data-action]");
    if (!button) return;
    const action = button.dataset.action ?? "";
    if (action === "tab") return this._onClickTab(event);
    const handler = (this.options.actions as Record<string, Handler | undefined>)[action];
    if (handler && event.button === 0) return handler.call(this, event, button);
  }

  /** Core v13 `_onClickTab`: the tab is read from `event.target`, the element clicked. */
  _onClickTab(event: Obj): void {
    const button = event.target as FakeElement;
    const tab = button.dataset.tab;
    if (!tab || button.classList.contains("active") || event.button !== 0) return;
    this.changeTab(tab, button.dataset.group ?? "", { event, navElement: button.closest(".tabs") });
  }

  /** Core: the element is put in the page (its tree connected: custom elements start). */
  _insertElement(element: FakeElement): void {
    element.isRoot = true;
    for (const el of [element, ...element.descendants()]) el.connectedCallback();
  }

  /** Core's `_updateFrame`: the window title from `options.window.title` when given. */
  _updateFrame(options: Obj): void {
    const window = options.window as Obj | undefined;
    const title = this.element?.querySelector(".window-title");
    if (window && "title" in window && title) title.textContent = String(window.title ?? "");
  }

  /**
   * Core v13 `ApplicationV2#changeTab(tab, group, {force})`: both ids are required; nothing happens
   * when the tab is already the group's active one (unless forced); it throws when the content has
   * no `.tabs [data-group][data-tab]` element for the tab; else it toggles `.active` on the group's
   * nav links and on the `.tab` sections present, and sets `tabGroups[group]`. It does not render.
   */
  changeTab(tab: string, group: string, options: { force?: boolean } & Obj = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !options.force) return;
    const content = this.content;
    const link = content?.querySelector(`.tabs [data-group="${group}"][data-tab="${tab}"]`);
    if (!link) throw new Error(`No matching tab element found for group "${group}" and tab "${tab}"`);
    for (const t of content!.querySelectorAll(`.tabs [data-group="${group}"]`))
      t.classList.toggle("active", t.dataset.tab === tab);
    for (const section of content!.querySelectorAll(`.tab[data-group="${group}"]`))
      section.classList.toggle("active", section.dataset.tab === tab);
    this.tabGroups[group] = tab;
    this.tabChanges.push({ tab, group });
  }

  /** Every tab switch `changeTab` made, in order. */
  readonly tabChanges: { tab: string; group: string }[] = [];

  /** Core: the tabs of the only tab group are prepared automatically. */
  async _prepareContext(_options: Obj): Promise<Obj> {
    const groups = Object.keys((this.constructor as typeof FakeApplicationV2).TABS);
    return groups.length === 1 ? { tabs: this._prepareTabs(groups[0]!) } : {};
  }

  /**
   * Core's `_prepareTabs(group)`: `tabGroups[group] ??= initial`; each configured tab becomes
   * `{group, id, active, cssClass, ...config}` — `cssClass` is "active" for the active tab and
   * `undefined` otherwise; `label` defaults to `<labelPrefix>.<id>`.
   */
  _prepareTabs(group: string): Record<string, Obj> {
    const config = (this.constructor as typeof FakeApplicationV2).TABS[group] ?? { tabs: [] };
    this.tabGroups[group] ??= config.initial ?? null;
    const prepared: Record<string, Obj> = {};
    for (const { id, cssClass, ...rest } of config.tabs) {
      const active = this.tabGroups[group] === id;
      const tab: Obj = {
        group,
        id,
        active,
        cssClass: active ? [cssClass, "active"].filter(Boolean).join(" ") : cssClass,
        ...rest,
      };
      if (config.labelPrefix) tab.label ??= `${config.labelPrefix}.${id}`;
      prepared[id] = tab;
    }
    return prepared;
  }

  /** Core's abstract `_renderHTML` (a renderable subclass defines it). */
  async _renderHTML(_context: Obj, _options: Obj): Promise<unknown> {
    return undefined;
  }
  /** Core's abstract `_replaceHTML`. */
  _replaceHTML(_result: unknown, _content: FakeElement, _options: Obj): void {}
  async _preFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  async _preRender(_context: Obj, _options: Obj): Promise<void> {}
  async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}
  /** Core v13: after the render hooks; focuses the first `[autofocus]` on a first render (not modelled). */
  async _postRender(_context: Obj, _options: Obj): Promise<void> {}
  async _preClose(_options: Obj): Promise<void> {}
  _onClose(_options: Obj): void {}

  /** Core's `ApplicationV2#close`: queued like renders (see the module comment). */
  close(options: Obj = {}): Promise<this> {
    const run = this.#queue.then(() => this.#close(options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #close(options: Obj): Promise<this> {
    if (!this.element) {
      this.#state = RENDER_STATES.CLOSED;
      return this;
    }
    await this._preClose(options);
    this.#state = RENDER_STATES.CLOSING;
    this._tearDown(options);
    this.#state = RENDER_STATES.CLOSED;
    openWindows.delete(this);
    globals().foundry.applications.instances.delete(this.id);
    this._onClose(options);
    this.dispatchEvent({ type: "close" });
    return this;
  }

  /** Core: `_removeElement(element)`, then the element and content are forgotten. */
  _tearDown(_options: Obj): void {
    this._removeElement(this.element!);
    this.element = null;
    this.content = null;
  }

  /** Core: `element.remove()` (its subtree stays whole: a `change` from inside still bubbles to the form). */
  _removeElement(element: FakeElement): void {
    element.remove();
  }

  /* -------------------------------------------------------------------- v14 */

  /** v14 only: renders `app` in this application's browser window. */
  get renderChild(): ((app: FakeApplicationV2, options?: Obj) => Promise<unknown>) | undefined {
    if (!isV14()) return undefined;
    return (app, options = {}) => {
      const windowId = this.window.windowId;
      return app.render({ force: true, ...options, ...(windowId ? { window: { detached: true, windowId } } : {}) });
    };
  }

  /* -------------------------------------------------------------------- forms */

  /** Core's `submit(submitOptions)`: FormDataExtended of `form`, then `form.handler(event, form, data, options)`. */
  async submit(submitOptions: Obj = {}): Promise<unknown> {
    const config = (this.options.form ?? {}) as { handler?: Handler & ((...a: unknown[]) => unknown) };
    if (!config.handler)
      throw new Error(`The ${this.constructor.name} Application does not support a single top-level form element.`);
    const form = this.form;
    const event = { type: "submit", cancelable: true, preventDefault: () => undefined };
    return config.handler.call(this, event, form, new (formDataClass())(form), submitOptions);
  }

  /** Core: a change inside the form submits it when `form.submitOnChange`, RENDERED or CLOSING (not awaited). */
  _onChangeForm(formConfig: { submitOnChange?: boolean }, event: Obj): void {
    const open = this.#state === RENDER_STATES.RENDERED || this.#state === RENDER_STATES.CLOSING;
    if (!open || !formConfig.submitOnChange) return;
    const submitting = this._onSubmitForm(formConfig as Obj, event);
    pendingSubmits.add(submitting);
    void submitting.finally(() => pendingSubmits.delete(submitting));
  }

  /**
   * Core's `_onSubmitForm`: FormDataExtended of the form the event is on, then `form.handler(event,
   * form, formData)`; if it throws, the error's message is shown as an error notification and the
   * form STAYS OPEN; otherwise `closeOnSubmit` closes it (dnd5e `create-document-dialog.mjs` and
   * draw-steel's `DSApplication` throw to refuse a submission).
   */
  async _onSubmitForm(formConfig: Obj, event: Obj): Promise<void> {
    const { handler, closeOnSubmit } = formConfig as {
      handler?: (this: unknown, e: unknown, f: unknown, d: unknown) => unknown;
      closeOnSubmit?: boolean;
    };
    const form = (event.currentTarget as FakeElement | undefined) ?? null;
    const formData = new (formDataClass())(form);
    if (typeof handler === "function") {
      try {
        await handler.call(this, event, form, formData);
      } catch (err) {
        globals().ui.notifications.error(err instanceof Error ? err.message : String(err));
        return;
      }
    }
    if (closeOnSubmit) await this.close({ submitted: true });
  }

  /* -------------------------------------------------------------------- context menus */

  /**
   * Core's `_createContextMenu(handler, selector, {container, hookName, parentClassHooks,
   * ...options})`: the handler's entries go through `Hooks.callAll` — `get<Class>ContextOptions`
   * for every class of the chain, or `hookName` as given with `parentClassHooks: false` — then
   * `new ContextMenu.implementation(container ?? element, selector, entries, {jQuery: false,
   * ...options})`; no entry, no menu.
   */
  _createContextMenu(
    handler: () => unknown[],
    selector: string,
    { container, hookName, parentClassHooks = true, ...options }: Obj = {},
  ): unknown {
    const items = handler.call(this);
    let name = (hookName as string | undefined) ?? "get{}ContextOptions";
    if (parentClassHooks && !name.includes("{}")) name += "{}";
    const classes = parentClassHooks
      ? [...(this.constructor as typeof FakeApplicationV2).inheritanceChain()]
      : [this.constructor];
    for (const cls of classes) if (cls.name) globals().Hooks.callAll(name.replace("{}", cls.name), this, items);
    if (!items.length) return null;
    const Menu = globals().foundry.applications.ux.ContextMenu.implementation;
    return new Menu(container ?? this.element, selector, items, { jQuery: false, ...options });
  }
}

/** The installed `FormDataExtended` class. */
function formDataClass(): new (form: unknown) => { object: Obj } {
  return (
    globalThis as unknown as {
      foundry: { applications: { ux: { FormDataExtended: new (f: unknown) => { object: Obj } } } };
    }
  ).foundry.applications.ux.FormDataExtended;
}

/** A template part as the Mixin reads it. */
interface FakePart {
  template: string;
  templates?: string[];
}

/** `HandlebarsApplicationMixin`: renders `PARTS` with the installed template renderer (see the module comment). */
// TypeScript's mixin rule: the base must be typed `new (...args: any[]) => …`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function FakeHandlebarsApplicationMixin<B extends new (...args: any[]) => FakeApplicationV2>(Base: B) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, FakePart> = {};
    /** The HTML of each part from its last render (strings; the window's tree holds the elements). */
    renderedParts: Record<string, string> = {};
    lastContext: Obj = {};
    #partDescriptors: Readonly<Record<string, FakePart>> = {};

    /** Core: the part descriptors from `_configureRenderParts`; `options.parts ??= every part`. */
    override _configureRenderOptions(options: Obj): void {
      super._configureRenderOptions(options);
      this.#partDescriptors = Object.freeze(this._configureRenderParts(options) as Record<string, FakePart>);
      options.parts ??= Object.keys(this.#partDescriptors);
    }

    /** Core: a deep copy of `PARTS`, each with `templates ??= []`. */
    _configureRenderParts(_options: Obj): Obj {
      const parts = deepClone((this.constructor as unknown as { PARTS: Record<string, FakePart> }).PARTS);
      for (const part of Object.values(parts)) part.templates ??= [];
      return parts;
    }

    /** Core: `context.partId = <app id>-<part id>`; the shared context itself is returned. */
    async _preparePartContext(partId: string, context: Obj, _options: Obj): Promise<Obj> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    /**
     * Core v13 `_renderHTML(context, options)`: each part of `options.parts` that has a descriptor,
     * rendered from `_preparePartContext(partId, context)` — the ONE shared context (core warns of an
     * unknown part and skips it). One HTML string per part (an HTMLElement in core).
     */
    override async _renderHTML(context: Obj, opts: Obj): Promise<Record<string, string>> {
      const { renderTemplate } = (
        globalThis as unknown as {
          foundry: { applications: { handlebars: { renderTemplate(p: string, c: Obj): Promise<string> } } };
        }
      ).foundry.applications.handlebars;
      const rendered: Record<string, string> = {};
      for (const id of (opts.parts as string[] | undefined) ?? []) {
        const part = this.#partDescriptors[id];
        if (!part) continue;
        const partContext = await this._preparePartContext(id, context, opts);
        rendered[id] = await renderTemplate(part.template, partContext);
      }
      this.lastContext = context;
      return rendered;
    }

    /**
     * Core v13 `_replaceHTML(result, content)`: each rendered part's single root element, marked
     * `data-application-part`, replaces the content's element of that part, or is appended when
     * there is none. Parts not rendered stay as they are.
     */
    override _replaceHTML(result: unknown, content: FakeElement, _options: Obj): void {
      for (const [partId, html] of Object.entries((result ?? {}) as Record<string, string>)) {
        const roots = parseHTML(html);
        if (roots.length !== 1) throw new Error(`Template part "${partId}" must render a single HTML element.`);
        const element = roots[0]!;
        element.dataset.applicationPart = partId;
        const prior = content.querySelector(`[data-application-part="${partId}"]`);
        if (prior) prior.replaceWith(element);
        else content.appendChild(element);
        this.renderedParts[partId] = html;
      }
    }
  };
}

/** Core v13 DocumentSheetV2's `editImage` action: only an IMG may ask for a new image. */
async function onEditImage(
  this: FakeDocumentSheetV2,
  _event: unknown,
  target: { nodeName?: string; dataset?: Obj },
): Promise<void> {
  if (target?.nodeName !== "IMG") throw new Error("The editImage action is available only for IMG elements.");
  this.imageEdits.push(String(target.dataset?.edit ?? ""));
}

/**
 * Core v13 `DocumentSheetV2.#onSubmitDocumentForm(event, form, formData, {updateData, ...options})`:
 * nothing when the sheet is not editable; `_prepareSubmitData(event, form, formData, updateData)`
 * then `_processSubmitData(event, form, submitData, options)`.
 */
async function onSubmitDocumentForm(
  this: FakeDocumentSheetV2,
  event: Obj,
  form: unknown,
  formData: { object: Obj },
  options: Obj = {},
): Promise<void> {
  if (!this.isEditable) return;
  const { updateData, ...updateOptions } = options as { updateData?: Obj } & Obj;
  const submitData = this._prepareSubmitData(event, form, formData, updateData);
  await this._processSubmitData(event, form, submitData, updateOptions);
}

/** A document as the fake sheets read it. */
interface SheetDocument {
  id?: string | null;
  uuid?: string;
  name?: string;
  type?: string;
  pack?: string | null;
  documentName?: string;
  _source: Obj;
  apps?: Obj;
  schema?: { fields?: unknown };
  collection?: { has(id: unknown): boolean };
  testUserPermission(user: unknown, level: number | string): boolean;
}

export class FakeDocumentSheetV2 extends FakeApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    actions: { editImage: onEditImage },
    form: { handler: onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };
  /** The attributes `editImage` was asked to edit (a FilePicker would open for each). */
  readonly imageEdits: string[] = [];
  get document(): SheetDocument {
    return this.options.document as SheetDocument;
  }
  /** v13 DocumentSheetV2: `<class name>-<document uuid, dots as dashes>`. */
  override get id(): string {
    const uuid = this.document?.uuid;
    return (
      (this.options.id as string | undefined) ??
      (uuid ? `${this.constructor.name}-${uuid.replaceAll(".", "-")}` : super.id)
    );
  }
  /** Core: `<type label>: <name or id>` (the type's label key as `TYPES.<Document>.<type>` here). */
  override get title(): string {
    const doc = this.document;
    const prefix = doc.type ? localize(`TYPES.${doc.documentName ?? ""}.${doc.type}`) : (doc.documentName ?? "");
    return `${prefix}: ${doc.name || doc.id || ""}`;
  }
  /** Core: `testUserPermission(game.user, viewPermission)`. */
  get isVisible(): boolean {
    return this.document.testUserPermission(globals().game.user, this.options.viewPermission as number);
  }
  /** Core: false in a locked compendium; else `testUserPermission(game.user, editPermission)`. */
  get isEditable(): boolean {
    const pack = this.document.pack;
    if (pack && globals().game.packs?.get(pack)?.locked) return false;
    return this.document.testUserPermission(globals().game.user, this.options.editPermission as number);
  }
  /** Core: a user who may not see the document gets a warning (`SHEETS.DocumentSheetPrivate`) and no window. */
  override _canRender(_options: Obj): void {
    if (!this.isVisible)
      throw new Error(
        globals().game.i18n?.format("SHEETS.DocumentSheetPrivate", { type: this.document.documentName ?? "" }) ??
          "SHEETS.DocumentSheetPrivate",
      );
  }
  /** Core: the window gets a new title when a render's `renderData` names the document anew. */
  override _configureRenderOptions(options: Obj): void {
    super._configureRenderOptions(options);
    if (this.hasFrame && options.renderContext && (options.renderData as Obj | undefined)?.name)
      options.window = { ...((options.window as Obj | undefined) ?? {}), title: this.title };
  }
  override async _prepareContext(options: Obj): Promise<Obj> {
    const document = this.document;
    return Object.assign(await super._prepareContext(options), {
      document,
      source: document._source,
      fields: document.schema?.fields,
      editable: this.isEditable,
      user: globals().game.user,
      rootId: document.collection?.has(document.id) ? this.id : randomID(),
    });
  }
  /** Core: the sheet is listed in `document.apps`. */
  override async _onFirstRender(context: Obj, options: Obj): Promise<void> {
    await super._onFirstRender(context, options);
    if (this.document.apps) this.document.apps[this.id] = this;
  }
  /** Core: a sheet the user may not edit has its fields disabled. */
  override async _onRender(context: Obj, options: Obj): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }
  override _onClose(options: Obj): void {
    super._onClose(options);
    if (this.document.apps) delete this.document.apps[this.id];
  }

  /**
   * Core v13 `_toggleDisabled(disabled)`: every control of `form.elements` inside the window
   * content (all of them for a frameless form), every `input[type=image]`, and the `disabled`
   * class on every `img[data-edit]`.
   */
  _toggleDisabled(disabled: boolean): void {
    const form = this.form;
    if (!form) return;
    for (const el of form.elements) if (!this.hasFrame || el.closest(".window-content")) el.disabled = disabled;
    const content = this.hasFrame ? form.querySelector(".window-content") : form;
    for (const input of content?.querySelectorAll("input[type=image]") ?? []) input.disabled = disabled;
    for (const img of content?.querySelectorAll("img[data-edit]") ?? []) img.classList.toggle("disabled", disabled);
  }

  /** Core: the form's values, expanded (`foundry.utils.expandObject(formData.object)`). */
  _processFormData(_event: unknown, _form: unknown, formData: { object: Obj }): Obj {
    return expandObject(deepClone(formData.object));
  }

  /**
   * Core: the processed form data, `updateData` merged in (with and without deletions), then
   * `document.validate({changes, clean: true, fallback: false})`, which CLEANS the data in place
   * (NumberFields clamped and rounded) and throws a DataModelValidationError (English) on what it
   * cannot clean.
   */
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Obj }, updateData?: Obj): Obj {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) {
      mergeObject(submitData, updateData, { performDeletions: true });
      mergeObject(submitData, updateData, { performDeletions: false });
    }
    (this.document as unknown as { validate(o: Obj): boolean }).validate({
      changes: submitData,
      clean: true,
      fallback: false,
    });
    return submitData;
  }

  /** Core: `document.update(submitData, options)`. */
  async _processSubmitData(_event: unknown, _form: unknown, submitData: Obj, options: Obj = {}): Promise<void> {
    await (this.document as unknown as { update(d: Obj, o: Obj): Promise<unknown> }).update(submitData, options);
  }
}

/** The drag data a drag start put in its `dataTransfer`. */
interface FakeDataTransfer {
  data: Record<string, string>;
  setData(type: string, value: string): void;
  getData(type: string): string;
}

export class FakeActorSheetV2 extends FakeDocumentSheetV2 {
  /** The selector core's DragDrop binds to on every render (`null` before the first render). */
  dragSelector: string | null = null;

  get actor(): FakeActor {
    return this.document as unknown as FakeActor;
  }

  /** Core: `new DragDrop.implementation({dragSelector: ".draggable", …}).bind(this.element)`. */
  override async _onRender(context: Obj, options: Obj): Promise<void> {
    await super._onRender(context, options);
    this.dragSelector = ".draggable";
  }

  _canDragStart(_selector: string): boolean {
    return this.isEditable;
  }

  _canDragDrop(_selector: string): boolean {
    return this.isEditable;
  }

  /** Core: the dragged element's `dataset.itemId` or `dataset.effectId` → `toDragData()`. */
  async _onDragStart(event: {
    currentTarget: FakeElement;
    target: FakeElement;
    dataTransfer: FakeDataTransfer;
  }): Promise<void> {
    const target = event.currentTarget;
    if ("link" in event.target.dataset) return;
    let dragData: unknown;
    if (target.dataset.itemId)
      dragData = (this.actor.items.get(target.dataset.itemId) as unknown as { toDragData(): unknown }).toDragData();
    if (target.dataset.effectId)
      dragData = (this.actor.effects.get(target.dataset.effectId) as unknown as { toDragData(): unknown }).toDragData();
    if (!dragData) return;
    event.dataTransfer.setData("text/plain", JSON.stringify(dragData));
  }
}
export class FakeItemSheetV2 extends FakeDocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

/**
 * A drag started on `element` of a rendered actor sheet, as core's DragDrop would see it: only an
 * element matching the sheet's `dragSelector` (".draggable") starts a drag, and only when
 * `_canDragStart` allows it; the sheet's `_onDragStart` then fills the drag data. Returns the
 * `text/plain` payload parsed, or `null` when no drag data was set.
 */
export async function dragStart(sheet: FakeActorSheetV2, element: FakeElement): Promise<unknown> {
  const selector = sheet.dragSelector;
  if (!selector || !element.matches(selector) || !sheet._canDragStart(selector)) return null;
  const data: Record<string, string> = {};
  const dataTransfer: FakeDataTransfer = { data, setData: (t, v) => void (data[t] = v), getData: (t) => data[t] ?? "" };
  await sheet._onDragStart({ currentTarget: element, target: element, dataTransfer });
  return data["text/plain"] ? JSON.parse(data["text/plain"]) : null;
}

/* ------------------------------------------------------------------------------------------ */
/*  DialogV2                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A DialogV2 button as configured. */
export interface FakeDialogButton {
  action: string;
  label?: string;
  icon?: string;
  default?: boolean;
  type?: string;
  callback?: (event: unknown, button: FakeElement, dialog: FakeDialogV2) => unknown;
}

export class FakeDialogV2 extends FakeApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    classes: ["dialog"],
    tag: "dialog",
    form: { closeOnSubmit: true },
    window: { minimizable: false },
  };
  /** The window's HTML: core's form wrapper around the content and the buttons. */
  html = "";
  /** The form core renders (its fields and `values` are what FormDataExtended reads). */
  #form = new FakeElement("form", { class: "dialog-form standard-form" });

  /**
   * The dialog's rendered `form.dialog-form` (a test helper: core's `form` getter, ApplicationV2's,
   * is null for a dialog — its tag is `dialog` and its content a section).
   */
  get dialogForm(): FakeElement {
    return this.#form;
  }

  constructor(options: Obj = {}) {
    super(options);
    this.options.content = String(this.options.content ?? "");
    const list = this.options.buttons as FakeDialogButton[] | undefined;
    if (!list?.length) throw new Error("You must define at least one entry in config.buttons");
    const buttons: Record<string, FakeDialogButton> = {};
    for (const button of list) {
      buttons[button.action] = button;
      (this.options.actions as Obj)[button.action] = FakeDialogV2._onClickButton;
    }
    this.options.buttons = buttons;
  }

  get buttons(): Record<string, FakeDialogButton> {
    return this.options.buttons as Record<string, FakeDialogButton>;
  }

  /** Core: the dialog's form around its content and its buttons (kept as `html`; the buttons placed in the element). */
  override async _renderHTML(_context: Obj, _options: Obj): Promise<string> {
    const content = this.options.content
      ? `<div class="dialog-content standard-form">${String(this.options.content)}</div>`
      : "";
    const buttons = Object.values(this.buttons)
      .map((b) => `<button type="${b.type ?? "submit"}" data-action="${b.action}">${b.label ?? ""}</button>`)
      .join("");
    this.html = `<form class="dialog-form standard-form" autocomplete="off">${content}<footer class="form-footer">${buttons}</footer></form>`;
    return this.html;
  }

  /** Core: the rendered form (its content's fields and its buttons) becomes the window's content. */
  override _replaceHTML(result: unknown, content: FakeElement, _options: Obj): void {
    const [form] = parseHTML(String(result ?? ""));
    if (!form) return;
    form.values = this.#form.values;
    form.answer = this.#form.answer;
    this.#form = form;
    content.replaceChildren(form);
  }

  /**
   * Core's `DialogV2#_onSubmit(target, event)`: buttons disabled; the result is the clicked
   * button's callback's value, or its `action` when that value is nullish; `submit(result,
   * dialog)` awaited; buttons re-enabled; closed when `form.closeOnSubmit`.
   */
  async _onSubmit(target: FakeElement | null, event: { preventDefault?(): void } & Obj): Promise<this> {
    event.preventDefault?.();
    const prior: [FakeElement, boolean][] = [];
    for (const action of Object.keys(this.buttons)) {
      const button = this.element?.querySelector(`button[data-action="${action}"]`);
      if (!button) continue;
      prior.push([button, button.disabled]);
      button.disabled = true;
    }
    const button = this.buttons[target?.dataset.action ?? ""];
    const result = (await button?.callback?.(event, target!, this)) ?? button?.action;
    await (this.options.submit as ((r: unknown, d: this) => unknown) | undefined)?.(result, this);
    for (const [el, disabled] of prior) el.disabled = disabled;
    return (this.options.form as { closeOnSubmit?: boolean }).closeOnSubmit ? this.close({ submitted: true }) : this;
  }

  /** Core: a click on a button submits through `_onSubmit` (not awaited). */
  static _onClickButton(this: FakeDialogV2, event: unknown, target: FakeElement): void {
    void this._onSubmit(target, event as Obj);
  }

  /**
   * Core's `DialogV2.wait`: resolves the submitted result, or `close()`'s value / null when closed;
   * renders with `{force: true}` — on v14 with `renderOptions` too (v13 has no such option: it is
   * one more constructor option there).
   */
  static wait({ rejectClose = false, close, render, ...rest }: Obj = {}): Promise<unknown> {
    const { renderOptions = {}, ...v14Config } = rest;
    const config: Obj = isV14() ? v14Config : rest;
    const shown: Obj = isV14() ? { ...(renderOptions as Obj), force: true } : { force: true };
    return new Promise((resolve, reject) => {
      const original = config.submit as ((r: unknown, d: unknown) => unknown) | undefined;
      config.submit = async (result: unknown, dialog: unknown) => {
        await original?.(result, dialog);
        resolve(result);
      };
      const dialog = new this(config);
      dialog.addEventListener(
        "close",
        (event) => {
          const value = typeof close === "function" ? close(event, dialog) : undefined;
          if (rejectClose) reject(new Error("Dialog was dismissed without pressing a button."));
          else resolve(value ?? null);
        },
        { once: true },
      );
      if (typeof render === "function") dialog.addEventListener("render", (event) => render(event, dialog));
      void dialog.render(shown);
    });
  }

  /** Core's `DialogV2.prompt`: an "ok" button (default) before the others. */
  static prompt({ ok = {}, ...config }: Obj = {}): Promise<unknown> {
    const buttons = [
      { action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true, ...(ok as Obj) },
      ...((config.buttons as Obj[]) ?? []),
    ];
    return this.wait({ position: { width: 400 }, ...config, buttons });
  }

  /** Core's `DialogV2.confirm`: "yes" → true, "no" (default) → false. */
  static confirm({ yes = {}, no = {}, ...config }: Obj = {}): Promise<unknown> {
    const buttons = [
      { action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true, ...(yes as Obj) },
      { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false, ...(no as Obj) },
      ...((config.buttons as Obj[]) ?? []),
    ];
    return this.wait({ position: { width: 400 }, ...config, buttons });
  }
}

/** The dialogs open right now (rendered DialogV2 windows), oldest first. */
export function openDialogs(): FakeDialogV2[] {
  return [...globals().foundry.applications.instances.values()].filter(
    (app): app is FakeDialogV2 => app instanceof FakeDialogV2,
  );
}

/** The next open dialog, once the code under test has rendered it (a few event-loop turns). */
export async function nextDialog(): Promise<FakeDialogV2> {
  for (let turn = 0; turn < 200; turn++) {
    const dialog = openDialogs()[0];
    if (dialog) return dialog;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error("fake: no dialog opened");
}

/** The action of `dialog`'s default button (the first marked `default`, else the first). */
export function defaultAction(dialog: FakeDialogV2): string {
  const buttons = Object.values(dialog.buttons);
  return (buttons.find((b) => b.default) ?? buttons[0])!.action;
}

/**
 * The user fills `dialog`'s form with `values` and clicks the button `action` (its default button
 * when `null`): core's click → `_onSubmit`. Resolves once the submission is handled.
 */
export async function answerDialog(dialog: FakeDialogV2, action: string | null, values: Obj = {}): Promise<void> {
  dialog.dialogForm.answer = { ...values };
  const button = dialog.element?.querySelector(`button[data-action="${action ?? defaultAction(dialog)}"]`);
  if (!button) throw new Error(`fake: the dialog has no button "${action}"`);
  await dialog._onSubmit(button, { type: "click", preventDefault: () => undefined });
}

/* ------------------------------------------------------------------------------------------ */
/*  Helpers and installation                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Calls the sheet action `action` as Foundry's click dispatch does (`this` = the app). */
export async function clickAction(
  app: FakeApplicationV2,
  action: string,
  target: { dataset: Obj; closest?: (s: string) => unknown } & Obj,
  event: Obj = {},
): Promise<unknown> {
  const handler = (app.options.actions as Record<string, Handler | undefined>)[action];
  if (!handler) throw new Error(`fake: no action "${action}" on ${app.constructor.name}`);
  const element = target instanceof FakeElement ? target : { closest: target.closest ?? (() => null), ...target };
  return handler.call(app, { shiftKey: false, ...event }, element);
}

/**
 * A click on `element` of `app`'s window, as core's `#onClick` reads it: the event's target is the
 * element itself (an icon inside a tab link is the target, not the link), and it bubbles to the
 * window's element.
 */
export function clickElement(element: FakeElement, init: Obj = {}): void {
  element.dispatchEvent({ type: "click", bubbles: true, button: 0, ...init });
}

/** Submits `app`'s form with `object` as its form data, through core's `_onSubmitForm`. */
export async function submitForm(app: FakeApplicationV2, object: Obj): Promise<void> {
  const form = new FakeElement("form");
  form.values = object;
  await app._onSubmitForm((app.options.form ?? {}) as Obj, {
    type: "submit",
    currentTarget: form,
    preventDefault: () => undefined,
  });
}

/** Core's class names: hooks and ids are built from `constructor.name`. */
const CORE_NAMES: [unknown, string][] = [
  [FakeApplicationV2, "ApplicationV2"],
  [FakeDocumentSheetV2, "DocumentSheetV2"],
  [FakeActorSheetV2, "ActorSheetV2"],
  [FakeItemSheetV2, "ItemSheetV2"],
  [FakeDialogV2, "DialogV2"],
];
for (const [cls, name] of CORE_NAMES) Object.defineProperty(cls, "name", { value: name });

/** Core's V1 sheets (v13 `foundry.appv1.sheets`), registered for "core" before systems load. */
class FakeV1ActorSheet {}
class FakeV1ItemSheet {}
/** Core's ActiveEffectConfig (a DocumentSheetV2 in v13). */
class FakeActiveEffectConfig extends FakeHandlebarsApplicationMixin(FakeDocumentSheetV2) {}

/** The document sheets of one client session (per install), and the sheets already made. */
let registrations: SheetRegistration[] = [];
let sheets = new WeakMap<object, unknown>();

/**
 * The sheet class a document of `documentName`/`type` opens: the last default registration covering its type, else the
 * first.
 */
function sheetClassFor(documentName: string, type: string): (new (options: Obj) => unknown) | null {
  const matching = registrations.filter(
    (r) =>
      r.documentName === documentName &&
      (!Array.isArray(r.options.types) || (r.options.types as string[]).includes(type)),
  );
  return (
    ((matching.filter((r) => r.options.makeDefault).at(-1) ?? matching[0])?.sheetClass as new (
      options: Obj,
    ) => unknown) ?? null
  );
}

/**
 * ClientDocumentMixin members the windows use, on the fake documents (a subclass's own member —
 * RegionBehavior's `sheet` — wins): `sheet` ("The sheet of this document", created once and
 * kept), `apps` (the applications showing it, by id) and `render(force, context)` (core v13
 * `ClientDocumentMixin#render`: each app of `apps` renders with `deepClone(context)`), `limited`
 * (the user's level is exactly LIMITED; a GM never), `toDragData()` (`{type:
 * documentName, uuid}`) — https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html ;
 * Actor and Item `getRollData()` ("the data schema used by dice roll commands": the fake gives its
 * `system`, core's default — https://foundryvtt.com/api/v13/classes/foundry.documents.Item.html#getrolldata );
 * Item `sort` (BaseItem's integer sort field, 0 by default:
 * https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.ItemData.html).
 */
function defineDocumentMembers(): void {
  const define = (proto: object, name: string, descriptor: PropertyDescriptor) => {
    if (!Object.hasOwn(proto, name)) Object.defineProperty(proto, name, { configurable: true, ...descriptor });
  };
  define(FakeDocument.prototype, "sheet", {
    get(this: FakeDocument) {
      if (!sheets.has(this)) {
        const cls = sheetClassFor(this.documentName, this.type);
        sheets.set(this, cls ? new cls({ document: this }) : null);
      }
      return sheets.get(this);
    },
  });
  define(FakeDocument.prototype, "limited", {
    get(this: FakeDocument) {
      const user = currentWorld().user;
      if (user.isGM) return false;
      const root = (doc: FakeDocument): FakeDocument => (doc.parent ? root(doc.parent) : doc);
      const top = root(this);
      return (top.ownership[user.id] ?? top.ownership.default ?? 0) === OWNERSHIP.LIMITED;
    },
  });
  const apps = new WeakMap<object, Obj>();
  define(FakeDocument.prototype, "apps", {
    get(this: FakeDocument) {
      if (!apps.has(this)) apps.set(this, {});
      return apps.get(this);
    },
  });
  define(FakeDocument.prototype, "render", {
    value(this: FakeDocument & { apps: Obj }, force = false, context: Obj = {}) {
      for (const app of Object.values(this.apps) as FakeApplicationV2[]) void app.render(force, deepClone(context));
    },
  });
  define(FakeDocument.prototype, "toDragData", {
    value(this: FakeDocument) {
      return { type: this.documentName, uuid: this.uuid };
    },
  });
  for (const cls of [FakeActor, FakeItem]) {
    define(cls.prototype, "getRollData", {
      value(this: FakeDocument) {
        return this.system;
      },
    });
  }
  define(FakeItem.prototype, "sort", {
    get(this: FakeItem) {
      return Number(this._source.sort ?? 0);
    },
  });
}

/** Installs the fake applications on `foundry.*` and returns the sheet registrations list. */
export function installAppsFake(fake: FakeFoundry): SheetRegistration[] {
  for (const app of openWindows) {
    app._forgetSession();
  }
  openWindows.clear();
  registrations = [
    { documentName: "Actor", scope: "core", sheetClass: FakeV1ActorSheet, options: { makeDefault: true } },
    { documentName: "Item", scope: "core", sheetClass: FakeV1ItemSheet, options: { makeDefault: true } },
    { documentName: "ActiveEffect", scope: "core", sheetClass: FakeActiveEffectConfig, options: { makeDefault: true } },
  ];
  sheets = new WeakMap();
  defineDocumentMembers();
  const registry = (documentName: "Actor" | "Item") => ({
    registerSheet: (scope: string, sheetClass: unknown, options: Obj = {}) =>
      registrations.push({ documentName, scope, sheetClass, options }),
    unregisterSheet: (scope: string, sheetClass: unknown) => {
      registrations = registrations.filter(
        (r) => !(r.documentName === documentName && r.scope === scope && r.sheetClass === sheetClass),
      );
    },
  });
  const enriched: { html: string; options: Obj }[] = [];
  const menus: { container: unknown; selector: string; items: unknown[]; options: Obj }[] = [];
  class ContextMenu {
    static get implementation() {
      return ContextMenu;
    }
    /**
     * Records its arguments. Entries per generation: v13 reads `name, icon (HTML), condition(li),
     * callback(li)` (https://foundryvtt.com/api/v13/interfaces/foundry.ContextMenuEntry.html); v14
     * reads `label, icon (classes), visible(target), onClick(event, target)` and still the v13
     * names, each with a deprecation warning (recorded: fake-generation.ts; Fabula-Ultima PR #1383
     * quotes the warnings; draw-steel 01db4e1a); v13 does not read the v14 names (recorded too).
     */
    constructor(container: unknown, selector: string, items: unknown[], options: Obj = {}) {
      for (const item of items as Obj[]) {
        for (const old of ["name", "condition", "callback"]) if (old in item) deprecatedUse(`ContextMenuEntry#${old}`);
        for (const added of ["label", "visible", "onClick"]) if (added in item) v14OnlyUse(`ContextMenuEntry#${added}`);
      }
      menus.push({ container, selector, items, options });
    }
  }
  class FormDataExtended {
    readonly object: Obj;
    constructor(form: FakeElement | null) {
      this.object = formDataOf(form);
    }
  }
  Object.assign(fake.foundry, { appv1: { sheets: { ActorSheet: FakeV1ActorSheet, ItemSheet: FakeV1ItemSheet } } });
  Object.assign(fake.foundry.applications, {
    instances: new Map<string, FakeApplicationV2>(),
    api: {
      ApplicationV2: FakeApplicationV2,
      DocumentSheetV2: FakeDocumentSheetV2,
      HandlebarsApplicationMixin: FakeHandlebarsApplicationMixin,
      DialogV2: FakeDialogV2,
    },
    sheets: {
      ActorSheetV2: FakeActorSheetV2,
      ItemSheetV2: FakeItemSheetV2,
      ActiveEffectConfig: FakeActiveEffectConfig,
    },
    ux: {
      ...((fake.foundry.applications.ux as Obj | undefined) ?? {}),
      ContextMenu,
      FormDataExtended,
      TextEditor: {
        implementation: {
          enrichHTML: async (html: string, options: Obj = {}) => {
            enriched.push({ html, options });
            return html;
          },
        },
      },
    },
  });
  Object.assign(fake.foundry.documents, { collections: { Actors: registry("Actor"), Items: registry("Item") } });
  Object.defineProperty(fake, "sheetRegistrations", { configurable: true, get: () => registrations });
  Object.assign(fake, { contextMenus: menus, enriched });
  // Foundry ships Handlebars as a global; the sheets mark enriched HTML with its SafeString.
  Object.assign(globalThis, { Handlebars });
  return registrations;
}

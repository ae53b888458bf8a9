/**
 * Part of the Foundry FAKE (see fake.ts): the ApplicationV2 surface Tactica's windows use — NOT
 * Foundry. Each behaviour names its public source; test/foundry/apps-fake.test.ts holds one
 * self-test per behaviour (places-fake.test.ts those of the instances registry and form submit).
 * The sources are the API pages and the systems' files named below (ApplicationV2, DialogV2,
 * ActorSheetV2: docs/foundry-behaviour.md §3–§4, which marks what they leave unconfirmed).
 *
 * - `ApplicationV2` (https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html):
 *   merges `DEFAULT_OPTIONS` down the class chain (classes accumulate, objects merge); `tabGroups`
 *   start at each `static TABS` group's `initial`; `render` runs, in core's order,
 *   `_configureRenderOptions` (the `tab` option sets `tabGroups`) → `_prepareContext` (which
 *   prepares the tabs when there is exactly one group: `_prepareTabs`) → the parts → registration
 *   in `foundry.applications.instances` → `_onFirstRender` (first render only) → `_onRender` →
 *   the `render` event; renders and closes are queued; a closed application renders only when
 *   forced; `close` emits `close`. `addEventListener`/`dispatchEvent` come from core's
 *   EventEmitterMixin (`emittedEvents`: render, close). `_createContextMenu` calls its handler,
 *   fires `get<Class>ContextOptions` for each class of the chain up to ApplicationV2 (or the given
 *   hook name only, with `parentClassHooks: false`) and builds `ContextMenu.implementation` with
 *   `jQuery: false`. `_onChangeForm` submits when `form.submitOnChange`; `_onSubmitForm` runs
 *   `form.handler`, shows a thrown error as a notification and stays open, else honours
 *   `closeOnSubmit`. The fake classes answer to core's class names (hooks are named after them).
 * - The element: Node has no DOM, so `element` is a {@link FakeElement} — a stand-in that records
 *   listeners and answers `querySelector` only for what a test placed in it (the chat log's
 *   message elements are fake-chat.ts's, which read buttons out of the card's HTML). Templates render to
 *   STRINGS kept per part in `renderedParts`; the browser checks and real Foundry cover the DOM.
 * - v14 (when the world runs as v14, see fake-regions.ts `setFakeGeneration`): a render with
 *   `window: {detached: true, windowId}` puts the application in that popped-out window
 *   (`window.windowId`), and `renderChild(app, options)` renders `app` in the same window as this
 *   one (https://foundryvtt.com/api/v14/interfaces/foundry.applications.types.ApplicationWindowRenderOptions.html;
 *   dnd5e 5.3 `module/applications/api/application-v2-mixin.mjs` `_renderChild`/`_detachOptions`).
 *   v13 applications have neither.
 * - `DialogV2` (https://foundryvtt.com/api/v13/classes/foundry.applications.api.DialogV2.html,
 *   https://foundryvtt.com/api/interfaces/foundry.DialogV2Button.html): buttons keyed by action;
 *   `_onSubmit` disables the buttons, takes the button callback's result — or, when it is
 *   nullish, the button's ACTION ("Otherwise, the button's identifier is used") — awaits
 *   `submit(result, dialog)`, re-enables the buttons and closes when `form.closeOnSubmit` (the
 *   default); the content is wrapped in core's `<form class="dialog-form">` markup (kept as a
 *   string in `html`); static `wait` (closing resolves null, or rejects with `rejectClose`),
 *   `prompt` (an "ok" button) and `confirm` ("yes" → true, "no" → false). Not covered:
 *   `cleanHTML` of the content, modal display, Escape (tests close the dialog).
 * - `FormDataExtended`: `object` holds the values of the form (a {@link FakeElement} whose
 *   `values` a test fills).
 * - `DocumentSheetV2` / `ActorSheetV2` / `ItemSheetV2`: `document`, `actor`/`item`, `isEditable`
 *   (owner of the document), a base `_prepareContext` with `document`, `source`, `editable`; the
 *   form handler `_prepareSubmitData` (expanded form data, then `document.validate` with `clean`,
 *   which clamps and rounds in place) → `_processSubmitData` (`document.update`); the
 *   core `editImage` action (IMG elements only). `ActorSheetV2#_onRender` binds core's DragDrop
 *   with `dragSelector: ".draggable"` ONLY (see {@link dragStart}); `_canDragStart`/`_canDragDrop`
 *   are `isEditable`; `_onDragStart` reads the dragged element's `dataset.itemId` /
 *   `dataset.effectId` (the actor's items and own effects) into `toDragData()`.
 * - Documents (ClientDocumentMixin members the windows use): `sheet` (the registered default
 *   sheet of the document's type, one instance per document), `limited` (exactly LIMITED for the
 *   user), `toDragData()`, `getRollData()` (`system`), and the Item `sort` field.
 * - Sheet registration: `Actors`/`Items.registerSheet(scope, cls, {types, makeDefault, label})`
 *   and `unregisterSheet(scope, cls)`; core's own V1 `foundry.appv1.sheets.ActorSheet`/`ItemSheet`
 *   and `ActiveEffectConfig` are registered before the system's init, as in v13 (dnd5e
 *   `dnd5e.mjs` unregisters the two V1 sheets).
 * - `ContextMenu` records its arguments; `TextEditor.implementation.enrichHTML` returns its input
 *   and records each call with its options (`enriched`).
 * - {@link clickAction} calls a `DEFAULT_OPTIONS.actions` handler with the app as `this`, the way
 *   Foundry's click dispatch does.
 */
import { deprecatedUse, v14OnlyUse } from "./fake-generation";
import Handlebars from "handlebars";
import type { FakeFoundry } from "./fake";
import { FakeDocument } from "./fake-documents";
import { FakeActor, FakeItem } from "./fake-document-types";
import { OWNERSHIP, currentWorld } from "./fake-world";
import { deepClone, expandObject, mergeObject } from "./fake-utils";

type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: unknown) => unknown;

/** A plain object (core merges options only into those: `foundry.utils.getType(v) === "Object"`). */
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && [Object.prototype, null].includes(Object.getPrototypeOf(v));

function mergeOptions(into: Obj, from: Obj): Obj {
  for (const [key, value] of Object.entries(from)) {
    if (key === "classes" && Array.isArray(value))
      into.classes = [...new Set([...((into.classes as string[]) ?? []), ...(value as string[])])];
    else if (isObj(value)) into[key] = mergeOptions(isObj(into[key]) ? { ...(into[key] as Obj) } : {}, value);
    else into[key] = value;
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
  game: { release?: { generation?: number } };
  ui: { notifications: { error(m: string): unknown } };
}
const globals = () => globalThis as unknown as FakeGlobals;
const isV14 = () => (globals().game?.release?.generation ?? 13) >= 14;

/* ------------------------------------------------------------------------------------------ */
/*  Elements                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A listener as {@link FakeElement} records it. */
export interface FakeListener {
  type: string;
  fn: (event: Obj) => unknown;
  options: unknown;
}

/**
 * A stand-in for an HTML element (Node has none): its tag, attributes, classes and `dataset`,
 * the listeners added to it, and the elements a test placed in it for `querySelector`. It is a
 * recorder, not a DOM: nothing is parsed or laid out.
 */
export class FakeElement {
  readonly nodeType = 1;
  readonly tagName: string;
  readonly attributes: Record<string, string>;
  readonly dataset: Record<string, string> = {};
  readonly classList: {
    contains(c: string): boolean;
    add(...c: string[]): void;
    remove(...c: string[]): void;
    toggle(c: string, on?: boolean): boolean;
  };
  readonly listeners: FakeListener[] = [];
  /** What `querySelector(selector)` answers, placed by a test. */
  readonly found = new Map<string, FakeElement>();
  /** A form's values, as the fake FormDataExtended reads them. */
  values: Obj = {};
  disabled = false;
  hidden = false;
  textContent = "";
  parent: FakeElement | null = null;
  /** The form a button belongs to. */
  form: FakeElement | null = null;
  readonly ownerDocument = { createElement: (tag: string) => new FakeElement(tag) };

  constructor(tag = "div", attributes: Record<string, string> = {}) {
    this.tagName = tag.toUpperCase();
    this.attributes = { ...attributes };
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("data-"))
        this.dataset[name.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
    }
    const classes = new Set((attributes.class ?? "").split(/\s+/).filter(Boolean));
    this.classList = {
      contains: (c) => classes.has(c),
      add: (...c) => c.forEach((x) => classes.add(x)),
      remove: (...c) => c.forEach((x) => classes.delete(x)),
      toggle: (c, on) => ((on ?? !classes.has(c)) ? (classes.add(c), true) : (classes.delete(c), false)),
    };
  }

  get nodeName(): string {
    return this.tagName;
  }

  /** Whether this element matches `selector` — class (`.x`) and tag selectors only. */
  matches(selector: string): boolean {
    if (selector.startsWith(".")) return this.classList.contains(selector.slice(1));
    return this.tagName === selector.toUpperCase();
  }

  /** Places `child` where `querySelector(selector)` finds it. */
  place(selector: string, child: FakeElement): FakeElement {
    child.parent = this;
    this.found.set(selector, child);
    return child;
  }

  querySelector(selector: string): FakeElement | null {
    return this.found.get(selector) ?? null;
  }

  querySelectorAll(selector: string): FakeElement[] {
    const one = this.found.get(selector);
    return one ? [one] : [];
  }

  closest(selector: string): FakeElement | null {
    if (this.matches(selector)) return this;
    return this.parent?.closest(selector) ?? null;
  }

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }

  addEventListener(type: string, fn: (event: Obj) => unknown, options?: unknown): void {
    this.listeners.push({ type, fn, options });
  }

  removeEventListener(type: string, fn: (event: Obj) => unknown): void {
    const index = this.listeners.findIndex((l) => l.type === type && l.fn === fn);
    if (index >= 0) this.listeners.splice(index, 1);
  }

  /**
   * Fires `type` as an event that happened on `target` (default: this element) and bubbled to
   * this one: each of this element's listeners of that type runs once, in order.
   */
  async fire(type: string, init: Obj = {}, target: FakeElement = this): Promise<Obj> {
    let prevented = false;
    const event: Obj = {
      type,
      target,
      currentTarget: this,
      preventDefault: () => void (prevented = true),
      stopPropagation: () => undefined,
      ...init,
    };
    for (const listener of this.listeners.filter((l) => l.type === type)) await listener.fn(event);
    return { ...event, defaultPrevented: prevented };
  }

  append(): void {}
  prepend(): void {}
  remove(): void {}
}

/**
 * The elements of rendered HTML, one {@link FakeElement} per opening tag (attributes entity-
 * decoded), in document order — enough to find a row by its data attributes and read its classes.
 */
export function elementsOf(html: string): FakeElement[] {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&#x3D;/g, "=")
      .replace(/&amp;/g, "&");
  const out: FakeElement[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attributes: Record<string, string> = {};
    for (const attr of tag[2]!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) attributes[attr[1]!] = decode(attr[2] ?? "");
    out.push(new FakeElement(tag[1]!, attributes));
  }
  return out;
}

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

let appCount = 0;

type AppListener = { fn: (event: Obj) => unknown; once: boolean };

export class FakeApplicationV2 {
  static BASE_APPLICATION: unknown = FakeApplicationV2;
  static DEFAULT_OPTIONS: Obj = { classes: [], actions: {}, form: {}, window: {}, position: {} };
  static TABS: Record<
    string,
    { tabs: ({ id: string; cssClass?: string } & Obj)[]; initial?: string; labelPrefix?: string }
  > = {};
  #id: string | undefined;
  /** Renders and closes run one after the other, as core's ApplicationV2 queues them on a semaphore. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Map<string, AppListener[]>();
  options: Obj;
  tabGroups: Record<string, string | null> = {};
  rendered = false;
  renderCount = 0;
  element: FakeElement | null = null;
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

  /**
   * Core's `ApplicationV2#render`: queued after any render or close under way; an application that
   * is not rendered renders only when forced (`{force: true}` or `true`), is then listed in
   * `foundry.applications.instances`, gets `_onFirstRender`, and every render ends with
   * `_onRender` and the `render` event. `rendered`: "Is the application currently rendered?"
   */
  render(options: Obj | boolean = {}): Promise<this> {
    const opts: Obj = typeof options === "boolean" ? { force: options } : { ...options };
    const run = this.#queue.then(async () => {
      if (!this.rendered && !opts.force) return this;
      const first = this.element === null;
      opts.isFirstRender = first;
      this._configureRenderOptions(opts);
      const context = await this._renderContent(opts);
      if (first)
        this.element = new FakeElement(String(this.options.tag ?? "div"), {
          id: this.id,
          class: ((this.options.classes as string[]) ?? []).join(" "),
        });
      this.renderCount++;
      this.rendered = true;
      openWindows.add(this);
      globals().foundry.applications.instances.set(this.id, this);
      if (first) await this._onFirstRender(context, opts);
      await this._onRender(context, opts);
      this.dispatchEvent({ type: "render" });
      return this;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Core's `_configureRenderOptions`: the `tab` option (a tab id for the only group, or group →
   * id) sets `tabGroups`. v14: `window: {detached: true, windowId}` renders into that window.
   */
  _configureRenderOptions(options: Obj): void {
    const tab = options.tab;
    if (typeof tab === "string")
      this.tabGroups[Object.keys((this.constructor as typeof FakeApplicationV2).TABS)[0] ?? "primary"] = tab;
    else if (isObj(tab)) Object.assign(this.tabGroups, tab);
    const window = options.window as { detached?: boolean; windowId?: string } | undefined;
    if (isV14() && window?.detached && window.windowId) this.window = { windowId: window.windowId };
  }

  /**
   * Core v13 `ApplicationV2#changeTab(tab, group, {force})`
   * (https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html#changetab):
   * both ids are required; nothing happens when the tab is already the group's active one (unless
   * forced); else core toggles `.active` on the group's nav links and `.tab` sections — the fake
   * has no DOM — and sets `tabGroups[group]`. It does not render.
   */
  changeTab(tab: string, group: string, options: { force?: boolean } = {}): void {
    if (!tab || !group) throw new Error("You must pass both the tab and tab group identifier");
    if (this.tabGroups[group] === tab && !options.force) return;
    this.tabGroups[group] = tab;
    this.tabChanges.push({ tab, group });
  }

  /** Every tab switch `changeTab` made, in order (what core would have toggled in the DOM). */
  readonly tabChanges: { tab: string; group: string }[] = [];

  /** What a render draws, returning its context (the Handlebars mixin renders its parts here). */
  protected async _renderContent(options: Obj): Promise<Obj> {
    return this._prepareContext(options);
  }

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

  async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> {
    return context;
  }
  _configureRenderParts(_options: Obj): Obj {
    return {};
  }
  async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}

  /** Core's `ApplicationV2#close`: queued like renders; leaves `instances`; emits `close`. */
  close(_options: Obj = {}): Promise<this> {
    const run = this.#queue.then(() => {
      const wasOpen = this.element !== null;
      this.rendered = false;
      this.element = null;
      openWindows.delete(this);
      globals().foundry.applications.instances.delete(this.id);
      if (wasOpen) this.dispatchEvent({ type: "close" });
      return this;
    });
    this.#queue = run.catch(() => undefined);
    return run;
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

  /** Core: a change inside the form submits it when `form.submitOnChange` (and the app is open). */
  _onChangeForm(formConfig: { submitOnChange?: boolean }, event: Obj): void | Promise<void> {
    if (this.rendered && formConfig.submitOnChange) return this._onSubmitForm(formConfig as Obj, event);
  }

  /**
   * Core's `_onSubmitForm`: `form.handler(event, form, formData)`; if it throws, the error's
   * message is shown as an error notification and the form STAYS OPEN; otherwise
   * `closeOnSubmit` closes it (dnd5e `create-document-dialog.mjs` and draw-steel's
   * `DSApplication` throw to refuse a submission).
   */
  async _onSubmitForm(formConfig: Obj, event: Obj): Promise<void> {
    const { handler, closeOnSubmit } = formConfig as {
      handler?: (this: unknown, e: unknown, f: unknown, d: unknown) => unknown;
      closeOnSubmit?: boolean;
    };
    const form = (event.currentTarget as FakeElement | undefined) ?? null;
    const FormData = (
      globalThis as unknown as { foundry: { applications: { ux: { FormDataExtended: new (f: unknown) => unknown } } } }
    ).foundry.applications.ux.FormDataExtended;
    if (typeof handler === "function") {
      try {
        await handler.call(this, event, form, new FormData(form));
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

/** `HandlebarsApplicationMixin`: renders `PARTS` with the installed template renderer. */
// TypeScript's mixin rule: the base must be typed `new (...args: any[]) => …`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function FakeHandlebarsApplicationMixin<B extends new (...args: any[]) => FakeApplicationV2>(Base: B) {
  return class HandlebarsApplication extends Base {
    static PARTS: Record<string, { template: string }> = {};
    /** The HTML of each part from the last render (strings: the fake has no DOM). */
    renderedParts: Record<string, string> = {};
    lastContext: Obj = {};

    override _configureRenderParts(_options: Obj): Obj {
      return { ...(this.constructor as unknown as { PARTS: Obj }).PARTS };
    }

    protected override async _renderContent(opts: Obj): Promise<Obj> {
      const context = await this._prepareContext(opts);
      Object.assign(this.renderedParts, await this._renderHTML(context, opts));
      this.lastContext = context;
      return context;
    }

    /**
     * Core v13 `HandlebarsApplicationMixin#_renderHTML(context, options)`
     * (https://foundryvtt.com/api/v13/functions/foundry.applications.api.HandlebarsApplicationMixin.html):
     * renders each part of `options.parts` — core fills it with every configured part in
     * `_configureRenderOptions` when the caller names none — from `_preparePartContext`, and
     * returns one rendered part per id (an HTMLElement in core, the HTML string here). A part id
     * that is not configured is skipped (core warns).
     */
    async _renderHTML(context: Obj, opts: Obj): Promise<Record<string, string>> {
      const parts = this._configureRenderParts(opts) as Record<string, { template: string }>;
      const wanted = (opts.parts as string[] | undefined) ?? Object.keys(parts);
      const { renderTemplate } = (
        globalThis as unknown as {
          foundry: { applications: { handlebars: { renderTemplate(p: string, c: Obj): Promise<string> } } };
        }
      ).foundry.applications.handlebars;
      const rendered: Record<string, string> = {};
      for (const id of wanted) {
        if (!parts[id]) continue;
        const partContext = await this._preparePartContext(id, { ...context }, opts);
        rendered[id] = await renderTemplate(parts[id].template, partContext);
      }
      return rendered;
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
 * Core v13 DocumentSheetV2's form handler: `_prepareSubmitData(event, form, formData)` then
 * `_processSubmitData(event, form, submitData)`, nothing when the sheet is not editable
 * (https://foundryvtt.com/api/v13/classes/foundry.applications.api.DocumentSheetV2.html;
 * dnd5e 5.3.3 `module/applications/api/pseudo-document-sheet.mjs` mirrors the same chain).
 */
async function onSubmitDocumentForm(
  this: FakeDocumentSheetV2,
  event: Obj,
  form: unknown,
  formData: { object: Obj },
): Promise<void> {
  if (!this.isEditable) return;
  const submitData = this._prepareSubmitData(event, form, formData);
  await this._processSubmitData(event, form, submitData);
}

export class FakeDocumentSheetV2 extends FakeApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = {
    actions: { editImage: onEditImage },
    form: { handler: onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };
  /** The attributes `editImage` was asked to edit (a FilePicker would open for each). */
  readonly imageEdits: string[] = [];
  get document(): { isOwner: boolean; _source: Obj; uuid?: string } {
    return this.options.document as { isOwner: boolean; _source: Obj; uuid?: string };
  }
  /** v13 DocumentSheetV2: `<class name>-<document uuid, dots as dashes>`. */
  override get id(): string {
    const uuid = this.document?.uuid;
    return (
      (this.options.id as string | undefined) ??
      (uuid ? `${this.constructor.name}-${uuid.replaceAll(".", "-")}` : super.id)
    );
  }
  get isEditable(): boolean {
    return this.document.isOwner;
  }
  override async _prepareContext(options: Obj): Promise<Obj> {
    return {
      ...(await super._prepareContext(options)),
      document: this.document,
      source: this.document._source,
      editable: this.isEditable,
    };
  }

  /** Core: the form's values, expanded (`foundry.utils.expandObject(formData.object)`). */
  _processFormData(_event: unknown, _form: unknown, formData: { object: Obj }): Obj {
    return expandObject(deepClone(formData.object));
  }

  /**
   * Core: the processed form data, then `document.validate({changes, clean: true, fallback:
   * false})`, which CLEANS the data in place (NumberFields clamped and rounded) and throws a
   * DataModelValidationError (English) on what it cannot clean.
   */
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Obj }, updateData?: Obj): Obj {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData, { performDeletions: true });
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
  /** The form core renders (its `values` are what FormDataExtended reads). */
  readonly form = new FakeElement("form", { class: "dialog-form standard-form" });

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

  protected override async _renderContent(options: Obj): Promise<Obj> {
    const content = this.options.content
      ? `<div class="dialog-content standard-form">${String(this.options.content)}</div>`
      : "";
    const buttons = Object.values(this.buttons)
      .map((b) => `<button type="${b.type ?? "submit"}" data-action="${b.action}">${b.label ?? ""}</button>`)
      .join("");
    this.html = `<form class="dialog-form standard-form" autocomplete="off">${content}<footer class="form-footer">${buttons}</footer></form>`;
    return super._renderContent(options);
  }

  override async _onFirstRender(context: Obj, options: Obj): Promise<void> {
    await super._onFirstRender(context, options);
    const element = this.element!;
    element.place("form", this.form);
    for (const action of Object.keys(this.buttons)) {
      const button = new FakeElement("button", { type: this.buttons[action]!.type ?? "submit", "data-action": action });
      button.form = this.form;
      element.place(`button[data-action="${action}"]`, button);
    }
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

  /** Core's `DialogV2.wait`: resolves the submitted result, or `close()`'s value / null when closed. */
  static wait({ rejectClose = false, close, render, ...config }: Obj = {}): Promise<unknown> {
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
      void dialog.render({ force: true });
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
  dialog.form.values = { ...values };
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
 * kept), `limited` (the user's level is exactly LIMITED; a GM never), `toDragData()` (`{type:
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
    app.rendered = false;
    app.element = null;
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
      this.object = { ...(form?.values ?? {}) };
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

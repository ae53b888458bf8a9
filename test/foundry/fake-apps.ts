/**
 * Part of the Foundry FAKE (see fake.ts): the ApplicationV2 surface our sheets use — NOT Foundry.
 *
 * - `ApplicationV2` merges `DEFAULT_OPTIONS` down the class chain (classes accumulate, `actions`
 *   and other objects merge, as in v13) and keeps `tabGroups` from `static TABS`;
 * - `HandlebarsApplicationMixin(Base)` renders each `static PARTS` template through
 *   `foundry.applications.handlebars.renderTemplate` (the template harness, when a test installs
 *   it) after `_prepareContext` → `_configureRenderParts` → `_preparePartContext`, and keeps the
 *   HTML of each part as a STRING in `renderedParts` — there is no DOM in Node, so `element`,
 *   `_onFirstRender` and `_onRender` (listeners, context menu) are not run: the browser checks and
 *   real Foundry cover them (docs/manual-checks.md);
 * - `DocumentSheetV2` / `ActorSheetV2` / `ItemSheetV2`: `document`, `actor`/`item`, `isEditable`
 *   (owner of the document), and a base `_prepareContext` with `document`, `source`, `editable`;
 * - `Actors` / `Items` `registerSheet(scope, cls, options)` record the registrations;
 * - `Handlebars` is the global Foundry bundles (the npm package here);
 * - `ContextMenu` records its arguments; `TextEditor.implementation.enrichHTML` returns its input;
 * - {@link clickAction} calls a `DEFAULT_OPTIONS.actions` handler with the app as `this`, the way
 *   Foundry's click dispatch does;
 * - `foundry.applications.instances`: every rendered application by `id` until it closes
 *   (https://foundryvtt.com/api/v13/variables/foundry.applications.instances.html ); a document
 *   sheet's id is `<class name>-<document uuid with dashes>` (v13 DocumentSheetV2);
 * - {@link submitForm} submits an application's form as core's `ApplicationV2#_onSubmitForm` does.
 */
import Handlebars from "handlebars";
import type { FakeFoundry } from "./fake";

type Obj = Record<string, unknown>;
type Handler = (this: unknown, event: unknown, target: unknown) => unknown;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v) && typeof v !== "function";

function mergeOptions(into: Obj, from: Obj): Obj {
  for (const [key, value] of Object.entries(from)) {
    if (key === "classes" && Array.isArray(value)) into.classes = [...new Set([...((into.classes as string[]) ?? []), ...(value as string[])])];
    else if (isObj(value) && isObj(into[key])) into[key] = mergeOptions({ ...(into[key] as Obj) }, value);
    else into[key] = value;
  }
  return into;
}

/** Registrations made through `Actors.registerSheet` / `Items.registerSheet`. */
export interface SheetRegistration {
  documentName: "Actor" | "Item";
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

/** `foundry.applications.instances` of the installed fake. */
function instances(): Map<string, FakeApplicationV2> {
  return (globalThis as unknown as { foundry: { applications: { instances: Map<string, FakeApplicationV2> } } }).foundry.applications.instances;
}
let appCount = 0;

export class FakeApplicationV2 {
  static DEFAULT_OPTIONS: Obj = { classes: [], actions: {}, form: {}, window: {}, position: {} };
  #id: string | undefined;
  /** Renders and closes run one after the other, as core's ApplicationV2 queues them on a semaphore. */
  #queue: Promise<unknown> = Promise.resolve();
  static TABS: Record<string, { tabs: { id: string }[]; initial?: string }> = {};
  options: Obj;
  tabGroups: Record<string, string | null> = {};
  rendered = false;
  renderCount = 0;
  element: unknown = null;

  constructor(options: Obj = {}) {
    const chain: (typeof FakeApplicationV2)[] = [];
    for (let cls = this.constructor as typeof FakeApplicationV2; cls && cls !== (Object as unknown); cls = Object.getPrototypeOf(cls)) {
      if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) chain.unshift(cls);
    }
    this.options = chain.reduce((acc, cls) => mergeOptions(acc, cls.DEFAULT_OPTIONS), {} as Obj);
    mergeOptions(this.options, options);
    const tabs = (this.constructor as typeof FakeApplicationV2).TABS;
    for (const [group, config] of Object.entries(tabs)) this.tabGroups[group] = config.initial ?? config.tabs[0]?.id ?? null;
  }

  async _prepareContext(_options: Obj): Promise<Obj> {
    return {};
  }
  async _preparePartContext(_partId: string, context: Obj, _options: Obj): Promise<Obj> {
    return context;
  }
  _configureRenderParts(_options: Obj): Obj {
    return {};
  }
  async _onFirstRender(_context: Obj, _options: Obj): Promise<void> {}
  async _onRender(_context: Obj, _options: Obj): Promise<void> {}

  /** The application's id: `options.id`, else one of its own (`app-<n>`). */
  get id(): string {
    return (this.options.id as string | undefined) ?? (this.#id ??= `app-${++appCount}`);
  }

  /**
   * Core's `ApplicationV2#render` (core copy of v13 `applications/api/application.mjs`): queued
   * after any render or close under way; an application that is not rendered renders only when
   * forced (`{force: true}` or `true`), and is then listed in `foundry.applications.instances`.
   * `rendered`: "Is the application currently rendered?" (ApplicationV2#rendered,
   * https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html): true
   * after render, false after close.
   */
  render(options: Obj | boolean = {}): Promise<this> {
    const opts = typeof options === "boolean" ? { force: options } : options;
    const run = this.#queue.then(async () => {
      if (!this.rendered && !opts.force) return this;
      await this._renderContent(opts);
      this.renderCount++;
      this.rendered = true;
      openWindows.add(this);
      instances().set(this.id, this);
      return this;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** What a render draws (the Handlebars mixin renders its parts here). */
  protected async _renderContent(_options: Obj): Promise<void> {}

  /** Core's `ApplicationV2#close`: queued like renders; the application leaves `instances`. */
  close(): Promise<this> {
    const run = this.#queue.then(() => {
      this.rendered = false;
      openWindows.delete(this);
      instances().delete(this.id);
      return this;
    });
    this.#queue = run.catch(() => undefined);
    return run;
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

    protected override async _renderContent(opts: Obj): Promise<void> {
      const context = await this._prepareContext(opts);
      const parts = this._configureRenderParts(opts) as Record<string, { template: string }>;
      const wanted = (opts.parts as string[] | undefined) ?? Object.keys(parts);
      const { renderTemplate } = (globalThis as unknown as { foundry: { applications: { handlebars: { renderTemplate(p: string, c: Obj): Promise<string> } } } }).foundry.applications.handlebars;
      for (const id of wanted) {
        if (!parts[id]) continue;
        const partContext = await this._preparePartContext(id, { ...context }, opts);
        this.renderedParts[id] = await renderTemplate(parts[id].template, partContext);
      }
      this.lastContext = context;
    }
  };
}

export class FakeDocumentSheetV2 extends FakeApplicationV2 {
  get document(): { isOwner: boolean; _source: Obj; uuid?: string } {
    return this.options.document as { isOwner: boolean; _source: Obj; uuid?: string };
  }
  /** v13 DocumentSheetV2: `<class name>-<document uuid, dots as dashes>`. */
  override get id(): string {
    const uuid = this.document?.uuid;
    return (this.options.id as string | undefined) ?? (uuid ? `${this.constructor.name}-${uuid.replaceAll(".", "-")}` : super.id);
  }
  get isEditable(): boolean {
    return this.document.isOwner;
  }
  override async _prepareContext(options: Obj): Promise<Obj> {
    return { ...(await super._prepareContext(options)), document: this.document, source: this.document._source, editable: this.isEditable };
  }
}

export class FakeActorSheetV2 extends FakeDocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}
export class FakeItemSheetV2 extends FakeDocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

/** Calls the sheet action `action` as Foundry's click dispatch does (`this` = the app). */
export async function clickAction(app: FakeApplicationV2, action: string, target: { dataset: Obj; closest?: (s: string) => unknown }, event: Obj = {}): Promise<unknown> {
  const handler = (app.options.actions as Record<string, Handler | undefined>)[action];
  if (!handler) throw new Error(`fake: no action "${action}" on ${app.constructor.name}`);
  const element = { closest: target.closest ?? (() => null), ...target };
  return handler.call(app, { shiftKey: false, ...event }, element);
}

/**
 * Submits `app`'s form with `object` as its form data, as core's `ApplicationV2#_onSubmitForm`
 * does: the `form.handler` runs; if it throws, the error's message is shown as an error
 * notification and the form STAYS OPEN; otherwise `form.closeOnSubmit` closes it (core copy of
 * v13 `applications/api/application.mjs`; dnd5e `create-document-dialog.mjs` and draw-steel's
 * `DSApplication` throw to refuse a submission).
 */
export async function submitForm(app: FakeApplicationV2, object: Obj): Promise<void> {
  const form = (app.options.form ?? {}) as { handler?: (this: unknown, event: unknown, form: unknown, data: { object: Obj }) => unknown; closeOnSubmit?: boolean };
  try {
    await form.handler?.call(app, { type: "submit" }, null, { object });
  } catch (err) {
    (globalThis as unknown as { ui: { notifications: { error(m: string): unknown } } }).ui.notifications.error(err instanceof Error ? err.message : String(err));
    return;
  }
  if (form.closeOnSubmit) await app.close();
}

/** Installs the fake applications on `foundry.*` and returns the sheet registrations list. */
export function installAppsFake(fake: FakeFoundry): SheetRegistration[] {
  for (const app of openWindows) app.rendered = false;
  openWindows.clear();
  const registrations: SheetRegistration[] = [];
  const registry = (documentName: "Actor" | "Item") => ({
    registerSheet: (scope: string, sheetClass: unknown, options: Obj = {}) => registrations.push({ documentName, scope, sheetClass, options }),
    unregisterSheet: () => undefined,
  });
  const menus: unknown[][] = [];
  Object.assign(fake.foundry.applications, {
    instances: new Map<string, FakeApplicationV2>(),
    api: { ApplicationV2: FakeApplicationV2, DocumentSheetV2: FakeDocumentSheetV2, HandlebarsApplicationMixin: FakeHandlebarsApplicationMixin },
    sheets: { ActorSheetV2: FakeActorSheetV2, ItemSheetV2: FakeItemSheetV2 },
    ux: {
      ...((fake.foundry.applications.ux as Obj | undefined) ?? {}),
      ContextMenu: class {
        constructor(...args: unknown[]) {
          menus.push(args);
        }
      },
      TextEditor: { implementation: { enrichHTML: async (html: string) => html } },
    },
  });
  Object.assign(fake.foundry.documents, { collections: { Actors: registry("Actor"), Items: registry("Item") } });
  Object.assign(fake, { sheetRegistrations: registrations, contextMenus: menus });
  // Foundry ships Handlebars as a global; the sheets mark enriched HTML with its SafeString.
  Object.assign(globalThis, { Handlebars });
  return registrations;
}

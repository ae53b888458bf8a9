/**
 * The probe window of the ApplicationV2 contract (applications-core.ts): two classes built on the
 * running `ApplicationV2` — a parent and a child, each with its own `DEFAULT_OPTIONS` — whose
 * life-cycle methods log their name and the render state they ran in, and whose content is a tab
 * bar of two tabs (each link holding an icon), their sections, an action button and a number
 * field, built with the document the content element belongs to (a browser's in Foundry, the
 * fake's in vitest). Nothing here is written to the world.
 */
import { spyOn, type Data } from "./temporary";

/** ApplicationV2 through the members the suite overrides and reads (see applications.ts on why). */
interface CoreApp {
  readonly id: string;
  readonly options: Data & { classes: string[]; window: Data; form: Data };
  readonly element: HTMLElement | null;
  readonly state: number;
  readonly rendered: boolean;
  tabGroups: Record<string, string | null>;
  render(options?: Data): Promise<unknown>;
  close(options?: Data): Promise<unknown>;
  submit(options?: Data): Promise<unknown>;
  changeTab(tab: string, group: string, options?: Data): void;
  addEventListener(type: string, listener: () => void): void;
  _prepareTabs(group: string): Record<string, Data>;
  _createContextMenu(handler: () => object[], selector: string, options?: Data): unknown;
  _canRender(options: Data): false | void;
  _configureRenderOptions(options: Data): void;
  _prepareContext(options: Data): Promise<Data>;
  _preFirstRender(context: Data, options: Data): Promise<void>;
  _preRender(context: Data, options: Data): Promise<void>;
  _renderFrame(options: Data): Promise<HTMLElement>;
  _attachFrameListeners(): void;
  _renderHTML(context: Data, options: Data): Promise<unknown>;
  _replaceHTML(result: unknown, content: HTMLElement, options: Data): void;
  _insertElement(element: HTMLElement): void;
  _updateFrame(options: Data): void;
  _onFirstRender(context: Data, options: Data): Promise<void>;
  _onRender(context: Data, options: Data): Promise<void>;
  _postRender(context: Data, options: Data): Promise<void>;
  _preClose(options: Data): Promise<void>;
  _tearDown(options: Data): void;
  _removeElement(element: HTMLElement): void;
  _onClose(options: Data): void;
}
type CoreAppClass = new (options?: Data) => CoreApp;

/** A class (core's ApplicationV2 is one; its members above are core's public v13 API). */
const isAppClass = (value: unknown): value is CoreAppClass => typeof value === "function";

/** The running `ApplicationV2`, seen through {@link CoreApp}: the typings keep the life-cycle methods protected. */
function appClass(): CoreAppClass {
  const cls: unknown = foundry.applications.api.ApplicationV2;
  if (!isAppClass(cls)) throw new Error("foundry.applications.api.ApplicationV2 is not a class");
  return cls;
}

/** The probe window as the cases drive it. */
export interface Probe extends CoreApp {
  readonly log: string[];
  readonly clicks: { self: unknown; target: unknown }[];
  refuse: "false" | "throw" | null;
  /** A `change` dispatched on the probe's field while `_tearDown` runs (the window CLOSING). */
  changeOnTearDown: boolean;
  field(): HTMLElement | null;
}
type ProbeClass = new (options?: Data) => Probe;

/** `tag` with `attributes` and `children`, made by the document `near` belongs to (a fake one on the fake). */
function make(near: HTMLElement, tag: string, attributes: Record<string, string>, ...children: HTMLElement[]) {
  const element = near.ownerDocument.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** The probe's content: a tab bar of two tabs (each link holding an icon), their sections, a button, a field. */
function fillContent(content: HTMLElement): void {
  const link = (tab: string, active: boolean) =>
    make(
      content,
      "a",
      { "data-action": "tab", "data-group": "primary", "data-tab": tab, class: active ? "active" : "" },
      make(content, "i", { class: "fa-solid fa-circle" }),
    );
  const section = (tab: string, active: boolean) =>
    make(content, "section", { class: active ? "tab active" : "tab", "data-group": "primary", "data-tab": tab });
  content.replaceChildren(
    make(content, "nav", { class: "tabs" }, link("one", true), link("two", false)),
    section("one", true),
    section("two", false),
    make(content, "button", { type: "button", "data-action": "probe" }, make(content, "span", {})),
    make(content, "input", { type: "number", name: "n", value: "3" }),
  );
}

/** The probe's `probe` action: records `this` and the target core hands it. */
function onProbe(this: unknown, _event: unknown, target: unknown): void {
  const clicks: unknown = Reflect.get(Object(this), "clicks");
  if (Array.isArray(clicks)) clicks.push({ self: this, target });
}

/** The probe classes, built on the running `ApplicationV2`: a parent and a child, each with defaults. */
function probeClass(): ProbeClass {
  const Base = appClass();
  class TacticaContractProbeBase extends Base {
    static DEFAULT_OPTIONS: Data = {
      classes: ["tactica-probe"],
      window: { title: "[Quench] contract", controls: [{ icon: "fa-solid fa-a", label: "A", action: "a" }] },
      position: { width: 320 },
      actions: { probe: onProbe },
    };
  }
  class TacticaContractProbe extends TacticaContractProbeBase {
    static override DEFAULT_OPTIONS: Data = {
      classes: ["tactica-probe-child", "tactica-probe"],
      window: { resizable: true, controls: [{ icon: "fa-solid fa-b", label: "B", action: "b" }] },
    };
    static TABS = {
      primary: { tabs: [{ id: "one", icon: "fa-solid fa-1" }, { id: "two" }], initial: "one", labelPrefix: "PROBE" },
    };
    readonly log: string[] = [];
    readonly clicks: { self: unknown; target: unknown }[] = [];
    refuse: "false" | "throw" | null = null;
    changeOnTearDown = false;

    #note(step: string): void {
      this.log.push(`${step}@${this.state}`);
    }
    field(): HTMLElement | null {
      return this.element?.querySelector<HTMLElement>('[name="n"]') ?? null;
    }
    override _canRender(options: Data): false | void {
      this.#note("canRender");
      if (this.refuse === "false") return false;
      if (this.refuse === "throw") throw new Error("[Quench] refused");
      return super._canRender(options);
    }
    override _configureRenderOptions(options: Data): void {
      this.#note(options.isFirstRender === true ? "configureRenderOptions(first)" : "configureRenderOptions");
      super._configureRenderOptions(options);
    }
    override async _prepareContext(options: Data): Promise<Data> {
      this.#note("prepareContext");
      return super._prepareContext(options);
    }
    override async _preFirstRender(context: Data, options: Data): Promise<void> {
      this.#note("preFirstRender");
      return super._preFirstRender(context, options);
    }
    override async _preRender(context: Data, options: Data): Promise<void> {
      this.#note("preRender");
      return super._preRender(context, options);
    }
    override async _renderFrame(options: Data): Promise<HTMLElement> {
      this.#note("renderFrame");
      return super._renderFrame(options);
    }
    override _attachFrameListeners(): void {
      this.#note("attachFrameListeners");
      super._attachFrameListeners();
    }
    override async _renderHTML(_context: Data, _options: Data): Promise<unknown> {
      this.#note("renderHTML");
      return null;
    }
    override _replaceHTML(_result: unknown, content: HTMLElement, _options: Data): void {
      this.#note("replaceHTML");
      fillContent(content);
    }
    override _insertElement(element: HTMLElement): void {
      const listed: unknown = foundry.applications.instances.get(this.id);
      this.#note(listed === this ? "insertElement(listed)" : "insertElement");
      super._insertElement(element);
    }
    override _updateFrame(options: Data): void {
      this.#note("updateFrame");
      super._updateFrame(options);
    }
    override async _onFirstRender(context: Data, options: Data): Promise<void> {
      this.#note("onFirstRender");
      return super._onFirstRender(context, options);
    }
    override async _onRender(context: Data, options: Data): Promise<void> {
      this.#note("onRender");
      return super._onRender(context, options);
    }
    override async _postRender(context: Data, options: Data): Promise<void> {
      this.#note("postRender");
      return super._postRender(context, options);
    }
    override async _preClose(options: Data): Promise<void> {
      this.#note("preClose");
      return super._preClose(options);
    }
    override _tearDown(options: Data): void {
      this.#note("tearDown");
      const field = this.field();
      if (this.changeOnTearDown) field?.dispatchEvent(new Event("change", { bubbles: true }));
      super._tearDown(options);
    }
    override _removeElement(element: HTMLElement): void {
      this.#note("removeElement");
      super._removeElement(element);
    }
    override _onClose(options: Data): void {
      this.#note(foundry.applications.instances.has(this.id) ? "onClose(listed)" : "onClose");
      super._onClose(options);
    }
  }
  return TacticaContractProbe;
}

/** A probe whose `render` and `close` events are logged too. */
export function newProbe(options: Data = {}): Probe {
  const probe = new (probeClass())(options);
  probe.addEventListener("render", () => probe.log.push(`event:render@${probe.state}`));
  probe.addEventListener("close", () => probe.log.push(`event:close@${probe.state}`));
  return probe;
}

/** Core's notifications, spied on (and silenced) while `body` runs; what `level` showed is returned. */
export async function notified(level: "warn" | "error", body: () => Promise<void> | void): Promise<string[]> {
  const shown: string[] = [];
  const spy = () => (message: unknown) => void shown.push(message instanceof Error ? message.message : String(message));
  await spyOn(ui.notifications ?? {}, level, spy, body);
  return shown;
}

/** Resolves once `done()` holds (core starts some steps without awaiting them), or after about 3 s. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

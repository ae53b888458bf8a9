/**
 * Part of the Foundry FAKE (see fake.ts and fake-apps.ts): the little DOM the fake windows are
 * made of — NOT a browser. Node has no DOM, so a window's element is a {@link FakeElement} tree
 * built from the HTML its templates render, with just what core's ApplicationV2 code and
 * Tactica's windows do to it. Each behaviour names the web standard it follows (what the
 * contract cases, run in Foundry's browser page, rely on); `<prose-mirror>` is
 * {@link FakeProseMirror}, a stand-in for core's `HTMLProseMirrorElement`. Self-tests:
 * test/foundry/apps-fake.test.ts ("fake DOM"). Test helpers, not the DOM: `place(selector,
 * child)` (an element a test puts where `querySelector` finds it first), `values` and `answer`
 * (a form's data a test gives FormDataExtended), `fire(type, init, target)` (a listener run and
 * awaited), {@link FakeProseMirror.type}, {@link elementsOf}.
 *
 * Not covered: text nodes and `innerHTML`/`outerHTML`, layout and styles, focus, pseudo-classes
 * and attribute operators other than `=` in selectors, capture and `stopPropagation`, reflection
 * of `disabled`/`checked`/`hidden` set after construction to their attributes.
 *
 * Behaviours:
 * - {@link parseHTML}: the top-level elements of an HTML string, opening and closing tags matched,
 *   void elements closed at once, a closing tag without its opening ignored, attributes
 *   entity-decoded; text is not kept. Source: https://html.spec.whatwg.org/multipage/syntax.html
 *   (void elements, attributes, character references). Contract: `apps.partial-render`.
 * - Selectors — tag, `#id`, `.class`, `[attr]`, `[attr=value]`, `*`, compound, descendant and `>`
 *   child combinators, comma lists — for `querySelector`, `querySelectorAll` (document order),
 *   `matches` and `closest` (the element itself first). Source:
 *   https://dom.spec.whatwg.org/#dom-parentnode-queryselector, https://dom.spec.whatwg.org/#dom-element-closest,
 *   https://www.w3.org/TR/selectors-4/. Contract: `apps.tabs`.
 * - `dataset` is kept in the `data-*` attributes (camelCase ↔ kebab-case); `classList` in the
 *   `class` attribute. Source: https://html.spec.whatwg.org/multipage/dom.html#dom-dataset,
 *   https://dom.spec.whatwg.org/#dom-element-classlist. Contract: `apps.tabs`.
 * - Tree changes — `appendChild`, `append`, `prepend`, `replaceWith`, `replaceChildren`, `remove`
 *   (a node moved leaves its old place) — and `isConnected`: in a tree whose root was put in the
 *   page; a removed subtree stays whole. Source: https://dom.spec.whatwg.org/#interface-childnode,
 *   https://dom.spec.whatwg.org/#dom-node-isconnected. Contract: `apps.partial-render`,
 *   `apps.close-order`.
 * - Events: `dispatchEvent` runs the element's listeners of that type, then — when the event
 *   bubbles — each ancestor's, each seeing `target` (the element) and its own `currentTarget`; a
 *   listener's promise is not awaited; it returns false once `preventDefault` was called. Source:
 *   https://dom.spec.whatwg.org/#dispatching-events. Contract: `apps.form-submit`.
 * - `click()`: a bubbling, cancelable `click` of the main button (0); nothing on a disabled form
 *   control. Source: https://html.spec.whatwg.org/multipage/interaction.html#dom-click. Contract:
 *   `apps.click-action`.
 * - Field values: an input's `value` attribute is its value until `value` is set (HTML's dirty
 *   value flag); a select's value is its selected option's (else the first); `disabled`,
 *   `checked` and `hidden` start from their attributes. Source:
 *   https://html.spec.whatwg.org/multipage/input.html#concept-fe-dirty,
 *   https://html.spec.whatwg.org/multipage/form-elements.html#dom-select-value. Contract:
 *   `apps.form-submit`.
 * - Forms: `form.elements` lists the form's controls (buttons, fieldsets, inputs, objects, outputs,
 *   selects, textareas and the form-associated `<prose-mirror>`); a control's `form` is its nearest
 *   form ancestor. Source: https://html.spec.whatwg.org/multipage/forms.html#dom-form-elements,
 *   https://html.spec.whatwg.org/multipage/custom-elements.html#form-associated-custom-element.
 *   Contract: `apps.dialog-form`.
 * - {@link formDataOf}, what core's `FormDataExtended` reads of such a form: every named, enabled
 *   control but buttons — a checkbox its `checked`, a checked radio its value, a number or range
 *   input its number (empty: null), a select its chosen option, a `<prose-mirror>` its `value` —
 *   then the `values` a test gave the form; a dialog answered by a test reads its answer alone.
 *   Source: https://foundryvtt.com/api/v13/classes/foundry.applications.ux.FormDataExtended.html.
 *   Contract: `apps.form-submit`, `apps.dialog-form`.
 * - Custom-element reactions of a connected tree: `connectedCallback` when a subtree is put under
 *   a connected root, `disconnectedCallback` when it is taken out, run after the tree was changed.
 *   Source: https://html.spec.whatwg.org/multipage/custom-elements.html#custom-element-reactions.
 *   Contract: none — manual check "Typed text is never lost (review N1)".
 * - `<prose-mirror>` ({@link FakeProseMirror}, core's `HTMLProseMirrorElement` of the late v13 / v14
 *   build): the `value` attribute becomes the stored value; connected, an editor without `toggled`
 *   opens itself and becomes active a microtask later; `value` is the live document's HTML while
 *   active; `isDirty()`; disconnected while active it saves — a bubbling `save`, then, when the
 *   HTML changed, a bubbling, cancelable `change` on the element wherever it now is — and closes.
 *   Nothing else saves. Source: core v13 client `applications/elements/prosemirror-editor.mjs`
 *   (core-source review part 2 §1: `_activateListeners`, `#activateEditor`, `_getValue`,
 *   `disconnectedCallback`); cosmere-rpg #622 (13.351), WoD20 #1432 (v14 build 364). Contract:
 *   none — manual check "Typed text is never lost (review N1)".
 */
type Obj = Record<string, unknown>;

/** A listener as {@link FakeElement} records it. */
export interface FakeListener {
  type: string;
  fn: (event: Obj) => unknown;
  options: unknown;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]);

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** One compound selector: a tag, an id, classes and attribute tests. */
interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: { name: string; value: string | null }[];
}

function parseCompound(text: string): Compound {
  const out: Compound = { tag: null, id: null, classes: [], attrs: [] };
  const re = /^(\*|[a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([^\]=\s]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]/g;
  for (const m of text.matchAll(re)) {
    if (m[1] && m[1] !== "*") out.tag = m[1].toUpperCase();
    else if (m[2]) out.id = m[2];
    else if (m[3]) out.classes.push(m[3]);
    else if (m[4]) out.attrs.push({ name: m[4], value: m[5] ?? m[6] ?? m[7] ?? null });
  }
  return out;
}

/** A selector of the list: compounds from the left, each with the combinator before the next. */
type Chain = { compound: Compound; child: boolean }[];

const parsedSelectors = new Map<string, Chain[]>();

/** `selector` parsed once (the same few selectors are asked again and again). */
function parsedSelector(selector: string): Chain[] {
  let chains = parsedSelectors.get(selector);
  if (!chains) parsedSelectors.set(selector, (chains = parseSelector(selector)));
  return chains;
}

function parseSelector(selector: string): Chain[] {
  return selector.split(",").map((one) => {
    const tokens = one
      .trim()
      .replace(/\s*>\s*/g, " > ")
      .split(/\s+/);
    const chain: Chain = [];
    let child = false;
    for (const token of tokens) {
      if (token === ">") child = true;
      else {
        chain.push({ compound: parseCompound(token), child });
        child = false;
      }
    }
    return chain;
  });
}

/**
 * A stand-in for an HTML element: its tag, attributes, classes and `dataset`, its children and
 * parent, the listeners added to it, and what a test placed in it for `querySelector` (`place`,
 * for elements the fake does not render). It is a tree, not a browser: nothing is laid out.
 */
export class FakeElement {
  readonly nodeType = 1;
  readonly tagName: string;
  readonly attributes: Record<string, string>;
  readonly dataset: Record<string, string>;
  readonly classList: {
    contains(c: string): boolean;
    add(...c: string[]): void;
    remove(...c: string[]): void;
    toggle(c: string, on?: boolean): boolean;
  };
  readonly listeners: FakeListener[] = [];
  /** What `querySelector(selector)` answers first, placed by a test. */
  readonly found = new Map<string, FakeElement>();
  readonly children: FakeElement[] = [];
  /** A form's values a test fills: FormDataExtended reads them over the tree's own fields. */
  values: Obj = {};
  /**
   * A dialog's answer a test gives ({@link answerDialog}): the whole of what the user left in the
   * form, read by FormDataExtended INSTEAD of the tree's fields.
   */
  answer: Obj | null = null;
  disabled: boolean;
  checked: boolean;
  hidden: boolean;
  textContent = "";
  parent: FakeElement | null = null;
  /** The form a button belongs to when a test sets it (else its form ancestor). */
  #form: FakeElement | null = null;
  /** The value set through the `value` property (the dirty value, HTML's "dirty value flag" set). */
  #value: unknown;
  #dirty = false;
  /** A root put in the page (an application's element once rendered): its tree is connected. */
  isRoot = false;
  readonly ownerDocument = { createElement: (tag: string) => createElement(tag) };

  constructor(tag = "div", attributes: Record<string, string> = {}) {
    this.tagName = tag.toUpperCase();
    this.attributes = { ...attributes };
    this.dataset = new Proxy({} as Record<string, string>, {
      get: (_t, key) => (typeof key === "string" ? this.attributes[`data-${kebab(key)}`] : undefined),
      set: (_t, key, value) => ((this.attributes[`data-${kebab(String(key))}`] = String(value)), true),
      deleteProperty: (_t, key) => (delete this.attributes[`data-${kebab(String(key))}`], true),
      has: (_t, key) => `data-${kebab(String(key))}` in this.attributes,
      ownKeys: () =>
        Object.keys(this.attributes)
          .filter((n) => n.startsWith("data-"))
          .map((n) => camel(n.slice(5))),
      getOwnPropertyDescriptor: (_t, key) =>
        `data-${kebab(String(key))}` in this.attributes
          ? { enumerable: true, configurable: true, value: this.attributes[`data-${kebab(String(key))}`] }
          : undefined,
    });
    const classes = () => new Set((this.attributes.class ?? "").split(/\s+/).filter(Boolean));
    const write = (set: Set<string>) => (this.attributes.class = [...set].join(" "));
    this.classList = {
      contains: (c) => classes().has(c),
      add: (...c) => write(new Set([...classes(), ...c])),
      remove: (...c) => write(new Set([...classes()].filter((x) => !c.includes(x)))),
      toggle: (c, on) => {
        const set = classes();
        const next = on ?? !set.has(c);
        if (next) set.add(c);
        else set.delete(c);
        write(set);
        return next;
      },
    };
    this.disabled = "disabled" in attributes;
    this.checked = "checked" in attributes;
    this.hidden = "hidden" in attributes;
  }

  get nodeName(): string {
    return this.tagName;
  }
  get id(): string {
    return this.attributes.id ?? "";
  }
  get name(): string {
    return this.attributes.name ?? "";
  }
  set name(name: string) {
    this.attributes.name = name;
  }
  get className(): string {
    return this.attributes.class ?? "";
  }
  get value(): unknown {
    if (this.tagName === "SELECT") {
      const options = this.querySelectorAll("option");
      const chosen = options.find((o) => "selected" in o.attributes) ?? options[0];
      return chosen ? (chosen.attributes.value ?? "") : "";
    }
    return this.#dirty ? this.#value : (this.attributes.value ?? "");
  }
  /** Setting the value marks it dirty: the `value` attribute (the default value) no longer shows through. */
  set value(value: unknown) {
    this.#value = value;
    this.#dirty = true;
  }
  /** The form the element belongs to: the one a test set, else its nearest form ancestor. */
  get form(): FakeElement | null {
    return this.#form ?? this.parent?.closest("form") ?? null;
  }
  set form(form: FakeElement | null) {
    this.#form = form;
  }

  /** Connected: in a tree whose root was put in the page. */
  get isConnected(): boolean {
    return this.selfAndAncestors().at(-1)!.isRoot;
  }

  /** This element, then its parent, up to the root. */
  selfAndAncestors(): FakeElement[] {
    const path: FakeElement[] = [this];
    for (let node = this.parent; node; node = node.parent) path.push(node);
    return path;
  }

  /* -------------------------------------------------------------------- attributes */

  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attributes[name] = String(value);
  }
  hasAttribute(name: string): boolean {
    return name in this.attributes;
  }
  removeAttribute(name: string): void {
    delete this.attributes[name];
  }
  toggleAttribute(name: string, force?: boolean): boolean {
    const on = force ?? !this.hasAttribute(name);
    if (on) this.attributes[name] ??= "";
    else delete this.attributes[name];
    return on;
  }

  /* -------------------------------------------------------------------- selectors */

  #matchesCompound(c: Compound): boolean {
    if (c.tag && c.tag !== this.tagName) return false;
    if (c.id && c.id !== this.id) return false;
    if (c.classes.some((x) => !this.classList.contains(x))) return false;
    return c.attrs.every((a) => (a.value === null ? a.name in this.attributes : this.attributes[a.name] === a.value));
  }

  #matchesChain(chain: Chain, index: number): boolean {
    const link = chain[index]!;
    if (!this.#matchesCompound(link.compound)) return false;
    if (index === 0) return true;
    if (link.child) return this.parent !== null && this.parent.#matchesChain(chain, index - 1);
    for (let node = this.parent; node; node = node.parent) if (node.#matchesChain(chain, index - 1)) return true;
    return false;
  }

  /** Whether this element matches the parsed selector list `chains`. */
  matchesParsed(chains: readonly Chain[]): boolean {
    return chains.some((chain) => this.#matchesChain(chain, chain.length - 1));
  }

  /** Whether this element matches `selector` (see the module comment for what is understood). */
  matches(selector: string): boolean {
    return this.matchesParsed(parsedSelector(selector));
  }

  /** Places `child` where `querySelector(selector)` finds it first (an element the fake does not render). */
  place(selector: string, child: FakeElement): FakeElement {
    child.parent = this;
    this.found.set(selector, child);
    return child;
  }

  /** Every descendant in document order. */
  descendants(): FakeElement[] {
    const out: FakeElement[] = [];
    const walk = (el: FakeElement) => {
      for (const child of el.children) {
        out.push(child);
        walk(child);
      }
    };
    walk(this);
    return out;
  }

  querySelector(selector: string): FakeElement | null {
    const placed = this.found.get(selector);
    if (placed) return placed;
    const chains = parsedSelector(selector);
    const find = (el: FakeElement): FakeElement | null => {
      for (const child of el.children) {
        if (child.matchesParsed(chains)) return child;
        const inner = find(child);
        if (inner) return inner;
      }
      return null;
    };
    return find(this);
  }

  querySelectorAll(selector: string): FakeElement[] {
    const placed = this.found.get(selector);
    const chains = parsedSelector(selector);
    const inTree = this.descendants().filter((el) => el !== placed && el.matchesParsed(chains));
    return placed ? [placed, ...inTree] : inTree;
  }

  closest(selector: string): FakeElement | null {
    return this.selfAndAncestors().find((node) => node.matches(selector)) ?? null;
  }

  /** A form's controls (core reads `form.elements`): buttons, fields and form-associated custom elements. */
  get elements(): FakeElement[] {
    return this.descendants().filter((el) => FORM_CONTROLS.has(el.tagName));
  }

  /* -------------------------------------------------------------------- tree */

  /** Puts `child` last among the children (taken from where it was). */
  appendChild(child: FakeElement): FakeElement {
    const wasConnected = child.isConnected;
    child.#detach();
    this.children.push(child);
    child.parent = this;
    if (wasConnected) disconnect(child);
    if (this.isConnected) connect(child);
    return child;
  }

  append(...nodes: unknown[]): void {
    for (const node of nodes) if (node instanceof FakeElement) this.appendChild(node);
  }

  prepend(...nodes: unknown[]): void {
    for (const node of [...nodes].reverse()) {
      if (!(node instanceof FakeElement)) continue;
      node.#detach();
      this.children.unshift(node);
      node.parent = this;
      if (this.isConnected) connect(node);
    }
  }

  /** Replaces this element by `other` in its parent; this subtree is disconnected after the swap. */
  replaceWith(other: FakeElement): void {
    const parent = this.parent;
    if (!parent) return;
    const wasConnected = this.isConnected;
    other.#detach();
    parent.children.splice(parent.children.indexOf(this), 1, other);
    other.parent = parent;
    this.parent = null;
    if (wasConnected) disconnect(this);
    if (parent.isConnected) connect(other);
  }

  replaceChildren(...nodes: FakeElement[]): void {
    for (const child of [...this.children]) child.remove();
    this.append(...nodes);
  }

  /** Takes this element out of its tree (a root: out of the page); the subtree is disconnected. */
  remove(): void {
    const wasConnected = this.isConnected;
    this.#detach();
    this.isRoot = false;
    if (wasConnected) disconnect(this);
  }

  #detach(): void {
    const parent = this.parent;
    if (!parent) return;
    const index = parent.children.indexOf(this);
    if (index >= 0) parent.children.splice(index, 1);
    for (const [selector, el] of parent.found) if (el === this) parent.found.delete(selector);
    this.parent = null;
  }

  /** Custom-element reactions (a plain element has none). */
  connectedCallback(): void {}
  disconnectedCallback(): void {}

  /* -------------------------------------------------------------------- events */

  /** `HTMLElement#click()`: a bubbling, cancelable `click` of the main button (none on a disabled control). */
  click(): void {
    if (this.disabled && FORM_CONTROLS.has(this.tagName)) return;
    this.dispatchEvent({ type: "click", bubbles: true, cancelable: true, button: 0 });
  }

  addEventListener(type: string, fn: (event: Obj) => unknown, options?: unknown): void {
    this.listeners.push({ type, fn, options });
  }

  removeEventListener(type: string, fn: (event: Obj) => unknown): void {
    const index = this.listeners.findIndex((l) => l.type === type && l.fn === fn);
    if (index >= 0) this.listeners.splice(index, 1);
  }

  /**
   * Dispatches `event` on this element, then — when it bubbles — on each ancestor, as a DOM event
   * does: each listener sees `target` (this element) and its own `currentTarget`; a listener may
   * return a promise, which is not awaited (the DOM never awaits listeners).
   */
  dispatchEvent(event: { type: string; bubbles?: boolean } & Obj): boolean {
    let prevented = false;
    const shared: Obj = {
      ...event,
      // A DOM `Event` keeps these on its prototype, which a spread leaves behind.
      type: event.type,
      bubbles: event.bubbles === true,
      target: this,
      preventDefault: () => void (prevented = true),
      stopPropagation: () => undefined,
    };
    for (const node of event.bubbles ? this.selfAndAncestors() : [this]) {
      for (const listener of node.listeners.filter((l) => l.type === event.type))
        void listener.fn(Object.assign(Object.create(shared) as Obj, { currentTarget: node }));
    }
    return !prevented;
  }

  /**
   * Fires `type` as an event that happened on `target` (default: this element) and bubbled to
   * this one: each of this element's listeners of that type runs once, in order, awaited.
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
}

/** The tags whose elements are in `form.elements` (form-associated custom elements included). */
const FORM_CONTROLS = new Set([
  "BUTTON",
  "FIELDSET",
  "INPUT",
  "OBJECT",
  "OUTPUT",
  "SELECT",
  "TEXTAREA",
  "PROSE-MIRROR",
]);

function connect(root: FakeElement): void {
  for (const el of [root, ...root.descendants()]) el.connectedCallback();
}

function disconnect(root: FakeElement): void {
  for (const el of [root, ...root.descendants()]) el.disconnectedCallback();
}

/**
 * A stand-in for core's `HTMLProseMirrorElement` (`<prose-mirror>`) of the late v13 / v14 build
 * (client `applications/elements/prosemirror-editor.mjs`; core-source review part 2 §1):
 * - the constructor keeps the `value` attribute as its stored value (`_value`) and removes it;
 * - connected, an editor without `toggled` opens itself (`_activateListeners` → `open = true`),
 *   and becomes active once its editor is created (asynchronously: `#activateEditor` awaits
 *   `fromUuid` and `TextEditor.create`; here one microtask);
 * - `value` (`_getValue`) is the live document's HTML while active, else `_value`;
 * - `isDirty()` is the editor's dirty state (`ProseMirrorDirtyPlugin`: any change of the document
 *   since it opened), false without an editor;
 * - `disconnectedCallback`, when active, runs the private save — a bubbling `save` event, then,
 *   if the live HTML differs from `_value`, `_value` takes it and a bubbling, cancelable `change`
 *   is dispatched ON THE ELEMENT, wherever it now is — and destroys the editor. Nothing else saves
 *   (no focus-out save): text typed is written only through that `change`, a `submit` that reads
 *   the live value, or the editor's own save button / key (not modelled).
 * Typing is {@link FakeProseMirror.type}: the user's HTML replaces the document.
 */
export class FakeProseMirror extends FakeElement {
  /** The stored value (`_value`). */
  stored: string;
  #active = false;
  #doc: string | null = null;
  #dirty = false;

  constructor(attributes: Record<string, string> = {}) {
    const { value = "", ...rest } = attributes;
    super("prose-mirror", rest);
    this.stored = value;
  }

  get active(): boolean {
    return this.#active;
  }

  override get value(): unknown {
    return this.#active && this.#doc !== null ? this.#doc : this.stored;
  }
  override set value(value: unknown) {
    this.stored = String(value ?? "");
  }

  isDirty(): boolean {
    return this.#active && this.#dirty;
  }

  /** The user types: the editor's document becomes `html` (only once the editor is active). */
  type(html: string): void {
    if (!this.#active) throw new Error("fake: the editor is not active yet");
    this.#doc = html;
    this.#dirty = true;
  }

  override connectedCallback(): void {
    if (this.#active) return;
    void Promise.resolve().then(() => {
      if (!this.isConnected) return;
      this.#active = true;
      this.#doc = this.stored;
      this.classList.add("active");
      this.dispatchEvent({ type: "open", bubbles: true });
    });
  }

  override disconnectedCallback(): void {
    if (!this.#active) return;
    this.dispatchEvent({ type: "save", bubbles: true, cancelable: true });
    const value = this.#doc ?? this.stored;
    if (value !== this.stored) {
      this.stored = value;
      this.dispatchEvent({ type: "change", bubbles: true, cancelable: true });
    }
    this.#active = false;
    this.#doc = null;
    this.#dirty = false;
  }
}

/** A new element: `<prose-mirror>` is the custom element above, every other tag a plain one. */
export function createElement(tag: string, attributes: Record<string, string> = {}): FakeElement {
  return tag.toLowerCase() === "prose-mirror" ? new FakeProseMirror(attributes) : new FakeElement(tag, attributes);
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x3D;/g, "=")
    .replace(/&#x60;/g, "`")
    .replace(/&amp;/g, "&");

/**
 * The top-level elements of `html`, each with its subtree (opening and closing tags matched, void
 * elements closed at once, a closing tag without its opening ignored; attributes entity-decoded).
 */
export function parseHTML(html: string): FakeElement[] {
  const top: FakeElement[] = [];
  const open: FakeElement[] = [];
  const tags =
    /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*"|='[^']*'|=[^\s"'>]+)?)*)\s*(\/?)>/g;
  for (const tag of html.matchAll(tags)) {
    if (tag[1]) {
      const at = open.map((e) => e.tagName).lastIndexOf(tag[1].toUpperCase());
      if (at >= 0) open.length = at;
      continue;
    }
    if (!tag[2]) continue;
    const attributes: Record<string, string> = {};
    for (const attr of tag[3]!.matchAll(/([^\s=>/]+)(?:="([^"]*)"|='([^']*)'|=([^\s"'>]+))?/g))
      attributes[attr[1]!] = decode(attr[2] ?? attr[3] ?? attr[4] ?? "");
    const el = createElement(tag[2], attributes);
    const parent = open.at(-1);
    if (parent) {
      parent.children.push(el);
      el.parent = parent;
    } else top.push(el);
    if (!VOID.has(tag[2].toLowerCase()) && tag[4] !== "/") open.push(el);
  }
  return top;
}

/** Every element of `html` in document order (each knows its parent). */
export function elementsOf(html: string): FakeElement[] {
  return parseHTML(html).flatMap((el) => [el, ...el.descendants()]);
}

/**
 * What core's `FormDataExtended` reads from a form of the tree
 * (https://foundryvtt.com/api/v13/classes/foundry.applications.ux.FormDataExtended.html): every
 * named, enabled control — a checkbox its `checked`, a number input its number (empty: null), a
 * select its chosen option, a `<prose-mirror>` its `value` (the live editor's HTML), any other its
 * value — then the `values` a test gave the form; a dialog answered by a test reads its answer alone.
 */
export function formDataOf(form: FakeElement | null): Obj {
  if (form?.answer) return { ...form.answer };
  const object: Obj = {};
  for (const el of form?.elements ?? []) {
    if (!el.name || el.disabled || el.tagName === "BUTTON") continue;
    const type = el.attributes.type ?? "";
    if (type === "checkbox") object[el.name] = el.checked;
    else if (type === "radio") {
      if (el.checked) object[el.name] = el.value;
    } else if (type === "number" || type === "range") {
      const text = String(el.value ?? "").trim();
      object[el.name] = text === "" ? null : Number(text);
    } else object[el.name] = el.value;
  }
  return { ...object, ...(form?.values ?? {}) };
}

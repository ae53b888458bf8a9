/**
 * A few elements of ANOTHER window, for the combat hooks' tests: plain objects with the element API
 * Tactica's code uses (query by `.class`, `[data-action="x"]` and comma lists, prepend, remove,
 * attributes, listeners) and their own `ownerDocument`. They are not `HTMLElement`s — Node has no
 * DOM, and a popped-out v14 window's elements are not the main window's `HTMLElement` either — so
 * code that uses `instanceof HTMLElement` or the global `document` fails on them.
 */
export class StubDocument {
  readonly created: StubElement[] = [];
  createElement(tag: string): StubElement {
    const el = new StubElement(tag, this);
    this.created.push(el);
    return el;
  }
}

export class StubElement {
  children: (StubElement | string)[] = [];
  parent: StubElement | null = null;
  className = "";
  innerHTML = "";
  type = "";
  title = "";
  readOnly = false;
  tabIndex = 0;
  readonly dataset: Record<string, string> = {};
  readonly attributes: Record<string, string> = {};
  readonly listeners: Record<string, (() => void)[]> = {};

  constructor(
    readonly tag: string,
    readonly ownerDocument: StubDocument,
    init: { className?: string; action?: string } = {},
  ) {
    this.className = init.className ?? "";
    if (init.action) this.dataset.action = init.action;
  }

  /** Builds `tag.class` children from a list of specs (a test's tracker markup). */
  add(...specs: { className?: string; action?: string; tag?: string }[]): StubElement[] {
    return specs.map((spec) => {
      const child = new StubElement(spec.tag ?? "div", this.ownerDocument, spec);
      child.parent = this;
      this.children.push(child);
      return child;
    });
  }

  matches(selector: string): boolean {
    return selector.split(",").some((part) => {
      const s = part.trim();
      const action = /^\[data-action="([^"]+)"\]$/.exec(s);
      if (action) return this.dataset.action === action[1];
      if (s.startsWith(".")) return this.className.split(/\s+/).includes(s.slice(1));
      return this.tag === s;
    });
  }

  querySelectorAll(selector: string): StubElement[] {
    const found: StubElement[] = [];
    const walk = (el: StubElement) => {
      for (const child of el.children) {
        if (typeof child === "string") continue;
        if (child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }

  querySelector(selector: string): StubElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  prepend(...nodes: (StubElement | string)[]): void {
    for (const node of nodes) if (typeof node !== "string") node.parent = this;
    this.children.unshift(...nodes);
  }

  append(...nodes: (StubElement | string)[]): void {
    for (const node of nodes) if (typeof node !== "string") node.parent = this;
    this.children.push(...nodes);
  }

  remove(): void {
    if (this.parent) this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }

  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }

  addEventListener(type: string, fn: () => void): void {
    (this.listeners[type] ??= []).push(fn);
  }
}

/** A v13-like core combat tracker: header, initiative controls per combatant, footer controls. */
export function coreTrackerStub(): { root: StubElement; doc: StubDocument; inputs: StubElement[] } {
  const doc = new StubDocument();
  const root = new StubElement("section", doc, { className: "combat-sidebar" });
  const [header] = root.add({ className: "combat-tracker-header" });
  header!.add({ action: "rollAll", tag: "button" }, { action: "rollNPC", tag: "button" });
  const inputs: StubElement[] = [];
  for (let i = 0; i < 2; i++) {
    const [row] = root.add({ className: "combatant" });
    row!.add({ action: "rollInitiative", tag: "button" });
    inputs.push(...row!.add({ className: "initiative-input", tag: "input" }));
  }
  root.add(
    { action: "previousRound", tag: "button" },
    { action: "previousTurn", tag: "button" },
    { action: "nextTurn", tag: "button" },
    { action: "nextRound", tag: "button" },
  );
  return { root, doc, inputs };
}

/** Every `data-action` under `root`, in document order. */
export function actionsUnder(root: StubElement): string[] {
  const out: string[] = [];
  const walk = (el: StubElement) => {
    for (const child of el.children) {
      if (typeof child === "string") continue;
      if (child.dataset.action) out.push(child.dataset.action);
      walk(child);
    }
  };
  walk(root);
  return out;
}

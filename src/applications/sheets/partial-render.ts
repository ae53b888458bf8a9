/**
 * Which parts an actor sheet's render draws (issue 16; docs/rules-decisions.md "Sheet rendering"):
 * a render that names no parts (opening, a document update, a combat update, a mode switch) draws
 * the header and the ACTIVE tab — and the tab bar when the list of tabs changed (the first render,
 * a LIMITED user given more, a module shown or hidden); every other tab is left STALE and drawn
 * when it is shown (`changeTab`). A render that names its parts draws those. The header is drawn
 * again only when its HTML changed.
 *
 * What this relies on in core (v13 `HandlebarsApplicationMixin`, `handlebars-application.mjs`; the
 * contract src/contract/applications.ts "partial renders" runs it in real Foundry):
 * - `_configureRenderOptions` runs with `options.isFirstRender` set, fills `options.parts` with
 *   every part when the caller named none, and the sheet may replace it afterwards;
 * - `_renderHTML` renders `options.parts` only, and `_replaceHTML` leaves every other part's
 *   element as it is — and APPENDS a part it never drew before;
 * - `changeTab` toggles `.active` on the sections present only, and does not render.
 */

/** What a render is asked, as the sheet knows it. */
export interface RenderAsk {
  /** The parts the caller named, or null. */
  readonly named: readonly string[] | null;
  readonly isFirstRender: boolean;
  /** The user has exactly LIMITED permission (core draws its parts: header, tab bar, biography). */
  readonly limited: boolean;
  /** The tabs shown, in order. */
  readonly tabs: readonly string[];
  /** The tab the render shows. */
  readonly active: string | null;
  /** Every configured part (core's `options.parts` when none is named). */
  readonly all: readonly string[];
}

export class PartialRender {
  /** Tab parts not drawn since the actor (or the sheet's mode) last changed, or never drawn. */
  #stale = new Set<string>();
  /** The tab bar's tabs when it was last drawn (null: not drawn in this window yet). */
  #tabList: string | null = null;
  /** The header's HTML as the window shows it (null: not drawn yet). */
  #header: string | null = null;

  /** The parts a render draws (see the module comment). */
  parts(ask: RenderAsk): string[] {
    if (ask.isFirstRender) {
      this.#tabList = null;
      this.#header = null;
    }
    const tabList = ask.limited ? "limited" : ask.tabs.join(",");
    if (ask.named) {
      for (const id of ask.named) this.#stale.delete(id);
      if (ask.named.includes("tabs")) this.#tabList = tabList;
      return [...ask.named];
    }
    if (ask.limited) {
      this.#stale.clear();
      this.#tabList = tabList;
      return [...ask.all];
    }
    const parts = ["header", ...(tabList === this.#tabList ? [] : ["tabs"]), ...(ask.active ? [ask.active] : [])];
    this.#tabList = tabList;
    this.#stale = new Set(ask.tabs.filter((id) => id !== ask.active));
    return parts;
  }

  /** Parts a render left undrawn on purpose (they hold text not stored yet): drawn when shown next. */
  leaveStale(parts: readonly string[]): void {
    for (const id of parts) if (id !== "header" && id !== "tabs") this.#stale.add(id);
  }

  /** The stale parts. */
  stale(): ReadonlySet<string> {
    return this.#stale;
  }

  /** Whether `tab` must be drawn as it is shown; it is then no longer stale. */
  takeStale(tab: string): boolean {
    return this.#stale.delete(tab);
  }

  /** Whether the header's freshly rendered `html` differs from what the window shows (it is then what it shows). */
  headerChanged(html: string): boolean {
    if (html === this.#header) return false;
    this.#header = html;
    return true;
  }
}

/**
 * The names of the fields in `parts` of the window `root` — those of a stale part show values from
 * before the last update, and the sheet never sends them back (core's form submission reads every
 * field of the form, hidden tabs included) — but for `except` (the editors' own typed text).
 */
export function fieldsIn(
  root: ParentNode | null | undefined,
  parts: Iterable<string>,
  except: ReadonlySet<string>,
): Set<string> {
  const names = new Set<string>();
  for (const id of parts) {
    for (const field of root?.querySelector(`[data-application-part="${id}"]`)?.querySelectorAll("[name]") ?? []) {
      const name = field.getAttribute("name");
      if (name && !except.has(name)) names.add(name);
    }
  }
  return names;
}

/**
 * Row re-renders of the actor sheets' item lists (issue 26; docs/rules-decisions.md "Sheet
 * rendering"). When a render would draw the Equipment or Psy tab again while the window shows it,
 * the sheet draws only the rows whose context changed — an item equipped, renamed, used up — each
 * rendered alone from its row template (templates/sheets/actor/parts/item-row.hbs,
 * power-row.hbs) and swapped for the `li[data-item-id]` row the tab shows, as core swaps a part
 * (`replaceWith`). The tab is drawn whole when anything else in it changed: its HTML with every
 * list emptied (its titles, its empty lists' texts, its buttons, its fields) is compared with the
 * one drawn last, and so are the lists' item ids, in order (an item added, removed, moved to
 * another list or sorted), and the labels the rows read (`@root.labels`). A row template reads
 * its row and those labels only, so a row drawn alone is the row the whole tab would draw (a test
 * holds the two to the same HTML: test/foundry/sheets-rows.test.ts).
 *
 * At 500 items a re-render of the Equipment tab was as costly as opening the sheet; one row is a
 * few hundredths of it (docs/performance.md).
 */

/** Where the row templates live (each a partial of its tab's template, and preloaded with it). */
export const ROW_TEMPLATES = {
  equipment: "systems/tactica/templates/sheets/actor/parts/item-row.hbs",
  psy: "systems/tactica/templates/sheets/actor/parts/power-row.hbs",
} as const;

/** The class of a row drawn alone (styles/perf.css lays it out at once). */
export const REDRAWN = "is-redrawn";

type Obj = Record<string, unknown>;
type RowTab = keyof typeof ROW_TEMPLATES;

/** A list row as the lists' context holds it (./context/item-lists.ts): its item's id and what it prints. */
interface Row {
  readonly id: string;
}

/** A tab's item lists: where its rows are in its part context, and the same context with every list emptied. */
interface RowLists {
  lists(context: Obj): readonly (readonly Row[])[];
  emptied(context: Obj): Obj;
}

const isObj = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);
const isRow = (value: unknown): value is Row => isObj(value) && typeof value.id === "string";
/** `value`'s rows (its entries that are rows; none when it is no list). */
const rowsIn = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);
/** The lists under `context[key]` (`sections` of rows, or the one list `field`). */
const sectionsOf = (context: Obj): Obj[] => {
  const equipment = context.equipment;
  return isObj(equipment) && Array.isArray(equipment.sections) ? equipment.sections.filter(isObj) : [];
};

const ROW_LISTS: Record<RowTab, RowLists> = {
  equipment: {
    lists: (c) => sectionsOf(c).map((s) => rowsIn(s.rows)),
    emptied: (c) => ({
      ...c,
      equipment: {
        ...(isObj(c.equipment) ? c.equipment : {}),
        sections: sectionsOf(c).map((s) => ({ ...s, rows: [] })),
      },
    }),
  },
  psy: {
    lists: (c) => [rowsIn(isObj(c.psy) ? c.psy.powers : null)],
    emptied: (c) => ({ ...c, psy: { ...(isObj(c.psy) ? c.psy : {}), powers: [] } }),
  },
};

/** Whether `tab` is a tab of item rows. */
export function isRowTab(tab: string): tab is RowTab {
  return Object.hasOwn(ROW_TEMPLATES, tab);
}

/** Plain data (what a context holds: JSON values) equal, deeply. */
export function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && samePlain(Reflect.get(a, k), Reflect.get(b, k)));
}

/** What a tab showed when it was last drawn: its emptied HTML, its rows by id, its labels. */
interface Drawn {
  frame: string;
  ids: string;
  rows: Map<string, Row>;
  labels: unknown;
}

/** The rows a render draws alone, by item id, and the tab they are swapped into. */
interface RowSwap {
  tab: RowTab;
  rows: Map<string, Element>;
}

/** `parseHTML`'s answer is one element (not a collection of several, not null). */
const isOneElement = (parsed: unknown): parsed is Element => isObj(parsed) && "tagName" in parsed;

/** More changed rows than this share of the tab: the tab is drawn whole (a mode switch changes them all). */
const MOST = 0.5;

/**
 * The sheet's row re-renders, through its render steps: {@link RowRender.configure} (which tab
 * the render draws, and whether it may draw rows instead), {@link RowRender.draw} (in
 * `_renderHTML`: the rows, or the tab whole) and {@link RowRender.swap} (in `_replaceHTML`).
 */
export class RowRender {
  /** Per tab, what the window shows (absent: the tab was never drawn in this window). */
  readonly #drawn = new Map<string, Drawn>();
  #tab: RowTab | null = null;
  #shown = false;
  #swap: RowSwap | null = null;

  /**
   * A render draws `parts`; `active` is the tab it shows; `shown`: it named no parts and is not the
   * first, so the window shows the tab as drawn last (every tab drawn goes through {@link draw}).
   */
  configure(parts: readonly string[], active: string | null, shown: boolean): void {
    this.#tab = active && isRowTab(active) && parts.includes(active) ? active : null;
    this.#shown = shown;
    this.#swap = null;
  }

  /**
   * Reads the tab this render draws (`part(tab)`: its part's template and part context) and
   * answers the parts to draw: without the tab when rows are drawn instead — each rendered from
   * its row template and parsed (core's `renderTemplate`, `foundry.applications.parseHTML`) —
   * else `parts` as they are.
   */
  async draw(
    parts: readonly string[],
    part: (tab: string) => { template: string | undefined; context(): Promise<Obj> },
  ): Promise<string[]> {
    const tab = this.#tab;
    const { template, context } = tab ? part(tab) : { template: undefined, context: null };
    if (!tab || !template || !context) return [...parts];
    const { renderTemplate } = foundry.applications.handlebars;
    const partContext = await context();
    const next = await read(tab, template, partContext, renderTemplate);
    const last = this.#drawn.get(tab);
    this.#drawn.set(tab, next);
    if (!this.#shown || !last || last.frame !== next.frame || last.ids !== next.ids) return [...parts];
    if (!samePlain(last.labels, next.labels)) return [...parts];
    const changed = [...next.rows.values()].filter((row) => !samePlain(row, last.rows.get(row.id)));
    if (changed.length > next.rows.size * MOST) return [...parts];
    const rows = new Map<string, Element>();
    for (const row of changed) {
      const element = foundry.applications.parseHTML(
        await renderTemplate(ROW_TEMPLATES[tab], rowContext(row, partContext)),
      );
      if (!isOneElement(element)) return [...parts];
      rows.set(row.id, element);
    }
    this.#swap = { tab, rows };
    return parts.filter((id) => id !== tab);
  }

  /**
   * Swaps each row drawn alone for the row of the same item in the tab's element, as core swaps a
   * part. A swapped row is marked `is-redrawn`, which styles/perf.css lays out at once even on a
   * long list: a new `content-visibility: auto` row is skipped until Chromium's next visibility
   * pass finds it on screen, and then laid out again in the same frame (docs/performance.md,
   * issue 26 fifth pass). The row a user just changed is nearly always one they see. Only the rows
   * of the last swap keep the mark (the ones before go back to being skipped off screen, at the
   * height they were drawn at), and a tab drawn whole has none.
   */
  swap(content: ParentNode): void {
    const swap = this.#swap;
    this.#swap = null;
    if (!swap) return;
    const part = content.querySelector(`[data-application-part="${swap.tab}"]`);
    for (const marked of part?.querySelectorAll(`li.item.${REDRAWN}`) ?? []) marked.classList.remove(REDRAWN);
    for (const [id, element] of swap.rows) {
      element.classList.add(REDRAWN);
      part?.querySelector(`li.item[data-item-id="${id}"]`)?.replaceWith(element);
    }
  }
}

/** What `tab` shows from `context`: its HTML with every list emptied, its lists' ids, its rows, its labels. */
async function read(
  tab: RowTab,
  template: string,
  context: Obj,
  render: (t: string, c: Obj) => Promise<string>,
): Promise<Drawn> {
  const lists = ROW_LISTS[tab].lists(context);
  return {
    frame: await render(template, ROW_LISTS[tab].emptied(context)),
    ids: lists.map((list) => list.map((row) => row.id).join(",")).join("|"),
    rows: new Map(lists.flat().map((row) => [row.id, row])),
    labels: context.labels,
  };
}

/** A row's own context: the row, with the labels the row template reads as `@root.labels`. */
export function rowContext(row: Row, context: Obj): Obj {
  return { ...row, labels: context.labels };
}

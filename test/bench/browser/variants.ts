/**
 * The variants the browser benchmarks time (browser.perf.ts, page.js), built from the fixtures:
 * what each renders, how it is inserted, in which frame, with which styles/perf.css, and in which
 * modes it is timed ("frame" always; "forced" too for the figures kept as a breakdown). Names are
 * what scripts/bench.mjs matches budgets and ratios against.
 */
import { cardFixtures, FLOOR_TEMPLATES, plain, sheetFixtures, TRACKER, trackerFixture, type Part } from "./fixtures";

export const SHEET_SIZES = [10, 100, 125, 500] as const;
/** Sizes of the sheet's row re-render (125 and 500 for the growth check). */
const ROW_SIZES = [100, 125, 500];
export const CHAT_SIZES = [50, 200] as const;
export const APPEND_SIZES = [50, 200, 800] as const;
export const TRACKER_SIZES = [10, 50, 200] as const;

const SHEET_FRAME = { classes: "tactica sheet actor character", width: 720, height: 760 };
const FLOOR_FRAME = { classes: "bench-floor", width: 720, height: 760 };
const CHAT_FRAME = { width: 300, height: 860 };
const TRACKER_FRAME = { classes: "tactica tactica-app tactica-timeline-app", width: 320, height: 560 };
const TRACKER_FLOOR_FRAME = { classes: "bench-floor", width: 320, height: 560 };

export type Mode = "frame" | "forced";

export interface Variant {
  kind: "open" | "rerender" | "chat" | "append";
  group: "sheet" | "chat" | "tracker";
  modes: Mode[];
  /** styles/perf.css as it is ("current", the default), as it was before issue 26 ("before"), or off ("off") */
  perfCss?: "current" | "before" | "off";
  /** the parts a window opens with (open; the window a re-render starts from) */
  parts?: Part[];
  /** templates rendered to be compared with what the window shows, not drawn (timed with the change) */
  compared?: Part[];
  /** a re-render's parts, each swapped for the window's part of the same id */
  redraw?: Part[];
  /** a re-render's rows, each swapped for the `li[data-item-id]` of its item */
  rows?: (Part & { itemId: string })[];
  frame: object;
  /** the chat log's cards, in turn, each with its context time (ms) */
  messages?: { parts: { template: string; context: unknown }[]; sender: string; context: number }[];
  /** messages in the log (chat), or already in it before the one appended (append) */
  size?: number;
  /** with the stylesheet TACTICA_BENCH_EXTRA_CSS names (browser.perf.ts) */
  extraCss?: boolean;
}

type Originals = Map<string, { parts: { template: string; context: object }[] }[]>;

const BOTH: Mode[] = ["frame", "forced"];
const FRAME_ONLY: Mode[] = ["frame"];

const bare = <P extends Part>({ id, template, context }: P): Part => ({ id, template, context });

async function sheetVariants(variants: Map<string, Variant>, originals: Originals): Promise<void> {
  const sheets = await sheetFixtures(SHEET_SIZES);
  for (const n of SHEET_SIZES) {
    const f = sheets.get(n)!;
    const main = n !== 125;
    // The sheet as it opens: the parts it draws (the header, the tab bar, the active tab), and
    // what it renders to compare with what it will show.
    const parts = f.open.drawn.map(bare);
    const open = `sheet open, ${n} items`;
    const opening = { kind: "open", group: "sheet", parts, compared: f.open.compared, frame: SHEET_FRAME } as const;
    variants.set(open, { ...opening, modes: main ? BOTH : FRAME_ONLY });
    originals.set(
      open,
      f.open.drawn.map((p) => ({ parts: [{ template: p.template, context: p.original }] })),
    );
    const floor = [{ id: "list", template: "bench/floor-items.hbs", context: { rows: f.floorRows } }];
    variants.set(`sheet open floor, ${n} items`, {
      kind: "open",
      group: "sheet",
      modes: FRAME_ONLY,
      parts: floor,
      frame: FLOOR_FRAME,
    });
    if (n === 10 || n === 100 || n === 500) {
      variants.set(`${open}, perf.css before`, { ...opening, modes: FRAME_ONLY, perfCss: "before" });
      variants.set(`${open}, without perf.css`, { ...opening, modes: FRAME_ONLY, perfCss: "off" });
    }
    const again = (r: typeof f.itemChanged) => ({
      kind: "rerender" as const,
      group: "sheet" as const,
      parts,
      compared: r.compared,
      redraw: r.drawn.map(bare),
      rows: r.rows.map(({ id, template, context, itemId }) => ({ id, template, context, itemId })),
      frame: SHEET_FRAME,
    });
    if (ROW_SIZES.includes(n)) {
      // What the sheet draws when one of its items changes: that item's row (before issue 26, its
      // active tab), after comparing its header and its tab's other content with what it shows.
      const name = `sheet re-render, ${n} items`;
      variants.set(name, { ...again(f.itemChanged), modes: n === 500 ? BOTH : FRAME_ONLY });
      originals.set(
        name,
        [...f.itemChanged.drawn, ...f.itemChanged.rows].map((p) => ({
          parts: [{ template: p.template, context: p.original }],
        })),
      );
      if (n === 500) {
        // The whole tab drawn again, as the sheet did before issue 26 (from the open's context).
        const tab = parts.filter((p) => p.id === "equipment");
        variants.set(`${name}, whole tab (before)`, {
          ...again(f.itemChanged),
          modes: FRAME_ONLY,
          redraw: tab,
          rows: [],
        });
      }
    }
    if (n === 100) {
      // ... and when the actor itself changes (the header, and what changed in the active tab).
      variants.set(`sheet re-render, ${n} items, actor changed`, { ...again(f.actorChanged), modes: FRAME_ONLY });
    }
  }
}

async function chatVariants(variants: Map<string, Variant>, originals: Originals): Promise<void> {
  const cards = await cardFixtures();
  // The scenarios' cards in turn, one message each.
  const messages = cards.map((c) => ({
    parts: c.parts.map(({ template, context }) => ({ template, context })),
    sender: "Kara",
    context: c.context,
  }));
  const floor = cards.map((c) => ({
    parts: [{ template: "bench/floor-card.hbs", context: { text: c.text } }],
    sender: "Kara",
    context: 0,
  }));
  const cardOriginals = cards.map((c) => ({
    parts: c.parts.map(({ template, original }) => ({ template, context: original })),
  }));
  for (const n of CHAT_SIZES) {
    const name = `chat log, ${n} cards`;
    variants.set(name, {
      kind: "chat",
      group: "chat",
      modes: n === 200 ? BOTH : FRAME_ONLY,
      messages,
      size: n,
      frame: CHAT_FRAME,
    });
    originals.set(name, cardOriginals);
    variants.set(`chat log floor, ${n} cards`, {
      kind: "chat",
      group: "chat",
      modes: FRAME_ONLY,
      messages: floor,
      size: n,
      frame: CHAT_FRAME,
    });
    if (n === 200) {
      variants.set(`${name}, without perf.css`, {
        kind: "chat",
        group: "chat",
        modes: FRAME_ONLY,
        messages,
        size: n,
        frame: CHAT_FRAME,
        perfCss: "off",
      });
      variants.set(`${name}, perf.css before`, {
        kind: "chat",
        group: "chat",
        modes: FRAME_ONLY,
        messages,
        size: n,
        frame: CHAT_FRAME,
        perfCss: "before",
      });
    }
  }
  for (const n of APPEND_SIZES) {
    // One more message posted to a log of n (the log built and painted first, untimed).
    const name = `chat append, 1 card to a log of ${n}`;
    variants.set(name, {
      kind: "append",
      group: "chat",
      modes: n === 800 ? BOTH : FRAME_ONLY,
      messages,
      size: n,
      frame: CHAT_FRAME,
    });
    variants.set(`chat append floor, 1 card to a log of ${n}`, {
      kind: "append",
      group: "chat",
      modes: FRAME_ONLY,
      messages: floor,
      size: n,
      frame: CHAT_FRAME,
    });
    if (n === 800) {
      variants.set(`${name}, perf.css before`, {
        kind: "append",
        group: "chat",
        modes: FRAME_ONLY,
        messages,
        size: n,
        frame: CHAT_FRAME,
        perfCss: "before",
      });
      variants.set(`${name}, without perf.css`, {
        kind: "append",
        group: "chat",
        modes: FRAME_ONLY,
        messages,
        size: n,
        frame: CHAT_FRAME,
        perfCss: "off",
      });
    }
  }
}

function trackerVariants(variants: Map<string, Variant>, originals: Originals): void {
  for (const n of TRACKER_SIZES) {
    const f = trackerFixture(n);
    const parts = [{ id: "tracker", template: TRACKER, context: plain(f.context) }];
    const name = `tracker, ${n} combatants`;
    variants.set(name, {
      kind: "open",
      group: "tracker",
      modes: n === 200 ? BOTH : FRAME_ONLY,
      parts,
      frame: TRACKER_FRAME,
    });
    originals.set(name, [{ parts: [{ template: TRACKER, context: f.context }] }]);
    variants.set(`tracker floor, ${n} combatants`, {
      kind: "open",
      group: "tracker",
      modes: FRAME_ONLY,
      parts: [{ id: "tracker", template: "bench/floor-tracker.hbs", context: { rows: f.rows } }],
      frame: TRACKER_FLOOR_FRAME,
    });
    // The refresh after an End action or a drop: the window's one part drawn again (swapped for
    // the one it shows).
    if (n !== 10)
      variants.set(`tracker re-render, ${n} combatants`, {
        kind: "rerender",
        group: "tracker",
        modes: FRAME_ONLY,
        parts,
        redraw: parts,
        frame: TRACKER_FRAME,
      });
    if (n === 10 || n === 200) {
      variants.set(`${name}, perf.css before`, {
        kind: "open",
        group: "tracker",
        modes: FRAME_ONLY,
        parts,
        frame: TRACKER_FRAME,
        perfCss: "before",
      });
      variants.set(`${name}, without perf.css`, {
        kind: "open",
        group: "tracker",
        modes: FRAME_ONLY,
        parts,
        frame: TRACKER_FRAME,
        perfCss: "off",
      });
    }
  }
}

/** Every variant, and the Node-side contexts of those the fidelity check compares. */
export async function benchVariants(): Promise<{ variants: Map<string, Variant>; originals: Originals }> {
  const variants = new Map<string, Variant>();
  const originals: Originals = new Map();
  await sheetVariants(variants, originals);
  await chatVariants(variants, originals);
  trackerVariants(variants, originals);
  for (const v of variants.values())
    for (const p of v.parts ?? [])
      if (p.template.startsWith("bench/") && !(p.template in FLOOR_TEMPLATES))
        throw new Error(`no floor ${p.template}`);
  return { variants, originals };
}

/**
 * The timeline tracker's render context (RULES §7.1–§7.3) as a pure function of a plain view of
 * the combat: the ruler of positions around the pointer with its thresholds, the combatant and
 * action (*Différé*) markers in acting order, and what the viewing user may do. No Foundry here,
 * so every case is tested in Node; the window only renders it.
 *
 * Players: a hidden combatant is left out (as in the core tracker); a combatant the player does
 * not own and cannot see (its token is not visible to them) is an anonymous marker, and so are
 * its action markers — the player knows someone acts there, not who.
 *
 * And, at the end of this module, the End-action dialog's context and input (RULES §7.1–§7.2):
 * what it proposes from a card's cost (priced from the stored documents by
 * src/chat/kinds/index.ts) and how it reads the duration the GM typed. The dialog itself is
 * ./end-action.ts.
 */
import {
  timelineDuration,
  timelineOrder,
  type TimelineCost,
  type TimelineEntry,
  type TimelineState,
} from "../../rules/timeline";
import { startTimeline } from "../../combat/timeline-steps";
import type { CombatMode } from "../../config/settings";

/** One combatant as the viewing user may know it. */
export interface CombatantView {
  readonly id: string;
  readonly name: string;
  readonly img: string | null;
  readonly initiative: number | null;
  /** The viewing user owns it (their own character). */
  readonly owned: boolean;
  /** Its token is visible to the viewing user (always true for the GM and the owner). */
  readonly seen: boolean;
  /** Hidden from players in the tracker. */
  readonly hidden: boolean;
  readonly defeated: boolean;
}

/** A combat as the tracker needs it, read from the documents by `readCombatView`. */
export interface CombatView {
  readonly mode: CombatMode;
  readonly started: boolean;
  readonly round: number;
  readonly isGM: boolean;
  /** S-threshold. */
  readonly every: number;
  /** The stored timeline (timeline mode, once started). */
  readonly timeline: TimelineState | null;
  /** The acting combatant (`combat.combatant`), if any. */
  readonly activeId: string | null;
  /** In the combat's turn order. */
  readonly combatants: readonly CombatantView[];
}

/** A marker on the ruler. */
export interface MarkerContext {
  id: string;
  isAction: boolean;
  /** The combatant's name, or the owner's for an action marker ("" when anonymous). */
  name: string;
  img: string | null;
  anonymous: boolean;
  owned: boolean;
  active: boolean;
  focused: boolean;
  hidden: boolean;
  defeated: boolean;
  draggable: boolean;
  /** Its position on the ruler (the − and + buttons, or the arrow keys, move it by one). */
  position: number;
  /** The − button may move it earlier (not before position 0). */
  canEarlier: boolean;
  /**
   * It carries the tracker's one pair of − / + buttons when the window opens: the acting
   * combatant's marker, else the first draggable one (the pair then follows the focus: tracker.ts).
   */
  nudge: boolean;
}

/** A row of the ruler: one position, or a run of empty positions left out. */
export interface RulerRow {
  isGap: boolean;
  position: number;
  /** The last position of a gap. */
  to: number;
  isPointer: boolean;
  isThreshold: boolean;
  markers: MarkerContext[];
  /**
   * Its classes for styles/perf.css: `is-first-screen` for the rows a window shows when it opens
   * (always laid out), `is-stack-2` / `is-stack-3` for a stack of two or of three markers or more
   * (their estimated height).
   */
  css: string;
}

/** The whole context of templates/combat/tracker.hbs. */
export interface TrackerContext {
  hasCombat: boolean;
  isGM: boolean;
  mode: CombatMode;
  isTimeline: boolean;
  started: boolean;
  round: number;
  canSwitchMode: boolean;
  canStart: boolean;
  modes: { value: CombatMode; label: string; active: boolean }[];
  timeline: {
    pointer: number;
    every: number;
    canEnd: boolean;
    canDrag: boolean;
    preview: boolean;
    rows: RulerRow[];
    /** More rows than a window shows a few times over: styles/perf.css skips those off screen. */
    long: boolean;
  } | null;
  turns: MarkerContext[];
  /** D-39: the acting combatant's move action, for the GM and its owners once the combat runs. */
  canMove: boolean;
}

/** Positions always listed after the pointer, so there is room to drag a marker. */
export const RULER_WINDOW = 10;

/**
 * The rows styles/perf.css never skips: what a 560 px tracker shows when it opens (about 14) and
 * the rows below it that Chromium lays out anyway around the view (its `content-visibility`
 * margin: 29 rows laid out in all at the browser checks' 600 px viewport, more at the bench's
 * 900 px, where 24 left the second layout and 36 removed it), so that none is unlocked by a
 * second layout after the window first paints (docs/performance.md, issue 26 fifth pass). And
 * the length from which a ruler is long enough for skipping the rows off screen to pay.
 */
export const FIRST_SCREEN_ROWS = 36;
export const LONG_RULER_ROWS = 40;

const MODE_LABELS: Record<CombatMode, string> = {
  tours: "TACTICA.Settings.combatMode.tours",
  timeline: "TACTICA.Settings.combatMode.timeline",
};

/** The combatants the viewing user may see at all (players never see hidden ones). */
function visibleCombatants(view: CombatView): Map<string, CombatantView> {
  const shown = view.combatants.filter((c) => view.isGM || !c.hidden);
  return new Map(shown.map((c) => [c.id, c]));
}

function markerOf(entry: TimelineEntry, who: CombatantView, view: CombatView, draggable: boolean): MarkerContext {
  const known = view.isGM || who.owned || who.seen;
  return {
    id: entry.id,
    isAction: entry.kind === "action",
    name: known ? who.name : "",
    img: known && entry.kind === "combatant" ? who.img : null,
    anonymous: !known,
    owned: who.owned,
    active: entry.kind === "combatant" && entry.id === view.activeId,
    focused: entry.kind === "action" && entry.focused,
    hidden: who.hidden,
    defeated: who.defeated,
    draggable,
    position: entry.position,
    canEarlier: draggable && entry.position > 0,
    nudge: false,
  };
}

/** The positions the ruler lists: a window after the pointer, every occupied one, the thresholds between. */
function listedPositions(pointer: number, occupied: readonly number[], every: number): number[] {
  const last = Math.max(pointer + RULER_WINDOW, ...occupied);
  const listed = new Set<number>(occupied);
  for (let p = pointer; p <= pointer + RULER_WINDOW; p++) listed.add(p);
  for (let m = (Math.floor(pointer / every) + 1) * every; m <= last; m += every) listed.add(m);
  return [...listed].filter((p) => p >= pointer || occupied.includes(p)).sort((a, b) => a - b);
}

function positionRow(position: number, pointer: number, every: number, markers: MarkerContext[]): RulerRow {
  return {
    isGap: false,
    position,
    to: position,
    isPointer: position === pointer,
    // Crossed when the pointer reaches it (RULES §7.3): the pointer's own multiple is behind it.
    isThreshold: position % every === 0 && position > pointer,
    markers,
    css: "",
  };
}

/** The rows' classes for styles/perf.css (see {@link RulerRow.css}). */
function rowClasses(rows: RulerRow[]): void {
  rows.forEach((row, i) => {
    const stack = Math.min(row.markers.length, 3);
    row.css = [i < FIRST_SCREEN_ROWS ? "is-first-screen" : "", stack >= 2 ? `is-stack-${stack}` : ""]
      .filter(Boolean)
      .join(" ");
  });
}

/** The marker that carries the one − / + pair when the window opens (see {@link MarkerContext.nudge}). */
function placeNudge(rows: RulerRow[], activeId: string | null): void {
  const markers = rows.flatMap((r) => r.markers).filter((m) => m.draggable);
  const carrier = markers.find((m) => m.active && m.id === activeId) ?? markers[0];
  if (carrier) carrier.nudge = true;
}

/** RULES §7.2/§7.3: the ruler rows, with runs of two or more empty positions folded into gaps. */
export function rulerRows(state: TimelineState, view: CombatView, draggable: boolean): RulerRow[] {
  const who = visibleCombatants(view);
  const markers = new Map<number, MarkerContext[]>();
  for (const entry of timelineOrder(state.entries)) {
    const owner = who.get(entry.kind === "action" ? entry.ownerId : entry.id);
    if (!owner) continue;
    const list = markers.get(entry.position) ?? [];
    list.push(markerOf(entry, owner, view, draggable));
    markers.set(entry.position, list);
  }
  const rows: RulerRow[] = [];
  let previous: number | null = null;
  for (const position of listedPositions(state.pointer, [...markers.keys()], view.every)) {
    if (previous !== null && position === previous + 2)
      rows.push(positionRow(previous + 1, state.pointer, view.every, []));
    else if (previous !== null && position > previous + 2) {
      rows.push({
        isGap: true,
        position: previous + 1,
        to: position - 1,
        isPointer: false,
        isThreshold: false,
        markers: [],
        css: "",
      });
    }
    rows.push(positionRow(position, state.pointer, view.every, markers.get(position) ?? []));
    previous = position;
  }
  rowClasses(rows);
  if (draggable) placeNudge(rows, view.activeId);
  return rows;
}

/** The tours-mode list (and the combatants of a combat with no timeline yet), in turn order. */
function turnList(view: CombatView): MarkerContext[] {
  const who = visibleCombatants(view);
  return view.combatants.flatMap((c) => {
    const shown = who.get(c.id);
    if (!shown) return [];
    return [markerOf({ id: c.id, kind: "combatant", position: 0, arrival: 0 }, shown, view, false)];
  });
}

/** The timeline part: the stored state once started, else a preview from the initiatives. */
function timelinePart(view: CombatView): TrackerContext["timeline"] {
  const preview = !view.started || !view.timeline;
  let state = view.timeline;
  if (preview) {
    try {
      state = startTimeline(view.combatants.map((c) => ({ id: c.id, initiative: c.initiative })));
    } catch {
      return null;
    }
  }
  if (!state) return null;
  const canDrag = view.isGM && !preview;
  const rows = rulerRows(state, view, canDrag);
  return {
    pointer: state.pointer,
    every: view.every,
    canEnd: canDrag && view.activeId !== null,
    canDrag,
    preview,
    rows,
    long: rows.length > LONG_RULER_ROWS,
  };
}

/** The tracker's context for `view` (`null`: no combat). */
export function trackerContext(view: CombatView | null): TrackerContext {
  if (!view) {
    return {
      hasCombat: false,
      isGM: false,
      mode: "tours",
      isTimeline: false,
      started: false,
      round: 0,
      canSwitchMode: false,
      canStart: false,
      modes: [],
      timeline: null,
      turns: [],
      canMove: false,
    };
  }
  const isTimeline = view.mode === "timeline";
  return {
    hasCombat: true,
    isGM: view.isGM,
    mode: view.mode,
    isTimeline,
    started: view.started,
    round: view.round,
    canSwitchMode: view.isGM && !view.started,
    canStart: view.isGM && !view.started && view.combatants.length > 0,
    modes: (["tours", "timeline"] as const).map((value) => ({
      value,
      label: MODE_LABELS[value],
      active: value === view.mode,
    })),
    timeline: isTimeline ? timelinePart(view) : null,
    turns: isTimeline ? [] : turnList(view),
    canMove:
      view.started &&
      view.activeId !== null &&
      (view.isGM || view.combatants.some((c) => c.id === view.activeId && c.owned)),
  };
}

/* ------------------------------------------------------------ the End-action dialog (RULES §7.1) */

/** The longest action the dialog accepts (the refusal message names it). */
export const DURATION_MAX = 99;

/** The duration proposed when no card says otherwise: one position, as one AC. */
export const DEFAULT_DURATION = 1;

/** The combatant the proposal is for. */
export interface ActingLike {
  readonly name: string;
}

/** The dialog's context (templates/combat/end-action.hbs). */
export interface EndActionContext {
  name: string;
  duration: number;
  max: number;
  fromCard: boolean;
  /** The card's cost, as a lang key and its data (empty without a card). */
  costKey: string;
  costData: { ac: number; cost: number };
  /** D-39: offer "this action was a move" (not when the last card already is one). */
  offerMove: boolean;
}

/** The cost's description for the dialog: a lang key under TACTICA.Combat.EndAction.Cost and its data. */
function describeCost(cost: TimelineCost): { key: string; data: { ac: number; cost: number } } {
  const prefix = "TACTICA.Combat.EndAction.Cost.";
  switch (cost.kind) {
    case "ac":
      return { key: `${prefix}ac`, data: { ac: cost.ac, cost: 0 } };
    case "power":
      return {
        key: `${prefix}${cost.concentration ? "powerConcentration" : "power"}`,
        data: { ac: 0, cost: cost.useCost },
      };
    case "cancel":
      return { key: `${prefix}${cost.concentration ? "cancelConcentration" : "cancel"}`, data: { ac: 0, cost: 0 } };
    case "maintain":
      return { key: `${prefix}maintain`, data: { ac: 0, cost: cost.maintenanceCost } };
    case "rally":
      return { key: `${prefix}rally`, data: { ac: cost.ac, cost: 0 } };
    case "move":
      return { key: `${prefix}move`, data: { ac: 0, cost: 0 } };
  }
}

/**
 * RULES §7.1: the dialog's context — the duration proposed from the acting combatant's last card,
 * priced from the stored documents (src/chat/kinds/index.ts), when it has a cost.
 */
export function endActionContext(cost: TimelineCost | null, acting: ActingLike): EndActionContext {
  const described = cost ? describeCost(cost) : null;
  return {
    name: acting.name,
    duration: cost ? Math.min(DURATION_MAX, timelineDuration(cost)) : DEFAULT_DURATION,
    max: DURATION_MAX,
    fromCard: cost !== null,
    costKey: described?.key ?? "",
    costData: described?.data ?? { ac: 0, cost: 0 },
    offerMove: cost?.kind !== "move",
  };
}

/** The duration typed by the GM: an integer 0–{@link DURATION_MAX} (digits only), else `null`. */
export function readDuration(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,3}$/.test(text)) return null;
  const duration = Number(text);
  return duration <= DURATION_MAX ? duration : null;
}

/**
 * The tactical timeline (RULES §7.2), its thresholds (RULES §7.3) and the AC → position
 * conversions of timeline mode (RULES §7.1), as pure functions over an immutable
 * {@link TimelineState}.
 *
 * Every function returns a new state and never mutates its input, so the Foundry layer can keep
 * the state in a combat flag, diff it, and write it back in one update. A state read back from the
 * database should go through {@link assertTimelineState} once; the functions below then only
 * validate their own arguments.
 */
import { assertInteger, invalid } from "./errors";
import { rallyCost } from "./morale";
import { CANCEL_COST_AC, CONCENTRATION_COST_AC } from "./psy";

/** RULES §7.2: what every marker on the timeline has. */
interface TimelineMarker {
  /** Unique within the timeline: a combatant id, or the id the caller gives a delayed action. */
  readonly id: string;
  /** Integer ≥ 0; the lowest position acts next. */
  readonly position: number;
  /**
   * Arrival stamp taken from {@link TimelineState.nextArrival} whenever the marker lands on a
   * position: among equal positions the lower stamp came first, which makes each stack FIFO.
   */
  readonly arrival: number;
}

/** RULES §7.2: a character's own marker. */
export interface TimelineCombatantEntry extends TimelineMarker {
  readonly kind: "combatant";
}

/** RULES §7.2 *Différé X [Focalisé]*: an action marker waiting for the pointer. */
export interface TimelineActionEntry extends TimelineMarker {
  readonly kind: "action";
  /** The combatant who declared the action. */
  readonly ownerId: string;
  /** *Focalisé*: the action is lost if the owner gains *Épuisement* before it resolves. */
  readonly focused: boolean;
}

/** RULES §7.2: any marker on the timeline. */
export type TimelineEntry = TimelineCombatantEntry | TimelineActionEntry;

/** RULES §7.2: the whole timeline of one combat. */
export interface TimelineState {
  /** Markers in no particular order; {@link timelineOrder} gives the acting order. */
  readonly entries: readonly TimelineEntry[];
  /** The timeline pointer (integer ≥ 0): the position being played; it never moves back. */
  readonly pointer: number;
  /** The next arrival stamp to hand out (greater than every stamp in use). */
  readonly nextArrival: number;
}

/** RULES §7.3 (D-33): default of world setting S-threshold, the spacing of thresholds. */
export const TIMELINE_THRESHOLD_EVERY = 10;

function assertId(name: string, id: unknown): string {
  if (typeof id !== "string" || id === "") invalid(`${name} must be a non-empty string`, id);
  return id;
}

function indexOfEntry(state: TimelineState, id: string): number {
  const index = state.entries.findIndex((entry) => entry.id === id);
  if (index < 0) invalid("unknown timeline entry", id);
  return index;
}

function combatantIndex(state: TimelineState, id: unknown, name: string): number {
  const index = indexOfEntry(state, assertId(name, id));
  if (state.entries[index]?.kind !== "combatant") invalid(`${name} is not a combatant marker`, id);
  return index;
}

/** Puts entry `index` last in the stack at `position` (a fresh arrival stamp). */
function landAt(state: TimelineState, index: number, position: number): TimelineState {
  const entries = state.entries.map((entry, i) =>
    i === index ? { ...entry, position, arrival: state.nextArrival } : entry,
  );
  return { ...state, entries, nextArrival: state.nextArrival + 1 };
}

/**
 * RULES §7.2: a new timeline with the pointer at `pointer` (default 0). Combatants sharing a
 * position stack in the order given, as if they had arrived in that order.
 * @throws RangeError on a duplicate or empty id, or a position that is not an integer ≥ 0.
 */
export function createTimeline(
  combatants: readonly { readonly id: string; readonly position: number }[],
  pointer = 0,
): TimelineState {
  const entries: TimelineEntry[] = combatants.map((c, arrival) => ({
    id: c.id,
    kind: "combatant",
    position: c.position,
    arrival,
  }));
  return assertTimelineState({ entries, pointer, nextArrival: entries.length });
}

/**
 * RULES §7.2: checks a state (e.g. read back from a combat flag) and returns it: integer positions
 * and pointer ≥ 0, unique non-empty ids, unique arrival stamps below `nextArrival`, action markers
 * with an owner id and a boolean `focused`.
 * @throws RangeError naming the first offending value.
 */
export function assertTimelineState(state: TimelineState): TimelineState {
  assertInteger("timeline pointer", state.pointer, 0);
  assertInteger("timeline nextArrival", state.nextArrival, 0);
  if (!Array.isArray(state.entries)) invalid("timeline entries must be an array", state.entries);
  const ids = new Set<string>();
  const arrivals = new Set<number>();
  for (const entry of state.entries) {
    if (typeof entry !== "object" || entry === null) invalid("timeline entry must be an object", entry);
    const id = assertId("timeline entry id", entry.id);
    if (ids.has(id)) invalid("duplicate timeline entry id", id);
    ids.add(id);
    assertInteger(`position of ${id}`, entry.position, 0);
    assertInteger(`arrival of ${id}`, entry.arrival, 0, state.nextArrival - 1);
    if (arrivals.has(entry.arrival)) invalid(`arrival of ${id} is already used`, entry.arrival);
    arrivals.add(entry.arrival);
    if (entry.kind === "action") {
      assertId(`owner of ${id}`, entry.ownerId);
      if (typeof entry.focused !== "boolean") invalid(`focused of ${id} must be a boolean`, entry.focused);
    } else if (entry.kind !== "combatant") {
      // Every declared kind is handled above: what reaches here is stored data of another kind.
      const unknownEntry: { kind: unknown } = entry;
      invalid(`kind of ${id} must be "combatant" or "action"`, unknownEntry.kind);
    }
  }
  return state;
}

/** RULES §7.2: acting order of two markers — lower position first, then earlier arrival. */
export function compareTimelineEntries(a: TimelineEntry, b: TimelineEntry): number {
  return a.position - b.position || a.arrival - b.arrival;
}

/** RULES §7.2: the markers in acting order (position, then arrival), as a new array. */
export function timelineOrder(entries: readonly TimelineEntry[]): TimelineEntry[] {
  return [...entries].sort(compareTimelineEntries);
}

/**
 * RULES §7.2: the marker that comes next — lowest position, first arrival — whether a combatant
 * (it acts) or an action marker (its action resolves); `undefined` on an empty timeline.
 */
export function nextEntry(state: TimelineState): TimelineEntry | undefined {
  let best: TimelineEntry | undefined;
  // A linear scan rather than a sort: this runs after every action.
  for (const entry of state.entries) if (!best || compareTimelineEntries(entry, best) < 0) best = entry;
  return best;
}

/**
 * RULES §7.2: a combatant joins the timeline at `position`, last in the stack there.
 * @throws RangeError on an id already in use or a bad position.
 */
export function addTimelineCombatant(state: TimelineState, id: string, position: number): TimelineState {
  assertId("combatant id", id);
  if (state.entries.some((entry) => entry.id === id)) invalid("duplicate timeline entry id", id);
  assertInteger("position", position, 0);
  const entry: TimelineCombatantEntry = { id, kind: "combatant", position, arrival: state.nextArrival };
  return { ...state, entries: [...state.entries, entry], nextArrival: state.nextArrival + 1 };
}

/**
 * RULES §7.2: removes one marker (a combatant leaving combat, or an action cancelled by the GM).
 * The action markers a removed combatant declared stay: the Foundry layer decides their fate.
 * @throws RangeError naming an unknown id.
 */
export function removeTimelineEntry(state: TimelineState, id: string): TimelineState {
  const index = indexOfEntry(state, assertId("timeline entry id", id));
  return { ...state, entries: state.entries.filter((_, i) => i !== index) };
}

/**
 * RULES §7.2: the combatant takes an action of `duration` positions: its marker moves that much
 * later and goes last in the stack there. Duration 0 keeps the position but still goes to the back
 * of the stack, so a free action hands the turn to whoever waits at the same position.
 * @throws RangeError on an unknown id, an action marker, or a duration that is not an integer ≥ 0.
 */
export function advanceEntry(state: TimelineState, id: string, duration: number): TimelineState {
  const index = combatantIndex(state, id, "acting entry");
  assertInteger("duration", duration, 0);
  return landAt(state, index, (state.entries[index]?.position ?? 0) + duration);
}

/**
 * RULES §6.4/§7.2 *Etourdissante*: the target's marker moves `delay` positions later (the delay
 * from the stun test), last in the stack there. A delay of 0 (the test passed) changes nothing,
 * not even the place in the stack, and returns the same state.
 * @throws RangeError on an unknown id, an action marker, or a delay that is not an integer ≥ 0.
 */
export function stunEntry(state: TimelineState, id: string, delay: number): TimelineState {
  const index = combatantIndex(state, id, "stunned entry");
  assertInteger("stun delay", delay, 0);
  if (delay === 0) return state;
  return landAt(state, index, (state.entries[index]?.position ?? 0) + delay);
}

/**
 * RULES §7.2: the GM drags a marker (combatant or action) to `position`; it goes last in the stack
 * there. The pointer does not follow: a marker dragged before the pointer simply comes next.
 * @throws RangeError on an unknown id or a position that is not an integer ≥ 0.
 */
export function setPosition(state: TimelineState, id: string, position: number): TimelineState {
  const index = indexOfEntry(state, assertId("timeline entry id", id));
  assertInteger("position", position, 0);
  return landAt(state, index, position);
}

/** RULES §6.4/§7.2: what declaring a *Différé X [Focalisé]* action needs. */
export interface DelayedActionInput {
  /** The declaring combatant. */
  readonly ownerId: string;
  /** A new id for the action marker (e.g. the chat message id). */
  readonly actionId: string;
  /** The action's duration: how far the owner's own marker moves. */
  readonly duration: number;
  /** *Différé X*: how far after the owner's position the action marker goes. */
  readonly delay: number;
  /** *Focalisé*. */
  readonly focused?: boolean;
}

/**
 * RULES §6.4/§7.2 *Différé X*: an action marker goes `delay` positions after the owner's current
 * position (the acting character is the one in the stack there), then the owner's marker moves by
 * `duration`. The marker lands first, so when both end on the same position the action resolves
 * before the owner acts again. Seed 004: duration 3, *Différé 2* → marker at +2, character at +3.
 * @throws RangeError on an unknown or non-combatant owner, an action id in use, or a duration or
 * delay that is not an integer ≥ 0.
 */
export function placeDelayedAction(state: TimelineState, input: DelayedActionInput): TimelineState {
  const ownerIndex = combatantIndex(state, input.ownerId, "owner");
  const actionId = assertId("action id", input.actionId);
  if (state.entries.some((entry) => entry.id === actionId)) invalid("duplicate timeline entry id", actionId);
  assertInteger("duration", input.duration, 0);
  assertInteger("Différé delay", input.delay, 0);
  const origin = state.entries[ownerIndex]?.position ?? 0;
  const marker: TimelineActionEntry = {
    id: actionId,
    kind: "action",
    position: origin + input.delay,
    arrival: state.nextArrival,
    ownerId: input.ownerId,
    focused: input.focused === true,
  };
  const withMarker = { ...state, entries: [...state.entries, marker], nextArrival: state.nextArrival + 1 };
  return landAt(withMarker, ownerIndex, origin + input.duration);
}

/** RULES §7.2: the action markers the pointer has reached (position ≤ pointer), in acting order. */
export function dueActions(state: TimelineState): TimelineActionEntry[] {
  const due = state.entries.filter(
    (entry): entry is TimelineActionEntry => entry.kind === "action" && entry.position <= state.pointer,
  );
  return due.sort(compareTimelineEntries);
}

/**
 * RULES §7.2: the action of marker `actionId` has resolved (its card is shown): the marker leaves.
 * @throws RangeError on an unknown id or a combatant marker.
 */
export function resolveAction(state: TimelineState, actionId: string): TimelineState {
  const index = indexOfEntry(state, assertId("action id", actionId));
  if (state.entries[index]?.kind !== "action") invalid("not an action marker", actionId);
  return { ...state, entries: state.entries.filter((_, i) => i !== index) };
}

/**
 * RULES §6.4/§7.2 *Focalisé*: the owner gained *Épuisement*, so its waiting focused action
 * markers are removed; `lost` lists them in acting order (for the "action lost" chat line).
 * @throws RangeError when `ownerId` is not a combatant on the timeline.
 */
export function loseFocusedActions(
  state: TimelineState,
  ownerId: string,
): { state: TimelineState; lost: TimelineActionEntry[] } {
  combatantIndex(state, ownerId, "owner");
  const isLost = (entry: TimelineEntry): entry is TimelineActionEntry =>
    entry.kind === "action" && entry.focused && entry.ownerId === ownerId;
  const lost = state.entries.filter(isLost).sort(compareTimelineEntries);
  if (lost.length === 0) return { state, lost };
  return { state: { ...state, entries: state.entries.filter((entry) => !isLost(entry)) }, lost };
}

/**
 * RULES §7.3 (D-33): the thresholds crossed when the pointer moves from `from` to `to` — every
 * multiple m of `every` with from < m ≤ to, ascending. Landing on a multiple crosses it; leaving
 * it does not cross it again, so the threshold at 0 is not crossed at the start of combat, and
 * consecutive moves a → b → c cross exactly the thresholds of a → c. The pointer never moves back:
 * `to ≤ from` crosses nothing.
 * @throws RangeError when `from` or `to` is not an integer ≥ 0, or `every` not an integer ≥ 1.
 */
export function thresholdsCrossed(from: number, to: number, every = TIMELINE_THRESHOLD_EVERY): number[] {
  assertInteger("pointer from", from, 0);
  assertInteger("pointer to", to, 0);
  assertInteger("threshold spacing (S-threshold)", every, 1);
  const crossed: number[] = [];
  for (let m = (Math.floor(from / every) + 1) * every; m <= to; m += every) crossed.push(m);
  return crossed;
}

/**
 * RULES §7.2/§7.3: the pointer moves to the next marker's position (never back) and reports that
 * marker and the thresholds crossed on the way. On an empty timeline nothing moves.
 * @param every S-threshold (default 10).
 */
export function advancePointer(
  state: TimelineState,
  every = TIMELINE_THRESHOLD_EVERY,
): { state: TimelineState; entry: TimelineEntry | undefined; thresholds: number[] } {
  const entry = nextEntry(state);
  const pointer = Math.max(state.pointer, entry?.position ?? state.pointer);
  const thresholds = thresholdsCrossed(state.pointer, pointer, every);
  return { state: pointer === state.pointer ? state : { ...state, pointer }, entry, thresholds };
}

/**
 * RULES §7.1: what an action costs in AC in *tours* mode, to turn into positions in timeline mode.
 * - `ac`: any action paying AC (e.g. a move): as many positions;
 * - `power`: a power's use cost, +1 with concentration (chanting neophytes pay the same);
 * - `cancel`: 3, +1 with concentration (concentration is 1 extra AC, §4);
 * - `maintain`: the power's maintenance cost;
 * - `rally`: half the unit's AC, rounded down (§5);
 * - `move`: a move action (D-39), {@link MOVE_DURATION} — the seeds give a move no AC cost.
 */
export type TimelineCost =
  | { readonly kind: "ac"; readonly ac: number }
  | { readonly kind: "power"; readonly useCost: number; readonly concentration?: boolean }
  | { readonly kind: "cancel"; readonly concentration?: boolean }
  | { readonly kind: "maintain"; readonly maintenanceCost: number }
  | { readonly kind: "rally"; readonly ac: number }
  | { readonly kind: "move" };

/**
 * D-39: the duration of a move action on the timeline. The seeds price no move in AC; like an
 * attack (one position, docs/rules-decisions.md), a move is one action of one position — the GM
 * may type another duration when ending it.
 */
export const MOVE_DURATION = 1;

/**
 * RULES §7.1: the duration in positions of an action in timeline mode (see {@link TimelineCost}).
 * @throws RangeError on a cost that is not an integer ≥ 0, or an unknown kind.
 */
export function timelineDuration(cost: TimelineCost): number {
  // One AC is one position, so the AC rules of §4 and §5 are reused as they are.
  const concentration = "concentration" in cost && cost.concentration === true ? CONCENTRATION_COST_AC : 0;
  switch (cost.kind) {
    case "ac":
      return assertInteger("AC cost", cost.ac, 0);
    case "power":
      return assertInteger("power use cost", cost.useCost, 0) + concentration;
    case "cancel":
      return CANCEL_COST_AC + concentration;
    case "maintain":
      return assertInteger("maintenance cost", cost.maintenanceCost, 0);
    case "rally":
      return rallyCost(cost.ac);
    case "move":
      return MOVE_DURATION;
    default: {
      // Every declared kind is handled above: what reaches here is stored data of another kind.
      const unknownCost: { kind: unknown } = cost;
      return invalid("unknown timeline cost kind", unknownCost.kind);
    }
  }
}

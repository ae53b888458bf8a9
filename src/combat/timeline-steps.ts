/**
 * The timeline steps of a Tactica combat (RULES §7.2) as functions from the stored state and the
 * combatants to the next state: keeping the timeline in step with the tracker's combatants, and
 * ending an action (advance the actor, move the pointer over due action markers to the next
 * combatant, collect the thresholds crossed). No Foundry writes here: the combat writes once.
 */
import {
  addTimelineCombatant,
  advanceEntry,
  advancePointer,
  compareTimelineEntries,
  createTimeline,
  removeTimelineEntry,
  resolveAction,
  type TimelineActionEntry,
  type TimelineEntry,
  type TimelineState,
} from "../rules/timeline";

/** A combatant as the timeline needs it. */
export interface TimelineCombatant {
  readonly id: string;
  readonly initiative: number | null;
}

/** RULES §7.1: a position from an initiative (none or invalid → 0). */
export function positionOf(initiative: number | null): number {
  return typeof initiative === "number" && Number.isFinite(initiative) && initiative > 0 ? Math.floor(initiative) : 0;
}

/**
 * RULES §7.2: the timeline at the start of combat — every combatant at its initiative, equal
 * positions stacked in the given order; the pointer on the lowest position (the start of combat
 * crosses no threshold).
 */
export function startTimeline(combatants: readonly TimelineCombatant[]): TimelineState {
  const ordered = combatants
    .map((c, index) => ({ id: c.id, position: positionOf(c.initiative), index }))
    .sort((a, b) => a.position - b.position || a.index - b.index);
  const pointer = ordered[0]?.position ?? 0;
  return createTimeline(ordered, pointer);
}

/**
 * The timeline with the tracker's combatants: a combatant added after the start joins at its
 * initiative (never before the pointer), last in the stack; a removed one's marker leaves (its
 * action markers stay until they resolve).
 */
export function syncTimeline(state: TimelineState, combatants: readonly TimelineCombatant[]): TimelineState {
  const ids = new Set(combatants.map((c) => c.id));
  let next = state;
  for (const entry of state.entries) {
    if (entry.kind === "combatant" && !ids.has(entry.id)) next = removeTimelineEntry(next, entry.id);
  }
  const known = new Set(next.entries.map((e) => e.id));
  for (const c of combatants) {
    if (!known.has(c.id)) next = addTimelineCombatant(next, c.id, Math.max(next.pointer, positionOf(c.initiative)));
  }
  return next;
}

/** What ending an action does to the timeline. */
export interface EndActionStep {
  state: TimelineState;
  /** Thresholds crossed, ascending. */
  thresholds: number[];
  /** Action markers reached on the way, in the order they resolve (already removed). */
  due: TimelineActionEntry[];
}

/**
 * RULES §7.2: `actorId` ends an action of `duration`: its marker moves that much and goes last in
 * the stack; the pointer then moves to the next marker — an action marker resolves and leaves,
 * and the pointer moves on — until the next marker is a combatant.
 * @throws RangeError from the rules on an unknown combatant or a bad duration or S-threshold.
 */
export function endActionStep(state: TimelineState, actorId: string, duration: number, every: number): EndActionStep {
  let next = advanceEntry(state, actorId, duration);
  const thresholds: number[] = [];
  const due: TimelineActionEntry[] = [];
  // Bounded by the number of markers: each pass removes one action marker or stops.
  for (let guard = next.entries.length + 1; guard > 0; guard--) {
    const step = advancePointer(next, every);
    next = step.state;
    thresholds.push(...step.thresholds);
    if (step.entry?.kind !== "action") break;
    due.push(step.entry);
    next = resolveAction(next, step.entry.id);
  }
  return { state: next, thresholds, due };
}

/** The initiative changes that mirror the timeline's combatant positions (only those that differ). */
export function initiativeChanges(
  state: TimelineState,
  combatants: readonly TimelineCombatant[],
): { _id: string; initiative: number }[] {
  const positions = new Map(state.entries.filter((e) => e.kind === "combatant").map((e) => [e.id, e.position]));
  const changes: { _id: string; initiative: number }[] = [];
  for (const c of combatants) {
    const position = positions.get(c.id);
    if (position !== undefined && c.initiative !== position) changes.push({ _id: c.id, initiative: position });
  }
  return changes;
}

/** RULES §7.2: the combatant who acts — the first combatant marker in acting order — or none. */
export function actingEntry(state: TimelineState): TimelineEntry | undefined {
  let best: TimelineEntry | undefined;
  // A linear scan: this runs after every combat update.
  for (const entry of state.entries) {
    if (entry.kind === "combatant" && (!best || compareTimelineEntries(entry, best) < 0)) best = entry;
  }
  return best;
}

/** Whether two markers are the same landing: same id, position and arrival. */
export function sameLanding(a: TimelineEntry | undefined, b: TimelineEntry | undefined): boolean {
  return a?.id === b?.id && a?.position === b?.position && a?.arrival === b?.arrival;
}

/**
 * What a timeline write did, read from the timeline before and after it (never from what the
 * writer says): whether the acting combatant's landing changed (an action ended, a marker moved
 * ahead of it, a stun), who acted before and who acts now, and the *Différé* markers resolved —
 * the action markers that left while the acting landing changed and that the pointer reached.
 * A *Focalisé* loss removes markers without changing the acting landing, so it resolves none.
 */
export interface TimelineChange {
  actingChanged: boolean;
  before: TimelineEntry | undefined;
  after: TimelineEntry | undefined;
  resolved: TimelineActionEntry[];
}

export function timelineChange(before: TimelineState, after: TimelineState): TimelineChange {
  const was = actingEntry(before);
  const now = actingEntry(after);
  const actingChanged = !sameLanding(was, now);
  if (!actingChanged) return { actingChanged, before: was, after: now, resolved: [] };
  const kept = new Set(after.entries.map((entry) => entry.id));
  const resolved = before.entries
    .filter(
      (entry): entry is TimelineActionEntry =>
        entry.kind === "action" && !kept.has(entry.id) && entry.position <= after.pointer,
    )
    .sort(compareTimelineEntries);
  return { actingChanged, before: was, after: now, resolved };
}

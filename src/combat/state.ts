/**
 * What Tactica keeps on a Combat, in `flags.tactica` (RULES §7): the combat's mode, the timeline
 * state in timeline mode, and in *tours* mode the last round processed as a threshold, so that a
 * threshold is never processed twice. A timeline needs no such record: its pointer never moves
 * back (./combat.ts), and the thresholds are the ones it crosses. (A `lastThreshold` older
 * versions stored on a timeline combat is no longer read there.)
 *
 * Read defensively: flags edited by hand or by an older version fall back to safe defaults
 * rather than breaking the tracker. Only a GM can write a Combat's flags (core's BaseCombat lets a
 * player change `round`, `turn` and `combatants` only), so this state is the GM's.
 *
 * And what this client saw of it (the second half of this module), so that the timeline never goes
 * back (RULES §7.2) and each threshold is crossed once (§7.3). What keeps it so, on every client
 * (./combat.ts):
 * - this client's timeline changes of a combat run one after another ({@link afterEarlierChanges}),
 *   each computed from the timeline stored when its turn comes, and an End action applies only to
 *   the turn it was asked for: a second one asked for the same turn (a double click, two windows)
 *   is refused with a message once the first has ended it;
 * - a client refuses to write a timeline whose pointer is behind the stored one ({@link writesBehind});
 * - two GMs' clients writing at the same moment are the one case neither check sees: the write that
 *   lands second may put the timeline back. Every client then keeps the furthest timeline it saw as
 *   the one to compare with ({@link noteSeen}), nothing follows the backward write, and the active
 *   GM writes the furthest timeline back (./after-update.ts).
 * So no record of the last threshold is kept beside the timeline: the pointer is that record.
 */
import { assertTimelineState, type TimelineState } from "../rules/timeline";
import type { CombatMode } from "../config/settings";
import { isRecord } from "../rules/records";

/** `flags.tactica` of a Combat. */
export interface CombatFlags {
  /** RULES §7.1 (D-32): fixed when the combat is created, switchable until it starts. */
  mode?: CombatMode;
  /** RULES §7.2: the timeline (timeline mode, once started). */
  timeline?: TimelineState;
  /** RULES §7.3, *tours* mode: the last round processed as a threshold; 0 = none yet. */
  lastThreshold?: number;
}

/** The `flags.tactica` object of any document (empty when absent). */
export function tacticaFlags(doc: { flags: unknown }): Record<string, unknown> {
  const flags = doc.flags;
  const scope = isRecord(flags) ? flags.tactica : undefined;
  return isRecord(scope) ? scope : {};
}

/** The combat's mode, or `fallback` (the world setting) when none is stored. */
export function readMode(doc: { flags: unknown }, fallback: CombatMode): CombatMode {
  const mode = tacticaFlags(doc).mode;
  return mode === "tours" || mode === "timeline" ? mode : fallback;
}

/** The stored timeline, or `null` when absent or malformed (the GM restarts the timeline). */
export function readTimeline(doc: { flags: unknown }): TimelineState | null {
  const raw = tacticaFlags(doc).timeline;
  if (!isRecord(raw)) return null;
  try {
    // Stored flags, checked in full by the rules' own validator (which throws on any malformed field); its
    // parameter is the checked shape, so the unchecked record is handed to it as that shape.
    return assertTimelineState(raw as unknown as TimelineState);
  } catch {
    return null;
  }
}

/** *Tours* mode: the last round processed as a threshold (integer ≥ 0). */
export function readLastThreshold(doc: { flags: unknown }): number {
  const value = tacticaFlags(doc).lastThreshold;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}

/**
 * RULES §7.3 *tours* mode: the rounds whose start is a threshold not yet processed — every round
 * after `last` up to `round`; the first round's start is not a threshold (as the timeline's 0).
 */
export function roundThresholds(last: number, round: number): number[] {
  const from = Math.max(last, 1);
  const rounds: number[] = [];
  for (let r = from + 1; r <= round; r++) rounds.push(r);
  return rounds;
}

/* ------------------------------------------------ what this client saw of a combat (RULES §7.2) */
/** What this client saw of a combat's stored Tactica state. */
export interface CombatSnapshot {
  timeline: TimelineState | null;
}

/** Per combat: the last timeline stored, or the furthest when a later write put it back. */
const seen = new WeakMap<object, CombatSnapshot>();

/** True when `next` is behind `previous`: its pointer before the one already reached. */
export function goesBack(previous: TimelineState | null, next: TimelineState | null): boolean {
  return !!previous && !!next && next.pointer < previous.pointer;
}

/** What this client saw of `combat` before its latest update. */
export function lastSeen(combat: object): CombatSnapshot {
  return seen.get(combat) ?? { timeline: null };
}

/**
 * Takes what `combat` stores now as seen, unless it puts the timeline back (the furthest one
 * stays). `firstSight`: only when nothing was seen yet (a combat this client just loaded).
 */
export function noteSeen(combat: { flags: unknown }, firstSight = false): void {
  const before = seen.get(combat);
  if (firstSight && before) return;
  const now = { timeline: readTimeline(combat) };
  if (!goesBack(before?.timeline ?? null, now.timeline)) seen.set(combat, now);
}

/** True when the update `changed` writes a timeline whose pointer is behind `stored`'s. */
export function writesBehind(changed: { flags?: unknown }, stored: TimelineState | null): boolean {
  const written = tacticaFlags({ flags: changed.flags }).timeline;
  return !!stored && isRecord(written) && typeof written.pointer === "number" && written.pointer < stored.pointer;
}

/** Per combat: the tail of this client's timeline changes. */
const changes = new WeakMap<object, Promise<unknown>>();

/** Runs `change` once this client's earlier timeline changes of `combat` have settled. */
export function afterEarlierChanges<T>(combat: object, change: () => Promise<T>): Promise<T> {
  const run = (changes.get(combat) ?? Promise.resolve()).then(change);
  changes.set(
    combat,
    run.catch(() => undefined),
  );
  return run;
}

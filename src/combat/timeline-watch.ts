/**
 * The timeline never goes back (RULES §7.2), so each threshold is crossed once (§7.3). What keeps
 * it so, on every client (./combat.ts):
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
import { readTimeline, tacticaFlags } from "./state";
import { isRecord } from "../rules/records";
import type { TimelineState } from "../rules/timeline";

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

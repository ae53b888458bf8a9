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

/**
 * Order of play in *tours* mode (RULES §8 D-37): initiative is a roll of 1d10 + current INI; the
 * highest acts first; on equal initiatives the higher current INI goes first; a full tie is left
 * to Foundry's own order (the caller's fallback). In timeline mode initiative is not rolled: the
 * order is the timeline's (RULES §7.2, `compareTimelineEntries`).
 */

/** What the order reads of a combatant. */
export interface InitiativeKey {
  /** The rolled (or typed) initiative; `null` or a non-finite number: not rolled yet. */
  readonly initiative: number | null;
  /** The current INI (printed value + pressure bonus in effect); `null` when unknown. */
  readonly ini: number | null;
}

/** The die of the initiative roll (D-37). */
export const INITIATIVE_DIE = "1d10";

const rank = (value: number | null): number =>
  typeof value === "number" && Number.isFinite(value) ? value : -Infinity;

/** Descending order of two ranks, `-Infinity` (none) last; 0 when equal. */
function descending(a: number, b: number): number {
  if (a === b) return 0;
  return a > b ? -1 : 1;
}

/**
 * D-37: < 0 when `a` acts before `b`, > 0 after, 0 on a full tie (then Foundry's order decides).
 * Combatants that have not rolled come after those who have, the higher INI first among them.
 */
export function compareInitiative(a: InitiativeKey, b: InitiativeKey): number {
  return descending(rank(a.initiative), rank(b.initiative)) || descending(rank(a.ini), rank(b.ini));
}

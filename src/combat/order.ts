/**
 * The combat's acting order (RULES §7.1, D-37), as `TacticaCombat#_sortCombatants` compares two
 * combatants. Core calls that comparator UNBOUND (`combatants.contents.sort(this._sortCombatants)`,
 * https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html#setupturns; dnd5e and
 * draw-steel never read `this` there either): the combat comes from the combatant. What the
 * comparator reads is built once per sort (O(n)), so the sort stays O(n log n).
 */
import { compareInitiative } from "../rules/initiative";
import { compareTimelineEntries, type TimelineEntry } from "../rules/timeline";
import { positionOf } from "./timeline-steps";

/** What the comparator reads, built once per `setupTurns` (O(n)), so the sort stays O(n log n). */
interface SortKeys {
  /** Timeline mode, started: the markers by combatant id. */
  entries: Map<string, TimelineEntry> | null;
  /** Timeline mode, not started: the order the timeline will start in (collection order). */
  index: Map<string, number> | null;
  /** *Tours* mode: each combatant's current INI (D-37 tie-break). */
  ini: Map<string, number | null> | null;
}

/**
 * The sort keys of the sort running now, by combat. A WeakMap and not a field: core may set the
 * turns up while its constructor runs, before a subclass's fields exist.
 */
const sortKeys = new WeakMap<object, SortKeys>();

/** The current INI of a combatant's actor (printed value + pressure bonus), or null. */
function currentIni(combatant: Combatant.Implementation): number | null {
  const total = combatant.actor?.model?.profile.ini.total;
  return typeof total === "number" ? total : null;
}

/** Reads and validates what the sort needs, once. */
function sortKeysOf(combat: Combat.Implementation): SortKeys {
  const contents = combat.combatants.contents;
  if (combat.mode !== "timeline")
    return { entries: null, index: null, ini: new Map(contents.map((c) => [c.id ?? "", currentIni(c)])) };
  const state = combat.started ? combat.timeline : null;
  if (state) return { entries: new Map(state.entries.map((e) => [e.id, e])), index: null, ini: null };
  return { entries: null, index: new Map(contents.map((c, i) => [c.id ?? "", i])), ini: null };
}

/**
 * The sort keys for a comparison: those of the running `setupTurns`, or — when someone else sorts
 * with the comparator (a tracker, a module) — read once for that whole synchronous sort.
 */
function keysFor(combat: Combat.Implementation): SortKeys {
  let keys = sortKeys.get(combat);
  if (!keys) {
    const fresh = sortKeysOf(combat);
    sortKeys.set(combat, fresh);
    queueMicrotask(() => {
      if (sortKeys.get(combat) === fresh) sortKeys.delete(combat);
    });
    keys = fresh;
  }
  return keys;
}

/** Runs `sort` (core's `setupTurns`) with the sort keys of `combat` read once, for every comparison of that sort. */
export function whileSorting<T>(combat: Combat.Implementation, sort: () => T): T {
  sortKeys.set(combat, sortKeysOf(combat));
  try {
    return sort();
  } finally {
    sortKeys.delete(combat);
  }
}

/**
 * The order of two combatants of a Tactica combat, or null when Foundry's own order decides:
 * - *tours* (D-37): initiative descending, then the higher current INI;
 * - timeline, started: position, then arrival; combatants not placed yet come last;
 * - timeline, before the start: the order the timeline will start in (position, then arrival).
 */
export function compareCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number | null {
  const combat = a.parent;
  const keys = combat instanceof CONFIG.Combat.documentClass ? keysFor(combat) : null;
  if (keys?.entries) {
    const ea = keys.entries.get(a.id ?? "");
    const eb = keys.entries.get(b.id ?? "");
    if (ea && eb) return compareTimelineEntries(ea, eb);
    if (ea || eb) return ea ? -1 : 1;
  } else if (keys?.index) {
    const byPosition = positionOf(a.initiative) - positionOf(b.initiative);
    if (byPosition) return byPosition;
    const byArrival = (keys.index.get(a.id ?? "") ?? 0) - (keys.index.get(b.id ?? "") ?? 0);
    if (byArrival) return byArrival;
  } else if (keys?.ini) {
    const order = compareInitiative(
      { initiative: a.initiative ?? null, ini: keys.ini.get(a.id ?? "") ?? null },
      { initiative: b.initiative ?? null, ini: keys.ini.get(b.id ?? "") ?? null },
    );
    if (order) return order;
  }
  return null;
}

import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  addTimelineCombatant,
  advanceEntry,
  advancePointer,
  assertTimelineState,
  createTimeline,
  dueActions,
  loseFocusedActions,
  nextEntry,
  placeDelayedAction,
  removeTimelineEntry,
  resolveAction,
  setPosition,
  stunEntry,
  thresholdsCrossed,
  timelineDuration,
  timelineOrder,
  type TimelineEntry,
  type TimelineState,
} from "../../src/rules/timeline";

/** Freezes a state deeply, so any mutation by the code under test throws (modules are strict). */
function frozen(state: TimelineState): TimelineState {
  state.entries.forEach((entry) => Object.freeze(entry));
  Object.freeze(state.entries);
  return Object.freeze(state);
}

const ids = (entries: readonly TimelineEntry[]): string[] => entries.map((entry) => entry.id);
const positionOf = (state: TimelineState, id: string): number | undefined =>
  state.entries.find((entry) => entry.id === id)?.position;

describe("timeline order (RULES §7.2)", () => {
  it("lowest position acts next; a stack is first in, first out", () => {
    const state = frozen(
      createTimeline([
        { id: "b", position: 3 },
        { id: "a", position: 1 },
        { id: "c", position: 3 },
      ]),
    );
    expect(nextEntry(state)?.id).toBe("a");
    expect(ids(timelineOrder(state.entries))).toEqual(["a", "b", "c"]);
  });

  it("a combatant arriving at an occupied position goes last in that stack", () => {
    let state = frozen(
      createTimeline([
        { id: "a", position: 0 },
        { id: "b", position: 2 },
        { id: "c", position: 2 },
      ]),
    );
    state = advanceEntry(state, "a", 2);
    expect(ids(timelineOrder(state.entries))).toEqual(["b", "c", "a"]);
    state = advanceEntry(state, "b", 0);
    expect(ids(timelineOrder(state.entries))).toEqual(["c", "a", "b"]);
  });

  it("timelineOrder returns a new array and nextEntry of an empty timeline is undefined", () => {
    const state = frozen(createTimeline([{ id: "a", position: 0 }]));
    expect(timelineOrder(state.entries)).not.toBe(state.entries);
    expect(nextEntry(createTimeline([]))).toBeUndefined();
  });

  it("combatants join last in the stack and can leave", () => {
    let state = frozen(createTimeline([{ id: "a", position: 4 }]));
    state = addTimelineCombatant(state, "b", 4);
    expect(ids(timelineOrder(state.entries))).toEqual(["a", "b"]);
    state = removeTimelineEntry(state, "a");
    expect(ids(state.entries)).toEqual(["b"]);
    expect(() => addTimelineCombatant(state, "b", 1)).toThrow(/"b"/);
  });
});

describe("Différé and Focalisé (RULES §6.4, §7.2)", () => {
  const start = (): TimelineState =>
    frozen(
      createTimeline([
        { id: "john", position: 5 },
        { id: "mutant", position: 6 },
      ]),
    );

  it("seed 004: duration 3, Différé 2 → action marker at +2, character at +3", () => {
    const state = placeDelayedAction(start(), { ownerId: "john", actionId: "shot", duration: 3, delay: 2 });
    expect(positionOf(state, "shot")).toBe(7);
    expect(positionOf(state, "john")).toBe(8);
    expect(ids(timelineOrder(state.entries))).toEqual(["mutant", "shot", "john"]);
  });

  it("the action resolves when the pointer reaches its marker", () => {
    let state = placeDelayedAction(start(), { ownerId: "john", actionId: "shot", duration: 3, delay: 2 });
    let step = advancePointer(state);
    expect(step.entry?.id).toBe("mutant");
    expect(dueActions(step.state)).toEqual([]);
    state = advanceEntry(step.state, "mutant", 4);
    step = advancePointer(state);
    expect(step.entry?.id).toBe("shot");
    expect(step.state.pointer).toBe(7);
    expect(ids(dueActions(step.state))).toEqual(["shot"]);
    state = resolveAction(step.state, "shot");
    expect(dueActions(state)).toEqual([]);
    expect(nextEntry(state)?.id).toBe("john");
  });

  it("when the marker and the character land together, the action resolves first", () => {
    const state = placeDelayedAction(start(), { ownerId: "john", actionId: "x", duration: 2, delay: 2 });
    expect(ids(timelineOrder(state.entries)).slice(1)).toEqual(["x", "john"]);
  });

  it("Focalisé: gaining Épuisement loses only the owner's focused markers", () => {
    let state = start();
    state = placeDelayedAction(state, { ownerId: "john", actionId: "f", duration: 3, delay: 2, focused: true });
    state = placeDelayedAction(state, { ownerId: "john", actionId: "g", duration: 1, delay: 1 });
    state = placeDelayedAction(state, { ownerId: "mutant", actionId: "h", duration: 1, delay: 1, focused: true });
    const { state: after, lost } = loseFocusedActions(frozen(state), "john");
    expect(ids(lost)).toEqual(["f"]);
    expect(ids(after.entries).sort()).toEqual(["g", "h", "john", "mutant"]);
    const again = loseFocusedActions(after, "john");
    expect(again.lost).toEqual([]);
    expect(again.state).toBe(after);
  });

  it("rejects an unknown owner, an action id in use, and resolving a combatant", () => {
    expect(() => placeDelayedAction(start(), { ownerId: "ghost", actionId: "a", duration: 1, delay: 1 })).toThrow(
      /"ghost"/,
    );
    expect(() => placeDelayedAction(start(), { ownerId: "john", actionId: "mutant", duration: 1, delay: 1 })).toThrow(
      /"mutant"/,
    );
    expect(() => placeDelayedAction(start(), { ownerId: "john", actionId: "a", duration: 1, delay: -1 })).toThrow(
      RangeError,
    );
    expect(() => resolveAction(start(), "john")).toThrow(/"john"/);
  });
});

describe("stun and GM drag (RULES §6.4, §7.2)", () => {
  it("Etourdissante: seed 004's mutant fails by one degree and moves 2, last in the stack", () => {
    const state = frozen(
      createTimeline([
        { id: "mutant", position: 4 },
        { id: "ally", position: 6 },
      ]),
    );
    const stunned = stunEntry(state, "mutant", 2);
    expect(ids(timelineOrder(stunned.entries))).toEqual(["ally", "mutant"]);
    expect(stunEntry(state, "mutant", 0)).toBe(state);
  });

  it("setPosition moves any marker, last in the stack; the pointer stays", () => {
    let state = frozen({
      ...createTimeline([
        { id: "a", position: 8 },
        { id: "b", position: 9 },
      ]),
      pointer: 8,
    });
    state = setPosition(state, "b", 2);
    expect(nextEntry(state)?.id).toBe("b");
    const step = advancePointer(state);
    expect(step.state.pointer).toBe(8);
    expect(step.thresholds).toEqual([]);
  });
});

describe("thresholds (RULES §7.3, D-33)", () => {
  it("default 10: crossed on reaching each multiple, not at the start", () => {
    expect(thresholdsCrossed(0, 9)).toEqual([]);
    expect(thresholdsCrossed(0, 10)).toEqual([10]);
    expect(thresholdsCrossed(10, 12)).toEqual([]);
    expect(thresholdsCrossed(7, 31)).toEqual([10, 20, 30]);
    expect(thresholdsCrossed(12, 5)).toEqual([]);
    expect(thresholdsCrossed(0, 6, 3)).toEqual([3, 6]);
  });

  it("advancePointer reports the thresholds on the way to the next marker", () => {
    const state = frozen({ ...createTimeline([{ id: "a", position: 23 }]), pointer: 8 });
    const step = advancePointer(state);
    expect(step.state.pointer).toBe(23);
    expect(step.thresholds).toEqual([10, 20]);
    expect(advancePointer(createTimeline([])).entry).toBeUndefined();
  });

  it("rejects bad pointers and spacings, naming the value", () => {
    expect(() => thresholdsCrossed(-1, 3)).toThrow(/-1/);
    expect(() => thresholdsCrossed(0, 2.5)).toThrow(/2\.5/);
    expect(() => thresholdsCrossed(0, 3, 0)).toThrow(/got 0/);
  });

  it("property: a → b → c crosses each threshold of a → c exactly once", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.nat(500), fc.integer({ min: 1, max: 30 }), (x, y, z, every) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p - q) as [number, number, number];
        expect([...thresholdsCrossed(a, b, every), ...thresholdsCrossed(b, c, every)]).toEqual(
          thresholdsCrossed(a, c, every),
        );
      }),
    );
  });
});

describe("durations in timeline mode (RULES §7.1)", () => {
  it("converts AC costs to positions", () => {
    expect(timelineDuration({ kind: "ac", ac: 2 })).toBe(2);
    expect(timelineDuration({ kind: "move" })).toBe(1); // D-39
    expect(timelineDuration({ kind: "power", useCost: 6 })).toBe(6);
    expect(timelineDuration({ kind: "power", useCost: 6, concentration: true })).toBe(7);
    expect(timelineDuration({ kind: "cancel" })).toBe(3);
    expect(timelineDuration({ kind: "cancel", concentration: true })).toBe(4);
    expect(timelineDuration({ kind: "maintain", maintenanceCost: 2 })).toBe(2);
    expect(timelineDuration({ kind: "rally", ac: 5 })).toBe(2);
  });

  it("rejects bad costs", () => {
    expect(() => timelineDuration({ kind: "power", useCost: -1 })).toThrow(/-1/);
    expect(() => timelineDuration({ kind: "rally", ac: 1.5 })).toThrow(/1\.5/);
  });
});

describe("validation (RULES §7.2)", () => {
  const state = frozen(createTimeline([{ id: "a", position: 0 }]));

  it("unknown ids throw a RangeError naming the id", () => {
    for (const call of [
      () => advanceEntry(state, "zz", 1),
      () => stunEntry(state, "zz", 1),
      () => setPosition(state, "zz", 1),
      () => resolveAction(state, "zz"),
      () => removeTimelineEntry(state, "zz"),
      () => loseFocusedActions(state, "zz"),
    ]) {
      expect(call).toThrow(RangeError);
      expect(call).toThrow(/"zz"/);
    }
  });

  it("bad positions and durations throw a RangeError naming the value", () => {
    expect(() => advanceEntry(state, "a", -2)).toThrow(/-2/);
    expect(() => advanceEntry(state, "a", 1.5)).toThrow(/1\.5/);
    expect(() => setPosition(state, "a", Number.NaN)).toThrow(/NaN/);
    expect(() => createTimeline([{ id: "a", position: -1 }])).toThrow(/-1/);
    expect(() =>
      createTimeline([
        { id: "a", position: 0 },
        { id: "a", position: 1 },
      ]),
    ).toThrow(/"a"/);
  });

  it("assertTimelineState rejects reused arrivals and bad kinds", () => {
    const entries: TimelineEntry[] = [
      { id: "a", kind: "combatant", position: 0, arrival: 0 },
      { id: "b", kind: "combatant", position: 0, arrival: 0 },
    ];
    expect(() => assertTimelineState({ entries, pointer: 0, nextArrival: 2 })).toThrow(RangeError);
    const odd = [{ id: "a", kind: "other", position: 0, arrival: 0 }] as unknown as TimelineEntry[];
    expect(() => assertTimelineState({ entries: odd, pointer: 0, nextArrival: 1 })).toThrow(/"other"/);
    const empty = [null] as unknown as TimelineEntry[];
    expect(() => assertTimelineState({ entries: empty, pointer: 0, nextArrival: 1 })).toThrow(/null/);
    expect(() => assertTimelineState({ entries: [], pointer: -3, nextArrival: 0 })).toThrow(/-3/);
  });
});

describe("timeline properties (RULES §7.2)", () => {
  const arbTimeline = fc
    .array(fc.nat(40), { minLength: 1, maxLength: 20 })
    .map((positions) => createTimeline(positions.map((position, i) => ({ id: `c${i}`, position }))));
  const arbMoves = fc.array(fc.tuple(fc.nat(), fc.nat(12)), { maxLength: 30 });

  it("advancing never decreases a position and puts the entry last in its new stack", () => {
    fc.assert(
      fc.property(arbTimeline, arbMoves, (initial, moves) => {
        let state = frozen(initial);
        for (const [pick, duration] of moves) {
          const id = state.entries[pick % state.entries.length]?.id ?? "";
          const before = positionOf(state, id) ?? 0;
          state = frozen(advanceEntry(state, id, duration));
          expect(positionOf(state, id)).toBe(before + duration);
          const stack = timelineOrder(state.entries).filter((entry) => entry.position === before + duration);
          expect(stack.at(-1)?.id).toBe(id);
        }
      }),
    );
  });

  it("order is a permutation of the entries sorted by (position, arrival)", () => {
    fc.assert(
      fc.property(arbTimeline, arbMoves, (initial, moves) => {
        let state = initial;
        for (const [pick, duration] of moves) {
          state = advanceEntry(state, state.entries[pick % state.entries.length]?.id ?? "", duration);
        }
        assertTimelineState(state);
        const order = timelineOrder(state.entries);
        expect([...order].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          [...state.entries].sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
        for (let i = 1; i < order.length; i++) {
          const [p, q] = [order[i - 1], order[i]] as [TimelineEntry, TimelineEntry];
          expect(p.position < q.position || (p.position === q.position && p.arrival < q.arrival)).toBe(true);
        }
        expect(nextEntry(state)).toBe(order[0]);
      }),
    );
  });
});

import { bench, describe } from "vitest";
import { PURE } from "./generation";
import { advanceEntry, createTimeline, nextEntry, type TimelineState } from "../../src/rules/timeline";

// DESIGN §6 budget: a timeline advance with 50 combatants < 1 ms (median).
describe(`timeline (RULES §7.2) ${PURE}`, () => {
  // Spread positions with repeats, so stacks of several combatants exist.
  const initial = createTimeline(Array.from({ length: 50 }, (_, i) => ({ id: `c${i}`, position: (i * 7) % 13 })));
  let state: TimelineState = initial;
  let turn = 0;

  bench("advanceEntry + nextEntry, 50 combatants", () => {
    const acting = nextEntry(state);
    if (!acting) throw new Error("empty timeline");
    state = advanceEntry(state, acting.id, 1 + (turn++ % 6));
    // Restart now and then so the arrival counter and positions stay realistic.
    if (turn % 10_000 === 0) state = initial;
  });
});

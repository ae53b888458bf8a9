import { bench, describe } from "vitest";
import { endActionStep, initiativeChanges, startTimeline, syncTimeline } from "../../src/combat/timeline-steps";
import { compareTimelineEntries, placeDelayedAction, type TimelineState } from "../../src/rules/timeline";

// Issue 6 budget: a timeline advance with 50 combatants, median < 1 ms — the whole computation
// of one "End action" as the combat makes it (sync with the tracker, advance, pointer over due
// markers and thresholds, initiative changes, the tracker's sort), without the database.
describe("combat timeline advance (RULES §7.2)", () => {
  const combatants = Array.from({ length: 50 }, (_, i) => ({ id: `c${i}`, initiative: (i * 7) % 13 as number | null }));
  const initial = startTimeline(combatants);
  let state: TimelineState = initial;
  let turn = 0;

  bench("End action, 50 combatants (+ a Différé marker every 5 actions)", () => {
    const synced = syncTimeline(state, combatants);
    const acting = [...synced.entries].sort(compareTimelineEntries)[0]!;
    let next = synced;
    if (acting.kind === "combatant" && turn % 5 === 0) {
      next = placeDelayedAction(next, { ownerId: acting.id, actionId: `a${turn}`, duration: 0, delay: 2 });
    }
    const step = endActionStep(next, acting.id, 1 + (turn++ % 6), 10);
    for (const change of initiativeChanges(step.state, combatants)) {
      const c = combatants.find((x) => x.id === change._id);
      if (c) c.initiative = change.initiative;
    }
    state = step.state;
    if (turn % 5_000 === 0) {
      state = initial;
      combatants.forEach((c, i) => (c.initiative = (i * 7) % 13));
    }
  });
});

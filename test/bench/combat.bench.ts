import { bench, describe } from "vitest";
import { generationLabel } from "./generation";
import { loadWorld } from "../foundry/world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { createFakeCombat } from "../foundry/fake-combat";
import type { TacticaCombat } from "../../src/combat/combat";

// Budgets: `setupTurns` ≤ 1 ms and one "End action" ≤ 5 ms with 200 combatants (medians).
// Both go through the real TacticaCombat on the Foundry fake, as a GM's client runs them: the sort
// with core's unbound comparator, and End action's whole path — the stored timeline read, the next
// state, the combat update (with the initiatives that mirror it), core's turn diff and the active
// GM's follow-up (activation hooks; a threshold card when the pointer crosses one). What the fake's
// own bookkeeping costs (cloning and diffing the source) is counted too.

const world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
world.data.setUser("gm-1");
await world.fake.settings.set("tactica", "combatMode", "timeline");

const SIZE = 200;
const actors = [];
for (let i = 0; i < SIZE; i++) actors.push(await world.createActor({ name: `F${i}`, type: "npc" }));
// Spread positions with repeats, so stacks of several combatants exist.
const fighters = actors.map((a, i) => ({ actorId: a.id!, initiative: (i * 7) % 23, name: `F${i}` }));

const sorted = (await createFakeCombat(fighters)) as unknown as TacticaCombat;
await sorted.startCombat();

// End action at 50 combatants too: its growth to 200 is checked (scripts/bench.mjs, ≤ 4.4× for 4×).
const acting = (await createFakeCombat(fighters)) as unknown as TacticaCombat;
await acting.startCombat();
const fewer = (await createFakeCombat(fighters.slice(0, SIZE / 4))) as unknown as TacticaCombat;
await fewer.startCombat();
let turn = 0;

describe(`${generationLabel()} combat document, ${SIZE} combatants (timeline mode, GM)`, () => {
  bench(`setupTurns, ${SIZE} combatants`, () => {
    sorted.setupTurns();
  });

  bench(
    `End action, ${SIZE} combatants`,
    async () => {
      await acting.endAction(1 + (turn++ % 6));
    },
    { time: 3000, warmupTime: 500 },
  );

  bench(
    `End action, ${SIZE / 4} combatants`,
    async () => {
      await fewer.endAction(1 + (turn++ % 6));
    },
    { time: 3000, warmupTime: 500 },
  );
});

import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createFakeCombat } from "./fake-combat";
import { FakeUser } from "./fake-world";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";

// RULES §7.3 on the timeline: each threshold the pointer crosses is processed exactly once — its
// burns and bleeds applied once — when End actions follow each other and when another GM takes
// over between two crossings (architecture review F19). What makes it so: each client's _onUpdate
// compares the stored timeline with the one it saw before (src/combat/combat.ts `seen`), and the
// pointer never moves back, so two updates never cross the same threshold. The `lastThreshold`
// that End action records beside the timeline does not take part: these tests pass without it.

let world: LoadedWorld;
let combat: TacticaCombat;
let ana: TacticaActor;
/** The thresholds processed, as the `tactica.threshold` hook heard them. */
let processed: number[][];

beforeEach(async () => {
  world = await loadWorld("fr");
  await world.fake.settings.set("tactica", "combatMode", "timeline");
  world.data.setUser("gm-1");
  // Ana burns (Incendiaire 5): each threshold takes her gauge in PV and lowers it by one.
  const person = (name: string, extra: object = {}) => ({
    name,
    type: "character",
    system: { profile: { pv: { value: 20, max: 20 }, ac: { value: 4 } }, ...extra },
  });
  ana = await world.createActor(person("Ana", { gauges: { disruptif: 0, incendiaire: 5 } }));
  const cyr = await world.createActor(person("Cyr"));
  // Thresholds every 10 positions (the default): Ana acts at 8, Cyr at 12.
  combat = (await createFakeCombat([
    { actorId: ana.id!, initiative: 8, name: "Ana" },
    { actorId: cyr.id!, initiative: 12, name: "Cyr" },
  ])) as unknown as TacticaCombat;
  processed = [];
  world.fake.hooks.on("tactica.threshold", (_combat: unknown, event: unknown) => {
    processed.push([...((event as { thresholds?: number[] }).thresholds ?? [])]);
  });
  await combat.startCombat();
});

const burn = () => {
  const system = ana.system as unknown as { profile: { pv: { value: number } }; gauges: { incendiaire: number } };
  return { pv: system.profile.pv.value, incendiaire: system.gauges.incendiaire };
};
const pointer = () => combat.timeline?.pointer;

/** Three End actions: Ana 8 → 18 (pointer 12, crosses 10), Cyr 12 → 22 (18), Ana 18 → 28 (22, crosses 20). */
async function playThreeActions(between: () => void = () => undefined): Promise<void> {
  expect(await combat.endAction(10)).toBe(true);
  expect([pointer(), processed]).toEqual([12, [[10]]]);
  between();
  expect(await combat.endAction(10)).toBe(true);
  expect([pointer(), processed]).toEqual([18, [[10]]]);
  expect(await combat.endAction(10)).toBe(true);
  expect(pointer()).toBe(22);
}

describe("timeline thresholds, each processed once (RULES §7.3)", () => {
  it("across End actions in a row: 10 at the first crossing, 20 at the second, each burn once", async () => {
    await playThreeActions();
    expect(processed).toEqual([[10], [20]]);
    // Two burns: 5 then 4 PV, the gauge down by one each time.
    expect(burn()).toEqual({ pv: 11, incendiaire: 3 });
    await combat.endAction(1);
    expect(processed).toEqual([[10], [20]]);
  });

  it("when a second GM takes over between the two crossings: 20 once, 10 not again", async () => {
    world.data.users.set("gm-2", new FakeUser("gm-2", "Second GM", true));
    await playThreeActions(() => {
      // The first GM leaves: the second, who saw every update, is now the active GM and plays on.
      world.data.users.get("gm-1")!.active = false;
      world.data.setUser("gm-2");
      expect(world.data.users.activeGM?.id).toBe("gm-2");
    });
    expect(processed).toEqual([[10], [20]]);
    expect(burn()).toEqual({ pv: 11, incendiaire: 3 });
  });
});

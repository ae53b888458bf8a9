import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createFakeCombat } from "./fake-combat";
import { FakeUser } from "./fake-world";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";
import { endActionStep, initiativeChanges } from "../../src/combat/timeline-steps";
import type { TimelineState } from "../../src/rules/timeline";

// RULES §7.3 on the timeline: each threshold the pointer crosses is processed exactly once — its
// burns and bleeds applied once — when End actions follow each other, when another GM takes over
// between two crossings (architecture review F19), and when two End actions are asked for at once.
// What makes it so: each client's _onUpdate compares the stored timeline with the furthest one it
// saw (src/combat/combat.ts `seen`), and the pointer never moves back (RULES §7.2) — End actions
// run one at a time on the timeline stored when each runs, one per acting turn; a write behind the
// stored timeline is refused; one that lands anyway (two GMs' clients at the same moment) is
// written forward again by the active GM, and nothing follows it. No record of the last threshold
// is kept beside the timeline: the pointer is that record.

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

describe("End actions asked for at once (the End action race)", () => {
  it("two End actions of the same turn at once: the first ends Ana's action, the second is refused; 10 once, one burn", async () => {
    const start = combat.timeline!;
    let results: boolean[] = [];
    const writes = await world.writesDuring(async () => {
      const errors = await world.errorsDuring(async () => {
        results = await Promise.all([combat.endAction(10), combat.endAction(1)]);
      });
      expect(errors).toEqual(["La ligne du temps a avancé entre-temps\u00a0: rien n'a changé."]);
    });
    expect(results).toEqual([true, false]);
    // One timeline write for the two (the threshold's burn is Ana's own actor update).
    expect(
      writes.filter((x) => x.documentName === "Combat" && JSON.stringify(x.data).includes("timeline")),
    ).toHaveLength(1);
    expect([pointer(), processed]).toEqual([12, [[10]]]);
    expect(combat.turns[0]?.actor?.name).toBe("Cyr");
    expect(combat.timeline!.nextArrival).toBe(start.nextArrival + 1);
    // Cyr's End action of 1 moves the pointer to 13: nothing crosses 10 again.
    expect(await combat.endAction(1)).toBe(true);
    expect([pointer(), processed]).toEqual([13, [[10]]]);
    expect(burn()).toEqual({ pv: 15, incendiaire: 4 });
  });

  it("a write of a timeline behind the stored one is refused by the writing client: nothing written", async () => {
    const start = combat.timeline!;
    expect(await combat.endAction(10)).toBe(true);
    const stale = endActionStep(start, combat.turns.find((c) => c.name === "Cyr")!.id!, 1, 10).state;
    const errors = await world.errorsDuring(async () => {
      const writes = await world.writesDuring(() => combat.update({ "flags.tactica.timeline": stale } as never));
      expect(writes).toEqual([]);
    });
    expect(errors).toHaveLength(1);
    expect([pointer(), processed]).toEqual([12, [[10]]]);
  });

  it("two GMs' clients at once: the write computed before the other landed puts the timeline back; the active GM writes it forward, nothing follows, 10 once", async () => {
    const start = combat.timeline!;
    const anaId = combat.turns[0]!.id!;
    const started: string[] = [];
    world.fake.hooks.on("tactica.activationStart", (_c: unknown, c: unknown) => {
      started.push((c as { name: string }).name);
    });
    expect(await combat.endAction(10)).toBe(true);
    expect(started).toEqual(["Cyr"]);
    // The other GM's End action of 1, computed from the timeline before the first one: on that
    // client, the stored timeline was still the start one when it wrote (its own check passed).
    // The fake runs an update's _onUpdate on the writing client only, so the write is made here,
    // on the active GM's client, with its stored timeline read as that client read it.
    const behind: TimelineState = endActionStep(start, anaId, 1, 10).state;
    const view = vi.spyOn(combat, "timeline", "get").mockReturnValueOnce(start);
    await combat.update({
      "flags.tactica.timeline": behind,
      combatants: initiativeChanges(behind, combat.timelineCombatants()),
      round: 1,
      turn: 0,
    } as never);
    view.mockRestore();
    await combat.settled();
    // Written forward again: Cyr acts at 12; Ana's activation did not start again.
    expect(pointer()).toBe(12);
    expect(combat.turns[0]?.name).toBe("Cyr");
    expect(combat.combatants.get(anaId)?.initiative).toBe(18);
    expect(started).toEqual(["Cyr"]);
    expect(await combat.endAction(1)).toBe(true);
    expect([pointer(), processed]).toEqual([13, [[10]]]);
    expect(burn()).toEqual({ pv: 15, incendiaire: 4 });
  });
});

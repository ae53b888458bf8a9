import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { createFakeCombat, FakeCombat } from "./fake-combat";
import { FakeUser } from "./fake-world";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";

// Tours mode (RULES §7.1, §7.3): rounds are thresholds from the second one, processed exactly
// once (undo, reload, a second GM), activations reset AC and fire their hooks; Adaptatif resets
// when the combat ends.

let world: LoadedWorld;
let combat: TacticaCombat;
let ana: TacticaActor;
const thresholds: number[][] = [];

beforeEach(async () => {
  world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
  const { registerCombat } = await import("../../src/combat/register");
  registerCombat();
  world.data.setUser("gm-1");
  ana = await world.createActor({
    name: "Ana",
    type: "character",
    system: { profile: { pv: { value: 10, max: 10 }, ac: { value: 4 } }, gauges: { disruptif: 3, incendiaire: 0 }, actions: { spent: 2 } },
    items: [{ name: "Carapace", type: "armor", system: { renfort: 2, equipped: true, adaptiveBonus: 2 } }],
  });
  const bel = await world.createActor({ name: "Bel", type: "character", system: {} });
  combat = (await createFakeCombat([
    { actorId: ana.id!, initiative: 12, name: "Ana" },
    { actorId: bel.id!, initiative: 8, name: "Bel" },
  ])) as unknown as TacticaCombat;
  thresholds.length = 0;
  world.fake.hooks.on("tactica.threshold", (_c: unknown, s: unknown) => thresholds.push((s as { thresholds: number[] }).thresholds));
});

const disruptif = () => (ana.system as unknown as { gauges: { disruptif: number } }).gauges.disruptif;

describe("tours mode", () => {
  it("starts an activation with full AC and fires the activation hooks", async () => {
    const log: string[] = [];
    world.fake.hooks.on("tactica.activationStart", (_c: unknown, c: unknown) => log.push(`start:${(c as { name: string }).name}`));
    world.fake.hooks.on("tactica.activationEnd", (_c: unknown, c: unknown) => log.push(`end:${(c as { name: string }).name}`));
    expect(combat.mode).toBe("tours");
    await combat.startCombat();
    expect((ana.system as unknown as { actions: { spent: number } }).actions.spent).toBe(0);
    await combat.nextTurn();
    expect(log).toEqual(["start:Ana", "end:Ana", "start:Bel"]);
    expect(thresholds).toEqual([]);
  });

  it("processes each new round once, even after an undo", async () => {
    await combat.startCombat();
    await combat.nextRound();
    expect(thresholds).toEqual([[2]]);
    expect(disruptif()).toBe(2);
    await combat.previousRound();
    await combat.nextRound();
    expect(thresholds).toEqual([[2]]);
    expect(disruptif()).toBe(2);
    await combat.nextRound();
    expect(thresholds).toEqual([[2], [3]]);
    expect(disruptif()).toBe(1);
  });

  it("is processed by the active GM only, and not again on reload", async () => {
    world.data.users.set("gm-0", new FakeUser("gm-0", "Other GM", true));
    await combat.startCombat();
    await combat.nextRound(); // gm-0 is the active GM: this client (gm-1) leaves it alone
    expect(thresholds).toEqual([]);
    // A reloaded copy of the combat processes nothing by itself.
    const Combat = world.fake.CONFIG.Combat as { documentClass: typeof FakeCombat };
    const reloaded = new Combat.documentClass(structuredClone((combat as unknown as FakeCombat)._source));
    reloaded.prepareData();
    expect(thresholds).toEqual([]);
  });

  it("resets every armour's Adaptatif bonus when the combat ends, one update per actor", async () => {
    await combat.startCombat();
    const writes = await world.writesDuring(async () => {
      await (combat as unknown as FakeCombat).delete();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(writes.filter((w) => w.documentName === "Actor").map((w) => w.ids[0])).toEqual([ana.id]);
    expect((ana.items.getName("Carapace")!.system as unknown as { adaptiveBonus: number }).adaptiveBonus).toBe(0);
  });
});

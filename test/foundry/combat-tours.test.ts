import { beforeEach, describe, expect, it, vi } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { createFakeCombat, FakeCombat } from "./fake-combat";
import { FakeUser } from "./fake-world";
import { queueDiceFaces } from "./fake-dice";
import manifest from "../../system.json";
import type { TacticaCombat } from "../../src/combat/combat";
import { changesData } from "../../src/compat/effects";
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
  world.data.setUser("gm-1");
  ana = await world.createActor({
    name: "Ana",
    type: "character",
    system: {
      profile: { pv: { value: 10, max: 10 }, ac: { value: 4 } },
      gauges: { disruptif: 3, incendiaire: 0 },
      actions: { spent: 2 },
    },
    items: [{ name: "Carapace", type: "armor", system: { renfort: 2, equipped: true, adaptiveBonus: 2 } }],
  });
  const bel = await world.createActor({ name: "Bel", type: "character", system: {} });
  combat = (await createFakeCombat([
    { actorId: ana.id!, initiative: 12, name: "Ana" },
    { actorId: bel.id!, initiative: 8, name: "Bel" },
  ])) as unknown as TacticaCombat;
  thresholds.length = 0;
  world.fake.hooks.on("tactica.threshold", (_c: unknown, s: unknown) =>
    thresholds.push((s as { thresholds: number[] }).thresholds),
  );
});

const disruptif = () => (ana.system as unknown as { gauges: { disruptif: number } }).gauges.disruptif;

describe("tours mode", () => {
  it("starts an activation with full AC and fires the activation hooks", async () => {
    const log: string[] = [];
    world.fake.hooks.on("tactica.activationStart", (_c: unknown, c: unknown) =>
      log.push(`start:${(c as { name: string }).name}`),
    );
    world.fake.hooks.on("tactica.activationEnd", (_c: unknown, c: unknown) =>
      log.push(`end:${(c as { name: string }).name}`),
    );
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

describe("tours mode: order of play (D-37)", () => {
  /** A combat of fighters with the given INI (printed) and initiative, created in that order. */
  async function fighters(
    list: { name: string; ini: number; initiative: number | null; pressure?: number }[],
  ): Promise<TacticaCombat> {
    const ids: string[] = [];
    for (const f of list) {
      const actor = await world.createActor({
        name: f.name,
        type: "character",
        system: { profile: { ini: { value: f.ini } } },
      });
      if (f.pressure) {
        const effect = {
          name: "Pression INI",
          ...changesData([{ key: "system.profile.ini.pressure", type: "upgrade", value: f.pressure }]),
          flags: { tactica: { pressure: { target: "ini", window: "nextRoll", itemId: "x" } } },
        };
        await (
          actor as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
        ).createEmbeddedDocuments("ActiveEffect", [effect]);
      }
      ids.push(actor.id!);
    }
    return (await createFakeCombat(
      list.map((f, i) => ({ actorId: ids[i]!, initiative: f.initiative, name: f.name })),
    )) as unknown as TacticaCombat;
  }
  const order = (c: TacticaCombat) => c.turns.map((t) => t.name);

  it("core's tracker buttons roll 1d10 + current INI (pressure included), whole numbers", async () => {
    expect(world.fake.CONFIG.Combat).toMatchObject({
      initiative: { formula: "1d10 + @profile.ini.total", decimals: 0 },
    });
    // The manifest says the same, for any code that reads game.system.initiative.
    expect(manifest.initiative).toBe("1d10 + @profile.ini.total");
    const c = await fighters([
      { name: "Cyr", ini: 3, initiative: null, pressure: 2 },
      { name: "Dan", ini: 4, initiative: null },
    ]);
    queueDiceFaces([6, 9]);
    await c.rollAll();
    expect(c.turns.map((t) => [t.name, t.initiative])).toEqual([
      ["Dan", 13],
      ["Cyr", 11],
    ]);
    // The INI pressure bonus lasted that one roll (RULES §2).
    const cyr = world.fake.game.actors as unknown as { getName(n: string): TacticaActor };
    expect(cyr.getName("Cyr").effects.size).toBe(0);
  });

  it("ties go to the higher current INI, then to Foundry's order", async () => {
    const c = await fighters([
      { name: "Low", ini: 2, initiative: 10 },
      { name: "High", ini: 5, initiative: 10 },
      { name: "Pressed", ini: 3, initiative: 10, pressure: 4 },
      { name: "Top", ini: 0, initiative: 12 },
      { name: "Twin", ini: 2, initiative: 10 },
    ]);
    expect(order(c).slice(0, 3)).toEqual(["Top", "Pressed", "High"]);
    const twins = c.turns.slice(3);
    expect(twins.map((t) => t.name).sort()).toEqual(["Low", "Twin"]);
    // Full tie: Foundry's own order (by id).
    expect(twins[0]!.id! < twins[1]!.id!).toBe(true);
  });

  it("sorts with core's unbound comparator, reading the mode and INI once per setupTurns", async () => {
    const c = await fighters(Array.from({ length: 40 }, (_, i) => ({ name: `F${i}`, ini: i % 5, initiative: i % 7 })));
    const get = vi.spyOn(world.fake.settings, "get");
    c.setupTurns();
    const modeReads = get.mock.calls.filter(([, key]) => key === "combatMode").length;
    get.mockRestore();
    expect(modeReads).toBe(1);
    expect(c.turns.map((t) => t.initiative)).toEqual([...c.turns.map((t) => t.initiative)].sort((a, b) => b! - a!));
  });

  it("another caller may sort with the comparator too, unbound (as draw-steel's tracker does): same order, keys read once", async () => {
    const c = await fighters(Array.from({ length: 30 }, (_, i) => ({ name: `F${i}`, ini: i % 4, initiative: i % 6 })));
    const compare = (c as unknown as { _sortCombatants: (a: unknown, b: unknown) => number })._sortCombatants;
    const get = vi.spyOn(world.fake.settings, "get");
    const sorted = [...c.combatants.contents].sort(compare);
    const modeReads = get.mock.calls.filter(([, key]) => key === "combatMode").length;
    get.mockRestore();
    expect(modeReads).toBe(1);
    expect(sorted.map((t) => t.id)).toEqual(c.turns.map((t) => t.id));
  });

  it("a timeline combat rolls no initiative: refused with a message, nothing written", async () => {
    await world.fake.settings.set("tactica", "combatMode", "timeline");
    const c = await fighters([{ name: "Eve", ini: 3, initiative: null }]);
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => c.rollAll());
    });
    expect(writes).toEqual([]);
    expect(errors).toEqual(["Pas d'initiative sur la ligne du temps\u00a0: l'ordre est celui des positions."]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createTemplateHarness, installTemplateHarness, textOf } from "../templates/harness";
import { createFakeCombat, type CombatState, type FakeCombat } from "./fake-combat";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";

// Timeline mode (RULES §7.2, §7.3) on the real combat classes in the Foundry fake: ordering,
// durations, Différé, Focalisé, thresholds crossed exactly once, one write per action.

let world: LoadedWorld;
let combat: TacticaCombat;
let actors: Record<string, TacticaActor>;

const person = (name: string, extra: object = {}) => ({
  name,
  type: "character",
  system: { profile: { pv: { value: 10, max: 10 }, ac: { value: 4 } }, ...extra },
});

async function setup(mode: "tours" | "timeline"): Promise<void> {
  world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
  await world.fake.settings.set("tactica", "combatMode", mode);
  world.data.setUser("gm-1");
  actors = {
    ana: await world.createActor(person("Ana", { gauges: { disruptif: 0, incendiaire: 3 } })),
    bel: await world.createActor(person("Bel")),
    cyr: await world.createActor(person("Cyr")),
  };
  combat = (await createFakeCombat([
    { actorId: actors.ana!.id!, initiative: 3, name: "Ana" },
    { actorId: actors.bel!.id!, initiative: 5, name: "Bel" },
    { actorId: actors.cyr!.id!, initiative: 3, name: "Cyr" },
  ])) as unknown as TacticaCombat;
}

const idOf = (name: string) => combat.combatants.find((c) => c.name === name)!.id!;
const current = () => combat.combatant?.name;
const order = () => combat.turns.map((c) => `${c.name}@${c.initiative}`);
const messages = () =>
  world.fake.game.messages as unknown as { contents: { content: string; flags: Record<string, unknown> }[] };
const texts = () => messages().contents.map((m) => textOf(m.content));

function recordHooks(): string[] {
  const log: string[] = [];
  for (const name of ["tactica.activationStart", "tactica.activationEnd", "tactica.threshold"]) {
    world.fake.hooks.on(name, (_c: unknown, arg: unknown) => {
      const who =
        (arg as { name?: string } | undefined)?.name ?? (arg as { thresholds?: number[] }).thresholds?.join(",");
      log.push(`${name.slice(8)}:${who}`);
    });
  }
  return log;
}

describe("timeline mode", () => {
  beforeEach(() => setup("timeline"));

  it("takes its mode from the setting, switchable before the start only", async () => {
    expect(combat.mode).toBe("timeline");
    expect(await combat.setMode("tours")).toBe(true);
    expect(combat.mode).toBe("tours");
    await combat.setMode("timeline");
    await combat.startCombat();
    const errors = await world.errorsDuring(() => combat.setMode("tours"));
    expect(errors).toEqual(["Le mode ne peut plus changer\u00a0: le combat a commencé."]);
    expect(combat.mode).toBe("timeline");
  });

  it("orders by position then arrival, and End action moves the actor last in its new stack", async () => {
    const log = recordHooks();
    await combat.startCombat();
    expect(order()).toEqual(["Ana@3", "Cyr@3", "Bel@5"]);
    expect(log).toEqual(["activationStart:Ana"]);

    const writes = await world.writesDuring(() => combat.endAction(2));
    // One combat write; the initiatives that mirror the positions travel in it.
    expect(writes.map((w) => w.documentName)).toEqual(["Combat"]);
    // Bel was at 5 first: Ana goes after it (FIFO).
    expect(order()).toEqual(["Cyr@3", "Bel@5", "Ana@5"]);
    await combat.endAction(2);
    expect(order()).toEqual(["Bel@5", "Ana@5", "Cyr@5"]);
    expect(current()).toBe("Bel");
    expect(log).toEqual([
      "activationStart:Ana",
      "activationEnd:Ana",
      "activationStart:Cyr",
      "activationEnd:Cyr",
      "activationStart:Bel",
    ]);
  });

  it("crosses each threshold exactly once and ticks every actor in one update each", async () => {
    const log = recordHooks();
    await combat.startCombat();
    await combat.endAction(4); // Ana 3 → 7; Cyr acts at 3
    await combat.endAction(8); // Cyr 3 → 11; Bel acts at 5
    const writes = await world.writesDuring(() => combat.endAction(10)); // Bel → 15; Ana at 7
    expect(writes.filter((w) => w.documentName === "Actor")).toHaveLength(0);
    const crossing = await world.writesDuring(() => combat.endAction(10)); // Ana → 17; Cyr at 11: crosses 10
    expect(crossing.filter((w) => w.documentName === "Actor").map((w) => w.ids[0])).toEqual([actors.ana!.id]);
    expect(log.filter((l) => l.startsWith("threshold"))).toEqual(["threshold:10"]);
    const ana = actors.ana!.system as unknown as {
      profile: { pv: { value: number } };
      gauges: { incendiaire: number };
    };
    expect(ana.profile.pv.value).toBe(7); // 3 burn, no armour
    expect(ana.gauges.incendiaire).toBe(2);
    expect(texts().filter((t) => t.includes("seuil"))).toHaveLength(1);
    expect(texts().at(-1)).toContain("Ana");

    // Dragging a marker back before 10 and on again crosses nothing already crossed.
    await combat.moveMarker(idOf("Cyr"), 9);
    await combat.endAction(0);
    expect(log.filter((l) => l.startsWith("threshold"))).toEqual(["threshold:10"]);
  });

  it("refuses to go back, and refuses players", async () => {
    await combat.startCombat();
    expect(await world.errorsDuring(() => combat.previousTurn())).toEqual([
      "La ligne du temps ne recule pas\u00a0: déplacez le marqueur à la main.",
    ]);
    world.data.setUser("player-1");
    const before = order();
    expect(await world.errorsDuring(() => combat.endAction(3))).toEqual([
      "Seul le MJ peut faire avancer la ligne du temps.",
    ]);
    expect(order()).toEqual(before);
  });

  it("resolves a Différé action when the pointer reaches it, posting its card again", async () => {
    await combat.startCombat();
    const Chat = world.fake.CONFIG.ChatMessage as { documentClass: { create(d: object): Promise<{ id: string }> } };
    const card = await Chat.documentClass.create({ content: "<p>Tir différé</p>" });
    // Ana at 3: duration 3, Différé 2 → marker at 5, Ana at 6 (RULES §7.2 example).
    await combat.declareDelayed({ ownerId: idOf("Ana"), actionId: card.id, duration: 3, delay: 2 });
    expect(combat.timeline!.entries.find((e) => e.id === card.id)?.position).toBe(5);
    expect(order()).toEqual(["Cyr@3", "Bel@5", "Ana@6"]);
    const due: string[] = [];
    world.fake.hooks.on("tactica.delayedDue", (_c: unknown, d: unknown) => due.push((d as { id: string }).id));
    await combat.endAction(4); // Cyr → 7; at 5 Bel was there before the marker: Bel acts first
    expect(current()).toBe("Bel");
    expect(due).toEqual([]);
    await combat.endAction(4); // Bel → 9; the pointer stays on 5: the marker resolves, then Ana (6)
    expect(due).toEqual([card.id]);
    expect(current()).toBe("Ana");
    expect(combat.timeline!.entries.some((e) => e.id === card.id)).toBe(false);
    // The due card names the declaring card (src/combat/after-update.ts), which it shows again.
    const reposted = messages().contents.at(-1)! as unknown as {
      content: string;
      system: { kind: string; sourceMessage: string };
    };
    expect(reposted.system).toMatchObject({ kind: "delayedDue", sourceMessage: card.id });
    expect(textOf(reposted.content)).toContain("Ana");
  });

  it("loses a Focalisé action when its owner gains Épuisement, with a chat line", async () => {
    await combat.startCombat();
    await combat.declareDelayed({ ownerId: idOf("Ana"), actionId: "focus1", duration: 3, delay: 2, focused: true });
    await actors.ana!.gainExhaustion(1);
    await combat.settled();
    expect(combat.timeline!.entries.some((e) => e.id === "focus1")).toBe(false);
    expect(texts().at(-1)).toBe("Ana gagne de l'Épuisement : son action focalisée (position 5) est perdue.");
  });

  it("loses a Focalisé action when the Épuisement is gained on a player's client (the GM hears the update)", async () => {
    await combat.startCombat();
    await combat.declareDelayed({ ownerId: idOf("Ana"), actionId: "focus2", duration: 3, delay: 2, focused: true });
    await actors.ana!.update({ ownership: { default: 0, "player-1": 3 } } as never);
    world.data.setUser("player-1");
    const updates: [unknown, unknown, unknown][] = [];
    const listener = world.fake.hooks.on(
      "updateActor",
      (a: unknown, c: unknown, o: unknown) => void updates.push([a, c, o]),
    );
    await actors.ana!.gainExhaustion(1);
    world.fake.hooks.off("updateActor", listener);
    await combat.settled();
    // On the player's client nothing is lost: only the active GM may change the timeline.
    expect(combat.timeline!.entries.some((e) => e.id === "focus2")).toBe(true);
    // Foundry delivers the same update, with its options, to the GM's client.
    world.data.setUser("gm-1");
    for (const [a, c, o] of updates) world.fake.hooks.callAll("updateActor", a, c, o, "player-1");
    await combat.settled();
    expect(combat.timeline!.entries.some((e) => e.id === "focus2")).toBe(false);
  });

  it("moves a stunned target's marker", async () => {
    await combat.startCombat();
    await combat.stun(idOf("Bel"), 2);
    expect(order()).toEqual(["Ana@3", "Cyr@3", "Bel@7"]);
  });
});

describe("timeline mode through core's combat lifecycle", () => {
  beforeEach(() => setup("timeline"));

  const fakeOf = () => combat as unknown as FakeCombat;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("orders the combatants before the start as the timeline will start: position, then arrival", () => {
    expect(order()).toEqual(["Ana@3", "Cyr@3", "Bel@5"]);
  });

  it("starts through core: the start sound, combatStart, and the timeline in the same update", async () => {
    const seen: unknown[] = [];
    world.fake.hooks.on("combatStart", (c: unknown, data: unknown) => seen.push([(c as TacticaCombat).round, data]));
    const writes = await world.writesDuring(() => combat.startCombat());
    expect(seen).toEqual([[0, { round: 1, turn: 0 }]]);
    expect(fakeOf().sounds[0]).toBe("startEncounter");
    expect(writes.filter((w) => w.documentName === "Combat")).toHaveLength(1);
    expect(combat.timeline?.pointer).toBe(3);
    expect(current()).toBe("Ana");
  });

  it("End action calls combatTurn before its update; core then sees the new acting combatant", async () => {
    await combat.startCombat();
    await tick();
    const log: string[] = [];
    const events: string[] = [];
    const spied = combat as unknown as {
      _onStartTurn: (c: { name: string }) => Promise<void>;
      _onEndTurn: (c: { name: string }) => Promise<void>;
    };
    spied._onStartTurn = async (c) => void events.push(`start ${c.name}`);
    spied._onEndTurn = async (c) => void events.push(`end ${c.name}`);
    world.fake.hooks.on("combatTurn", (c: unknown, data: unknown, options: unknown) => {
      log.push(
        `combatTurn pointer=${(c as TacticaCombat).timeline!.pointer} turn=${(data as { turn: number }).turn} direction=${(options as { direction: number }).direction}`,
      );
    });
    world.fake.hooks.on("combatTurnChange", (_c: unknown, prev: unknown, cur: unknown) => {
      const name = (s: unknown) => combat.combatants.get((s as CombatState).combatantId!)?.name;
      log.push(`combatTurnChange ${name(prev)} → ${name(cur)}`);
    });
    const markers = fakeOf().turnMarkerUpdates.length;
    await combat.endAction(2);
    await tick();
    expect(log).toEqual(["combatTurn pointer=3 turn=0 direction=1", "combatTurnChange Ana → Cyr"]);
    expect(events).toEqual(["end Ana", "start Cyr"]);
    expect(fakeOf().turnMarkerUpdates.length).toBeGreaterThan(markers);
    expect(combat.current).toMatchObject({ round: 1, turn: 0, combatantId: idOf("Cyr") });
  });

  it("a GM's drag that puts someone else first is a turn change for core too", async () => {
    await combat.startCombat();
    await tick();
    const changes: string[] = [];
    world.fake.hooks.on("combatTurnChange", (_c: unknown, _p: unknown, cur: unknown) =>
      changes.push(combat.combatants.get((cur as CombatState).combatantId!)?.name ?? "?"),
    );
    await combat.moveMarker(idOf("Bel"), 1);
    await tick();
    expect(changes).toEqual(["Bel"]);
  });
});

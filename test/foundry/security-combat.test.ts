import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, sourceOf, type LoadedWorld } from "./world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { createFakeCombat, receiveCombatantUpdate, type FakeCombat } from "./fake-combat";
import { FakeUser } from "./fake-world";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";

// A player's combat update carrying forged `options.tactica` (30 thresholds, another
// combatant's activation ended, any message reposted). Foundry's server lets any player change a Combat's `round` and
// `turn`
// (BaseCombat's update permission; docs/foundry-behaviour.md §1) and passes the
// options on as sent; only the `userId` is the server's. The active GM's client must derive what
// follows from stored state and that id alone.
//
// Each test runs on the ACTIVE GM's client and delivers the player's update to it as the server
// does (FakeCombat#receiveUpdate: `_onUpdate(changed, options, userId)`, no `_preUpdate`).

let world: LoadedWorld;
let combat: TacticaCombat;
let kara: TacticaActor;
let message: { id: string };
const log: string[] = [];

const forged = (kara: string, messageId: string) => ({
  tactica: {
    endedId: kara,
    thresholds: Array.from({ length: 30 }, (_, i) => 1000 + i),
    due: [{ id: messageId, ownerId: "x" }],
  },
});

async function setup(mode: "tours" | "timeline"): Promise<void> {
  world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
  world.data.users.set("player-2", new FakeUser("player-2", "Attacker", false));
  await world.fake.settings.set("tactica", "combatMode", mode);
  world.data.setUser("gm-1");
  const bob = await world.createActor({ name: "Bob", type: "character", ownership: { "player-2": 3 } });
  kara = await world.createActor({
    name: "Kara",
    type: "character",
    ownership: { "player-1": 3 },
    system: {
      profile: { pv: { value: 10, max: 10 }, ac: { value: 4 } },
      gauges: { incendiaire: 3, disruptif: 2 },
      actions: { spent: 2 },
    },
  });
  const zed = await world.createActor({ name: "Zed", type: "npc" });
  // Tours: Bob (P2's) acts first, then Zed, then Kara (P1's). Timeline: Bob, Zed, Kara by position.
  combat = (await createFakeCombat([
    { actorId: bob.id!, initiative: mode === "tours" ? 15 : 1, name: "Bob" },
    { actorId: zed.id!, initiative: mode === "tours" ? 10 : 2, name: "Zed" },
    { actorId: kara.id!, initiative: mode === "tours" ? 5 : 3, name: "Kara" },
  ])) as unknown as TacticaCombat;
  await combat.startCombat();
  const Chat = world.fake.CONFIG.ChatMessage as { documentClass: { create(d: object): Promise<{ id: string }> } };
  message = await Chat.documentClass.create({ content: "<p>Any message</p>" });
  log.length = 0;
  for (const hook of ["tactica.activationStart", "tactica.activationEnd", "tactica.threshold", "tactica.delayedDue"]) {
    world.fake.hooks.on(hook, (_c: unknown, arg: unknown) =>
      log.push(`${hook.slice(8)}:${(arg as { name?: string }).name ?? "-"}`),
    );
  }
}

const idOf = (name: string) => combat.combatants.find((c) => c.name === name)!.id!;
const messageCount = () => (world.fake.game.messages as unknown as { size: number }).size;
/** The player's update as the GM's client receives it, and what the GM does about it. */
async function delivered(changes: object, options: object, userId: string): Promise<void> {
  (combat as unknown as FakeCombat).receiveUpdate(
    changes as Record<string, unknown>,
    options as Record<string, unknown>,
    userId,
  );
  await combat.settled();
}

describe("attack C1: forged combat update options (S-3)", () => {
  describe("tours mode", () => {
    beforeEach(() => setup("tours"));

    it("from the owner of the acting combatant: an End Turn and nothing more — no threshold, no victim, no repost", async () => {
      const karaBefore = sourceOf(kara);
      const messages = messageCount();
      await delivered({ turn: 1 }, forged(idOf("Kara"), message.id), "player-2");
      // Core's End Turn, which P2 may make for Bob: Bob's activation ends, Zed's starts.
      expect(log).toEqual(["activationEnd:Bob", "activationStart:Zed"]);
      expect(combat.combatant?.name).toBe("Zed");
      // The forged context changed nothing.
      expect(sourceOf(kara)).toEqual(karaBefore);
      expect(messageCount()).toBe(messages);
    });

    it("from a player who does not own the acting combatant: undone by the GM, nothing follows", async () => {
      const karaBefore = sourceOf(kara);
      const messages = messageCount();
      const writes = await world.writesDuring(() =>
        delivered({ turn: 1 }, forged(idOf("Kara"), message.id), "player-1"),
      );
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 0, "Bob"]);
      expect(log).toEqual([]);
      expect(sourceOf(kara)).toEqual(karaBefore);
      expect(messageCount()).toBe(messages);
      // The only write: the GM's way back.
      expect(writes.map((w) => [w.documentName, w.data])).toEqual([["Combat", [{ round: 1, turn: 0 }]]]);
    });

    it("a round jump, even from the acting combatant's owner: undone, no threshold", async () => {
      const karaBefore = sourceOf(kara);
      await delivered({ round: 30, turn: 0 }, {}, "player-2");
      expect([combat.round, combat.turn]).toEqual([1, 0]);
      expect(log).toEqual([]);
      expect(sourceOf(kara)).toEqual(karaBefore);
    });

    it("R2: a jump over other combatants, even from the acting combatant's owner, is undone: `game.combat.update({turn: 2})`", async () => {
      const karaBefore = sourceOf(kara);
      await delivered({ turn: 2 }, {}, "player-2");
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 0, "Bob"]);
      expect(log).toEqual([]);
      expect(sourceOf(kara)).toEqual(karaBefore);
    });

    it("R2: the next round at a later turn (`{round: 2, turn: 1}`) is undone; past the last turn, End Turn is the next round's first turn", async () => {
      await delivered({ round: 2, turn: 1 }, {}, "player-2");
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 0, "Bob"]);
      expect(log).toEqual([]);
      // The GM moves to Kara (P1's), the last turn; P1's End Turn goes to round 2, turn 0.
      await delivered({ turn: 2 }, {}, "gm-1");
      log.length = 0;
      await delivered({ round: 2, turn: 0 }, {}, "player-1");
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([2, 0, "Bob"]);
      // RULES §7.3: round 2 starts with a threshold.
      expect(log).toEqual(["activationEnd:Kara", "threshold:-", "activationStart:Bob"]);
    });

    it("R9: a player's change of their own combatant's initiative mid-round is put back — no second activation, no one's turn taken", async () => {
      // Bob (P2's) acted; Zed acts now (turn 1), Kara is next.
      await delivered({ turn: 1 }, {}, "gm-1");
      log.length = 0;
      // The exploit: `game.combat.combatants.getName("Bob").update({initiative: 1})` — Bob sorted last, the turn index
      // kept.
      receiveCombatantUpdate(combat as unknown as FakeCombat, idOf("Bob"), { initiative: 1 }, {}, "player-2");
      await combat.settled();
      expect(combat.combatants.get(idOf("Bob"))!.initiative).toBe(15);
      expect(combat.turns.map((c) => c.name)).toEqual(["Bob", "Zed", "Kara"]);
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 1, "Zed"]);
      expect(log).toEqual([]);
      // A first roll, from none, stands; the GM's own change too.
      await combat.combatants.get(idOf("Kara"))!.update({ initiative: null } as never);
      receiveCombatantUpdate(combat as unknown as FakeCombat, idOf("Kara"), { initiative: 4 }, {}, "player-1");
      await combat.settled();
      expect(combat.combatants.get(idOf("Kara"))!.initiative).toBe(4);
      await combat.combatants.get(idOf("Zed"))!.update({ initiative: 12 } as never);
      await combat.settled();
      expect(combat.combatants.get(idOf("Zed"))!.initiative).toBe(12);
    });

    it("the same options from a GM are not read either: what follows comes from the stored state", async () => {
      const karaBefore = sourceOf(kara);
      const messages = messageCount();
      await delivered({ turn: 1 }, forged(idOf("Kara"), message.id), "gm-1");
      expect(log).toEqual(["activationEnd:Bob", "activationStart:Zed"]);
      expect(sourceOf(kara)).toEqual(karaBefore);
      expect(messageCount()).toBe(messages);
    });
  });

  describe("timeline mode", () => {
    beforeEach(() => setup("timeline"));

    it('R10: the timeline itself is out of a player\'s reach — the server refuses a Combat flag write (`game.combat.update({"flags.tactica.timeline.pointer": 99})`)', async () => {
      const timeline = structuredClone(combat.timeline);
      expect(() =>
        (combat as unknown as FakeCombat).receiveUpdate({ "flags.tactica.timeline.pointer": 99 }, {}, "player-2"),
      ).toThrow("lacks permission to update Combat");
      await combat.settled();
      expect(combat.timeline).toEqual(timeline);
      expect(log).toEqual([]);
    });

    it("a player's change of turn is undone: only the GM moves the timeline", async () => {
      const karaBefore = sourceOf(kara);
      const messages = messageCount();
      const timeline = structuredClone(combat.timeline);
      await delivered({ turn: 2 }, forged(idOf("Kara"), message.id), "player-2");
      expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 0, "Bob"]);
      expect(combat.timeline).toEqual(timeline);
      expect(log).toEqual([]);
      expect(sourceOf(kara)).toEqual(karaBefore);
      expect(messageCount()).toBe(messages);
    });
  });
});

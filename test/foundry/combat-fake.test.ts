import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundryFake, type FakeFoundry } from "./fake";
import { dataFake, type DataFake } from "./fake-data";
import { FakeCombat, FakeCombatant, createFakeCombat, receiveCombatantUpdate, type CombatState } from "./fake-combat";
import { FakeActor } from "./fake-document-types";
import { FakeUser } from "./fake-world";
import type { FakeDocument } from "./fake-documents";
import type { Obj } from "./fake-utils";
import manifest from "../../system.json";

// The fake's Combat and Combatant, one test per behaviour cited in fake-combat.ts, on the bare
// fake (no Tactica code): what Tactica's combat tests assume of Foundry v13.

let fake: FakeFoundry;
let data: DataFake;

/** The turn events the active GM runs, in order. */
class RecordingCombat extends FakeCombat {
  readonly events: string[] = [];
  protected override async _onStartTurn(
    c: FakeCombatant,
    ctx: { round: number; turn: number; skipped: boolean },
  ): Promise<void> {
    this.events.push(`startTurn ${c.name} r${ctx.round} t${ctx.turn}${ctx.skipped ? " skipped" : ""}`);
  }
  protected override async _onEndTurn(
    c: FakeCombatant,
    ctx: { round: number; turn: number; skipped: boolean },
  ): Promise<void> {
    this.events.push(`endTurn ${c.name} r${ctx.round} t${ctx.turn}${ctx.skipped ? " skipped" : ""}`);
  }
  protected override async _onStartRound(ctx: { round: number }): Promise<void> {
    this.events.push(`startRound ${ctx.round}`);
  }
  protected override async _onEndRound(ctx: { round: number }): Promise<void> {
    this.events.push(`endRound ${ctx.round}`);
  }
}

async function combatOf(initiatives: (number | null)[], cls: typeof FakeCombat = RecordingCombat): Promise<FakeCombat> {
  (fake.CONFIG.Combat as { documentClass: unknown }).documentClass = cls;
  const actors = await Promise.all(
    initiatives.map((_, i) =>
      FakeActor.create({ name: `A${i}`, type: "base", ownership: { default: 0, "player-1": 3 } }),
    ),
  );
  return createFakeCombat(
    initiatives.map((initiative, i) => ({ actorId: actors[i]!.id!, initiative, name: `C${i}` })),
    { active: true },
  );
}

const names = (combat: FakeCombat) => combat.turns.map((c) => c.name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  fake = installFoundryFake();
  data = dataFake(fake);
  data.setUser("gm-1");
});

describe("fake Combat: turn order", () => {
  it("setupTurns calls _sortCombatants unbound, as core does (`sort(this._sortCombatants)`)", async () => {
    const seen: unknown[] = [];
    class Probe extends FakeCombat {
      override _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
        seen.push(this);
        return super._sortCombatants(a, b);
      }
    }
    const combat = await combatOf([1, 2], Probe);
    seen.length = 0;
    combat.setupTurns();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((t) => t === undefined)).toBe(true);
  });

  it("sorts by initiative descending, non-numeric last, then by id", async () => {
    const combat = await combatOf([5, null, 9, 5]);
    expect(names(combat).slice(0, 1)).toEqual(["C2"]);
    expect(names(combat).at(-1)).toBe("C1");
    const [first, second] = combat.turns.filter((c) => c.initiative === 5);
    expect(first!.id! < second!.id!).toBe(true);
  });

  it("prepareDerivedData sets the turns up only when there are none", async () => {
    const combat = await combatOf([1, 2]);
    const before = combat.turns;
    combat.prepareData();
    expect(combat.turns).toBe(before);
    const fresh = new FakeCombat(structuredClone(combat._source));
    expect(fresh.turns).toEqual([]);
    fresh.prepareData();
    expect(fresh.turns.map((c) => c.name)).toEqual(["C1", "C0"]);
  });

  it("started is round > 0; combatant is turns[turn]; nextCombatant wraps", async () => {
    const combat = await combatOf([3, 2, 1]);
    expect(combat.started).toBe(false);
    expect(combat.combatant).toBeNull();
    await combat.startCombat();
    expect(combat.started).toBe(true);
    expect(combat.combatant?.name).toBe("C0");
    expect(combat.nextCombatant?.name).toBe("C1");
    await combat.update({ turn: 2 });
    expect(combat.nextCombatant?.name).toBe("C0");
  });

  it("setupTurns: a turn past the end goes to 0 of the next round (in memory); current and previous", async () => {
    const combat = await combatOf([3, 2]);
    await combat.startCombat();
    combat.turn = 5;
    combat.setupTurns();
    expect([combat.round, combat.turn]).toEqual([2, 0]);
    expect(combat._source.round).toBe(1);
    expect(combat.current).toMatchObject({ round: 2, turn: 0, combatantId: combat.turns[0]!.id });
    expect(combat.previous).toBeDefined();
  });
});

describe("fake Combat: start, turns and rounds", () => {
  it("startCombat plays the start sound and calls combatStart before its update", async () => {
    const combat = await combatOf([3, 2]);
    const calls: unknown[][] = [];
    fake.hooks.on("combatStart", (c: unknown, updateData: unknown) =>
      calls.push([(c as FakeCombat).round, updateData]),
    );
    await combat.startCombat();
    expect(calls).toEqual([[0, { round: 1, turn: 0 }]]);
    expect(combat.sounds[0]).toBe("startEncounter");
  });

  it("nextTurn / nextRound / previous… call combatTurn or combatRound first, with direction and worldTime", async () => {
    const combat = await combatOf([3, 2]);
    await combat.startCombat();
    const calls: string[] = [];
    for (const hook of ["combatTurn", "combatRound"]) {
      fake.hooks.on(hook, (c: unknown, d: unknown, o: unknown) =>
        calls.push(
          `${hook} from r${(c as FakeCombat).round}t${(c as FakeCombat).turn} ${JSON.stringify(d)} ${JSON.stringify(o)}`,
        ),
      );
    }
    await combat.nextTurn();
    await combat.nextTurn();
    await combat.previousRound();
    expect(calls).toEqual([
      'combatTurn from r1t0 {"round":1,"turn":1} {"direction":1,"worldTime":{"delta":0}}',
      'combatRound from r1t1 {"round":2,"turn":0} {"direction":1,"worldTime":{"delta":0}}',
      'combatRound from r2t0 {"round":1,"turn":1} {"direction":-1,"worldTime":{"delta":-0}}'.replace("-0", "0"),
    ]);
  });
});

describe("fake Combat: the turn diff of _onUpdate", () => {
  it("recomputes the acting combatant from the EXISTING turns unless combatants changed", async () => {
    const combat = await combatOf([3, 2]);
    await combat.startCombat();
    const [first, second] = combat.turns;
    // Initiatives changed behind the turn order's back: no re-sort on a turn update.
    first!.initiative = 0;
    await combat.update({ turn: 1 });
    expect(combat.combatant).toBe(second);
    expect(combat.current.combatantId).toBe(second!.id);
    expect(combat.previous?.combatantId).toBe(first!.id);
  });

  it("runs the turn events on the active GM, in core's order, skipped turns flagged", async () => {
    const combat = (await combatOf([3, 2, 1])) as RecordingCombat;
    await combat.startCombat();
    await tick();
    expect(combat.events).toEqual(["endRound 0", "startRound 1", "startTurn C0 r1 t0"]);
    combat.events.length = 0;
    await combat.update({ round: 2, turn: 1 });
    await tick();
    expect(combat.events).toEqual([
      "endTurn C0 r1 t0",
      "startTurn C1 r1 t1 skipped",
      "endTurn C1 r1 t1 skipped",
      "startTurn C2 r1 t2 skipped",
      "endTurn C2 r1 t2 skipped",
      "endRound 1",
      "startRound 2",
      "startTurn C0 r2 t0 skipped",
      "endTurn C0 r2 t0 skipped",
      "startTurn C1 r2 t1",
    ]);
  });

  it("a new combatant at the same round and turn ends the old turn and starts the new one", async () => {
    const combat = (await combatOf([3, 2])) as RecordingCombat;
    await combat.startCombat();
    await tick();
    combat.events.length = 0;
    // Re-sorted with the combatants in the change (core's setupTurns path).
    await combat.update({ combatants: [{ _id: combat.turns[1]!.id, initiative: 9 }] });
    await tick();
    expect(combat.events).toEqual(["endTurn C0 r1 t0", "startTurn C1 r1 t0"]);
  });

  it("fires combatTurnChange on every client after the update, and no GM events off the active GM", async () => {
    const combat = (await combatOf([3, 2])) as RecordingCombat;
    await combat.startCombat();
    await tick();
    combat.events.length = 0;
    data.users.set("gm-0", new FakeUser("gm-0", "Other GM", true));
    const changes: [CombatState, CombatState][] = [];
    fake.hooks.on("combatTurnChange", (_c: unknown, prev: unknown, cur: unknown) =>
      changes.push([structuredClone(prev) as CombatState, structuredClone(cur) as CombatState]),
    );
    await combat.nextTurn();
    await tick();
    expect(combat.events).toEqual([]);
    expect(changes.map(([p, c]) => [p.turn, c.turn])).toEqual([[0, 1]]);
  });

  it("turnEvents: false skips the turn events and the hook, not the turn markers", async () => {
    const combat = (await combatOf([3, 2])) as RecordingCombat;
    await combat.startCombat();
    await tick();
    combat.events.length = 0;
    let hooks = 0;
    fake.hooks.on("combatTurnChange", () => void hooks++);
    const markers = combat.turnMarkerUpdates.length;
    await combat.update({ turn: 1 }, { turnEvents: false });
    await tick();
    expect([combat.events, hooks]).toEqual([[], 0]);
    expect(combat.turnMarkerUpdates.length).toBe(markers + 1);
  });

  it("plays yourTurn for the GM when an unowned combatant's turn comes, nextUp when the next is", async () => {
    const combat = await combatOf([3, 2, 1]);
    const npc = await FakeActor.create({ name: "NPC", type: "base" });
    await combat.update({ combatants: [{ _id: combat.turns[2]!.id, actorId: npc!.id }] });
    await combat.startCombat();
    await combat.nextTurn();
    expect(combat.sounds.slice(1)).toEqual(["nextUp"]);
    await combat.nextTurn();
    expect(combat.sounds.slice(1)).toEqual(["nextUp", "yourTurn"]);
  });

  it("a combatant change sets the turns up again; combatTurn keeps the current turn index", async () => {
    const combat = await combatOf([3, 2]);
    await combat.startCombat();
    const first = combat.combatant;
    const added = await combat.createEmbeddedDocuments("Combatant", [{ name: "C9", initiative: 7 }]);
    expect(names(combat)[0]).toBe("C9");
    expect(combat.combatant).not.toBe(first);
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: added[0]!.id, initiative: 0 }], { combatTurn: 0 });
    expect(combat.turn).toBe(0);
    expect(combat.combatant).toBe(first);
  });
});

describe("fake Combatant and Combat: initiative", () => {
  it("_getInitiativeFormula reads CONFIG.Combat.initiative.formula, else game.system.initiative, else 'undefined'", async () => {
    const combat = await combatOf([null]);
    const c = combat.turns[0]!;
    expect(fake.CONFIG.Combat).toMatchObject({ initiative: { formula: null, decimals: 2 } });
    expect(c._getInitiativeFormula()).toBe(manifest.initiative);
    (fake.CONFIG.Combat as { initiative: { formula: string | null } }).initiative.formula = "1d6";
    expect(c._getInitiativeFormula()).toBe("1d6");
    (fake.CONFIG.Combat as { initiative: { formula: string | null } }).initiative.formula = null;
    (fake.game.system as { initiative?: string }).initiative = undefined;
    expect(c._getInitiativeFormula()).toBe("undefined");
  });

  it("rollInitiative rolls for owned combatants only: one update with turnEvents: false, then one creation of their roll messages", async () => {
    (fake.CONFIG.Combat as { initiative: { formula: string } }).initiative.formula = "5";
    const combat = await combatOf([null, null]);
    const npc = await FakeActor.create({ name: "NPC", type: "base" });
    await combat.update({ combatants: [{ _id: combat.turns[1]!.id, actorId: npc!.id }] });
    data.setUser("player-1");
    const options: unknown[] = [];
    fake.hooks.on("updateCombatant", (_c: unknown, _d: unknown, o: unknown) => options.push(o));
    const from = data.db.writes.length;
    await combat.rollInitiative(combat.combatants.map((c) => c.id!));
    expect(data.db.since(from).map((w) => [w.documentName, w.action, w.ids.length])).toEqual([
      ["Combatant", "update", 1],
      ["ChatMessage", "create", 1],
    ]);
    expect(combat.combatants.map((c) => (c as FakeCombatant).initiative).sort()).toEqual([5, null].sort());
    expect(options).toEqual([{ turnEvents: false }]);
  });

  it("rollInitiative's messages: a roll each, flagged core.initiativeRoll, the combatant speaking; private when hidden; the sound on the first id only", async () => {
    (fake.CONFIG.Combat as { initiative: { formula: string } }).initiative.formula = "3";
    const combat = await combatOf([null, null]);
    const [first, second] = combat.combatants.contents as FakeCombatant[];
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: second!.id, hidden: true }]);
    const messages = fake.game.messages as unknown as { contents: FakeDocument[] };
    const before = messages.contents.length;
    await combat.rollInitiative([first!.id!, second!.id!]);
    const posted = messages.contents.slice(before) as unknown as {
      flags: Obj;
      rolls: { total: number }[];
      speaker: { actor: string | null; alias: string };
      whisper: string[];
      _source: Obj;
    }[];
    expect(posted.map((m) => [m.flags.core, m.rolls.map((r) => r.total), m.speaker.alias])).toEqual([
      [{ initiativeRoll: true }, [3], "C0"],
      [{ initiativeRoll: true }, [3], "C1"],
    ]);
    expect(posted.map((m) => m.speaker.actor)).toEqual([first!.actorId, second!.actorId]);
    // The hidden combatant's roll goes to the GMs (v13: the GM roll mode); the other is public.
    expect(posted.map((m) => m.whisper)).toEqual([[], ["gm-1"]]);
    expect(posted.map((m) => m._source.sound)).toEqual(["sounds/dice.wav", null]);
  });

  it("rollAll rolls only for owned combatants that have no initiative yet", async () => {
    (fake.CONFIG.Combat as { initiative: { formula: string } }).initiative.formula = "4";
    const combat = await combatOf([null, 7]);
    await combat.rollAll();
    expect(combat.turns.map((c) => c.initiative)).toEqual([7, 4]);
  });
});

describe("fake Combat: another client's update", () => {
  it("receiveUpdate runs _onUpdate with the sender's id and options, without _preUpdate", async () => {
    const received: unknown[] = [];
    class Probe extends FakeCombat {
      protected override async _preUpdate(): Promise<void> {
        received.push("preUpdate");
      }
      protected override _onUpdate(
        changed: Record<string, unknown>,
        options: Record<string, unknown>,
        userId: string,
      ): void {
        super._onUpdate(changed, options, userId);
        received.push([changed, options, userId]);
      }
    }
    const combat = await combatOf([3, 2], Probe);
    await combat.startCombat();
    received.length = 0;
    combat.receiveUpdate({ turn: 1 }, { custom: 1 }, "player-1");
    expect(received).toEqual([[{ turn: 1 }, { custom: 1 }, "player-1"]]);
    expect(combat.combatant?.name).toBe("C1");
  });

  it("[CORE] the server lets a player change the round and the turn, whoever's turn it is, and nothing else of the Combat", async () => {
    data.users.set("player-2", new FakeUser("player-2", "Other player", false));
    const combat = await combatOf([3, 2, 1]);
    await combat.startCombat();
    // C0 is player-1's (combatOf): player-2 owns no combatant, and may still move the turn (core's _canChangeTurn is
    // true).
    expect(() => combat.receiveUpdate({ turn: 2 }, {}, "player-2")).not.toThrow();
    expect(combat.combatant?.name).toBe("C2");
    expect(() => combat.receiveUpdate({ round: 5 }, {}, "player-2")).not.toThrow();
    expect(combat.round).toBe(5);
    for (const change of [
      { "flags.tactica.timeline": { pointer: 99 } },
      { active: false },
      { turn: 0, "flags.x": 1 },
    ]) {
      const before = structuredClone(combat._source);
      expect(() => combat.receiveUpdate(change, {}, "player-1")).toThrow("lacks permission to update Combat");
      expect(combat._source).toEqual(before);
    }
    expect(data.db.refused.map((r) => `${r.action} ${r.documentName} ${r.userId}`)).toEqual(
      Array(3).fill("update Combat player-1"),
    );
    // The same test on a player's own client: a flag write is refused, a turn change is not.
    const { asClient } = await import("./fake-world");
    const p1 = data.users.get("player-1")!;
    await expect(asClient(p1, () => combat.update({ "flags.x": 1 }))).rejects.toThrow("lacks permission");
    await asClient(p1, () => combat.update({ turn: 1 }));
    expect(combat.turn).toBe(1);
  });

  it("[CORE] in `combatants`, a player changes only the initiative, flags, defeated state and system of combatants they own", async () => {
    data.users.set("player-2", new FakeUser("player-2", "Other player", false));
    const combat = await combatOf([3, 2]);
    const [c0, c1] = combat.turns;
    expect(() => combat.receiveUpdate({ combatants: [{ _id: c0!.id, initiative: 9 }] }, {}, "player-1")).not.toThrow();
    expect((combat.combatants.get(c0!.id!) as FakeCombatant | undefined)?.initiative).toBe(9);
    expect(() => combat.receiveUpdate({ combatants: [{ _id: c1!.id, initiative: 9 }] }, {}, "player-2")).toThrow(
      "lacks permission",
    );
    expect(() => combat.receiveUpdate({ combatants: [{ _id: c1!.id, hidden: true }] }, {}, "player-1")).toThrow(
      "lacks permission",
    );
    expect(() =>
      combat.receiveUpdate({ combatants: [{ _id: "nosuchcombatant", initiative: 1 }] }, {}, "player-1"),
    ).toThrow("lacks permission");
    expect(c0!.canUserModify(data.users.get("player-1")!, "update", { defeated: true })).toBe(true);
    expect(c0!.canUserModify(data.users.get("player-2")!, "update", { defeated: true })).toBe(false);
    // BaseCombatant.#canUpdate (common v13 combatant.mjs) lists `system` among the owner's fields.
    expect(c0!.canUserModify(data.users.get("player-1")!, "update", { system: { x: 1 } })).toBe(true);
    expect(c0!.canUserModify(data.users.get("player-1")!, "update", { hidden: true, system: {} })).toBe(false);
  });

  it("receiveCombatantUpdate: the permission test, the combatant's _onUpdate, the turns set up again with the turn index kept", async () => {
    const seen: unknown[] = [];
    class ProbeCombatant extends FakeCombatant {
      protected override _onUpdate(
        changed: Record<string, unknown>,
        options: Record<string, unknown>,
        userId: string,
      ): void {
        super._onUpdate(changed, options, userId);
        seen.push([changed, userId]);
      }
    }
    (fake.CONFIG.Combatant as { documentClass: unknown }).documentClass = ProbeCombatant;
    data.users.set("player-2", new FakeUser("player-2", "Other player", false));
    const combat = await combatOf([3, 2, 1]);
    await combat.startCombat();
    await combat.nextTurn();
    const first = combat.turns[0]!;
    expect(combat.combatant?.name).toBe("C1");
    expect(() => receiveCombatantUpdate(combat, first.id!, { initiative: 0 }, {}, "player-2")).toThrow(
      "lacks permission to update Combatant",
    );
    receiveCombatantUpdate(combat, first.id!, { initiative: 0 }, {}, "player-1");
    // The combatant's _onUpdate with the sender's id; C0 sorted last, the turn index kept: turn 1 is now C2.
    expect(seen).toEqual([[{ _id: first.id, initiative: 0 }, "player-1"]]);
    expect(names(combat)).toEqual(["C1", "C2", "C0"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([1, "C2"]);
  });

  it("foundry.utils.debounce calls back once, with the last arguments, after the delay since the last call", async () => {
    vi.useFakeTimers();
    try {
      const calls: number[] = [];
      const debounced = (
        fake.foundry.utils as { debounce(fn: (n: number) => void, ms: number): (n: number) => void }
      ).debounce((n) => calls.push(n), 50);
      debounced(1);
      vi.advanceTimersByTime(30);
      debounced(2);
      vi.advanceTimersByTime(30);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(20);
      expect(calls).toEqual([2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("[CORE] isDefeated: the combatant's defeated field, or its actor's DEFEATED status", async () => {
    const combat = await combatOf([1, 2]);
    const [first, second] = combat.combatants.contents as FakeCombatant[];
    expect([first!.isDefeated, second!.isDefeated]).toEqual([false, false]);
    await combat.updateEmbeddedDocuments("Combatant", [{ _id: first!.id, defeated: true }]);
    const dead = (fake.CONFIG.specialStatusEffects as { DEFEATED: string }).DEFEATED;
    await (second!.actor as FakeActor).toggleStatusEffect(dead, { overlay: true, active: true });
    expect([first!.isDefeated, second!.isDefeated]).toEqual([true, true]);
    expect(second!.defeated).toBe(false);
  });

  it("game.combat is the viewed combat", async () => {
    const combat = await combatOf([1]);
    expect((fake.game as { combat?: unknown }).combat).toBe(combat);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";
import { FakeActiveEffect, setRegistryReading, type FakeEffectRegistry } from "./fake-effects";
import { systemAs } from "./world";
import { loadLang } from "../helpers/lang";
import { changesData, changesOf } from "../../src/compat/effects";
import { PRESSURE_EXPIRY_EVENTS } from "../../src/effects/pressure-windows";
import type { TacticaActor } from "../../src/documents/actor";

// Active Effects on both generations (src/compat/effects.ts): the
// changes written in the running generation's shape and read in both; a closing pressure window
// ends its bonuses in the stored document from the closing client — deleted, or (v14, world
// setting) kept as expired — under both readings of where core's v14 registry writes
// (test/foundry/fake-effects.ts), then announces Tactica's expiry event to that registry. Every
// test also runs under the suite-wide check that no v14 deprecation and no v14-only data on v13
// was recorded (test/setup/globals.ts).

type Profile = { profile: Record<string, { total: number }> };
type EffectDoc = {
  id: string;
  active: boolean;
  duration: Record<string, unknown>;
  _source: Record<string, unknown>;
  flags: Record<string, unknown>;
};
let w: ChatWorld;

const effectsOf = (actor: { effects: Iterable<unknown> }) => [...actor.effects] as EffectDoc[];
const registry = () => (FakeActiveEffect as unknown as { registry: FakeEffectRegistry }).registry;

async function trooper(target: string, printed: number, owner = "player-1"): Promise<TacticaActor> {
  return w.createActor({
    name: "Brann",
    type: "character",
    ownership: { default: 0, [owner]: 3 },
    system: { profile: { [target]: { value: printed }, co: { value: 5 }, ac: { value: 4 } } },
    items: [
      {
        _id: "gear000000000001",
        name: "Soupape",
        type: "gear",
        system: { linked: true, equipped: true, pressureTarget: target },
      },
    ],
  });
}

describe.each([13, 14] as const)("effect changes on v%i", (generation) => {
  beforeEach(async () => {
    w = await chatWorld();
    setFakeGeneration(w.fake, generation);
  });

  it("writes the running generation's shape and reads it back", () => {
    const data = changesData([
      { key: "system.profile.att.value", type: "add", value: -1 },
      { key: "system.pressure", type: "upgrade", value: 2, priority: 45 },
    ]);
    expect(data).toEqual(
      generation === 14
        ? {
            system: {
              changes: [
                { key: "system.profile.att.value", type: "add", value: -1, phase: "initial" },
                { key: "system.pressure", type: "upgrade", value: 2, phase: "initial", priority: 45 },
              ],
            },
          }
        : {
            changes: [
              { key: "system.profile.att.value", mode: 2, value: "-1" },
              { key: "system.pressure", mode: 4, value: "2", priority: 45 },
            ],
          },
    );
    expect(changesOf(data).map((c) => [c.key, c.type])).toEqual([
      ["system.profile.att.value", "add"],
      ["system.pressure", "upgrade"],
    ]);
  });

  it("a pressure bonus is an UPGRADE effect in that shape, read through the seam (the highest wins, D-6)", async () => {
    const actor = await trooper("att", 3);
    queueDiceFaces([5, 3]);
    await actor.rollPressure("gear000000000001", { fastForward: true });
    await actor.rollPressure("gear000000000001", { fastForward: true });
    const [first] = effectsOf(actor);
    if (generation === 14) {
      expect(first!._source).toMatchObject({
        system: { changes: [{ key: "system.profile.att.pressure", type: "upgrade", value: 3, phase: "initial" }] },
        showIcon: 2,
      });
      expect(first!._source).not.toHaveProperty("changes");
    } else {
      expect(first!._source).toMatchObject({ changes: [{ key: "system.profile.att.pressure", mode: 4, value: "3" }] });
      for (const key of ["system", "showIcon", "start"]) expect(first!._source).not.toHaveProperty(key);
    }
    expect(changesOf(first).map((c) => [c.type, Number(c.value)])).toEqual([["upgrade", 3]]);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(6);
  });

  it("the Effects tab says when a pressure bonus ends; ended, it is gone — or (v14, kept by the world) says it expired", async () => {
    const actor = await trooper("att", 3);
    const { effectRows } = await import("../../src/applications/sheets/context/actor-context");
    const rows = () => effectRows(actor, [...actor.items]).map((r) => [r.ends, r.expired]);
    for (const keep of [false, true]) {
      await w.fake.game.settings.set("tactica", "keepEndedPressure", keep);
      queueDiceFaces([5, 4]);
      await actor.rollPressure("gear000000000001", { fastForward: true });
      expect(rows()).toEqual([["Prend fin\u00a0: Prochain jet d'ATT", false]]);
      await actor.rollProfile("att", { fastForward: true });
      expect(rows()).toEqual(keep && generation === 14 ? [["Prend fin\u00a0: Prochain jet d'ATT", true]] : []);
    }
  });

  it("a status with changes (Tenir bon's −1 ATT, D-40) applies them while it is on (status configs are effect data)", async () => {
    w = await chatWorld();
    setFakeGeneration(w.fake, generation);
    // The list is built on init, in the generation of that moment: build it again for this one.
    const { curatedStatusEffects } = await import("../../src/effects/status-effects");
    w.fake.CONFIG.statusEffects = curatedStatusEffects([]) as never;
    w.data.setUser("gm-1");
    const actor = await trooper("att", 4);
    await actor.setCondition("panicked", true);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(3);
    const [effect] = effectsOf(actor);
    expect(effect!._source).toHaveProperty(generation === 14 ? "system.changes" : "changes");
    expect(changesOf(effect).map((c) => [c.key, c.type, Number(c.value)])).toEqual([
      ["system.profile.att.modifier", "add", -1],
    ]);
    await actor.setCondition("panicked", false);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(4);
  });
});

/** The actor as every client rebuilds it after a reload: a new document built from the stored source. */
function reloaded(actor: TacticaActor): TacticaActor {
  const Cls = actor.constructor as unknown as new (data: object) => TacticaActor;
  const copy = new Cls(structuredClone((actor as unknown as { _source: object })._source));
  copy.prepareData();
  return copy;
}

/** The stored `duration.expired` of each effect of `actor`. */
const storedExpired = (actor: TacticaActor) =>
  effectsOf(actor).map((e) => (e._source.duration as { expired?: unknown }).expired);

const keepEnded = (on: boolean) => w.fake.game.settings.set("tactica", "keepEndedPressure", on);

/** ATT + DEF bonuses on a player's character (their pressure roll, then a DEF bonus beside it). */
async function attAndDef(owner = "player-1"): Promise<TacticaActor> {
  const actor = await trooper("att", 3, owner);
  queueDiceFaces([5]);
  await actor.rollPressure("gear000000000001", { fastForward: true });
  const { pressureEffectData } = await import("../../src/effects/pressure-windows");
  const def = pressureEffectData({
    target: "def",
    bonus: 2,
    itemId: "gear000000000001",
    itemUuid: "x",
    name: "DEF",
    img: null,
  });
  await actor.createEmbeddedDocuments("ActiveEffect", [def as never]);
  return actor;
}

describe("pressure windows on v14: Tactica's expiry events", () => {
  beforeEach(async () => {
    w = await chatWorld();
    setFakeGeneration(w.fake, 14);
    // The events are registered on init, which ran as the pass's generation: register them again.
    const { registerExpiryEvents } = await import("../../src/compat/effects");
    registerExpiryEvents(Object.fromEntries(Object.values(PRESSURE_EXPIRY_EVENTS).map((id) => [id, id])));
  });

  afterEach(() => {
    (w.fake.CONFIG.ActiveEffect as { expiryAction?: unknown }).expiryAction = "update";
  });

  it("registers Tactica's expiry events, labelled in both languages", async () => {
    const v14 = await chatWorld();
    setFakeGeneration(v14.fake, 14);
    const { registerPressureWindows } = await import("../../src/effects/pressure-windows");
    registerPressureWindows();
    const events = (v14.fake.CONFIG.ActiveEffect as { expiryEvents: Record<string, string> }).expiryEvents;
    expect(Object.keys(events).sort()).toEqual([
      "tactica.activationEnd",
      "tactica.nextAttRoll",
      "tactica.nextDefRoll",
      "tactica.nextIniRoll",
      "tactica.pursuitEnd",
      "tactica.turnEnd",
    ]);
    for (const lang of ["fr", "en"] as const) {
      const strings = loadLang(lang) as Record<string, unknown>;
      for (const key of Object.values(events)) {
        const value = key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
        expect(typeof value, `${lang} ${key}`).toBe("string");
      }
    }
  });

  it("an actor's bonus waits for its event with no duration (foundryvtt#13667), tracked by core; a weapon's has none", async () => {
    const actor = await trooper("def", 3);
    queueDiceFaces([4]);
    await actor.rollPressure("gear000000000001", { fastForward: true });
    const [effect] = effectsOf(actor);
    expect(effect!._source.duration).toMatchObject({ value: null, expiry: "tactica.nextDefRoll", expired: false });
    expect(effect!._source.start).toMatchObject({ time: 0 });
    expect((effect as unknown as { isExpiryTrackable: boolean }).isExpiryTrackable).toBe(true);
    const { pressureEffectData } = await import("../../src/effects/pressure-windows");
    const weapon = pressureEffectData({
      target: "meleeStrength",
      bonus: 2,
      itemId: "i",
      itemUuid: "Item.i",
      name: "x",
      img: null,
    });
    expect(weapon).not.toHaveProperty("duration");
    expect(weapon).not.toHaveProperty("showIcon");
  });

  it("isExpiryEvent: Tactica decides for its events (that event, an announced actor), core for the others", async () => {
    const actor = await attAndDef();
    const other = await trooper("att", 3);
    const [att] = effectsOf(actor) as unknown as { isExpiryEvent(e: string, c?: object): boolean }[];
    expect(att!.isExpiryEvent("tactica.nextAttRoll", { actors: new Set([actor]) })).toBe(true);
    expect(att!.isExpiryEvent("tactica.nextAttRoll", {})).toBe(true);
    expect(att!.isExpiryEvent("tactica.nextAttRoll", { actors: new Set([other]) })).toBe(false);
    expect(att!.isExpiryEvent("tactica.nextDefRoll", { actors: new Set([actor]) })).toBe(false);
    // Not Tactica's event: core's own method answers (the fake's: is it the effect's expiry?).
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Bouclier", duration: { value: 1, units: "rounds", expiry: "combatEnd" } } as never,
    ]);
    const shield = effectsOf(actor).at(-1) as unknown as { isExpiryEvent(e: string, c?: object): boolean };
    expect([shield.isExpiryEvent("combatEnd", {}), shield.isExpiryEvent("turnEnd", {})]).toEqual([true, false]);
  });

  describe.each(["activeGM", "13743"] as const)("with the registry reading %s", (readingName) => {
    beforeEach(() => setRegistryReading(readingName));

    it("the roller's next ATT roll deletes the ATT bonus only, from their client, in one write; gone after a reload", async () => {
      const actor = await attAndDef();
      queueDiceFaces([4]);
      const writes = await w.writesDuring(() => actor.rollProfile("att", { fastForward: true }));
      const effectWrites = writes.filter((x) => x.documentName === "ActiveEffect");
      expect(effectWrites.map((x) => [x.action, x.ids.length])).toEqual([["delete", 1]]);
      // The event was announced to core's registry, from the player's client, after the write.
      expect(registry().refreshed.at(-1)).toEqual({
        event: "tactica.nextAttRoll",
        actors: 1,
        userId: "player-1",
        reading: readingName,
      });
      expect(
        effectsOf(actor).map((e) => (e.flags.tactica as { pressure: { target: string } }).pressure.target),
      ).toEqual(["def"]);
      const again = reloaded(actor);
      expect(systemAs<Profile>(again).profile.att!.total).toBe(3);
      const defence = systemAs<{ profile: Record<string, { value: number; total: number }> }>(again).profile.def!;
      expect(defence.total - defence.value).toBe(2);
    });

    it("the active GM's turn end deletes the PEUR bonus in the stored document: one write, gone after a reload", async () => {
      const actor = await trooper("peur", 2, "gm-1");
      w.data.setUser("gm-1");
      queueDiceFaces([6]);
      await actor.rollPressure("gear000000000001", { fastForward: true });
      const { closePressureWindow } = await import("../../src/effects/pressure-windows");
      const writes = await w.writesDuring(async () => expect(await closePressureWindow(actor, "turn")).toBe(1));
      expect(writes.map((x) => [x.documentName, x.action])).toEqual([["ActiveEffect", "delete"]]);
      expect(registry().refreshed.at(-1)).toMatchObject({ event: "tactica.turnEnd", userId: "gm-1" });
      expect(reloaded(actor).effects.size).toBe(0);
    });

    it("kept (keepEndedPressure): marked expired in the stored document by the closing client, GM or player, and still after a reload", async () => {
      await keepEnded(true);
      const { closePressureWindow } = await import("../../src/effects/pressure-windows");
      for (const user of ["player-1", "gm-1"]) {
        w.data.setUser("player-1");
        const actor = await attAndDef();
        w.data.setUser(user);
        const writes = await w.writesDuring(async () =>
          expect(await closePressureWindow(actor, "nextRoll", { target: "att" })).toBe(1),
        );
        expect(
          writes.map((x) => [x.documentName, x.action, x.data]),
          user,
        ).toEqual([["ActiveEffect", "update", [{ _id: effectsOf(actor)[0]!.id, "duration.expired": true }]]]);
        expect(storedExpired(actor), user).toEqual([true, false]);
        const again = reloaded(actor);
        expect(storedExpired(again), user).toEqual([true, false]);
        expect(
          effectsOf(again).map((e) => e.active),
          user,
        ).toEqual([false, true]);
        expect(systemAs<Profile>(again).profile.att!.total, user).toBe(3);
      }
    });

    it("kept: the stored source decides, not the registry's in-memory flag (an event announced earlier on the GM)", async () => {
      await keepEnded(true);
      w.data.setUser("gm-1");
      const actor = await attAndDef("gm-1");
      // Someone announced the event before Tactica closed the window (a module, a macro).
      await registry().refresh("tactica.nextAttRoll", { actors: new Set([actor]) } as never);
      const before = storedExpired(actor)[0];
      const { closePressureWindow } = await import("../../src/effects/pressure-windows");
      const writes = await w.writesDuring(() => closePressureWindow(actor, "nextRoll", { target: "att" }));
      // Under "activeGM" core stored it already: nothing left to write.
      // Under 13743 only memory changed: Tactica writes.
      expect([before, writes.length]).toEqual(readingName === "activeGM" ? [true, 0] : [false, 1]);
      expect(storedExpired(reloaded(actor))).toEqual([true, false]);
    });

    it("a threshold ends a PEUR bonus and a pursuit move's MOU bonus (C15) in one write, then announces each event", async () => {
      const actor = await w.createActor({
        name: "Brann",
        type: "character",
        ownership: { default: 0, "player-1": 3 },
        system: { profile: { mou: { value: 4 }, peur: { value: 2 } } },
        items: [
          {
            _id: "legs00000000001",
            name: "Jambières",
            type: "gear",
            system: { linked: true, equipped: true, pressureTarget: "mou" },
          },
          {
            _id: "mask00000000001",
            name: "Masque",
            type: "gear",
            system: { linked: true, equipped: true, pressureTarget: "peur" },
          },
        ],
      });
      queueDiceFaces([1, 6]);
      await actor.rollPressure("legs00000000001", { fastForward: true, window: "pursuit" } as never);
      await actor.rollPressure("mask00000000001", { fastForward: true });
      expect(effectsOf(actor).map((e) => e.duration.expiry)).toEqual(["tactica.pursuitEnd", "tactica.turnEnd"]);
      w.data.setUser("gm-1");
      const { closePressureWindow } = await import("../../src/effects/pressure-windows");
      const writes = await w.writesDuring(async () =>
        expect(await closePressureWindow(actor, ["turn", "pursuit"])).toBe(2),
      );
      expect(writes.map((x) => [x.documentName, x.action, x.ids.length])).toEqual([["ActiveEffect", "delete", 2]]);
      expect(
        registry()
          .refreshed.slice(-2)
          .map((r) => r.event),
      ).toEqual(["tactica.turnEnd", "tactica.pursuitEnd"]);
      expect(actor.effects.size).toBe(0);
    });
  });

  it("ten pressure rolls and ten ATT rolls leave no ended bonus on the actor (N2); kept, the world sees them all", async () => {
    const actor = await trooper("att", 3);
    const cycle = async (times: number) => {
      for (let i = 0; i < times; i++) {
        queueDiceFaces([5]);
        await actor.rollPressure("gear000000000001", { fastForward: true });
        queueDiceFaces([4]);
        await actor.rollProfile("att", { fastForward: true });
      }
    };
    await cycle(10);
    expect(actor.effects.size).toBe(0);
    await keepEnded(true);
    await cycle(3);
    expect(storedExpired(actor)).toEqual([true, true, true]);
  });

  it("a pile of ended bonuses an earlier version left is deleted at the next close of their window, in the same write", async () => {
    const actor = await trooper("att", 3);
    queueDiceFaces([5, 5, 5]);
    for (let i = 0; i < 3; i++) await actor.rollPressure("gear000000000001", { fastForward: true });
    // Two of them ended as 0.1.0 left them: kept by core's default action, marked expired.
    const [a, b] = effectsOf(actor);
    await actor.updateEmbeddedDocuments(
      "ActiveEffect",
      [a!, b!].map((e) => ({ _id: e.id, "duration.expired": true })),
    );
    const { closePressureWindow } = await import("../../src/effects/pressure-windows");
    const writes = await w.writesDuring(() => closePressureWindow(actor, "nextRoll", { target: "att" }));
    expect(writes.map((x) => [x.action, x.ids.length])).toEqual([["delete", 3]]);
    expect(actor.effects.size).toBe(0);
  });

  it("kept, the world's expiry action is followed: delete deletes; none still ends the rules window", async () => {
    await keepEnded(true);
    const actor = await trooper("mou", 4);
    queueDiceFaces([3, 3]);
    await actor.rollPressure("gear000000000001", { fastForward: true });
    const { closePressureWindow } = await import("../../src/effects/pressure-windows");
    const config = w.fake.CONFIG.ActiveEffect as { expiryAction?: unknown };
    config.expiryAction = "delete";
    expect(await closePressureWindow(actor, "activation")).toBe(1);
    expect(actor.effects.size).toBe(0);
    await actor.rollPressure("gear000000000001", { fastForward: true });
    config.expiryAction = null;
    expect(await closePressureWindow(actor, "activation")).toBe(1);
    expect(storedExpired(actor)).toEqual([true]);
  });

  it("a GM's own effect given one of Tactica's events is ended by core's registry when Tactica announces it", async () => {
    const actor = await trooper("att", 3, "gm-1");
    w.data.setUser("gm-1");
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Visée", duration: { value: null, expiry: "tactica.nextAttRoll" } } as never,
    ]);
    queueDiceFaces([4]);
    await actor.rollProfile("att", { fastForward: true });
    // Core's default reading: the active GM's registry stores the expiry of that effect.
    expect(storedExpired(actor)).toEqual([true]);
  });

  it("an effect made before the world moved to v14 (no expiry) and a weapon's are deleted", async () => {
    const actor = await trooper("ini", 3);
    const legacy = {
      name: "Ancien",
      changes: [{ key: "system.profile.ini.pressure", mode: 4, value: "2" }],
      flags: { tactica: { pressure: { target: "ini", window: "nextRoll", itemId: "x" } } },
    };
    // Stored v13 data, migrated by core on load (no deprecation: nothing called the old API).
    const source = (actor as unknown as { _source: { effects: object[] } })._source;
    const { FakeActiveEffect: Effect } = await import("./fake-effects");
    source.effects.push(Effect.migrateData(structuredClone(legacy) as never));
    (actor as unknown as { _initialize(): void; prepareData(): void })._initialize();
    (actor as unknown as { prepareData(): void }).prepareData();
    expect(changesOf(effectsOf(actor)[0]).map((c) => [c.type, c.value])).toEqual([["upgrade", 2]]);
    const { closePressureWindow } = await import("../../src/effects/pressure-windows");
    const writes = await w.writesDuring(async () =>
      expect(await closePressureWindow(actor, "nextRoll", { target: "ini" })).toBe(1),
    );
    expect(writes.map((x) => x.action)).toEqual(["delete"]);
    expect(actor.effects.size).toBe(0);
    expect(takeGenerationRecord()).toEqual([]);
  });

  it("the v14 fake records the v13 shapes it still takes, and reading the changes alias as Tactica's own rule (self-test)", async () => {
    const actor = await trooper("ini", 3);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Vieux", changes: [{ key: "system.profile.ini.pressure", mode: 4, value: "1" }] } as never,
    ]);
    void (globalThis as unknown as { CONST: { ACTIVE_EFFECT_MODES: unknown } }).CONST.ACTIVE_EFFECT_MODES;
    void (effectsOf(actor)[0] as unknown as { changes: unknown }).changes;
    expect(takeGenerationRecord()).toEqual([
      "v14 deprecation: ActiveEffect `changes` (v14: `system.changes`)",
      "v14 deprecation: ActiveEffect change `mode` (v14: `type`)",
      "v14 deprecation: CONST.ACTIVE_EFFECT_MODES (v14: CONST.ACTIVE_EFFECT_CHANGE_TYPES)",
      "Tactica rule (v14, not core's): ActiveEffect#changes read (v14: system.changes)",
    ]);
    // Migrated as core does: the change applies.
    expect(systemAs<Profile>(actor).profile.ini!.total).toBe(4);
  });
});

describe("pressure windows on v13: deleted", () => {
  beforeEach(async () => {
    w = await chatWorld();
    setFakeGeneration(w.fake, 13);
  });

  it("the next ATT roll deletes the ATT bonus, in one request, and v13 gets no v14 data", async () => {
    const actor = await trooper("att", 3);
    queueDiceFaces([5]);
    await actor.rollPressure("gear000000000001", { fastForward: true });
    queueDiceFaces([4]);
    const writes = await w.writesDuring(() => actor.rollProfile("att", { fastForward: true }));
    expect(writes.filter((x) => x.documentName === "ActiveEffect").map((x) => x.action)).toEqual(["delete"]);
    expect(actor.effects.size).toBe(0);
    expect((FakeActiveEffect as unknown as { registry?: unknown }).registry).toBeUndefined();
  });

  it("the v13 fake records v14-only effect data (self-test of the record)", async () => {
    const actor = await trooper("att", 3);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Neuf", system: { changes: [] }, duration: { value: 0, expiry: "x" }, showIcon: 2 } as never,
    ]);
    expect(takeGenerationRecord()).toEqual([
      "v14-only on v13: ActiveEffect `system`",
      "v14-only on v13: ActiveEffect `showIcon`",
      "v14-only on v13: ActiveEffect `duration.value`",
      "v14-only on v13: ActiveEffect `duration.expiry`",
    ]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { asGM, loadWorld, type LoadedWorld } from "./world";
import { setFakeGeneration } from "./fake-generation";
import { FakeActiveEffect, setRegistryReading, type FakeEffectRegistry, type RegistryReading } from "./fake-effects";
import type { TacticaActor } from "../../src/documents/actor";

// Self-tests of the fake's effects (test/foundry/fake-effects.ts), each behaviour cited in its module
// comment: the v14 expiry registry, with an event that is no one's (`test.custom`) — what it
// tracks, when an effect has run out, the two readings of where core performs the expiry action —
// and, on both generations, how each change type applies and what a new effect holds.

type Effect = {
  id: string;
  active: boolean;
  duration: Record<string, unknown>;
  _source: { duration: Record<string, unknown> };
  isExpiryTrackable: boolean;
};

let w: LoadedWorld;
const registry = () => (FakeActiveEffect as unknown as { registry: FakeEffectRegistry }).registry;
const effectsOf = (actor: TacticaActor) => [...actor.effects] as unknown as Effect[];

/** A player's character with one effect waiting for `test.custom` (the duration given, null by default). */
async function waiting(duration: Record<string, unknown> = { value: null }): Promise<TacticaActor> {
  const actor = await w.createActor({ name: "Cible", type: "character", ownership: { default: 0, "player-1": 3 } });
  await asGM(w.data, () =>
    actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "En attente", duration: { expiry: "test.custom", ...duration } } as never,
    ]),
  );
  return actor;
}

const refresh = (actor: TacticaActor) => registry().refresh("test.custom", { actors: new Set([actor]) } as never);

/** The effect as a reload rebuilds it: from the stored source. */
function reloadedEffect(actor: TacticaActor): Effect {
  const Cls = actor.constructor as unknown as new (data: object) => TacticaActor;
  const copy = new Cls(structuredClone((actor as unknown as { _source: object })._source));
  return effectsOf(copy)[0]!;
}

describe("the v14 fake's expiry registry", () => {
  beforeEach(async () => {
    w = await loadWorld();
    setFakeGeneration(w.fake, 14);
  });

  it("tracks started, temporary, unexpired effects of actors; an expiry without a duration has run out, a finite one has not (no clock)", async () => {
    const actor = await waiting();
    const [effect] = effectsOf(actor);
    expect(effect!.isExpiryTrackable).toBe(true);
    const finite = await waiting({ value: 3, units: "rounds" });
    w.data.setUser("gm-1");
    await refresh(finite);
    expect(effectsOf(finite)[0]!._source.duration.expired).toBe(false);
    // Neither an expiry nor a duration: not temporary, never tracked.
    await asGM(w.data, () => actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Permanent" } as never]));
    expect(effectsOf(actor)[1]!.isExpiryTrackable).toBe(false);
  });

  it("reading activeGM (the default): the active GM stores the expiry; a player's client changes nothing", async () => {
    const actor = await waiting();
    w.data.setUser("player-1");
    await refresh(actor);
    expect([effectsOf(actor)[0]!.duration.expired, effectsOf(actor)[0]!._source.duration.expired]).toEqual([
      false,
      false,
    ]);
    w.data.setUser("gm-1");
    const writes = await w.writesDuring(() => refresh(actor));
    expect(writes.map((x) => [x.documentName, x.action])).toEqual([["ActiveEffect", "update"]]);
    expect(effectsOf(actor)[0]!.active).toBe(false);
    expect(reloadedEffect(actor)._source.duration.expired).toBe(true);
    expect(registry().refreshed.map((r) => r.reading)).toEqual(["activeGM", "activeGM"]);
  });

  it("reading 13743: on the active GM only memory changes (no longer applied; back after a reload); a player's client stores it", async () => {
    setRegistryReading("13743");
    const actor = await waiting();
    w.data.setUser("gm-1");
    const writes = await w.writesDuring(() => refresh(actor));
    expect(writes).toEqual([]);
    const [effect] = effectsOf(actor);
    expect([effect!.duration.expired, effect!.active, effect!._source.duration.expired]).toEqual([true, false, false]);
    const again = reloadedEffect(actor);
    expect([again.duration.expired, again.active]).toEqual([false, true]);
    const other = await waiting();
    w.data.setUser("player-1");
    expect((await w.writesDuring(() => refresh(other))).map((x) => x.action)).toEqual(["update"]);
    expect(effectsOf(other)[0]!._source.duration.expired).toBe(true);
  });

  it("performs the world's action: delete deletes, null stores nothing", async () => {
    const config = w.fake.CONFIG.ActiveEffect as { expiryAction?: unknown };
    w.data.setUser("gm-1");
    config.expiryAction = "delete";
    const gone = await waiting();
    await refresh(gone);
    expect(gone.effects.size).toBe(0);
    config.expiryAction = null;
    const kept = await waiting();
    expect(await w.writesDuring(() => refresh(kept))).toEqual([]);
    config.expiryAction = "update";
  });

  it("a new install plays the default reading again", async () => {
    const readings: RegistryReading[] = [];
    setRegistryReading("13743");
    w = await loadWorld();
    setFakeGeneration(w.fake, 14);
    const actor = await waiting();
    await asGM(w.data, () => refresh(actor));
    readings.push(...registry().refreshed.map((r) => r.reading));
    expect(readings).toEqual(["activeGM"]);
  });
});

/** One change in the generation's shape: v13 `changes` with a mode number, v14 `system.changes` with a type. */
function changeData(generation: 13 | 14, type: string, value: unknown, priority?: number): Record<string, unknown> {
  const modes: Record<string, number> = { custom: 0, multiply: 1, add: 2, downgrade: 3, upgrade: 4, override: 5 };
  const given = priority === undefined ? {} : { priority };
  return generation === 13
    ? { changes: [{ key: "n", mode: modes[type], value: String(value), ...given }] }
    : { system: { changes: [{ key: "n", type, value, phase: "initial", ...given }] } };
}

describe.each([13, 14] as const)("the fake's effect changes on v%i", (generation) => {
  beforeEach(async () => {
    w = await loadWorld();
    setFakeGeneration(w.fake, generation);
  });

  it("each type applies to numbers (ADD and OVERRIDE to booleans too), by its default priority unless one is given; CUSTOM is left alone", async () => {
    const actor = await w.createActor({ name: "Cible", type: "character" });
    const cases: [string, unknown, number | undefined][] = [
      ["add", 2, undefined],
      ["multiply", 3, undefined],
      ["override", 7, undefined],
      ["upgrade", 9, undefined],
      ["upgrade", 1, 5],
      ["downgrade", 1, undefined],
      ["custom", 8, undefined],
    ];
    await asGM(w.data, () =>
      actor.createEmbeddedDocuments(
        "ActiveEffect",
        cases.map(([type, value, priority], i) => ({
          name: `e${i}`,
          ...changeData(generation, type, value, priority),
        })) as never,
      ),
    );
    const effects = [...actor.effects] as unknown as FakeActiveEffect[];
    const applied = effects.map((effect) => {
      const [change] = effect.appliedChanges();
      return [change!.type, change!.priority, effect.apply({ n: 4 }, change!).n];
    });
    expect(applied).toEqual([
      ["add", 20, 6],
      ["multiply", 10, 12],
      ["override", 50, 7],
      ["upgrade", 40, 9],
      ["upgrade", 5, 4],
      ["downgrade", 30, 1],
      ["custom", 0, undefined],
    ]);
    const [add] = effects[0]!.appliedChanges();
    expect([
      effects[0]!.apply({ n: false }, { ...add!, value: "true" }).n,
      effects[2]!.apply({ n: true }, { ...add!, type: "override", value: false }).n,
    ]).toEqual([true, false]);
  });

  it("v14 gives a new effect core's defaults and, on an actor, its start; v13 adds none of them", async () => {
    const actor = await w.createActor({ name: "Cible", type: "character" });
    await asGM(w.data, () => actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Neuf" } as never]));
    const source = ([...actor.effects][0] as unknown as { _source: Record<string, unknown> })._source;
    if (generation === 14)
      expect(source).toMatchObject({
        type: "base",
        system: { changes: [] },
        duration: { value: null, units: "seconds", expiry: null, expired: false },
        showIcon: 1,
        start: { time: 0, combat: null },
      });
    else for (const key of ["system", "showIcon", "start"]) expect(source).not.toHaveProperty(key);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { asGM, loadWorld, type LoadedWorld } from "./world";
import { setFakeGeneration } from "./fake-generation";
import { FakeActiveEffect, setRegistryReading, type FakeEffectRegistry, type RegistryReading } from "./fake-effects";
import type { TacticaActor } from "../../src/documents/actor";

// Self-tests of the fake's v14 expiry registry (test/foundry/fake-effects.ts), with an event that
// is no one's (`test.custom`): what the registry tracks, when an effect has run out, and the two
// readings of where core performs the expiry action — each cited in the fake's module comment.

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

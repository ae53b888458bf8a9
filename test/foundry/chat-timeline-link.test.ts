import { beforeEach, describe, expect, it } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createFakeCombat } from "./fake-combat";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";

// The link between a card and the viewed combat's timeline (src/chat/timeline-link.ts, RULES §7.2):
// which combat runs a timeline, and which combatant stands for a card's actor or its token.

let world: LoadedWorld;
let link: typeof import("../../src/chat/timeline-link");
let ana: TacticaActor;
let bel: TacticaActor;

beforeEach(async () => {
  world = await loadWorld("fr");
  world.data.setUser("gm-1");
  link = await import("../../src/chat/timeline-link");
  ana = await world.createActor({ name: "Ana", type: "character" });
  bel = await world.createActor({ name: "Bel", type: "character" });
});

async function combatIn(mode: "tours" | "timeline"): Promise<TacticaCombat> {
  await world.fake.settings.set("tactica", "combatMode", mode);
  return (await createFakeCombat([
    { actorId: bel.id!, initiative: 2, name: "Bel" },
    { actorId: ana.id!, initiative: 3, name: "Ana" },
  ])) as unknown as TacticaCombat;
}

describe("the viewed timeline", () => {
  it("is the viewed combat once it has started in timeline mode, and nothing before", async () => {
    expect(link.viewedTimeline()).toBeNull();
    const combat = await combatIn("timeline");
    expect(link.viewedTimeline()).toBeNull();
    await combat.startCombat();
    expect(link.viewedTimeline()).toBe(combat);
  });

  it("is nothing for a started combat in tours mode", async () => {
    const combat = await combatIn("tours");
    await combat.startCombat();
    expect(combat.started).toBe(true);
    expect(link.viewedTimeline()).toBeNull();
  });
});

describe("the combatant of a card's actor", () => {
  const idOf = (combat: TacticaCombat, name: string) => combat.combatants.find((c) => c.name === name)!.id;

  it("is found by the actor, its uuid or its id, never by a missing token", async () => {
    const combat = await combatIn("timeline");
    // Neither combatant has a token: no token id must match them all.
    expect(link.combatantIdOf(combat, ana, null)).toBe(idOf(combat, "Ana"));
    expect(link.combatantIdOf(combat, ana)).toBe(idOf(combat, "Ana"));
    expect(link.combatantIdOf(combat, { id: null, uuid: ana.uuid })).toBe(idOf(combat, "Ana"));
    // An actor that does not say it is a token's (`isToken`), with another uuid: found by its id
    // (a token's own actor says so, and is not: the test of unlinked tokens below).
    expect(link.combatantIdOf(combat, { id: ana.id, uuid: "Scene.s.Token.t.Actor.a" })).toBe(idOf(combat, "Ana"));
    expect(link.combatantIdOf(combat, { id: "nobody000000000", uuid: "Actor.nobody000000000" })).toBeNull();
    expect(link.combatantIdOf(combat, null, "tok")).toBeNull();
  });

  it("passes over a combatant whose actor is gone", async () => {
    await world.fake.settings.set("tactica", "combatMode", "timeline");
    const combat = (await createFakeCombat([
      { actorId: "deleted00000001", initiative: 1, name: "Ombre" },
      { actorId: ana.id!, initiative: 3, name: "Ana" },
    ])) as unknown as TacticaCombat;
    expect(combat.combatants.find((c) => c.name === "Ombre")!.actor ?? null).toBeNull();
    expect(link.combatantIdOf(combat, { id: null, uuid: ana.uuid })).toBe(idOf(combat, "Ana"));
  });

  it("is found by its token first, whatever actor it names", async () => {
    const combat = await combatIn("timeline");
    await combat.combatants.find((c) => c.name === "Ana")!.update({ tokenId: "tokenAna0000001" } as never);
    const other = { id: "nobody000000000", uuid: "Actor.nobody000000000" };
    expect(link.combatantIdOf(combat, other, "tokenAna0000001")).toBe(idOf(combat, "Ana"));
    expect(link.combatantIdOf(combat, other, "tokenElse000001")).toBeNull();
  });

  it("two tokens of one actor, each a combatant: each token finds its own, whichever comes first", async () => {
    await world.fake.settings.set("tactica", "combatMode", "timeline");
    const combat = (await createFakeCombat([
      { actorId: ana.id!, initiative: 2, name: "Ana 1" },
      { actorId: ana.id!, initiative: 3, name: "Ana 2" },
    ])) as unknown as TacticaCombat;
    const [one, two] = combat.combatants.contents;
    await one!.update({ tokenId: "tokenAna0000001" } as never);
    await two!.update({ tokenId: "tokenAna0000002" } as never);
    // The second token's own actor (an unlinked token's: the world actor's id, a uuid of its own).
    const second = { id: ana.id, uuid: `Scene.scene0000000001.Token.tokenAna0000002.Actor.${ana.id}` };
    expect(link.combatantIdOf(combat, second, "tokenAna0000002")).toBe(two!.id);
    expect(link.combatantIdOf(combat, ana, "tokenAna0000001")).toBe(one!.id);
    expect(link.combatantIdOf(combat, ana, "tokenAna0000002")).toBe(two!.id);
    // No token named: the combatant of the same actor, as before.
    expect(link.combatantIdOf(combat, ana)).toBe(one!.id);
    // Both stand for the linked actor: a once-per-target key covers the two.
    expect(link.combatantIdsOf(combat, ana).sort()).toEqual([one!.id, two!.id].sort());
  });

  it("an unlinked token's own actor is found by its token only, never by its world actor's id", async () => {
    const combat = await combatIn("timeline");
    const anaCombatant = combat.combatants.find((c) => c.name === "Ana")!;
    await anaCombatant.update({ tokenId: "tokenAna0000001" } as never);
    // Another unlinked token of Ana's, not in the combat: its actor has Ana's id and a uuid of its own.
    const copy = { id: ana.id, uuid: `Scene.scene0000000001.Token.tokenAna0000009.Actor.${ana.id}`, isToken: true };
    expect(link.combatantIdOf(combat, copy, "tokenAna0000009")).toBeNull();
    expect(link.combatantIdOf(combat, copy)).toBeNull();
    expect(link.combatantIdsOf(combat, copy, "tokenAna0000009")).toEqual([]);
    // The token in the combat is found by its token.
    const inCombat = { ...copy, uuid: `Scene.scene0000000001.Token.tokenAna0000001.Actor.${ana.id}` };
    expect(link.combatantIdOf(combat, inCombat, "tokenAna0000001")).toBe(anaCombatant.id);
    expect(link.combatantIdsOf(combat, inCombat, "tokenAna0000001")).toEqual([anaCombatant.id]);
  });
});

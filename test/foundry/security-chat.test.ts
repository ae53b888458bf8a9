import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { sourceOf, systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { PoolRoll as PoolRollClass } from "../../src/dice/pool-roll";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CardRequest, CardResult } from "../../src/chat/gm";

// The attack suite (DESIGN §6), card and chat part: every console attack on cards and chat,
// played from the attacker's OWN client on the fake's
// socket, with the server's write permissions enforced (a player writes only the messages they
// authored and the documents they own). Each is refused, or happens exactly once, and the
// documents are otherwise unchanged. The only attack allowed to "succeed" is the trust floor: a
// player forging the dice of their own roll, on their own actor (A8).
//
// The cast: the GM (gm-1) with an npc Brute and its cannon; player-1 owns Kara; player-2, the
// attacker, owns Bob.

let w: ChatWorld;
// The roll classes, imported once the fake exists (they extend its Roll).
let PoolRoll: typeof import("../../src/dice/pool-roll").PoolRoll;
let ProfileTest: typeof import("../../src/dice/profile-test").ProfileTest;
let ScoreRoll: typeof import("../../src/dice/score-roll").ScoreRoll;
type PoolRoll = PoolRollClass;
let kara: TacticaActor;
let bob: TacticaActor;
let brute: TacticaActor;

type Sys = {
  aptitudes: Record<string, { damage: number }>;
  willpower: { value: number };
  profile: { pv: { value: number } };
  gauges: { incendiaire: number };
  morale: { state: string };
};

const character = (name: string, owner: string | null, extra: Record<string, unknown> = {}) => ({
  name,
  type: "character",
  ownership: owner ? { default: 0, [owner]: 3 } : { default: 0 },
  system: {
    aptitudes: { vivacite: { value: 3 }, puissance: { value: 3 } },
    subAptitudes: { reflexe: { value: 1 }, precision: { value: 2 } },
    willpower: { value: 3 },
    profile: { pv: { value: 10, max: 10 }, co: { value: 4 } },
    ...extra,
  },
});

beforeEach(async () => {
  w = await chatWorld();
  ({ PoolRoll } = await import("../../src/dice/pool-roll"));
  ({ ProfileTest } = await import("../../src/dice/profile-test"));
  ({ ScoreRoll } = await import("../../src/dice/score-roll"));
  kara = await w.createActor({
    ...character("Kara", "player-1"),
    items: [
      {
        _id: "karaGun00000001",
        name: "Pistolet",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 3 },
      },
    ],
  });
  bob = await w.createActor({
    ...character("Bob", "player-2"),
    items: [
      { _id: "bobGun000000001", name: "Fusil", type: "weapon", system: { equipped: true, range: "ranged", damage: 3 } },
      {
        _id: "bobGear00000001",
        name: "Soupape",
        type: "gear",
        // D-46: Bob's valve has a special ability of two pressure dice.
        system: { linked: true, equipped: true, pressureTarget: "att", pressureDice: 2 },
      },
    ],
  });
  brute = await w.createActor({
    ...character("Brute", null),
    type: "npc",
    items: [
      {
        _id: "cannon000000001",
        name: "Canon",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 9, attributes: [{ key: "incendiary", x: 3 }] },
      },
    ],
  });
});

/** What an attacker sends from the console on their own client: a request, no client-side check. */
function request(userId: string, data: CardRequest): Promise<CardResult> {
  return w.as(userId, () => w.gm.requestCardAction(data));
}

/** The attacker's own card, created from their client (the server allows it: they are its author). */
async function forgeCard(userId: string, data: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", ...data }),
  ))! as unknown as TacticaChatMessage;
}

/** An evaluated roll of the attacker's making, as JSON. */
async function rolled<R extends { evaluate(): Promise<R>; toJSON(): unknown }>(
  roll: R,
  faces: number[],
): Promise<Record<string, unknown>> {
  queueDiceFaces(faces);
  return (await roll.evaluate()).toJSON() as Record<string, unknown>;
}

const poolOptions = { aptitude: "vivacite", aptitudeValue: 3 } as const;

/** The damaged-card notice, as text (the harness's textOf folds spaces). */
const DAMAGED = "Carte illisible : ses données sont abîmées.";
const snapshot = (...docs: unknown[]) => docs.map(sourceOf);

/** An attack card of Bob on Kara, defended and hit (Kara's owner rolled 1+1); returns the card. */
async function bobHitsKara(): Promise<TacticaChatMessage> {
  queueDiceFaces([6, 6]);
  const card = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
  await w.as("player-2", () =>
    card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
  );
  queueDiceFaces([1, 1]);
  expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
  return card;
}

describe("A — forged requests and forged card state", () => {
  it("A1: a roll for someone else's actor is refused by the API; a card forged about that actor pushes nothing", async () => {
    const api = (
      w.fake.game as unknown as {
        tactica: { actions: { rollPool(a: unknown, r: object, o: object): Promise<unknown> } };
      }
    ).tactica;
    const errors = await w.errorsDuring(async () =>
      expect(
        await w.as("player-2", () => api.actions.rollPool(kara, { aptitude: "vivacite" }, { fastForward: true })),
      ).toBeNull(),
    );
    expect(errors).toEqual(["Vous ne possédez pas Kara\u00a0: ce jet ne peut pas être fait pour lui."]);
    expect(w.messages()).toEqual([]);
    const before = snapshot(kara);
    const card = await forgeCard("player-2", {
      rolls: [await rolled(new PoolRoll(PoolRoll.formulaFor(poolOptions), {}, poolOptions), [2, 3, 4])],
      system: { kind: "pool", actorUuid: kara.uuid },
    });
    const roll = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(snapshot(kara)).toEqual(before);
  });

  it("A2: a morale test for someone else's actor is refused; a failed test forged about it draws no panic", async () => {
    const errors = await w.errorsDuring(async () =>
      expect(await w.as("player-2", () => kara.moraleTest({ fastForward: true }))).toBeNull(),
    );
    expect(errors).toHaveLength(1);
    const before = snapshot(kara);
    const test = await rolled(new ProfileTest("1d10", {}, { characteristic: "co", value: 4, purpose: "morale" }), [10]);
    const card = await forgeCard("player-2", { rolls: [test], system: { kind: "morale", actorUuid: kara.uuid } });
    const panic = await rolled(new foundry.dice.Roll("1d10"), [10]);
    expect(await request("player-2", { action: "rollPanic", messageId: card.id!, roll: panic })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(snapshot(kara)).toEqual(before);
    expect([...kara.statuses]).toEqual([]);
  });

  it("A3: an own attack card rewritten into a 'hit' on the victim: its author may not apply damage, and the GM's click finds no hit", async () => {
    queueDiceFaces([6, 6]);
    const card = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
    await w.as("player-2", () =>
      card.update({
        system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara", outcome: "hit" }] },
      } as never),
    );
    const before = snapshot(kara);
    expect(await request("player-2", { action: "applyDamage", messageId: card.id!, targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    // The GM's card shows no hit; a click sent anyway finds no hit recorded on Kara.
    expect(await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.noHit",
    });
    expect(snapshot(kara)).toEqual(before);
  });

  it("A4: resetting 'damage applied' on the card and asking again applies nothing twice", async () => {
    const card = await bobHitsKara();
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
    const rows = card.card!.targets.map((t) => ({ ...t, damageApplied: false, damage: null }));
    await w.as("player-2", () => card.update({ system: { targets: rows } } as never));
    // The key on Kara says the damage is in: the GM's click only repairs the card (display)…
    expect(await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(card.card?.targets[0]).toMatchObject({ damageApplied: true, damage: { pv: 3 } });
    // …and any further click is told so.
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
  });

  it("A5: an invisible card with the GM's npc weapon, or naming the npc, reaches no one, and shows as a damaged card", async () => {
    const cannon = brute.items.get("cannon000000001")!;
    const row = { actorUuid: kara.uuid, tokenUuid: "", name: "Kara", outcome: "hit" };
    const withWeapon = await forgeCard("player-2", {
      rolls: [],
      system: { kind: "attack", actorUuid: bob.uuid, itemUuid: cannon.uuid, targets: [row] },
    });
    const asNpc = await forgeCard("player-2", {
      rolls: [],
      system: { kind: "attack", actorUuid: brute.uuid, itemUuid: cannon.uuid, targets: [row] },
    });
    const before = snapshot(kara);
    for (const card of [withWeapon, asNpc]) {
      expect((await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).ok).toBe(false);
      expect((await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).ok).toBe(false);
      expect(textOf(await w.renderAs("player-1", card))).toBe(DAMAGED);
    }
    expect(snapshot(kara)).toEqual(before);
    expect(systemAs<Sys>(kara).gauges.incendiaire).toBe(0);
  });

  it("A6: an own pool card whose actor is rewritten to the victim pushes nothing", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    await w.as("player-2", () => card.update({ system: { actorUuid: kara.uuid } } as never));
    const before = snapshot(kara, bob);
    const roll = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(snapshot(kara, bob)).toEqual(before);
  });

  it("A7: dropping the pushed roll and resetting the push count does not push twice", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    queueDiceFaces([1, 1, 5]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: true });
    const after = snapshot(bob);
    await w.as("player-2", () =>
      card.update({
        rolls: card.rolls.slice(0, 1).map((r) => JSON.stringify(r)),
        system: { pushes: 0, consequencesApplied: false },
      } as never),
    );
    const roll = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyPushed",
    });
    expect(snapshot(bob)).toEqual(after);
  });

  it("A8 — THE TRUST FLOOR: a player may forge the dice of their own roll, and it stays their own: only their card and their actor change", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    // Their own card's faces rewritten, then a push whose dice they typed themselves: accepted.
    // This is what Foundry's trust model allows a player: their own dice. It never reaches anyone else.
    const first = card.rolls[0]!.toJSON() as { terms: { results?: { result: number }[] }[] };
    for (const r of first.terms[0]!.results!) r.result = 2;
    await w.as("player-2", () => card.update({ rolls: [JSON.stringify(first)] } as never));
    const others = snapshot(kara, brute);
    const forged = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [6, 6, 6]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll: forged })).toEqual({ ok: true });
    expect((card.lastRoll as PoolRoll).faces.base).toEqual([6, 6, 6]);
    expect(snapshot(kara, brute)).toEqual(others);
    // Beyond the floor: dice that are not dice (a 7 on a d6) are refused.
    queueDiceFaces([2, 3, 4]);
    const second = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const bad = (await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1])) as {
      terms: { results: { result: number }[] }[];
    };
    bad.terms[0]!.results[0]!.result = 7;
    const before = snapshot(bob, second);
    expect(await request("player-2", { action: "push", messageId: second.id!, roll: bad })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.badDice",
    });
    expect(snapshot(bob, second)).toEqual(before);
  });

  it("A9: a user id written in the request names no one: the server-attested sender is who asks", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-1", () => kara.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const roll = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]);
    const before = snapshot(kara, card);
    w.as("player-2", () =>
      w.socket.emit("system.tactica", {
        type: "request",
        id: "a9",
        action: "push",
        messageId: card.id,
        roll,
        userId: "player-1",
      }),
    );
    await w.socket.settled();
    const answer = w.socket.sent.find(
      (s) =>
        (s.args[0] as { id?: string; type?: string }).id === "a9" &&
        (s.args[0] as { type: string }).type === "response",
    )!;
    expect(answer.args[0]).toMatchObject({ to: "player-2", result: { ok: false, reason: "TACTICA.Chat.notAllowed" } });
    expect(snapshot(kara, card)).toEqual(before);
  });

  it("A10: pressure for someone else's actor is refused; one's own pressure card applies its bonus once, even reset and asked again", async () => {
    const api = (
      w.fake.game as unknown as {
        tactica: { actions: { rollPressure(a: unknown, id: string, o: object): Promise<unknown> } };
      }
    ).tactica;
    expect(
      await w.as("player-2", () => api.actions.rollPressure(kara, "karaGun00000001", { fastForward: true })),
    ).toBeNull();
    queueDiceFaces([5, 2]);
    const card = (await w.as("player-2", () => bob.rollPressure("bobGear00000001", { fastForward: true, dice: 2 })))!;
    expect(await w.click("player-2", "applyPressure", card)).toEqual({ ok: true });
    expect(bob.effects.size).toBe(1);
    await w.as("player-2", () => card.update({ system: { followUpDone: false, notes: [] } } as never));
    expect(await request("player-2", { action: "applyPressure", messageId: card.id! })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    // Even after the bonus ended (its effect deleted), the key on the actor keeps it once.
    await w.as("player-2", () =>
      bob.deleteEmbeddedDocuments(
        "ActiveEffect",
        [...bob.effects].map((e) => e.id!),
      ),
    );
    expect(await request("player-2", { action: "applyPressure", messageId: card.id! })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    expect(bob.effects.size).toBe(0);
  });

  it("A11: resetting 'follow-up done' and drawing panic again redraws nothing", async () => {
    queueDiceFaces([10]);
    const card = (await w.as("player-2", () => bob.moraleTest({ fastForward: true })))!;
    queueDiceFaces([2]);
    expect(await w.click("player-2", "rollPanic", card)).toEqual({ ok: true });
    const after = snapshot(bob);
    const statuses = [...bob.statuses];
    await w.as("player-2", () => card.update({ system: { followUpDone: false, panic: "", panicFace: null } } as never));
    const roll = await rolled(new foundry.dice.Roll("1d10"), [10]);
    expect(await request("player-2", { action: "rollPanic", messageId: card.id!, roll })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    expect(snapshot(bob)).toEqual(after);
    expect([...bob.statuses]).toEqual(statuses);
    // The card is repaired from the key (display only).
    expect(card.card).toMatchObject({ followUpDone: true, panicFace: 2 });
  });

  it("A12: malformed requests are ignored or refused, and write nothing", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const before = snapshot(bob, card, kara);
    const from = w.data.db.writes.length;
    for (const payload of [
      { type: "request", id: "m1", action: "__proto__", messageId: card.id },
      { type: "request", id: "m2", action: "push", messageId: card.id, targetIndex: 1.5 },
      { type: "request", id: "m3", action: "push", messageId: 42 },
      null,
      { type: "request", id: "m4", action: "moraleTest", messageId: card.id },
      { type: "request", id: "m5", action: "push", messageId: card.id, roll: "not a roll" },
    ]) {
      w.as("player-2", () => w.socket.emit("system.tactica", payload));
    }
    await w.socket.settled();
    expect(w.data.db.writes.slice(from)).toEqual([]);
    // A stranger, and a push with no dice: refused with a reason.
    expect(await request("stranger", { action: "push", messageId: card.id! })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(await request("player-2", { action: "push", messageId: card.id! })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.badDice",
    });
    expect(await request("player-2", { action: "push", messageId: "nope" })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.invalid",
    });
    expect(snapshot(bob, card, kara)).toEqual(before);
  });

  it("A13: claiming the GM in the payload gives no GM right", async () => {
    const card = await bobHitsKara();
    const before = snapshot(kara);
    w.as("player-2", () =>
      w.socket.emit("system.tactica", {
        type: "request",
        id: "a13",
        action: "applyDamage",
        messageId: card.id,
        targetIndex: 0,
        userId: "gm-1",
        isGM: true,
      }),
    );
    await w.socket.settled();
    const answer = w.socket.sent.find(
      (s) =>
        (s.args[0] as { id?: string; type?: string }).id === "a13" &&
        (s.args[0] as { type: string }).type === "response",
    )!;
    expect(answer.args[0]).toMatchObject({ result: { ok: false, reason: "TACTICA.Chat.notAllowed" } });
    expect(snapshot(kara)).toEqual(before);
  });

  it("A14: a GM's cards for the GM's npc: no player pushes its pool or draws its panic", async () => {
    queueDiceFaces([2, 3, 4]);
    const pool = (await w.as("gm-1", () => brute.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    queueDiceFaces([10]);
    const morale = (await w.as("gm-1", () => brute.moraleTest({ fastForward: true })))!;
    const before = snapshot(brute, pool, morale);
    expect(
      await request("player-2", {
        action: "push",
        messageId: pool.id!,
        roll: await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]),
      }),
    ).toEqual({ ok: false, reason: "TACTICA.Chat.notAllowed" });
    expect(
      await request("player-2", {
        action: "rollPanic",
        messageId: morale.id!,
        roll: await rolled(new foundry.dice.Roll("1d10"), [10]),
      }),
    ).toEqual({ ok: false, reason: "TACTICA.Chat.notAllowed" });
    expect(snapshot(brute, pool, morale)).toEqual(before);
  });

  it("an attack card whose own roll holds more dice than an attack has defends nothing (beyond the floor)", async () => {
    queueDiceFaces([6, 6]);
    const card = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
    const loaded = await rolled(
      new ScoreRoll("12d6 + 5", {}, { purpose: "attack", aptitudeValue: 3, subAptitudeValue: 2 }),
      Array(12).fill(6),
    );
    await w.as("player-2", () =>
      card.update({
        rolls: [JSON.stringify(loaded)],
        system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] },
      } as never),
    );
    const before = snapshot(kara);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.invalid",
    });
    expect(snapshot(kara)).toEqual(before);
  });

  it("a defence rolled by someone who does not own the target, and a defence claimed twice, change nothing", async () => {
    const card = await bobHitsKara();
    const before = snapshot(kara, card);
    const defence = await rolled(new ScoreRoll("2d6", {}, { purpose: "defence" }), [6, 6]);
    expect(await request("player-2", { action: "defend", messageId: card.id!, targetIndex: 0, roll: defence })).toEqual(
      { ok: false, reason: "TACTICA.Chat.notAllowed" },
    );
    expect(await request("player-1", { action: "defend", messageId: card.id!, targetIndex: 0, roll: defence })).toEqual(
      { ok: false, reason: "TACTICA.Chat.alreadyApplied" },
    );
    expect(snapshot(kara, card)).toEqual(before);
  });
});

describe("B — concurrency and failures", () => {
  it("B1: two cards hitting one target at once both land", async () => {
    const first = await bobHitsKara();
    queueDiceFaces([6, 6]);
    const second = (await w.as("gm-1", () => brute.attack("cannon000000001", { fastForward: true })))!;
    await w.as("gm-1", () =>
      second.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
    );
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", second, { targetIndex: 0 })).toEqual({ ok: true });
    const results = await Promise.all([
      w.click("player-1", "applyDamage", first, { targetIndex: 0 }),
      w.click("gm-1", "applyDamage", second, { targetIndex: 0 }),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(0); // 10 − 3 − 9, never below 0
  });

  it("B2: a failure after the damage, before the card: a retry applies nothing twice and repairs the card", async () => {
    const card = await bobHitsKara();
    const update = card.update.bind(card);
    vi.spyOn(card, "update").mockRejectedValueOnce(new Error("connection lost")).mockImplementation(update);
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.failed",
    });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
    expect(card.card?.targets[0]?.damageApplied).toBe(false);
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
    expect(card.card?.targets[0]).toMatchObject({ damageApplied: true, damage: { pv: 3 } });
  });

  it("B3: a failure after the push's actor write, before the card: a retry applies nothing twice and repairs the card", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const update = card.update.bind(card);
    vi.spyOn(card, "update").mockRejectedValueOnce(new Error("connection lost")).mockImplementation(update);
    queueDiceFaces([1, 1, 5]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: false, reason: "TACTICA.Chat.failed" });
    expect(systemAs<Sys>(bob).aptitudes.vivacite!.damage).toBe(2);
    expect(card.rolls).toHaveLength(1);
    queueDiceFaces([1, 1, 1]);
    expect(
      await request("player-2", {
        action: "push",
        messageId: card.id!,
        roll: await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 1]),
      }),
    ).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyPushed" });
    expect(systemAs<Sys>(bob).aptitudes.vivacite!.damage).toBe(2);
    expect(card.rolls).toHaveLength(2);
    expect((card.lastRoll as PoolRoll).faces.base).toEqual([1, 1, 5]);
  });

  it("B4: a double click and three clients at once push exactly once", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    queueDiceFaces([1, 1, 5, 1, 1, 5, 1, 1, 5, 1, 1, 5]);
    const results = await Promise.all([
      w.click("player-2", "push", card),
      w.click("player-2", "push", card),
      w.click("gm-1", "push", card),
      w.click("stranger", "push", card),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(card.rolls).toHaveLength(2);
    expect(systemAs<Sys>(bob).aptitudes.vivacite!.damage).toBe(2);
  });

  it("B5: one write per document per action (the review's §3.4 census)", async () => {
    const perDocument = (writes: { action: string; documentName: string; ids: string[] }[]) => {
      const seen = writes.flatMap((x) => x.ids.map((id) => `${x.action} ${x.documentName} ${id}`));
      return (
        new Set(seen).size === seen.length &&
        new Set(writes.flatMap((x) => x.ids)).size === writes.flatMap((x) => x.ids).length
      );
    };
    queueDiceFaces([2, 3, 4]);
    const pool = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    queueDiceFaces([1, 1, 5]);
    const push = await w.writesDuring(() => w.click("player-2", "push", pool));
    expect(push.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    const card = await bobHitsKara();
    const damage = await w.writesDuring(() => w.click("player-1", "applyDamage", card, { targetIndex: 0 }));
    expect(damage.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    queueDiceFaces([10]);
    const morale = (await w.as("player-2", () => bob.moraleTest({ fastForward: true })))!;
    queueDiceFaces([5]);
    const panic = await w.writesDuring(() => w.click("player-2", "rollPanic", morale));
    expect(perDocument(panic)).toBe(true);
    queueDiceFaces([4]);
    const fear = await w.writesDuring(() =>
      w.as("player-2", () => bob.fearTest({ fear: 3, charging: true }, { fastForward: true })),
    );
    expect(fear.filter((x) => x.documentName === "ChatMessage").map((x) => x.action)).toEqual(["create"]);
    for (const writes of [push, damage, fear]) expect(perDocument(writes)).toBe(true);
  });
});

describe("D and S — what a card shows", () => {
  it("D4/S-9: a due card names its combatant escaped, with no raw flavor", async () => {
    const { postDueAction } = await import("../../src/combat/after-update");
    const combat = { combatants: new Map([["c1", { name: '<img src=x onerror="alert(1)">' }]]) };
    await w.as("gm-1", () => postDueAction(combat as never, { id: "nosuchmessage000", ownerId: "c1" }));
    const due = w.messages().at(-1)!;
    expect((due as unknown as { flavor: string }).flavor).toBe("");
    const html = await w.renderAs("player-1", due);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img");
    expect(due.content).not.toContain("<img");
  });

  it("D5/S-11: a malformed roll in one's own card renders a damaged-card notice for every viewer, instead of throwing", async () => {
    queueDiceFaces([5, 2]);
    const card = (await w.as("player-2", () => bob.rollPressure("bobGear00000001", { fastForward: true, dice: 2 })))!;
    const roll = card.rolls[0]!.toJSON() as unknown as { options: { chosen: number } };
    roll.options.chosen = 7;
    await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
    for (const viewer of ["player-2", "player-1", "gm-1"]) {
      expect(textOf(await w.renderAs(viewer, card))).toBe(DAMAGED);
      const element = await w.elementAs(viewer, card);
      expect(element.querySelector(".message-content")?.innerHTML).toContain("tactica-card--damaged");
    }
  });

  it("S-10: names in notifications read as typed (their markup escaped)", async () => {
    await w.as("gm-1", () => kara.update({ name: "<b>Kara</b>" } as never));
    const errors = await w.errorsDuring(() => w.as("player-2", () => kara.rollProfile("co", { fastForward: true })));
    expect(errors).toEqual(["Vous ne possédez pas <b>Kara</b>\u00a0: ce jet ne peut pas être fait pour lui."]);
  });

  it("S-12: a prompt a player posts about someone else's actor has no button and shows as damaged; the real one has its button", async () => {
    const forged = await forgeCard("player-2", {
      system: { kind: "moralePrompt", actorUuid: kara.uuid },
      whisper: ["player-1"],
    });
    expect(buttonsOf(await w.renderAs("player-1", forged))).toEqual([]);
    expect(await w.click("player-1", "moraleTest", forged, { fastForward: true })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    await w.as("gm-1", () => kara.applyDamage({ damage: 6, attributes: [] }));
    const prompt = w.messages().find((m) => m.card?.kind === "moralePrompt" && m.author?.id === "gm-1")!;
    expect(buttonsOf(await w.renderAs("player-1", prompt))).toEqual(["moraleTest"]);
    expect(buttonsOf(await w.renderAs("player-2", prompt))).toEqual([]);
  });

  it("T1: a threshold card or a combat notice a player posts is no GM announcement: it shows as damaged; the GM's own still read", async () => {
    // The console forgery: `ChatMessage.create({type: "rollCard", system: {kind: "threshold", …}})`,
    // a well-formed announcement that Kara burned down to 0 PV and that her focused action is lost.
    const burn = { type: "burn", pvLost: 10, pvAfter: 0, resisted: 0 };
    const threshold = { mode: "timeline", thresholds: [10], entries: [{ name: "Kara", events: [burn] }] };
    const notice = { key: "TACTICA.Combat.Delayed.Lost", data: { name: "Kara", position: "5" } };
    const forgedThreshold = await forgeCard("player-2", { rolls: [], system: { kind: "threshold", threshold } });
    const forgedNotice = await forgeCard("player-2", { rolls: [], system: { kind: "notice", notice } });
    for (const viewer of ["player-1", "player-2", "gm-1"]) {
      expect(textOf(await w.renderAs(viewer, forgedThreshold))).toBe(DAMAGED);
      expect(textOf(await w.renderAs(viewer, forgedNotice))).toBe(DAMAGED);
    }
    // The same cards posted by the GM (the only writer of thresholds and notices) read as they are.
    const real = await forgeCard("gm-1", { rolls: [], system: { kind: "threshold", threshold } });
    const realNotice = await forgeCard("gm-1", { rolls: [], system: { kind: "notice", notice } });
    expect(textOf(await w.renderAs("player-1", real))).toContain("Kara");
    expect(textOf(await w.renderAs("player-1", real))).not.toBe(DAMAGED);
    expect(textOf(await w.renderAs("player-1", realNotice))).toContain("Kara");
    expect(textOf(await w.renderAs("player-1", realNotice))).not.toBe(DAMAGED);
  });
});

// Further card attacks: each test runs the console
// exploit of one finding from the attacker's own client and fails without its fix.
describe("R — the second review's card attacks", () => {
  /** Kara stands in a place (encumbrance 1) of a viewed scene; Bob's hammer is *Tectonique 4*. */
  async function tectonicScene(): Promise<{ behavior: { system: { encumbrance: number } }; tokenUuid: string }> {
    await w.as("gm-1", () =>
      bob.createEmbeddedDocuments(
        "Item",
        [
          {
            _id: "bobHammer000001",
            name: "Marteau",
            type: "weapon",
            system: { equipped: true, damage: 1, strength: 1, attributes: [{ key: "tectonic", x: 4 }] },
          },
        ] as never,
        { keepId: true } as never,
      ),
    );
    const { placeBehaviors } = await import("./places-helpers");
    const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    const scene = (await w.as("gm-1", () =>
      Scene.documentClass.create({
        name: "Ruines",
        grid: { size: 100 },
        regions: [
          {
            _id: "regionA",
            name: "Cour",
            shapes: [{ type: "rectangle", x: 0, y: 0, width: 200, height: 200 }],
            behaviors: placeBehaviors(1, []),
          },
        ],
        tokens: [{ _id: "tokKara", x: 50, y: 50, actorId: kara.id }],
      }),
    )) as {
      id: string;
      regions: { get(id: string): { behaviors: { contents: { system: { encumbrance: number } }[] } } };
    };
    (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
    return {
      behavior: scene.regions.get("regionA").behaviors.contents[0]!,
      tokenUuid: `Scene.${scene.id}.Token.tokKara`,
    };
  }

  it("R1: Tectonique shifts a place once per attack — its key is read where it is written, so resetting the card's row shifts nothing again", async () => {
    const { behavior, tokenUuid } = await tectonicScene();
    queueDiceFaces([6, 6]);
    const card = (await w.as("player-2", () => bob.attack("bobHammer000001", { fastForward: true })))!;
    await w.as("player-2", () =>
      card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid, name: "Kara" }] } } as never),
    );
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(behavior.system.encumbrance).toBe(2);
    const pv = systemAs<Sys>(kara).profile.pv.value;
    // The exploit: the author resets the row and the place list on their card, the click comes again.
    for (let i = 0; i < 2; i++) {
      await w.as("player-2", () =>
        card.update({
          system: { targets: card.card!.targets.map((t) => ({ ...t, damageApplied: false })), placesShifted: [] },
        } as never),
      );
      await w.click("player-1", "applyDamage", card, { targetIndex: 0 });
    }
    expect(behavior.system.encumbrance).toBe(2);
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(pv);
  });

  it("R3: one hit per target per attack — a row copied or moved on the card re-opens no defence and applies no second damage", async () => {
    const card = await bobHitsKara();
    const rows = card.card!.targets.map((t) => ({ ...t }));
    // The exploit: `m.update({"system.targets": [...m.system.targets, m.system.targets[0]]})`, then the rows swapped.
    await w.as("player-2", () =>
      card.update({ system: { targets: [...rows, { actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
    );
    expect(buttonsOf(await w.renderAs("player-1", card))).toEqual(["applyDamage", "applyDamage"]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 1 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
    await w.click("player-1", "applyDamage", card, { targetIndex: 1 });
    await w.as("player-2", () =>
      card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }, ...rows] } } as never),
    );
    queueDiceFaces([1, 1]);
    await w.click("player-1", "defend", card, { targetIndex: 0 });
    await w.click("player-1", "applyDamage", card, { targetIndex: 0 });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(7);
    expect(buttonsOf(await w.renderAs("player-1", card))).toEqual([]);
  });

  it("R8: a row rewritten on the card shows what is recorded on its target: no forged hit, no Apply button", async () => {
    queueDiceFaces([1, 1]);
    const card = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
    await w.as("player-2", () =>
      card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
    );
    queueDiceFaces([6, 6]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(textOf(await w.renderAs("gm-1", card))).toContain("Manque Kara");
    // The exploit: the miss rewritten into a hit, with its damage not yet applied.
    await w.as("player-2", () =>
      card.update({
        system: { targets: [{ ...card.card!.targets[0]!, outcome: "hit", total: 2, damageApplied: false }] },
      } as never),
    );
    for (const viewer of ["gm-1", "player-1", "player-2"]) {
      const text = textOf(await w.renderAs(viewer, card));
      expect(text).toContain("Manque Kara");
      expect(text).not.toContain("Touche Kara");
      expect(buttonsOf(await w.renderAs(viewer, card))).toEqual([]);
    }
    // A row naming a target that never defended reads as waiting for its defence, whatever it claims.
    await w.as("player-2", () =>
      card.update({
        system: {
          targets: [
            {
              actorUuid: brute.uuid,
              tokenUuid: "",
              name: "Brute",
              outcome: "hit",
              total: 2,
              damage: { dealt: 9, field: 0, armour: 0, resistant: 0, pv: 9 },
              damageApplied: true,
            },
          ],
        },
      } as never),
    );
    const text = textOf(await w.renderAs("player-1", card));
    expect(text).toContain("Brute : défense attendue");
    expect(text).not.toContain("PV");
  });

  /** A started timeline: Kara acts first (position 0), Bob waits (5); both carry a *Différé 2* mortar. */
  async function timelineWithMortars(): Promise<import("../../src/combat/combat").TacticaCombat> {
    const mortar = (id: string) => ({
      _id: id,
      name: "Mortier",
      type: "weapon",
      system: { equipped: true, range: "ranged", damage: 1, attributes: [{ key: "delayed", x: 2, focused: false }] },
    });
    await w.as("gm-1", () =>
      kara.createEmbeddedDocuments("Item", [mortar("karaMortar00001")] as never, { keepId: true } as never),
    );
    await w.as("gm-1", () =>
      bob.createEmbeddedDocuments("Item", [mortar("bobMortar000001")] as never, { keepId: true } as never),
    );
    const { registerCombat } = await import("../../src/combat/register");
    const { createFakeCombat } = await import("./fake-combat");
    registerCombat();
    await w.fake.settings.set("tactica", "combatMode", "timeline");
    const combat = (await w.as("gm-1", () =>
      createFakeCombat([
        { actorId: kara.id!, initiative: 0, name: "Kara" },
        { actorId: bob.id!, initiative: 5, name: "Bob" },
      ]),
    )) as unknown as import("../../src/combat/combat").TacticaCombat;
    await w.as("gm-1", () => combat.startCombat());
    return combat;
  }

  it("R7: a *Différé* action out of its owner's activation places nothing: the GM writes no marker out of turn", async () => {
    const combat = await timelineWithMortars();
    const timeline = structuredClone(combat.timeline);
    // The exploit, repeated: `bob.attack(mortarId, {fastForward: true})` while Kara acts.
    for (let i = 0; i < 3; i++) {
      queueDiceFaces([6, 6]);
      const card = (await w.as("player-2", () => bob.attack("bobMortar000001", { fastForward: true })))!;
      expect(card.card?.delayedState).toBe("");
      expect(await request("player-2", { action: "declareDelayed", messageId: card.id! })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.delay.notActing",
        data: { name: "Bob" },
      });
    }
    expect(combat.timeline).toEqual(timeline);
    // Kara, acting, declares hers: the marker is placed.
    queueDiceFaces([6, 6]);
    const hers = (await w.as("player-1", () => kara.attack("karaMortar00001", { fastForward: true })))!;
    expect(hers.card?.delayedState).toBe("declared");
    expect(combat.timeline!.entries.some((e) => e.id === hers.id)).toBe(true);
  });

  it("C2 (first review): a card forged about the acting victim declares nothing for her", async () => {
    const combat = await timelineWithMortars();
    const timeline = structuredClone(combat.timeline);
    const roll = await rolled(
      new ScoreRoll("2d6", {}, { subAptitude: "precision", subAptitudeValue: 2, purpose: "attack" } as never),
      [6, 6],
    );
    const mortar = kara.items.get("karaMortar00001")!;
    const forged = await forgeCard("player-2", {
      rolls: [JSON.stringify(roll)],
      system: { kind: "attack", actorUuid: kara.uuid, itemUuid: mortar.uuid },
    });
    for (let i = 0; i < 3; i++) {
      expect(await request("player-2", { action: "declareDelayed", messageId: forged.id! })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.notAllowed",
      });
    }
    expect(combat.timeline).toEqual(timeline);
  });

  it("R4: a flood of requests never grows the GM's queue beyond its bound, and another player's click is still answered", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    // The GM is busy: its first write hangs until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const update = card.update.bind(card);
    vi.spyOn(card, "update")
      .mockImplementationOnce(async (...args: Parameters<typeof card.update>) => {
        await gate;
        return update(...args);
      })
      .mockImplementation(update);
    const roll = await rolled(new PoolRoll("3d6[base]", {}, poolOptions), [1, 1, 5]);
    // The console flood: `for (let i = 0; i < 500; i++) game.socket.emit("system.tactica", {…})`.
    w.as("player-2", () => {
      for (let i = 0; i < 500; i++)
        w.socket.emit("system.tactica", { type: "request", id: `flood${i}`, action: "push", messageId: card.id, roll });
    });
    // Every delivery arrives while the GM is busy (settled() would wait for the hanging write).
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await ticks(20);
    const answered = () =>
      w.socket.sent.filter(
        (s) =>
          s.from === "gm-1" &&
          (s.args[0] as { type?: string; to?: string }).type === "response" &&
          (s.args[0] as { to?: string }).to === "player-2",
      ).length;
    const honest = w.click("player-1", "chooseDie", card);
    await ticks(5);
    release();
    await w.socket.settled();
    expect(await honest).toEqual({ ok: false, reason: "TACTICA.Chat.notAllowed" });
    // At most the per-sender bound was held and run; the rest was ignored, unanswered.
    expect(answered()).toBeLessThanOrEqual(8);
    expect(answered()).toBeGreaterThan(0);
    // And the push happened once.
    expect(systemAs<Sys>(bob).aptitudes.vivacite!.damage).toBe(2);
  });

  it("R11: a card forged with more rows than any table gathers is refused at creation; a threshold card too long renders as damaged", async () => {
    const { BOUNDS } = await import("../../src/data/fields");
    const row = { actorUuid: kara.uuid, tokenUuid: "", name: "Kara" };
    const count = () => game.messages!.size;
    const before = count();
    for (const system of [
      { kind: "attack", actorUuid: bob.uuid, targets: Array.from({ length: BOUNDS.cardRows + 1 }, () => row) },
      {
        kind: "attack",
        actorUuid: bob.uuid,
        placesShifted: Array.from({ length: BOUNDS.cardRows + 1 }, (_, i) => `region${i}`),
      },
      {
        kind: "pool",
        actorUuid: bob.uuid,
        notes: Array.from({ length: BOUNDS.cardNotes + 1 }, () => "TACTICA.Chat.noGm"),
      },
    ]) {
      // Core builds the document before sending it: an invalid one is notified and never created.
      expect(await forgeCard("player-2", { rolls: [], system })).toBeUndefined();
    }
    expect(count()).toBe(before);
    // At the bound, a card is still a card.
    const full = await forgeCard("player-2", {
      rolls: [],
      system: { kind: "attack", actorUuid: bob.uuid, targets: Array.from({ length: BOUNDS.cardRows }, () => row) },
    });
    expect(systemAs<{ targets: unknown[] }>(full).targets).toHaveLength(BOUNDS.cardRows);
    const entries = Array.from({ length: BOUNDS.thresholdEntries + 1 }, (_, i) => ({ name: `n${i}`, events: [] }));
    // Posted by a GM, so that only its length can make it damaged (a player's threshold card is damaged anyway: T1).
    const long = await forgeCard("gm-1", {
      rolls: [],
      system: { kind: "threshold", threshold: { mode: "tours", thresholds: [1], entries } },
    });
    expect(textOf(await w.renderAs("player-1", long))).toBe(DAMAGED);
  });

  it("R5: dice too large to be anyone's roll are ignored before core rebuilds them", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const fromData = vi.spyOn(foundry.dice.Roll, "fromData");
    const huge = {
      class: "PoolRoll",
      formula: "3d6",
      terms: Array.from({ length: 20_000 }, () => ({ class: "NumericTerm", number: 1 })),
      evaluated: true,
    };
    const before = snapshot(bob, card);
    w.as("player-2", () =>
      w.socket.emit("system.tactica", { type: "request", id: "huge", action: "push", messageId: card.id, roll: huge }),
    );
    await w.socket.settled();
    expect(fromData).not.toHaveBeenCalled();
    expect(
      w.socket.sent.some(
        (s) =>
          (s.args[0] as { id?: string; type?: string }).id === "huge" &&
          (s.args[0] as { type: string }).type === "response",
      ),
    ).toBe(false);
    expect(snapshot(bob, card)).toEqual(before);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { sourceOf } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CardRequest, CardResult } from "../../src/chat/gm";

// Review attack of the `buttons` change: roll-card buttons keyed by action name. Played from the
// attacker's own client (player-2 owns Bob; player-1 owns Kara and a unit; gm-1 is the active GM).

let w: ChatWorld;
let kara: TacticaActor;
let bob: TacticaActor;
let squad: TacticaActor;
let dice: {
  PoolRoll: typeof import("../../src/dice/pool-roll").PoolRoll;
  PressureRoll: typeof import("../../src/dice/pressure-roll").PressureRoll;
  ProfileTest: typeof import("../../src/dice/profile-test").ProfileTest;
  ScoreRoll: typeof import("../../src/dice/score-roll").ScoreRoll;
};

const gear = (id: string) => ({
  _id: id,
  name: "Soupape",
  type: "gear",
  system: { linked: true, equipped: true, pressureTarget: "att", pressureDice: 2 },
});
const gun = (id: string) => ({
  _id: id,
  name: "Fusil",
  type: "weapon",
  system: { equipped: true, range: "ranged", damage: 3 },
});
const sys = {
  aptitudes: { vivacite: { value: 3 }, puissance: { value: 3 } },
  subAptitudes: { reflexe: { value: 1 }, precision: { value: 2 } },
  willpower: { value: 3 },
  profile: { pv: { value: 10, max: 10 }, co: { value: 4 } },
};

beforeEach(async () => {
  w = await chatWorld();
  dice = {
    PoolRoll: (await import("../../src/dice/pool-roll")).PoolRoll,
    PressureRoll: (await import("../../src/dice/pressure-roll")).PressureRoll,
    ProfileTest: (await import("../../src/dice/profile-test")).ProfileTest,
    ScoreRoll: (await import("../../src/dice/score-roll")).ScoreRoll,
  };
  kara = await w.own("Kara", "character", { system: sys, items: [gear("karaGear0000001")] }, "player-1");
  bob = await w.own(
    "Bob",
    "character",
    { system: sys, items: [gear("bobGear00000001"), gun("bobGun000000001")] },
    "player-2",
  );
  squad = await w.own("Escouade", "unit", { system: { strength: { start: 10, current: 10 } } }, "player-1");
});

const request = (userId: string, data: CardRequest): Promise<CardResult> =>
  w.as(userId, () => w.gm.requestCardAction(data));
const snapshot = (...docs: unknown[]) => docs.map(sourceOf);
const POOL_OPTIONS = { aptitude: "vivacite", aptitudeValue: 3 } as const;
const NOT_ALLOWED = { ok: false, reason: "TACTICA.Chat.notAllowed" };
const INVALID = { ok: false, reason: "TACTICA.Chat.invalid" };

/** A raw emit on the socket from `userId`; the GM's answer to it (undefined: ignored). */
async function raw(userId: string, payload: Record<string, unknown>): Promise<unknown> {
  w.as(userId, () => w.socket.emit("system.tactica", payload));
  await w.socket.settled();
  const answer = w.socket.sent.find(
    (s) => (s.args[0] as { id?: string }).id === payload.id && (s.args[0] as { type?: string }).type === "response",
  );
  return (answer?.args[0] as { result?: unknown } | undefined)?.result;
}

async function rolled<R extends { evaluate(): Promise<R>; toJSON(): unknown }>(roll: R, faces: number[]) {
  queueDiceFaces(faces);
  return (await roll.evaluate()).toJSON() as Record<string, unknown>;
}

async function forge(userId: string, data: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", ...data }),
  ))! as unknown as TacticaChatMessage;
}

/** Kara's three cards with a roller's button: a pushable pool, a two-die pressure roll, a failed unit morale test. */
async function karaCards() {
  queueDiceFaces([2, 3, 4]);
  const pool = (await w.as("player-1", () => kara.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
  queueDiceFaces([5, 2]);
  const pressure = (await w.as("player-1", () =>
    kara.rollPressure("karaGear0000001", { fastForward: true, dice: 2 }),
  ))!;
  queueDiceFaces([10]);
  const morale = (await w.as("player-1", () => squad.moraleTest({ fastForward: true })))!;
  return { pool, pressure, morale };
}

describe("another's buttons", () => {
  it("the owner sees them, nobody else; pressed or sent anyway by another player, each is refused and writes nothing", async () => {
    const { pool, pressure, morale } = await karaCards();
    expect(buttonsOf(await w.renderAs("player-1", pool))).toEqual(["push"]);
    expect(buttonsOf(await w.renderAs("player-1", pressure))).toEqual(["chooseDie", "chooseDie", "applyPressure"]);
    expect(buttonsOf(await w.renderAs("player-1", morale))).toEqual(["rollPanic"]);
    for (const user of ["player-2", "stranger"])
      for (const card of [pool, pressure, morale]) expect(buttonsOf(await w.renderAs(user, card))).toEqual([]);
    const before = snapshot(kara, squad, pool, pressure, morale);
    expect(await w.click("player-2", "push", pool)).toEqual(NOT_ALLOWED);
    expect(await w.click("player-2", "chooseDie", pressure, { index: 1 })).toEqual(NOT_ALLOWED);
    expect(await w.click("player-2", "applyPressure", pressure)).toEqual(NOT_ALLOWED);
    expect(await w.click("player-2", "rollPanic", morale)).toEqual(NOT_ALLOWED);
    const pushDice = await rolled(new dice.PoolRoll("3d6[base]", {}, POOL_OPTIONS), [1, 1, 1]);
    const d10 = await rolled(new foundry.dice.Roll("1d10"), [1]);
    expect(await request("player-2", { action: "push", messageId: pool.id!, roll: pushDice })).toEqual(NOT_ALLOWED);
    expect(
      await raw("player-2", { type: "request", id: "s1", action: "chooseDie", messageId: pressure.id, index: 1 }),
    ).toEqual(NOT_ALLOWED);
    expect(
      await raw("player-2", { type: "request", id: "s2", action: "applyPressure", messageId: pressure.id }),
    ).toEqual(NOT_ALLOWED);
    expect(
      await raw("player-2", { type: "request", id: "s3", action: "rollPanic", messageId: morale.id, roll: d10 }),
    ).toEqual(NOT_ALLOWED);
    // A sender id of the owner's appended by the attacker: three arguments, ignored.
    w.as("player-2", () =>
      w.socket.emit(
        "system.tactica",
        { type: "request", id: "s4", action: "applyPressure", messageId: pressure.id },
        "player-1",
      ),
    );
    await w.socket.settled();
    expect(snapshot(kara, squad, pool, pressure, morale)).toEqual(before);
  });

  it("a card player-2 forged about Kara shows Kara's own owner no button either, and nobody may press it", async () => {
    const card = await forge("player-2", {
      rolls: [await rolled(new dice.PoolRoll("3d6[base]", {}, { aptitude: "vivacite", aptitudeValue: 3 }), [2, 3, 4])],
      system: { kind: "pool", actorUuid: kara.uuid },
    });
    for (const user of ["player-1", "player-2"]) expect(buttonsOf(await w.renderAs(user, card))).toEqual([]);
    const before = snapshot(kara);
    expect(await w.click("player-1", "push", card)).toEqual(NOT_ALLOWED);
    expect(snapshot(kara)).toEqual(before);
  });
});

describe("buttons that no longer apply", () => {
  it("after the follow-up is done: no button, and a press is refused as done", async () => {
    const { pressure, morale } = await karaCards();
    expect(await w.click("player-1", "applyPressure", pressure)).toEqual({ ok: true });
    queueDiceFaces([2]);
    expect(await w.click("player-1", "rollPanic", morale)).toEqual({ ok: true });
    expect(buttonsOf(await w.renderAs("player-1", pressure))).toEqual([]);
    expect(buttonsOf(await w.renderAs("player-1", morale))).toEqual([]);
    const before = snapshot(kara, squad);
    const done = { ok: false, reason: "TACTICA.Chat.alreadyApplied" };
    expect(await w.click("player-1", "chooseDie", pressure, { index: 1 })).toEqual(done);
    expect(await w.click("player-1", "applyPressure", pressure)).toEqual(done);
    queueDiceFaces([9]);
    expect(await w.click("player-1", "rollPanic", morale)).toEqual(done);
    expect(snapshot(kara, squad)).toEqual(before);
  });

  it("push on a roll with nothing to reroll, pushed already, or an attack's score card: no button, refused", async () => {
    queueDiceFaces([6, 6, 6]);
    const full = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    expect(buttonsOf(await w.renderAs("player-2", full))).toEqual([]);
    expect(await w.click("player-2", "push", full)).toMatchObject({
      ok: false,
      reason: "TACTICA.Card.pool.notPushable",
    });
    const anyDice = await rolled(new dice.PoolRoll("1d6[base]", {}, POOL_OPTIONS), [1]);
    expect(await request("player-2", { action: "push", messageId: full.id!, roll: anyDice })).toMatchObject({
      ok: false,
    });

    queueDiceFaces([2, 3, 4]);
    const pool = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    queueDiceFaces([1, 1, 1]);
    expect(await w.click("player-2", "push", pool)).toEqual({ ok: true });
    expect(buttonsOf(await w.renderAs("player-2", pool))).toEqual([]);
    const again = await rolled(new dice.PoolRoll("3d6[base]", {}, POOL_OPTIONS), [6, 6, 6]);
    expect(await request("player-2", { action: "push", messageId: pool.id!, roll: again })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyPushed",
    });

    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    queueDiceFaces([1, 2]);
    const attack = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
    expect(buttonsOf(await w.renderAs("player-2", attack))).not.toContain("push");
    const before = snapshot(bob);
    expect(await request("player-2", { action: "push", messageId: attack.id!, roll: anyDice })).toEqual(INVALID);
    expect(snapshot(bob)).toEqual(before);
  });
});

describe("forged card data on one's own actor", () => {
  it("a kind whose buttons another roll class's template has: no button shows, the other kind's action is invalid", async () => {
    const pressureRoll = await rolled(new dice.PressureRoll("2d6", {}, { target: "att", printedValue: 3 }), [5, 2]);
    const poolRoll = await rolled(
      new dice.PoolRoll("3d6[base]", {}, { aptitude: "vivacite", aptitudeValue: 3 }),
      [2, 3, 4],
    );
    const asPool = await forge("player-2", {
      rolls: [pressureRoll],
      system: { kind: "pool", actorUuid: bob.uuid, itemUuid: bob.items.get("bobGear00000001")!.uuid },
    });
    const asPressure = await forge("player-2", {
      rolls: [poolRoll],
      system: { kind: "pressure", actorUuid: bob.uuid },
    });
    const asMorale = await forge("player-2", { rolls: [poolRoll], system: { kind: "morale", actorUuid: bob.uuid } });
    for (const card of [asPool, asPressure, asMorale])
      expect(buttonsOf(await w.renderAs("player-2", card))).toEqual([]);
    const before = snapshot(bob);
    expect(await request("player-2", { action: "chooseDie", messageId: asPool.id!, index: 1 })).toEqual(INVALID);
    expect(await request("player-2", { action: "applyPressure", messageId: asPool.id! })).toEqual(INVALID);
    const pushDice = await rolled(new dice.PoolRoll("3d6[base]", {}, POOL_OPTIONS), [1, 1, 1]);
    expect(await request("player-2", { action: "push", messageId: asPressure.id!, roll: pushDice })).toEqual(INVALID);
    expect(await request("player-2", { action: "rollPanic", messageId: asMorale.id!, roll: pushDice })).toEqual(
      INVALID,
    );
    expect(snapshot(bob)).toEqual(before);
  });

  it("a 'score' card holding an attack's roll, with pushed scores on: no push button, push refused", async () => {
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const o = {
      aptitude: "vivacite",
      aptitudeValue: 3,
      subAptitude: "precision",
      subAptitudeValue: 2,
      purpose: "attack",
    } as const;
    const attackRoll = await rolled(new dice.ScoreRoll(dice.ScoreRoll.formulaFor(o), {}, o), [1, 2]);
    const card = await forge("player-2", { rolls: [attackRoll], system: { kind: "score", actorUuid: bob.uuid } });
    expect(buttonsOf(await w.renderAs("player-2", card))).toEqual([]);
    const before = snapshot(bob);
    const anyDice = await rolled(new dice.ScoreRoll("1d6", {}, o), [6]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll: anyDice })).toMatchObject({
      ok: false,
    });
    expect(snapshot(bob)).toEqual(before);
  });

  it("a prototype key as the card's kind is refused by the schema, and names no kind nor action in the table", async () => {
    const poolRoll = await rolled(
      new dice.PoolRoll("3d6[base]", {}, { aptitude: "vivacite", aptitudeValue: 3 }),
      [2, 3, 4],
    );
    const kinds = await import("../../src/chat/kinds/index");
    const count = w.messages().length;
    for (const kind of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const made = await forge("player-2", { rolls: [poolRoll], system: { kind, actorUuid: bob.uuid } }).then(
        (m) => m,
        () => null,
      );
      expect(made ?? null, kind).toBeNull();
      expect(kinds.kindOf(kind), kind).toBeNull();
      expect(kinds.sideOf(kind), kind).toBeNull();
      expect(kinds.writerActionNames(), kind).not.toContain(kind);
    }
    expect(w.messages()).toHaveLength(count);
  });
});

describe("prototype keys as action names", () => {
  const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

  it("are ignored on the socket, invalid on the click path and on the GM's own writer, and without a GM", async () => {
    queueDiceFaces([2, 3, 4]);
    const card = (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const before = snapshot(bob, card);
    const from = w.data.db.writes.length;
    for (const [i, action] of NAMES.entries()) {
      expect(
        await raw("player-2", { type: "request", id: `p${i}`, action, messageId: card.id }),
        action,
      ).toBeUndefined();
      expect(await w.click("player-2", action as never, card), action).toEqual(INVALID);
      expect(await w.click("gm-1", action as never, card), action).toEqual(INVALID);
      const gm = w.data.users.get("gm-1")!;
      expect(await w.as("gm-1", () => w.gm.execute({ action, messageId: card.id! }, gm as never)), action).toEqual(
        INVALID,
      );
    }
    (w.data.users.get("gm-1") as unknown as { active: boolean }).active = false;
    for (const action of NAMES)
      expect(await request("player-2", { action, messageId: card.id! }), action).toEqual({
        ok: false,
        reason: "TACTICA.Chat.noGM",
      });
    expect(w.data.db.writes.slice(from)).toEqual([]);
    expect(snapshot(bob, card)).toEqual(before);
    expect(({} as Record<string, unknown>).push).toBeUndefined();
  });
});

describe("a renderer given forged `buttons`", () => {
  const HOSTILE = JSON.parse(
    '{"__proto__": true, "constructor": true, "toString": true, "hasOwnProperty": true,' +
      ' "<img src=x onerror=alert(1)>": true, "\\" onmouseover=\\"alert(1)": true, "buttons": true}',
  ) as Record<string, unknown>;

  async function rolls() {
    queueDiceFaces([2, 3, 4]);
    const pool = await new dice.PoolRoll("3d6[base]", {}, { aptitude: "vivacite", aptitudeValue: 3 }).evaluate();
    queueDiceFaces([5, 2]);
    const pressure = await new dice.PressureRoll("2d6", {}, { target: "att", printedValue: 3 }).evaluate();
    queueDiceFaces([10]);
    const morale = await new dice.ProfileTest(
      "1d10",
      {},
      { characteristic: "co", value: 4, purpose: "morale" },
    ).evaluate();
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const o = {
      aptitude: "vivacite",
      aptitudeValue: 2,
      subAptitude: "reflexe",
      subAptitudeValue: 1,
      difficulty: 15,
    } as const;
    queueDiceFaces([1, 4]);
    const score = await new dice.ScoreRoll(dice.ScoreRoll.formulaFor(o), {}, o).evaluate();
    return [
      { roll: pool, names: ["push"] },
      { roll: pressure, names: ["chooseDie", "applyPressure"] },
      { roll: morale, names: ["rollPanic"] },
      { roll: score, names: ["push"] },
    ];
  }
  type Render = (o: object) => Promise<string>;

  it("prototype keys, markup as a key, and non-`true` values show no button and inject nothing", async () => {
    for (const { roll, names } of await rolls()) {
      const render: Render = (o) => (roll as unknown as { render: Render }).render(o);
      const attempts: unknown[] = [
        HOSTILE,
        Object.fromEntries(names.flatMap((n) => [[n, "true"]])),
        Object.fromEntries(names.map((n) => [n, 1])),
        Object.fromEntries(names.map((n) => [n, {}])),
        Object.fromEntries(names.map((n) => [n, ["x"]])),
        Object.create(Object.fromEntries(names.map((n) => [n, true]))),
        JSON.parse(`{"__proto__": ${JSON.stringify(Object.fromEntries(names.map((n) => [n, true])))}}`),
        names[0],
        names,
        null,
        42,
      ];
      for (const buttons of attempts) {
        const html = await render({ buttons });
        expect(buttonsOf(html), `${roll.constructor.name} ${JSON.stringify(buttons)}`).toEqual([]);
        expect(html).not.toMatch(/onerror|onmouseover|<img src=x/);
      }
      // The same renderer does show a genuine `true` (the attempts above could fail).
      const shown = await render({ buttons: Object.fromEntries(names.map((n) => [n, true])) });
      expect(buttonsOf(shown).length, roll.constructor.name).toBeGreaterThan(0);
    }
    expect(({} as Record<string, unknown>).push).toBeUndefined();
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { sourceOf, systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CardRequest, CardResult } from "../../src/chat/gm";

// The console attacks on the limits of the change after 625b41b: D-8's push limit, the lower of
// the limit a roll recorded (`roll.options.maxPushes`, its author's JSON) and the actor's stored
// `system.pushMax` (src/chat/kinds/pool.ts); the data a pressure refusal carries back to the
// clicker, a figure's name (src/chat/kinds/pressure.ts); and the resist and panic requests whose
// roll options the Stryker comments call equivalent (src/chat/kinds/psy.ts, morale.ts). Played from
// the attacker's own client: player-2 owns Bob and Vex, player-1 owns Kara, gm-1 is the active GM.

let w: ChatWorld;
let PoolRoll: typeof import("../../src/dice/pool-roll").PoolRoll;
let ProfileTest: typeof import("../../src/dice/profile-test").ProfileTest;
let bob: TacticaActor;

const MARKUP = "<img src=x onerror=alert(1)>";
const POOL_OPTIONS = { aptitude: "vivacite", aptitudeValue: 3 } as const;
const INVALID = { ok: false, reason: "TACTICA.Chat.invalid" };
const PUSHED = { ok: false, reason: "TACTICA.Chat.alreadyPushed" };
/** D-8: the actor's stored limit stops the push, and the refusal says what it is now. */
const LIMIT = (max: string) => ({ ok: false, reason: "TACTICA.Chat.pushLimitLowered", data: { max } });

beforeEach(async () => {
  w = await chatWorld();
  ({ PoolRoll } = await import("../../src/dice/pool-roll"));
  ({ ProfileTest } = await import("../../src/dice/profile-test"));
  bob = await w.own(
    "Bob",
    "character",
    {
      system: { aptitudes: { vivacite: { value: 3 } }, willpower: { value: 3 }, pushMax: 1 },
      items: [
        {
          _id: "bobGear00000001",
          name: "Soupape",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "att", pressureDice: 2 },
        },
      ],
    },
    "player-2",
  );
});

const snapshot = (...docs: unknown[]) => docs.map(sourceOf);

function request(userId: string, data: CardRequest): Promise<CardResult> {
  return w.as(userId, () => w.gm.requestCardAction(data));
}

/** Raw emits on the socket from `userId`, all in flight at once; the GM's answer to each. */
async function raw(userId: string, ...payloads: Record<string, unknown>[]): Promise<unknown[]> {
  for (const payload of payloads) w.as(userId, () => w.socket.emit("system.tactica", payload));
  await w.socket.settled();
  return payloads.map((payload) => {
    const answer = w.socket.sent.find(
      (s) => (s.args[0] as { id?: string }).id === payload.id && (s.args[0] as { type?: string }).type === "response",
    );
    return (answer?.args[0] as { result?: unknown } | undefined)?.result;
  });
}

async function rolled(roll: { evaluate(): Promise<{ toJSON(): unknown }> }, faces: number[]) {
  queueDiceFaces(faces);
  return (await roll.evaluate()).toJSON() as Record<string, unknown>;
}

/** Bob's pool on vivacité 3, showing `faces` (nothing to lose: every die is rerolled). */
async function bobPool(faces = [2, 3, 4]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  return (await w.as("player-2", () => bob.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
}

/** The card's author rewrites its last roll's options (the server lets them: it is their message). */
async function forgeLast(card: TacticaChatMessage, options: Record<string, unknown>): Promise<void> {
  const rolls = card.rolls.map((r) => r.toJSON() as { options: Record<string, unknown> });
  Object.assign(rolls.at(-1)!.options, options);
  await w.as("player-2", () => card.update({ rolls: rolls.map((r) => JSON.stringify(r)) } as never));
}

const pushDice = () => rolled(new PoolRoll("3d6[base]", {}, POOL_OPTIONS), [2, 3, 4]);

/** A push of `card` from player-2's console, refused with `expected`, writing nothing. */
async function refusedPush(card: TacticaChatMessage, expected: CardResult, label = ""): Promise<void> {
  const roll = await pushDice();
  const before = snapshot(bob, card);
  const writes = await w.writesDuring(async () =>
    expect(await request("player-2", { action: "push", messageId: card.id!, roll }), label).toEqual(expected),
  );
  expect(writes, label).toEqual([]);
  expect(snapshot(bob, card), label).toEqual(before);
}

/** The pushes Bob's key records for `card` (flags.tactica.cards, src/data/card-keys.ts). */
const pushesKept = (card: TacticaChatMessage) =>
  (bob.flags as { tactica: { cards: Record<string, { pushes: number }> } }).tactica.cards[card.id!]!.pushes;

describe("D-8: the push limit against a forged roll", () => {
  it("a recorded limit forged upward (5, huge) pushes no more than the actor's stored limit", async () => {
    for (const forged of [5, 1e300, Number.MAX_SAFE_INTEGER]) {
      const card = await bobPool();
      await forgeLast(card, { maxPushes: forged });
      queueDiceFaces([2, 3, 4]);
      expect(await w.click("player-2", "push", card), String(forged)).toEqual({ ok: true });
      await forgeLast(card, { maxPushes: forged });
      await refusedPush(card, LIMIT("1"), String(forged));
      expect(card.rolls, String(forged)).toHaveLength(2);
    }
  });

  it("a recorded limit that is not a whole number ≥ 0 is invalid, before and after a push, even with pushes left", async () => {
    await w.as("gm-1", () => bob.update({ "system.pushMax": 3 } as never));
    const card = await bobPool();
    // Not a count: a string (NaN against every count), an object, a list, a fraction, a negative, a flag.
    const forged: unknown[] = ["x", "", "2", {}, [2, 3], 0.5, 1.5, -1, true];
    for (const maxPushes of forged) {
      await forgeLast(card, { maxPushes });
      await refusedPush(card, INVALID, JSON.stringify(maxPushes));
    }
    await forgeLast(card, { maxPushes: 3 });
    queueDiceFaces([2, 3, 4]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: true });
    for (const maxPushes of forged) {
      await forgeLast(card, { maxPushes });
      await refusedPush(card, INVALID, `after one push: ${JSON.stringify(maxPushes)}`);
    }
  });

  it("a roll pushed to its limit, its limit then forged as a string, is not pushed again (no NaN past the limit)", async () => {
    const card = await bobPool();
    queueDiceFaces([2, 3, 4]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: true });
    await forgeLast(card, { maxPushes: "x" });
    await refusedPush(card, INVALID);
    expect(pushesKept(card)).toBe(1);
  });

  it("the GM sets the limit to 0 after the roll: a raw socket push is refused, the forged limit too", async () => {
    const card = await bobPool();
    await w.as("gm-1", () => bob.update({ "system.pushMax": 0 } as never));
    const roll = await pushDice();
    const before = snapshot(bob, card);
    const answers = await raw("player-2", { type: "request", id: "z1", action: "push", messageId: card.id, roll });
    expect(answers).toEqual([LIMIT("0")]);
    await forgeLast(card, { maxPushes: "x" });
    await refusedPush(card, INVALID);
    await forgeLast(card, { maxPushes: 10 });
    await refusedPush(card, LIMIT("0"));
    expect(snapshot(bob)).toEqual([before[0]]);
  });

  it("the trust floor: the author forging their card's limit up to their actor's raised limit gets that push, never one more", async () => {
    const card = await bobPool();
    queueDiceFaces([2, 3, 4]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: true });
    await w.as("gm-1", () => bob.update({ "system.pushMax": 2 } as never));
    // Unforged, the card made with one push offers no second one (D-8).
    await refusedPush(card, PUSHED);
    await forgeLast(card, { maxPushes: 2 });
    queueDiceFaces([2, 3, 4]);
    expect(await w.click("player-2", "push", card)).toEqual({ ok: true });
    await forgeLast(card, { maxPushes: 3 });
    await refusedPush(card, LIMIT("2"));
    expect(card.card!.pushes).toBe(2);
  });

  it("a push count forged on the roll (a string, a fraction, a negative) is refused: it is not the key's count", async () => {
    const card = await bobPool();
    for (const [pushes, refusal] of [
      ["0", INVALID],
      [0.5, INVALID],
      // Fewer pushes than the key's 0: read as a card that missed a push, with none to repair.
      [-1, PUSHED],
    ] as const) {
      await forgeLast(card, { pushes });
      await refusedPush(card, refusal, JSON.stringify(pushes));
    }
  });

  it("two pushes of one card in flight at once: one lands, once; the other is refused", async () => {
    const card = await bobPool();
    const roll = await pushDice();
    // The actor's write takes a round trip to the server, as a real one does: the second request
    // arrives while the first is waiting for it, and only the one queue makes it wait its turn.
    const update = bob.update.bind(bob);
    vi.spyOn(bob, "update").mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return update(...args);
    });
    const payload = (id: string) => ({ type: "request", id, action: "push", messageId: card.id, roll });
    const writes = await w.writesDuring(async () =>
      expect(await raw("player-2", payload("r1"), payload("r2"))).toEqual([{ ok: true }, PUSHED]),
    );
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    expect(card.rolls).toHaveLength(2);
    expect(card.card!.pushes).toBe(1);
  });
});

describe("a pressure refusal's data", () => {
  it("a blocked figure named with markup: the refusal names it, escaped, on whichever client clicked; nothing is written", async () => {
    await w.as("gm-1", () => bob.update({ name: MARKUP } as never));
    queueDiceFaces([5, 2]);
    const card = (await w.as("player-2", () => bob.rollPressure("bobGear00000001", { fastForward: true, dice: 2 })))!;
    await w.as("gm-1", () => bob.toggleStatusEffect("pressureBlocked", { active: true }));
    const blocked = { ok: false, reason: "TACTICA.Chat.pressure.blocked", data: { name: MARKUP } };
    const before = snapshot(bob, card);
    const from = w.data.notifications.messages.length;
    const writes = await w.writesDuring(async () => {
      expect(await w.click("player-2", "applyPressure", card)).toEqual(blocked);
      expect(await w.click("gm-1", "applyPressure", card)).toEqual(blocked);
      expect(await raw("player-2", { type: "request", id: "b1", action: "applyPressure", messageId: card.id })).toEqual(
        [blocked],
      );
    });
    expect(writes).toEqual([]);
    expect(snapshot(bob, card)).toEqual(before);
    // The fake records the TEXT a notification shows: the name reads as typed only when it was
    // escaped (markup shown as HTML would vanish from it, fake-world.ts).
    const shown = w.data.notifications.messages.slice(from).map((m) => [m.userId, m.type, m.message]);
    const text = `${MARKUP} ne peut pas faire de jet de pression pour l'instant.`;
    expect(shown).toEqual([
      ["player-2", "error", text],
      ["gm-1", "error", text],
    ]);
  });
});

describe("the roll options of a resist and a panic draw", () => {
  async function castAtVex() {
    const kara = await w.own("Kara", "character", {
      system: { psyker: { mastery: 2 } },
      items: [{ _id: "power0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "end" } }],
    });
    const vex = await w.own("Vex", "character", { system: { profile: { end: { value: 3 } } } }, "player-2");
    queueDiceFaces([1]);
    const card = (await kara.castPower("power0000000001", { fastForward: true }))!;
    await card.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    return { kara, vex, card };
  }

  it("a resist's d10 sent with options claiming a value of 10 is read for its face only: the stored END decides", async () => {
    const { kara, vex, card } = await castAtVex();
    const options = { characteristic: "end", value: 10, co: null, purpose: "resist", natural10Fails: false } as const;
    const roll = await rolled(new ProfileTest("1d10", {}, options), [7]);
    // The caster may not resist for the target, whatever the dice say.
    const before = snapshot(kara, vex, card);
    expect(await request("player-1", { action: "resist", messageId: card.id!, targetIndex: 0, roll })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
    expect(snapshot(kara, vex, card)).toEqual(before);
    expect(
      await raw("player-2", { type: "request", id: "v1", action: "resist", messageId: card.id, targetIndex: 0, roll }),
    ).toEqual([{ ok: true }]);
    const record = (vex.flags as { tactica: { cards: Record<string, { target: object }> } }).tactica.cards[card.id!];
    expect(record!.target).toEqual({ outcome: "failed", total: 7, against: 3 });
  });

  it("a panic draw sent as a morale test's roll (options claiming a rally) is not a d10 of the draw: refused, nothing written", async () => {
    const squad = await w.own("Escouade", "unit", { system: { strength: { start: 10, current: 10 } } }, "player-2");
    queueDiceFaces([10]);
    const card = (await w.as("player-2", () => squad.moraleTest({ fastForward: true })))!;
    const roll = await rolled(new ProfileTest("1d10", {}, { characteristic: "co", value: 10, purpose: "rally" }), [1]);
    const before = snapshot(squad, card);
    const writes = await w.writesDuring(async () =>
      expect(
        await raw("player-2", { type: "request", id: "m1", action: "rollPanic", messageId: card.id, roll }),
      ).toEqual([{ ok: false, reason: "TACTICA.Chat.badDice" }]),
    );
    expect(writes).toEqual([]);
    expect(snapshot(squad, card)).toEqual(before);
  });
});

// The console attacks on the change after 98a0628: the push action's `offered` (src/chat/kinds/kind.ts
// `rollButtons` asks it on every render of every roll card, for every viewer) and its reading of the
// card's actor (src/chat/kinds/pool.ts `limitLowered`), the refusal's `{max}`, and the score test's
// push (D-43), which the recorded limit and the actor's limit do not govern.
describe("D-8: the Push button's `offered` against forged cards", () => {
  const DAMAGED = "tactica-card--damaged";
  const NOT_ALLOWED = { ok: false, reason: "TACTICA.Chat.notAllowed" };

  /** The card as each viewer sees it: never the damaged notice; the buttons of each. */
  async function viewed(card: TacticaChatMessage): Promise<Record<string, string[]>> {
    const seen: Record<string, string[]> = {};
    for (const user of ["player-2", "player-1", "gm-1"]) {
      const html = await w.renderAs(user, card);
      expect(html, user).not.toContain(DAMAGED);
      seen[user] = buttonsOf(html);
    }
    return seen;
  }

  it("a push count forged as no count on the roll: the card still renders for everyone, the push is refused, nothing written", async () => {
    const other = await bobPool();
    // An object compares false to every count: the card offers its Push, which the writer refuses.
    for (const [pushes, refusal, offered] of [
      ["5", PUSHED, []],
      [[9], PUSHED, []],
      [1e308, PUSHED, []],
      [true, PUSHED, []],
      [{}, INVALID, ["push"]],
    ] as const) {
      const card = await bobPool();
      await forgeLast(card, { pushes });
      const label = JSON.stringify(pushes);
      expect(await viewed(card), label).toEqual({ "player-2": offered, "player-1": [], "gm-1": offered });
      await refusedPush(card, refusal, label);
    }
    // The log's other card is untouched by its neighbours: its owner still sees its Push.
    expect((await viewed(other))["player-2"]).toEqual(["push"]);
  });

  it("a card naming another player's actor whose limit is 0: no Push for anyone, and a press is refused without reading that limit", async () => {
    const kara = await w.own("Kara", "character", { system: { aptitudes: { vivacite: { value: 3 } } } }, "player-1");
    await w.as("gm-1", () => kara.update({ "system.pushMax": 0 } as never));
    const card = await bobPool();
    await w.as("player-2", () => card.update({ system: { actorUuid: kara.uuid } } as never));
    expect(await viewed(card)).toEqual({ "player-2": [], "player-1": [], "gm-1": [] });
    const before = snapshot(bob, kara, card);
    const writes = await w.writesDuring(async () => {
      // Kara's owner presses: the card speaks for nobody, so no `pushLimitLowered` with Kara's 0.
      queueDiceFaces([2, 3, 4]);
      expect(await w.click("player-1", "push", card)).toEqual(NOT_ALLOWED);
      queueDiceFaces([2, 3, 4]);
      expect(await w.click("player-2", "push", card)).toEqual(NOT_ALLOWED);
      const roll = await pushDice();
      expect(await raw("player-2", { type: "request", id: "k1", action: "push", messageId: card.id, roll })).toEqual([
        NOT_ALLOWED,
      ]);
    });
    expect(writes).toEqual([]);
    expect(snapshot(bob, kara, card)).toEqual(before);
  });

  it("a card naming a missing actor, the author's unit or the author's npc at limit 0: renders for everyone, refused, nothing written", async () => {
    const squad = await w.own("Escouade", "unit", { system: { strength: { start: 10, current: 10 } } }, "player-2");
    const npc = await w.own("Sergent", "npc", { system: { aptitudes: { vivacite: { value: 3 } } } }, "player-2");
    await w.as("gm-1", () => npc.update({ "system.pushMax": 0 } as never));
    for (const [actorUuid, refusal, label] of [
      ["Actor.missing000000001", NOT_ALLOWED, "missing"],
      [squad.uuid, INVALID, "unit"],
      [npc.uuid, LIMIT("0"), "npc"],
    ] as const) {
      const card = await bobPool();
      await w.as("player-2", () => card.update({ system: { actorUuid } } as never));
      const seen = await viewed(card);
      // Only the unit's card offers a Push, to its owners (no limit to read on a unit); the writer refuses it.
      const offered = label === "unit" ? ["push"] : [];
      expect(seen, label).toEqual({ "player-2": offered, "player-1": [], "gm-1": offered });
      const before = snapshot(bob, squad, npc, card);
      const writes = await w.writesDuring(async () => {
        queueDiceFaces([2, 3, 4]);
        expect(await w.click("player-2", "push", card), label).toEqual(refusal);
        const roll = await pushDice();
        expect(await request("player-2", { action: "push", messageId: card.id!, roll }), label).toEqual(refusal);
      });
      expect(writes, label).toEqual([]);
      expect(snapshot(bob, squad, npc, card), label).toEqual(before);
    }
  });

  it("the refusal's `max` is the stored limit as digits: a limit written as markup, text or a fraction is not stored", async () => {
    await w.as("gm-1", () => bob.update({ "system.pushMax": 3 } as never));
    const card = await bobPool();
    for (const pushMax of [MARKUP, "0<b>", "x", 0.5, -1, null, {}]) {
      // The owner's own sheet write: the schema refuses or cleans it, never stores it.
      await w.as("player-2", () => bob.update({ "system.pushMax": pushMax } as never)).catch(() => undefined);
      expect(Number.isInteger(systemAs<{ pushMax: unknown }>(bob).pushMax), JSON.stringify(pushMax)).toBe(true);
    }
    await w.as("player-2", () => bob.update({ "system.pushMax": 0 } as never));
    queueDiceFaces([2, 3, 4]);
    expect(await w.click("player-2", "push", card)).toEqual(LIMIT("0"));
    await refusedPush(card, LIMIT("0"));
  });
});

describe("D-43: a score test's push against a forged roll and the push limit", () => {
  async function bobScore(): Promise<TacticaChatMessage> {
    queueDiceFaces([1, 4]);
    return (await w.as("player-2", () =>
      bob.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }),
    ))!;
  }

  async function scorePushDice(card: TacticaChatMessage, faces: number[]): Promise<Record<string, unknown>> {
    queueDiceFaces(faces);
    const next = (
      card.lastRoll as unknown as { pushDice(): { evaluate(): Promise<{ toJSON(): unknown }> } }
    ).pushDice();
    return (await next.evaluate()).toJSON() as Record<string, unknown>;
  }

  beforeEach(() => w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true)));

  it("pushed once, its roll forged back to unpushed with a raised limit, and the actor's limit raised: no second push", async () => {
    await w.as("gm-1", () => bob.update({ "system.pushMax": 3 } as never));
    const card = await bobScore();
    const roll = await scorePushDice(card, [4]);
    expect(await request("player-2", { action: "push", messageId: card.id!, roll })).toEqual({ ok: true });
    const after = snapshot(bob);
    for (const options of [{ pushes: 0, maxPushes: 5 }, { pushes: -1 }, { pushes: "0" }, { pushes: null }]) {
      await forgeLast(card, options);
      const label = JSON.stringify(options);
      expect(await request("player-2", { action: "push", messageId: card.id!, roll }), label).toMatchObject({
        ok: false,
      });
      expect(snapshot(bob), label).toEqual(after);
    }
    expect(pushesKept(card)).toBe(1);
  });

  it("a pool card whose last roll is forged into a score test, to dodge a limit of 0: invalid, nothing written", async () => {
    const card = await bobPool();
    await w.as("gm-1", () => bob.update({ "system.pushMax": 0 } as never));
    const score = await bobScore();
    await w.as("player-2", () => card.update({ rolls: score.rolls.map((r) => JSON.stringify(r)) } as never));
    const roll = await scorePushDice(card, [4]);
    const before = snapshot(bob, card);
    const writes = await w.writesDuring(async () =>
      expect(await request("player-2", { action: "push", messageId: card.id!, roll })).toEqual(INVALID),
    );
    expect(writes).toEqual([]);
    expect(snapshot(bob, card)).toEqual(before);
  });
});

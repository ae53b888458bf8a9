import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeUser } from "./fake-world";
import { queueDiceFaces } from "./fake-dice";
import type { TacticaActor } from "../../src/documents/actor";

// What the active GM accepts from the socket (src/chat/gm.ts): a request's shape and bounds, an
// answer's shape, how many unanswered requests it holds, and the one queue's order. The channel's
// journeys across clients are in chat-channel.test.ts and the console attacks in
// security-chat.test.ts; this file holds the edges of each bound, one value on each side.

let w: ChatWorld;

beforeEach(async () => {
  w = await chatWorld();
});

afterEach(() => {
  vi.useRealTimers();
});

const base = { type: "request", id: "r1", action: "push", messageId: "m1" };

describe("a request, as the GM reads it", () => {
  it("keeps exactly the fields of a card request, and no absent optional field", () => {
    expect(w.gm.parseRequest({ ...base, userId: "gm-1", isGM: true })).toEqual({
      id: "r1",
      action: "push",
      messageId: "m1",
    });
    const full = w.gm.parseRequest({ ...base, targetIndex: 0, index: 0, roll: { class: "PoolRoll" } });
    expect(full).toEqual({
      id: "r1",
      action: "push",
      messageId: "m1",
      targetIndex: 0,
      index: 0,
      roll: { class: "PoolRoll" },
    });
    expect(Object.keys(w.gm.parseRequest(base)!)).toEqual(["id", "action", "messageId"]);
  });

  it("takes an id of 1 to 64 characters, a message id of at most 64", () => {
    expect(w.gm.parseRequest({ ...base, id: "x" })).not.toBeNull();
    expect(w.gm.parseRequest({ ...base, id: "x".repeat(64) })).not.toBeNull();
    expect(w.gm.parseRequest({ ...base, messageId: "x".repeat(64) })).not.toBeNull();
    for (const bad of [
      { ...base, id: "" },
      { ...base, id: "x".repeat(65) },
      { ...base, id: 7 },
      { ...base, messageId: "x".repeat(65) },
      { ...base, messageId: 7 },
      { ...base, type: "response" },
      null,
      ["request"],
    ])
      expect(w.gm.parseRequest(bad)).toBeNull();
  });

  it("takes only the writer's actions: not the clicker's own roll, not an inherited name", () => {
    for (const action of ["push", "chooseDie", "applyPressure", "defend", "resist", "applyDamage"])
      expect(w.gm.parseRequest({ ...base, action })?.action).toBe(action);
    for (const action of ["moraleTest", "toString", "__proto__", "constructor", "", 3])
      expect(w.gm.parseRequest({ ...base, action })).toBeNull();
  });

  it("takes a row or die index from 0 to 999, whole", () => {
    for (const key of ["targetIndex", "index"] as const) {
      expect(w.gm.parseRequest({ ...base, [key]: 0 })?.[key]).toBe(0);
      expect(w.gm.parseRequest({ ...base, [key]: 999 })?.[key]).toBe(999);
      for (const bad of [-1, 1000, 1.5, "1", null, Number.NaN])
        expect(w.gm.parseRequest({ ...base, [key]: bad })).toBeNull();
    }
  });

  it("takes dice that are an object serialising to at most 16 000 characters", () => {
    // `{"p":"…"}` is 8 characters around the padding.
    const sized = (chars: number) => ({ p: "x".repeat(chars - 8) });
    expect(JSON.stringify(sized(w.gm.MAX_ROLL_CHARS))).toHaveLength(16_000);
    expect(w.gm.parseRequest({ ...base, roll: sized(16_000) })?.roll).toEqual(sized(16_000));
    expect(w.gm.parseRequest({ ...base, roll: sized(16_001) })).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [cyclic, "3d6", [1, 2], null, 6]) expect(w.gm.parseRequest({ ...base, roll: bad })).toBeNull();
  });
});

/** Kara's pool card (player-1's), to send a push for. */
async function poolCard(): Promise<{ kara: TacticaActor; id: string }> {
  const kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3 } }, willpower: { value: 3 } },
  });
  queueDiceFaces([1, 3, 2]);
  const message = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
  return { kara, id: message.id! };
}

describe("an answer, as the requester reads it", () => {
  /** A push from player-1 the active GM never answers; `answer` is what a second GM sends back. */
  async function answered(result: unknown): Promise<unknown> {
    const { id } = await poolCard();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    w.socket.silenced.add("gm-1");
    w.data.users.set("gm-2", new FakeUser("gm-2", "Second GM", true));
    w.socket.silenced.add("gm-2");
    const pending = w.as("player-1", () => w.gm.requestCardAction({ action: "push", messageId: id, roll: {} }));
    const request = w.socket.sent.find((s) => (s.args[0] as { type?: string }).type === "request")!;
    const requestId = (request.args[0] as { id: string }).id;
    w.as("gm-2", () => w.socket.emit("system.tactica", { type: "response", id: requestId, to: "player-1", result }));
    await vi.advanceTimersByTimeAsync(w.gm.ANSWER_TIMEOUT_MS);
    return pending;
  }

  const noAnswer = { ok: false, reason: "TACTICA.Chat.noAnswer" };

  it("takes a GM's answer with its reason and its values, as text", async () => {
    expect(await answered({ ok: false, reason: "TACTICA.Chat.delay.notActing", data: { name: "Kara", n: 3 } })).toEqual(
      { ok: false, reason: "TACTICA.Chat.delay.notActing", data: { name: "Kara", n: "3" } },
    );
  });

  it("takes a bare success as it is, with no reason or values added", async () => {
    const result = await answered({ ok: true, extra: "dropped", data: "not values" });
    expect(result).toEqual({ ok: true });
    expect(Object.keys(result as object)).toEqual(["ok"]);
  });

  it("ignores an answer that is no result: no ok flag, or a reason that is not one of Tactica's keys", async () => {
    for (const result of [{ ok: "yes" }, { reason: "TACTICA.Chat.failed" }, { ok: false, reason: "<b>pwned</b>" }]) {
      w = await chatWorld();
      expect(await answered(result)).toEqual(noAnswer);
      vi.useRealTimers();
    }
    w = await chatWorld();
    expect(await answered({ ok: false, reason: 42 })).toEqual(noAnswer);
  });

  it("waits ANSWER_TIMEOUT_MS, not less, before it says no GM answered", async () => {
    const { id } = await poolCard();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    w.socket.silenced.add("gm-1");
    let settled: unknown = null;
    void w
      .as("player-1", () => w.gm.requestCardAction({ action: "push", messageId: id, roll: {} }))
      .then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(w.gm.ANSWER_TIMEOUT_MS - 1);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual(noAnswer);
  });
});

describe("what the GM holds", () => {
  it("holds at most 8 unanswered requests per sender and 64 in all, and takes more once they are answered", async () => {
    const { id } = await poolCard();
    const message = game.messages!.get(id)!;
    // The GM is busy: player-1's own push hangs on its card write until released.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const update = message.update.bind(message);
    vi.spyOn(message, "update")
      .mockImplementationOnce(async (...args: Parameters<typeof message.update>) => {
        await gate;
        return update(...args);
      })
      .mockImplementation(update);
    queueDiceFaces([1, 6, 1]);
    const honest = w.click("player-1", "push", message as never);
    const ticks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await ticks(10);
    // Nine other players flood the GM with nine requests each (refused once run: they own nothing).
    const flooders = Array.from({ length: 9 }, (_, i) => `flood-${i}`);
    for (const user of flooders) w.data.users.set(user, new FakeUser(user, user, false));
    const flood = (user: string, n: number, tag: string) =>
      w.as(user, () => {
        for (let i = 0; i < n; i++)
          w.socket.emit("system.tactica", {
            type: "request",
            id: `${tag}${i}`,
            action: "push",
            messageId: id,
            roll: {},
          });
      });
    for (const user of flooders) flood(user, 9, "a");
    await ticks(10);
    release();
    expect(await honest).toEqual({ ok: true });
    await w.socket.settled();
    const answersTo = (user: string) =>
      w.socket.sent.filter((s) => s.from === "gm-1" && (s.args[0] as { to?: string }).to === user).length;
    // player-1's push held one place: 7 flooders got 8 each (56), the eighth the last 7, the ninth none.
    expect(flooders.map(answersTo)).toEqual([8, 8, 8, 8, 8, 8, 8, 7, 0]);
    // Once answered, the places are free again: the ninth is heard, and the first as much as before.
    flood("flood-8", 1, "b");
    flood("flood-0", 8, "b");
    await w.socket.settled();
    expect(answersTo("flood-8")).toBe(1);
    expect(answersTo("flood-0")).toBe(16);
  });
});

describe("the one queue", () => {
  it("starts each task once the previous one has settled, a failed one included, in the order queued", async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = w.gm.serialised(async () => {
      order.push("first starts");
      await gate;
      order.push("first ends");
      throw new Error("first fails");
    });
    const second = w.gm.serialised(async () => {
      order.push("second");
      return 2;
    });
    const third = w.gm.serialised(async () => {
      order.push("third");
      return 3;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(["first starts"]);
    release();
    await expect(first).rejects.toThrow("first fails");
    expect(await second).toBe(2);
    expect(await third).toBe(3);
    expect(order).toEqual(["first starts", "first ends", "second", "third"]);
  });

  it("reports an executor that throws as a failure, and runs the next request", async () => {
    const { id } = await poolCard();
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const message = game.messages!.get(id)!;
    vi.spyOn(message, "update").mockRejectedValueOnce(new Error("connection lost"));
    const gm = w.data.users.get("gm-1")!;
    queueDiceFaces([1, 6, 1]);
    const roll = await w.as("gm-1", async () => {
      const dice = (
        message as unknown as { lastRoll: { pushDice(): { evaluate(): Promise<{ toJSON(): object }> } } }
      ).lastRoll.pushDice();
      return (await dice.evaluate()).toJSON();
    });
    const failed = w.as("gm-1", () => w.gm.execute({ action: "push", messageId: id, roll }, gm as never));
    const next = w.as("gm-1", () => w.gm.execute({ action: "nothing", messageId: id }, gm as never));
    expect(await failed).toEqual({ ok: false, reason: "TACTICA.Chat.failed" });
    expect(await next).toEqual({ ok: false, reason: "TACTICA.Chat.invalid" });
    expect(spy).toHaveBeenCalledWith("Tactica | card action failed", "push", expect.any(Error));
  });
});

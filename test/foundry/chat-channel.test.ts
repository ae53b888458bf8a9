import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeUser, USER_ROLES } from "./fake-world";
import { sourceOf, systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// The channel between a clicking user and the active GM (src/chat/gm.ts),
// played across clients on the fake's socket: the request travels from the clicker's client, the
// active GM's client writes, the answer comes back to the clicker alone. The sender is what the
// server attests (the last argument), never a claim in the payload.

let w: ChatWorld;
let kara: TacticaActor;

type Sys = {
  aptitudes: Record<string, { damage: number }>;
  willpower: { value: number };
  profile: { pv: { value: number } };
};

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: {
      aptitudes: { vivacite: { value: 3 } },
      subAptitudes: { reflexe: { value: 1 }, precision: { value: 2 } },
      willpower: { value: 3 },
    },
    items: [
      { _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true, range: "ranged", damage: 4 } },
    ],
  });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Kara's pool card B[1,3,2] S[4] (player-1's). */
async function poolCard(): Promise<TacticaChatMessage> {
  queueDiceFaces([1, 3, 2, 4]);
  return (await kara.rollPool({ aptitude: "vivacite", subAptitude: "reflexe" }, { fastForward: true }))!;
}

const requests = () => w.socket.sent.filter((s) => (s.args[0] as { type?: string }).type === "request");
const responses = () => w.socket.sent.filter((s) => (s.args[0] as { type?: string }).type === "response");

describe("the channel", () => {
  it("carries a player's click to the active GM's client, which writes; the answer goes back to that player", async () => {
    const message = await poolCard();
    queueDiceFaces([1, 6, 1]);
    const from = w.data.db.writes.length;
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    expect(requests().map((r) => r.from)).toEqual(["player-1"]);
    expect(requests()[0]!.args[0]).toMatchObject({ action: "push", messageId: message.id });
    // The dice travel as roll JSON (rolled on the clicker's client), never a user id; only the dice: the
    // roll's class, formula and faces, not its options (the card's names and values), since every client
    // receives the request.
    expect(Object.keys(requests()[0]!.args[0] as object).sort()).toEqual(["action", "id", "messageId", "roll", "type"]);
    const sent = (requests()[0]!.args[0] as { roll: { class: string; options: object; terms: unknown[] } }).roll;
    expect(sent).toMatchObject({ class: "PoolRoll", options: {} });
    expect(JSON.stringify(sent.terms)).toContain('"result":6');
    expect(JSON.stringify(sent)).not.toContain("Kara");
    // The writer's pushed roll on the card has its own options, the push recorded in them.
    expect((message.rolls.at(-1) as unknown as { options: { pushes: number } }).options.pushes).toBe(1);
    expect(responses().map((r) => [r.from, (r.args[0] as { to: string }).to])).toEqual([["gm-1", "player-1"]]);
    const writes = w.data.db.writes.slice(from);
    expect(writes.map((x) => `${x.action} ${x.documentName} by ${w.data.db.writtenBy(x)}`)).toEqual([
      "update Actor by gm-1",
      "update ChatMessage by gm-1",
    ]);
  });

  it("a GM's refusal comes back with its reason, shown to the clicker only — never as 'no GM answered'", async () => {
    const message = await poolCard();
    const errors = await w.errorsDuring(async () =>
      expect(await w.click("stranger", "push", message)).toEqual({ ok: false, reason: "TACTICA.Chat.notAllowed" }),
    );
    expect(errors).toEqual(["Vous n'avez pas le droit de faire cela sur cette carte."]);
    expect(w.data.notifications.messages.filter((m) => m.type === "error").map((m) => m.userId)).toEqual(["stranger"]);
  });

  it("runs an action only as the card's kind declares it: another kind's action on the card is refused, writing nothing", async () => {
    const message = await poolCard();
    const from = w.data.db.writes.length;
    // chooseDie and applyPressure are a pressure card's; a pool card declares only push.
    for (const action of ["chooseDie", "applyPressure", "defend"])
      expect(await w.gm.requestCardAction({ action, messageId: message.id!, index: 0, targetIndex: 0 })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.invalid",
      });
    expect(w.data.db.writes.slice(from)).toEqual([]);
    // Its author relabels the card (their own message): a profile test declares no push, so the pool
    // under it is not pushed, though its roll could be.
    await message.update({ system: { kind: "profile" } } as never);
    queueDiceFaces([6, 6, 6]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: false, reason: "TACTICA.Chat.invalid" });
    expect(await w.gm.requestCardAction({ action: "push", messageId: message.id!, roll: {} })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.invalid",
    });
    expect(w.data.db.writes.slice(from).filter((x) => x.documentName === "Actor")).toEqual([]);
  });

  it("no answer in time is 'no GM answered', and nothing was written", async () => {
    const message = await poolCard();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    w.socket.silenced.add("gm-1");
    const before = sourceOf(message);
    queueDiceFaces([1, 6, 1]);
    const pending = w.click("player-1", "push", message);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toEqual({ ok: false, reason: "TACTICA.Chat.noAnswer" });
    expect(sourceOf(message)).toEqual(before);
  });

  it("takes an answer only from a GM, addressed to the requester, for a pending request", async () => {
    const message = await poolCard();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    w.socket.silenced.add("gm-1");
    w.data.users.set("gm-2", new FakeUser("gm-2", "Second GM", true));
    w.socket.silenced.add("gm-2");
    queueDiceFaces([1, 6, 1]);
    const pending = w.click("player-1", "push", message);
    await vi.advanceTimersByTimeAsync(1);
    const id = (requests()[0]!.args[0] as { id: string }).id;
    // A player forging the GM's answer, and a GM's answer meant for someone else: both ignored.
    w.as("player-2", () =>
      w.socket.emit("system.tactica", { type: "response", id, to: "player-1", result: { ok: true } }),
    );
    w.as("gm-2", () => w.socket.emit("system.tactica", { type: "response", id, to: "player-2", result: { ok: true } }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toEqual({ ok: false, reason: "TACTICA.Chat.noAnswer" });
  });

  it("ignores a request that arrives with more than two arguments (an extra one could pose as the sender)", async () => {
    const message = await poolCard();
    queueDiceFaces([1, 6, 1]);
    const roll = (
      await (message.lastRoll as unknown as { pushDice(): { evaluate(): Promise<{ toJSON(): unknown }> } })
        .pushDice()
        .evaluate()
    ).toJSON();
    const from = w.data.db.writes.length;
    // player-2 co-owns nothing here; naming the GM as a second argument must not make it the GM's request.
    w.as("player-2", () =>
      w.socket.emit(
        "system.tactica",
        { type: "request", id: "forged1", action: "push", messageId: message.id, roll },
        "gm-1",
      ),
    );
    await w.socket.settled();
    expect(w.data.db.writes.slice(from)).toEqual([]);
    expect(responses()).toEqual([]);
  });

  it("any GM is a GM: an assistant's click is run by the active GM with the assistant's GM rights", async () => {
    w.data.users.set("assistant", new FakeUser("assistant", "Assistant", true, true, USER_ROLES.ASSISTANT));
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { pv: { value: 10, max: 10 } } },
    });
    queueDiceFaces([6, 6]);
    const message = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    const from = w.data.db.writes.length;
    expect(await w.click("assistant", "applyDamage", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(requests().at(-1)!.from).toBe("assistant");
    expect(systemAs<Sys>(vex).profile.pv.value).toBe(6);
    expect(w.data.db.writes.slice(from).every((x) => w.data.db.writtenBy(x) === "gm-1")).toBe(true);
  });

  it("a second GM who is not the active one sends requests like a player", async () => {
    w.data.users.set("gm-2", new FakeUser("gm-2", "Second GM", true));
    const message = await poolCard();
    queueDiceFaces([1, 6, 1]);
    expect(await w.click("gm-2", "push", message)).toEqual({ ok: true });
    expect(requests().map((r) => r.from)).toEqual(["gm-2"]);
    expect(systemAs<Sys>(kara).willpower.value).toBe(5); // two base banes: 3 + 2
  });

  it("with no GM connected, a click runs on the clicker's client only when they may write every document it writes", async () => {
    w.data.users.get("gm-1")!.active = false;
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { pv: { value: 10, max: 10 } } },
    });
    queueDiceFaces([6, 6]);
    const message = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    // Vex's owner may write Vex, not player-1's message: refused, nothing written.
    const before = [sourceOf(message), sourceOf(vex)];
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.noGM",
    });
    expect([sourceOf(message), sourceOf(vex)]).toEqual(before);
    expect(requests()).toEqual([]);
    // player-1 attacking their own Kara writes the message and Kara: alone is enough.
    await message.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("hit");
  });
});

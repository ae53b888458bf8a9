import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { sourceOf, systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// RULES §3, DESIGN §4: a push is rolled by the clicker and applied once by the active GM — under a
// double click, under three clients — with its consequences and its key in one actor update, then
// the card; a stranger is refused.

type Sys = { aptitudes: Record<string, { value: number; damage: number }>; willpower: { value: number } };

let w: ChatWorld;
let actor: TacticaActor;

async function kara(o: { type?: string; willpower?: number; gearBonus?: number } = {}) {
  return w.createActor({
    name: "Kara",
    type: o.type ?? "character",
    ownership: { default: 0, "player-1": 3, "player-2": 3 },
    system: {
      aptitudes: { vivacite: { value: 3, damage: 0 } },
      subAptitudes: { reflexe: { value: 1 } },
      willpower: { value: o.willpower ?? 3 },
    },
    items: [
      {
        _id: "rifle0000000001",
        name: "Fusil <laser>",
        type: "weapon",
        system: { gearBonus: o.gearBonus ?? 1, equipped: true },
      },
    ],
  });
}

/** First roll B[1,3,2] S[4] G[2] (G only with a gear bonus), then push faces. */
async function poolCard(gear = true): Promise<TacticaChatMessage> {
  queueDiceFaces(gear ? [1, 3, 2, 4, 2] : [1, 3, 2, 4]);
  const message = await actor.rollPool(
    { aptitude: "vivacite", subAptitude: "reflexe", itemId: gear ? "rifle0000000001" : null },
    { fastForward: true },
  );
  expect(message).not.toBeNull();
  return message!;
}

beforeEach(async () => {
  w = await chatWorld();
  actor = await kara();
});

describe("push", () => {
  it("appends the pushed roll to the same message and applies the consequences once, one update per document", async () => {
    const message = await poolCard();
    queueDiceFaces([1, 6, 1, 1]); // rerolls B3 B2 S4 G2 → B[1,1,6] S[1] G[1]
    const writes = await w.writesDuring(async () =>
      expect(await w.click("player-1", "push", message)).toEqual({ ok: true }),
    );
    // The effect and its key first (one actor update), then the card (display).
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    expect(message.rolls).toHaveLength(2);
    expect(message.card!.pushes).toBe(1);
    const sys = systemAs<Sys>(actor);
    expect(sys.aptitudes.vivacite!.damage).toBe(2);
    expect(sys.willpower.value).toBe(5);
    expect(systemAs<{ gearBonus: number }>(actor.items.get("rifle0000000001")).gearBonus).toBe(0);
    expect(w.messages()).toHaveLength(1);
  });

  it("pushes once under a double click of the same user", async () => {
    const message = await poolCard();
    queueDiceFaces([1, 6, 1, 1, 1, 1, 1, 1]);
    const results = await Promise.all([w.click("player-1", "push", message), w.click("player-1", "push", message)]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)?.reason).toBe("TACTICA.Chat.alreadyPushed");
    expect(message.rolls).toHaveLength(2);
    expect(systemAs<Sys>(actor).aptitudes.vivacite!.damage).toBe(2);
    expect(systemAs<Sys>(actor).willpower.value).toBe(5);
  });

  it("pushes once when three clients click together (each rolls its own dice; one push lands)", async () => {
    const message = await poolCard();
    queueDiceFaces([1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1]);
    const results = await Promise.all([
      w.click("player-1", "push", message),
      w.click("player-2", "push", message),
      w.click("gm-1", "push", message),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(message.rolls).toHaveLength(2);
    expect(systemAs<Sys>(actor).willpower.value).toBe(5);
  });

  it("refuses a stranger and changes nothing", async () => {
    const message = await poolCard();
    const before = [sourceOf(message), sourceOf(actor)];
    const writes = await w.writesDuring(async () =>
      expect(await w.click("stranger", "push", message)).toEqual({ ok: false, reason: "TACTICA.Chat.notAllowed" }),
    );
    expect(writes).toEqual([]);
    expect([sourceOf(message), sourceOf(actor)]).toEqual(before);
  });

  it("caps WP at 10", async () => {
    actor = await kara({ willpower: 9 });
    const message = await poolCard(false);
    queueDiceFaces([1, 1, 5]); // B[1,1,1] S[5]: three base banes
    await w.click("player-1", "push", message);
    expect(systemAs<Sys>(actor).willpower.value).toBe(10);
    expect(systemAs<Sys>(actor).aptitudes.vivacite!.damage).toBe(3);
  });

  it("gives no WP to an npc, which still takes the aptitude damage", async () => {
    actor = await kara({ type: "npc" });
    const message = await poolCard(false);
    queueDiceFaces([1, 1, 5]);
    await w.click("player-1", "push", message);
    expect(systemAs<Sys>(actor).willpower.value).toBe(3);
    expect(systemAs<Sys>(actor).aptitudes.vivacite!.damage).toBe(3);
  });

  it("never takes the gear bonus below 0", async () => {
    actor = await kara({ gearBonus: 2 });
    queueDiceFaces([6, 6, 6, 6, 2, 2]);
    const message = (await actor.rollPool(
      { aptitude: "vivacite", subAptitude: "reflexe", itemId: "rifle0000000001" },
      { fastForward: true },
    ))!;
    // The GM lowered the bonus to 1 since the roll; both gear dice come up 1 on the push.
    await actor.items.get("rifle0000000001")!.update({ system: { gearBonus: 1 } });
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    expect(systemAs<{ gearBonus: number }>(actor.items.get("rifle0000000001")).gearBonus).toBe(0);
  });

  it("with no GM connected: the author who owns the actor pushes locally; another owner is told no GM is connected", async () => {
    w.data.users.get("gm-1")!.active = false;
    const message = await poolCard();
    const before = sourceOf(message);
    // player-2 owns the actor but may not write player-1's message: only a GM could do it.
    expect(await w.click("player-2", "push", message)).toEqual({ ok: false, reason: "TACTICA.Chat.noGM" });
    expect(sourceOf(message)).toEqual(before);
    queueDiceFaces([1, 6, 1, 1]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    expect(message.card!.pushes).toBe(1);
  });
});

import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// A score test's push on the one writer (src/chat/kinds/pool.ts, D-43): only where the world allows
// it — read on the writer, whatever the clicker's client thinks —, once, its effect and key in one
// actor update, the card after; a retry after a failure between the two writes repairs the card.
// The pushed dice themselves are in rules-flows.test.ts (D-43 / C6).

let w: ChatWorld;
let kara: TacticaActor;

type Sys = { aptitudes: Record<string, { damage: number }>; willpower: { value: number } };

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 2 } }, subAptitudes: { reflexe: { value: 4 } }, willpower: { value: 3 } },
  });
});

/** Kara's score test (1 + 4 against 15), and the push's dice JSON as her client rolls them (`faces`). */
async function scoreCard(): Promise<TacticaChatMessage> {
  queueDiceFaces([1, 4]);
  return (await kara.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }))!;
}

async function pushDice(card: TacticaChatMessage, faces: number[]): Promise<object> {
  queueDiceFaces(faces);
  const roll = (card.lastRoll as unknown as { pushDice(): { evaluate(): Promise<{ toJSON(): object }> } }).pushDice();
  return (await roll.evaluate()).toJSON();
}

const push = (card: TacticaChatMessage, roll: object) =>
  w.gm.requestCardAction({ action: "push", messageId: card.id!, roll });

describe("a score test's push", () => {
  it("is refused on the writer while the world does not allow it, with its own reason, writing nothing", async () => {
    const card = await scoreCard();
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const roll = await pushDice(card, [6]);
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", false));
    const writes = await w.writesDuring(async () =>
      expect(await push(card, roll)).toEqual({ ok: false, reason: "TACTICA.Card.score.pushOff" }),
    );
    expect(writes).toEqual([]);
  });

  it("pushes once: one actor update (damage, WP and key), one card update; a second push writes nothing", async () => {
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const card = await scoreCard();
    const roll = await pushDice(card, [1]);
    const writes = await w.writesDuring(async () => expect(await push(card, roll)).toEqual({ ok: true }));
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    expect(systemAs<Sys>(kara).aptitudes.vivacite!.damage).toBe(2);
    expect(systemAs<Sys>(kara).willpower.value).toBe(5);
    expect(card.rolls).toHaveLength(2);
    expect(card.card).toMatchObject({ pushes: 1, consequencesApplied: true });
    const again = await w.writesDuring(async () =>
      expect(await push(card, roll)).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyPushed" }),
    );
    expect(again).toEqual([]);
  });

  it("after a failure between its writes, a retry repairs the card and applies nothing twice", async () => {
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const card = await scoreCard();
    const update = card.update.bind(card);
    vi.spyOn(card, "update").mockRejectedValueOnce(new Error("connection lost")).mockImplementation(update);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await push(card, await pushDice(card, [1]))).toEqual({ ok: false, reason: "TACTICA.Chat.failed" });
    expect(systemAs<Sys>(kara).aptitudes.vivacite!.damage).toBe(2);
    expect(card.rolls).toHaveLength(1);
    expect(await push(card, await pushDice(card, [6]))).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyPushed" });
    expect(card.rolls).toHaveLength(2);
    expect(card.card?.pushes).toBe(1);
    expect((card.lastRoll as unknown as { faces: number[] }).faces).toEqual([1, 1]);
    expect(systemAs<Sys>(kara).aptitudes.vivacite!.damage).toBe(2);
    expect(systemAs<Sys>(kara).willpower.value).toBe(5);
    // Repaired: a third try writes nothing.
    const none = await w.writesDuring(() => push(card, {}));
    expect(none).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";

// A *Différé* action's declaration (src/chat/delayed-actions.ts, RULES §7.2): where it stands, read
// only from what a GM writes (the timeline, the GM's due and lost cards), and its declaration once,
// for the acting combatant, on a running timeline. (Out of turn: security-chat.test.ts R7.)

let w: ChatWorld;
let kara: TacticaActor;
let delayed: typeof import("../../src/chat/delayed-actions");

const mortar = {
  _id: "karaMortar00001",
  name: "Mortier",
  type: "weapon",
  system: { equipped: true, range: "ranged", damage: 1, attributes: [{ key: "delayed", x: 2, focused: true }] },
};

beforeEach(async () => {
  w = await chatWorld();
  delayed = await import("../../src/chat/delayed-actions");
  kara = await w.own("Kara", "character", {
    items: [mortar, { _id: "knife0000000001", name: "Couteau", type: "weapon", system: { equipped: true } }],
  });
});

async function forge(userId: string, system: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", rolls: [], system }),
  ))! as unknown as TacticaChatMessage;
}

async function timeline(): Promise<TacticaCombat> {
  const { createFakeCombat } = await import("./fake-combat");
  await w.fake.settings.set("tactica", "combatMode", "timeline");
  const combat = (await w.as("gm-1", () =>
    createFakeCombat([{ actorId: kara.id!, initiative: 0, name: "Kara" }]),
  )) as unknown as TacticaCombat;
  await w.as("gm-1", () => combat.startCombat());
  return combat;
}

describe("where a Différé action stands", () => {
  it("reads the GM's due card and lost notice only; a player's copy of either says nothing", async () => {
    const id = "source000000001";
    expect(delayed.delayedStatus(id)).toBe("none");
    await forge("player-1", { kind: "delayedDue", sourceMessage: id, label: "Kara" });
    await forge("player-1", {
      kind: "notice",
      sourceMessage: id,
      notice: { key: "TACTICA.Combat.Delayed.Lost", data: {} },
    });
    expect(delayed.delayedStatus(id)).toBe("none");
    // A GM's notice of something else, and a GM's due card of another action, say nothing either.
    await forge("gm-1", { kind: "notice", sourceMessage: id, notice: { key: "TACTICA.Combat.Other", data: {} } });
    await forge("gm-1", { kind: "delayedDue", sourceMessage: "other0000000001", label: "Kara" });
    expect(delayed.delayedStatus(id)).toBe("none");
    await forge("gm-1", {
      kind: "notice",
      sourceMessage: id,
      notice: { key: "TACTICA.Combat.Delayed.Lost", data: {} },
    });
    expect(delayed.delayedStatus(id)).toBe("lost");
    const other = "source000000002";
    await forge("gm-1", { kind: "delayedDue", sourceMessage: other, label: "Kara" });
    expect(delayed.delayedStatus(other)).toBe("due");
  });

  it("is waiting while a combat's timeline holds its marker", async () => {
    const combat = await timeline();
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("karaMortar00001", { fastForward: true }))!;
    expect(combat.timeline!.entries.some((e) => e.id === card.id)).toBe(true);
    expect(delayed.delayedStatus(card.id!)).toBe("waiting");
  });

  it("knows an item's Différé attribute, focused or not", () => {
    expect(delayed.delayedOf(kara.items.get("karaMortar00001")! as never)).toEqual({ x: 2, focused: true });
    expect(delayed.delayedOf(kara.items.get("knife0000000001")! as never)).toBeNull();
    expect(delayed.delayedOf(null)).toBeNull();
  });

  it("reads a Différé that is not Focalisé as such", async () => {
    const plain = {
      ...mortar,
      _id: "lioMortar000001",
      system: { ...mortar.system, attributes: [{ key: "delayed", x: 3, focused: false }] },
    };
    const lio = await w.own("Lio", "character", { items: [plain] });
    expect(delayed.delayedOf(lio.items.get("lioMortar000001")! as never)).toEqual({ x: 3, focused: false });
  });
});

describe("declaring it", () => {
  const declare = (card: TacticaChatMessage) =>
    w.gm.requestCardAction({ action: "declareDelayed", messageId: card.id! });

  it("an actor with two combatants: the marker is the acting one's, whichever token the card names", async () => {
    const { createFakeCombat } = await import("./fake-combat");
    await w.fake.settings.set("tactica", "combatMode", "timeline");
    const combat = (await w.as("gm-1", () =>
      createFakeCombat([
        { actorId: kara.id!, initiative: 4, name: "Kara A" },
        { actorId: kara.id!, initiative: 0, name: "Kara B" },
      ]),
    )) as unknown as TacticaCombat;
    await w.as("gm-1", () => combat.startCombat());
    const acting = combat.turns[0]!;
    expect(acting.name).toBe("Kara B");
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("karaMortar00001", { fastForward: true }))!;
    expect(card.card).toMatchObject({ delayedState: "declared", delayed: 2 });
    const entry = combat.timeline!.entries.find((e) => e.id === card.id) as { ownerId?: string } | undefined;
    expect(entry?.ownerId).toBe(acting.id);
  });

  it("places the marker once; asked again, it refuses and shows the card declared again if its author reset it", async () => {
    const combat = await timeline();
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("karaMortar00001", { fastForward: true }))!;
    expect(card.card).toMatchObject({ delayedState: "declared", delayed: 2 });
    const entries = structuredClone(combat.timeline!.entries);
    expect(await declare(card)).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyApplied" });
    await card.update({ system: { delayedState: "", delayed: null } } as never);
    expect(await declare(card)).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyApplied" });
    expect(card.card).toMatchObject({ delayedState: "declared", delayed: 2 });
    expect(combat.timeline!.entries).toEqual(entries);
    // Already declared on the card: nothing is written.
    expect(await w.writesDuring(() => declare(card))).toEqual([]);
  });

  it("declares nothing for an attack with no Différé, and nothing outside a running timeline", async () => {
    queueDiceFaces([6, 6]);
    const knife = (await kara.attack("knife0000000001", { fastForward: true }))!;
    expect(await declare(knife)).toEqual({ ok: false, reason: "TACTICA.Chat.invalid" });
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("karaMortar00001", { fastForward: true }))!;
    expect(card.card?.delayedState).toBe("");
    expect(
      await w.writesDuring(async () =>
        expect(await declare(card)).toEqual({
          ok: false,
          reason: "TACTICA.Chat.delay.noTimeline",
        }),
      ),
    ).toEqual([]);
    expect(card.card?.delayedState).toBe("");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Who may act on a card (src/chat/authority.ts): from stored documents and the user only. The
// roller's side is the owners of the card's actor when its author owns it; a target's side the
// owners of that row's actor; an item counts only as the card's actor's own.

let w: ChatWorld;
let auth: typeof import("../../src/chat/authority");
let kara: TacticaActor;
let vex: TacticaActor;

beforeEach(async () => {
  w = await chatWorld();
  auth = await import("../../src/chat/authority");
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3 } } },
    items: [{ _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true } }],
  });
  vex = await w.own(
    "Vex",
    "character",
    { items: [{ _id: "knife0000000001", name: "Couteau", type: "weapon", system: { equipped: true } }] },
    "player-2",
  );
});

const user = (id: string) => w.data.users.get(id) as never;

async function card(author: string, actor: TacticaActor): Promise<TacticaChatMessage> {
  return (await w.as(author, () =>
    FakeRollMessage.implementation.create({
      type: "rollCard",
      content: "",
      rolls: [],
      system: { kind: "attack", actorUuid: actor.uuid, targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] },
    }),
  ))! as unknown as TacticaChatMessage;
}

describe("who may press a button", () => {
  it("the roller's side: the owners of the card's actor, when its author owns it", async () => {
    const found = auth.cardAt((await card("player-1", kara)).id!)!;
    for (const side of ["roller", "self"] as const) {
      expect(auth.mayAct(user("player-1"), side, found)).toBe(true);
      expect(auth.mayAct(user("gm-1"), side, found)).toBe(true);
      expect(auth.mayAct(user("player-2"), side, found)).toBe(false);
      expect(auth.mayAct(null, side, found)).toBe(false);
    }
    // player-2 posts a card about Kara: it speaks for nobody, not even for Kara's owner or a GM.
    const forged = auth.cardAt((await card("player-2", kara)).id!)!;
    expect(auth.cardActor(forged)).toBeNull();
    for (const id of ["player-1", "player-2", "gm-1"]) expect(auth.mayAct(user(id), "roller", forged)).toBe(false);
  });

  it("a target's side: the owners of that row's actor (a GM owns every actor); no row, no one", async () => {
    const found = auth.cardAt((await card("player-1", kara)).id!)!;
    for (const side of ["target", "targetOrGM"] as const) {
      expect(auth.mayAct(user("player-2"), side, found, 0)).toBe(true);
      expect(auth.mayAct(user("gm-1"), side, found, 0)).toBe(true);
      expect(auth.mayAct(user("player-1"), side, found, 0)).toBe(false);
      expect(auth.mayAct(user("stranger"), side, found, 0)).toBe(false);
      for (const index of [undefined, 1, -1]) expect(auth.mayAct(user("gm-1"), side, found, index)).toBe(false);
      expect(auth.mayAct(undefined, side, found, 0)).toBe(false);
    }
  });
});

describe("what a card names", () => {
  it("an item only as an embedded item of the card's actor", async () => {
    const rifle = kara.items.get("rifle0000000001")!;
    const knife = vex.items.get("knife0000000001")!;
    expect(auth.cardItem(kara as never, rifle.uuid)).toBe(rifle);
    expect(auth.cardItem(kara as never, knife.uuid)).toBeNull();
    expect(auth.cardItem(kara as never, kara.uuid)).toBeNull();
    expect(auth.cardItem(kara as never, "")).toBeNull();
    expect(auth.cardItem(kara as never, null)).toBeNull();
  });

  it("an actor only as an actor, a message only as a world message", async () => {
    expect(auth.actorAt(kara.uuid)).toBe(kara);
    expect(auth.actorAt(kara.items.get("rifle0000000001")!.uuid)).toBeNull();
    expect(auth.actorAt("Actor.gone00000000001")).toBeNull();
    expect(auth.actorAt(undefined)).toBeNull();
    expect(auth.messageAt(null)).toBeNull();
    expect(auth.messageAt("gone00000000001")).toBeNull();
    queueDiceFaces([1, 2, 3]);
    const pool = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    expect(auth.messageAt(pool.id)).toBe(pool);
    expect(auth.cardAt(pool.id!)?.card.kind).toBe("pool");
    const plain = await FakeRollMessage.implementation.create({ content: "hello" });
    expect(auth.cardAt((plain as unknown as { id: string }).id)).toBeNull();
  });
});

describe("without a GM", () => {
  it("a request runs locally only for who may write the card and the actor, or the card and the row's target", async () => {
    const mine = await card("player-1", kara);
    const request = { action: "defend", messageId: mine.id!, targetIndex: 0 };
    expect(auth.writesCardAndActor(request, user("player-1"))).toBe(true);
    expect(auth.writesCardAndActor(request, user("player-2"))).toBe(false);
    // player-1 writes the card, not Vex; player-2 writes Vex, not the card.
    expect(auth.writesCardAndTarget(request, user("player-1"))).toBe(false);
    expect(auth.writesCardAndTarget(request, user("player-2"))).toBe(false);
    expect(auth.writesCardAndTarget(request, user("gm-1"))).toBe(true);
    expect(auth.writesCardAndTarget({ ...request, targetIndex: 1 }, user("gm-1"))).toBe(false);
    expect(auth.writesCardAndActor({ ...request, messageId: "gone00000000001" }, user("gm-1"))).toBe(false);
    // A card about Kara by player-2: no one acts for Kara through it.
    const forged = await card("player-2", kara);
    expect(auth.writesCardAndActor({ ...request, messageId: forged.id! }, user("player-2"))).toBe(false);
  });
});

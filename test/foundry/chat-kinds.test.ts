import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// The table of card kinds (src/chat/kinds/index.ts) and the generic code that reads it: which kind
// and action a stored name is, which actions a client may send the one writer, the card a card
// shows again and its redraw, and the price of a card's action for End action, from the last
// genuine card only.

let w: ChatWorld;
let kinds: typeof import("../../src/chat/kinds/index");
let kara: TacticaActor;

beforeEach(async () => {
  w = await chatWorld();
  kinds = await import("../../src/chat/kinds/index");
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3 } }, psyker: { mastery: 2 }, profile: { ac: { value: 8 } } },
    items: [{ _id: "power0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "end" } }],
  });
});

/** A card its author `userId` posts as they like (the server lets an author write their message). */
async function forge(userId: string, system: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", rolls: [], system }),
  ))! as unknown as TacticaChatMessage;
}

describe("the table", () => {
  it("knows every kind the card schema accepts, and no other name", async () => {
    const { CARD_KINDS } = await import("../../src/data/chat/roll-card");
    for (const kind of CARD_KINDS) expect(kinds.kindOf(kind), kind).not.toBeNull();
    for (const name of ["", "nope", "toString", "__proto__", "constructor"]) expect(kinds.kindOf(name)).toBeNull();
  });

  it("gives each action its side, the first kind's that declares it; an inherited name is no action", () => {
    expect(kinds.sideOf("push")).toBe("roller");
    expect(kinds.sideOf("chooseDie")).toBe("roller");
    expect(kinds.sideOf("defend")).toBe("target");
    expect(kinds.sideOf("resist")).toBe("target");
    expect(kinds.sideOf("applyDamage")).toBe("targetOrGM");
    expect(kinds.sideOf("moraleTest")).toBe("self");
    for (const name of ["toString", "hasOwnProperty", "nothing"]) expect(kinds.sideOf(name)).toBeNull();
  });

  it("lets a client send the one writer every action but the clicker's own rolls, each once", () => {
    const names = kinds.writerActionNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain("moraleTest");
    for (const name of ["push", "chooseDie", "applyPressure", "defend", "applyDamage", "declareDelayed", "resist"])
      expect(names).toContain(name);
    // Every name is an action of some kind, on a side the writer runs.
    for (const name of names) expect(["roller", "target", "targetOrGM"]).toContain(kinds.sideOf(name));
  });

  it("names each roll card's button by its action: one entry of a kind and its template's button", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const folder = new URL("../../templates/chat/", import.meta.url);
    const templates = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".hbs"))
      // A template's comments may name a button: only its markup counts.
      .map((file) => readFileSync(new URL(file, folder), "utf8").replace(/\{\{!--[\s\S]*?--\}\}/g, ""));
    const read = new Set(templates.flatMap((text) => [...text.matchAll(/buttons\.(\w+)/g)].map((m) => m[1]!)));
    const onRollCard = new Set(
      Object.values(kinds.KINDS).flatMap((kind) =>
        Object.entries((kind as { actions?: Record<string, { onRollCard?: true }> }).actions ?? {})
          .filter(([, action]) => action.onRollCard)
          .map(([name]) => name),
      ),
    );
    expect([...onRollCard].sort()).toEqual(["applyPressure", "chooseDie", "push", "rollPanic"]);
    // Every button a template shows is an action a kind puts on its roll card, and back.
    expect([...read].sort()).toEqual([...onRollCard].sort());
    for (const name of onRollCard)
      expect(
        templates.some((text) => text.includes(`data-action="${name}"`)),
        name,
      ).toBe(true);
  });

  it("finds a card's action only under its own kind", async () => {
    queueDiceFaces([1, 3, 2]);
    const pool = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    const found = { message: pool, card: pool.card! };
    expect(kinds.actionOf(found as never, "push")?.side).toBe("roller");
    expect(kinds.writerActionOf(found as never, "push")).not.toBeNull();
    for (const name of ["defend", "toString", "moraleTest"]) {
      expect(kinds.actionOf(found as never, name)).toBeUndefined();
      expect(kinds.writerActionOf(found as never, name)).toBeNull();
    }
  });
});

describe("rendering", () => {
  it("a message with no card renders nothing; one whose data cannot be read, the damaged notice", async () => {
    const plain = (await FakeRollMessage.implementation.create({ content: "hello" })) as unknown as TacticaChatMessage;
    expect(await kinds.renderCardContent(plain)).toBe("");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // A pool card with no roll.
    const broken = await forge("player-1", { kind: "pool", actorUuid: kara.uuid });
    expect(textOf(await kinds.renderCardContent(broken))).toBe("Carte illisible : ses données sont abîmées.");
    expect(warn).toHaveBeenCalledWith("Tactica | a card could not be rendered", broken.id, expect.any(Error));
  });

  it("redraws the GM's due card, and only it, when the card it shows changes", async () => {
    queueDiceFaces([1, 3, 2]);
    const source = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    const due = await forge("gm-1", { kind: "delayedDue", sourceMessage: source.id, label: "Kara" });
    // A player's forged due card shows nothing again, and is not redrawn.
    const forged = await forge("player-1", { kind: "delayedDue", sourceMessage: source.id, label: "Kara" });
    // A GM's due card of another card is not redrawn either.
    await forge("gm-1", { kind: "delayedDue", sourceMessage: due.id, label: "Kara" });
    expect(kinds.shownBy({ message: due, card: due.card! } as never)?.message.id).toBe(source.id);
    expect(kinds.shownBy({ message: forged, card: forged.card! } as never)).toBeNull();
    expect(kinds.shownBy({ message: source, card: source.card! } as never)).toBeNull();
    const updated = (globalThis as unknown as { ui: { chat: { updated: string[] } } }).ui.chat.updated;
    updated.length = 0;
    kinds.redrawShowingCards(source);
    expect(updated).toEqual([due.id]);
  });
});

describe("the price of a card's action (End action)", () => {
  /** Kara's successful cast of her power (AC 6). */
  async function cast(): Promise<TacticaChatMessage> {
    queueDiceFaces([3]);
    return (await kara.castPower("power0000000001", { fastForward: true }))!;
  }

  it("is the last genuine card of the actor's, priced from the stored power", async () => {
    const first = await cast();
    queueDiceFaces([1, 3, 2]);
    const pool = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    // The last card is a pool roll: an action the rules give no duration.
    expect(kinds.lastPricedCard(w.messages(), kara)).toEqual({ actor: kara, cost: null });
    expect(kinds.pricedCard(pool)).toEqual({ actor: kara, cost: null });
    expect(kinds.pricedCard(first)).toEqual({
      actor: kara,
      cost: { kind: "power", useCost: 6, concentration: false },
    });
    await cast();
    expect(kinds.lastPricedCard(w.messages(), kara)?.cost).toMatchObject({ kind: "power", useCost: 6 });
  });

  it("skips another actor's card, and a card forged about the actor by someone who does not own her", async () => {
    await cast();
    const vex = await w.own("Vex", "character", {}, "player-2");
    queueDiceFaces([1, 3, 2]);
    await vex.rollPool({ aptitude: "vivacite" }, { fastForward: true });
    // player-2 posts a "pool" card naming Kara: it speaks for nobody.
    await forge("player-2", { kind: "pool", actorUuid: kara.uuid });
    expect(kinds.lastPricedCard(w.messages(), kara)?.cost).toMatchObject({ kind: "power", useCost: 6 });
    expect(kinds.pricedCard(w.messages().at(-1)!)).toBeNull();
    expect(kinds.lastPricedCard(w.messages(), { uuid: "Actor.nobody000000000" })).toBeNull();
    expect(kinds.lastPricedCard(w.messages(), null)).toBeNull();
  });
});

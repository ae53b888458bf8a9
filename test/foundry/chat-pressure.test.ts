import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// A pressure card's two buttons (src/chat/kinds/pressure.ts, RULES §2, D-4): choose the die that
// counts, then apply the bonus once; both the roller's, both gone once the bonus is applied; a die
// that does not exist is refused; a retry after the bonus repairs the card and applies nothing.

let w: ChatWorld;
let brann: TacticaActor;

beforeEach(async () => {
  w = await chatWorld();
  brann = await w.own("Brann", "character", {
    system: { profile: { def: { value: 4 }, co: { value: 5 }, ac: { value: 4 } } },
    items: [
      {
        _id: "gear000000000001",
        name: "Soupape",
        type: "gear",
        // A special ability granting two pressure dice (D-46: one d6 otherwise).
        system: { linked: true, equipped: true, pressureTarget: "def", pressureDice: 2 },
      },
    ],
  });
});

/** Brann's pressure card with two dice, 6 and 1. */
async function twoDice(): Promise<TacticaChatMessage> {
  queueDiceFaces([6, 1]);
  return (await brann.rollPressure("gear000000000001", { fastForward: true, dice: 2 }))!;
}

const chosen = (card: TacticaChatMessage) => (card.lastRoll as unknown as { chosen: { index: number } }).chosen.index;

describe("choosing the die", () => {
  it("shows both buttons to the roller's side only, until the bonus is applied", async () => {
    const card = await twoDice();
    // One choice per die, then Apply.
    for (const user of ["player-1", "gm-1"])
      expect(buttonsOf(await w.renderAs(user, card))).toEqual(["chooseDie", "chooseDie", "applyPressure"]);
    expect(buttonsOf(await w.renderAs("stranger", card))).toEqual([]);
    expect(await w.click("player-1", "applyPressure", card)).toEqual({ ok: true });
    expect(buttonsOf(await w.renderAs("player-1", card))).toEqual([]);
  });

  it("changes which die counts in one write of the card, keeping its rolls", async () => {
    const card = await twoDice();
    const rolls = card.rolls.length;
    const writes = await w.writesDuring(() => w.click("player-1", "chooseDie", card, { index: 1 }));
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update ChatMessage"]);
    expect(card.rolls).toHaveLength(rolls);
    expect(chosen(card)).toBe(1);
    expect(await w.click("player-1", "chooseDie", card, { index: 0 })).toEqual({ ok: true });
    expect(chosen(card)).toBe(0);
  });

  it("refuses a die the roll does not have, or no die, writing nothing", async () => {
    const card = await twoDice();
    for (const index of [2, undefined]) {
      const writes = await w.writesDuring(async () =>
        expect(
          await w.gm.requestCardAction({
            action: "chooseDie",
            messageId: card.id!,
            ...(index === undefined ? {} : { index }),
          }),
        ).toEqual({
          ok: false,
          reason: "TACTICA.Chat.invalid",
        }),
      );
      expect(writes).toEqual([]);
    }
  });

  it("is refused once the bonus is applied: the applied die stays the one that counted", async () => {
    const card = await twoDice();
    expect(await w.click("player-1", "chooseDie", card, { index: 1 })).toEqual({ ok: true });
    expect(await w.click("player-1", "applyPressure", card)).toEqual({ ok: true });
    const writes = await w.writesDuring(async () =>
      expect(await w.gm.requestCardAction({ action: "chooseDie", messageId: card.id!, index: 0 })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.alreadyApplied",
      }),
    );
    expect(writes).toEqual([]);
    expect(chosen(card)).toBe(1);
  });
});

describe("applying the bonus", () => {
  it("applies it once; a retry on a card reset by its author repairs the card, and one already right is not written", async () => {
    const card = await twoDice();
    expect(await w.click("player-1", "applyPressure", card)).toEqual({ ok: true });
    const note = card.card!.notes.at(-1);
    expect(note).toBe("TACTICA.Chat.pressure.window.nextRoll");
    expect(brann.effects.size).toBe(1);
    // The card is its author's: they reset it and ask again.
    await card.update({ system: { followUpDone: false, notes: [] } } as never);
    const repair = await w.writesDuring(async () =>
      expect(await w.gm.requestCardAction({ action: "applyPressure", messageId: card.id! })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.alreadyApplied",
      }),
    );
    expect(repair.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update ChatMessage"]);
    expect(card.card).toMatchObject({ followUpDone: true, notes: [note] });
    expect(brann.effects.size).toBe(1);
    const none = await w.writesDuring(() => w.gm.requestCardAction({ action: "applyPressure", messageId: card.id! }));
    expect(none).toEqual([]);
  });
});

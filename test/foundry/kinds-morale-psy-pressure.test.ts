import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { sourceOf } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// The card kinds of morale (RULES §5), psychic powers (§4) and pressure (§2) at their edges: the
// refusals of each button's one writer for a card that does not allow it (a passed test, a failed
// cast, a card its author forged or edited, an item gone since), each with its reason and nothing
// written; the repair of a card that missed its write; what a card without a roll shows; and what
// each card's action costs on a timeline (§7.1), priced from the stored documents.

let w: ChatWorld;
// Loaded once the fake's globals exist (the modules read `foundry` when they load).
let ProfileTest: typeof import("../../src/dice/profile-test").ProfileTest;
let PsyRoll: typeof import("../../src/dice/psy-roll").PsyRoll;
let PressureRoll: typeof import("../../src/dice/pressure-roll").PressureRoll;
let recordChange: typeof import("../../src/data/card-keys").recordChange;
let pricedCard: typeof import("../../src/chat/kinds/index").pricedCard;

beforeEach(async () => {
  w = await chatWorld();
  ({ ProfileTest } = await import("../../src/dice/profile-test"));
  ({ PsyRoll } = await import("../../src/dice/psy-roll"));
  ({ PressureRoll } = await import("../../src/dice/pressure-roll"));
  ({ recordChange } = await import("../../src/data/card-keys"));
  ({ pricedCard } = await import("../../src/chat/kinds/index"));
});

/** A card `userId` posts with `data` (its author may write any message data: a forged card). */
async function forge(userId: string, data: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", ...data }),
  ))! as unknown as TacticaChatMessage;
}

/** `roll` evaluated with `faces`, as JSON (a roll a card stores, or dice a request carries). */
async function rolled(roll: Roll, faces: number[]): Promise<Record<string, unknown>> {
  queueDiceFaces(faces);
  return (await roll.evaluate()).toJSON() as unknown as Record<string, unknown>;
}

/** What `act` answered, the errors shown and the database writes it made. */
async function attempt(act: () => Promise<unknown>) {
  let result: unknown;
  let errors: string[] = [];
  const writes = await w.writesDuring(async () => {
    errors = await w.errorsDuring(async () => void (result = await act()));
  });
  return { result, errors, writes: writes.map((x) => `${x.action} ${x.documentName}`) };
}

const INVALID = { ok: false, reason: "TACTICA.Chat.invalid" };
const ALREADY = { ok: false, reason: "TACTICA.Chat.alreadyApplied" };
const FAILED = { ok: false, reason: "TACTICA.Chat.failed" };

/* ------------------------------------------------------------------------------------ morale */

describe("RULES §5: the panic draw's one writer", () => {
  /** A unit of CO 3 owned by player-1 (a 9 fails its morale test, a 1 passes). */
  const squad = () => w.own("Escouade", "unit", { system: { profile: { co: { value: 3 }, ac: { value: 4 } } } });

  it("refuses a draw on a card that allows none — a passed test, a CO or fear test, a card without its roll — drawing and writing nothing", async () => {
    const unit = await squad();
    queueDiceFaces([1]);
    const passed = (await unit.moraleTest({ fastForward: true }))!;
    const failedTest = (purpose: "test" | "fear") =>
      rolled(new ProfileTest("1d10", {}, { characteristic: "co", value: 3, purpose }), [9]);
    const cards = [
      passed,
      await forge("player-1", { rolls: [await failedTest("test")], system: { kind: "morale", actorUuid: unit.uuid } }),
      await forge("player-1", { rolls: [await failedTest("fear")], system: { kind: "morale", actorUuid: unit.uuid } }),
      await forge("player-1", { rolls: [], system: { kind: "morale", actorUuid: unit.uuid } }),
    ];
    const before = sourceOf(unit);
    for (const card of cards) {
      queueDiceFaces([10]);
      const seen = await attempt(() => w.click("player-1", "rollPanic", card));
      expect(seen.result).toEqual(INVALID);
      expect(seen.errors).toEqual(["Cette action ne s'applique plus à cette carte."]);
      expect(seen.writes).toEqual([]);
    }
    expect(sourceOf(unit)).toEqual(before);
    expect(unit.statuses.size).toBe(0);
  });

  it("refuses dice that are not one d10 (badDice), writing nothing; the right die then draws", async () => {
    const unit = await squad();
    queueDiceFaces([9]);
    const card = (await unit.moraleTest({ fastForward: true }))!;
    const Roll = (w.fake.foundry.dice as unknown as { Roll: typeof foundry.dice.Roll }).Roll;
    for (const [formula, faces] of [
      ["1d6", [4]],
      ["2d10", [4, 4]],
    ] as const) {
      const dice = await rolled(new Roll(formula), [...faces]);
      const seen = await attempt(() => w.gm.requestCardAction({ action: "rollPanic", messageId: card.id!, roll: dice }));
      expect(seen.result).toEqual({ ok: false, reason: "TACTICA.Chat.badDice" });
      expect(seen.writes).toEqual([]);
    }
    expect(card.card).toMatchObject({ followUpDone: false, panic: "" });
    queueDiceFaces([4]);
    expect(await w.click("player-1", "rollPanic", card)).toEqual({ ok: true });
    expect(card.card).toMatchObject({ followUpDone: true, panic: "retreat", panicFace: 4, panicDie: 4 });
  });

  it("a key it cannot read (a result no table has, no total, a total that is no number) is a draw made: nothing drawn or written", async () => {
    const unit = await squad();
    for (const stored of [
      { outcome: "routed", face: 4, die: 4 },
      { outcome: "retreat", die: 4 },
      { outcome: "retreat", face: "4", die: 4 },
    ]) {
      queueDiceFaces([9]);
      const card = (await unit.moraleTest({ fastForward: true }))!;
      await w.as("gm-1", () => unit.update(recordChange(unit, card.id!, { panic: stored }) as never));
      queueDiceFaces([1]);
      const seen = await attempt(() => w.click("player-1", "rollPanic", card));
      expect(seen.result).toEqual(ALREADY);
      expect(seen.writes).toEqual([]);
      expect(unit.statuses.size).toBe(0);
      expect(card.card).toMatchObject({ followUpDone: false, panic: "" });
    }
  });

  it("a card that missed the draw recorded before the natural die was kept is repaired: the condition, the result, no die", async () => {
    const unit = await squad();
    queueDiceFaces([9]);
    const card = (await unit.moraleTest({ fastForward: true }))!;
    await w.as("gm-1", () =>
      unit.update(recordChange(unit, card.id!, { panic: { outcome: "retreat", face: 4 } }) as never),
    );
    queueDiceFaces([1]);
    const seen = await attempt(() => w.click("player-1", "rollPanic", card));
    expect(seen.result).toEqual(ALREADY);
    expect(seen.writes).toEqual(["create ActiveEffect", "update ChatMessage"]);
    expect([...unit.statuses]).toEqual(["retreating"]);
    expect(card.card).toMatchObject({ followUpDone: true, panic: "retreat", panicFace: 4, panicDie: null });
  });

  it("a repair whose condition is refused again leaves the card undrawn and says to try again", async () => {
    const unit = await squad();
    queueDiceFaces([9]);
    const card = (await unit.moraleTest({ fastForward: true }))!;
    // A module refuses every creation of the retreat's condition, then stops.
    let refusing = true;
    const hook = w.fake.hooks.on("preCreateActiveEffect", (_doc: unknown, data: unknown) =>
      !(refusing && (data as { statuses?: string[] }).statuses?.includes("retreating")),
    );
    onTestFinished(() => w.fake.hooks.off("preCreateActiveEffect", hook));
    queueDiceFaces([4]);
    expect(await w.click("player-1", "rollPanic", card)).toEqual(FAILED);
    queueDiceFaces([1]);
    const again = await attempt(() => w.click("player-1", "rollPanic", card));
    expect(again.result).toEqual(FAILED);
    expect(again.errors).toEqual([expect.stringContaining("relancer")]);
    expect(again.writes).toEqual([]);
    expect(card.card).toMatchObject({ followUpDone: false, panic: "" });
    refusing = false;
    queueDiceFaces([1]);
    expect(await w.click("player-1", "rollPanic", card)).toEqual(ALREADY);
    expect(card.card).toMatchObject({ followUpDone: true, panic: "retreat", panicFace: 4 });
  });

  it("a draw after a failed rally keeps the card's notes and adds that the die got +1", async () => {
    const unit = await squad();
    await unit.setMoraleState("panicked");
    queueDiceFaces([9]);
    const card = (await unit.rally({ fastForward: true }))!;
    const notes = [...card.card!.notes];
    queueDiceFaces([2]);
    expect(await w.click("player-1", "rollPanic", card)).toEqual({ ok: true });
    expect(card.card!.notes).toEqual([...notes, "TACTICA.Chat.panic.plusOne"]);
    expect(textOf(await w.renderAs("player-1", card))).toContain(
      "Tirage après un ralliement raté : +1 au dé (un total au-delà de 10 compte pour 10).",
    );
  });
});

describe("RULES §5 (D-19, §7.1): a rally's price on a timeline", () => {
  it("is the unit's AC, from the stored actor; a rally card holding a morale test, or no roll, is priced nothing", async () => {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 }, ac: { value: 4 } } } });
    await unit.setMoraleState("panicked");
    queueDiceFaces([9]);
    const rally = (await unit.rally({ fastForward: true }))!;
    expect(pricedCard(rally)).toEqual({ actor: unit, cost: { kind: "rally", ac: 4 } });
    const morale = await rolled(new ProfileTest("1d10", {}, { characteristic: "co", value: 3, purpose: "morale" }), [9]);
    for (const rolls of [[morale], []]) {
      const forged = await forge("player-1", { rolls, system: { kind: "rally", actorUuid: unit.uuid } });
      expect(pricedCard(forged)).toEqual({ actor: unit, cost: null });
    }
  });
});

describe("RULES §5 (D-16): the morale prompt", () => {
  async function prompted(unshakeable: boolean): Promise<TacticaChatMessage> {
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { pv: { value: 10, max: 10 }, co: { value: 6 } }, morale: { unshakeable } },
    });
    await w.as("gm-1", () => vex.applyDamage({ damage: 6, attributes: [] }));
    return w.messages().find((m) => m.card?.kind === "moralePrompt")!;
  }

  it("reads as a failure to answer (a test is owed), and as a success for an unshakeable actor", async () => {
    const owed = await w.renderAs("player-2", await prompted(false));
    expect(owed).toMatch(/class="tactica-card__outcome tactica-outcome--failure"/);
    expect(textOf(owed)).toContain("Test de moral à faire");
    w = await chatWorld();
    const passes = await w.renderAs("player-2", await prompted(true));
    expect(passes).toMatch(/class="tactica-card__outcome tactica-outcome--success"/);
  });

  it("a click without shift opens the test's dialog; closing it posts nothing, says nothing and is no success", async () => {
    const prompt = await prompted(false);
    const Dice = w.fake.CONFIG.Dice as unknown as { ProfileTest: { DIALOG: unknown } };
    const installed = Dice.ProfileTest.DIALOG;
    onTestFinished(() => void (Dice.ProfileTest.DIALOG = installed));
    let opened = 0;
    Dice.ProfileTest.DIALOG = async () => {
      opened++;
      return null;
    };
    const cards = w.messages().length;
    const seen = await attempt(() => w.click("player-2", "moraleTest", prompt));
    expect(opened).toBe(1);
    expect(seen.result).toEqual({ ok: false });
    expect([seen.errors, seen.writes, w.messages().length]).toEqual([[], [], cards]);
  });
});

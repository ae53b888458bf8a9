import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { evaluations, queueDiceFaces } from "./fake-dice";
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
let recordChange: typeof import("../../src/data/card-keys").recordChange;
let pricedCard: typeof import("../../src/chat/kinds/index").pricedCard;

beforeEach(async () => {
  w = await chatWorld();
  ({ ProfileTest } = await import("../../src/dice/profile-test"));
  ({ PsyRoll } = await import("../../src/dice/psy-roll"));
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
      const seen = await attempt(() =>
        w.gm.requestCardAction({ action: "rollPanic", messageId: card.id!, roll: dice }),
      );
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
    const hook = w.fake.hooks.on(
      "preCreateActiveEffect",
      (_doc: unknown, data: unknown) =>
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
    const morale = await rolled(
      new ProfileTest("1d10", {}, { characteristic: "co", value: 3, purpose: "morale" }),
      [9],
    );
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

/* -------------------------------------------------------------------------------------- psy */

describe("RULES §4: a resist's one writer", () => {
  /** Kara's cast of Choc mental (FOR resists, level 2) with `faces`, its one row on the Ork (player-2's, FOR 5). */
  async function castAtOrk(faces: number[]) {
    const kara = await w.own("Kara", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 8 } } },
      items: [
        { _id: "shock0000000001", name: "Choc mental", type: "power", system: { level: 2, cost: 6, resist: "for" } },
      ],
    });
    const ork = await w.own("Ork", "character", { system: { profile: { for: { value: 5 } } } }, "player-2");
    queueDiceFaces(faces);
    const card = (await kara.castPower("shock0000000001", { fastForward: true }))!;
    const row = { actorUuid: ork.uuid, tokenUuid: "", name: "Ork" };
    await card.update({ system: { targets: [row] } } as never);
    return { kara, ork, card, row, power: kara.items.get("shock0000000001")! };
  }

  /** player-2's resist request for row 0 of `card`, with a d10 showing `face`. */
  async function resistRequest(card: TacticaChatMessage, face = 8) {
    const dice = await rolled(new ProfileTest("1d10", {}, { characteristic: "for", value: 5 }), [face]);
    return attempt(() =>
      w.as("player-2", () =>
        w.gm.requestCardAction({ action: "resist", messageId: card.id!, targetIndex: 0, roll: dice }),
      ),
    );
  }

  it("a power whose resist the GM removed, or that is gone: the click is refused before any die, and so is a request", async () => {
    for (const change of ["resist", "deleted"] as const) {
      w = await chatWorld();
      const { ork, card, power } = await castAtOrk([1]);
      await w.as("gm-1", () =>
        change === "deleted" ? power.delete() : power.update({ system: { resist: "" } } as never),
      );
      const before = sourceOf(ork);
      const dice = evaluations.length;
      const click = await attempt(() => w.click("player-2", "resist", card, { targetIndex: 0 }));
      expect(evaluations.length).toBe(dice);
      expect(click.result).toEqual(INVALID);
      expect(click.errors).toEqual(["Cette action ne s'applique plus à cette carte."]);
      expect(click.writes).toEqual([]);
      const sent = await resistRequest(card);
      expect([sent.result, sent.writes]).toEqual([INVALID, []]);
      expect(sourceOf(ork)).toEqual(before);
    }
  });

  it("a cast that failed, or a card of that kind holding a cancel or no roll, gives nothing to resist", async () => {
    const { kara, ork, card, row } = await castAtOrk([10]);
    const cancel = await rolled(new PsyRoll("1d10", {}, { mode: "cancel", level: 2 } as never), [1]);
    const system = {
      kind: "psy",
      actorUuid: kara.uuid,
      itemUuid: kara.items.get("shock0000000001")!.uuid,
      targets: [row],
    };
    const cards = [
      card,
      await forge("player-1", { rolls: [cancel], system }),
      await forge("player-1", { rolls: [], system }),
    ];
    for (const each of cards) {
      const sent = await resistRequest(each);
      expect([sent.result, sent.writes]).toEqual([INVALID, []]);
    }
    expect(ork.flags.tactica).toBeUndefined();
  });

  it("a row its author reset is shown again from the target's record, nothing resisted twice", async () => {
    const { ork, card, row } = await castAtOrk([1]);
    queueDiceFaces([8]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    const resisted = { outcome: "failed", total: 8, against: 5 };
    expect(card.card!.targets[0]).toMatchObject({ ...resisted, dice: [8] });
    const record = sourceOf(ork);
    await card.update({ system: { targets: [row] } } as never);
    expect(card.card!.targets[0]).toMatchObject({ outcome: "pending", total: null, against: null });
    queueDiceFaces([1]);
    const again = await attempt(() => w.click("player-2", "resist", card, { targetIndex: 0 }));
    expect(again.result).toEqual(ALREADY);
    expect(again.errors).toEqual(["C'est déjà fait sur cette carte."]);
    expect(again.writes).toEqual(["update ChatMessage"]);
    expect(card.card!.targets[0]).toMatchObject(resisted);
    expect(sourceOf(ork)).toEqual(record);
    expect(textOf(await w.renderAs("player-1", card))).toContain("Ork ne résiste pas d10 : 8 contre FOR 5");
  });
});

/** Ilse, a psyker (mastery 2, AC 12) with Force: level 5, cost 4, maintenance 2, range « 12 pas ». */
function psyker() {
  return w.own("Ilse", "character", {
    system: { psyker: { mastery: 2 }, profile: { ac: { value: 12 } } },
    items: [
      {
        _id: "force0000000001",
        name: "Force",
        type: "power",
        system: { level: 5, cost: 4, maintenance: 2, range: "12 pas" },
      },
    ],
  });
}

describe("RULES §4 (§7.1): the price of a cast, a cancel and a maintenance, from the stored power", () => {
  it("a cast or a cancel made with concentration says so; a cast whose power is gone is priced nothing", async () => {
    const ilse = await psyker();
    queueDiceFaces([1]);
    const cast = (await ilse.castPower("force0000000001", { fastForward: true, concentration: true }))!;
    expect(pricedCard(cast)?.cost).toEqual({ kind: "power", useCost: 4, concentration: true });
    queueDiceFaces([1]);
    const cancel = (await ilse.cancelPower({ level: 3, concentration: true }, { fastForward: true }))!;
    expect(pricedCard(cancel)?.cost).toEqual({ kind: "cancel", concentration: true });
    await w.as("gm-1", () => ilse.items.get("force0000000001")!.delete());
    expect(pricedCard(cast)).toEqual({ actor: ilse, cost: null });
  });

  it("a card of that kind holding a cancel, or a roll that is no psychic roll claiming a cast, is priced nothing", async () => {
    const ilse = await psyker();
    const system = { kind: "psy", actorUuid: ilse.uuid, itemUuid: ilse.items.get("force0000000001")!.uuid };
    const cancel = await rolled(new PsyRoll("1d10", {}, { mode: "cancel", level: 5 } as never), [1]);
    const claim = await rolled(
      new ProfileTest("1d10", {}, { characteristic: "co", value: 5, mode: "cast" } as never),
      [1],
    );
    for (const roll of [cancel, claim])
      expect(pricedCard(await forge("player-1", { rolls: [roll], system }))).toEqual({ actor: ilse, cost: null });
  });

  it("a maintenance costs the stored power's maintenance: nothing once the GM makes it unmaintainable, or deletes it", async () => {
    const ilse = await psyker();
    queueDiceFaces([1]);
    await ilse.castPower("force0000000001", { fastForward: true });
    const maintained = (await ilse.maintainPower("force0000000001"))!;
    expect(pricedCard(maintained)?.cost).toEqual({ kind: "maintain", maintenanceCost: 2 });
    const power = ilse.items.get("force0000000001")!;
    await w.as("gm-1", () => power.update({ system: { maintenance: null } } as never));
    expect(pricedCard(maintained)?.cost).toBeNull();
    await w.as("gm-1", () => power.delete());
    expect(pricedCard(maintained)).toEqual({ actor: ilse, cost: null });
  });
});

describe("RULES §4 (D-13, R8): the maintain card names the stored power", () => {
  it("by its current name and range; once deleted, by the card's own label, its range unknown", async () => {
    const ilse = await psyker();
    queueDiceFaces([1]);
    await ilse.castPower("force0000000001", { fastForward: true });
    const card = (await ilse.maintainPower("force0000000001"))!;
    const power = ilse.items.get("force0000000001")!;
    await w.as("gm-1", () => power.update({ name: "Force majeure", system: { range: "20 pas" } } as never));
    const renamed = await w.renderAs("player-1", card);
    expect(renamed).toMatch(/class="tactica-card__title">Force majeure</);
    expect(textOf(renamed)).toContain("Portée du pouvoir : 20 pas.");
    await w.as("gm-1", () => power.delete());
    const gone = await w.renderAs("player-1", card);
    expect(gone).toMatch(/class="tactica-card__title">Force</);
    expect(textOf(gone)).toContain("Portée du pouvoir non renseignée");
  });
});

/* --------------------------------------------------------------------------------- pressure */

describe("RULES §2 (D-4): a pressure card's two buttons at their one writer", () => {
  /** Brann (player-1's) and a steam gear on `target` granting two pressure dice (D-46). */
  function brann(target: "def" | "mou"): Promise<TacticaActor> {
    return w.own("Brann", "character", {
      system: { profile: { def: { value: 4 }, mou: { value: 4 }, ac: { value: 4 } } },
      items: [
        {
          _id: "gear000000000001",
          name: "Soupape",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: target, pressureDice: 2 },
        },
      ],
    });
  }

  /** Brann's two-die card (6 and 1) through his gear, with `options` for the roll. */
  async function twoDice(actor: TacticaActor, options: object = {}): Promise<TacticaChatMessage> {
    queueDiceFaces([6, 1]);
    return (await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2, ...options }))!;
  }

  /** The card's roll rewritten by its author with `options` on top of its own. */
  async function edited(card: TacticaChatMessage, options: object): Promise<void> {
    const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
    Object.assign(roll.options, options);
    await card.update({ rolls: [JSON.stringify(roll)] } as never);
  }

  /** The window each of the actor's pressure effects records (`flags.tactica.pressure.window`). */
  const windows = (actor: TacticaActor) =>
    actor.effects.contents.map(
      (e) => (e.flags as { tactica?: { pressure?: { window?: string } } }).tactica?.pressure?.window,
    );

  it("another player's request to choose a die or apply is refused, nothing written", async () => {
    const actor = await brann("def");
    const card = await twoDice(actor);
    for (const request of [{ action: "chooseDie", index: 1 }, { action: "applyPressure" }]) {
      const seen = await attempt(() =>
        w.as("player-2", () => w.gm.requestCardAction({ ...request, messageId: card.id! })),
      );
      expect([seen.result, seen.writes]).toEqual([{ ok: false, reason: "TACTICA.Chat.notAllowed" }, []]);
    }
    expect([actor.effects.size, card.card!.followUpDone]).toEqual([0, false]);
  });

  it("gear unequipped or deleted since the roll, or a card of that kind holding no pressure roll: both refused, nothing written", async () => {
    for (const change of ["unequipped", "deleted", "forged"] as const) {
      w = await chatWorld();
      const actor = await brann("def");
      const gear = actor.items.get("gear000000000001")!;
      let card = await twoDice(actor);
      if (change === "unequipped") await gear.update({ system: { equipped: false } } as never);
      if (change === "deleted") await gear.delete();
      if (change === "forged") {
        const test = await rolled(new ProfileTest("1d10", {}, { characteristic: "def", value: 4 }), [6]);
        card = await forge("player-1", {
          rolls: [test],
          system: { kind: "pressure", actorUuid: actor.uuid, itemUuid: gear.uuid },
        });
      }
      for (const request of [{ action: "chooseDie", index: 1 }, { action: "applyPressure" }]) {
        const seen = await attempt(() => w.gm.requestCardAction({ ...request, messageId: card.id! }));
        expect([seen.result, seen.writes]).toEqual([INVALID, []]);
      }
      expect(actor.effects.size).toBe(0);
    }
  });

  it("C15: a MOU bonus rolled before a pursuit move lasts that move; a DEF card claiming that window keeps DEF's", async () => {
    const mou = await brann("mou");
    const pursuit = await twoDice(mou, { window: "pursuit" });
    expect(await w.click("player-1", "applyPressure", pursuit)).toEqual({ ok: true });
    expect(pursuit.card!.notes).toEqual(["TACTICA.Chat.pressure.window.pursuit"]);
    expect(windows(mou)).toEqual(["pursuit"]);
    w = await chatWorld();
    const def = await brann("def");
    const claim = await twoDice(def);
    await edited(claim, { window: "pursuit" });
    expect(await w.click("player-1", "applyPressure", claim)).toEqual({ ok: true });
    expect(claim.card!.notes).toEqual(["TACTICA.Chat.pressure.window.nextRoll"]);
    expect(windows(def)).toEqual(["nextRoll"]);
  });

  it("a card whose author names a die its roll does not have: the bonus is refused, nothing written", async () => {
    const actor = await brann("def");
    const card = await twoDice(actor);
    await edited(card, { chosen: 5 });
    const seen = await attempt(() => w.click("player-1", "applyPressure", card));
    expect([seen.result, seen.writes]).toEqual([INVALID, []]);
    expect(seen.errors).toEqual(["Cette action ne s'applique plus à cette carte."]);
    expect([actor.effects.size, card.card!.followUpDone]).toEqual([0, false]);
  });

  it("pressure blocked since the roll: Apply is refused, naming the figure, nothing written; unblocked, it applies", async () => {
    const actor = await brann("def");
    const card = await twoDice(actor);
    await actor.setCondition("pressureBlocked", true);
    const seen = await attempt(() => w.click("player-1", "applyPressure", card));
    expect(seen.result).toMatchObject({ ok: false, reason: "TACTICA.Chat.pressure.blocked" });
    expect(seen.errors).toEqual(["Brann ne peut pas faire de jet de pression pour l'instant."]);
    expect(seen.writes).toEqual([]);
    await actor.setCondition("pressureBlocked", false);
    expect(await w.click("player-1", "applyPressure", card)).toEqual({ ok: true });
    expect(card.card!.followUpDone).toBe(true);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { MayPress } from "../../src/chat/card-state";

// The state part of a card (src/chat/card-state.ts) as its template receives it: each target row's
// verdict, tone, facts and buttons, read from the record the one writer left on the target; the
// "no GM" line; and nothing at all for a card with no state. The buttons' permissions are the
// kind's (`may`); here `may` is given, so that the rows' own conditions are what is tested.

let w: ChatWorld;
let kara: TacticaActor;
let vex: TacticaActor;
let state: typeof import("../../src/chat/card-state");
let authority: typeof import("../../src/chat/authority");

beforeEach(async () => {
  w = await chatWorld();
  state = await import("../../src/chat/card-state");
  authority = await import("../../src/chat/authority");
  kara = await w.own("Kara", "character", {
    system: {
      aptitudes: { vivacite: { value: 3 } },
      subAptitudes: { precision: { value: 2 } },
      psyker: { mastery: 2 },
      profile: { ac: { value: 8 } },
    },
    items: [
      { _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true, range: "ranged", damage: 4 } },
      { _id: "power0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "end" } },
      { _id: "power0000000002", name: "Voile", type: "power", system: { level: 2, cost: 6, resist: "" } },
    ],
  });
  vex = await w.own(
    "Vex",
    "character",
    { system: { profile: { pv: { value: 10, max: 10 }, end: { value: 3 } } } },
    "player-2",
  );
});

const anyone: MayPress = () => true;
const nobody: MayPress = () => false;

/** The state of `message` for `userId`, with `may` deciding the buttons. */
function stateOf(message: TacticaChatMessage, userId: string, may: MayPress = anyone) {
  const found = authority.cardAt(message.id!)!;
  return w.as(userId, () => state.cardState(found, w.data.users.get(userId) as never, may));
}

/** Kara's attack card (6 + 6) with one row on Vex: modifier +2, 5 m away. */
async function attackOnVex(): Promise<TacticaChatMessage> {
  queueDiceFaces([6, 6]);
  const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
  await card.update({
    system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex", modifier: 2, distance: 5 }] },
  } as never);
  return card;
}

describe("an attack's row", () => {
  it("waits for its defence: pending, open to Defend only, its distance and modifier as facts", async () => {
    const card = await attackOnVex();
    const row = (await stateOf(card, "player-2"))!.targets[0]!;
    expect(row).toMatchObject({
      index: 0,
      name: "Vex",
      outcome: "pending",
      tone: "pending",
      verdict: "TACTICA.Chat.verdict.attack.pending",
      versus: null,
      natural: null,
      dice: "",
      modifier: 2,
      distance: 5,
      hasFacts: true,
      note: null,
      chain: null,
      canResist: false,
      canDefend: true,
      canApplyDamage: false,
      stun: null,
      stunForGM: false,
    });
    expect((await stateOf(card, "player-2", nobody))!.targets[0]!.canDefend).toBe(false);
  });

  it("once hit: the two totals (the row's modifier added to the attack's), the defence dice, Apply only", async () => {
    const card = await attackOnVex();
    queueDiceFaces([1, 2]);
    expect(await w.click("player-2", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    const attack = (card.lastRoll as unknown as { testTotal: number }).testTotal;
    // The writer stores the row's modifier from the tokens' facts (none here: no scene): a −1 as a cover would give.
    expect(card.card!.targets[0]).toMatchObject({ modifier: 0, distance: null });
    await w.as("gm-1", () =>
      card.update({ system: { targets: [{ ...card.card!.targets[0]!, modifier: -1 }] } } as never),
    );
    const row = (await stateOf(card, "gm-1"))!.targets[0]!;
    expect(row).toMatchObject({
      outcome: "hit",
      tone: "good",
      verdict: "TACTICA.Chat.verdict.attack.hit",
      versus: { attack: attack - 1, defence: 3 },
      natural: null,
      dice: "1 + 2",
      canDefend: false,
      canApplyDamage: true,
      chain: null,
    });
    expect((await stateOf(card, "gm-1", nobody))!.targets[0]!.canApplyDamage).toBe(false);
    expect(await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    const applied = (await stateOf(card, "gm-1"))!.targets[0]!;
    expect(applied.canApplyDamage).toBe(false);
    expect(applied.chain?.at(-1)).toMatchObject({ label: "TACTICA.Chat.chain.pv", last: true });
  });

  it("once missed: the failure tone, no button", async () => {
    queueDiceFaces([1, 1]);
    const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await card.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    const row = (await stateOf(card, "gm-1"))!.targets[0]!;
    expect(row).toMatchObject({ outcome: "miss", tone: "bad", verdict: "TACTICA.Chat.verdict.attack.miss" });
    expect(row).toMatchObject({ canDefend: false, canApplyDamage: false, hasFacts: true, dice: "6 + 6" });
  });

  it("a row with no distance, modifier or dice has no facts; a row with a note opens no defence", async () => {
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await card.update({
      system: {
        targets: [
          { actorUuid: vex.uuid, tokenUuid: "", name: "Vex" },
          { actorUuid: vex.uuid, tokenUuid: "", name: "Vex", note: "TACTICA.Chat.outOfRange", outcome: "miss" },
        ],
      },
    } as never);
    const [plain, noted] = (await stateOf(card, "player-2"))!.targets;
    expect(plain).toMatchObject({ hasFacts: false, distance: null, modifier: 0, canDefend: true });
    // The author conceded the miss (out of range): it reads as their miss, with its note, and no button.
    expect(noted).toMatchObject({ outcome: "miss", tone: "bad", note: "TACTICA.Chat.outOfRange", canDefend: false });
  });

  it("a row whose target is gone shows what the card kept; an outcome no card has reads as unknown", async () => {
    queueDiceFaces([6, 6]);
    const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
    await card.update({
      system: { targets: [{ actorUuid: "Actor.gone00000000001", tokenUuid: "", name: "Ombre", outcome: "resisted" }] },
    } as never);
    const row = (await stateOf(card, "gm-1"))!.targets[0]!;
    expect(row).toMatchObject({ outcome: "resisted", tone: "bad", verdict: "TACTICA.Chat.verdict.unknown" });
    expect(row).toMatchObject({ canDefend: false, canApplyDamage: false });
  });

  it("a declared *Différé* action waits: its rows open no button until it comes due", async () => {
    const card = await attackOnVex();
    await card.update({ system: { delayedState: "declared", delayed: 2 } } as never);
    const context = (await stateOf(card, "player-2"))!;
    expect(context).toMatchObject({ delayedWaiting: true, delayed: 2 });
    expect(context.targets[0]).toMatchObject({ outcome: "pending", canDefend: false, canApplyDamage: false });
  });
});

describe("a power's row", () => {
  /** Kara casts `power` (d10 `face`) at Vex. */
  async function castAtVex(power: string, face: number): Promise<TacticaChatMessage> {
    queueDiceFaces([face]);
    const card = (await kara.castPower(power, { fastForward: true }))!;
    await card.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    return card;
  }

  it("a successful cast of a resisted power opens Resist; the d10 shows on the verdict, never as dice", async () => {
    const card = await castAtVex("power0000000001", 3);
    expect((await stateOf(card, "player-2"))!.targets[0]).toMatchObject({
      outcome: "pending",
      verdict: "TACTICA.Chat.verdict.psy.pending",
      canResist: true,
      canDefend: false,
      canApplyDamage: false,
      natural: null,
    });
    queueDiceFaces([9]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    // Failed to resist: good for the caster.
    expect((await stateOf(card, "player-2"))!.targets[0]).toMatchObject({
      outcome: "failed",
      tone: "good",
      verdict: "TACTICA.Chat.verdict.psy.failed",
      natural: 9,
      dice: "",
      hasFacts: false,
      canResist: false,
    });
  });

  it("no Resist for a power that is not resisted, nor for a failed cast", async () => {
    const success = (card: TacticaChatMessage) => (card.lastRoll as unknown as { isSuccess: boolean }).isSuccess;
    const unresisted = await castAtVex("power0000000002", 3);
    expect(success(unresisted)).toBe(true);
    expect((await stateOf(unresisted, "player-2"))!.targets[0]!.canResist).toBe(false);
    const failed = await castAtVex("power0000000001", 10);
    expect(success(failed)).toBe(false);
    expect((await stateOf(failed, "player-2"))!.targets[0]!.canResist).toBe(false);
  });
});

describe("the card's own lines", () => {
  it("says « no GM » only to a player who sees a button and cannot act alone", async () => {
    const card = await attackOnVex();
    w.data.users.get("gm-1")!.active = false;
    // player-2 may defend Vex, but not write Kara's card without a GM.
    expect((await stateOf(card, "player-2"))!.noGM).toBe(true);
    // No button shown: nothing to say.
    expect((await stateOf(card, "player-2", nobody))!.noGM).toBe(false);
    // The card's actor's owner acts alone; a GM is a GM.
    expect((await stateOf(card, "player-1"))!.noGM).toBe(false);
    expect((await stateOf(card, "gm-1"))!.noGM).toBe(false);
    w.data.users.get("gm-1")!.active = true;
    expect((await stateOf(card, "player-2"))!.noGM).toBe(false);
  });

  it("is nothing for a card with no row, note, panic, effect, AC or delay; any one of them is a state", async () => {
    queueDiceFaces([1, 3, 2]);
    const card = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    expect(await stateOf(card, "player-1")).toBeNull();
    for (const system of [{ notes: ["TACTICA.Chat.noGM"] }, { acSpent: 0 }, { delayed: 0 }]) {
      await card.update({ system: { notes: [], acSpent: null, delayed: null, ...system } } as never);
      const context = (await stateOf(card, "player-1"))!;
      expect(context).toMatchObject({ hasState: true, targets: [], panic: null, effect: null });
      expect(context).toMatchObject({ acSpent: null, delayed: null, notes: [], ...system });
    }
  });

  it("shows the panic drawn as its result box, with its face and icon", async () => {
    queueDiceFaces([1, 3, 2]);
    const card = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    await card.update({ system: { panic: "retreat", panicFace: 4 } } as never);
    // A draw that kept no natural die (ux m1): the total alone is shown.
    expect((await stateOf(card, "player-1"))!.panic).toEqual({
      label: "TACTICA.Panic.retreat.label",
      effect: "TACTICA.Panic.retreat.effect",
      face: 4,
      die: null,
      faceKey: "TACTICA.Chat.panic.face",
      icon: "fa-solid fa-person-running",
    });
    await card.update({ system: { panicDie: 3 } } as never);
    expect((await stateOf(card, "player-1"))!.panic).toMatchObject({ face: 4, die: 3 });
  });
});

// More of the state, from the mutation work of issue 25: both totals on a defended miss and none
// on a conceded one, the facts of a row, a row whose target is gone, the damage chain from the
// target's record, a resist's characteristic once its power is gone, a conceded resist, the
// power's effect text (only a successful cast's, only when written, enriched with the power's
// secrets hidden), and how a rally's panic die reads (RULES §5, ux m1).

const rowOf = async (message: TacticaChatMessage) => (await stateOf(message, "gm-1"))!.targets[0]!;

/** Kara's attack (her two d6 `faces`) with the rows `targets`, as her card's author writes them. */
async function attack(faces: number[], targets: object[]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  const card = (await kara.attack("rifle0000000001", { fastForward: true }))!;
  await card.update({ system: { targets } } as never);
  return card;
}

/** Kara casts Choc (d10 `face`) at Vex. */
async function castAtVex(face: number): Promise<TacticaChatMessage> {
  queueDiceFaces([face]);
  const card = (await kara.castPower("power0000000001", { fastForward: true }))!;
  await card.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
  return card;
}

describe("an attack's row", () => {
  it("a defended miss shows both totals, as a hit does; a miss conceded without a defence (out of range) shows none", async () => {
    const card = await attack([1, 1], [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }]);
    queueDiceFaces([6, 5]);
    expect(await w.click("player-2", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    const attackTotal = (card.lastRoll as unknown as { testTotal: number }).testTotal;
    expect(await rowOf(card)).toMatchObject({ outcome: "miss", versus: { attack: attackTotal, defence: 11 } });
    expect(textOf(await w.renderAs("player-2", card))).toContain(`Manque Vex ${attackTotal} contre 11`);

    const far = await attack(
      [6, 6],
      [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex", note: "TACTICA.Chat.outOfRange", outcome: "miss" }],
    );
    expect(await rowOf(far)).toMatchObject({ outcome: "miss", versus: null, note: "TACTICA.Chat.outOfRange" });
    expect(textOf(await w.renderAs("player-2", far))).not.toContain("contre");
  });

  it("a row with a modifier alone has it as a fact", async () => {
    const card = await attack([6, 6], [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex", modifier: -2 }]);
    expect(await rowOf(card)).toMatchObject({ distance: null, dice: "", modifier: -2, hasFacts: true });
  });

  it("a row still waiting whose target is gone opens no Defend: there is no one to defend", async () => {
    const card = await attack([6, 6], [{ actorUuid: "Actor.gone00000000001", tokenUuid: "", name: "Ombre" }]);
    expect(await rowOf(card)).toMatchObject({ outcome: "pending", canDefend: false, canApplyDamage: false });
  });

  it("the damage chain of an applied hit is the target's record's, whatever the card's author writes on the row", async () => {
    const card = await attack([6, 6], [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    const chain = (await rowOf(card)).chain;
    expect(chain?.at(-1)).toMatchObject({ label: "TACTICA.Chat.chain.pv", last: true });
    const forged = { dealt: 40, field: 0, armour: 0, resistant: 0, pv: 40 };
    await card.update({ system: { targets: [{ ...card.card!.targets[0]!, damage: forged }] } } as never);
    expect((await rowOf(card)).chain).toEqual(chain);
  });
});

describe("a power's row", () => {
  it("a resist names the characteristic rolled under; once the power is gone, the d10 alone", async () => {
    const card = await castAtVex(3);
    queueDiceFaces([9]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await rowOf(card)).toMatchObject({
      outcome: "failed",
      natural: 9,
      against: { label: "TACTICA.Profile.end.abbr", value: 3 },
    });
    await w.as("gm-1", () => kara.items.get("power0000000001")!.delete());
    expect(await rowOf(card)).toMatchObject({ outcome: "failed", natural: 9, against: null });
  });

  it("a resist the caster concedes on their own row (no record on the target) reads as resisted", async () => {
    const card = await castAtVex(3);
    await card.update({
      system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex", outcome: "resisted" }] },
    } as never);
    expect(await rowOf(card)).toMatchObject({
      outcome: "resisted",
      tone: "bad",
      verdict: "TACTICA.Chat.verdict.psy.resisted",
      canResist: false,
    });
  });
});

describe("the power's effect text (RULES §4)", () => {
  const power = () => kara.items.get("power0000000001")!;
  const enriched = () =>
    (w.fake as unknown as { enriched: { html: string; options: { relativeTo?: unknown; secrets?: boolean } }[] })
      .enriched;

  // The fake's enrichHTML records its options and changes nothing: that a secret stays hidden on a
  // player's card is a manual check (docs/manual-checks.md); here, that the card asks core to hide it.
  it("is enriched relative to the power, asking core to hide its secrets", async () => {
    await power().update({ system: { effect: "<p>La cible perd 2 AC.</p>" } } as never);
    const card = await castAtVex(3);
    const from = enriched().length;
    expect(String((await stateOf(card, "player-2"))!.effect)).toBe("<p>La cible perd 2 AC.</p>");
    expect(enriched().slice(from)).toEqual([
      { html: "<p>La cible perd 2 AC.</p>", options: { relativeTo: power(), secrets: false } },
    ]);
  });

  it("is none when the GM wrote none, or only blank space, or when the power is gone", async () => {
    const card = await castAtVex(3);
    expect((await stateOf(card, "gm-1"))!.effect).toBeNull();
    expect(textOf(await w.renderAs("player-2", card))).not.toContain("Effet du pouvoir");
    // Blank space: the field's cleaning trims it on write (as core's HTMLField does), so none is stored.
    await power().update({ system: { effect: "  \n " } } as never);
    expect((await stateOf(card, "gm-1"))!.effect).toBeNull();
    await power().update({ system: { effect: "<p>La cible perd 2 AC.</p>" } } as never);
    expect((await stateOf(card, "gm-1"))!.effect).not.toBeNull();
    await w.as("gm-1", () => power().delete());
    expect((await stateOf(card, "gm-1"))!.effect).toBeNull();
  });

  it("is a power card's only: the same successful cast posted by its author as another kind of card prints none", async () => {
    await power().update({ system: { effect: "<p>La cible perd 2 AC.</p>" } } as never);
    const cast = await castAtVex(3);
    const forged = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({
        type: "rollCard",
        content: "",
        rolls: [JSON.stringify(cast.rolls[0])],
        system: { kind: "pool", actorUuid: kara.uuid, itemUuid: power().uuid, notes: ["TACTICA.Chat.noGM"] },
      }),
    ))! as unknown as TacticaChatMessage;
    expect((await stateOf(forged, "gm-1"))!.effect).toBeNull();
  });
});

describe("the panic drawn (RULES §5)", () => {
  it("each result shows its own icon beside its name", async () => {
    const icons = {
      hold: "fa-solid fa-shield-halved",
      retreat: "fa-solid fa-person-running",
      terror: "fa-solid fa-ghost",
      destroyed: "fa-solid fa-skull",
    };
    queueDiceFaces([1, 3, 2]);
    const card = (await kara.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    for (const [panic, icon] of Object.entries(icons)) {
      await w.as("gm-1", () => card.update({ system: { panic, panicFace: 5 } } as never));
      expect((await stateOf(card, "gm-1"))!.panic).toMatchObject({ label: `TACTICA.Panic.${panic}.label`, icon });
      expect(await w.renderAs("player-1", card)).toContain(`<i class="${icon}" aria-hidden="true"></i>`);
    }
  });

  /** A failed rally of player-1's retreating unit (CO 3, d10 9), its panic drawn with the d10 `die`. */
  async function failedRally(die: number): Promise<TacticaChatMessage> {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 }, ac: { value: 4 } } } });
    await unit.setMoraleState("retreating");
    queueDiceFaces([9]);
    const card = (await unit.rally({ fastForward: true }))!;
    queueDiceFaces([die]);
    expect(await w.click("player-1", "rollPanic", card)).toEqual({ ok: true });
    return card;
  }

  it("after a failed rally (ux m1): the die and its +1; a 10 counts 10; a card that kept no die shows its total alone", async () => {
    const card = await failedRally(8);
    expect((await stateOf(card, "gm-1"))!.panic).toMatchObject({
      face: 9,
      die: 8,
      faceKey: "TACTICA.Chat.panic.faceAfterRally",
    });
    expect(textOf(await w.renderAs("player-1", card))).toContain("8 + 1 = 9");
    expect((await stateOf(await failedRally(10), "gm-1"))!.panic).toMatchObject({
      face: 10,
      die: 10,
      faceKey: "TACTICA.Chat.panic.faceCapped",
    });
    // A card drawn before the natural die was kept on it.
    await w.as("gm-1", () => card.update({ system: { panicDie: null } } as never));
    expect((await stateOf(card, "gm-1"))!.panic).toMatchObject({
      face: 9,
      die: null,
      faceKey: "TACTICA.Chat.panic.face",
    });
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
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

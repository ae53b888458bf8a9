import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { sourceOf, systemAs } from "./world";
import { changesData } from "../../src/compat/effects";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CardRequest, CardResult } from "../../src/chat/gm";

// Third-round player-console attacks (a security review of the rules at the table): each is
// refused, or applied once. *floor* = the attack works, but only on the attacker's own documents,
// which the trust model allows (docs/rules-decisions.md, Trust model).
//
// Cast: gm-1; player-1 owns Kara; player-2 (the attacker) owns Bob, a psyker with a rifle and a
// power resisted with FOR.

let w: ChatWorld;
let ScoreRoll: typeof import("../../src/dice/score-roll").ScoreRoll;
let ProfileTest: typeof import("../../src/dice/profile-test").ProfileTest;
let kara: TacticaActor;
let bob: TacticaActor;

type Sys = { profile: { pv: { value: number } } };

const character = (name: string, owner: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "character",
  ownership: { default: 0, [owner]: 3 },
  system: {
    aptitudes: { vivacite: { value: 3 }, puissance: { value: 3 } },
    subAptitudes: { reflexe: { value: 1 }, precision: { value: 2 } },
    willpower: { value: 3 },
    profile: { pv: { value: 10, max: 10 }, co: { value: 4 }, for: { value: 5 } },
    ...extra,
  },
});

async function world(): Promise<void> {
  w = await chatWorld("fr");
  ({ ScoreRoll } = await import("../../src/dice/score-roll"));
  ({ ProfileTest } = await import("../../src/dice/profile-test"));
  kara = await w.createActor(character("Kara", "player-1"));
  bob = await w.createActor({
    ...character("Bob", "player-2", { psyker: { mastery: 2 } }),
    items: [
      {
        _id: "bobGun000000001",
        name: "Fusil",
        type: "weapon",
        system: { equipped: true, range: "ranged", strength: 3 },
      },
      { _id: "shock0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "for" } },
    ],
  });
}

beforeEach(() => world());
afterEach(() => void vi.useRealTimers());

function request(userId: string, data: CardRequest): Promise<CardResult> {
  return w.as(userId, () => w.gm.requestCardAction(data));
}

async function forgeCard(userId: string, data: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as(userId, () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", ...data }),
  ))! as unknown as TacticaChatMessage;
}

/** Bob's honest attack card (dice `faces`), its one row rewritten to Kara without a token. */
async function bobAttacksKara(faces: [number, number]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  const card = (await w.as("player-2", () => bob.attack("bobGun000000001", { fastForward: true })))!;
  await w.as("player-2", () =>
    card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
  );
  return card;
}

/** Bob's honest cast of Choc (his d10 `face`), its one row rewritten to Kara. */
async function bobCastsAtKara(face: number): Promise<TacticaChatMessage> {
  queueDiceFaces([face]);
  const card = (await w.as("player-2", () => bob.castPower("shock0000000001", { fastForward: true })))!;
  await w.as("player-2", () =>
    card.update({ system: { targets: [{ actorUuid: kara.uuid, tokenUuid: "", name: "Kara" }] } } as never),
  );
  return card;
}

const karaRecord = (card: TacticaChatMessage) =>
  (kara.flags as { tactica?: { cards?: Record<string, { target?: unknown }> } }).tactica?.cards?.[card.id!]?.target;

describe("X1 — D-45 at the one writer: a panicked caster's resisted power", () => {
  it("control, held: Bob under Terreur may not cast Choc from his client (refused before any die)", async () => {
    await w.as("player-2", () => bob.setCondition("terrified", true));
    const errors = await w.errorsDuring(async () =>
      expect(await w.as("player-2", () => bob.castPower("shock0000000001", { fastForward: true }))).toBeNull(),
    );
    expect(errors[0]).toMatch(/^Terreur/);
  });

  it("control, held: a card posted before Terreur records no hit at the defence (attack.ts defend)", async () => {
    const card = await bobAttacksKara([6, 6]);
    await w.as("player-2", () => bob.setCondition("terrified", true));
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.panic.forbidden.rangedAttack",
    });
    expect(karaRecord(card)).toBeUndefined();
  });

  it("held: the same card for a power — the writer records no resist for a caster in Terreur", async () => {
    const card = await bobCastsAtKara(1);
    // The card stands for one posted past Bob's own refusal (or a console-made cast): he is in Terreur now.
    await w.as("player-2", () => bob.setCondition("terrified", true));
    expect(bob.statuses.has("terrified")).toBe(true);
    queueDiceFaces([9]);
    // D-45: a power its target may resist is a ranged attack; the writer asks the stored caster again.
    const result = await w.click("player-1", "resist", card, { targetIndex: 0 });
    expect(result).toMatchObject({ ok: false, reason: "TACTICA.Chat.panic.forbidden.rangedAttack" });
    expect(karaRecord(card)).toBeUndefined();
  });
});

describe("X2 — the trust floor: a player clears their own panic condition", () => {
  it("floor: Bob removes his own Terreur (setCondition, an owner's write) and the defence records the hit", async () => {
    const card = await bobAttacksKara([6, 6]);
    await w.as("gm-1", () => bob.setCondition("terrified", true));
    await w.as("player-2", () => bob.setCondition("terrified", false));
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(karaRecord(card)).toMatchObject({ outcome: "hit" });
  });
});

describe("X3 — F1's class through Active Effects on one's own documents", () => {
  it("control, held: a +500 modifier in the card's roll is refused (F1 fixed)", async () => {
    const card = await bobAttacksKara([1, 1]);
    const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
    roll.options.modifiers = [{ value: 500 }];
    await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
    queueDiceFaces([6, 6]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.modifierOutOfBounds",
    });
  });

  it("control: without the effect, Bob's 1+1 misses Kara's 6+6", async () => {
    const card = await bobAttacksKara([1, 1]);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(karaRecord(card)).toMatchObject({ outcome: "miss" });
  });

  it("held: an Active Effect Bob creates on his own actor (+500 Précision) stays within the field's bound", async () => {
    await w.as("player-2", () =>
      bob.createEmbeddedDocuments("ActiveEffect", [
        { name: "Triche", ...changesData([{ key: "system.subAptitudes.precision.value", type: "add", value: "500" }]) },
      ] as never),
    );
    // Précision is held to its schema's 12 (the most a sheet allows): the attack is 1+1 + (3 + 12), not 1+1 + 503.
    expect(systemAs<{ subAptitudes: { precision: { value: number } } }>(bob).subAptitudes.precision.value).toBe(12);
    const card = await bobAttacksKara([1, 1]);
    expect(card.lastRoll?.total).toBe(17);
    // Kara's 6+6 + (3 + 6 Vigilance, her ranged defence) = 21 beats the writer's own reading of the
    // stored attacker (17; 517 without the bound).
    await w.as("player-1", () => kara.update({ system: { subAptitudes: { vigilance: { value: 6 } } } } as never));
    queueDiceFaces([6, 6]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(karaRecord(card)).toMatchObject({ outcome: "miss", total: 21 });
  });

  it("held: a weapon effect of +500 on its FOR (system.pressure) is a bonus of +4 at most, as the field", async () => {
    const gun = bob.items.get("bobGun000000001")!;
    await w.as("player-2", () =>
      gun.createEmbeddedDocuments("ActiveEffect", [
        { name: "Surpression", ...changesData([{ key: "system.pressure", type: "upgrade", value: "500" }]) },
      ] as never),
    );
    expect(systemAs<{ pressureBonus: number }>(gun).pressureBonus).toBe(4);
    const card = await bobAttacksKara([6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await w.click("player-1", "applyDamage", card, { targetIndex: 0 })).toEqual({ ok: true });
    // FOR 3 + 4 at most: 7 dealt, Kara (no armour) left with 3 of 10 PV.
    expect(card.card?.targets[0]?.damage).toMatchObject({ dealt: 7 });
    expect(systemAs<Sys>(kara).profile.pv.value).toBe(3);
  });
});

describe("X4 — forged modifiers at the one writer (held)", () => {
  const attackForgeries: [string, unknown][] = [
    ["11", [{ value: 11 }]],
    ["6 + 5", [{ value: 6 }, { value: 5 }]],
    ["-11", [{ value: -11 }]],
    ["a string", "500"],
    ["a string value", [{ value: "5" }]],
    ["null (NaN in JSON)", [{ value: null }]],
    ["an object", { 0: { value: 500 }, length: 1 }],
    ["1e308", [{ value: 1e308 }]],
    ["2.5", [{ value: 2.5 }]],
    ["an entry without value", [{}]],
    ["an entry that is a number", [500]],
  ];
  for (const [name, modifiers] of attackForgeries) {
    it(`held: an attack whose modifiers are ${name} records nothing on Kara`, async () => {
      const card = await bobAttacksKara([1, 1]);
      const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
      roll.options.modifiers = modifiers;
      await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
      const before = sourceOf(kara);
      queueDiceFaces([6, 6]);
      const result = await w.click("player-1", "defend", card, { targetIndex: 0 });
      expect(result.ok).toBe(false);
      expect(result.reason).toBe("TACTICA.Chat.modifierOutOfBounds");
      expect(sourceOf(kara)).toEqual(before);
    });
  }

  it("held: +10 is accepted (at the bound), +10 twice is refused", async () => {
    const card = await bobAttacksKara([1, 1]);
    const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
    roll.options.modifiers = [{ value: 10 }, { value: 10 }];
    await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
    queueDiceFaces([6, 6]);
    expect((await w.click("player-1", "defend", card, { targetIndex: 0 })).reason).toBe(
      "TACTICA.Chat.modifierOutOfBounds",
    );
  });

  const castForgeries: [string, unknown][] = [
    ["11", 11],
    ["a string", "5"],
    ["a list", [5]],
    ["2.5", 2.5],
    ["null", null],
  ];
  for (const [name, modifier] of castForgeries) {
    it(`held: a cast whose modifier is ${name} gets no resist recorded on Kara`, async () => {
      const card = await bobCastsAtKara(1);
      const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
      roll.options.modifier = modifier;
      await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
      const before = sourceOf(kara);
      queueDiceFaces([9]);
      const result = await w.click("player-1", "resist", card, { targetIndex: 0 });
      // null reads as "no modifier" (`?? 0`): that one is honest.
      if (modifier === null) expect(result).toEqual({ ok: true });
      else {
        expect(result.ok).toBe(false);
        expect(sourceOf(kara)).toEqual(before);
      }
    });
  }

  it("held: a cast with 40 chanters (an unbounded option) from a mastery-2 caster is refused as invalid", async () => {
    const card = await bobCastsAtKara(1);
    const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
    roll.options.chanters = 40;
    await w.as("player-2", () => card.update({ rolls: [JSON.stringify(roll)] } as never));
    queueDiceFaces([9]);
    expect(await w.click("player-1", "resist", card, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.invalid",
    });
  });
});

describe("X5 — forged dice shapes in the defence and resist requests (held)", () => {
  const shapes: [string, (roll: Record<string, unknown>) => void][] = [
    ["a 7 on a d6", (r) => (((r.terms as Obj[])[0]!.results as Obj[])[0]!.result = 7)],
    ["a 0", (r) => (((r.terms as Obj[])[0]!.results as Obj[])[0]!.result = 0)],
    ["a face of 1.5", (r) => (((r.terms as Obj[])[0]!.results as Obj[])[0]!.result = 1.5)],
    ["a face as text", (r) => (((r.terms as Obj[])[0]!.results as Obj[])[0]!.result = "1")],
    ["a discarded die", (r) => (((r.terms as Obj[])[0]!.results as Obj[])[0]!.discarded = true)],
    ["one die only", (r) => ((r.terms as Obj[])[0]!.results as Obj[]).pop()],
    ["unevaluated", (r) => (r.evaluated = false)],
  ];
  type Obj = Record<string, unknown>;
  for (const [name, forge] of shapes) {
    it(`held: a defence with ${name} is refused, Kara unchanged`, async () => {
      const card = await bobAttacksKara([6, 6]);
      queueDiceFaces([1, 1]);
      const dice = (await new ScoreRoll("2d6", {}, { purpose: "defence", modifiers: [] }).evaluate()).toJSON() as Obj;
      forge(dice);
      const before = sourceOf(kara);
      const result = await request("player-1", {
        action: "defend",
        messageId: card.id!,
        targetIndex: 0,
        roll: dice,
      });
      expect(result.ok).toBe(false);
      expect(sourceOf(kara)).toEqual(before);
    });
  }

  it("held: a resist d10 sent as a d20 showing 20 is refused", async () => {
    const card = await bobCastsAtKara(1);
    queueDiceFaces([20]);
    const dice = (
      await new ProfileTest("1d20", {}, { characteristic: "for", value: 5, purpose: "resist" }).evaluate()
    ).toJSON() as Record<string, unknown>;
    expect(await request("player-1", { action: "resist", messageId: card.id!, targetIndex: 0, roll: dice })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.badDice",
    });
  });
});

describe("X6 — forged requests on the card of another player (held)", () => {
  it("held: Bob defends for Kara, resists for Kara, applies damage on Kara: not allowed", async () => {
    const card = await bobAttacksKara([6, 6]);
    queueDiceFaces([6, 6]);
    const dice = (await new ScoreRoll("2d6", {}, { purpose: "defence", modifiers: [] }).evaluate()).toJSON();
    for (const action of ["defend", "applyDamage"] as const)
      expect(await request("player-2", { action, messageId: card.id!, targetIndex: 0, roll: dice })).toMatchObject({
        ok: false,
        reason: "TACTICA.Chat.notAllowed",
      });
    const cast = await bobCastsAtKara(1);
    expect(await request("player-2", { action: "resist", messageId: cast.id!, targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.notAllowed",
    });
  });

  it("held: a unit as a forged row defends nothing and takes no damage (R11)", async () => {
    const squad = await w.own("Escouade", "unit", { system: { strength: { start: 10, current: 10 } } });
    const card = await bobAttacksKara([6, 6]);
    await w.as("player-2", () =>
      card.update({ system: { targets: [{ actorUuid: squad.uuid, tokenUuid: "", name: "Escouade" }] } } as never),
    );
    const before = sourceOf(squad);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", card, { targetIndex: 0 })).toMatchObject({ ok: false });
    expect(await w.click("gm-1", "applyDamage", card, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.noHit",
    });
    expect(sourceOf(squad)).toEqual(before);
  });
});

describe("X7 — the self-test runner from a player's console", () => {
  it("held: game.tactica.selfTest.run() refuses a player before any batch runs; nothing is written", async () => {
    const api = (w.fake.game as unknown as { tactica: { selfTest: { run(k?: string[]): Promise<unknown> } } }).tactica;
    const writes = await w.writesDuring(async () => {
      await expect(w.as("player-2", () => api.selfTest.run())).rejects.toThrow(/as a GM/);
    });
    expect(writes).toEqual([]);
  });
});

describe("X9 — forged cards priced for End action", () => {
  it("held: a cancel card forged by a non-psyker is priced nothing (D-47)", async () => {
    const { pricedCard } = await import("../../src/chat/kinds/index");
    const { PsyRoll } = await import("../../src/dice/psy-roll");
    await w.as("gm-1", () => bob.update({ system: { psyker: { mastery: 0 } } } as never));
    const errors = await w.errorsDuring(async () =>
      expect(await w.as("player-2", () => bob.cancelPower({ level: 3 }, { fastForward: true }))).toBeNull(),
    );
    expect(errors[0]).toContain("n'est pas un psyker");
    queueDiceFaces([1]);
    const roll = (await new PsyRoll("1d10", {}, { mode: "cancel", level: 3 } as never).evaluate()).toJSON();
    const card = await forgeCard("player-2", { rolls: [roll], system: { kind: "cancel", actorUuid: bob.uuid } });
    expect(pricedCard(card)?.cost ?? null).toBeNull();
    // The same card of a psyker is a cancel.
    await w.as("gm-1", () => bob.update({ system: { psyker: { mastery: 2 } } } as never));
    expect(pricedCard(card)).toMatchObject({ actor: bob, cost: { kind: "cancel" } });
    // A card of that kind whose roll is no cancel — a cast, or no psy roll at all — is priced nothing either.
    const cast = (await new PsyRoll("1d10", {}, { mode: "cast", level: 3 } as never).evaluate()).toJSON();
    const plain = (await new (w.fake.foundry.dice as { Roll: typeof Roll }).Roll("1d10").evaluate()).toJSON();
    for (const roll of [cast, plain]) {
      const forged = await forgeCard("player-2", { rolls: [roll], system: { kind: "cancel", actorUuid: bob.uuid } });
      expect(pricedCard(forged)?.cost ?? null).toBeNull();
    }
  });
});

describe("X11 — the dice a writer shows (src/chat/shown.ts)", () => {
  it("a GM's own request sent without a way to show its dice is run all the same", async () => {
    const card = await bobAttacksKara([6, 6]);
    queueDiceFaces([1, 1]);
    const dice = (await new ScoreRoll("2d6", {}, { purpose: "defence", modifiers: [] }).evaluate()).toJSON();
    expect(await request("gm-1", { action: "defend", messageId: card.id!, targetIndex: 0, roll: dice })).toEqual({
      ok: true,
    });
    expect(karaRecord(card)).toMatchObject({ outcome: "hit" });
  });

  it("dice that cannot be shown are logged, and the defence is written all the same", async () => {
    const card = await bobAttacksKara([6, 6]);
    // Without Dice So Nice the dice sound is played; here core's player fails.
    const audio = (w.fake.foundry as unknown as { audio: { AudioHelper: { play(...a: unknown[]): unknown } } }).audio
      .AudioHelper;
    const play = vi.spyOn(audio, "play").mockImplementation(() => {
      throw new Error("no audio");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      queueDiceFaces([1, 1]);
      expect(await w.click("gm-1", "defend", card, { targetIndex: 0 })).toEqual({ ok: true });
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith("Tactica | the dice could not be shown", expect.any(Error)),
      );
      expect(karaRecord(card)).toMatchObject({ outcome: "hit" });
    } finally {
      play.mockRestore();
      logged.mockRestore();
    }
  });
});

describe("X10 — double clicks and replays on the newest executors (held)", () => {
  it("held: Kara's owner sends the same resist three times at once: one record, one write of Kara", async () => {
    const card = await bobCastsAtKara(1);
    const writes = await w.writesDuring(async () => {
      const results = await Promise.all(
        [9, 2, 3].map((face) => {
          queueDiceFaces([face]);
          return w.click("player-1", "resist", card, { targetIndex: 0 });
        }),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    });
    expect(writes.filter((x) => x.documentName === "Actor")).toHaveLength(1);
  });

  it("held: two rollPanic requests at once on Bob's own failed morale card draw once", async () => {
    const squad = await w.own("Escouade", "unit", { system: { strength: { start: 10, current: 10 } } }, "player-2");
    queueDiceFaces([10]);
    const message = (await w.as("player-2", () => squad.moraleTest({ fastForward: true })))!;
    const results = await Promise.all(
      [2, 10].map((face) => {
        queueDiceFaces([face]);
        return w.click("player-2", "rollPanic", message);
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(message.card?.panicDie).toBe(2);
  });

  it("held: a stale cast card (the power deleted since) resists nothing", async () => {
    const card = await bobCastsAtKara(1);
    await w.as("player-2", () => bob.deleteEmbeddedDocuments("Item", ["shock0000000001"]));
    queueDiceFaces([9]);
    expect(await w.click("player-1", "resist", card, { targetIndex: 0 })).toMatchObject({ ok: false });
    expect(karaRecord(card)).toBeUndefined();
  });
});

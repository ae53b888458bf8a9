import { beforeEach, describe, expect, it, vi } from "vitest";
import { evaluations, queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { sourceOf, systemAs } from "./world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CardRequest, CardResult } from "../../src/chat/gm";

// The push as the one writer decides it (src/chat/kinds/pool.ts; RULES §3, D-8, D-10, D-43), from
// what a console can send it: a card of the wrong shape, a roll with nothing to reroll, dice that
// are not the push's, a push key cleared by the actor's own owner, a card rewritten to before its
// pushes. Each is refused with its own reason and writes nothing; the pushes that land record
// their consequences as applied, and a weapon gone since the roll costs nothing but the aptitude.

let w: ChatWorld;
let PoolRoll: typeof import("../../src/dice/pool-roll").PoolRoll;
let ScoreRoll: typeof import("../../src/dice/score-roll").ScoreRoll;

type Sys = { aptitudes: Record<string, { damage: number }>; willpower: { value: number } };

beforeEach(async () => {
  w = await chatWorld();
  ({ PoolRoll } = await import("../../src/dice/pool-roll"));
  ({ ScoreRoll } = await import("../../src/dice/score-roll"));
});

/** Kara, player-1's character: vivacité 3, réflexe 1, WP 3, a rifle of gear bonus 1; `pushMax` pushes per roll. */
function kara(pushMax = 1): Promise<TacticaActor> {
  return w.own("Kara", "character", {
    system: {
      aptitudes: { vivacite: { value: 3 } },
      subAptitudes: { reflexe: { value: 1 } },
      willpower: { value: 3 },
      pushMax,
    },
    items: [{ _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { gearBonus: 1, equipped: true } }],
  });
}

/** What player-1's console sends the writer: a request, no client-side check. */
function request(data: CardRequest): Promise<CardResult> {
  return w.as("player-1", () => w.gm.requestCardAction(data));
}

/** An evaluated roll of player-1's making, as JSON. */
async function rolled(roll: { evaluate(): Promise<{ toJSON(): unknown }> }, faces: number[]): Promise<object> {
  queueDiceFaces(faces);
  return (await roll.evaluate()).toJSON() as object;
}

/** A card player-1 posts from their console (the server lets them: they are its author). */
async function forgeCard(data: Record<string, unknown>): Promise<TacticaChatMessage> {
  return (await w.as("player-1", () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", ...data }),
  ))! as unknown as TacticaChatMessage;
}

/** Kara's pool on vivacité and réflexe (no item): B×3 S×1 showing `faces`. */
async function pool(actor: TacticaActor, faces: number[]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  return (await actor.rollPool({ aptitude: "vivacite", subAptitude: "reflexe" }, { fastForward: true }))!;
}

/** Kara's score test on réflexe against 15, her two d6 showing `faces`. */
async function scoreTest(actor: TacticaActor, faces: number[]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  return (await actor.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }))!;
}

const pushOf = (card: TacticaChatMessage, roll?: object): CardRequest => ({
  action: "push",
  messageId: card.id!,
  ...(roll ? { roll } : {}),
});

const poolDice = (formula: string, faces: number[]) =>
  rolled(new PoolRoll(formula, {}, { aptitude: "vivacite", aptitudeValue: 3 }), faces);

/** The request refused with `reason`, no document written, Kara and the card as they were. */
async function refusedUnchanged(
  actor: TacticaActor,
  card: TacticaChatMessage,
  data: CardRequest,
  reason: string,
  values?: Record<string, string>,
): Promise<void> {
  const before = [sourceOf(actor), sourceOf(card)];
  const refusal = values ? { ok: false, reason, data: values } : { ok: false, reason };
  const writes = await w.writesDuring(async () => expect(await request(data)).toEqual(refusal));
  expect(writes).toEqual([]);
  expect([sourceOf(actor), sourceOf(card)]).toEqual(before);
}

const allowScorePushes = () => w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));

describe("a card of the wrong shape pushes nothing", () => {
  it("a pool card its author posted with no pool roll in it is invalid", async () => {
    const actor = await kara();
    const empty = await forgeCard({ rolls: [], system: { kind: "pool", actorUuid: actor.uuid } });
    await refusedUnchanged(actor, empty, pushOf(empty, await poolDice("1d6[base]", [2])), "TACTICA.Chat.invalid");
    const plain = await forgeCard({
      rolls: [await rolled(new foundry.dice.Roll("3d6"), [2, 3, 4])],
      system: { kind: "pool", actorUuid: actor.uuid },
    });
    await refusedUnchanged(actor, plain, pushOf(plain, await poolDice("3d6[base]", [6, 6, 6])), "TACTICA.Chat.invalid");
  });

  it("a score test posted as a pool card, or as the score test of a unit, is invalid", async () => {
    await allowScorePushes();
    const actor = await kara();
    const test = await scoreTest(actor, [1, 4]);
    const dice = await rolled(new ScoreRoll("1d6", {}, {}), [6]);
    const asPool = await forgeCard({
      rolls: [JSON.stringify(test.rolls[0])],
      system: { kind: "pool", actorUuid: actor.uuid },
    });
    await refusedUnchanged(actor, asPool, pushOf(asPool, dice), "TACTICA.Chat.invalid");
    // A unit has no aptitude and no WP: no score test of its own to push.
    const unit = await w.own("Escouade", "unit");
    const ofUnit = await forgeCard({
      rolls: [JSON.stringify(test.rolls[0])],
      system: { kind: "score", actorUuid: unit.uuid },
    });
    await refusedUnchanged(unit, ofUnit, pushOf(ofUnit, dice), "TACTICA.Chat.invalid");
  });
});

describe("a score test's push (D-43) on the writer", () => {
  it("a test with no die showing 2–5 is not pushable", async () => {
    await allowScorePushes();
    const actor = await kara();
    const card = await scoreTest(actor, [6, 1]);
    const dice = await rolled(new ScoreRoll("1d6", {}, {}), [6]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Card.pool.notPushable");
  });

  it("dice that are not the push's (two d6 where one die is rerolled) are refused as such", async () => {
    await allowScorePushes();
    const actor = await kara();
    const card = await scoreTest(actor, [1, 4]);
    const dice = await rolled(new ScoreRoll("2d6", {}, {}), [6, 6]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.badDice");
  });

  it("the owner clearing the push's key on their actor does not push the test twice", async () => {
    await allowScorePushes();
    const actor = await kara();
    const card = await scoreTest(actor, [1, 4]);
    expect(await request(pushOf(card, await rolled(new ScoreRoll("1d6", {}, {}), [1])))).toEqual({ ok: true });
    expect(card.card).toMatchObject({ pushes: 1, consequencesApplied: true });
    await w.as("player-1", () => actor.update({ [`flags.tactica.cards.${card.id}.pushes`]: 0 } as never));
    const again = await rolled(new ScoreRoll("1d6", {}, {}), [6]);
    await refusedUnchanged(actor, card, pushOf(card, again), "TACTICA.Chat.alreadyPushed");
    expect(systemAs<Sys>(actor).aptitudes.vivacite!.damage).toBe(2);
  });
});

describe("a pool's push on the writer", () => {
  it("a roll with no die to reroll (6s and base 1s only) is not pushable", async () => {
    const actor = await kara();
    const card = await pool(actor, [6, 1, 6, 6]);
    await refusedUnchanged(
      actor,
      card,
      pushOf(card, await poolDice("1d6[base]", [6])),
      "TACTICA.Card.pool.notPushable",
    );
  });

  it("D-8: a roll pushed once with nothing left to reroll is not pushable, though a second push is allowed", async () => {
    const actor = await kara(2);
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([6, 1, 6, 6]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    expect(card.card!.pushes).toBe(1);
    await refusedUnchanged(
      actor,
      card,
      pushOf(card, await poolDice("1d6[base]", [6])),
      "TACTICA.Card.pool.notPushable",
    );
  });

  it("D-8: the limit is the lower of the roll's and the actor's now — a limit raised after the roll adds no push, one lowered takes it away", async () => {
    const actor = await kara(1);
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([2, 3, 4, 5]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    // The GM raises Kara's limit: the card made with one push offers no second one, nor does its writer.
    await w.as("gm-1", () => actor.update({ "system.pushMax": 2 } as never));
    const dice = await poolDice("3d6[base] + 1d6[skill]", [2, 3, 4, 5]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.alreadyPushed");
    // A roll made with two pushes allowed, then the limit lowered to one: the second push is refused.
    const second = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([2, 3, 4, 5]);
    expect(await w.click("player-1", "push", second)).toEqual({ ok: true });
    await w.as("gm-1", () => actor.update({ "system.pushMax": 1 } as never));
    await refusedUnchanged(actor, second, pushOf(second, dice), "TACTICA.Chat.pushLimitLowered", { max: "1" });
    // Its card no longer offers the push, and a click says why before any die is rolled.
    expect(buttonsOf(await w.renderAs("player-1", second))).not.toContain("push");
    const rolled = evaluations.length;
    expect(await w.click("player-1", "push", second)).toEqual({
      ok: false,
      reason: "TACTICA.Chat.pushLimitLowered",
      data: { max: "1" },
    });
    expect(evaluations.length).toBe(rolled);
    expect(w.fake.game.i18n!.format("TACTICA.Chat.pushLimitLowered", { max: "1" })).toBe(
      "Ce jet ne peut plus être poussé\u00a0: la limite de poussées de ce personnage est désormais de 1.",
    );
  });

  it("D-8: a limit the card's author writes on its roll that is no count is invalid; the honest one pushes", async () => {
    const actor = await kara(1);
    const card = await pool(actor, [2, 3, 4, 5]);
    /** The card's last roll rewritten by its author with `maxPushes` (a console can write any JSON). */
    const claim = async (maxPushes: unknown) => {
      const rolls = card.rolls.map((r) => JSON.parse(JSON.stringify(r)) as { options: Record<string, unknown> });
      rolls.at(-1)!.options.maxPushes = maxPushes;
      await w.as("player-1", () => card.update({ rolls: rolls.map((r) => JSON.stringify(r)) } as never));
    };
    const dice = await poolDice("3d6[base] + 1d6[skill]", [6, 6, 6, 6]);
    for (const maxPushes of [{}, "many", 2.5, -1]) {
      await claim(maxPushes);
      await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.invalid");
    }
    expect(card.card!.pushes).toBe(0);
    await claim(1);
    expect(await request(pushOf(card, dice))).toEqual({ ok: true });
    expect(card.card!.pushes).toBe(1);
  });

  it("the owner clearing the push's key on their actor does not push the roll twice", async () => {
    const actor = await kara();
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([2, 3, 4, 5]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    await w.as("player-1", () => actor.update({ [`flags.tactica.cards.${card.id}.pushes`]: 0 } as never));
    const dice = await poolDice("3d6[base] + 1d6[skill]", [6, 6, 6, 6]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.alreadyPushed");
  });

  it("D-8: with a second push allowed, a key that says fewer pushes than the card shows is invalid", async () => {
    const actor = await kara(2);
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([2, 3, 4, 5]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    await w.as("player-1", () => actor.update({ [`flags.tactica.cards.${card.id}.pushes`]: 0 } as never));
    const dice = await poolDice("3d6[base] + 1d6[skill]", [6, 6, 6, 6]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.invalid");
    expect(systemAs<Sys>(actor).willpower.value).toBe(3);
  });

  it("D-8: a card rewritten by its author to before its two pushes is neither pushed again nor rewritten", async () => {
    const actor = await kara(2);
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([2, 3, 4, 5, 2, 3, 4, 5]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    expect(card.card!.pushes).toBe(2);
    await w.as("player-1", () =>
      card.update({
        rolls: card.rolls.slice(0, 1).map((r) => JSON.stringify(r)),
        system: { pushes: 0, consequencesApplied: false },
      } as never),
    );
    // The key repairs a card that missed its LAST push (a failure between the writes), not two.
    const dice = await poolDice("3d6[base] + 1d6[skill]", [6, 6, 6, 6]);
    await refusedUnchanged(actor, card, pushOf(card, dice), "TACTICA.Chat.alreadyPushed");
  });

  it("D-10: a push records its consequences as applied on the card; so does the repair after a failure", async () => {
    const actor = await kara();
    const card = await pool(actor, [2, 3, 4, 5]);
    queueDiceFaces([1, 1, 5, 6]);
    expect(await w.click("player-1", "push", card)).toEqual({ ok: true });
    expect(card.card).toMatchObject({ pushes: 1, consequencesApplied: true });

    const second = await pool(actor, [2, 3, 4, 5]);
    const update = second.update.bind(second);
    vi.spyOn(second, "update").mockRejectedValueOnce(new Error("connection lost")).mockImplementation(update);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    queueDiceFaces([1, 2, 2, 6]);
    expect(await w.click("player-1", "push", second)).toEqual({ ok: false, reason: "TACTICA.Chat.failed" });
    expect(second.card).toMatchObject({ pushes: 0, consequencesApplied: false });
    const dice = await poolDice("3d6[base] + 1d6[skill]", [6, 6, 6, 6]);
    expect(await request(pushOf(second, dice))).toEqual({ ok: false, reason: "TACTICA.Chat.alreadyPushed" });
    expect(second.rolls).toHaveLength(2);
    expect(second.card).toMatchObject({ pushes: 1, consequencesApplied: true });
  });

  it("RULES §3: the weapon deleted since the roll: its gear bane touches nothing, the aptitude and WP still count", async () => {
    const actor = await kara();
    queueDiceFaces([1, 3, 2, 4, 2]);
    const card = (await actor.rollPool(
      { aptitude: "vivacite", subAptitude: "reflexe", itemId: "rifle0000000001" },
      { fastForward: true },
    ))!;
    await w.as("player-1", () => actor.items.get("rifle0000000001")!.delete());
    queueDiceFaces([1, 6, 1, 1]); // rerolls B3 B2 S4 G2 → B[1,1,6] S[1] G[1]
    const writes = await w.writesDuring(async () =>
      expect(await w.click("player-1", "push", card)).toEqual({ ok: true }),
    );
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Actor", "update ChatMessage"]);
    expect(systemAs<Sys>(actor).aptitudes.vivacite!.damage).toBe(2);
    expect(systemAs<Sys>(actor).willpower.value).toBe(5);
    expect(actor.items.size).toBe(0);
    expect(card.card).toMatchObject({ pushes: 1, consequencesApplied: true });
  });
});

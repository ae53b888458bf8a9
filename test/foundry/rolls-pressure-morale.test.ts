import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { systemAs } from "./world";
import { createFakeCombat } from "./fake-combat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaCombat } from "../../src/combat/combat";

// RULES §2 pressure windows and refusals; RULES §5 panic (+1 after a failed rally, clamped at 10).

type Profile = { profile: Record<string, { value: number; pressure?: number; total: number }> };
let w: ChatWorld;

beforeEach(async () => {
  w = await chatWorld();
});

async function trooper(target: string, printed: number, extra: Record<string, unknown> = {}): Promise<TacticaActor> {
  return w.own("Brann", "character", {
    system: { profile: { [target]: { value: printed }, co: { value: 5 }, ac: { value: 4 } }, ...extra },
    items: [
      {
        _id: "gear000000000001",
        name: "Soupape",
        type: "gear",
        system: { linked: true, equipped: true, pressureTarget: target },
      },
    ],
  });
}

/** The actor's effects that apply (v14 keeps an expired effect, suppressed, under core's default action). */
const activeEffects = (actor: TacticaActor) =>
  [...actor.effects].filter((e) => (e as unknown as { active: boolean }).active);

/** Lets the follow-ups' writes (started with `void`) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("pressure", () => {
  it("applies the bonus as an UPGRADE effect and ends it after the next roll of that characteristic", async () => {
    const actor = await trooper("att", 3);
    queueDiceFaces([5]); // +4, capped at the printed 3
    const message = await actor.rollPressure("gear000000000001", { fastForward: true });
    expect(message?.card?.notes).toEqual(["TACTICA.Chat.pressure.window.nextRoll"]);
    expect(activeEffects(actor)).toHaveLength(1);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(6);
    queueDiceFaces([4]);
    await actor.rollProfile("att", { fastForward: true });
    expect(activeEffects(actor)).toHaveLength(0);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(3);
  });

  it("ends a MOU bonus when its actor's activation ends and a PEUR bonus at the threshold (end of turn)", async () => {
    const mou = await trooper("mou", 4);
    const peur = await trooper("peur", 2);
    w.data.setUser("gm-1");
    // *Tours* mode (RULES §7.1): MOU acts, then PEUR; each new round from the second is a threshold.
    const combat = (await createFakeCombat([
      { actorId: mou.id!, initiative: 10, name: "MOU" },
      { actorId: peur.id!, initiative: 5, name: "PEUR" },
    ])) as unknown as TacticaCombat;
    await combat.startCombat();
    await combat.nextTurn(); // MOU's activation ends, PEUR acts
    queueDiceFaces([3, 6]);
    await w.as("player-1", () => mou.rollPressure("gear000000000001", { fastForward: true }));
    await w.as("player-1", () => peur.rollPressure("gear000000000001", { fastForward: true }));
    await combat.nextTurn(); // PEUR's activation ends, round 2: a threshold
    await settle();
    expect(activeEffects(peur)).toHaveLength(0);
    expect(activeEffects(mou)).toHaveLength(1); // a MOU bonus is not a turn window
    await combat.nextTurn(); // MOU's activation ends
    await settle();
    expect(activeEffects(mou)).toHaveLength(0);
  });

  it("is refused while pressure is blocked, and through an item that is not linked", async () => {
    const actor = await trooper("def", 3);
    await actor.setCondition("pressureBlocked", true);
    const errors = await w.errorsDuring(async () =>
      expect(await actor.rollPressure("gear000000000001", { fastForward: true })).toBeNull(),
    );
    expect(errors).toEqual(["Brann ne peut pas faire de jet de pression pour l'instant."]);
    await actor.setCondition("pressureBlocked", false);
    await actor.items.get("gear000000000001")!.update({ system: { linked: false } });
    expect(await actor.rollPressure("gear000000000001", { fastForward: true })).toBeNull();
    expect(actor.effects.size).toBe(0);
  });

  it("posts nothing and applies nothing when a module cancels the card's creation", async () => {
    // Core's Roll#toMessage creates the message through ChatMessage.create, which resolves
    // undefined when a preCreateChatMessage handler returns false
    // (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#create).
    const actor = await trooper("att", 3);
    w.fake.hooks.on("preCreateChatMessage", () => false);
    queueDiceFaces([5]);
    expect(await actor.rollPressure("gear000000000001", { fastForward: true })).toBeNull();
    expect(activeEffects(actor)).toHaveLength(0);
    expect(systemAs<Profile>(actor).profile.att!.total).toBe(3);
  });

  it("with several dice, lets the player choose the die before applying once", async () => {
    const actor = await trooper("def", 4);
    queueDiceFaces([6, 1]);
    const message = (await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2 }))!;
    expect(actor.effects.size).toBe(0);
    expect(await w.click("player-1", "chooseDie", message, { index: 1 })).toEqual({ ok: true });
    const results = await Promise.all([
      w.click("player-1", "applyPressure", message),
      w.click("player-1", "applyPressure", message),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(actor.effects.size).toBe(1);
    expect(systemAs<Profile>(actor).profile.def!.total).toBe(6); // die 1 → +2
  });
});

describe("morale and panic", () => {
  async function panickedUnit(): Promise<TacticaActor> {
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 4 }, ac: { value: 4 } } },
    });
    await unit.setCondition("panicked", true);
    return unit;
  }

  it.each([
    [9, "destroyed"],
    [10, "destroyed"],
    [1, "retreat"],
  ])("a failed rally redraws with +1, clamped: d10 %i → %s", async (face, outcome) => {
    const unit = await panickedUnit();
    queueDiceFaces([8]); // CO 4: the rally fails
    const message = (await unit.rally({ fastForward: true }))!;
    expect(message.card?.acSpent).toBe(2);
    queueDiceFaces([face]);
    expect(await w.click("player-1", "rollPanic", message)).toEqual({ ok: true });
    expect(message.card?.panic).toBe(outcome);
    expect(await w.click("player-1", "rollPanic", message)).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
  });

  it("a redraw after a failed rally replaces the earlier condition", async () => {
    const unit = await panickedUnit();
    queueDiceFaces([8]); // CO 4: the rally fails
    const message = (await unit.rally({ fastForward: true }))!;
    queueDiceFaces([7]); // 7 + 1 = 8: terror
    await w.click("player-1", "rollPanic", message);
    expect([...unit.statuses].filter((s) => ["panicked", "retreating", "terrified"].includes(s))).toEqual([
      "terrified",
    ]);
    expect(systemAs<{ morale: { state: string } }>(unit).morale.state).toBe("terrified");
  });

  it("a 'destroyed' result sets no condition and leaves the morale state as it was", async () => {
    const unit = await panickedUnit();
    queueDiceFaces([8]);
    const message = (await unit.rally({ fastForward: true }))!;
    queueDiceFaces([9]); // 9 + 1 = 10: destroyed
    await w.click("player-1", "rollPanic", message);
    expect(message.card?.panic).toBe("destroyed");
    expect(systemAs<{ morale: { state: string } }>(unit).morale.state).toBe("panicked");
  });

  it("a failed morale test draws without +1 and sets the condition", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 4 } } },
    });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([9]);
    await w.click("player-1", "rollPanic", message);
    expect(message.card?.panic).toBe("terror");
    expect(unit.statuses.has("terrified")).toBe(true);
  });

  it("a successful rally removes the condition and, in tours mode, leaves half the AC", async () => {
    const unit = await panickedUnit();
    w.data.setUser("gm-1");
    const combat = await createFakeCombat([{ actorId: unit.id!, initiative: 9 }]);
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    w.data.setUser("player-1");
    queueDiceFaces([2]);
    await unit.rally({ fastForward: true });
    expect(unit.statuses.has("panicked")).toBe(false);
    expect(systemAs<{ actions: { remaining: number } }>(unit).actions.remaining).toBe(2);
  });

  it("fear: fear-causers are immune; a pass records the level; a failed charge is called off", async () => {
    const causer = await trooper("peur", 1);
    expect(await causer.fearTest({ fear: 2, charging: true }, { fastForward: true })).toBeNull();
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 6 } } },
    });
    queueDiceFaces([3]);
    await unit.fearTest({ fear: 2, charging: false }, { fastForward: true });
    expect(systemAs<{ morale: { fearPassed: number } }>(unit).morale.fearPassed).toBe(2);
    expect(await unit.fearTest({ fear: 1, charging: true }, { fastForward: true })).toBeNull();
    queueDiceFaces([9]);
    // The failed test's note is written with the card: one write of the message (M16).
    const writes = await w.writesDuring(async () => {
      const failed = await unit.fearTest({ fear: 3, charging: true }, { fastForward: true });
      expect(failed?.card?.notes).toEqual(["TACTICA.Chat.fear.chargeCalledOff"]);
    });
    expect(writes.filter((x) => x.documentName === "ChatMessage").map((x) => x.action)).toEqual(["create"]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { evaluations, queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat } from "./fake-combat";
import { systemAs } from "./world";
import { textOf } from "../templates/harness";
import { changesOf } from "../../src/compat/effects";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaCombat } from "../../src/combat/combat";

// Panic, fear and rally at the table (RULES §5, D-44…D-48; seed 003): what a panic result forbids,
// refused before any die wherever the player acts and again by the one writer; Détruite; the fear
// test's once-per-activation limit on the charger only; a rally as the activation's first action;
// one write per document per user action (core review M16).

let w: ChatWorld;

type Sys = {
  actions: { spent: number; remaining: number };
  strength: { current: number };
  morale: { fearPassed: number; moraleTested: boolean };
};
const sys = (actor: TacticaActor) => systemAs<Sys>(actor);

beforeEach(async () => {
  w = await chatWorld();
});

/** A started combat of `actors` (the first acts first), as the GM makes it. */
async function fight(mode: "tours" | "timeline", ...actors: TacticaActor[]): Promise<TacticaCombat> {
  await w.fake.settings.set("tactica", "combatMode", mode);
  const combat = await w.as("gm-1", async () => {
    const c = (await createFakeCombat(
      actors.map((a, i) => ({ actorId: a.id!, initiative: mode === "tours" ? 20 - i : i, name: a.name })),
    )) as unknown as TacticaCombat;
    await c.startCombat();
    return c;
  });
  w.data.setUser("player-1");
  return combat;
}

async function next(combat: TacticaCombat): Promise<void> {
  await w.as("gm-1", () => (combat.mode === "timeline" ? combat.endAction(10) : combat.nextTurn()));
  w.data.setUser("player-1");
}

function soldier(): Promise<TacticaActor> {
  return w.own("Orso", "character", {
    system: { psyker: { mastery: 2 }, profile: { ac: { value: 6 }, mou: { value: 4 } } },
    items: [
      { _id: "rifle0000000001", name: "Fusil", type: "weapon", system: { equipped: true, range: "ranged" } },
      { _id: "sword0000000001", name: "Épée", type: "weapon", system: { equipped: true, range: "melee" } },
      { _id: "frag00000000001", name: "Grenade", type: "grenade", system: { quantity: 2, strength: 3 } },
      { _id: "shock0000000001", name: "Choc mental", type: "power", system: { level: 2, cost: 6, resist: "co" } },
      { _id: "heal00000000001", name: "Guérison", type: "power", system: { level: 4, cost: 5 } },
    ],
  });
}

/** Runs `act` and says what it did: its result, the errors shown, the dice rolled, the writes. */
async function attempt(act: () => Promise<unknown>) {
  const dice = evaluations.length;
  const messages = w.messages().length;
  let result: unknown;
  let errors: string[] = [];
  const writes = await w.writesDuring(async () => {
    errors = await w.errorsDuring(async () => void (result = await act()));
  });
  return { result, errors, rolled: evaluations.length - dice, writes, cards: w.messages().length - messages };
}

/** What each document got written, as `action documentName` per id. */
function perDocument(writes: Awaited<ReturnType<ChatWorld["writesDuring"]>>): string[] {
  return writes.flatMap((x) => x.ids.map((id) => `${x.action} ${x.documentName} ${id}`));
}

describe("D-45: a panic result constrains the figure", () => {
  it("Terreur: a shot, a grenade, a melee attack, a move and a power cast at a target are refused before any die", async () => {
    const orso = await soldier();
    await orso.setCondition("terrified", true);
    const tactica = (
      w.fake.game as unknown as { tactica: { actions: Record<string, (...a: unknown[]) => Promise<unknown>> } }
    ).tactica;
    const tries: [() => Promise<unknown>, string][] = [
      [() => orso.attack("rifle0000000001", { fastForward: true }), "aucune attaque à distance"],
      [() => tactica.actions.attack!(orso, "frag00000000001", { fastForward: true }), "aucune attaque à distance"],
      [() => orso.attack("sword0000000001", { fastForward: true }), "ne peut pas combattre au corps-à-corps"],
      [() => orso.move({}, { fastForward: true }), "ne peut pas bouger"],
      [() => tactica.actions.moveAction!(orso, {}, { fastForward: true }), "ne peut pas bouger"],
      [() => orso.castPower("shock0000000001", { fastForward: true }), "aucune attaque à distance"],
    ];
    for (const [act, says] of tries) {
      const seen = await attempt(act);
      expect(seen.result).toBeNull();
      expect(seen.errors).toHaveLength(1);
      expect(seen.errors[0]).toMatch(/^Terreur\s: Orso /);
      expect(seen.errors[0]).toContain(says);
      expect([seen.rolled, seen.cards, seen.writes]).toEqual([0, 0, []]);
    }
    // A power cast at no one who resists it is no attack: it is cast.
    queueDiceFaces([1]);
    const healed = await attempt(() => orso.castPower("heal00000000001", { fastForward: true }));
    expect([healed.errors, healed.cards]).toEqual([[], 1]);
  });

  it("Tenir bon and Retraite: no shot or grenade, but a melee attack and a move; a retreat's AC are half", async () => {
    const orso = await soldier();
    await fight("tours", orso, await w.createActor({ name: "Bel", type: "character" }));
    for (const status of ["panicked", "retreating"] as const) {
      await orso.setMoraleState(status);
      const shot = await attempt(() => orso.attack("rifle0000000001", { fastForward: true }));
      expect(shot.errors).toHaveLength(1);
      expect([shot.result, shot.rolled, shot.cards]).toEqual([null, 0, 0]);
      const grenade = await attempt(() => orso.attack("frag00000000001", { fastForward: true }));
      expect([grenade.result, grenade.errors.length, grenade.rolled]).toEqual([null, 1, 0]);
      queueDiceFaces([3, 3]);
      expect(await orso.attack("sword0000000001", { fastForward: true })).not.toBeNull();
    }
    expect(sys(orso).actions.remaining).toBe(3); // D-45: half of 6 under Retraite
    const move = (await orso.move({}, { fastForward: true }))!;
    expect(textOf(await w.renderAs("player-1", move))).toMatch(/Retraite\s: se replie loin de l'ennemi/);
    await orso.setMoraleState("steady");
    expect(sys(orso).actions.remaining).toBe(6);
  });

  it("the sheet says what the condition forbids and disables those buttons", async () => {
    const orso = await soldier();
    await orso.setCondition("terrified", true);
    const sheet = orso.sheet as unknown as {
      render(o: object): Promise<unknown>;
      renderedParts: Record<string, string>;
      tabGroups: Record<string, string>;
      content: { querySelector(s: string): { hasAttribute(name: string): boolean } | null } | null;
    };
    // The window's own button: a re-render may draw only the rows that changed (row-render.ts).
    const attackDisabled = (id: string) =>
      sheet
        .content!.querySelector(`[data-application-part="equipment"] [data-action="attack"][data-item-id="${id}"]`)!
        .hasAttribute("disabled");
    for (const tab of ["morale", "equipment", "profile"]) {
      sheet.tabGroups.primary = tab;
      await sheet.render({ force: true });
    }
    expect(textOf(sheet.renderedParts.morale!)).toMatch(/Terreur\s: ne peut ni bouger, ni tirer/);
    expect(sheet.renderedParts.profile).toMatch(/data-action="move"[^>]*disabled/);
    for (const id of ["rifle0000000001", "sword0000000001", "frag00000000001"])
      expect(sheet.renderedParts.equipment).toMatch(
        new RegExp(`data-action="attack" data-item-id="${id}"[^>]* disabled`),
      );
    await orso.setMoraleState("panicked");
    sheet.tabGroups.primary = "equipment";
    await sheet.render({ force: true });
    expect(attackDisabled("sword0000000001")).toBe(false);
    expect(attackDisabled("rifle0000000001")).toBe(true);
  });

  it("the one writer records no hit for an attacker whose condition forbids the attack", async () => {
    const orso = await soldier();
    const vex = await w.own("Vex", "character", {}, "player-2");
    (w.fake.game.user as unknown as Record<string, unknown>).targets = new Set([
      { actor: vex, document: { uuid: "", name: "Vex", actor: vex } },
    ]);
    queueDiceFaces([6, 6]);
    const message = (await orso.attack("rifle0000000001", { fastForward: true }))!;
    await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    // The card stands for one posted past the attacker's own refusal: the condition is there now.
    await orso.setCondition("terrified", true);
    queueDiceFaces([1, 1]);
    const writes = await w.writesDuring(async () => {
      expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toMatchObject({
        ok: false,
        reason: "TACTICA.Chat.panic.forbidden.rangedAttack",
      });
    });
    expect(writes).toEqual([]);
    expect(await w.click("player-2", "applyDamage", message, { targetIndex: 0 })).toMatchObject({ ok: false });
  });
});

describe("D-45: Détruite removes the rest of the unit", () => {
  it("its figures become 0 in the draw's one actor write, its combatant and its actor are defeated as core's tracker does, and no morale prompt follows", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { strength: { start: 10, current: 6 }, profile: { co: { value: 3 } } },
    });
    const combat = await fight("tours", unit, await w.createActor({ name: "Bel", type: "character" }));
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    const cards = w.messages().length;
    queueDiceFaces([10]);
    const writes = await w.writesDuring(() => w.click("player-1", "rollPanic", message));
    expect(message.card).toMatchObject({ panic: "destroyed", panicFace: 10, panicDie: 10 });
    expect(sys(unit).strength.current).toBe(0);
    const combatant = combat.combatants.contents.find((c) => c.actor === unit)!;
    expect(combatant.defeated).toBe(true);
    // Core's DEFEATED status, as an overlay (CombatTracker#_onToggleDefeatedStatus): one creation.
    const dead = unit.effects.contents.find((e) => e.statuses.has(CONFIG.specialStatusEffects.DEFEATED))!;
    expect(dead._source.flags).toEqual({ core: { overlay: true } });
    expect(combatant.isDefeated).toBe(true);
    expect(perDocument(writes)).toEqual([
      `update Actor ${unit.id}`,
      `update Combatant ${combatant.id}`,
      `create ActiveEffect ${dead.id}`,
      `update ChatMessage ${message.id}`,
    ]);
    expect(w.messages()).toHaveLength(cards);
    const text = textOf(await w.renderAs("player-1", message));
    expect(text).toContain("Détruite");
    expect(text).toMatch(/d10\s: 10(?! \+)/); // a morale test's draw: the die alone (ux m1)
    // Asked again: nothing drawn, nothing written.
    expect(await w.writesDuring(() => w.click("player-1", "rollPanic", message))).toEqual([]);
  });

  it("a destroyed unit already marked dead by the GM gets no second DEFEATED effect", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { strength: { start: 10, current: 6 }, profile: { co: { value: 3 } } },
    });
    await unit.toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, { overlay: true, active: true });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([10]);
    const writes = await w.writesDuring(() => w.click("player-1", "rollPanic", message));
    expect(perDocument(writes)).toEqual([`update Actor ${unit.id}`, `update ChatMessage ${message.id}`]);
    expect(unit.effects.contents).toHaveLength(1);
  });
});

describe("D-44: fear, once per activation of the charger", () => {
  it("a unit charged in a beast's activation, then by a stronger daemon in the daemon's, tests both times", async () => {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 6 } } } });
    const beast = await w.createActor({ name: "Bête", type: "character" });
    const daemon = await w.createActor({ name: "Démon", type: "character" });
    const combat = await fight("tours", beast, daemon, unit);
    queueDiceFaces([2]);
    expect(await unit.fearTest({ fear: 1, charging: false }, { fastForward: true })).not.toBeNull();
    expect(sys(unit).morale.fearPassed).toBe(1);
    await next(combat);
    expect(combat.combatant?.actor).toBe(daemon);
    queueDiceFaces([3]);
    expect(await unit.fearTest({ fear: 2, charging: false }, { fastForward: true })).not.toBeNull();
    expect(sys(unit).morale.fearPassed).toBe(2);
    await next(combat);
    // Its own activation: being charged marked nothing, so it may test for its own charge, once.
    queueDiceFaces([9]);
    expect(await unit.fearTest({ fear: 3, charging: true }, { fastForward: true })).not.toBeNull();
    const errors = await w.errorsDuring(async () =>
      expect(await unit.fearTest({ fear: 3, charging: true }, { fastForward: true })).toBeNull(),
    );
    expect(errors).toEqual(["Escouade a déjà fait un test de peur pendant cette activation."]);
  });

  it("a failed test when charged says once that the GM rules (ux m10)", async () => {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 } } } });
    queueDiceFaces([9]);
    const text = textOf(
      await w.renderAs("player-1", (await unit.fearTest({ fear: 1, charging: false }, { fastForward: true }))!),
    );
    expect(text.match(/le MJ décide/g)).toHaveLength(1);
  });
});

describe("D-48: a rally is the activation's first action", () => {
  for (const mode of ["tours", "timeline"] as const)
    it(`${mode}: after a move, no rally in that activation; the next activation allows it`, async () => {
      const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 }, ac: { value: 4 } } } });
      await unit.setMoraleState("retreating");
      const combat = await fight(mode, unit, await w.createActor({ name: "Bel", type: "character" }));
      expect(await unit.move({}, { fastForward: true })).not.toBeNull();
      const seen = await attempt(() => unit.rally({ fastForward: true }));
      expect(seen.errors).toEqual(["Escouade doit se rallier comme première action de son activation."]);
      expect([seen.result, seen.rolled, seen.writes]).toEqual([null, 0, []]);
      await next(combat);
      await next(combat);
      queueDiceFaces([9]);
      expect(await unit.rally({ fastForward: true })).not.toBeNull();
    });

  it("after an attack, no rally either (a character)", async () => {
    const orso = await soldier();
    await orso.setMoraleState("panicked");
    await fight("tours", orso, await w.createActor({ name: "Bel", type: "character" }));
    queueDiceFaces([3, 3]);
    expect(await orso.attack("sword0000000001", { fastForward: true })).not.toBeNull();
    expect((await attempt(() => orso.rally({ fastForward: true }))).errors).toEqual([
      "Orso doit se rallier comme première action de son activation.",
    ]);
  });
});

describe("M16: one write per document per user action (rally, panic draw)", () => {
  async function panickedUnit(): Promise<{ unit: TacticaActor; combat: TacticaCombat }> {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 }, ac: { value: 4 } } } });
    await unit.setMoraleState("panicked");
    const combat = await fight("tours", unit, await w.createActor({ name: "Bel", type: "character" }));
    return { unit, combat };
  }

  it("a failed rally: the card and one actor write; its redraw: one actor write (the condition turned in it) and the card", async () => {
    const { unit } = await panickedUnit();
    const effect = unit.effects.contents[0]!;
    expect(changesOf(effect)).toHaveLength(1); // Tenir bon's −1 ATT (D-40)
    queueDiceFaces([9]);
    let message: Awaited<ReturnType<TacticaActor["rally"]>> = null;
    const rallied = await w.writesDuring(async () => void (message = await unit.rally({ fastForward: true })));
    expect(perDocument(rallied)).toEqual([`create ChatMessage ${message!.id}`, `update Actor ${unit.id}`]);
    expect(sys(unit).actions.spent).toBe(2);
    queueDiceFaces([8]); // 8 + 1 → Terreur
    const drawn = await w.writesDuring(() => w.click("player-1", "rollPanic", message!));
    expect(perDocument(drawn)).toEqual([`update Actor ${unit.id}`, `update ChatMessage ${message!.id}`]);
    expect([...unit.statuses]).toEqual(["terrified"]);
    expect(unit.effects.contents.map((e) => e.id)).toEqual([effect.id]);
    // The −1 ATT of Tenir bon went with the condition it was (D-40).
    expect(changesOf(unit.effects.contents[0])).toEqual([]);
  });

  it("a rally that succeeds: one actor write (AC, its mark) and one request deleting the condition", async () => {
    const { unit } = await panickedUnit();
    const effect = unit.effects.contents[0]!;
    queueDiceFaces([1]);
    let id = "";
    const writes = await w.writesDuring(async () => void (id = (await unit.rally({ fastForward: true }))!.id!));
    expect(perDocument(writes)).toEqual([
      `create ChatMessage ${id}`,
      `update Actor ${unit.id}`,
      `delete ActiveEffect ${effect.id}`,
    ]);
    expect(unit.statuses.size).toBe(0);
  });

  it("a 10 drawn after a failed rally reads « 10 + 1, counted as 10 » and destroys (ux m1)", async () => {
    const { unit } = await panickedUnit();
    queueDiceFaces([9]);
    const message = (await unit.rally({ fastForward: true }))!;
    queueDiceFaces([10]);
    await w.click("player-1", "rollPanic", message);
    expect(message.card).toMatchObject({ panic: "destroyed", panicFace: 10, panicDie: 10 });
    expect(textOf(await w.renderAs("player-1", message))).toMatch(/d10\s: 10 \+ 1, compte pour 10/);
  });

  it("a first draw after a morale test: the actor's one write, the condition's creation, the card", async () => {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 } } } });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([4]);
    const writes = await w.writesDuring(() => w.click("player-1", "rollPanic", message));
    const effect = unit.effects.contents[0]!;
    expect(perDocument(writes)).toEqual([
      `update Actor ${unit.id}`,
      `create ActiveEffect ${effect.id}`,
      `update ChatMessage ${message.id}`,
    ]);
    expect([...unit.statuses]).toEqual(["retreating"]);
  });
});

describe("D-41: a draw whose status could not be created is repaired by the next click", () => {
  /** Refuses the next creation of an effect holding `status` (a module's `preCreateActiveEffect` returning false). */
  function refuseOnce(status: string): { refused: number } {
    const seen = { refused: 0 };
    const id = w.fake.hooks.on("preCreateActiveEffect", (_doc: unknown, data: unknown) => {
      if (!(data as { statuses?: string[] }).statuses?.includes(status)) return true;
      w.fake.hooks.off("preCreateActiveEffect", id);
      seen.refused++;
      return false;
    });
    return seen;
  }

  it("Retraite: the key written, the condition refused; the card keeps its button, and the next click creates the condition once", async () => {
    const unit = await w.own("Escouade", "unit", { system: { profile: { co: { value: 3 } } } });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    const seen = refuseOnce("retreating");
    queueDiceFaces([4]);
    const first = await attempt(() => w.click("player-1", "rollPanic", message));
    expect(seen.refused).toBe(1);
    expect(first.result).toEqual({ ok: false, reason: "TACTICA.Chat.failed" });
    expect(first.errors).toEqual([expect.stringContaining("relancer")]);
    expect(perDocument(first.writes)).toEqual([`update Actor ${unit.id}`]);
    expect([unit.statuses.size, message.card?.followUpDone]).toEqual([0, false]);
    // Clicked again: nothing drawn again (a 1 would be Tenir bon), the recorded Retraite applied.
    queueDiceFaces([1]);
    const second = await attempt(() => w.click("player-1", "rollPanic", message));
    const effect = unit.effects.contents[0]!;
    expect(perDocument(second.writes)).toEqual([
      `create ActiveEffect ${effect.id}`,
      `update ChatMessage ${message.id}`,
    ]);
    expect([...unit.statuses]).toEqual(["retreating"]);
    expect(unit.effects.contents).toHaveLength(1);
    expect(message.card).toMatchObject({ followUpDone: true, panic: "retreat", panicFace: 4, panicDie: 4 });
    queueDiceFaces([1]);
    expect(await w.writesDuring(() => w.click("player-1", "rollPanic", message))).toEqual([]);
  });

  it("Détruite: core's DEFEATED status refused; the next click creates it, the combatant defeated once", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { strength: { start: 10, current: 6 }, profile: { co: { value: 3 } } },
    });
    const combat = await fight("tours", unit, await w.createActor({ name: "Bel", type: "character" }));
    const combatant = combat.combatants.contents.find((c) => c.actor === unit)!;
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    const seen = refuseOnce(CONFIG.specialStatusEffects.DEFEATED);
    queueDiceFaces([10]);
    const first = await attempt(() => w.click("player-1", "rollPanic", message));
    expect([seen.refused, first.result]).toEqual([1, { ok: false, reason: "TACTICA.Chat.failed" }]);
    expect(perDocument(first.writes)).toEqual([`update Actor ${unit.id}`, `update Combatant ${combatant.id}`]);
    queueDiceFaces([1]);
    const second = await attempt(() => w.click("player-1", "rollPanic", message));
    const dead = unit.effects.contents.find((e) => e.statuses.has(CONFIG.specialStatusEffects.DEFEATED))!;
    expect(perDocument(second.writes)).toEqual([`create ActiveEffect ${dead.id}`, `update ChatMessage ${message.id}`]);
    expect(message.card).toMatchObject({ followUpDone: true, panic: "destroyed" });
    expect(sys(unit).strength.current).toBe(0);
  });
});

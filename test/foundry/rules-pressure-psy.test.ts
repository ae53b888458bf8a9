import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { answerDialog, nextDialog } from "./fake-apps";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat } from "./fake-combat";
import { systemAs } from "./world";
import { loadSheetWorld, sampleCharacter, sampleItem } from "../templates/sheet-samples";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaCombat } from "../../src/combat/combat";

// Issue 29, items 3 and 4 (the second rules review's R2, R3, R4, R7, R8; RULES D-46, D-47, D-49),
// played through the actor's methods, the dialogs and the card buttons on each user's client, on
// the Foundry fake with the real entry loaded.

let w: ChatWorld;

type Sys = {
  actions: { spent: number; remaining: number };
  profile: Record<string, { value: number; total: number }>;
};
const sys = (actor: TacticaActor) => systemAs<Sys>(actor);

beforeEach(async () => {
  w = await chatWorld();
});

/** A started combat of `actors` (the first acts first), as the GM makes it. */
async function fight(mode: "tours" | "timeline", ...actors: TacticaActor[]): Promise<TacticaCombat> {
  await w.fake.settings.set("tactica", "combatMode", mode);
  return w.as("gm-1", async () => {
    const combat = (await createFakeCombat(
      actors.map((a, i) => ({ actorId: a.id!, initiative: mode === "tours" ? 20 - i : i, name: a.name })),
    )) as unknown as TacticaCombat;
    await combat.startCombat();
    return combat;
  });
}

/** Brann and a linked, equipped steam gear on `target` (D-46: `gearDice` pressure dice; `own` for Brann). */
function brann(target: string, o: { gearDice?: number; own?: number; extra?: object[] } = {}): Promise<TacticaActor> {
  return w.own("Brann", "character", {
    system: { profile: { [target]: { value: 4 }, ac: { value: 6 } }, ...(o.own ? { pressureDice: o.own } : {}) },
    items: [
      {
        _id: "gear000000000001",
        name: "Soupape",
        type: "gear",
        system: {
          linked: true,
          equipped: true,
          pressureTarget: target,
          ...(o.gearDice ? { pressureDice: o.gearDice } : {}),
        },
      },
      ...(o.extra ?? []),
    ],
  });
}

describe("D-46 / R2: one pressure d6, more only through a special ability", () => {
  it("plain gear reads one pressure die (no migration); the dialog offers no dice field and rolls one d6", async () => {
    const actor = await brann("att");
    const gear = actor.items.get("gear000000000001")!;
    expect((gear.system as unknown as { pressureDice: number }).pressureDice).toBe(1);
    expect((actor.system as unknown as { pressureDice: number }).pressureDice).toBe(1);
    queueDiceFaces([5]);
    const pending = actor.rollPressure("gear000000000001");
    const dialog = await nextDialog();
    const content = String(dialog.options.content);
    expect(content).not.toContain('name="dice"');
    expect(content).toContain("Un seul d6. Plusieurs dés demandent une capacité spéciale");
    await answerDialog(dialog, null, {});
    const message = (await pending)!;
    expect(message.rolls[0]!.dice[0]!.results).toHaveLength(1);
    expect(sys(actor).profile.att!.total).toBe(8);
  });

  it("a macro asking two dice through plain gear is refused, localised, before any die: no card, no effect", async () => {
    const actor = await brann("att");
    const errors = await w.errorsDuring(async () =>
      expect(await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2 })).toBeNull(),
    );
    expect(errors).toEqual([
      "Jet de pression à 2\u202fd6 refusé\u00a0: la capacité spéciale de l'équipement ou de la figure n'en donne que 1.",
    ]);
    expect(w.messages()).toHaveLength(0);
    expect(actor.effects.size).toBe(0);
  });

  it("gear with a special ability of 3: the dialog's field goes up to 3, refuses 4 and stays open, then rolls 3d6", async () => {
    const actor = await brann("att", { gearDice: 3 });
    const pending = actor.rollPressure("gear000000000001");
    const dialog = await nextDialog();
    expect(String(dialog.options.content)).toMatch(/name="dice" value="1" min="1" max="3"/);
    const errors = await w.errorsDuring(() => answerDialog(dialog, null, { dice: 4 }));
    expect(errors).toEqual(["Nombre de d6\u00a0: entre 1 et 3."]);
    expect(dialog.rendered).toBe(true);
    queueDiceFaces([1, 6, 2]);
    await answerDialog(dialog, null, { dice: 3 });
    const message = (await pending)!;
    expect(message.rolls[0]!.dice[0]!.results).toHaveLength(3);
    // Several dice: the player picks (or keeps the best), then applies.
    expect(await w.click("player-1", "applyPressure", message)).toEqual({ ok: true });
    expect(sys(actor).profile.att!.total).toBe(8);
  });

  it("the actor's own special ability grants its dice through every linked item; the larger of the two counts", async () => {
    const actor = await brann("att", { own: 2, gearDice: 1 });
    queueDiceFaces([3, 4]);
    expect(await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2 })).not.toBeNull();
    const errors = await w.errorsDuring(async () =>
      expect(await actor.rollPressure("gear000000000001", { fastForward: true, dice: 3 })).toBeNull(),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("n'en donne que 2");
  });

  it("a card rolled with more dice than the stored item grants (the gear's ability removed since) applies nothing on the GM", async () => {
    const actor = await brann("def", { gearDice: 2 });
    queueDiceFaces([6, 1]);
    const message = (await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2 }))!;
    await actor.items.get("gear000000000001")!.update({ system: { pressureDice: 1 } });
    for (const action of ["chooseDie", "applyPressure"] as const) {
      expect(await w.click("player-1", action, message, { index: 1 })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.pressure.tooManyDice",
        data: { count: "2", max: "1" },
      });
    }
    expect(actor.effects.size).toBe(0);
  });

  it("an update of the pressure dice outside 1–3 is refused, localised, naming the field", async () => {
    const actor = await brann("att");
    const gear = actor.items.get("gear000000000001")!;
    for (const [doc, value] of [
      [gear, 4],
      [actor, 0],
    ] as const) {
      const errors = await w.errorsDuring(() => doc.update({ system: { pressureDice: value } } as never));
      expect(errors).toEqual([`Dés de pression\u00a0: valeur attendue de 1 à 3 (reçu\u00a0: ${value}).`]);
    }
    expect((gear.system as unknown as { pressureDice: number }).pressureDice).toBe(1);
  });
});

describe("R7: a MOU pressure roll for the activation comes before any other action (tours mode)", () => {
  const gun = {
    _id: "gun000000000001",
    name: "Pistolet",
    type: "weapon",
    system: { equipped: true, range: "ranged", strength: 2 },
  };

  it("the first thing of the activation: allowed; after an attack, a move or AC spent: refused with the reason", async () => {
    const actor = await brann("mou", { extra: [gun] });
    const other = await w.createActor({ name: "Bel", type: "character" });
    await fight("tours", actor, other);
    queueDiceFaces([3]);
    expect(await actor.rollPressure("gear000000000001", { fastForward: true })).not.toBeNull();
    queueDiceFaces([2, 2]);
    await actor.attack("gun000000000001", { fastForward: true });
    const errors = await w.errorsDuring(async () =>
      expect(await actor.rollPressure("gear000000000001", { fastForward: true })).toBeNull(),
    );
    expect(errors).toEqual([
      "Brann a déjà agi pendant cette activation\u00a0: un jet de pression de MOU se déclare au moment où la figure est activée, avant toute autre action (ou juste avant un mouvement de poursuite).",
    ]);
    // The pursuit window is no activation window: a pursuit move may still be preceded by one
    // (die 6: +4, above the activation's +3 for that move only, D-6).
    queueDiceFaces([6]);
    const move = (await actor.move({ pursuit: true, pressureItemId: "gear000000000001" }, { fastForward: true }))!;
    expect(move.card?.move).toMatchObject({ pursuit: true, mou: 8, mouBonus: 4 });
  });

  it("a move alone, or AC spent by a cast, is an action too; the next activation starts afresh", async () => {
    const actor = await brann("mou", {
      extra: [{ _id: "power0000000001", name: "Force", type: "power", system: { level: 5, cost: 2 } }],
    });
    await actor.update({ system: { psyker: { mastery: 1 } } } as never);
    const other = await w.createActor({ name: "Bel", type: "character" });
    const combat = await fight("tours", actor, other);
    await actor.move({ pursuit: false }, { fastForward: true });
    expect(await w.errorsDuring(() => actor.rollPressure("gear000000000001", { fastForward: true }))).toHaveLength(1);
    await w.as("gm-1", () => combat.nextTurn());
    await w.as("gm-1", () => combat.nextTurn());
    expect(combat.combatant?.actor).toBe(actor);
    queueDiceFaces([9]);
    await actor.castPower("power0000000001", { fastForward: true });
    expect(sys(actor).actions.spent).toBe(2);
    expect(await w.errorsDuring(() => actor.rollPressure("gear000000000001", { fastForward: true }))).toHaveLength(1);
    expect(w.messages().filter((m) => m.card?.kind === "pressure")).toHaveLength(0);
  });

  it("other targets, a timeline and outside combat know no such limit", async () => {
    const mou = await brann("mou");
    await mou.move({ pursuit: false }, { fastForward: true });
    queueDiceFaces([3]);
    expect(await mou.rollPressure("gear000000000001", { fastForward: true })).not.toBeNull();
    const att = await w.own("Vex", "character", {
      system: { profile: { att: { value: 4 }, ac: { value: 6 } } },
      items: [
        {
          _id: "gear000000000002",
          name: "Valve",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "att" },
        },
      ],
    });
    await fight("tours", att, mou);
    await att.move({ pursuit: false }, { fastForward: true });
    queueDiceFaces([3]);
    expect(await att.rollPressure("gear000000000002", { fastForward: true })).not.toBeNull();
    await fight("timeline", mou, att);
    await mou.move({ pursuit: false }, { fastForward: true });
    queueDiceFaces([3]);
    expect(await mou.rollPressure("gear000000000001", { fastForward: true })).not.toBeNull();
  });

  it("a several-dice MOU card rolled in time is refused on the GM once the figure has acted before applying it", async () => {
    const actor = await brann("mou", { gearDice: 2 });
    const other = await w.createActor({ name: "Bel", type: "character" });
    await fight("tours", actor, other);
    queueDiceFaces([3, 5]);
    const message = (await actor.rollPressure("gear000000000001", { fastForward: true, dice: 2 }))!;
    await actor.move({ pursuit: false }, { fastForward: true });
    expect(await w.click("player-1", "applyPressure", message)).toEqual({
      ok: false,
      reason: "TACTICA.Chat.pressure.mouAfterAction",
      data: { name: "Brann" },
    });
    expect(actor.effects.size).toBe(0);
  });
});

describe("D-46 on the sheets: the pressure dice field", () => {
  type Sheet = { mode: string; renderedParts: Record<string, string>; render(o?: object): Promise<unknown> };

  it("the gear and weapon sheets show it with the pressure fields; the actor sheet in edit mode, or when above 1", async () => {
    const sw = await loadSheetWorld();
    for (const type of ["gear", "weapon"]) {
      const item = await sampleItem(sw, type);
      const sheet = new sw.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
      await sheet.render({ force: true });
      expect(textOf(sheet.renderedParts.details!)).toContain("Dés de pression 1");
      sheet.mode = "edit";
      await sheet.render({ force: true });
      expect(sheet.renderedParts.details).toMatch(/name="system.pressureDice"[^>]*min="1"[^>]*max="3"/);
    }
    const actor = await sampleCharacter(sw);
    const sheet = new sw.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.profile).not.toContain("Dés de pression");
    sheet.mode = "edit";
    await sheet.render({ force: true });
    expect(sheet.renderedParts.profile).toMatch(/name="system.pressureDice" value="1" min="1" max="3"/);
    await actor.update({ system: { pressureDice: 2 } } as never);
    sheet.mode = "play";
    await sheet.render({ force: true });
    expect(textOf(sheet.renderedParts.profile!)).toContain("Dés de pression 2");
  });
});

describe("D-47 / R3: only a psyker cancels a power in play", () => {
  const force = { _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } };

  it("a figure of mastery 0 is refused before any die, localised; no card, no AC; the sheet offers no cancel", async () => {
    const bel = await w.own("Bel", "character", { system: { profile: { ac: { value: 6 } } } });
    const other = await w.createActor({ name: "Ork", type: "character" });
    await fight("tours", bel, other);
    const errors = await w.errorsDuring(async () => expect(await bel.cancelPower({ level: 5 })).toBeNull());
    expect(errors).toEqual([
      "Bel n'est pas un psyker\u00a0: seul un psyker de maîtrise 1 ou plus, ou un chœur de néophytes, peut annuler un pouvoir en jeu.",
    ]);
    expect(w.messages()).toHaveLength(0);
    expect(sys(bel).actions.spent).toBe(0);
    const sw = await loadSheetWorld();
    const actor = await sampleCharacter(sw);
    const sheet = new sw.sheets.CharacterSheet({ document: actor }) as unknown as {
      renderedParts: Record<string, string>;
      tabGroups: Record<string, string>;
      render(o?: object): Promise<unknown>;
    };
    sheet.tabGroups.primary = "psy";
    await sheet.render({ force: true });
    expect(sheet.renderedParts.psy).toContain('data-action="cancelPower"');
    await actor.update({ system: { psyker: { mastery: 0 } } } as never);
    await sheet.render({ force: true });
    expect(sheet.renderedParts.psy).not.toContain('data-action="cancelPower"');
  });

  it("a psyker of mastery 1 cancels at level + 1, mastery never counting, for 3 AC", async () => {
    const ilse = await w.own("Ilse", "character", {
      system: { psyker: { mastery: 1 }, profile: { ac: { value: 6 } } },
    });
    const other = await w.createActor({ name: "Ork", type: "character" });
    await fight("tours", ilse, other);
    queueDiceFaces([6]);
    const card = (await ilse.cancelPower({ level: 5 }))!;
    expect((card.rolls[0] as unknown as { target: number }).target).toBe(6);
    expect(sys(ilse).actions.spent).toBe(3);
  });

  it("a neophyte choir (a unit that learnt a power) cancels together, without concentration; a unit without one may not", async () => {
    const choir = await w.own("Chœur", "unit", { system: { profile: { ac: { value: 6 } } }, items: [force] });
    queueDiceFaces([4]);
    const card = (await choir.cancelPower({ level: 5, concentration: true }))!;
    expect((card.rolls[0] as unknown as { target: number }).target).toBe(6);
    expect(card.card?.notes).toEqual(["TACTICA.Chat.psy.choirConcentrationDropped"]);
    const squad = await w.own("Escouade", "unit");
    const errors = await w.errorsDuring(async () => expect(await squad.cancelPower({ level: 5 })).toBeNull());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Escouade n'est pas un psyker");
  });
});

describe("D-49 / R4 and ux m2: a CO resist is a CO test with its modifiers; the row says what it was rolled against", () => {
  const mindShock = { _id: "shock0000000001", name: "Choc mental", type: "power", system: { level: 2, cost: 6 } };

  async function castAt(resist: string, target: TacticaActor) {
    const kara = await w.own("Kara", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 8 } } },
      items: [{ ...mindShock, system: { ...mindShock.system, resist } }],
    });
    queueDiceFaces([1]);
    const card = (await kara.castPower("shock0000000001", { fastForward: true }))!;
    await card.update({
      system: { targets: [{ actorUuid: target.uuid, tokenUuid: "", name: target.name }] },
    } as never);
    return card;
  }

  it("a unit with a banner resists CO at its CO + 1 (the morale test's modifiers), and the row reads « contre CO 6 »", async () => {
    const unit = await w.own(
      "Escouade",
      "unit",
      { system: { profile: { co: { value: 5 } }, banner: true } },
      "player-2",
    );
    const card = await castAt("co", unit);
    queueDiceFaces([6]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(card.card?.targets[0]).toMatchObject({ outcome: "resisted", total: 6, against: 6 });
    expect(textOf(await w.renderAs("player-1", card))).toContain("Escouade résiste d10 : 6 contre CO 6");
  });

  it("outnumbered in melee and the general count as the morale test counts them: 5 − 1 + 1 = 5; a 6 fails", async () => {
    const unit = await w.own(
      "Escouade",
      "unit",
      { system: { profile: { co: { value: 5 } }, general: true, outnumbered: true } },
      "player-2",
    );
    const card = await castAt("co", unit);
    queueDiceFaces([6]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(card.card?.targets[0]).toMatchObject({ outcome: "failed", total: 6, against: 5 });
    // The morale dialog opens with the same toggles.
    const pending = w.as("player-2", () => unit.moraleTest());
    const dialog = await nextDialog();
    expect(String(dialog.options.content)).toMatch(/name="outnumbered"[^>]*checked/);
    await dialog.close();
    await pending;
  });

  it("a FOR resist takes the characteristic alone and says so: « d10 : 8 contre FOR 5 »", async () => {
    const ork = await w.own("Ork", "character", { system: { profile: { for: { value: 5 } } } }, "player-2");
    const card = await castAt("for", ork);
    queueDiceFaces([8]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
    expect(textOf(await w.renderAs("player-2", card))).toContain("Ork ne résiste pas d10 : 8 contre FOR 5");
  });
});

describe("security F1: a cast's free modifier is bounded at the one writer", () => {
  it("a cast claiming +500 is refused when its target resists, localised, nothing written; +10 is honest", async () => {
    const kara = await w.own("Kara", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 8 } } },
      items: [{ _id: "shock0000000001", name: "Choc", type: "power", system: { level: 2, cost: 6, resist: "for" } }],
    });
    const ork = await w.own("Ork", "character", { system: { profile: { for: { value: 5 } } } }, "player-2");
    queueDiceFaces([1]);
    const card = (await kara.castPower("shock0000000001", { fastForward: true }))!;
    const forge = async (modifier: number) => {
      const roll = JSON.parse(JSON.stringify(card.rolls[0])) as { options: Record<string, unknown> };
      roll.options.modifier = modifier;
      await card.update({
        rolls: [JSON.stringify(roll)],
        system: { targets: [{ actorUuid: ork.uuid, tokenUuid: "", name: "Ork" }] },
      } as never);
    };
    await forge(500);
    const before = [JSON.stringify(card.toObject()), JSON.stringify(ork.toObject())];
    queueDiceFaces([8]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.modifierOutOfBounds",
      data: { max: "10" },
    });
    expect([JSON.stringify(card.toObject()), JSON.stringify(ork.toObject())]).toEqual(before);
    await forge(10);
    queueDiceFaces([8]);
    expect(await w.click("player-2", "resist", card, { targetIndex: 0 })).toEqual({ ok: true });
  });
});

describe("R8: a maintain card states the power's range and that the psyker must be within it", () => {
  it("with the range the GM wrote, and without one", async () => {
    const ilse = await w.own("Ilse", "character", {
      system: { psyker: { mastery: 2 } },
      items: [
        {
          _id: "force0000000001",
          name: "Force",
          type: "power",
          system: { level: 5, cost: 4, maintenance: 2, range: "12 pas" },
        },
        { _id: "shield000000001", name: "Bouclier", type: "power", system: { level: 6, cost: 6, maintenance: 3 } },
      ],
    });
    queueDiceFaces([1, 1]);
    await ilse.castPower("force0000000001", { fastForward: true });
    await ilse.castPower("shield000000001", { fastForward: true });
    const ranged = (await ilse.maintainPower("force0000000001"))!;
    expect(textOf(await w.renderAs("player-1", ranged))).toContain(
      "Portée du pouvoir : 12 pas. Le psyker doit se trouver à cette portée pour l'entretenir (le MJ vérifie).",
    );
    const unset = (await ilse.maintainPower("shield000000001"))!;
    expect(textOf(await w.renderAs("player-1", unset))).toContain(
      "Portée du pouvoir non renseignée : le psyker doit se trouver à sa portée de lancement pour l'entretenir",
    );
  });
});

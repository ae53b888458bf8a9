import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat, type FakeScene } from "./fake-combat";
import { placeBehaviors } from "./places-helpers";
import { systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";
import { changesData } from "../../src/compat/effects";

// RULES §6.4 hit follow-ups (Etourdissante, Tectonique), §7.2 Différé declared and resolved, the
// timeline cost of cards spending AC (§7.1), D-13 unmaintained powers, §5 fear once per
// activation and the panic face / compendium table, weapon FOR pressure (§2).

let w: ChatWorld;
let kara: TacticaActor;
let vex: TacticaActor;
let scene: FakeScene;

const rect = (x: number) => [{ type: "rectangle", x, y: 0, width: 200, height: 200 }];
const buttons = buttonsOf;

beforeEach(async () => {
  w = await chatWorld();
  kara = await w.own("Kara", "character", {
    system: {
      aptitudes: { vivacite: { value: 3 } },
      subAptitudes: { precision: { value: 2 } },
      profile: { ac: { value: 8 } },
    },
    items: [
      {
        _id: "stunner00000001",
        name: "Masse",
        type: "weapon",
        system: {
          equipped: true,
          damage: 1,
          strength: 2,
          attributes: [
            { key: "stunning", score: "reflexe", y: 18 },
            { key: "tectonic", x: 4 },
          ],
        },
      },
      {
        _id: "mortar000000001",
        name: "Mortier",
        type: "weapon",
        system: { equipped: true, range: "ranged", damage: 1, attributes: [{ key: "delayed", x: 2, focused: true }] },
      },
    ],
  });
  vex = await w.createActor({
    name: "Vex",
    type: "character",
    ownership: { default: 0, "player-2": 3 },
    system: {
      profile: { pv: { value: 10, max: 10 } },
      aptitudes: { vivacite: { value: 2 } },
      subAptitudes: { reflexe: { value: 4 } },
    },
  });
  const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await w.as("gm-1", () =>
    Scene.documentClass.create({
      name: "Ruines",
      grid: { size: 100 },
      regions: [{ _id: "regionA", name: "Cour", shapes: rect(0), behaviors: placeBehaviors(1, []) }],
      tokens: [{ _id: "tokVex", x: 50, y: 50, actorId: vex.id }],
    }),
  )) as FakeScene;
  (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
});

/** A started timeline combat of Kara, Vex and `others` (D-42: only combatants have activations). */
async function timelineCombat(...others: TacticaActor[]): Promise<TacticaCombat> {
  const { registerCombat } = await import("../../src/combat/register");
  registerCombat();
  await w.fake.settings.set("tactica", "combatMode", "timeline");
  w.data.setUser("gm-1");
  const combat = (await createFakeCombat([
    { actorId: kara.id!, initiative: 0, name: "Kara" },
    { actorId: vex.id!, initiative: 5, name: "Vex" },
    ...others.map((actor, i) => ({ actorId: actor.id!, initiative: 6 + i, name: actor.name })),
  ])) as unknown as TacticaCombat;
  await combat.startCombat();
  return combat;
}

/** An attack with `itemId` on Vex, defended and hit. */
async function hitVex(itemId: string): Promise<TacticaChatMessage> {
  queueDiceFaces([6, 6]);
  const message = (await kara.attack(itemId, { fastForward: true }))!;
  await message.update({
    system: { targets: [{ actorUuid: vex.uuid, tokenUuid: `Scene.${scene.id}.Token.tokVex`, name: "Vex" }] },
  } as never);
  queueDiceFaces([1, 1]);
  expect(await w.click("gm-1", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
  return message;
}

const renderAs = (userId: string, message: TacticaChatMessage) => w.renderAs(userId, message);

describe("hit follow-ups", () => {
  it("Etourdissante: a failed stun test moves the target's marker on a running timeline", async () => {
    const combat = await timelineCombat();
    const vexId = combat.combatants.find((c) => c.name === "Vex")!.id!;
    const message = await hitVex("stunner00000001");
    queueDiceFaces([3, 4]); // score 6 + 7 = 13 vs 18: one degree → 2 positions (D-29)
    expect(await w.click("gm-1", "applyDamage", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]).toMatchObject({ stun: 2, stunMoved: true });
    expect(combat.combatants.get(vexId)!.initiative).toBe(7);
    expect(textOf(await renderAs("gm-1", message))).toContain("Étourdissement : 2 positions plus tard");
  });

  it("Etourdissante outside a timeline: the card states the delay for the GM; a pass says so", async () => {
    const message = await hitVex("stunner00000001");
    queueDiceFaces([3, 4]);
    await w.click("gm-1", "applyDamage", message, { targetIndex: 0 });
    expect(message.card?.targets[0]).toMatchObject({ stun: 2, stunMoved: false });
    // m12: outside a timeline the GM applies it; in tours mode as AC lost at the next activation.
    expect(textOf(await renderAs("gm-1", message))).toContain(
      "à reporter par le MJ ; en mode tours, 2 AC de moins à sa prochaine activation",
    );
    const second = await hitVex("stunner00000001");
    queueDiceFaces([6, 6]); // 18 ≥ 18: passed
    await w.click("gm-1", "applyDamage", second, { targetIndex: 0 });
    expect(second.card?.targets[0]?.stun).toBe(0);
    expect(textOf(await renderAs("gm-1", second))).toContain("Test d'étourdissement réussi");
  });

  it("Tectonique: the target's place moves one step toward X, once per attack", async () => {
    const message = await hitVex("stunner00000001");
    queueDiceFaces([6, 6]);
    await w.click("gm-1", "applyDamage", message, { targetIndex: 0 });
    const region = scene.regions.get("regionA") as unknown as {
      behaviors: { contents: { system: { encumbrance: number } }[] };
    };
    expect(region.behaviors.contents[0]!.system.encumbrance).toBe(2);
    expect(message.card?.placesShifted).toEqual(["regionA"]);
  });
});

describe("Différé", () => {
  it("declares the marker with the card's id and holds the targets' buttons; when it comes due the due card shows the card again, its buttons acting on it", async () => {
    const combat = await timelineCombat();
    queueDiceFaces([6, 6]);
    const message = (await kara.attack("mortar000000001", { fastForward: true }))!;
    expect(message.card?.delayedState).toBe("declared");
    const marker = combat.timeline!.entries.find((e) => e.id === message.id) as { ownerId: string } | undefined;
    expect(marker).toMatchObject({ kind: "action", focused: true });
    await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    expect(buttons(await renderAs("player-2", message))).toEqual([]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.delay.waiting",
    });
    // The timeline runs until the pointer reaches the marker: the active GM posts the due card.
    const due: string[] = [];
    w.fake.hooks.on("tactica.delayedDue", (_c: unknown, d: unknown) => void due.push((d as { id: string }).id));
    for (let i = 0; i < 6 && !due.length; i++) await combat.endAction(1);
    expect(due).toEqual([message.id]);
    const dueCard = w.messages().at(-1)!;
    expect(dueCard.card).toMatchObject({ kind: "delayedDue", sourceMessage: message.id });
    expect(message.card?.delayedState).toBe("resolved");
    expect(textOf(await renderAs("player-2", dueCard))).toContain("Action différée (Kara)");
    expect(buttons(await renderAs("player-2", dueCard))).toEqual(["defend"]);
    expect(buttons(await renderAs("stranger", dueCard))).toEqual([]);
    // A click in the due card, through core's renderHTML and the wired listener, defends on the declaring card.
    const element = await w.elementAs("player-2", dueCard);
    const defend = element.querySelectorAll("button[data-action]").find((b) => b.dataset.action === "defend")!;
    queueDiceFaces([1, 1]);
    await w.as("player-2", () => defend.click());
    expect(message.card?.targets[0]).toMatchObject({ outcome: "hit", dice: [1, 1] });
    // The due card is redrawn when the card it shows changes.
    expect((globalThis as unknown as { ui: { chat: { updated: string[] } } }).ui.chat.updated).toContain(dueCard.id);
  });

  it("outside a timeline nothing is declared and the buttons stay", async () => {
    queueDiceFaces([6, 6]);
    const message = (await kara.attack("mortar000000001", { fastForward: true }))!;
    expect(message.card?.delayedState).toBe("");
    await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
    expect(buttons(await renderAs("player-2", message))).toEqual(["defend"]);
  });
});

describe("timeline costs, maintenance, fear, panic", () => {
  const cost = (m: unknown) => (m as { flags: { tactica?: { timelineCost?: unknown } } }).flags.tactica?.timelineCost;

  it("cards that spend AC carry their timeline cost; a maintenance posts a small card", async () => {
    const psyker = await w.own("Ilse", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 10 } } },
      items: [{ _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } }],
    });
    queueDiceFaces([2]);
    // The dialog's choice, passed as the actions layer takes it (the actor method forwards it).
    const castWith = psyker.castPower.bind(psyker) as (id: string, o: object) => Promise<unknown>;
    const cast = await castWith("force0000000001", { fastForward: true, concentration: true });
    expect(cost(cast)).toEqual({ kind: "power", useCost: 4, concentration: true });
    queueDiceFaces([2]);
    expect(cost(await psyker.cancelPower({ level: 5 }, { fastForward: true }))).toEqual({
      kind: "cancel",
      concentration: false,
    });
    w.fake.hooks.callAll("tactica.activationStart", {}, { actor: psyker });
    await Promise.resolve();
    const maintained = await psyker.maintainPower("force0000000001");
    expect(cost(maintained)).toEqual({ kind: "maintain", maintenanceCost: 2 });
    expect(textOf(maintained!.content as string)).toContain("Ilse entretient Force.");
  });

  it("D-13: at the end of an activation, powers neither maintained nor cast in it end (one update)", async () => {
    const psyker = await w.createActor({
      name: "Ilse",
      type: "character",
      system: {
        psyker: {
          mastery: 2,
          maintained: [
            { powerId: "force0000000001", sinceRound: 1 },
            { powerId: "speed0000000001", sinceRound: 1 },
          ],
        },
        profile: { ac: { value: 10 } },
      },
      items: [
        { _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } },
        { _id: "speed0000000001", name: "Rapidité", type: "power", system: { level: 6, cost: 3, maintenance: 2 } },
      ],
    });
    const combat = await timelineCombat(psyker);
    await psyker.maintainPower("speed0000000001");
    w.data.setUser("gm-1");
    // The end of Ilse's activation, as the combat's follow-up runs it on the active GM.
    const { runFollowUp } = await import("../../src/combat/after-update");
    const ended = combat.combatants.find((c) => c.actorId === psyker.id)!;
    const writes = await w.writesDuring(async () => {
      await runFollowUp(combat, {
        mode: "timeline",
        undo: null,
        ended,
        started: null,
        roundMoved: false,
        thresholds: [],
        due: [],
      });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(writes).toHaveLength(1);
    expect(
      systemAs<{ psyker: { maintained: { powerId: string }[] } }>(psyker).psyker.maintained.map((m) => m.powerId),
    ).toEqual(["speed0000000001"]);
  });

  it("the same power once per activation in combat; outside combat nothing holds it back", async () => {
    const psyker = await w.own("Ilse", "character", {
      system: { psyker: { mastery: 2 }, profile: { ac: { value: 30 } } },
      items: [{ _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } }],
    });
    queueDiceFaces([2, 2]);
    expect(await psyker.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    expect(await psyker.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    await timelineCombat(psyker);
    w.data.setUser("player-1");
    queueDiceFaces([2]);
    expect(await psyker.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    const errors = await w.errorsDuring(async () =>
      expect(await psyker.castPower("force0000000001", { fastForward: true })).toBeNull(),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Force");
  });

  it("D-15: a psyker at 0 PV ends what it maintains", async () => {
    const psyker = await w.createActor({
      name: "Ilse",
      type: "character",
      system: {
        psyker: { mastery: 2, maintained: [{ powerId: "force0000000001", sinceRound: 1 }] },
        profile: { pv: { value: 3, max: 6 } },
      },
      items: [{ _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } }],
    });
    w.data.setUser("gm-1");
    await psyker.applyDamage({ damage: 5, attributes: [] });
    await new Promise((r) => setTimeout(r, 0));
    expect(systemAs<{ psyker: { maintained: unknown[] } }>(psyker).psyker.maintained).toEqual([]);
  });

  it("Requis: an aptitude below X gains the difference in Épuisement and fires the hook", async () => {
    const gunner = await w.own("Orso", "character", {
      system: { aptitudes: { intellect: { value: 4 } } },
      items: [
        {
          _id: "plasma000000001",
          name: "Plasma",
          type: "weapon",
          system: { equipped: true, range: "ranged", attributes: [{ key: "requires", aptitude: "intellect", x: 10 }] },
        },
      ],
    });
    const seen: number[] = [];
    w.fake.hooks.on("tactica.exhaustionGained", (_a: unknown, n: unknown) => void seen.push(n as number));
    queueDiceFaces([3, 3]);
    await gunner.attack("plasma000000001", { fastForward: true });
    expect(systemAs<{ exhaustion: number }>(gunner).exhaustion).toBe(6);
    expect(seen).toEqual([6]);
  });

  it("fear: one test per activation in combat, refused with a message; a new activation allows it", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 6 } } },
    });
    const combat = await timelineCombat(unit);
    w.data.setUser("player-1");
    queueDiceFaces([9]);
    expect(await unit.fearTest({ fear: 2, charging: true }, { fastForward: true })).not.toBeNull();
    const errors = await w.errorsDuring(async () =>
      expect(await unit.fearTest({ fear: 3, charging: true }, { fastForward: true })).toBeNull(),
    );
    expect(errors).toEqual(["Escouade a déjà fait un test de peur pendant cette activation."]);
    // Kara and Vex end their actions: the unit's next activation starts (its records cleared).
    w.data.setUser("gm-1");
    await combat.endAction(10);
    await combat.endAction(10);
    expect(combat.combatant?.actor).toBe(unit);
    w.data.setUser("player-1");
    queueDiceFaces([2]);
    expect(await unit.fearTest({ fear: 3, charging: true }, { fastForward: true })).not.toBeNull();
  });

  it("panic: the card shows the d10 face with the +1; the compendium table's result wins and sets its condition", async () => {
    const table = {
      name: "Table de panique",
      flags: { tactica: { panicTable: true } },
      results: [{ range: [1, 10], flags: { tactica: { panicResult: "retreat" } } }],
    };
    (w.fake.game as Record<string, unknown>).packs = new Map([
      ["tactica.tables", { getDocuments: async () => [table] }],
    ]);
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 4 }, ac: { value: 4 } } },
    });
    await unit.setCondition("panicked", true);
    queueDiceFaces([8]);
    const message = (await unit.rally({ fastForward: true }))!;
    expect(cost(message)).toEqual({ kind: "rally", ac: 4 });
    queueDiceFaces([9]); // built-in: 9 + 1 → destroyed; the table says retreat
    await w.click("player-1", "rollPanic", message);
    expect(message.card).toMatchObject({ panic: "retreat", panicFace: 10 });
    expect(unit.statuses.has("retreating")).toBe(true);
    expect(textOf(await renderAs("player-1", message))).toContain("d10 : 10");
  });

  it("panic without the compendium: the rules read the face", async () => {
    const unit = await w.own("Escouade", "unit", {
      system: { profile: { co: { value: 4 } } },
    });
    queueDiceFaces([9]);
    const message = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([8]);
    await w.click("player-1", "rollPanic", message);
    expect(message.card).toMatchObject({ panic: "terror", panicFace: 8 });
    expect(unit.statuses.has("terrified")).toBe(true);
  });
});

describe("weapon FOR pressure", () => {
  it("folds the weapon's own UPGRADE effects into its FOR (highest wins) and shows it on the card", async () => {
    const weapon = kara.items.get("stunner00000001")!;
    const upgrade = (value: number) => ({
      name: `+${value}`,
      ...changesData([{ key: "system.pressure", type: "upgrade", value }]),
    });
    await weapon.createEmbeddedDocuments("ActiveEffect", [upgrade(2), upgrade(1)] as never);
    expect(systemAs<{ strengthTotal: number }>(kara.items.get("stunner00000001")).strengthTotal).toBe(4);
    queueDiceFaces([3, 3]);
    const message = (await kara.attack("stunner00000001", { fastForward: true }))!;
    expect(textOf(await renderAs("player-1", message))).toContain("Masse — FOR 4");
  });
});

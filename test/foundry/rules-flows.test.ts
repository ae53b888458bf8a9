import { beforeEach, describe, expect, it, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { answerDialog, nextDialog } from "./fake-apps";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat, type FakeScene } from "./fake-combat";
import { placeBehaviors, placedScene } from "./places-helpers";
import { systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaCombat } from "../../src/combat/combat";
import type { ScoreRoll } from "../../src/dice/score-roll";

// The rules at the table: each decision D-35…D-43 and each flow fixed with them (C1–C16
// in the test names), exercised through the flow a player or the
// GM goes through — the actor's methods, the card buttons on each user's client, the combat — on
// the Foundry fake with the real entry loaded.

let w: ChatWorld;

type Sys = {
  actions: { spent: number; remaining: number };
  exhaustion: number;
  willpower: { value: number };
  aptitudes: Record<string, { value: number; damage: number; current: number }>;
  profile: Record<string, { value: number; total: number; modifier: number }>;
  morale: { state: string; fearPassed: number; moraleTested: boolean };
  psyker: { maintained: { powerId: string }[] };
};
const sys = (actor: TacticaActor) => systemAs<Sys>(actor);

beforeEach(async () => {
  w = await chatWorld();
});

/** A started combat of `actors` (in that order: the first acts first), as the GM makes it. */
async function fight(mode: "tours" | "timeline", ...actors: TacticaActor[]): Promise<TacticaCombat> {
  const before = w.fake.game.user as unknown as { id: string };
  await w.fake.settings.set("tactica", "combatMode", mode);
  const combat = await w.as("gm-1", async () => {
    const c = (await createFakeCombat(
      actors.map((a, i) => ({ actorId: a.id!, initiative: mode === "tours" ? 20 - i : i, name: a.name })),
    )) as unknown as TacticaCombat;
    await c.startCombat();
    return c;
  });
  w.data.setUser(before.id);
  return combat;
}

/** Ends the acting combatant's turn or action, as the GM. */
async function next(combat: TacticaCombat, duration = 1): Promise<void> {
  await w.as("gm-1", () => (combat.mode === "timeline" ? combat.endAction(duration) : combat.nextTurn()));
}

function psyker(extra: Record<string, unknown> = {}): Promise<TacticaActor> {
  return w.createActor({
    name: "Ilse",
    type: "character",
    ownership: { default: 0, "player-1": 3 },
    system: { psyker: { mastery: 2 }, profile: { ac: { value: 6 } }, ...extra },
    items: [
      { _id: "force0000000001", name: "Force", type: "power", system: { level: 5, cost: 4, maintenance: 2 } },
      { _id: "heal00000000001", name: "Guérison", type: "power", system: { level: 4, cost: 5 } },
    ],
  });
}

describe("D-42 / C1: spent AC by combat mode", () => {
  it("on a timeline a psyker casts on two successive actions: an AC cost is a duration, never refused", async () => {
    const ilse = await psyker();
    const combat = await fight("timeline", ilse);
    queueDiceFaces([2]);
    expect(await ilse.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    await next(combat, 4);
    queueDiceFaces([2]);
    const errors = await w.errorsDuring(async () =>
      expect(await ilse.castPower("heal00000000001", { fastForward: true })).not.toBeNull(),
    );
    expect(errors).toEqual([]);
    expect(sys(ilse).actions.spent).toBe(0);
  });

  it("outside combat spent AC never block anything", async () => {
    const ilse = await psyker();
    queueDiceFaces([2, 2, 2]);
    expect(await ilse.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    expect(await ilse.castPower("heal00000000001", { fastForward: true })).not.toBeNull();
    expect(await ilse.castPower("force0000000001", { fastForward: true })).not.toBeNull();
    expect(sys(ilse).actions.remaining).toBe(6);
  });

  it("in tours mode AC are the activation's budget, refused when short, back at the actor's next activation", async () => {
    const ilse = await psyker();
    const other = await w.createActor({ name: "Bel", type: "character" });
    const combat = await fight("tours", ilse, other);
    queueDiceFaces([2]);
    await ilse.castPower("force0000000001", { fastForward: true });
    expect(sys(ilse).actions.remaining).toBe(2);
    const errors = await w.errorsDuring(async () =>
      expect(await ilse.castPower("heal00000000001", { fastForward: true })).toBeNull(),
    );
    expect(errors).toEqual([
      w.fake.game.i18n!.format("TACTICA.Errors.Actions.NotEnough", { name: "Ilse", remaining: "2", needed: "5" }),
    ]);
    await next(combat);
    await next(combat);
    expect(combat.combatant?.actor).toBe(ilse);
    expect(sys(ilse).actions.spent).toBe(0);
    queueDiceFaces([2]);
    expect(await ilse.castPower("heal00000000001", { fastForward: true })).not.toBeNull();
  });
});

describe("a card's target rows are bounded (BOUNDS.cardRows)", () => {
  /** `n` targeted tokens of distinct actors, as core's user targets give them. */
  function targetCrowd(n: number): void {
    (w.fake.game.user as unknown as Record<string, unknown>).targets = new Set(
      Array.from({ length: n }, (_, i) => ({
        actor: { uuid: `Actor.crowd${String(i).padStart(11, "0")}`, name: `Ork ${i}` },
        document: { uuid: `Scene.s.Token.crowd${String(i).padStart(11, "0")}`, name: `Ork ${i}` },
      })),
    );
  }

  it("64 targets make a card; 65 are refused, localised, before any roll, with no card and no write", async () => {
    const ilse = await psyker();
    targetCrowd(64);
    queueDiceFaces([2]);
    const card = await ilse.castPower("force0000000001", { fastForward: true });
    expect(card?.card?.targets).toHaveLength(64);

    targetCrowd(65);
    const messages = (w.fake.game.messages as { size: number }).size;
    let result: unknown = "unset";
    const writes = await w.writesDuring(async () => {
      const errors = await w.errorsDuring(async () => {
        result = await ilse.castPower("heal00000000001", { fastForward: true });
      });
      expect(errors).toEqual([
        "Ce jet vise 65 cibles\u202f; une carte en compte au plus 64. Retirez des cibles et relancez.",
      ]);
    });
    expect(result).toBeNull();
    expect(writes).toEqual([]);
    expect((w.fake.game.messages as { size: number }).size).toBe(messages);
  });
});

describe("D-42 / C2: a rally once per activation, whatever it cost", () => {
  async function panicked(ac: number): Promise<TacticaActor> {
    const unit = await w.createActor({
      name: "Escouade",
      type: "unit",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { co: { value: 3 }, ac: { value: ac } } },
    });
    await unit.setMoraleState("panicked");
    return unit;
  }

  it("a failed rally that cost no AC (AC 1) cannot be tried again in the same activation (tours)", async () => {
    const unit = await panicked(1);
    const combat = await fight("tours", unit, await w.createActor({ name: "Bel", type: "character" }));
    queueDiceFaces([9]);
    expect((await unit.rally({ fastForward: true }))?.card?.acSpent).toBe(0);
    const errors = await w.errorsDuring(async () => expect(await unit.rally({ fastForward: true })).toBeNull());
    expect(errors).toEqual(["Escouade a déjà tenté de se rallier pendant cette activation."]);
    await next(combat);
    await next(combat);
    queueDiceFaces([9]);
    expect(await unit.rally({ fastForward: true })).not.toBeNull();
  });

  it("on a timeline too: one rally per action", async () => {
    const unit = await panicked(4);
    await fight("timeline", unit);
    queueDiceFaces([9]);
    expect(await unit.rally({ fastForward: true })).not.toBeNull();
    expect(await unit.rally({ fastForward: true })).toBeNull();
  });
});

describe("D-39 / C3: Requis — armour at each move action, other equipment at each use", () => {
  async function porter(): Promise<TacticaActor> {
    return w.createActor({
      name: "Brann",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: {
        aptitudes: { puissance: { value: 3 }, intellect: { value: 2 } },
        subAptitudes: { force: { value: 1 } },
        profile: { mou: { value: 4 }, att: { value: 3 } },
      },
      items: [
        {
          _id: "armour000000001",
          name: "Armure lourde de siège",
          type: "armor",
          system: { equipped: true, renfort: 5, attributes: [{ key: "requires", aptitude: "puissance", x: 5 }] },
        },
        {
          _id: "servo0000000001",
          name: "Servo-bras",
          type: "gear",
          system: {
            linked: true,
            equipped: true,
            pressureTarget: "att",
            gearBonus: 2,
            attributes: [{ key: "requires", aptitude: "puissance", x: 4 }],
          },
        },
        {
          _id: "legs00000000001",
          name: "Jambières",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "mou", gearBonus: 1 },
        },
      ],
    });
  }

  it("a move action charges the worn armour's Requis and posts the move card (sheet button)", async () => {
    const brann = await porter();
    const sheet = brann.sheet as unknown as { render(o: object): Promise<unknown> };
    await sheet.render({ force: true });
    const { clickAction } = await import("./fake-apps");
    const pending = clickAction(sheet as never, "move", { dataset: {} });
    await answerDialog(await nextDialog(), null, { pursuit: false, pressure: "" });
    await pending;
    expect(sys(brann).exhaustion).toBe(2);
    const card = w.messages().at(-1)!;
    expect(card.card?.kind).toBe("move");
    expect(textOf(await w.renderAs("player-1", card))).toContain(
      textOf(w.fake.game.i18n!.format("TACTICA.Chat.move.requis", { armour: "Armure lourde de siège", count: "2" })),
    );
  });

  it("a move card without Requis: its label, its MOU, no Requis line; a pursuit says so; both price one move", async () => {
    const ida = await w.createActor({
      name: "Ida",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { mou: { value: 4 } } },
    });
    const { kindOf } = await import("../../src/chat/kinds/index");
    const i18n = w.fake.game.i18n!;
    for (const pursuit of [false, true]) {
      await w.as("player-1", () => ida.move({ pursuit }, { fastForward: true }));
      const card = w.messages().at(-1)!;
      expect(card.card?.kind).toBe("move");
      const html = await w.renderAs("player-1", card);
      const text = textOf(html);
      expect(text).toContain(i18n.localize("TACTICA.Chat.card.move"));
      expect(text).toContain(textOf(i18n.format("TACTICA.Chat.move.mou", { mou: "4" })));
      expect(text).toContain(
        textOf(i18n.localize(pursuit ? "TACTICA.Chat.move.pursuitResult" : "TACTICA.Chat.move.result")),
      );
      expect(text).not.toContain("Requis");
      expect(kindOf("move")!.price!({ message: card, card: card.card! } as never, ida)).toEqual({ kind: "move" });
    }
    expect(sys(ida).exhaustion).toBe(0);
  });

  it("a move card is drawn as a move card: its kind on the article, its actor in the header", async () => {
    const ida = await w.createActor({
      name: "Ida",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { mou: { value: 4 } } },
    });
    const card = (await w.as("player-1", () => ida.move({ pursuit: false }, { fastForward: true })))!;
    const html = await w.renderAs("player-1", card);
    // The card's article names its kind (the styles and the chat log's readers find it so).
    expect(html).toMatch(
      /<article class="tactica-card tactica-card--move tactica-card--info [^"]*" data-card-kind="move">/,
    );
    expect(html).toContain('<span class="tactica-card__subject">Ida</span>');
  });

  it("a move card whose move is missing shows the damaged notice, the warning saying what is missing", async () => {
    const ida = await w.createActor({ name: "Ida", type: "character", ownership: { default: 0, "player-1": 3 } });
    const { FakeRollMessage } = await import("./fake-chat");
    const { renderCardContent } = await import("../../src/chat/kinds/index");
    const broken = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({
        type: "rollCard",
        content: "",
        rolls: [],
        system: { kind: "move", actorUuid: ida.uuid },
      }),
    ))! as unknown as TacticaChatMessage;
    expect(broken.card).toMatchObject({ kind: "move", move: null });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(textOf(await renderCardContent(broken))).toBe(textOf(w.fake.game.i18n!.localize("TACTICA.Chat.damaged")));
    expect(warn).toHaveBeenCalledWith(
      "Tactica | a card could not be rendered",
      broken.id,
      expect.objectContaining({ message: "a move card without its move" }),
    );
    warn.mockRestore();
  });

  it("a pressure roll and a pool roll with the gear's dice each charge its Requis", async () => {
    const brann = await porter();
    queueDiceFaces([3]);
    await brann.rollPressure("servo0000000001", { fastForward: true });
    expect(sys(brann).exhaustion).toBe(1);
    // One actor write for the card's key and the Requis (one user action).
    const writes = await w.writesDuring(async () => {
      queueDiceFaces([2, 3, 4, 5, 6, 2]);
      await brann.rollPool(
        { aptitude: "puissance", subAptitude: "force", itemId: "servo0000000001" },
        { fastForward: true },
      );
    });
    expect(sys(brann).exhaustion).toBe(2);
    expect(writes.filter((x) => x.documentName === "Actor")).toHaveLength(1);
    // Gear without Requis charges nothing.
    queueDiceFaces([3]);
    await brann.rollPressure("legs00000000001", { fastForward: true });
    expect(sys(brann).exhaustion).toBe(2);
  });
});

describe("D-38 / C4, C7: De zone targets chosen by the attacker; Et Soi without a Portée check", () => {
  let kara: TacticaActor;
  let scene: FakeScene;
  const rect = (x: number) => [{ type: "rectangle", x, y: 0, width: 200, height: 200 }];

  beforeEach(async () => {
    kara = await w.createActor({
      name: "Kara",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { aptitudes: { puissance: { value: 3 } }, subAptitudes: { robustesse: { value: 2 } } },
      items: [
        {
          _id: "axe000000000001",
          name: "Hache",
          type: "weapon",
          system: { equipped: true, weight: "heavy", strength: 3, attributes: [{ key: "area", x: 1, self: false }] },
        },
        {
          _id: "bomb00000000001",
          name: "Bombe",
          type: "grenade",
          system: {
            quantity: 3,
            strength: 2,
            attributes: [
              { key: "range", x: 1, y: 3 },
              { key: "area", self: true },
            ],
          },
        },
      ],
    });
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      img: "vex.webp",
      ownership: { default: 0, "player-2": 3 },
    });
    const ork = await w.createActor({ name: "Ork", type: "character", ownership: { default: 0, "player-2": 3 } });
    const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    scene = (await w.as("gm-1", () =>
      placedScene(Scene.documentClass, {
        name: "Ruines",
        grid: { size: 100 },
        regions: [
          { _id: "regionA", name: "Cour", shapes: rect(0), behaviors: placeBehaviors(0, ["regionB"]) },
          { _id: "regionB", name: "Porche", shapes: rect(200), behaviors: placeBehaviors(0, []) },
        ],
        tokens: [
          { _id: "tokKara", x: 50, y: 50, actorId: kara.id, name: "Kara" },
          { _id: "tokVex", x: 250, y: 50, actorId: vex.id, name: "Vex" },
          { _id: "tokOrk", x: 260, y: 60, actorId: ork.id, name: "Ork" },
        ],
      }),
    )) as FakeScene;
    (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
    Object.assign(kara, { getActiveTokens: () => [{ document: scene.tokens.get("tokKara") }] });
  });

  function target(...ids: string[]): void {
    (w.fake.game.user as unknown as Record<string, unknown>).targets = new Set(
      ids.map((id) => ({ document: scene.tokens.get(id) })),
    );
  }

  it("De zone 1 with two occupants: the dialog lists both with portraits, and the attacker picks the second", async () => {
    target("tokVex");
    queueDiceFaces([4, 4]);
    const pending = kara.attack("axe000000000001");
    const dialog = await nextDialog();
    const content = String(dialog.options.content);
    expect(content).toContain("Vex");
    expect(content).toContain("Ork");
    expect(content).toContain('src="vex.webp"');
    // The user's target is ticked first.
    expect(content).toMatch(/name="hit-0" checked/);
    await answerDialog(dialog, null, { "hit-1": true, modifier: "0" });
    const message = (await pending)!;
    expect(message.card?.targets.map((t) => t.name)).toEqual(["Ork"]);
    expect(sys(kara).exhaustion).toBe(0);
  });

  it("ticking more than X occupants is refused in the dialog, which stays open", async () => {
    target("tokVex");
    const pending = kara.attack("axe000000000001");
    const dialog = await nextDialog();
    const errors = await w.errorsDuring(() =>
      answerDialog(dialog, null, { "hit-0": true, "hit-1": true, modifier: "0" }),
    );
    expect(errors).toEqual(["Cochez au plus 1 occupant."]);
    expect(dialog.rendered).toBe(true);
    await dialog.close();
    expect(await pending).toBeNull();
  });

  it("Et Soi adds the attacker with no Portée check: his own row is no miss, and he can defend and be hit", async () => {
    target("tokVex");
    queueDiceFaces([6, 6]);
    const message = (await kara.attack("bomb00000000001", { fastForward: true }))!;
    const rows = message.card!.targets;
    expect(rows.map((t) => [t.name, t.outcome, t.note])).toEqual([
      ["Vex", "pending", ""],
      ["Ork", "pending", ""],
      ["Kara", "pending", ""],
    ]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", message, { targetIndex: 2 })).toEqual({ ok: true });
    expect(message.card?.targets[2]?.outcome).toBe("hit");
  });
});

describe("D-35 / C5: a hit's damage is the weapon's current FOR", () => {
  it("printed FOR plus the pressure bonus in force, which that damage spends; a grenade's FOR", async () => {
    const brann = await w.createActor({
      name: "Brann",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { aptitudes: { puissance: { value: 5 } }, subAptitudes: { robustesse: { value: 4 } } },
      items: [
        {
          _id: "hammer000000001",
          name: "Marteau-piston",
          type: "weapon",
          system: { equipped: true, linked: true, weight: "heavy", strength: 5 },
        },
        { _id: "frag00000000001", name: "Grenade", type: "grenade", system: { quantity: 2, strength: 3 } },
      ],
    });
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { pv: { value: 20, max: 20 } } },
    });
    const hammer = brann.items.get("hammer000000001")!;
    queueDiceFaces([5]); // +4, capped at the printed FOR 5
    await brann.rollPressure("hammer000000001", { fastForward: true });
    expect((hammer.system as unknown as { strengthTotal: number }).strengthTotal).toBe(9);
    const hitWith = async (itemId: string): Promise<TacticaChatMessage> => {
      queueDiceFaces([6, 6]);
      (w.fake.game.user as unknown as Record<string, unknown>).targets = new Set([
        { actor: vex, document: { uuid: "", name: "Vex", actor: vex } },
      ]);
      const message = (await brann.attack(itemId, { fastForward: true }))!;
      await message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never);
      queueDiceFaces([1, 1]);
      await w.click("player-2", "defend", message, { targetIndex: 0 });
      expect(await w.click("player-2", "applyDamage", message, { targetIndex: 0 })).toEqual({ ok: true });
      return message;
    };
    await hitWith("hammer000000001");
    expect(sys(vex).profile.pv!.total).toBe(11); // 20 − (5 + 4)
    expect(hammer.effects.size).toBe(0);
    expect((hammer.system as unknown as { strengthTotal: number }).strengthTotal).toBe(5);
    await hitWith("hammer000000001");
    expect(sys(vex).profile.pv!.total).toBe(6); // the bonus was spent: 11 − 5
    await hitWith("frag00000000001");
    expect(sys(vex).profile.pv!.total).toBe(3);
  });
});

describe("D-43 / C6: S-push-scores", () => {
  async function tester(): Promise<TacticaActor> {
    return w.createActor({
      name: "Kara",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: {
        aptitudes: { vivacite: { value: 2 } },
        subAptitudes: { reflexe: { value: 4 } },
        willpower: { value: 3 },
      },
    });
  }

  it("off (the default): a score card offers no push, and a push request is refused", async () => {
    const kara = await tester();
    queueDiceFaces([3, 4]);
    const message = (await kara.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }))!;
    expect(buttonsOf(await w.renderAs("player-1", message))).not.toContain("push");
    expect(await w.click("player-1", "push", message)).toEqual({ ok: false, reason: "TACTICA.Card.pool.notPushable" });
  });

  it("on: the two d6 are base dice — 6s and 1s kept, the rest rerolled once — each 1 after the push damages the aptitude and gives WP; odds and consequences on the card", async () => {
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const kara = await tester();
    queueDiceFaces([1, 4]);
    const message = (await kara.rollScore({ subAptitude: "reflexe", difficulty: 15 }, { fastForward: true }))!;
    const before = await w.renderAs("player-1", message);
    expect(buttonsOf(before)).toContain("push");
    // Score 6 + the kept 1: the rerolled die needs 8 — impossible; one 1 already on the table.
    expect(textOf(before)).toContain("Si vous poussez, 0 % de chances de réussir ; 1,2 dégât d'aptitude attendu.");
    queueDiceFaces([1]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    const pushed = message.lastRoll as unknown as ScoreRoll;
    expect([pushed.faces, pushed.testTotal, pushed.isSuccess]).toEqual([[1, 1], 8, false]);
    expect(sys(kara).aptitudes.vivacite!.damage).toBe(2);
    expect(sys(kara).willpower.value).toBe(5);
    const after = textOf(await w.renderAs("player-1", message));
    expect(after).toContain("Conséquences de la poussée");
    expect(buttonsOf(await w.renderAs("player-1", message))).not.toContain("push");
    expect(await w.click("player-1", "push", message)).toEqual({ ok: false, reason: "TACTICA.Card.pool.notPushable" });
  });

  it("an attack is never pushed (its defences are recorded against its dice)", async () => {
    await w.as("gm-1", () => w.fake.settings.set("tactica", "pushScores", true));
    const kara = await tester();
    await kara.createEmbeddedDocuments("Item", [
      { _id: "knife0000000001", name: "Couteau", type: "weapon", system: { equipped: true } } as never,
    ]);
    queueDiceFaces([3, 4]);
    const message = (await kara.attack("knife0000000001", { fastForward: true }))!;
    expect(buttonsOf(await w.renderAs("player-1", message))).not.toContain("push");
  });
});

describe("D-40 / C8: Tenir bon's −1 ATT is carried by its condition", () => {
  it("the Panicked condition lowers ATT by 1 for ATT tests, and the rally that clears it restores it", async () => {
    const unit = await w.createActor({
      name: "Escouade",
      type: "unit",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { att: { value: 4 }, co: { value: 8 }, ac: { value: 4 } } },
    });
    queueDiceFaces([9]);
    const morale = (await unit.moraleTest({ fastForward: true }))!;
    queueDiceFaces([1]); // Tenir bon
    await w.click("player-1", "rollPanic", morale);
    expect(unit.statuses.has("panicked")).toBe(true);
    expect(sys(unit).profile.att!.total).toBe(3);
    expect(sys(unit).profile.att!.value).toBe(4); // the printed value (pressure caps) is untouched
    queueDiceFaces([3]);
    const test = (await unit.rollProfile("att", { fastForward: true }))!;
    expect((test.lastRoll as unknown as { target: number }).target).toBe(3);
    queueDiceFaces([2]);
    await unit.rally({ fastForward: true });
    expect(sys(unit).profile.att!.total).toBe(4);
  });
});

describe("D-41: the morale state is the condition", () => {
  it("the sheet's state sets one panic condition; the state shown is read from the conditions", async () => {
    const unit = await w.createActor({ name: "Escouade", type: "unit", ownership: { default: 0, "player-1": 3 } });
    const sheet = unit.sheet as unknown as {
      render(o: object): Promise<unknown>;
      _onChangeForm(c: object, e: object): void;
    };
    await sheet.render({ force: true });
    sheet._onChangeForm({}, { target: { dataset: { input: "moraleState" }, value: "retreating" } });
    await new Promise((r) => setTimeout(r, 0));
    expect([...unit.statuses]).toEqual(["retreating"]);
    expect(sys(unit).morale.state).toBe("retreating");
    await unit.setMoraleState("terrified");
    expect([...unit.statuses]).toEqual(["terrified"]);
    await unit.setMoraleState("steady");
    expect(unit.statuses.size).toBe(0);
    expect(sys(unit).morale.state).toBe("steady");
    expect(unit._source.system).not.toHaveProperty("morale.state");
  });
});

describe("C9: figures removed by editing the strength prompt the morale test", () => {
  it("the edit that first brings a unit to half posts one prompt and records it in its own write", async () => {
    const unit = await w.createActor({
      name: "Escouade",
      type: "unit",
      ownership: { default: 0, "player-1": 3 },
      system: { strength: { start: 6, current: 6 } },
    });
    w.data.setUser("gm-1");
    const writes = await w.writesDuring(async () => {
      await unit.update({ "system.strength.current": 4 } as never);
      await unit.update({ "system.strength.current": 3 } as never);
      await new Promise((r) => setTimeout(r, 0));
      await unit.update({ "system.strength.current": 2 } as never);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(sys(unit).morale.moraleTested).toBe(true);
    const actorWrites = writes.filter((x) => x.documentName === "Actor");
    expect(actorWrites).toHaveLength(3);
    expect(actorWrites[1]!.data[0]).toMatchObject({
      system: { strength: { current: 3 }, morale: { moraleTested: true } },
    });
    const prompts = w.messages().filter((m) => m.card?.kind === "moralePrompt");
    expect(prompts).toHaveLength(1);
  });
});

describe("C10, C11, C12: maintaining and chanting", () => {
  it("C10: a power is maintained from the activation after its casting, not in it", async () => {
    const ilse = await psyker({ profile: { ac: { value: 12 } } });
    const combat = await fight("timeline", ilse);
    queueDiceFaces([2]);
    await ilse.castPower("force0000000001", { fastForward: true });
    const errors = await w.errorsDuring(async () => expect(await ilse.maintainPower("force0000000001")).toBeNull());
    expect(errors).toEqual(["Ilse entretient Force à partir de l'activation qui suit son lancement."]);
    await next(combat, 4);
    expect(await ilse.maintainPower("force0000000001")).not.toBeNull();
    expect(sys(ilse).psyker.maintained.map((m) => m.powerId)).toEqual(["force0000000001"]);
  });

  it("C11: a neophyte choir maintains its power as one psyker; C12: it chants with its figures", async () => {
    const choir = await w.createActor({
      name: "Chœur",
      type: "unit",
      ownership: { default: 0, "player-1": 3 },
      system: {
        strength: { start: 5, current: 5 },
        profile: { ac: { value: 6 } },
        choir: { chanting: 0, powerId: "wall00000000001" },
      },
      items: [
        { _id: "wall00000000001", name: "Rempart", type: "power", system: { level: 6, cost: 4, maintenance: 2 } },
      ],
    });
    queueDiceFaces([8]);
    const cast = (await choir.castPower("wall00000000001", { fastForward: true }))!;
    const roll = cast.lastRoll as unknown as { target: number; options: { chanters: number } };
    expect([roll.options.chanters, roll.target]).toEqual([5, 9]); // level 6 + chant +3
    expect(sys(choir).psyker.maintained.map((m) => m.powerId)).toEqual(["wall00000000001"]);
    expect(await choir.maintainPower("wall00000000001")).not.toBeNull();
    // The GM's count of those who chant, when fewer do.
    await choir.update({ system: { choir: { chanting: 2 } } } as never);
    queueDiceFaces([8]);
    const fewer = (await choir.castPower("wall00000000001", { fastForward: true }))!;
    expect((fewer.lastRoll as unknown as { target: number }).target).toBe(8);
  });
});

describe("C13: a fear level passed counts for the rest of the scene only", () => {
  it("is forgotten when the combat ends, and when another scene is activated", async () => {
    const unit = await w.createActor({
      name: "Escouade",
      type: "unit",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { co: { value: 9 } } },
    });
    const combat = await fight("tours", unit);
    queueDiceFaces([2]);
    await unit.fearTest({ fear: 2, charging: true }, { fastForward: true });
    expect(sys(unit).morale.fearPassed).toBe(2);
    await w.as("gm-1", () => (combat as unknown as { delete(): Promise<unknown> }).delete());
    await new Promise((r) => setTimeout(r, 0));
    expect(sys(unit).morale.fearPassed).toBe(0);
    queueDiceFaces([2]);
    await unit.fearTest({ fear: 3, charging: true }, { fastForward: true });
    expect(sys(unit).morale.fearPassed).toBe(3);
    const Scene = w.fake.CONFIG.Scene as {
      documentClass: { create(data: object): Promise<{ update(d: object): Promise<unknown> }> };
    };
    await w.as("gm-1", async () => {
      const scene = await Scene.documentClass.create({ name: "Crypte" });
      await scene.update({ active: true });
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(sys(unit).morale.fearPassed).toBe(0);
  });
});

describe("C14: a cancel says so when the AC do not allow concentration", () => {
  it("goes ahead without concentration, with a message and a note on its card", async () => {
    const ilse = await psyker({ profile: { ac: { value: 3 } } });
    await fight("tours", ilse);
    const { notifications } = w.data;
    const from = notifications.messages.length;
    queueDiceFaces([2]);
    const message = (await ilse.cancelPower({ level: 5, concentration: true }, { fastForward: true }))!;
    expect(notifications.messages.slice(from).map((m) => m.message)).toContain(
      "Ilse n'a que 3\u00a0AC\u00a0: l'annulation se fait sans concentration.",
    );
    expect((message.lastRoll as unknown as { target: number }).target).toBe(6);
    expect(message.card?.notes).toEqual(["TACTICA.Chat.psy.concentrationDropped"]);
  });
});

describe("C15: the MOU pressure window of a pursuit move", () => {
  it("a pursuit move may roll MOU pressure first: the bonus counts in the move's MOU, then ends with it; an activation bonus stays", async () => {
    const brann = await w.createActor({
      name: "Brann",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { mou: { value: 4 } } },
      items: [
        {
          _id: "legs00000000001",
          name: "Jambières",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "mou" },
        },
      ],
    });
    queueDiceFaces([1]); // +2
    const card = (await brann.move({ pursuit: true, pressureItemId: "legs00000000001" }, { fastForward: true }))!;
    expect(card.card?.move).toMatchObject({ pursuit: true, mou: 6, mouBonus: 2 });
    // The card says the MOU it moved with and how much of it the pressure gave.
    const text = textOf(await w.renderAs("player-1", card));
    expect(text).toContain("MOU 6, dont +2 de pression.");
    // Ended: deleted on v13; on v14 expired by its event (core's default keeps it, no longer applied).
    expect([...brann.effects].filter((e) => (e as unknown as { active: boolean }).active)).toHaveLength(0);
    expect(sys(brann).profile.mou!.total).toBe(4);
    // A bonus rolled at the activation is no pursuit bonus: a move leaves it.
    queueDiceFaces([3]);
    await brann.rollPressure("legs00000000001", { fastForward: true });
    await brann.move({ pursuit: true }, { fastForward: true });
    expect(sys(brann).profile.mou!.total).toBe(7);
  });

  it("a MOU pressure roll before a move that is no pursuit move is refused", async () => {
    const brann = await w.createActor({
      name: "Brann",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      items: [
        {
          _id: "legs00000000001",
          name: "Jambières",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "mou" },
        },
      ],
    });
    const errors = await w.errorsDuring(async () =>
      expect(await brann.move({ pursuit: false, pressureItemId: "legs00000000001" }, { fastForward: true })).toBeNull(),
    );
    expect(errors).toHaveLength(1);
    expect(w.messages()).toHaveLength(0);
  });
});

describe("D-36: Résistant Incendiaire softens the threshold burn", () => {
  it("a burning actor in the Armure lourde de siège loses 2 PV less at a threshold", async () => {
    const brann = await w.createActor({
      name: "Brann",
      type: "character",
      system: { profile: { pv: { value: 10, max: 10 } }, gauges: { disruptif: 0, incendiaire: 5 } },
      items: [
        {
          name: "Armure lourde de siège",
          type: "armor",
          system: { equipped: true, renfort: 1, attributes: [{ key: "resistant", kind: "incendiary", y: 2 }] },
        },
      ],
    });
    w.data.setUser("gm-1");
    const combat = await fight("timeline", brann);
    await next(combat, 10);
    expect(sys(brann).profile.pv!.total).toBe(8); // burn 5 − 1 = 4, less 2
    const card = w.messages().find((m) => m.card?.kind === "threshold")!;
    expect(textOf(await w.renderAs("gm-1", card))).toContain("dont 2 arrêtés par Résistant Incendiaire");
  });
});

describe("A2: timeline markers move from the keyboard", () => {
  it("the GM's − and + buttons move a marker by one position; a player's click moves nothing", async () => {
    const ana = await w.createActor({ name: "Ana", type: "character", ownership: { default: 0, "player-1": 3 } });
    const bel = await w.createActor({ name: "Bel", type: "character" });
    const combat = await fight("timeline", ana, bel);
    const { TimelineTracker } = await import("../../src/applications/combat/tracker");
    const nudge = TimelineTracker.DEFAULT_OPTIONS.actions.nudgeMarker as unknown as (
      e: unknown,
      t: object,
    ) => Promise<void>;
    const belId = combat.combatants.find((c) => c.name === "Bel")!.id!;
    const button = (delta: number) => ({
      dataset: { delta: String(delta) },
      closest: () => ({ dataset: { entryId: belId, markerPosition: String(position()) } }),
    });
    const position = () => combat.timeline!.entries.find((e) => e.id === belId)!.position;
    w.data.setUser("gm-1");
    await nudge({}, button(1));
    expect(position()).toBe(2);
    await nudge({}, button(-1));
    expect(position()).toBe(1);
    w.data.setUser("player-1");
    await w.errorsDuring(() => nudge({}, button(1)));
    expect(position()).toBe(1);
  });
});

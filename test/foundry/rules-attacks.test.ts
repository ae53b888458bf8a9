import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { answerDialog, nextDialog } from "./fake-apps";
import { buttonsOf, chatWorld, type ChatWorld } from "./chat-helpers";
import type { FakeScene } from "./fake-combat";
import { placeBehaviors, placedScene } from "./places-helpers";
import { sourceOf, systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { CharacterModel } from "../../src/data/actor/character";

// Issue 29 items 6, 7, 10 on the Foundry fake: the GM bounds an attack's modifier (security F1)
// and measures a row whose token was dropped (F2); units are no attack targets (R11); *Tectonique*
// shifts the place when the attack resolves, hit or miss (R10); a distance that cannot be measured
// says the target will be missed and how to fix it (ux M1).

let w: ChatWorld;
let kara: TacticaActor;
let vex: TacticaActor;
let squad: TacticaActor;
let scene: FakeScene;

const rect = (x: number) => [{ type: "rectangle", x, y: 0, width: 200, height: 200 }];

beforeEach(async () => {
  w = await chatWorld("fr");
  kara = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 2 } }, subAptitudes: { precision: { value: 1 } } },
    items: [
      {
        _id: "rifle0000000001",
        name: "Fusil",
        type: "weapon",
        system: {
          equipped: true,
          range: "ranged",
          strength: 4,
          governingSubAptitude: "precision",
          attributes: [
            { key: "range", x: 0, y: 3 },
            { key: "penetrating", x: 1 },
          ],
        },
      },
      {
        _id: "sling0000000001",
        name: "Fronde",
        type: "weapon",
        system: { equipped: true, range: "ranged", strength: 1, attributes: [{ key: "inaccurate", x: 2 }] },
      },
      {
        _id: "mortar000000001",
        name: "Mortier",
        type: "weapon",
        system: { equipped: true, range: "ranged", strength: 3, attributes: [{ key: "area", self: false }] },
      },
      {
        _id: "hammer000000001",
        name: "Marteau",
        type: "weapon",
        system: { equipped: true, strength: 2, attributes: [{ key: "tectonic", x: 4 }] },
      },
    ],
  });
  vex = await w.own(
    "Vex",
    "character",
    { system: { profile: { pv: { value: 10, max: 10 } }, subAptitudes: { vigilance: { value: 0 } } } },
    "player-2",
  );
  squad = await w.own("Escouade", "unit", {}, "player-2");
  const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
  scene = (await w.as("gm-1", () =>
    placedScene(Scene.documentClass, {
      name: "Ruines",
      grid: { size: 100 },
      regions: [
        { _id: "regionA", name: "Cour", shapes: rect(0), behaviors: placeBehaviors(0, ["regionB"]) },
        { _id: "regionB", name: "Porche", shapes: rect(200), behaviors: placeBehaviors(1, []) },
      ],
      tokens: [
        { _id: "tokKara", x: 50, y: 50, actorId: kara.id, name: "Kara" },
        { _id: "tokVex", x: 250, y: 50, actorId: vex.id, name: "Vex" },
        { _id: "tokSquad", x: 260, y: 60, actorId: squad.id, name: "Escouade" },
        // A token without an actor (a marker): never the target's.
        { _id: "tokMark", x: 60, y: 60, name: "Repère" },
        // Outside every region: a figure in no place.
        { _id: "tokLost", x: 950, y: 950, actorId: vex.id, name: "Vex perdu" },
      ],
    }),
  )) as FakeScene;
  (w.fake.game.scenes as { viewed: unknown }).viewed = scene;
  Object.assign(kara, { getActiveTokens: () => [{ document: scene.tokens.get("tokKara") }] });
});

function target(...ids: string[]): void {
  const user = w.fake.game.user as unknown as Record<string, unknown>;
  user.targets = new Set(ids.map((id) => ({ document: scene.tokens.get(id) })));
}

const tokenUuid = (id: string) => `Scene.${scene.id}.Token.${id}`;
const pv = (actor: TacticaActor) => systemAs<CharacterModel>(actor).profile.pv.value;
const encumbrance = (regionId: string) =>
  (scene.regions.get(regionId) as unknown as { behaviors: { contents: { system: { encumbrance: number } }[] } })
    .behaviors.contents[0]!.system.encumbrance;

/** Kara's attack with `itemId` on what she targets, fast-forwarded, her two d6 queued. */
async function attackWith(itemId: string, faces = [6, 6]): Promise<TacticaChatMessage> {
  queueDiceFaces(faces);
  return (await kara.attack(itemId, { fastForward: true }))!;
}

/** The card's roll JSON with its free modifier set to `value`, as a player's console writes it. */
async function forgeModifier(message: TacticaChatMessage, value: number | null): Promise<void> {
  const roll = JSON.parse(JSON.stringify(message.rolls[0])) as { options: Record<string, unknown> };
  if (value === null) delete roll.options.modifiers;
  else roll.options.modifiers = [{ value }];
  await w.as("player-1", () => message.update({ rolls: [JSON.stringify(roll)] } as never));
}

describe("bounds at the GM (security F1, F2)", () => {
  it("F1: an attack whose roll claims +500 is refused with the system's message; nothing changes", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [1, 1]);
    await forgeModifier(message, 500);
    const before = [sourceOf(message), sourceOf(vex)];
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toMatchObject({
      ok: false,
      reason: "TACTICA.Chat.modifierOutOfBounds",
      data: { max: "10" },
    });
    expect([sourceOf(message), sourceOf(vex)]).toEqual(before);
    expect(w.fake.game.i18n!.format("TACTICA.Chat.modifierOutOfBounds", { max: "10" })).toBe(
      "Modificateur hors limites\u00a0: un jet porte au plus ±10\u202f; rien n'a été appliqué.",
    );
    // At the bound the same card is honest: +10 on 1 + 1 + score 3 = 15 beats 6 + 6 + 0.
    await forgeModifier(message, 10);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("hit");
  });

  it("F1: a roll without the modifiers option carries none: 1 + 1 + score 3 = 5 against 6 + 6, a miss", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [1, 1]);
    await forgeModifier(message, null);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("miss");
  });

  it("F1: the attack dialog takes a modifier within ±10 only, and says so", async () => {
    target("tokVex");
    const pending = kara.attack("rifle0000000001");
    const dialog = await nextDialog();
    expect(await w.errorsDuring(() => answerDialog(dialog, null, { modifier: "11" }))).toEqual([
      "Modificateur\u00a0: entre \u221210 et 10.",
    ]);
    queueDiceFaces([3, 3]);
    await answerDialog(dialog, null, { modifier: "-10" });
    expect((await pending)!.rolls[0]!.options).toMatchObject({ modifiers: [{ value: -10 }] });
  });

  it("F2: a row whose token was dropped is measured to the target's token on the attacker's scene: Imprécis stays", async () => {
    target("tokVex");
    const message = await attackWith("sling0000000001", [4, 4]);
    // Honest: Vex one place away, Imprécis 2 → −2 (4 + 4 + score 2 − 2 = 8 against 6 + 1 + 0 = 7).
    expect(message.card?.targets[0]).toMatchObject({ modifier: -2, distance: 1 });
    await w.as("player-1", () =>
      message.update({ system: { targets: [{ actorUuid: vex.uuid, tokenUuid: "", name: "Vex" }] } } as never),
    );
    queueDiceFaces([6, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]).toMatchObject({ modifier: -2, distance: 1, outcome: "hit", note: "" });
  });

  it("F2: with no token of the target to measure to, an Imprécis weapon concedes a miss and says why", async () => {
    target("tokVex");
    const message = await attackWith("sling0000000001", [6, 6]);
    await w.as("gm-1", () => scene.deleteEmbeddedDocuments("Token", ["tokVex", "tokLost"]));
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]).toMatchObject({ outcome: "miss", note: "TACTICA.Chat.attack.noScene" });
    expect(pv(vex)).toBe(10);
  });
});

describe("units are no attack targets (R11)", () => {
  it("a targeted unit is left out of the rows, and the dialog and the card say why", async () => {
    target("tokVex", "tokSquad");
    const pending = kara.attack("rifle0000000001");
    const dialog = await nextDialog();
    const html = String(dialog.options.content);
    expect(textOf(html)).toContain("Pas une cible (une unité n'a pas de score de défense) : Escouade.");
    queueDiceFaces([3, 3]);
    await answerDialog(dialog, null, { modifier: "0" });
    const message = (await pending)!;
    expect(message.card?.targets.map((t) => t.name)).toEqual(["Vex"]);
    expect(textOf(await w.renderAs("player-2", message))).toContain("Une unité visée n'est pas une cible");
  });

  it("a forged unit row shows no defend button and its defence is refused, the unit unchanged", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001");
    await w.as("player-1", () =>
      message.update({
        system: { targets: [{ actorUuid: squad.uuid, tokenUuid: tokenUuid("tokSquad"), name: "Escouade" }] },
      } as never),
    );
    expect(buttonsOf(await w.renderAs("player-2", message))).not.toContain("defend");
    const before = sourceOf(squad);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({
      ok: false,
      reason: "TACTICA.Chat.invalid",
    });
    expect(sourceOf(squad)).toEqual(before);
  });

  it("an area attack leaves a unit among the occupants out", async () => {
    target("tokVex");
    const message = await attackWith("mortar000000001");
    expect(message.card?.targets.map((t) => t.name)).toEqual(["Vex"]);
    expect(message.card?.notes).toContain("TACTICA.Chat.attack.unitsLeftOut");
  });
});

describe("Tectonique shifts the place when the attack resolves (R10)", () => {
  it("a miss shifts the target's place one step toward X too, once per attack", async () => {
    target("tokVex");
    const message = await attackWith("hammer000000001", [1, 1]);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("miss");
    expect(encumbrance("regionB")).toBe(2);
    expect(message.card?.placesShifted).toEqual(["regionB"]);
  });

  it("two targets in one place: the place shifts once, and the card names it once", async () => {
    const ork = await w.own("Ork", "character", {}, "player-2");
    await w.as("gm-1", () =>
      scene.createEmbeddedDocuments("Token", [{ _id: "tokOrk", x: 270, y: 70, actorId: ork.id, name: "Ork" }]),
    );
    target("tokVex", "tokOrk");
    const message = await attackWith("hammer000000001", [6, 6]);
    for (const index of [0, 1]) {
      queueDiceFaces([1, 1]);
      expect(await w.click("player-2", "defend", message, { targetIndex: index })).toEqual({ ok: true });
    }
    expect(encumbrance("regionB")).toBe(2);
    expect(message.card?.placesShifted).toEqual(["regionB"]);
  });

  it("without a GM the card says the GM shifts it, and the place is unchanged", async () => {
    w.data.users.get("gm-1")!.active = false;
    const lio = await w.own("Lio", "character", { system: { profile: { pv: { value: 8, max: 8 } } } });
    const [lioToken] = (await w.as("gm-1", () =>
      scene.createEmbeddedDocuments("Token", [{ _id: "tokLio", x: 250, y: 60, actorId: lio.id, name: "Lio" }]),
    )) as unknown[];
    expect(lioToken).toBeTruthy();
    target("tokLio");
    const message = await attackWith("hammer000000001", [6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]?.outcome).toBe("hit");
    expect(encumbrance("regionB")).toBe(1);
    expect(message.card?.notes).toEqual(["TACTICA.Chat.attack.tectonicNoGM"]);
    // Applying the damage needs no GM either: the attacker's owner writes Lio and the card.
    expect(await w.click("player-1", "applyDamage", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(systemAs<CharacterModel>(lio).profile.pv.value).toBe(6);
    // A weapon without Tectonique says nothing of it.
    const plain = await attackWith("rifle0000000001", [6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-1", "defend", plain, { targetIndex: 0 })).toEqual({ ok: true });
    expect(plain.card?.notes).toEqual([]);
  });
});

describe("a distance that cannot be measured (ux M1)", () => {
  it("a Portée weapon aimed at a figure in no place: the dialog and the card say it will be missed and how to fix it", async () => {
    target("tokLost");
    const pending = kara.attack("rifle0000000001");
    const dialog = await nextDialog();
    const fix = "Cette cible sera manquée : tracez les lieux d'abord";
    expect(textOf(String(dialog.options.content))).toContain(fix);
    queueDiceFaces([3, 3]);
    await answerDialog(dialog, null, { modifier: "0" });
    const message = (await pending)!;
    expect(message.card?.targets[0]).toMatchObject({ outcome: "miss", note: "TACTICA.Chat.attack.noPlace" });
    expect(textOf(await w.renderAs("player-1", message))).toContain(fix);
  });

  it("the card's header names the weapon with its FOR and attributes, the score with what it is made of (ux m3)", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [4, 5]);
    const text = textOf(await w.renderAs("player-1", message));
    expect(text).toContain("Fusil FOR 4 · Portée 0-3 · Pénétrant 1");
    expect(text).toContain("Score 3 = Vivacité 2 + Précision 1");
  });
});

// What the one writer asks again of the stored card and the stored target, whatever the clicking
// client sent (RULES §6.1–6.2, the trust model): its own 2d6 are all a target's owner brings.
describe("the writer decides a defence and a wound from the stored card (RULES §6.1, §6.2)", () => {
  /** The target owner's 2d6 showing `faces`, as JSON: what a console sends in place of the real click. */
  async function defenceDice(faces: [number, number]): Promise<object> {
    const { ScoreRoll } = await import("../../src/dice/score-roll");
    queueDiceFaces(faces);
    return (await new ScoreRoll("2d6", {}, { purpose: "defence" }).evaluate()).toJSON() as object;
  }
  const ask = (userId: string, action: string, message: TacticaChatMessage, roll?: object, targetIndex = 0) =>
    w.as(userId, () => w.gm.requestCardAction({ action, messageId: message.id!, targetIndex, roll }));
  const INVALID = { ok: false, reason: "TACTICA.Chat.invalid" };

  it("Imprécis 2 one place away: 4 + 4 + score 3 − 2 = 9 does not beat 6 + 3 + 0 = 9, a miss", async () => {
    target("tokVex");
    const message = await attackWith("sling0000000001", [4, 4]);
    expect(textOf(await w.renderAs("player-1", message))).toContain("Score 3 =");
    queueDiceFaces([6, 3]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(message.card?.targets[0]).toMatchObject({ modifier: -2, distance: 1, total: 9, outcome: "miss" });
  });

  it("a card whose roll is no longer an attack, or whose item is no weapon of the attacker, is refused; nothing changes", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    const roll = JSON.parse(JSON.stringify(message.rolls[0])) as { options: Record<string, unknown> };
    roll.options.purpose = "defence";
    await w.as("player-1", () => message.update({ rolls: [JSON.stringify(roll)] } as never));
    let before = [sourceOf(message), sourceOf(vex)];
    expect(await ask("player-2", "defend", message, await defenceDice([1, 1]))).toEqual(INVALID);
    expect([sourceOf(message), sourceOf(vex)]).toEqual(before);

    const honest = await attackWith("rifle0000000001", [6, 6]);
    const [coat] = (await w.as("player-1", () =>
      kara.createEmbeddedDocuments("Item", [{ name: "Manteau", type: "armor", system: { equipped: true } }]),
    )) as { uuid: string }[];
    await w.as("player-1", () => honest.update({ system: { itemUuid: coat!.uuid } } as never));
    before = [sourceOf(honest), sourceOf(vex)];
    expect(await ask("player-2", "defend", honest, await defenceDice([1, 1]))).toEqual(INVALID);
    expect([sourceOf(honest), sourceOf(vex)]).toEqual(before);
  });

  it("R11 at the writer: dice sent for a forged unit row are refused, the unit and the card unchanged", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    await w.as("player-1", () =>
      message.update({
        system: { targets: [{ actorUuid: squad.uuid, tokenUuid: tokenUuid("tokSquad"), name: "Escouade" }] },
      } as never),
    );
    const before = [sourceOf(message), sourceOf(squad)];
    expect(await ask("player-2", "defend", message, await defenceDice([1, 1]))).toEqual(INVALID);
    expect([sourceOf(message), sourceOf(squad)]).toEqual(before);
  });

  it("D-28: Et Soi stands for the attacker's own row only; another target's row keeps its distance", async () => {
    const [blast] = (await w.as("player-1", () =>
      kara.createEmbeddedDocuments("Item", [
        {
          name: "Charge",
          type: "weapon",
          system: { equipped: true, range: "ranged", strength: 2, attributes: [{ key: "area", self: true }] },
        },
      ]),
    )) as { id: string }[];
    target("tokVex");
    const message = await attackWith(blast!.id, [6, 6]);
    const vexRow = message.card!.targets.findIndex((t) => t.actorUuid === vex.uuid);
    expect(message.card?.targets[vexRow]?.distance).toBe(1);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: vexRow })).toEqual({ ok: true });
    expect(message.card?.targets[vexRow]).toMatchObject({ distance: 1, outcome: "hit" });
  });

  it("a wound is applied once: a repeated request says so and the PV fall once; a miss has none to apply", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await ask("player-2", "applyDamage", message)).toEqual({ ok: true });
    const after = pv(vex);
    expect(after).toBeLessThan(10);
    expect(await ask("player-2", "applyDamage", message)).toEqual({
      ok: false,
      reason: "TACTICA.Chat.alreadyApplied",
    });
    expect(pv(vex)).toBe(after);

    const missed = await attackWith("rifle0000000001", [1, 1]);
    queueDiceFaces([6, 6]);
    expect(await w.click("player-2", "defend", missed, { targetIndex: 0 })).toEqual({ ok: true });
    expect(missed.card?.targets[0]?.outcome).toBe("miss");
    expect(await ask("player-2", "applyDamage", missed)).toEqual({ ok: false, reason: "TACTICA.Chat.noHit" });
    expect(pv(vex)).toBe(after);
  });

  it("a card that lost its wound's line shows it again from the target's record, the PV untouched", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await ask("player-2", "applyDamage", message)).toEqual({ ok: true });
    const shown = message.card!.targets[0]!;
    expect(shown.damageApplied).toBe(true);
    const after = pv(vex);
    // The card's row as it was before the wound (a lost update, or an owner's console).
    const { damageApplied: _applied, damage: _damage, stun: _stun, stunMoved: _moved, ...bare } = shown;
    await w.as("player-1", () => message.update({ system: { targets: [bare] } } as never));
    expect(message.card?.targets[0]?.damageApplied).toBeFalsy();
    expect(await ask("player-2", "applyDamage", message)).toEqual({ ok: true });
    expect(pv(vex)).toBe(after);
    expect(message.card?.targets[0]).toMatchObject({ damageApplied: true, damage: shown.damage });
  });

  it("the wound of a card whose item is no longer a weapon of the attacker is refused, the target unchanged", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    await w.as("player-1", () => message.update({ system: { itemUuid: "" } } as never));
    const before = sourceOf(vex);
    expect(await ask("player-2", "applyDamage", message)).toEqual(INVALID);
    expect(sourceOf(vex)).toEqual(before);
  });

  it("who may ask for a row: its target's owners defend, they or a GM apply the wound; no one else, no other row", async () => {
    target("tokVex");
    const message = await attackWith("rifle0000000001", [6, 6]);
    const before = [sourceOf(message), sourceOf(vex)];
    const NOT_ALLOWED = { ok: false, reason: "TACTICA.Chat.notAllowed" };
    expect(await ask("stranger", "defend", message, await defenceDice([1, 1]))).toEqual(NOT_ALLOWED);
    // The attacker's owner does not defend for his target.
    expect(await ask("player-1", "defend", message, await defenceDice([1, 1]))).toEqual(NOT_ALLOWED);
    // A row the card does not have, or a card that is not there.
    expect(await ask("player-2", "defend", message, await defenceDice([1, 1]), 3)).toEqual(INVALID);
    const gone = { id: "noSuchMessage000" } as TacticaChatMessage;
    expect(await ask("player-2", "defend", gone, await defenceDice([1, 1]))).toEqual(INVALID);
    expect([sourceOf(message), sourceOf(vex)]).toEqual(before);

    queueDiceFaces([1, 1]);
    expect(await w.click("player-2", "defend", message, { targetIndex: 0 })).toEqual({ ok: true });
    expect(await ask("stranger", "applyDamage", message)).toEqual(NOT_ALLOWED);
    expect(await ask("player-1", "applyDamage", message)).toEqual(NOT_ALLOWED);
    expect(pv(vex)).toBe(10);
    expect(await ask("gm-1", "applyDamage", message)).toEqual({ ok: true });
    expect(pv(vex)).toBeLessThan(10);
  });
});

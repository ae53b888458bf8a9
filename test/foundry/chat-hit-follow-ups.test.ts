import { beforeEach, describe, expect, it } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat, type FakeScene } from "./fake-combat";
import { queueDiceFaces } from "./fake-dice";
import { placeBehaviors, rect } from "./places-helpers";
import type { Attribute } from "../../src/rules/attributes";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaCombat } from "../../src/combat/combat";

// *Etourdissante*'s move on the timeline (src/chat/hit-follow-ups.ts `stunMove`, RULES §6.4): by a
// GM, on a running timeline, for a delay of at least one position, once per target per attack —
// the key `stunned.<combatantId>` on the combat, or an older card's `t<i>.stunned`, means moved.
// The stun test itself (`stunTest`) and *Tectonique*'s shift (`tectonicFollowUp`) are below; the
// whole hit (its test, the card's line) is in rolls-follow-ups.test.ts.

let w: ChatWorld;
let follow: typeof import("../../src/chat/hit-follow-ups");
let kara: TacticaActor;
let vex: TacticaActor;
let combat: TacticaCombat;

const key = { messageId: "attack000000001", index: 0 };

beforeEach(async () => {
  w = await chatWorld();
  follow = await import("../../src/chat/hit-follow-ups");
  kara = await w.own("Kara", "character");
  vex = await w.own("Vex", "character", {}, "player-2");
  const { registerCombat } = await import("../../src/combat/register");
  registerCombat();
  await w.fake.settings.set("tactica", "combatMode", "timeline");
  combat = (await w.as("gm-1", () =>
    createFakeCombat([
      { actorId: kara.id!, initiative: 0, name: "Kara" },
      { actorId: vex.id!, initiative: 5, name: "Vex" },
    ]),
  )) as unknown as TacticaCombat;
  await w.as("gm-1", () => combat.startCombat());
});

const vexAt = () => combat.combatants.find((c) => c.name === "Vex")!.initiative;

describe("a stunned target's move", () => {
  it("moves the marker once, its key in the same combat update; again, it only says it moved", async () => {
    const writes = await w.writesDuring(async () =>
      expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, key))).toBe(true),
    );
    expect(writes.map((x) => `${x.action} ${x.documentName}`)).toEqual(["update Combat"]);
    expect(vexAt()).toBe(7);
    const again = await w.writesDuring(async () =>
      expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, key))).toBe(true),
    );
    expect(again).toEqual([]);
    expect(vexAt()).toBe(7);
    // Another attack moves it again.
    expect(await w.as("gm-1", () => follow.stunMove(vex, null, 1, { messageId: "attack000000002", index: 0 }))).toBe(
      true,
    );
    expect(vexAt()).toBe(8);
  });

  it("counts an older card's per-row key as moved", async () => {
    await w.as("gm-1", () => combat.update({ [`flags.tactica.cards.${key.messageId}.t0.stunned`]: 2 } as never));
    expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, key))).toBe(true);
    expect(vexAt()).toBe(5);
    // The key of another row of that card is not this one's.
    expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, { ...key, index: 1 }))).toBe(true);
    expect(vexAt()).toBe(7);
  });

  it("moves nothing for no delay, on a player's client, or for an actor with no combatant", async () => {
    const stranger = await w.own("Ombre", "character");
    for (const [user, actor, delay] of [
      ["gm-1", vex, 0],
      ["gm-1", vex, -1],
      ["player-2", vex, 2],
      ["gm-1", stranger, 2],
    ] as const)
      expect(await w.as(user, () => follow.stunMove(actor, null, delay, key))).toBe(false);
    expect(vexAt()).toBe(5);
  });

  it("an actor with no combatant: nothing written and no error shown", async () => {
    const stranger = await w.own("Ombre", "character");
    let writes: unknown[] = [];
    const errors = await w.errorsDuring(async () => {
      writes = await w.writesDuring(async () =>
        expect(await w.as("gm-1", () => follow.stunMove(stranger, null, 2, key))).toBe(false),
      );
    });
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("moves each target of one attack once: the key of one target is not another's", async () => {
    const karaAt = () => combat.combatants.find((c) => c.name === "Kara")!.initiative;
    expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, key))).toBe(true);
    expect(await w.as("gm-1", () => follow.stunMove(kara, null, 1, { ...key, index: 1 }))).toBe(true);
    expect(vexAt()).toBe(7);
    expect(karaAt()).toBe(1);
  });

  it("a linked target with two combatants is moved once per card, whichever of its tokens the row names", async () => {
    const second = (await w.as("gm-1", () =>
      combat.createEmbeddedDocuments("Combatant", [{ actorId: vex.id!, initiative: 5, name: "Vex 2" }] as never),
    )) as unknown as { id: string }[];
    const vexes = () => combat.combatants.filter((c) => c.actorId === vex.id);
    const [one, two] = vexes();
    await w.as("gm-1", () => one!.update({ tokenId: "tokenVex0000001" } as never));
    await w.as("gm-1", () => two!.update({ tokenId: "tokenVex0000002" } as never));
    expect(second.length).toBe(1);
    const token = (id: string) => ({ id }) as never;
    expect(await w.as("gm-1", () => follow.stunMove(vex, token("tokenVex0000002"), 2, key))).toBe(true);
    const after = vexes().map((c) => c.initiative);
    // The same card's row, its token swapped for the target's other one: nothing moves again.
    expect(await w.as("gm-1", () => follow.stunMove(vex, token("tokenVex0000001"), 2, key))).toBe(true);
    expect(vexes().map((c) => c.initiative)).toEqual(after);
    // The row's own token's combatant (the second) is the one that moved.
    expect(after).toEqual([5, 7]);
  });

  it("an older card's row record without a stunned number is no move", async () => {
    await w.as("gm-1", () => combat.update({ [`flags.tactica.cards.${key.messageId}.t0.stunned`]: null } as never));
    expect(await w.as("gm-1", () => follow.stunMove(vex, null, 2, key))).toBe(true);
    expect(vexAt()).toBe(7);
  });
});

describe("the stun test", () => {
  const stunning = [{ key: "stunning", score: "reflexe", y: 18 }] as unknown as readonly Attribute[];
  const target = () =>
    w.own(
      "Rhea",
      "character",
      { system: { aptitudes: { vivacite: { value: 2 } }, subAptitudes: { reflexe: { value: 4 } } } },
      "player-2",
    );

  it("is the target's own score card, rolled with no dialog; a failure gives the positions its marker moves", async () => {
    const rhea = await target();
    const seen: unknown[] = [];
    w.fake.hooks.on("tactica.preRoll", (config: unknown) => void seen.push(config));
    queueDiceFaces([3, 4]); // score 6 + 7 = 13 vs 18: one degree → 2 positions (D-29)
    expect(await w.as("gm-1", () => follow.stunTest(rhea, stunning))).toBe(2);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ fastForward: true, options: { purpose: "stun", subAptitude: "reflexe" } });
    const card = w.messages().at(-1)!;
    expect(card.card).toMatchObject({ kind: "score", actorUuid: rhea.uuid });
    expect(card.lastRoll?.options).toMatchObject({ purpose: "stun", difficulty: 18 });
    queueDiceFaces([6, 6]); // 18 ≥ 18: passed
    expect(await w.as("gm-1", () => follow.stunTest(rhea, stunning))).toBe(0);
  });

  it("a stun test a module cancels (tactica.preRoll) posts no card and moves no marker", async () => {
    const rhea = await target();
    w.fake.hooks.on("tactica.preRoll", () => false);
    const before = w.messages().length;
    expect(await w.as("gm-1", () => follow.stunTest(rhea, stunning))).toBe(0);
    expect(w.messages()).toHaveLength(before);
  });
});

describe("Tectonique's shift", () => {
  const tectonic = [{ key: "tectonic", x: 4 }] as unknown as readonly Attribute[];

  it("shifts nothing for an attack without it, a target without a token, or a token outside every place", async () => {
    const Scene = w.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
    const scene = (await w.as("gm-1", () =>
      Scene.documentClass.create({
        name: "Ruines",
        grid: { size: 100 },
        regions: [{ _id: "regionA", name: "Cour", shapes: rect(0, 0), behaviors: placeBehaviors(1, []) }],
        tokens: [
          { _id: "tokVex", x: 50, y: 50, actorId: vex.id },
          { _id: "tokOut", x: 650, y: 650, actorId: vex.id },
        ],
      }),
    )) as FakeScene;
    const token = (id: string) => scene.tokens.get(id) as unknown as TokenDocument;
    const encumbrance = () =>
      (scene.regions.get("regionA") as unknown as { behaviors: { contents: { system: { encumbrance: number } }[] } })
        .behaviors.contents[0]!.system.encumbrance;
    for (const [tok, attributes] of [
      [token("tokVex"), []],
      [null, tectonic],
      [token("tokOut"), tectonic],
    ] as const) {
      let writes: unknown[] = [];
      const errors = await w.errorsDuring(async () => {
        writes = await w.writesDuring(async () =>
          expect(await w.as("gm-1", () => follow.tectonicFollowUp(tok, attributes, key.messageId))).toBeNull(),
        );
      });
      expect(writes).toEqual([]);
      expect(errors).toEqual([]);
    }
    expect(encumbrance()).toBe(1);
    // The same place, hit by a Tectonique attack, shifts one step toward X.
    expect(await w.as("gm-1", () => follow.tectonicFollowUp(token("tokVex"), tectonic, key.messageId))).toBe("regionA");
    expect(encumbrance()).toBe(2);
  });
});

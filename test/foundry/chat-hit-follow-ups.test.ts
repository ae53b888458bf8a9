import { beforeEach, describe, expect, it } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { createFakeCombat } from "./fake-combat";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaCombat } from "../../src/combat/combat";

// *Etourdissante*'s move on the timeline (src/chat/hit-follow-ups.ts `stunMove`, RULES §6.4): by a
// GM, on a running timeline, for a delay of at least one position, once per target per attack —
// the key `stunned.<combatantId>` on the combat, or an older card's `t<i>.stunned`, means moved.
// The whole hit (its test, the card's line) is in rolls-follow-ups.test.ts.

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
});

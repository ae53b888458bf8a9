/**
 * Contract (part of "combat", src/contract/combat.ts): core's initiative roll messages and the
 * server's update permissions for combats, which Tactica's chat wiring, its turn undo
 * (src/combat/after-update.ts) and the test fake (test/foundry/fake-combat.ts) rely on:
 * - `Combat#rollInitiative` creates ONE roll message per rolled combatant, flagged
 *   `core.initiativeRoll`, whispered to the GMs for a hidden combatant, the dice sound on the
 *   first only (v13 client `documents/combat.mjs`);
 * - BaseCombatant `#canUpdate`: an owner of the combatant (through its actor) may change its
 *   `initiative`, `flags`, `defeated` and `system`, nothing else (common v13
 *   `documents/combatant.mjs`); BaseCombat `#canUpdate`: a player may change only `round`, `turn`
 *   and `combatants`, each combatant change as that combatant allows (common v13
 *   `documents/combat.mjs`). The permission functions are common code, which the server runs
 *   too: they are asked here for an unsaved player User.
 */
import type { ContractContext } from "./context";
import { isRecord } from "./temporary";
import { currentMessageMode } from "../compat/message-mode";

/** The `core.initiativeRoll` flag of a message, read as plain data. */
function initiativeFlag(message: ChatMessage.Implementation): unknown {
  const flags: unknown = message.flags;
  const core = isRecord(flags) ? flags.core : undefined;
  return isRecord(core) ? core.initiativeRoll : undefined;
}

/** Two temporary npc actors (owned by `owner` when given) in a temporary tours combat, deleted after `body`. */
async function withFighters(
  owner: string | null,
  body: (combat: Combat.Implementation, combatants: readonly Combatant.Implementation[]) => Promise<void>,
): Promise<void> {
  const made: { delete(): Promise<unknown> }[] = [];
  try {
    const actors: Actor.Implementation[] = [];
    for (const i of [0, 1]) {
      const { NONE, OWNER } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
      const ownership = owner ? { default: NONE, [owner]: OWNER } : { default: NONE };
      const actor = await CONFIG.Actor.documentClass.create({
        name: `[Contract] fighter ${i}`,
        type: "npc",
        ownership,
      });
      if (!actor) throw new Error("the actor was not created");
      actors.push(actor);
      made.push(actor);
    }
    const combat = await CONFIG.Combat.documentClass.create({ flags: { tactica: { mode: "tours" } } });
    if (!combat) throw new Error("the combat was not created");
    made.push(combat);
    await combat.createEmbeddedDocuments(
      "Combatant",
      actors.map((a) => ({ actorId: a.id })),
    );
    await body(combat, combat.combatants.contents);
  } finally {
    for (const doc of made.reverse()) await doc.delete();
  }
}

export function combatRightsContract({ it, assert }: ContractContext): void {
  it("[combat.initiative-messages] rollInitiative posts one roll message per combatant, flagged, private when hidden, one sound", async () => {
    await withFighters(null, async (combat, [first, second]) => {
      if (!first?.id || !second?.id) throw new Error("the combatants were not created");
      await combat.updateEmbeddedDocuments("Combatant", [{ _id: second.id, hidden: true }]);
      const created: ChatMessage.Implementation[] = [];
      const id = Hooks.on("createChatMessage", (message) => void created.push(message));
      try {
        await combat.rollInitiative([first.id, second.id]);
      } finally {
        Hooks.off("createChatMessage", id);
      }
      try {
        assert.deepEqual(
          created.map((m) => [initiativeFlag(m), m.rolls.length]),
          [
            [true, 1],
            [true, 1],
          ],
        );
        // The visible combatant's roll takes the user's own mode (public, as Quench's world has it).
        if (currentMessageMode() === "public") assert.deepEqual(created[0]?.whisper ?? [], [], "public");
        assert.include(created[1]?.whisper ?? [], game.user?.id, "the hidden combatant's roll goes to the GMs");
        assert.deepEqual(
          created.map((m) => Boolean(m.sound)),
          [true, false],
          "the dice sound plays once",
        );
      } finally {
        for (const message of created) await message.delete();
      }
    });
  });

  it("[combat.roll-all] rollAll rolls only the combatants without an initiative", async () => {
    await withFighters(null, async (combat, [first, second]) => {
      if (!first?.id || !second?.id) throw new Error("the combatants were not created");
      await combat.updateEmbeddedDocuments("Combatant", [{ _id: first.id, initiative: 42 }]);
      const created: ChatMessage.Implementation[] = [];
      const id = Hooks.on("createChatMessage", (message) => void created.push(message));
      try {
        await combat.rollAll();
      } finally {
        Hooks.off("createChatMessage", id);
      }
      try {
        assert.equal(combat.combatants.get(first.id)?.initiative, 42);
        assert.equal(typeof combat.combatants.get(second.id)?.initiative, "number");
        assert.equal(created.length, 1);
      } finally {
        for (const message of created) await message.delete();
      }
    });
  });

  it("[combat.player-rights] an owner may update a combatant's initiative, flags, defeated and system only; a player a combat's round, turn and combatants", async () => {
    const playerId = foundry.utils.randomID();
    const player = new CONFIG.User.documentClass({
      _id: playerId,
      name: "[Contract] player (unsaved)",
      role: CONST.USER_ROLES.PLAYER,
    });
    await withFighters(playerId, async (combat, [combatant]) => {
      if (!combatant?.id) throw new Error("the combatant was not created");
      const may = (data: Combatant.UpdateData) => combatant.canUserModify(player, "update", data);
      assert.deepEqual(
        [may({ initiative: 3 }), may({ flags: {} }), may({ defeated: true }), may({ system: {} })],
        [true, true, true, true],
      );
      assert.deepEqual([may({ hidden: true }), may({ name: "x" })], [false, false]);
      const mayCombat = (data: Combat.UpdateData) => combat.canUserModify(player, "update", data);
      assert.deepEqual([mayCombat({ round: 2 }), mayCombat({ turn: 0 })], [true, true]);
      assert.notOk(mayCombat({ active: true }), "nothing else of the combat");
      assert.ok(mayCombat({ combatants: [{ _id: combatant.id, initiative: 4 }] }));
      assert.notOk(mayCombat({ combatants: [{ _id: combatant.id, hidden: true }] }));
    });
  });
}

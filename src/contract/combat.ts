/**
 * Contract: how core's Combat runs the turn order and the turn change, which TacticaCombat and the
 * test fake both rely on (https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html):
 * - `setupTurns()` sorts with `this._sortCombatants` passed UNBOUND, so an override never has
 *   `this` — TacticaCombat finds its combat through the combatant;
 * - `startCombat()` calls `combatStart(combat, updateData)` and `nextTurn()` calls
 *   `combatTurn(combat, updateData, updateOptions)` before their update
 *   (https://foundryvtt.com/api/v13/functions/hookEvents.combatTurn.html); after the update every
 *   client calls `combatTurnChange(combat, previous, current)`
 *   (https://foundryvtt.com/api/v13/functions/hookEvents.combatTurnChange.html), the active GM
 *   having run `_onEndTurn`/`_onStartTurn` first.
 * Each test creates its own actors and combat ("[Contract] …") and deletes them.
 */
import type { ContractContext } from "./context";
import type { CombatMode } from "../config/settings";
import { combatRightsContract } from "./combat-rights";
import { spyOn, type Method } from "./temporary";

/** A temporary combat of one actor per initiative (creation order), deleted after `body`. */
async function withCombat(
  initiatives: number[],
  mode: CombatMode,
  body: (combat: Combat.Implementation) => Promise<void>,
): Promise<void> {
  const made: { delete(): Promise<unknown> }[] = [];
  try {
    const actors: Actor.Implementation[] = [];
    for (const [i] of initiatives.entries()) {
      const actor = await CONFIG.Actor.documentClass.create({ name: `[Contract] fighter ${i}`, type: "npc" });
      if (!actor) throw new Error("the actor was not created");
      actors.push(actor);
      made.push(actor);
    }
    // A combat of the clock asked whatever the world's default (flags.tactica.mode, RULES §7.1).
    const combat = await CONFIG.Combat.documentClass.create({ flags: { tactica: { mode } } });
    if (!combat) throw new Error("the combat was not created");
    made.push(combat);
    await combat.createEmbeddedDocuments(
      "Combatant",
      initiatives.map((initiative, i) => ({ actorId: actors[i]?.id, initiative })),
    );
    await body(combat);
  } finally {
    for (const doc of made.reverse()) await doc.delete();
  }
}

/** Resolves with the arguments of the next `combatTurnChange` hook (or rejects after `ms`). */
function nextTurnChange(ms = 3000): Promise<[Combat.HistoryData, Combat.HistoryData]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      Hooks.off("combatTurnChange", id);
      reject(new Error(`no combatTurnChange hook within ${ms} ms`));
    }, ms);
    const id = Hooks.on("combatTurnChange", (_combat, previous, current) => {
      clearTimeout(timer);
      Hooks.off("combatTurnChange", id);
      resolve([previous, current]);
    });
  });
}

export function combatContract(context: ContractContext): void {
  const { it, assert } = context;
  combatRightsContract(context);
  it("[combat.sort-unbound] setupTurns calls _sortCombatants unbound (this is undefined inside it)", async () => {
    await withCombat([5, 9], "tours", async (combat) => {
      const seen: unknown[] = [];
      const spy = (own: Method) =>
        function (this: unknown, a: unknown, b: unknown): unknown {
          seen.push(this);
          return own.call(combat, a, b);
        };
      await spyOn(combat, "_sortCombatants", spy, () => void combat.setupTurns());
      assert.ok(seen.length > 0, "the comparator was called");
      assert.ok(
        seen.every((self) => self === undefined),
        "every call had no this",
      );
    });
  });

  it("[combat.sort-tours] a Tactica combat of two combatants is sorted (tours: initiative descending)", async () => {
    await withCombat([5, 9], "tours", async (combat) => {
      combat.setupTurns();
      assert.deepEqual(
        combat.turns.map((c) => c.initiative),
        [9, 5],
      );
    });
  });

  it("[combat.sort-timeline] the comparator reads its own combat's mode through the combatant (timeline: position ascending)", async () => {
    await withCombat([9, 5], "timeline", async (combat) => {
      combat.setupTurns();
      assert.deepEqual(
        combat.turns.map((c) => c.initiative),
        [5, 9],
      );
    });
  });

  it("[combat.turn-hooks] startCombat calls combatStart first; nextTurn calls combatTurn first, then combatTurnChange follows", async () => {
    await withCombat([9, 5], "tours", async (combat) => {
      const log: string[] = [];
      const ids = [
        Hooks.on(
          "combatStart",
          (c, data) => void log.push(`combatStart turn=${String(c.turn)} → ${JSON.stringify(data)}`),
        ),
        Hooks.on("combatTurn", (c, data, options) => {
          log.push(`combatTurn turn=${String(c.turn)} → ${data.turn} direction=${options.direction}`);
        }),
      ];
      // The active GM's turn events come before the hook (spied on this instance only).
      const starts: unknown[] = [];
      const spy =
        (own: Method) =>
        async (c: Combatant.Implementation, ctx: unknown): Promise<unknown> => {
          starts.push(c.id);
          return own.call(combat, c, ctx);
        };
      try {
        await spyOn(combat, "_onStartTurn", spy, async () => {
          const started = nextTurnChange();
          await combat.startCombat();
          await started;
          const changed = nextTurnChange();
          await combat.nextTurn();
          const [previous, current] = await changed;
          const [first, second] = combat.turns;
          assert.deepEqual(log, ['combatStart turn=null → {"round":1,"turn":0}', "combatTurn turn=0 → 1 direction=1"]);
          assert.equal(previous.combatantId, first?.id);
          assert.equal(current.combatantId, second?.id);
          // Runs as the active GM (Quench's runner; the fake's test world): both starts were seen.
          if (game.user?.isActiveGM) assert.deepEqual(starts, [first?.id, second?.id]);
          else assert.deepEqual(starts, []);
        });
      } finally {
        Hooks.off("combatStart", ids[0]!);
        Hooks.off("combatTurn", ids[1]!);
      }
    });
  });
}

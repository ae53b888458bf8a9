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

/** The members of a combat the contract touches (some are protected in the typings). */
interface CombatProbe {
  id: string | null;
  turn: number | null;
  turns: { id: string | null; initiative: number | null }[];
  setupTurns(): unknown;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  createEmbeddedDocuments(name: "Combatant", data: object[]): Promise<unknown>;
  delete(): Promise<unknown>;
}

interface Deletable {
  id: string | null;
  delete(): Promise<unknown>;
}

type HookFn = (...args: unknown[]) => unknown;

/** A *tours* combat whatever the world's default clock (flags.tactica.mode, RULES §7.1). */
const TOURS = { tactica: { mode: "tours" } };
const hooks = () => Hooks as unknown as { on(name: string, fn: HookFn): number; off(name: string, id: number): void };

/** A temporary combat of one actor per initiative (creation order), deleted after `body`. */
async function withCombat(initiatives: number[], flags: object, body: (combat: CombatProbe) => Promise<void>): Promise<void> {
  const Actor = CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<Deletable | undefined> };
  const Combat = CONFIG.Combat.documentClass as unknown as { create(data: object): Promise<CombatProbe | undefined> };
  const made: Deletable[] = [];
  try {
    const actors: Deletable[] = [];
    for (const [i] of initiatives.entries()) {
      const actor = await Actor.create({ name: `[Contract] fighter ${i}`, type: "npc" });
      if (!actor) throw new Error("the actor was not created");
      actors.push(actor);
      made.push(actor);
    }
    const combat = await Combat.create({ flags });
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

/** Resolves with the arguments of the next `name` hook (or rejects after `ms`). */
function nextHook(name: string, ms = 3000): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      hooks().off(name, id);
      reject(new Error(`no ${name} hook within ${ms} ms`));
    }, ms);
    const id = hooks().on(name, (...args) => {
      clearTimeout(timer);
      hooks().off(name, id);
      resolve(args);
    });
  });
}

export function combatContract({ it, assert }: ContractContext): void {
  it("setupTurns calls _sortCombatants unbound (this is undefined inside it)", async () => {
    await withCombat([5, 9], TOURS, async (combat) => {
      const seen: unknown[] = [];
      const own = (combat as unknown as { _sortCombatants: (a: unknown, b: unknown) => number })._sortCombatants;
      Object.defineProperty(combat, "_sortCombatants", {
        configurable: true,
        value(this: unknown, a: unknown, b: unknown) {
          seen.push(this);
          return own.call(combat, a, b);
        },
      });
      try {
        combat.setupTurns();
      } finally {
        delete (combat as unknown as Record<string, unknown>)._sortCombatants;
      }
      assert.ok(seen.length > 0, "the comparator was called");
      assert.ok(seen.every((self) => self === undefined), "every call had no this");
    });
  });

  it("a Tactica combat of two combatants is sorted (tours: initiative descending)", async () => {
    await withCombat([5, 9], TOURS, async (combat) => {
      combat.setupTurns();
      assert.deepEqual(combat.turns.map((c) => c.initiative), [9, 5]);
    });
  });

  it("the comparator reads its own combat's mode through the combatant (timeline: position ascending)", async () => {
    await withCombat([9, 5], { tactica: { mode: "timeline" } }, async (combat) => {
      combat.setupTurns();
      assert.deepEqual(combat.turns.map((c) => c.initiative), [5, 9]);
    });
  });

  it("startCombat calls combatStart first; nextTurn calls combatTurn first, then combatTurnChange follows", async () => {
    await withCombat([9, 5], TOURS, async (combat) => {
      const log: string[] = [];
      const ids = [
        hooks().on("combatStart", (c, data) => void log.push(`combatStart turn=${String((c as CombatProbe).turn)} → ${JSON.stringify(data)}`)),
        hooks().on("combatTurn", (c, data, options) => {
          const { direction } = options as { direction: number };
          log.push(`combatTurn turn=${String((c as CombatProbe).turn)} → ${(data as { turn: number }).turn} direction=${direction}`);
        }),
      ];
      // The active GM's turn events come before the hook (spied on this instance only).
      const starts: unknown[] = [];
      const ownStart = (combat as unknown as { _onStartTurn: (c: unknown, ctx: unknown) => Promise<void> })._onStartTurn;
      Object.defineProperty(combat, "_onStartTurn", {
        configurable: true,
        value: async (c: unknown, ctx: unknown) => {
          starts.push((c as { id: string }).id);
          return ownStart.call(combat, c, ctx);
        },
      });
      try {
        const started = nextHook("combatTurnChange");
        await combat.startCombat();
        await started;
        const changed = nextHook("combatTurnChange");
        await combat.nextTurn();
        const [, previous, current] = await changed;
        const [first, second] = combat.turns;
        assert.deepEqual(log, ["combatStart turn=null → {\"round\":1,\"turn\":0}", "combatTurn turn=0 → 1 direction=1"]);
        assert.equal((previous as { combatantId: string }).combatantId, first?.id);
        assert.equal((current as { combatantId: string }).combatantId, second?.id);
        // Runs as the active GM (Quench's runner; the fake's test world): both starts were seen.
        if (game.user?.isActiveGM) assert.deepEqual(starts, [first?.id, second?.id]);
        else assert.deepEqual(starts, []);
      } finally {
        delete (combat as unknown as Record<string, unknown>)._onStartTurn;
        hooks().off("combatStart", ids[0]!);
        hooks().off("combatTurn", ids[1]!);
      }
    });
  });
}

/**
 * In-Foundry self-test: test batches that import the sample actors and items of the compendiums
 * into the world, make each kind of roll through the actor methods, push, cast, take morale tests,
 * draw the panic table and check the results against the rules, and the Foundry contract
 * (contract/index.ts). They run inside a real Foundry, by Tactica's own runner
 * (`game.tactica.selfTest`, contract/self-test.ts: what `npm run e2e` uses) and, when the Quench
 * module is active, in Quench's window for the GM. The world documents they create are named
 * "[Quench] …" and deleted when each batch ends; anything else a batch leaves behind is deleted
 * and reported (contract/leftovers.ts). See docs/gm-guide.md.
 *
 * This module is NOT part of the main bundle: src/hooks/quench.ts loads it with a dynamic import
 * (on `quenchReady`, or when the self-test is first run), so a world that runs neither never
 * downloads or parses it.
 */
import { PoolRoll, PressureRoll, ProfileTest, PsyRoll, ScoreRoll } from "../dice/index";
import { PANIC_RESULTS } from "../config/config";
import { runContracts } from "./index";
import { withCleanup } from "./leftovers";
import { createSelfTest } from "./self-test";
import type { BatchAssert, BatchContext } from "./context";
import type { TacticaActor } from "../documents/actor";
import type { TacticaItem } from "../documents/item";
import type { TacticaChatMessage } from "../documents/chat-message";
import { CharacterModel, ForceFieldModel, WeaponModel } from "../data/index";
import { natural10Fails } from "../config/settings";

/**
 * The batches this file registers, by Quench key. Names and test titles are developer-facing (the
 * Quench runner is a developer tool, like the console), so they are plain English, not lang keys.
 */
export const QUENCH_BATCHES = {
  "tactica.packs": "Tactica — compendiums",
  "tactica.rolls": "Tactica — tests, pools and pushes",
  "tactica.pressure": "Tactica — pressure rolls",
  "tactica.psy": "Tactica — psychic powers",
  "tactica.morale": "Tactica — morale, panic, fear",
  "tactica.damage": "Tactica — damage",
  "tactica.contract": "Tactica — Foundry contract (the fake's assumptions)",
} as const;
export type QuenchBatchKey = keyof typeof QUENCH_BATCHES;

/** Whether `key` names one of {@link QUENCH_BATCHES}. */
const isBatchKey = (key: string): key is QuenchBatchKey => Object.hasOwn(QUENCH_BATCHES, key);

/* -------------------------------------------------------------------------------------------- */
/*  The parts of Quench (Mocha + Chai) and of Foundry that the batches use                       */
/* -------------------------------------------------------------------------------------------- */

/** What a batch is given (by Quench, or by Tactica's runner): Mocha's functions and Chai's `assert`. */
export type QuenchContext = BatchContext;

/** The Chai `assert` functions the batches use. */
export type QuenchAssert = BatchAssert;

/**
 * The global `quench` object, as far as registration goes: `registerBatch(key, fn, {displayName})`,
 * Quench's public API (Quench `src/module/quench.ts`, v0.9.2). Nothing else of it is read here.
 */
export interface QuenchLike {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}

/** What the batches read and create in the world (the sample actors and table of the compendiums). */
const foundryWorld = {
  /** A compendium of the system, by id (`tactica.actors`…). */
  pack: (id: string) => game.packs?.get(id),
  nat10: natural10Fails,
  statusIds: () => CONFIG.statusEffects.map((s) => s.id),
};

/* -------------------------------------------------------------------------------------------- */
/*  Registration                                                                                 */
/* -------------------------------------------------------------------------------------------- */

/**
 * Registers every batch on Quench, each with the leftover watch around it as in Tactica's runner.
 * Called by `quenchHooks` (src/hooks/quench.ts) once Quench has announced itself and this module,
 * a chunk of its own, has been loaded.
 */
export function registerBatches(quench: QuenchLike): void {
  for (const [key, displayName] of Object.entries(QUENCH_BATCHES)) {
    if (isBatchKey(key)) quench.registerBatch(key, withCleanup(BATCHES[key]), { displayName });
  }
}

/* -------------------------------------------------------------------------------------------- */
/*  Shared fixtures                                                                              */
/* -------------------------------------------------------------------------------------------- */

/** Imports sample actors from the compendium into the world and deletes them (and messages) after. */
function fixtures(context: QuenchContext) {
  const created: { delete(): Promise<unknown> }[] = [];
  context.after(async () => {
    for (const doc of created.reverse()) await doc.delete();
  });
  return {
    async actor(namePrefix: string): Promise<TacticaActor> {
      const source = (await foundryWorld.pack("tactica.actors")?.getDocuments())?.find((d) =>
        d.name.startsWith(namePrefix),
      );
      if (!source) throw new Error(`no sample actor "${namePrefix}" in tactica.actors`);
      // A compendium's actors are of the registered class, as the world's are.
      if (!(source instanceof CONFIG.Actor.documentClass)) throw new Error(`"${source.name}" is not a Tactica actor`);
      const actor = await CONFIG.Actor.documentClass.create({ ...source.toObject(), name: `[Quench] ${source.name}` });
      if (!actor) throw new Error(`"${source.name}" was not imported into the world`);
      created.push(actor);
      return actor;
    },
    /** The roll of a posted message, checked to be of class `cls`. */
    rollOf<T>(message: TacticaChatMessage | null, cls: abstract new (...args: never[]) => T): T {
      context.assert.ok(message, "the roll posted a chat message");
      created.push(message!);
      const roll = message!.rolls[0];
      context.assert.instanceOf(roll, cls);
      return roll;
    },
    track(doc: { delete(): Promise<unknown> } | null): void {
      if (doc) created.push(doc);
    },
  };
}

const item = (actor: TacticaActor, name: string): TacticaItem => {
  const found = actor.items.find((i) => i.name === name);
  if (!found) throw new Error(`${actor.name} has no item "${name}"`);
  return found;
};
/** The id of `actor`'s item `name` (an embedded item always has one). */
const itemId = (actor: TacticaActor, name: string): string => {
  const { id } = item(actor, name);
  if (!id) throw new Error(`${actor.name}'s item "${name}" has no id`);
  return id;
};
/** The model of a sample character or npc (their printed profile), which the batches read. */
const characterOf = (actor: TacticaActor): CharacterModel => {
  if (!(actor.system instanceof CharacterModel)) throw new Error(`${actor.name} is not a character or an npc`);
  return actor.system;
};
const FF = { fastForward: true };

/* -------------------------------------------------------------------------------------------- */
/*  Batches                                                                                      */
/* -------------------------------------------------------------------------------------------- */

/** Documents in each pack of system.json (test/foundry/packs-content.test.ts checks them against the sources). */
export const PACK_COUNTS: Record<string, number> = {
  powers: 12,
  "powers-en": 12,
  tables: 1,
  "tables-en": 1,
  equipment: 18,
  "equipment-en": 18,
  actors: 4,
  "actors-en": 4,
  journal: 1,
  "journal-en": 1,
};

function packsBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("compendiums", () => {
    it("every pack is present with its number of documents", () => {
      for (const [name, count] of Object.entries(PACK_COUNTS)) {
        assert.equal(foundryWorld.pack(`tactica.${name}`)?.index.size, count, name);
      }
    });
    it("each sample actor imports into the world", async () => {
      for (const prefix of ["Ilse", "Brann", "Sergent", "Chœur"]) assert.ok(await fx.actor(prefix), prefix);
    });
  });
}

function rollsBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("profile tests, pools, pushes, scores", () => {
    it("a CO test is a d10 roll-under against the printed CO (D-1)", async () => {
      const actor = await fx.actor("Ilse");
      const roll = fx.rollOf(await actor.rollProfile("co", FF), ProfileTest);
      assert.equal(roll.target, characterOf(actor).profile.co.value);
      const natural10 = foundryWorld.nat10() && roll.natural === 10;
      assert.equal(roll.isSuccess, roll.natural <= roll.target && !natural10);
    });
    it("a pool rolls base, skill and gear dice and counts the 6s; a push follows RULES §3", async () => {
      const actor = await fx.actor("Sergent");
      const pistol = item(actor, "Pistolet laser").system;
      if (!(pistol instanceof WeaponModel)) throw new Error("Pistolet laser is not a weapon");
      const gearBonus = pistol.gearBonus;
      const roll = fx.rollOf(
        await actor.rollPool(
          { aptitude: "vivacite", subAptitude: "precision", itemId: itemId(actor, "Pistolet laser") },
          FF,
        ),
        PoolRoll,
      );
      const faces = roll.faces;
      assert.deepEqual([faces.base.length, faces.skill.length, faces.gear.length], [4, 3, gearBonus]);
      const all = [...faces.base, ...faces.skill, ...faces.gear];
      assert.equal(roll.successes, all.filter((f) => f === 6).length);
      if (!roll.pushable) return;
      const pushed = await roll.push({ willpower: 0, gainsWillpower: characterOf(actor).gainsWillpower === true });
      assert.ok(pushed.isPushed, "the new roll is pushed");
      faces.base.forEach((f, i) => {
        if (f === 6 || f === 1) assert.equal(pushed.faces.base[i], f, "6s and base 1s are kept");
      });
      assert.equal(pushed.consequences?.willpowerGained, 0, "an npc never gains WP (D-9)");
    });
    it("a score test is 2d6 + score against the difficulty (D-22)", async () => {
      const actor = await fx.actor("Ilse");
      const roll = fx.rollOf(await actor.rollScore({ subAptitude: "reflexe", difficulty: 10 }, FF), ScoreRoll);
      assert.equal(roll.score, 5, "Vivacité 4 + Réflexe 1");
      assert.equal(roll.testTotal, roll.faces.reduce((a, b) => a + b, 0) + roll.score);
      assert.equal(roll.isSuccess, roll.testTotal >= 10);
    });
  });
}

function pressureBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("pressure rolls", () => {
    it("MOU: the table bonus, capped by the printed MOU (4)", async () => {
      const actor = await fx.actor("Brann");
      const roll = fx.rollOf(await actor.rollPressure(itemId(actor, "Jambières à vapeur"), FF), PressureRoll);
      const face = roll.chosen.face;
      assert.equal(roll.bonus, Math.min(face <= 2 ? 2 : face <= 4 ? 3 : 4, 4));
    });
    it("PEUR: halved, then capped by the printed PEUR 1, so always +1 (D-5)", async () => {
      const actor = await fx.actor("Brann");
      const roll = fx.rollOf(await actor.rollPressure(itemId(actor, "Sirène de chaudière"), FF), PressureRoll);
      assert.equal(roll.bonus, 1);
    });
  });
}

function psyBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("psychic powers", () => {
    it("casting Souffle: level 3 + mastery 2 = 5, a natural 10 fails", async () => {
      const actor = await fx.actor("Ilse");
      const roll = fx.rollOf(await actor.castPower(itemId(actor, "Souffle"), FF), PsyRoll);
      assert.equal(roll.target, 5);
      assert.equal(roll.isSuccess, roll.natural <= 5 && roll.natural !== 10);
    });
    it("the neophyte choir casts its one power; the success follows its target", async () => {
      const unit = await fx.actor("Chœur");
      const roll = fx.rollOf(await unit.castPower(itemId(unit, "Obstacle"), FF), PsyRoll);
      assert.isAtMost(roll.target, 6 + 3, "level 6, chant +3 at most (D-12)");
      assert.equal(roll.isSuccess, roll.natural <= roll.target && roll.natural !== 10);
    });
    it("maintaining Bouclier answers with a message or a refusal, never an exception", async () => {
      const actor = await fx.actor("Ilse");
      const shield = itemId(actor, "Bouclier");
      fx.track(await actor.castPower(shield, FF));
      const message = await actor.maintainPower(shield, FF);
      fx.track(message);
      assert.ok(message === null || Array.isArray(message.rolls));
    });
    it("cancelling a level-5 effect: 5 + 1, mastery does not count (D-14)", async () => {
      const actor = await fx.actor("Ilse");
      const roll = fx.rollOf(await actor.cancelPower({ level: 5 }, FF), PsyRoll);
      assert.equal(roll.target, 6);
    });
  });
}

function moraleBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("morale, fear and the panic table", () => {
    it("a morale test is a CO test against the printed CO", async () => {
      const actor = await fx.actor("Sergent");
      const roll = fx.rollOf(await actor.moraleTest(FF), ProfileTest);
      assert.equal(roll.purpose, "morale");
      assert.equal(roll.target, 8);
    });
    it("a fear test takes the enemy's PEUR off the CO", async () => {
      const actor = await fx.actor("Ilse");
      const roll = fx.rollOf(await actor.fearTest({ fear: 2, charging: true }, FF), ProfileTest);
      assert.equal(roll.purpose, "fear");
      assert.equal(roll.target, 7 - 2);
    });
    it("every face of the panic table gives the result of RULES §5 and an existing condition", async () => {
      const source = (await foundryWorld.pack("tactica.tables")?.getDocuments())?.[0];
      assert.ok(source, "the panic table is in tactica.tables");
      if (!(source instanceof CONFIG.RollTable.documentClass)) throw new Error("tactica.tables holds no roll table");
      // The v13 typings' source of a table result (`range: number[]`) is not their create data
      // (`range: [start, end]`), though core takes one for the other: the copy is asserted here.
      const data = { ...source.toObject(), name: "[Quench] panique" } as RollTable.CreateData;
      const table = await CONFIG.RollTable.documentClass.create(data);
      if (!table) throw new Error("the panic table was not imported into the world");
      fx.track(table);
      for (const [key, result] of Object.entries(PANIC_RESULTS)) {
        for (let face = result.faces[0]; face <= result.faces[1]; face++) {
          const drawn = table.getResultsForRoll(face);
          assert.equal(drawn[0]?.flags.tactica?.panicResult, key, `face ${face}`);
        }
        if (result.status) assert.include(foundryWorld.statusIds(), result.status);
      }
    });
  });
}

function damageBatch(context: QuenchContext): void {
  const { describe, it, assert } = context;
  const fx = fixtures(context);
  describe("damage pipeline", () => {
    it("5 damage on Korvath: the field takes 4, the armour 1, PV unchanged (D-26)", async () => {
      const actor = await fx.actor("Sergent");
      await actor.applyDamage({ damage: 5, attributes: [] });
      assert.equal(characterOf(actor).profile.pv.value, 12);
      const field = item(actor, "Champ réfracteur").system;
      if (!(field instanceof ForceFieldModel)) throw new Error("Champ réfracteur is not a force field");
      assert.deepEqual([field.renfort.value, field.disabled], [0, true]);
    });
  });
}

const BATCHES: Record<QuenchBatchKey, (context: QuenchContext) => void> = {
  "tactica.packs": packsBatch,
  "tactica.rolls": rollsBatch,
  "tactica.pressure": pressureBatch,
  "tactica.psy": psyBatch,
  "tactica.morale": moraleBatch,
  "tactica.damage": damageBatch,
  "tactica.contract": runContracts,
};

/** `game.tactica.selfTest` over the same batches (installed by src/hooks/quench.ts). */
export const selfTest = createSelfTest(
  Object.fromEntries(
    Object.entries(QUENCH_BATCHES).flatMap(([key, name]) =>
      isBatchKey(key) ? [[key, { name, register: BATCHES[key] }]] : [],
    ),
  ),
);

/**
 * Contract: how core's data layer treats Tactica's documents — the behaviours the data models, the
 * documents and the migrations rely on, and that the test fake (test/foundry/fake-*.ts) copies:
 * - Active Effects: change types ADD, MULTIPLY, OVERRIDE, UPGRADE, DOWNGRADE, written in the running
 *   generation's shape (src/compat/effects.ts: v13 `changes` with numeric modes, v14
 *   `system.changes` with string types) and read back in it; changes applied by priority, the
 *   type's default (v13 `mode × 10`, v14 `CONST.ACTIVE_EFFECT_CHANGE_TYPES`: the same numbers) unless
 *   given (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectChangeData.html,
 *   https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html); UPGRADE keeps the
 *   highest (D-6: pressure bonuses); v14 only: an effect whose duration has run out and that waits
 *   for one of Tactica's expiry events (`CONFIG.ActiveEffect.expiryEvents`) is expired by core's
 *   registry when Tactica fires it, with the world's expiry action (src/compat/effects.ts);
 * - ArrayField `max` bounds the number of elements
 *   (https://foundryvtt.com/api/interfaces/foundry.data.types._ArrayFieldOptions.html);
 * - NumberField cleaning rounds integers and CLAMPS to min/max instead of failing
 *   (https://foundryvtt.com/api/v13/classes/foundry.data.fields.NumberField.html);
 * - construction migrates and cleans the given object in place, ignoring what `migrateData`
 *   returns (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html);
 * - on update, `migrateData` runs on the change before the `preUpdate<Type>` hook, and the change
 *   is cleaned only after the hook (docs/foundry-behaviour.md §2);
 * - `Document#validate({changes, clean: true})`, which DocumentSheetV2 runs on form data before
 *   `update`, clamps the change in place (why the sheets check the raw form data first);
 * - `TokenDocument#getBarAttribute` of a unit's token marks the derived `figures` bar editable
 *   (src/documents/token.ts), and a schema bar (PV) too.
 * The suites that need documents create world documents and delete them again (run them as a GM).
 */
import type { ContractContext } from "./context";
import { changesData, changesOf, expireAt, expiringAt, type ChangeType, type EffectHost } from "../compat/effects";
import { isV14 } from "../compat/generation";

type Data = Record<string, unknown>;

/** A document class as the suites create and delete documents with it. */
interface DocumentClass {
  create(data: Data): Promise<WorldDocument | undefined>;
}

interface WorldDocument {
  system: unknown;
  _source: Data;
  effects?: Iterable<{ _source: Data; active?: boolean; duration?: unknown }>;
  createEmbeddedDocuments?(name: string, data: Data[]): Promise<unknown>;
  update(data: Data): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** The registered document class of `name`. */
function documentClass(name: "Actor" | "Item"): DocumentClass {
  return (CONFIG[name] as unknown as { documentClass: DocumentClass }).documentClass;
}

/** Runs `check` on a temporary world document, deleted afterwards whatever happens. */
async function withDocument(name: "Actor" | "Item", data: Data, check: (doc: WorldDocument) => Promise<void> | void): Promise<void> {
  const doc = await documentClass(name).create({ name: `Contract ${name} (temporary)`, ...data });
  if (!doc) throw new Error(`the temporary ${name} was not created`);
  try {
    await check(doc);
  } finally {
    await doc.delete();
  }
}

/** One effect with one change on `key`, in the running generation's shape. */
function effect(key: string, type: ChangeType, value: number, priority?: number): Data {
  return { name: `change ${type}`, ...changesData([{ key, type, value, ...(priority === undefined ? {} : { priority }) }]) };
}

/** A characteristic of a prepared character. */
function profileValue(actor: WorldDocument, key: string, part = "value"): unknown {
  return ((actor.system as { profile: Record<string, Data> }).profile[key] ?? {})[part];
}

/** One bounded integer, 0–10. */
const probeSchema = () => ({
  n: new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 0 }),
});
type ProbeSchema = ReturnType<typeof probeSchema>;

/** What the suites do with a probe model (constructed from any data, as core allows). */
interface Probe {
  _source: Data;
  n: number;
  updateSource(changes: Data): unknown;
}

/** A model class built on the running `foundry.abstract.DataModel`, with one bounded integer. */
function probeModel(): new (data: Data) => Probe {
  class ContractProbe extends foundry.abstract.DataModel<ProbeSchema> {
    static override defineSchema(): ProbeSchema {
      return probeSchema();
    }

    /** Returns a new object on purpose: core keeps migrating the one it was given. */
    static override migrateData(source: Data): Data {
      if (typeof source.old === "number") source.n = source.old;
      return { n: 1 };
    }
  }
  return ContractProbe as unknown as new (data: Data) => Probe;
}

export function dataContract({ describe, it, assert }: ContractContext): void {
  describe("Active Effects", () => {
    it("UPGRADE keeps the highest value (D-6)", async () => {
      const key = "system.profile.mou.pressure";
      await withDocument("Actor", { type: "character", effects: [effect(key, "upgrade", 2), effect(key, "upgrade", 3)] }, (actor) => {
        assert.equal(profileValue(actor, "mou", "pressure"), 3);
      });
    });

    it("ADD, MULTIPLY, OVERRIDE and DOWNGRADE apply to numbers", async () => {
      const system = { profile: { att: { value: 4 }, def: { value: 5 }, tir: { value: 6 }, for: { value: 7 } } };
      const effects = [
        effect("system.profile.att.value", "add", 2),
        effect("system.profile.def.value", "multiply", 2),
        effect("system.profile.tir.value", "override", 1),
        effect("system.profile.for.value", "downgrade", 3),
      ];
      await withDocument("Actor", { type: "character", system, effects }, (actor) => {
        assert.deepEqual(["att", "def", "tir", "for"].map((k) => profileValue(actor, k)), [6, 10, 1, 3]);
      });
    });

    it("changes are stored in the running generation's shape, and read back through the seam", async () => {
      const key = "system.profile.mou.pressure";
      await withDocument("Actor", { type: "character", effects: [effect(key, "upgrade", 2)] }, (actor) => {
        const [stored] = [...(actor.effects ?? [])];
        const source = stored?._source ?? {};
        if (isV14()) {
          const changes = (source.system as { changes?: Data[] } | undefined)?.changes ?? [];
          assert.deepEqual([changes[0]?.type, "changes" in source], ["upgrade", false]);
        } else {
          // @deprecated v13: the numeric mode (4 is UPGRADE).
          assert.equal(((source.changes as Data[] | undefined) ?? [])[0]?.mode, 4);
        }
        assert.deepEqual(changesOf(stored).map((c) => [c.key, c.type, Number(c.value)]), [[key, "upgrade", 2]]);
      });
    });

    it("v14: an effect waiting for a Tactica expiry event is expired when Tactica fires it (v13: nothing to check)", async () => {
      if (!isV14()) return;
      const event = "tactica.nextAttRoll";
      await withDocument("Actor", { type: "character" }, async (actor) => {
        await actor.createEmbeddedDocuments!("ActiveEffect", [{ ...effect("system.profile.att.pressure", "upgrade", 2), ...expiringAt(event) }]);
        await expireAt(event, [actor as unknown as EffectHost]);
        const left = [...(actor.effects ?? [])];
        // The world's expiry action: deleted, or kept, marked expired and no longer applied.
        assert.ok(left.every((e) => e.active === false && (e.duration as { expired?: unknown }).expired === true));
        assert.equal(profileValue(actor, "att", "pressure"), 0);
      });
    });

    it("changes apply by priority, the type's default priority unless given", async () => {
      const key = "system.profile.att.value";
      const system = { profile: { att: { value: 4 } } };
      // ADD (20) before OVERRIDE (50): the override wins.
      await withDocument("Actor", { type: "character", system, effects: [effect(key, "add", 1), effect(key, "override", 2)] }, (actor) => {
        assert.equal(profileValue(actor, "att"), 2);
      });
      // The same ADD given priority 60 comes after the override.
      await withDocument("Actor", { type: "character", system, effects: [effect(key, "add", 1, 60), effect(key, "override", 2)] }, (actor) => {
        assert.equal(profileValue(actor, "att"), 3);
      });
    });
  });

  describe("NumberField cleaning", () => {
    it("rounds integers and clamps to min and max", () => {
      const field = new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 0 });
      assert.deepEqual([12, 2.6, -3, "5"].map((v) => field.clean(v as number)), [10, 3, 0, 5]);
    });

    it("clamps an update of a model too (no validation error)", () => {
      const Probe = probeModel();
      const probe = new Probe({ n: 4 });
      probe.updateSource({ n: 99 });
      assert.equal(probe.n, 10);
    });

    it("refuses what it cannot cast: construction throws", () => {
      const Probe = probeModel();
      assert.throws(() => new Probe({ n: "many" }));
    });
  });

  describe("ArrayField bounds", () => {
    it("refuses more elements than its max (a chat card's rows are bounded this way)", () => {
      const field = new foundry.data.fields.ArrayField(new foundry.data.fields.StringField(), { max: 2 });
      assert.equal(field.validate(["a", "b"]), undefined);
      assert.ok(field.validate(["a", "b", "c"]), "three elements where two at most are allowed");
    });
  });

  describe("DataModel construction", () => {
    it("migrates and cleans the given object in place, which becomes _source", () => {
      const Probe = probeModel();
      const data: Data = { old: 14, stray: true };
      const probe = new Probe(data);
      assert.strictEqual(probe._source, data);
      assert.deepEqual({ ...data }, { n: 10 });
    });
  });

  describe("sheet submission and token bars", () => {
    it("validate({changes, clean: true}) — what DocumentSheetV2#_prepareSubmitData calls — clamps the change in place", async () => {
      await withDocument("Actor", { type: "character" }, (actor) => {
        const changes: Data = { system: { exhaustion: 1000 } };
        (actor as unknown as { validate(o: Data): boolean }).validate({ changes, clean: true, fallback: false });
        assert.equal((changes.system as Data).exhaustion, 999, "cleaned before any _preUpdate could refuse it: the sheets check first");
      });
    });

    it("a unit token's derived figures bar is editable (Token HUD), as is a stored PV bar", async () => {
      await withDocument("Actor", { type: "unit", system: { strength: { start: 10, current: 8 } } }, async (actor) => {
        const Scene = (CONFIG.Scene as unknown as { documentClass: { create(d: Data): Promise<{ tokens: { contents: { getBarAttribute(bar: string): Data | null }[] }; delete(): Promise<unknown> } | undefined> } }).documentClass;
        const id = (actor as unknown as { id: string }).id;
        const scene = await Scene.create({ name: "[Quench] bars", tokens: [{ name: "unit", actorId: id, actorLink: true, bar1: { attribute: "figures" }, bar2: { attribute: "profile.pv" } }] });
        if (!scene) throw new Error("the temporary scene was not created");
        try {
          const token = scene.tokens.contents[0]!;
          const figures = token.getBarAttribute("bar1");
          assert.deepEqual([figures?.type, figures?.attribute, figures?.value, figures?.max, figures?.editable], ["bar", "figures", 8, 10, true]);
          const pv = token.getBarAttribute("bar2");
          assert.deepEqual([pv?.type, pv?.attribute, pv?.editable], ["bar", "profile.pv", true]);
        } finally {
          await scene.delete();
        }
      });
    });
  });

  describe("update workflow", () => {
    it("migrateData runs on the change before the preUpdate hook, which sees it uncleaned", async () => {
      await withDocument("Item", { type: "weapon" }, async (item) => {
        let seen: Data | null = null;
        const id = Hooks.on("preUpdateItem", ((_doc: unknown, changes: Data) => {
          seen = structuredClone(changes.system) as Data;
        }) as never);
        try {
          await item.update({ "system.attributes": "Portée 2-4", "system.gearBonus": "7" });
        } finally {
          Hooks.off("preUpdateItem", id);
        }
        const hooked = seen as Data | null;
        assert.ok(Array.isArray(hooked?.attributes), "attribute text already migrated to entries");
        assert.strictEqual(hooked?.gearBonus, "7", "not cast to a number yet");
        assert.strictEqual((item._source.system as Data).gearBonus, 7);
        assert.equal(((item._source.system as Data).attributes as unknown[]).length, 1);
      });
    });
  });
}

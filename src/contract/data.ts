/**
 * Contract: how core's data layer treats Tactica's documents — the behaviours the data models, the
 * documents and the migrations rely on, and that the test fake (test/foundry/fake-*.ts) copies:
 * - Active Effects: change types ADD, MULTIPLY, OVERRIDE, UPGRADE, DOWNGRADE, written in the running
 *   generation's shape (src/compat/effects.ts: v13 `changes` with numeric modes, v14
 *   `system.changes` with string types) and read back in it; changes applied by priority, the
 *   type's default (v13 `mode × 10`, v14 `CONST.ACTIVE_EFFECT_CHANGE_TYPES`: the same numbers) unless
 *   given (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectChangeData.html,
 *   https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html); UPGRADE keeps the
 *   highest (D-6: pressure bonuses); v14 only: an effect whose stored `duration.expired` Tactica set
 *   no longer applies, after a reload too; and an effect that waits for one of Tactica's expiry
 *   events without a duration (foundryvtt#13667) is expired by core's registry when Tactica
 *   announces the event — the case says whether that expiry was stored by the active GM or made in
 *   memory only (foundryvtt#13743), which settles the fake's two readings (test/foundry/fake-effects.ts,
 *   docs/foundry-behaviour.md §8);
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
import {
  announceExpiry,
  changesData,
  changesOf,
  endEffects,
  expiringAt,
  isEndedInSource,
  type ChangeType,
} from "../compat/effects";
import { isV14 } from "../compat/generation";
import { CharacterModel } from "../data/actor/character";
import type { ProfileKey } from "../rules/keys";
import { documentsContract } from "./documents";
import { coreApiContract } from "./core-api";
import { isRecord, withActor, withItem, type Data } from "./temporary";

/** One effect with one change on `key`, in the running generation's shape. */
function effect(key: string, type: ChangeType, value: number, priority?: number) {
  return {
    name: `change ${type}`,
    ...changesData([{ key, type, value, ...(priority === undefined ? {} : { priority }) }]),
  };
}

/** A characteristic of a prepared character (undefined for another actor type). */
function profileValue(
  actor: Actor.Implementation,
  key: ProfileKey,
  part: "value" | "pressure" = "value",
): number | undefined {
  if (!(actor.system instanceof CharacterModel)) return undefined;
  const entry = actor.system.profile[key];
  return part === "value" ? entry.value : "pressure" in entry ? entry.pressure : undefined;
}

/** One bounded integer, 0–10. */
const probeSchema = () => ({
  n: new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: 0,
    max: 10,
    initial: 0,
  }),
});
type ProbeSchema = ReturnType<typeof probeSchema>;

/** A model class built on the running `foundry.abstract.DataModel`, with one bounded integer. */
function probeModel() {
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
  return ContractProbe;
}

/** v14's `duration.expired` of a prepared effect (not in the v13 typings). */
function expiredOf(effect: ActiveEffect.Implementation): unknown {
  const duration: unknown = effect.duration;
  return isRecord(duration) ? duration.expired : undefined;
}

export function dataContract(context: ContractContext): void {
  const { describe, it, assert } = context;
  documentsContract(context);
  coreApiContract(context);
  describe("Active Effects", () => {
    it("[effects.upgrade] UPGRADE keeps the highest value (D-6)", async () => {
      const key = "system.profile.mou.pressure";
      await withActor(
        { type: "character", effects: [effect(key, "upgrade", 2), effect(key, "upgrade", 3)] },
        (actor) => {
          assert.equal(profileValue(actor, "mou", "pressure"), 3);
        },
      );
    });

    it("[effects.change-types] ADD, MULTIPLY, OVERRIDE and DOWNGRADE apply to numbers", async () => {
      const system = { profile: { att: { value: 4 }, def: { value: 5 }, tir: { value: 6 }, for: { value: 7 } } };
      const effects = [
        effect("system.profile.att.value", "add", 2),
        effect("system.profile.def.value", "multiply", 2),
        effect("system.profile.tir.value", "override", 1),
        effect("system.profile.for.value", "downgrade", 3),
      ];
      await withActor({ type: "character", system, effects }, (actor) => {
        const keys: ProfileKey[] = ["att", "def", "tir", "for"];
        assert.deepEqual(
          keys.map((k) => profileValue(actor, k)),
          [6, 10, 1, 3],
        );
      });
    });

    it("[effects.generation-shape] changes are stored in the running generation's shape, and read back through the seam", async () => {
      const key = "system.profile.mou.pressure";
      await withActor({ type: "character", effects: [effect(key, "upgrade", 2)] }, (actor) => {
        const [stored] = [...actor.effects];
        // Read as plain stored data: v14's `system.changes` is not in the v13 typings.
        const source: Data = { ...stored?._source };
        const first = (list: unknown): unknown => (Array.isArray(list) && isRecord(list[0]) ? list[0] : undefined);
        if (isV14()) {
          const change = first(isRecord(source.system) ? source.system.changes : undefined);
          assert.deepEqual([isRecord(change) ? change.type : undefined, "changes" in source], ["upgrade", false]);
        } else {
          // @deprecated v13: the numeric mode (4 is UPGRADE).
          const change = first(source.changes);
          assert.equal(isRecord(change) ? change.mode : undefined, 4);
        }
        assert.deepEqual(
          changesOf(stored).map((c) => [c.key, c.type, Number(c.value)]),
          [[key, "upgrade", 2]],
        );
      });
    });

    it("[effects.v14-kept-end] v14: an effect Tactica ends keeps its end in the stored document and stops applying, after a reload too (v13: deleted)", async () => {
      await withActor({ type: "character" }, async (actor) => {
        const [made] =
          (await actor.createEmbeddedDocuments("ActiveEffect", [
            { ...effect("system.profile.att.pressure", "upgrade", 2), ...expiringAt("tactica.nextAttRoll") },
          ])) ?? [];
        if (!made) throw new Error("the effect was not created");
        // Kept where the generation has an expired state (v14) and the world does not delete expired
        // effects (`CONFIG.ActiveEffect.expiryAction`); deleted otherwise.
        assert.equal(await endEffects(actor, [made], true), 1);
        const stored = actor.effects.get(made.id ?? "");
        const config: object = CONFIG.ActiveEffect;
        if (!isV14() || ("expiryAction" in config && config.expiryAction === "delete")) {
          assert.equal(stored, undefined);
          return;
        }
        assert.ok(stored && isEndedInSource(stored) && stored.active === false);
        assert.equal(profileValue(actor, "att", "pressure"), 0);
        // A reload: the document rebuilt from what is stored.
        const again = new CONFIG.Actor.documentClass(actor.toObject());
        again.prepareData();
        assert.equal(profileValue(again, "att", "pressure"), 0);
      });
    });

    it("[effects.v14-expiry] v14: core's registry ends an effect waiting for a Tactica event when it is announced — stored by the active GM, or in memory only (foundryvtt#13743)", async () => {
      if (!isV14()) return;
      const event = "tactica.nextAttRoll";
      await withActor({ type: "character" }, async (actor) => {
        const [made] =
          (await actor.createEmbeddedDocuments("ActiveEffect", [
            { ...effect("system.profile.att.pressure", "upgrade", 2), ...expiringAt(event) },
          ])) ?? [];
        if (!made) throw new Error("the effect was not created");
        await announceExpiry(event, [actor]);
        const left = actor.effects.get(made.id ?? "");
        // Deleted (a world whose expiry action is "delete"): stored by this client, the active GM.
        const reading = !left ? "stored (deleted)" : isEndedInSource(left) ? "stored" : "in memory only";
        // The registry expired it one way or the other: it no longer applies on this client.
        assert.ok(!left || (expiredOf(left) === true && left.active === false), `not expired: ${reading}`);
        assert.equal(profileValue(actor, "att", "pressure"), 0);
        // Which reading holds on this build: a line for the manual check (docs/manual-checks.md).
        console.info(`Tactica | contract: on ${game.release?.version ?? "?"}, the active GM's expiry is ${reading}`);
      });
    });

    it("[effects.priority] changes apply by priority, the type's default priority unless given", async () => {
      const key = "system.profile.att.value";
      const system = { profile: { att: { value: 4 } } };
      // ADD (20) before OVERRIDE (50): the override wins.
      await withActor(
        { type: "character", system, effects: [effect(key, "add", 1), effect(key, "override", 2)] },
        (actor) => {
          assert.equal(profileValue(actor, "att"), 2);
        },
      );
      // The same ADD given priority 60 comes after the override.
      await withActor(
        { type: "character", system, effects: [effect(key, "add", 1, 60), effect(key, "override", 2)] },
        (actor) => {
          assert.equal(profileValue(actor, "att"), 3);
        },
      );
    });
  });

  describe("NumberField cleaning", () => {
    it("[fields.number-clean] rounds integers and clamps to min and max", () => {
      const field = new foundry.data.fields.NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 0,
        max: 10,
        initial: 0,
      });
      // Read as the DataField it is: `DataField#clean` takes any value and casts it (a string here).
      const cleaner: foundry.data.fields.DataField.Any = field;
      assert.deepEqual(
        [12, 2.6, -3, "5"].map((v) => cleaner.clean(v)),
        [10, 3, 0, 5],
      );
    });

    it("[fields.number-update-clamps] clamps an update of a model too (no validation error)", () => {
      const Probe = probeModel();
      const probe = new Probe({ n: 4 });
      probe.updateSource({ n: 99 });
      assert.equal(probe.n, 10);
    });

    it("[fields.number-uncastable] refuses what it cannot cast: construction throws", () => {
      const Probe = probeModel();
      // Data of any shape, as a document's stored source may be.
      const stored: Data = { n: "many" };
      assert.throws(() => new Probe(stored));
    });
  });

  describe("ArrayField bounds and casts", () => {
    it("[fields.array-max] refuses more elements than its max (a chat card's rows are bounded this way)", () => {
      const field = new foundry.data.fields.ArrayField(new foundry.data.fields.StringField(), { max: 2 });
      assert.equal(field.validate(["a", "b"]), undefined);
      assert.ok(field.validate(["a", "b", "c"]), "three elements where two at most are allowed");
    });

    it("[fields.array-index-keys] cleans an object keyed by index into its list, other keys dropped (a list sent as form data)", () => {
      const field = new foundry.data.fields.ArrayField(new foundry.data.fields.StringField());
      assert.deepEqual(field.clean({ "0": "a", "1": "b" }), ["a", "b"]);
      assert.deepEqual(field.clean({ "1": "b", "0": "a", x: "c" }), ["a", "b"]);
    });
  });

  describe("DataModel construction", () => {
    it("[data.construction-in-place] migrates and cleans the given object in place, which becomes _source", () => {
      const Probe = probeModel();
      const data: Data = { old: 14, stray: true };
      const probe = new Probe(data);
      assert.strictEqual(probe._source, data);
      assert.deepEqual({ ...data }, { n: 10 });
    });
  });

  describe("sheet submission and token bars", () => {
    it("[data.validate-clean] validate({changes, clean: true}) — what DocumentSheetV2#_prepareSubmitData calls — clamps the change in place", async () => {
      await withActor({ type: "character" }, (actor) => {
        const changes: Data = { system: { exhaustion: 1000 } };
        actor.validate({ changes, clean: true, fallback: false });
        assert.equal(
          isRecord(changes.system) ? changes.system.exhaustion : undefined,
          999,
          "cleaned before any _preUpdate could refuse it: the sheets check first",
        );
      });
    });

    it("[data.token-bar-editable] a unit token's derived figures bar is editable (Token HUD), as is a stored PV bar", async () => {
      await withActor({ type: "unit", system: { strength: { start: 10, current: 8 } } }, async (actor) => {
        const Scene = CONFIG.Scene.documentClass;
        const id = actor.id;
        const scene = await Scene.create({
          name: "[Quench] bars",
          tokens: [
            {
              name: "unit",
              actorId: id,
              actorLink: true,
              bar1: { attribute: "figures" },
              bar2: { attribute: "profile.pv" },
            },
          ],
        });
        if (!scene) throw new Error("the temporary scene was not created");
        try {
          const token = scene.tokens.contents[0]!;
          const figures = token.getBarAttribute("bar1");
          assert.deepEqual(
            [
              figures?.type,
              figures?.attribute,
              figures?.value,
              figures && "max" in figures ? figures.max : undefined,
              figures?.editable,
            ],
            ["bar", "figures", 8, 10, true],
          );
          const pv = token.getBarAttribute("bar2");
          assert.deepEqual([pv?.type, pv?.attribute, pv?.editable], ["bar", "profile.pv", true]);
        } finally {
          await scene.delete();
        }
      });
    });
  });

  describe("update workflow", () => {
    it("[data.update-order] migrateData runs on the change before the preUpdate hook, which sees it uncleaned", async () => {
      await withItem({ type: "weapon" }, async (item) => {
        let seen: unknown = null;
        const id = Hooks.on("preUpdateItem", (_doc, changes) => {
          seen = structuredClone(changes.system);
        });
        try {
          // A form's dotted keys (what a sheet submits); the typings take nested changes only.
          await item.update({ "system.attributes": "Portée 2-4", "system.gearBonus": "7" } as Item.UpdateData);
        } finally {
          Hooks.off("preUpdateItem", id);
        }
        const hooked: Data = isRecord(seen) ? seen : {};
        assert.ok(Array.isArray(hooked.attributes), "attribute text already migrated to entries");
        assert.strictEqual(hooked.gearBonus, "7", "not cast to a number yet");
        const stored: Data = { ...item._source.system };
        assert.strictEqual(stored.gearBonus, 7);
        assert.equal(Array.isArray(stored.attributes) ? stored.attributes.length : -1, 1);
      });
    });
  });
}

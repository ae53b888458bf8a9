import { describe, expect, it } from "vitest";
import { ArrayField, SchemaField } from "./fake-fields";
import { BooleanField, NumberField, StringField } from "./fake-fields-scalar";
import { diffObject, expandObject, flattenObject, mergeObject } from "./fake-utils";
import { flattenKeys, loadLang } from "../helpers/lang";

// The fake's own behaviour where our tests rely on it matching Foundry v13 (see fake-fields.ts).

const schema = () =>
  new SchemaField({
    wp: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 0 }),
    state: new StringField({ required: true, choices: ["steady", "panicked"], initial: "steady" }),
    flag: new BooleanField(),
    list: new ArrayField(
      new SchemaField({
        key: new StringField({ required: true, blank: false }),
        x: new NumberField({ integer: true }),
      }),
    ),
  });

describe("fake data fields", () => {
  it("record their options and field paths", () => {
    const s = schema();
    const wp = s.get("wp") as NumberField;
    expect(wp.options).toMatchObject({ integer: true, min: 0, max: 10 });
    expect(s.getField("list.element.key")?.fieldPath).toBe("list.element.key");
  });

  it("clean as Foundry does: initial values, casts, rounding, clamping, unknown keys dropped", () => {
    expect(schema().clean({ wp: "12.4", flag: "true", extra: 1, list: [{ key: " a ", x: "2" }] })).toEqual({
      wp: 10,
      state: "steady",
      flag: true,
      list: [{ key: "a", x: 2 }],
    });
    expect(schema().clean({ wp: -3.6 }, { partial: true })).toEqual({ wp: 0 });
  });

  it("cast an index-keyed object to an array as core's ArrayField#_cast does: integer keys kept, others dropped", () => {
    const tags = new ArrayField(new StringField());
    expect(tags.clean({ "0": "a", "1": "b" })).toEqual(["a", "b"]);
    expect(tags.clean({ "1": "b", "0": "a", x: "c", "-1": "d", "1.5": "e" })).toEqual(["a", "b"]);
    expect(tags.clean({})).toEqual([]);
    expect(tags.clean(new Set(["a"]))).toEqual(["a"]);
    expect(tags.clean("a")).toEqual(["a"]);
    const sparse = tags.clean({ "1": "b" }) as unknown[];
    expect([sparse.length, 0 in sparse, sparse[1]]).toEqual([2, false, "b"]);
  });

  it("bound an array's length by its min and max options", () => {
    const bounded = new SchemaField({ tags: new ArrayField(new StringField(), { min: 1, max: 2 }) });
    expect(bounded.validate({ tags: ["a"] })).toBeUndefined();
    expect(bounded.validate({ tags: ["a", "b", "c"] })?.flatten()).toEqual(["tags: cannot have more than 2 elements"]);
    expect(bounded.validate({ tags: [] })?.flatten()).toEqual(["tags: cannot have fewer than 1 elements"]);
  });

  it("validate without cleaning, naming each failing path", () => {
    const failure = schema().validate({ wp: 11, state: "fleeing", flag: 1, list: [{ x: 1.5 }] });
    expect(failure?.flatten()).toEqual([
      "wp: must be at most 10",
      "state: fleeing is not a valid choice",
      "flag: must be a boolean",
      "list.0.key: may not be undefined",
      "list.0.x: must be an integer",
    ]);
  });
});

describe("fake foundry.utils", () => {
  it("expands, flattens, merges with deletions and diffs", () => {
    expect(expandObject({ "a.b": 1, c: { "d.e": 2 } })).toEqual({ a: { b: 1 }, c: { d: { e: 2 } } });
    expect(expandObject({ items: [{ _id: "x", "system.active": true }] })).toEqual({
      items: [{ _id: "x", system: { active: true } }],
    });
    expect(flattenObject({ a: { b: 1, c: [1] } })).toEqual({ "a.b": 1, "a.c": [1] });
    expect(mergeObject({ a: { b: 1, c: 2 } }, { "a.b": 3, "a.-=c": null }, { performDeletions: true })).toEqual({
      a: { b: 3 },
    });
    expect(diffObject({ a: { b: 1, c: 2 }, l: [1] }, { a: { b: 1, c: 3 }, l: [1] })).toEqual({ a: { c: 3 } });
  });
});

describe("fake data operators (fake-operators.ts)", () => {
  it("v14 has foundry.data.operators and the global _del, which deletes its key; v13 has neither", () => {
    const fake = installFoundryFake({}, "en");
    setFakeGeneration(fake, 14);
    const del = (globalThis as { _del?: unknown })._del;
    const operators = (fake.foundry.data as { operators?: { ForcedDeletion: new () => unknown } }).operators;
    expect(del).toBeInstanceOf(operators!.ForcedDeletion);
    expect(mergeObject({ a: { b: 1, c: 2 } }, { "a.c": del }, { applyOperators: true })).toEqual({ a: { b: 1 } });
    expect(takeGenerationRecord()).toEqual([]);
    setFakeGeneration(fake, 13);
    expect((globalThis as { _del?: unknown })._del).toBeUndefined();
    expect((fake.foundry.data as { operators?: unknown }).operators).toBeUndefined();
  });

  it("v14's ForcedReplacement carries its value: DataFieldOperator.get reads it, and returns any other value as it is", () => {
    const fake = installFoundryFake({}, "en");
    setFakeGeneration(fake, 14);
    type Operator = { get(value: unknown): unknown };
    const operators = (
      fake.foundry.data as {
        operators?: { DataFieldOperator: Operator; ForcedReplacement: Operator & (new (v: unknown) => object) };
      }
    ).operators!;
    const replaced = new operators.ForcedReplacement({ a: 1 });
    expect(operators.ForcedReplacement.get(replaced)).toEqual({ a: 1 });
    expect(operators.DataFieldOperator.get(replaced)).toEqual({ a: 1 });
    expect(operators.ForcedReplacement.get(5)).toBe(5);
    expect(JSON.parse(JSON.stringify(replaced))).toEqual({ value: { a: 1 } });
    setFakeGeneration(fake, 13);
  });

  it("v14 records a `-=key` deletion as deprecated (and still performs it); v13 does not", () => {
    const fake = installFoundryFake({}, "en");
    setFakeGeneration(fake, 14);
    expect(mergeObject({ a: 1, b: 2 }, { "-=b": null }, { performDeletions: true })).toEqual({ a: 1 });
    expect(takeGenerationRecord()).toEqual([
      "v14 deprecation: `-=key` deletion (v14: foundry.data.operators.ForcedDeletion, `_del`)",
    ]);
    setFakeGeneration(fake, 13);
    expect(mergeObject({ a: 1, b: 2 }, { "-=b": null }, { performDeletions: true })).toEqual({ a: 1 });
    expect(takeGenerationRecord()).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------ */
/*  The document workflows of the fake, each as core v13 does it (see fake-documents.ts)       */
/* ------------------------------------------------------------------------------------------ */

import { FakeI18n, installFoundryFake } from "./fake";
import { CORE_SPECIAL_STATUS_EFFECTS, CORE_STATUS_EFFECTS, dataFake, FakeItem } from "./fake-data";
import { DataModel, localizeModel, TypeDataModel } from "./fake-model";
import type { FakeDocument } from "./fake-documents";
import type { Obj } from "./fake-utils";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";

/** What the probe model and document saw, in order. */
let seen: string[] = [];

/** A subtype model: `n` 0–10; old data has `old` (a number) which migrateData moves to `n`. */
class ProbeModel extends TypeDataModel {
  static override defineSchema() {
    return { n: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 0 }) };
  }
  static override migrateData(source: Obj): Obj {
    seen.push(`model.migrateData ${JSON.stringify(source)}`);
    if (typeof source.old === "number") source.n = source.old;
    return { replaced: true };
  }
  override async _preUpdate(changes: Obj): Promise<boolean | void> {
    seen.push(`system._preUpdate ${JSON.stringify(changes.system)}`);
  }
  override async _preCreate(data: Obj): Promise<boolean | void> {
    seen.push(`system._preCreate ${JSON.stringify(data.system)}`);
  }
}

class ProbeItem extends FakeItem {
  protected override async _preUpdate(changes: Obj, options: Obj, user: never): Promise<boolean | void> {
    seen.push(`document._preUpdate ${JSON.stringify(changes.system)}`);
    return super._preUpdate(changes, options, user);
  }
}

function probeWorld() {
  const fake = installFoundryFake({}, "en");
  const config = fake.CONFIG as Record<string, Obj>;
  config.Item = { ...config.Item, documentClass: ProbeItem, dataModels: { probe: ProbeModel } };
  seen = [];
  fake.hooks.on(
    "preUpdateItem",
    (_doc: unknown, changes: unknown) => void seen.push(`hook ${JSON.stringify((changes as Obj).system)}`),
  );
  return { fake, data: dataFake(fake) };
}

describe("fake documents follow core v13's workflows", () => {
  it("construction migrates and cleans the given object IN PLACE: it becomes _source (DataModel#_initializeSource)", () => {
    probeWorld();
    const data = { name: "A", type: "probe", system: { old: 12, stray: 1 } } as Obj;
    const item = new ProbeItem(data) as FakeDocument;
    expect(item._source).toBe(data);
    expect(data.system).toEqual({ n: 10 });
    expect((item.system as { _source: Obj })._source).toBe(data.system);
  });

  it("migrateDataSafe ignores what migrateData returns (the source is migrated in place)", () => {
    probeWorld();
    const source = { old: 3 };
    expect(ProbeModel.migrateDataSafe(source)).toBe(source);
    expect(source).toEqual({ old: 3, n: 3 });
    expect(DataModel.migrateDataSafe.call(ProbeModel, source)).toBe(source);
  });

  it("update: type added, migrateData on the partial change, then _preUpdate (document, then system), then the hook — all before cleaning", async () => {
    const { data } = probeWorld();
    const item = (await ProbeItem.create({ name: "A", type: "probe", system: { n: 1 } }))!;
    seen = [];
    await item.update({ "system.old": 7 });
    expect(seen).toEqual([
      'model.migrateData {"old":7}',
      'document._preUpdate {"old":7,"n":7}',
      'system._preUpdate {"old":7,"n":7}',
      'hook {"old":7,"n":7}',
      // The commit re-initialises the document, whose new `system` model migrates its (clean)
      // source again, as core's TypeDataField#initialize builds a new model.
      'model.migrateData {"n":7}',
    ]);
    // Cleaning came after: the stored change has no `old`.
    expect(data.db.writes.at(-1)!.data[0]).toEqual({ system: { n: 7 } });
    expect(item._source.system).toEqual({ n: 7 });
  });

  it("update: NumberField cleaning clamps and rounds the change in place before validation", async () => {
    probeWorld();
    const item = (await ProbeItem.create({ name: "A", type: "probe", system: { n: 1 } }))!;
    const changes = { system: { n: 12.4 } };
    await item.update(changes);
    expect(item._source.system).toEqual({ n: 10 });
  });

  it("an invalid update shows core's error notification, writes nothing and resolves undefined", async () => {
    const { data } = probeWorld();
    const item = (await ProbeItem.create({ name: "A", type: "probe", system: { n: 1 } }))!;
    const before = data.db.writes.length;
    expect(await item.update({ system: { n: "many" } })).toBeUndefined();
    expect(data.db.writes.length).toBe(before);
    expect(data.notifications.of("error").at(-1)).toBe("validation errors:\n  system.n: must be an integer");
    expect(item._source.system).toEqual({ n: 1 });
  });

  it("an invalid creation notifies the whole validation message (Hooks.onError), not the part after the id", async () => {
    const { data } = probeWorld();
    const before = data.db.writes.length;
    expect(await ProbeItem.create({ name: "A", type: "probe", system: { n: "many" } })).toBeUndefined();
    expect(data.db.writes.length).toBe(before);
    expect(data.notifications.of("error").at(-1)).toBe("ProbeModel validation errors:\n  n: must be an integer");
  });

  it("Document.create of an array creates every document in ONE request and resolves the array", async () => {
    const { data } = probeWorld();
    const before = data.db.writes.length;
    const made = (await ProbeItem.create([
      { name: "A", type: "probe" },
      { name: "B", type: "probe" },
    ])) as unknown as FakeDocument[];
    expect(made.map((d) => d.name)).toEqual(["A", "B"]);
    expect(data.db.since(before).map((w) => [w.action, w.ids.length])).toEqual([["create", 2]]);
  });

  it("an update that only deletes a key (-=key on v13) is a change: sent, the deletion in its diff", async () => {
    const { fake, data } = probeWorld();
    setFakeGeneration(fake, 13);
    const item = (await ProbeItem.create({ name: "A", type: "probe", flags: { x: { a: 1, b: 2 } } }))!;
    const seen: unknown[] = [];
    fake.hooks.on("updateItem", (_d: unknown, diff: unknown) => void seen.push(diff));
    const before = data.db.writes.length;
    await item.update({ "flags.x.-=a": null });
    expect(data.db.writes.length).toBe(before + 1);
    expect(item._source.flags).toEqual({ x: { b: 2 } });
    expect(seen).toEqual([{ flags: { x: { "-=a": null } } }]);
    takeGenerationRecord();
  });

  it("a field's validation failure becomes an error naming each failing path (DataModelValidationFailure#asError)", () => {
    const failure = schema().validate({ wp: 11, state: "steady", flag: true, list: [] });
    expect(failure?.asError().message).toContain("wp: must be at most 10");
  });

  it("game.system is the system's whole manifest; CONFIG.User builds an unsaved user whose role decides isGM", () => {
    const { fake } = probeWorld();
    expect(fake.game.system).toMatchObject({ id: "tactica", primaryTokenAttribute: "profile.pv" });
    const User = (fake.CONFIG.User as { documentClass: new (d: Obj) => { id: string; isGM: boolean; active: boolean } })
      .documentClass;
    const roles = (globalThis as unknown as { CONST: { USER_ROLES: Record<string, number> } }).CONST.USER_ROLES;
    const player = new User({ _id: "u1", name: "P", role: roles.PLAYER });
    const assistant = new User({ _id: "u2", name: "A", role: roles.ASSISTANT });
    expect([player.id, player.isGM, player.active, assistant.isGM]).toEqual(["u1", false, false, true]);
  });

  it("an update that changes nothing sends no request and resolves undefined", async () => {
    const { data } = probeWorld();
    const item = (await ProbeItem.create({ name: "A", type: "probe", system: { n: 1 } }))!;
    const before = data.db.writes.length;
    expect(await item.update({ system: { n: 1 } })).toBeUndefined();
    expect(data.db.writes.length).toBe(before);
  });

  it("create: _preCreate sees the migrated, uncleaned data; the document was built from a copy", async () => {
    probeWorld();
    const input = { name: "A", type: "probe", system: { old: 4, stray: true } };
    const item = (await ProbeItem.create(input))!;
    expect(seen).toContain('system._preCreate {"old":4,"stray":true,"n":4}');
    expect(item._source.system).toEqual({ n: 4 });
    expect(input.system).toEqual({ old: 4, stray: true });
  });

  it("_addTypes gives the type to the top-level change only, never to embedded changes", () => {
    probeWorld();
    const source = { type: "probe" };
    const changes: Obj = { system: {}, items: [{ _id: "x", system: {} }] };
    ProbeItem.addTypes(source, changes);
    expect(changes.type).toBe("probe");
    expect((changes.items as Obj[])[0]).not.toHaveProperty("type");
  });

  it("world load: stored objects are migrated in place; an invalid one is listed in invalidDocumentIds", () => {
    const { fake, data } = probeWorld();
    const good = { _id: "good000000000001", name: "A", type: "probe", system: { old: 2 } };
    const bad = { _id: "bad0000000000001", name: "B", type: "probe", system: { n: "x" } };
    data.loadWorld({ items: [good, bad] });
    const items = fake.game.items as { get(id: string): FakeDocument | undefined; invalidDocumentIds: Set<string> };
    expect(items.get(good._id)!._source).toBe(good);
    expect(good.system).toEqual({ n: 2 });
    expect((fake.game.data as Obj).items).toEqual([good, bad]);
    expect(items.get(bad._id)).toBeUndefined();
    expect([...items.invalidDocumentIds]).toEqual([bad._id]);
  });

  it("an invalid embedded document fails a creation, but is set aside when a world loads (dropInvalidEmbedded)", async () => {
    const { fake, data } = probeWorld();
    const Actor = (fake.CONFIG.Actor as { documentClass: typeof FakeDocument }).documentClass;
    const badItem = { _id: "badItem000000001", name: "X", type: "probe", system: { n: "x" } };
    expect(await Actor.create({ name: "A", items: [badItem] })).toBeUndefined();
    expect(data.notifications.of("error").at(-1)).toMatch(/n: must be an integer/);
    data.loadWorld({ actors: [{ _id: "actor00000000001", name: "B", items: [{ ...badItem }] }] });
    const actor = (
      fake.game.actors as { get(id: string): { items: { size: number; invalidDocumentIds: Set<string> } } | undefined }
    ).get("actor00000000001")!;
    expect(actor.items.size).toBe(0);
    expect([...actor.items.invalidDocumentIds]).toEqual([badItem._id]);
  });

  it("an update commits into the same _source object, so game.data sees it", async () => {
    const { fake, data } = probeWorld();
    const stored = { _id: "item000000000001", name: "A", type: "probe", system: { n: 1 } };
    data.loadWorld({ items: [stored] });
    const item = (fake.game.items as { get(id: string): FakeDocument }).get(stored._id)!;
    await item.update({ system: { n: 5 } });
    expect(item._source).toBe(stored);
    expect(stored.system).toEqual({ n: 5 });
  });

  it("a new actor's prototype token has core's defaults: unlinked, hostile, no sight, bars on the manifest's attributes", async () => {
    const { fake } = probeWorld();
    const Actor = (fake.CONFIG.Actor as { documentClass: typeof FakeDocument }).documentClass;
    const actor = (await Actor.create({ name: "A" }))!;
    expect(actor._source.prototypeToken).toEqual({
      name: "A",
      actorLink: false,
      disposition: -1,
      sight: { enabled: false },
      bar1: { attribute: "profile.pv" },
      bar2: { attribute: null },
    });
  });

  it("toggleStatusEffect makes the effect from the status entry, its Active Effect fields (changes) included, as fromStatusEffect does", async () => {
    const { fake, data } = probeWorld();
    // A v13 status entry (v13's change shape): the self-test of the v13 fake.
    setFakeGeneration(fake, 13);
    data.setUser("gm-1");
    (fake.CONFIG.statusEffects as Obj[]).push({
      id: "probe",
      name: "Probe",
      img: "icons/svg/probe.svg",
      hud: false,
      changes: [{ key: "system.x", mode: 2, value: "-1" }],
    });
    const Actor = (fake.CONFIG.Actor as { documentClass: typeof FakeDocument }).documentClass;
    const actor = (await Actor.create({ name: "A" })) as FakeDocument & {
      toggleStatusEffect(id: string, o?: object): Promise<unknown>;
      effects: { contents: { _source: Obj }[] };
      statuses: Set<string>;
    };
    await actor.toggleStatusEffect("probe", { active: true });
    const source = actor.effects.contents[0]!._source;
    expect(source).toMatchObject({
      name: "Probe",
      img: "icons/svg/probe.svg",
      statuses: ["probe"],
      changes: [{ key: "system.x", mode: 2, value: "-1" }],
    });
    expect(source).not.toHaveProperty("hud");
    expect(source).not.toHaveProperty("id");
    expect(actor.statuses.has("probe")).toBe(true);
  });

  it("toggleStatusEffect matches as core does: a status's static _id, else effects holding exactly that one status", async () => {
    const { fake, data } = probeWorld();
    data.setUser("gm-1");
    (fake.CONFIG.statusEffects as Obj[]).push(
      { id: "probe", name: "Probe", img: "icons/svg/probe.svg" },
      { id: "fixed", _id: "fixedStatus00000", name: "Fixed", img: "icons/svg/fixed.svg" },
    );
    const Actor = (fake.CONFIG.Actor as { documentClass: typeof FakeDocument }).documentClass;
    const actor = (await Actor.create({
      name: "A",
      effects: [
        { _id: "both000000000000", name: "Two statuses", statuses: ["probe", "other"] },
        { _id: "fixedLookalike01", name: "Fixed look-alike", statuses: ["fixed"] },
      ],
    })) as FakeDocument & {
      toggleStatusEffect(id: string, o?: object): Promise<unknown>;
      effects: { contents: FakeDocument[]; get(id: string): FakeDocument | undefined };
    };
    // An effect carrying two statuses is not the status's: a new one is made beside it.
    const made = (await actor.toggleStatusEffect("probe")) as FakeDocument;
    expect(actor.effects.contents.map((e) => e.id)).toContain("both000000000000");
    expect(made._source.statuses).toEqual(["probe"]);
    expect(await actor.toggleStatusEffect("probe", { active: true })).toBe(true);
    expect(await actor.toggleStatusEffect("probe")).toBe(false);
    expect(actor.effects.get("both000000000000")).toBeDefined();
    // Forced off with nothing to remove: undefined, nothing written.
    const before = data.db.writes.length;
    expect(await actor.toggleStatusEffect("probe", { active: false })).toBeUndefined();
    expect(data.db.writes.length).toBe(before);
    // A static _id: only the effect of that id is the status's; it is created with that id (keepId).
    const fixed = (await actor.toggleStatusEffect("fixed", { overlay: true })) as FakeDocument;
    expect([fixed.id, fixed._source.flags]).toEqual(["fixedStatus00000", { core: { overlay: true } }]);
    expect(await actor.toggleStatusEffect("fixed")).toBe(false);
    expect(actor.effects.get("fixedLookalike01")).toBeDefined();
    await expect(actor.toggleStatusEffect("nope")).rejects.toThrow('Invalid status ID "nope"');
  });

  it("CONFIG holds core's status effects and their special roles", () => {
    const { fake } = probeWorld();
    expect((fake.CONFIG.statusEffects as { id: string }[]).map((e) => e.id)).toEqual(
      CORE_STATUS_EFFECTS.map((e) => e.id),
    );
    expect(fake.CONFIG.specialStatusEffects).toEqual(CORE_SPECIAL_STATUS_EFFECTS);
    expect((globalThis as unknown as { CONST: { TOKEN_DISPOSITIONS: Obj } }).CONST.TOKEN_DISPOSITIONS).toEqual({
      SECRET: -2,
      HOSTILE: -1,
      NEUTRAL: 0,
      FRIENDLY: 1,
    });
  });
});

describe("fake DataModel#updateSource", () => {
  it("cleans the change in place (clamp), validates, commits to the same _source and returns the diff", () => {
    probeWorld();
    const model = new ProbeModel({ n: 2 });
    const source = model._source;
    const changes = { n: 14 };
    expect(model.updateSource(changes)).toEqual({ n: 10 });
    expect(changes).toEqual({ n: 10 });
    expect(model._source).toBe(source);
    expect((model as unknown as { n: number }).n).toBe(10);
    expect(() => model.updateSource({ n: "x" })).toThrow(/n: must be an integer/);
    expect(model._source).toEqual({ n: 10 });
  });
});

describe("fake game.i18n (fake.ts FakeI18n)", () => {
  // A frozen language file is read through a table of its paths: the same answers as the walk key
  // by key that a file still open to change gets (Localization#localize returns the key itself
  // when no string is found, https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html).
  const frozen = new FakeI18n("fr", loadLang("fr"));
  const open = new FakeI18n("fr", structuredClone(loadLang("fr")) as Record<string, unknown>);
  const keys = flattenKeys(loadLang("fr"));

  it("localizes every key of the file the same way, frozen or not", () => {
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) expect(frozen.localize(key), key).toBe(open.localize(key));
  });

  it("answers a missing key, a branch and a malformed key with the key itself, frozen or not", () => {
    for (const key of ["TACTICA.Nope", "TACTICA", "TACTICA.Chat", "TACTICA..Chat", "", "TACTICA.Chat.x.y.z"]) {
      expect(frozen.localize(key), key).toBe(key);
      expect(open.localize(key), key).toBe(key);
      expect(frozen.has(key)).toBe(false);
    }
  });

  it("refuses a write to the shared, frozen file", () => {
    expect(() => {
      (loadLang("fr") as Record<string, unknown>).TACTICA = {};
    }).toThrow(TypeError);
  });
});

describe("fake model localisation (fake-model.ts localizeModel)", () => {
  // Localization#localizeDataModel (https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html):
  // every field reads `<prefix>.FIELDS.<path>.label` and `.hint` under each prefix, the last one
  // that has the key winning. What a model reads from a frozen file is cached per worker and
  // replayed: these hold the replay to a fresh reading in every case that could tell them apart.
  const freeze = <T extends object>(value: T): T => {
    for (const inner of Object.values(value)) if (inner && typeof inner === "object") freeze(inner as object);
    return Object.freeze(value);
  };
  const file = (a: string, b: string) =>
    freeze({
      P: {
        A: { FIELDS: { wp: { label: `wp ${a}` }, state: { label: `state ${a}` } } },
        B: { FIELDS: { wp: { label: `wp ${b}`, hint: `hint ${b}` } } },
      },
    });
  const first = file("A1", "B1");
  const second = file("A2", "B2");
  const probe = () =>
    class extends DataModel {
      static override defineSchema() {
        return { wp: new NumberField(), state: new StringField() };
      }
      static override LOCALIZATION_PREFIXES = ["P.A", "P.B"];
    };
  const labels = (model: typeof DataModel) => ({
    wp: model.schema.get("wp")?.label,
    hint: model.schema.get("wp")?.hint,
    state: model.schema.get("state")?.label,
  });

  it("follows the language of each world: one file, another, then the first again", () => {
    const model = probe();
    localizeModel(model, new FakeI18n("fr", first));
    expect(labels(model)).toEqual({ wp: "wp B1", hint: "hint B1", state: "state A1" });
    localizeModel(model, new FakeI18n("en", second));
    expect(labels(model)).toEqual({ wp: "wp B2", hint: "hint B2", state: "state A2" });
    localizeModel(model, new FakeI18n("fr", first));
    expect(labels(model)).toEqual({ wp: "wp B1", hint: "hint B1", state: "state A1" });
  });

  it("reads the prefixes as they are now: reassigned, then reversed in place", () => {
    const model = probe();
    const i18n = new FakeI18n("fr", first);
    localizeModel(model, i18n);
    model.LOCALIZATION_PREFIXES = ["P.B", "P.A"];
    localizeModel(model, i18n);
    expect(labels(model)).toEqual({ wp: "wp A1", hint: "hint B1", state: "state A1" });
    model.LOCALIZATION_PREFIXES.reverse();
    localizeModel(model, i18n);
    expect(labels(model).wp).toBe("wp B1");
  });

  it("reads a file still open to change afresh, and leaves a field whose key is gone as it was", () => {
    const model = probe();
    const open = structuredClone(first) as { P: { B: { FIELDS: { wp: { label?: string } } } } };
    const i18n = new FakeI18n("fr", open);
    localizeModel(model, i18n);
    open.P.B.FIELDS.wp.label = "changed";
    localizeModel(model, i18n);
    expect(labels(model).wp).toBe("changed");
    delete open.P.B.FIELDS.wp.label;
    localizeModel(model, i18n);
    expect(labels(model).wp).toBe("wp A1");
    localizeModel(model, new FakeI18n("fr", freeze({ P: {} })));
    expect(labels(model)).toEqual({ wp: "wp A1", hint: "hint B1", state: "state A1" });
  });

  it("localises a model met after the cache was filled", () => {
    localizeModel(probe(), new FakeI18n("en", second));
    const later = probe();
    expect(labels(later).wp).toBe(""); // a field's label before localisation
    localizeModel(later, new FakeI18n("en", second));
    expect(labels(later)).toEqual({ wp: "wp B2", hint: "hint B2", state: "state A2" });
  });

  it("gives a world's data models the labels of its language, world after world", async () => {
    const { loadWorld } = await import("./world");
    const label = async (lang: "fr" | "en") => {
      const { fake } = await loadWorld(lang);
      expect(fake.game.i18n.lang).toBe(lang);
      const config = globalThis as { CONFIG?: { Actor?: { dataModels?: Record<string, typeof DataModel> } } };
      const models = config.CONFIG?.Actor?.dataModels;
      return models?.character?.schema.getField("willpower.value")?.label;
    };
    expect(await label("fr")).toBe("Points de Volonté");
    expect(await label("en")).toBe("Willpower points");
    expect(await label("fr")).toBe("Points de Volonté");
  });
});

import { describe, expect, it, vi } from "vitest";
import { dataFake } from "./fake-data";
import { isFakeV14 } from "./fake-generation";
import { loadWorld, sourceOf, type LoadedWorld } from "./world";
import { oldWorld, withStoredWorld } from "./data-fixtures";
import { SCHEMA_VERSION } from "../../src/data/migration/steps";

// Migrations on old-shape fixtures. As in Foundry v13 the world's stored objects are migrated and
// cleaned IN PLACE as they load (the fake does the same): the document-level migrateData keeps
// what the schema would drop in flags.tactica.legacy and records what it changed; the active GM
// then writes exactly that on ready (one write per document, only the changed keys, from the
// current source), and records the schema version only when every document was written.

const schemaVersion = (world: LoadedWorld) => world.fake.settings.get("tactica", "schemaVersion");
const actorNamed = (world: LoadedWorld, name: string) =>
  [...(world.fake.game.actors as Iterable<{ name: string }>)].find((a) => a.name === name)!;
const itemNamed = (world: LoadedWorld, name: string) =>
  [...(world.fake.game.items as Iterable<{ name: string }>)].find((a) => a.name === name)!;

async function migratedWorld(): Promise<LoadedWorld> {
  const world = await loadWorld("fr", withStoredWorld(oldWorld()));
  await vi.waitFor(() => expect(schemaVersion(world)).toBe(SCHEMA_VERSION));
  return world;
}

describe("old data loads before any migration (migrateData, in place)", () => {
  it("reads old shapes into the current ones, derived values included", async () => {
    const world = await loadWorld("fr", withStoredWorld(oldWorld(), "player-1"));
    const veteran = sourceOf(actorNamed(world, "Vétéran")).system as Record<string, unknown>;
    expect(veteran).toMatchObject({
      profile: { mou: { value: 4, pressure: 0 }, co: { value: 7 }, pv: { value: 8, max: 8 } },
      aptitudes: { puissance: { value: 4, damage: 0 } },
      willpower: { value: 3 },
      morale: { fearPassed: 0, unshakeable: false, moraleTested: false },
      exhaustion: 2,
    });
    // D-41: no stored morale state any more (the condition is it): the old one is set aside.
    expect(sourceOf(actorNamed(world, "Vétéran")).system).not.toHaveProperty("morale.state");
    expect(schemaVersion(world)).toBe(0); // a player: no migration
    expect(world.data.db.writes).toEqual([]);
  });

  it("keeps what the schema drops in flags.tactica.legacy, although the stored objects are cleaned in place (M6)", async () => {
    const stored = oldWorld();
    const world = await loadWorld("fr", withStoredWorld(stored, "player-1"));
    // The stored object IS the document's source: cleaned, the unknown key gone from `system`…
    expect(stored.actors[0]!.system).not.toHaveProperty("notes");
    // …and kept, with what it changed recorded for the GM's write.
    expect(sourceOf(actorNamed(world, "Vétéran")).flags).toMatchObject({
      other: { keep: true },
      tactica: {
        legacy: { notes: "gardé par la migration", epuisement: 2, moraleState: "panicked" },
        migration: { legacy: ["epuisement", "notes", "moraleState"] },
      },
    });
    expect(sourceOf(itemNamed(world, "Arme étrange")).flags).toMatchObject({
      tactica: { legacy: { attributesText: "Portée deux" } },
    });
  });
});

describe("world migration by the active GM on ready", () => {
  it("writes every old document once, with a progress notification, and records the version", async () => {
    const world = await migratedWorld();
    const writes = world.data.db.writes;
    expect(
      writes
        .filter((w) => w.action === "update")
        .map((w) => `${w.action} ${w.documentName} ${w.ids.join()}`)
        .sort(),
    ).toEqual(
      [
        "update Actor oldActor00000001",
        "update Actor oldUnit000000001",
        "update Item oldField00000001",
        "update Item oldOdd0000000001",
        "update Item oldHammer0000001",
        "update Item oldCannon0000001",
      ].sort(),
    );
    const start = world.data.notifications.messages.find((m) => m.message.includes(`version ${SCHEMA_VERSION}`));
    expect(start?.progress.at(-1)).toBe(1);
    // D-41: the stored morale state became the veteran's condition (an effect of its own).
    expect(writes.filter((w) => w.action === "create").map((w) => `${w.documentName} ${w.parentId}`)).toEqual([
      "ActiveEffect oldActor00000001",
    ]);
    expect(world.data.notifications.of("info").at(-1)).toBe("Données Tactica à jour. Documents mis à jour\u00a0: 6.");
  });

  it("writes only the keys the migration changed, from the current source, embedded items in the actor's write (S-6)", async () => {
    const world = await migratedWorld();
    const actorWrite = world.data.db.writes.find((w) => w.ids[0] === "oldActor00000001")!.data[0]!;
    expect(Object.keys(actorWrite.system as object).sort()).toEqual([
      "aptitudes",
      "exhaustion",
      "morale",
      "profile",
      "subAptitudes",
      "willpower",
    ]);
    expect(actorWrite.system).toMatchObject({
      profile: { mou: { value: 4 }, pv: { value: 8, max: 8 } },
      willpower: { value: 3 },
      exhaustion: 2,
    });
    const items = actorWrite.items as { _id: string; system: Record<string, unknown> }[];
    expect(items.find((i) => i._id === "oldItem000000001")?.system).toEqual({
      attributes: [
        { key: "range", x: 2, y: 4, self: false, focused: false, score: "", aptitude: "", kind: "" },
        { key: "inaccurate", x: 1, y: null, self: false, focused: false, score: "", aptitude: "", kind: "" },
      ],
    });
    expect(items.find((i) => i._id === "oldItem000000002")?.system).toEqual({ gearBonus: 1, pressureTarget: "mou" });
    expect(sourceOf(itemNamed(world, "Champ")).system).toMatchObject({ renfort: { value: 3, max: 3 } });
    expect(sourceOf(actorNamed(world, "Escouade")).system).toMatchObject({ strength: { start: 10, current: 10 } });
  });

  it("never drops what it does not know: unknown keys, renamed keys and unreadable text are written to flags.tactica.legacy", async () => {
    const world = await migratedWorld();
    const veteran = sourceOf(actorNamed(world, "Vétéran"));
    expect(veteran.flags).toEqual({
      other: { keep: true },
      tactica: { legacy: { notes: "gardé par la migration", epuisement: 2, moraleState: "panicked" } },
    });
    const odd = sourceOf(itemNamed(world, "Arme étrange"));
    expect(odd.system).toMatchObject({ attributes: [] });
    expect(odd.flags).toEqual({ tactica: { legacy: { attributesText: "Portée deux" } } });
    const oddWrite = world.data.db.writes.find((w) => w.ids[0] === "oldOdd0000000001")!.data[0]!;
    // The record is deleted in the running generation's form: `-=key` on v13, v14's `_del` operator.
    const operator = (globalThis as { _del?: unknown })._del;
    expect(operator === undefined).toBe(!isFakeV14());
    const deletion = isFakeV14() ? { migration: operator } : { "-=migration": null };
    expect(oddWrite.flags).toEqual({ tactica: { legacy: { attributesText: "Portée deux" }, ...deletion } });
  });

  it("is idempotent: a second run (forced) writes nothing and leaves every document as it was", async () => {
    const world = await migratedWorld();
    const docs = () =>
      [...(world.fake.game.actors as Iterable<unknown>), ...(world.fake.game.items as Iterable<unknown>)].map(sourceOf);
    const after = docs();
    const { migrateWorld, migrationUpdate } = await import("../../src/migrations/index");
    const writes = await world.writesDuring(() => migrateWorld({ force: true }));
    expect(writes).toEqual([]);
    expect(docs()).toEqual(after);
    for (const source of after) expect(migrationUpdate(source)).toBeNull();
  });

  it("does nothing when the world is already current", async () => {
    const world = await migratedWorld();
    const { migrateWorld } = await import("../../src/migrations/index");
    const writes = await world.writesDuring(async () => expect(await migrateWorld()).toBeNull());
    expect(writes).toEqual([]);
  });

  it("stamps a fresh world with the current version, silently: nothing to migrate, nothing written", async () => {
    const world = await loadWorld("fr", (fake) => dataFake(fake).setUser("gm-1"));
    await vi.waitFor(() => expect(schemaVersion(world)).toBe(SCHEMA_VERSION));
    expect(world.data.db.writes).toEqual([]);
    expect(world.data.notifications.messages).toEqual([]);
  });

  it("stamps a world whose stored data is already current, silently", async () => {
    const current = { actors: [{ _id: "newActor00000001", name: "Kara", type: "character", system: {} }], items: [] };
    const world = await loadWorld("fr", withStoredWorld(current));
    await vi.waitFor(() => expect(schemaVersion(world)).toBe(SCHEMA_VERSION));
    expect(world.data.db.writes).toEqual([]);
    expect(world.data.notifications.messages).toEqual([]);
  });
});

describe("step 3: a hit's damage is the FOR (D-35), the morale state is the condition (D-41)", () => {
  it("moves a stored damage into a FOR of 0, keeps a FOR already set, and keeps the damage value in legacy", async () => {
    const world = await migratedWorld();
    const hammer = sourceOf(itemNamed(world, "Marteau"));
    expect(hammer.system).toMatchObject({ strength: 4 });
    expect(hammer.system).not.toHaveProperty("damage");
    expect(hammer.flags).toEqual({ tactica: { legacy: { damage: 4 } } });
    const cannon = sourceOf(itemNamed(world, "Canon"));
    expect(cannon.system).toMatchObject({ strength: 3 });
    expect(cannon.flags).toEqual({ tactica: { legacy: { damage: 6 } } });
    const hammerWrite = world.data.db.writes.find((w) => w.ids[0] === "oldHammer0000001")!.data[0]!;
    expect(hammerWrite.system).toEqual({ strength: 4 });
  });

  it("never moves a damage already kept in legacy again: a FOR the GM set to 0 since stays 0", async () => {
    const stored = {
      items: [
        {
          _id: "keptHammer000001",
          name: "Marteau",
          type: "weapon",
          system: { damage: 4, strength: 0 },
          flags: { tactica: { legacy: { damage: 4 } } },
        },
      ],
      actors: [],
    };
    const world = await loadWorld("fr", withStoredWorld(stored));
    await vi.waitFor(() => expect(schemaVersion(world)).toBe(SCHEMA_VERSION));
    expect(sourceOf(itemNamed(world, "Marteau")).system).toMatchObject({ strength: 0 });
    expect(world.data.db.writes).toEqual([]);
  });

  it("gives the condition of a stored morale state to an actor that lacks it, and none for calm", async () => {
    const world = await migratedWorld();
    const veteran = actorNamed(world, "Vétéran") as unknown as {
      statuses: Set<string>;
      system: { morale: { state: string } };
    };
    expect([...veteran.statuses]).toEqual(["panicked"]);
    expect(veteran.system.morale.state).toBe("panicked");
    const unit = actorNamed(world, "Escouade") as unknown as { statuses: Set<string> };
    expect(unit.statuses.size).toBe(0);
  });

  it("refuses an update that still writes a damage value or a morale state, naming it", async () => {
    const world = await migratedWorld();
    const hammer = itemNamed(world, "Marteau") as unknown as { update(d: object): Promise<unknown> };
    const errors = await world.errorsDuring(async () =>
      expect(await hammer.update({ system: { damage: 7 } })).toBeUndefined(),
    );
    expect(errors).toEqual([
      "«\u00a0system.damage\u00a0» n'existe plus\u00a0: mise à jour refusée. Une arme fait autant de dégâts que sa FOR\u202f; l'état de moral est la condition de l'acteur (Panique, Retraite, Terreur).",
    ]);
  });
});

describe("migration steps", () => {
  it("are idempotent on every fixture", async () => {
    await loadWorld();
    const { migrateSystem } = await import("../../src/data/migration/steps");
    const fixtures = oldWorld();
    const all = [
      ...fixtures.actors.map((a) => ["Actor", a.type, a.system, a.name] as const),
      ...fixtures.actors.flatMap((a) => (a.items ?? []).map((i) => ["Item", i.type, i.system, i.name] as const)),
      ...fixtures.items.map((i) => ["Item", i.type, i.system, i.name] as const),
    ];
    for (const [doc, type, system, name] of all) {
      const once = structuredClone(system) as Record<string, unknown>;
      // The Canon's damage is only set aside (its FOR is kept): the document-level migration does that.
      expect(migrateSystem(doc, type, once), name).toBe(name !== "Canon");
      const twice = structuredClone(once);
      expect(migrateSystem(doc, type, twice)).toBe(false);
      expect(twice).toEqual(once);
    }
  });
});

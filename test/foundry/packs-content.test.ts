import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readManifest } from "../../scripts/manifest";
import { readPackSources, type PackManifest } from "../../scripts/packs";
import { loadWorld, systemAs, type LoadedWorld } from "./world";

// The compendium documents as Foundry would load them — through the registered data
// models of the real entry, in the Foundry fake. `_key` is a build-time field the Foundry CLI
// consumes, so it is removed as the CLI does before a document reaches Foundry.

type Obj = Record<string, unknown>;
const root = path.join(process.cwd(), "packs", "_source");
const manifest = readManifest();
const docs = (name: string): Obj[] =>
  readPackSources(root, manifest.packs.find((p) => p.name === name) as PackManifest).map((s) => withoutKeys(s.doc));

/** The document without the CLI's `_key` fields (top level and embedded). */
function withoutKeys(doc: Obj): Obj {
  const { _key: _ignored, ...rest } = doc;
  for (const field of ["items", "results", "pages", "effects"]) {
    if (Array.isArray(rest[field])) rest[field] = (rest[field] as Obj[]).map(withoutKeys);
  }
  return rest;
}

let world: LoadedWorld;
beforeEach(async () => {
  world = await loadWorld();
});

const actorNamed = (name: string) => docs("actors").find((a) => String(a.name).startsWith(name))!;

interface Derived {
  build?: { complete: boolean };
  psyker?: { mastery: number };
  attacks?: { subAptitude: string; score: number }[];
  gainsWillpower?: boolean;
  coForTests?: number;
  strength?: { start: number; current: number };
  armour?: unknown;
}

describe("sample actors load through the data models", () => {
  it.each(["actors", "actors-en"])("%s: every actor is created without an error, with all its items", async (pack) => {
    for (const source of docs(pack)) {
      const errors = await world.errorsDuring(async () => {
        const actor = await world.createActor(structuredClone(source));
        expect(actor.type).toBe(source.type);
        expect(actor.items.size, String(source.name)).toBe((source.items as Obj[]).length);
        // The stored data is what the pack holds: nothing was cleaned away or clamped.
        expect(actor.toObject().system).toEqual(expect.objectContaining(source.system as Obj));
      });
      expect(errors).toEqual([]);
    }
  });

  it("the psyker: mastery 2, as many powers as her mastery (RULES §4), a complete 15 / 12 build", async () => {
    const actor = await world.createActor(structuredClone(actorNamed("Ilse")));
    const system = systemAs<Derived>(actor);
    expect(system.psyker?.mastery).toBe(2);
    expect(actor.items.filter((i) => i.type === "power")).toHaveLength(2);
    expect(system.build?.complete).toBe(true);
  });

  it("the steam-gear fighter: a complete build and attack scores for both linked weapons", async () => {
    const actor = await world.createActor(structuredClone(actorNamed("Brann")));
    const system = systemAs<Derived>(actor);
    expect(system.build?.complete).toBe(true);
    // Puissance 5 + Robustesse 4 for the heavy hammer and the heavy cannon.
    expect(system.attacks?.filter((a) => a.subAptitude === "robustesse").map((a) => a.score)).toEqual([9, 9]);
  });

  it("the npc never gains WP and has a complete build", async () => {
    const actor = await world.createActor(structuredClone(docs("actors").find((a) => a.type === "npc")!));
    const system = systemAs<Derived>(actor);
    expect(system.gainsWillpower).toBe(false);
    expect(system.build?.complete).toBe(true);
  });

  it("the neophyte unit: five figures, its CO for tests, its one power", async () => {
    const actor = await world.createActor(structuredClone(docs("actors").find((a) => a.type === "unit")!));
    const system = systemAs<Derived>(actor);
    expect(system.strength).toEqual({ start: 5, current: 5 });
    expect(system.coForTests).toBe(6);
    expect(actor.items.filter((i) => i.type === "power")).toHaveLength(1);
  });
});

describe("compendium items load through the data models", () => {
  it.each(["equipment", "equipment-en", "powers", "powers-en"])(
    "%s: every item is created without an error",
    async (pack) => {
      for (const source of docs(pack)) {
        const errors = await world.errorsDuring(async () => {
          const item = await world.createItem(structuredClone(source));
          expect(item?.name).toBe(source.name);
          expect(item?.toObject().system).toEqual(expect.objectContaining(source.system as Obj));
        });
        expect(errors).toEqual([]);
      }
    },
  );
});

describe("the panic table against the loaded system", () => {
  it.each(["tables", "tables-en"])(
    "%s: each result's condition is a registered status effect; destroyed sets none",
    (pack) => {
      const config = world.fake.CONFIG as {
        TACTICA: { panicResults: Record<string, { status: string | null }> };
        statusEffects: { id: string }[];
      };
      const registered = config.statusEffects.map((s) => s.id);
      const results = (docs(pack)[0]!.results as { flags: { tactica: { panicResult: string } } }[]).map(
        (r) => r.flags.tactica.panicResult,
      );
      expect(results).toEqual(["hold", "retreat", "terror", "destroyed"]);
      for (const key of results) {
        const status = config.TACTICA.panicResults[key]?.status;
        if (key === "destroyed") expect(status).toBeNull();
        else expect(registered).toContain(status);
      }
    },
  );
});

// The in-Foundry self-test (src/contract/quench.ts) imports these packs; it runs only inside a real Foundry
// with Quench. Here: that it registers nothing without Quench, and what it registers with it.
describe("Quench self-test registration", () => {
  type Registered = { key: string; fn: (context: unknown) => void; displayName?: string };
  const fakeQuench = (registered: Registered[]) => ({
    registerBatch: (key: string, fn: (context: unknown) => void, options?: { displayName?: string }) =>
      registered.push({ key, fn, displayName: options?.displayName }),
  });
  const setQuenchModule = (active: boolean | null) => {
    world.fake.game.modules = new Map(active === null ? [] : [["quench", { active }]]);
  };

  // The entry registers the self-test on init (src/tactica.ts, src/hooks/quench.ts); these tests only
  // fire Quench's hook. The batches are a chunk of their own, loaded by a dynamic import once the
  // hook fires: registration follows a moment later.
  it.each([null, false])("registers nothing when the Quench module is %s, even if the hook fires", async (state) => {
    setQuenchModule(state);
    const registered: Registered[] = [];
    world.fake.hooks.callAll("quenchReady", fakeQuench(registered));
    // Long enough for the dynamic import to have registered, had it been started.
    await import("../../src/contract/quench");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registered).toEqual([]);
  });

  it("registers nothing before Quench announces itself", async () => {
    setQuenchModule(true);
    const registered: Registered[] = [];
    const quench = fakeQuench(registered);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registered).toEqual([]);
    world.fake.hooks.callAll("quenchReady", quench);
    await vi.waitFor(() => expect(registered.length).toBeGreaterThan(0));
  });

  it("counts, in its pack batch, the documents every pack of the manifest holds", async () => {
    const { PACK_COUNTS } = await import("../../src/contract/quench");
    expect(PACK_COUNTS).toEqual(Object.fromEntries(manifest.packs.map((p) => [p.name, docs(p.name).length])));
  });

  it("with Quench active, registers each batch once under its key, and each declares its tests", async () => {
    const { QUENCH_BATCHES } = await import("../../src/contract/quench");
    setQuenchModule(true);
    const registered: Registered[] = [];
    world.fake.hooks.callAll("quenchReady", fakeQuench(registered));
    world.fake.hooks.callAll("quenchReady", fakeQuench(registered));
    await vi.waitFor(() => expect(registered.length).toBeGreaterThan(0));
    expect(registered.map((r) => r.key)).toEqual([
      "tactica.packs",
      "tactica.rolls",
      "tactica.pressure",
      "tactica.psy",
      "tactica.morale",
      "tactica.damage",
      "tactica.contract",
    ]);
    for (const batch of registered) {
      expect(batch.displayName).toBe(QUENCH_BATCHES[batch.key as keyof typeof QUENCH_BATCHES]);
      // Collect the Mocha tree the batch declares, without running any test.
      const tests: string[] = [];
      const hooks: string[] = [];
      batch.fn({
        describe: (_name: string, fn: () => void) => fn(),
        it: (name: string) => tests.push(name),
        before: () => hooks.push("before"),
        after: () => hooks.push("after"),
        assert: {},
      });
      expect(tests.length, batch.key).toBeGreaterThan(0);
      // Contract suites delete what they create inside each test (src/contract/index.ts).
      if (batch.key !== "tactica.contract") expect(hooks, `${batch.key} cleans up what it creates`).toContain("after");
    }
  });
});

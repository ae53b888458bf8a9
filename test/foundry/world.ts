/**
 * Test helpers: load the real entry module into a fresh Foundry fake and create documents with
 * the registered (Tactica) document classes.
 *
 * Each `loadWorld` installs a NEW fake (a fresh world: collections, database writes,
 * notifications, settings, hooks, users and `game.user` all start over) and fires `init` →
 * `ready` on it. The entry module itself is imported once, by the first `loadWorld` of a vitest
 * worker (test files share their worker's modules, see vitest.config.ts): its import registers
 * hooks (`init`, `ready`), and every later `loadWorld` registers those same handlers on the new
 * fake before firing the lifecycle, which is what importing it again would do, without paying
 * for the import. Module-level state in src that outlives a world is harmless by construction:
 * executors registered again are the same, locks are released when their action settles,
 * per-combat memories are keyed by random ids, and the tracker singleton is closed by the new
 * fake.
 *
 * The fake's documents are typed here as the system's own classes (TacticaActor, TacticaItem):
 * at run time they ARE those classes over the fake base. The casts that bridge the fake and
 * fvtt-types live in this file only.
 */
import { loadLang } from "../helpers/lang";
import { fireLifecycle, installFoundryFake, type FakeFoundry } from "./fake";
import { dataFake, type DataFake } from "./fake-data";
import { asClient } from "./fake-world";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaItem } from "../../src/documents/item";
import type * as DataModule from "../../src/data/index";

type Obj = Record<string, unknown>;

export interface LoadedWorld {
  fake: FakeFoundry;
  data: DataFake;
  /** src/data/index.ts as the loaded entry sees it (same module instances). */
  models: typeof DataModule;
  createActor(source: Obj): Promise<TacticaActor>;
  createItem(source: Obj): Promise<TacticaItem | undefined>;
  /** Database requests made while `action` runs. */
  writesDuring(action: () => Promise<unknown>): Promise<DataFake["db"]["writes"]>;
  /** Error notifications shown while `action` runs. */
  errorsDuring(action: () => Promise<unknown>): Promise<string[]>;
}

/** What importing the entry registered on the fake's hooks, to register again on each new fake. */
let entryHooks: ReturnType<FakeFoundry["hooks"]["registrations"]> | undefined;

interface Creatable {
  create(source: Obj, operation?: Obj): Promise<unknown>;
}

/**
 * A fresh fake with the real entry loaded and `init` → `ready` fired. `before` sets the fake up
 * before the entry loads; `modules` is what an active module's script does when it runs — after
 * the system's script, before `init` (Foundry loads the system's scripts first: manual check
 * "the system's script runs before the modules' scripts").
 */
export async function loadWorld(
  lang: "fr" | "en" = "fr",
  before?: (fake: FakeFoundry) => void,
  modules?: (fake: FakeFoundry) => void,
): Promise<LoadedWorld> {
  const fake = installFoundryFake(loadLang(lang), lang);
  before?.(fake);
  if (entryHooks === undefined) {
    const already = new Set(fake.hooks.registrations().map((r) => r.fn));
    await import("../../src/tactica");
    entryHooks = fake.hooks.registrations().filter((r) => !already.has(r.fn));
  } else {
    for (const { event, fn, once } of entryHooks) {
      if (once) fake.hooks.once(event, fn);
      else fake.hooks.on(event, fn);
    }
  }
  const models = await import("../../src/data/index");
  modules?.(fake);
  fireLifecycle(fake);
  const data = dataFake(fake);
  const classOf = (name: string) => (fake.CONFIG[name] as { documentClass: Creatable }).documentClass;
  return {
    fake,
    data,
    models,
    // The world is set up by its GM (players may not create world actors or items: fake-documents.ts).
    createActor: async (source) => (await asGM(data, () => classOf("Actor").create(source))) as TacticaActor,
    createItem: async (source) => (await asGM(data, () => classOf("Item").create(source))) as TacticaItem | undefined,
    async writesDuring(action) {
      const from = data.db.writes.length;
      await action();
      return data.db.since(from);
    },
    async errorsDuring(action) {
      const from = data.notifications.messages.length;
      await action();
      return data.notifications.messages
        .slice(from)
        .filter((m) => m.type === "error")
        .map((m) => m.message);
    },
  };
}

/** Runs `fn` on the client of the world's first GM (`gm-1`). */
export function asGM<T>(data: DataFake, fn: () => T): T {
  return asClient(data.users.get("gm-1")!, fn);
}

/** The source of a document (`_source`), for "nothing changed" checks. */
export function sourceOf(doc: unknown): Obj {
  return structuredClone((doc as { _source: Obj })._source);
}

/**
 * `doc.update(data)` with data the typed API refuses on purpose: invalid values, attribute text,
 * flat `"system.x"` keys (which Foundry accepts and expands).
 */
export function updateUntyped(doc: unknown, data: Obj): Promise<unknown> {
  return (doc as { update(data: Obj): Promise<unknown> }).update(data);
}

/** A document's `system`, read as `T` (tests know the subtype they created). */
export function systemAs<T>(doc: unknown): T {
  return (doc as { system: T }).system;
}

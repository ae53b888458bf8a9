/**
 * Part of the Foundry FAKE (see fake.ts): the data layer — `foundry.utils`, `foundry.data.fields`,
 * `foundry.abstract.DataModel`/`TypeDataModel`, the document classes (`Actor`, `Item`,
 * `ActiveEffect`, `ChatMessage`) with their world collections, users (a GM `gm-1` and the current
 * user `player-1`, both active), `ui.notifications` (recorded) and a database that counts writes.
 * Field labels are localised from `LOCALIZATION_PREFIXES` on `i18nInit`, as Foundry does.
 *
 * What each piece covers and leaves out is written at the top of its file: fake-utils.ts,
 * fake-fields.ts, fake-model.ts, fake-documents.ts, fake-document-types.ts.
 */
import type { FakeFoundry } from "./fake";
import { ArrayField, DataField, ObjectField, SchemaField } from "./fake-fields";
import { BooleanField, HTMLField, NumberField, StringField } from "./fake-fields-scalar";
import { DataModel, TypeDataModel, localizeModel } from "./fake-model";
import { FakeDocument } from "./fake-documents";
import {
  FakeCollection,
  FakeDatabase,
  FakeNotifications,
  FakeUser,
  FakeUsers,
  OWNERSHIP,
  setWorld,
  type FakeWorld,
} from "./fake-world";
import { EFFECT_MODES, FakeActiveEffect, FakeActor, FakeChatMessage, FakeItem } from "./fake-document-types";
import { deepClone, fakeUtils, type Obj } from "./fake-utils";

export { FakeActor, FakeItem, FakeActiveEffect, FakeChatMessage, FakeDocument, DataModel, TypeDataModel };

/** What a test reaches through {@link dataFake}. */
export interface DataFake {
  world: FakeWorld;
  db: FakeDatabase;
  notifications: FakeNotifications;
  users: FakeUsers;
  /** Makes `id` the current user (`game.user`). */
  setUser(id: string): void;
  /** Loads raw stored documents as a world does (no write): `game.data` keeps the raw sources. */
  loadWorld(data: { actors?: Obj[]; items?: Obj[] }): void;
}

const INSTALLED = new WeakMap<FakeFoundry, DataFake>();

/** The `foundry.data.fields` namespace as the fake provides it. */
const fakeFields = { DataField, SchemaField, ArrayField, ObjectField, BooleanField, NumberField, StringField, HTMLField };

/** The data part of an installed fake. */
export function dataFake(fake: FakeFoundry): DataFake {
  const data = INSTALLED.get(fake);
  if (!data) throw new Error("installDataFake has not run for this fake");
  return data;
}

/**
 * Installs the fields and models only (`foundry.utils`, `foundry.data.fields`,
 * `foundry.abstract`) on `target` — what evaluating the data models needs, e.g. for the pack
 * checks at build time (scripts/pack-checks.ts).
 */
export function installDataLayer(target: { foundry?: Record<string, unknown> } = globalThis as { foundry?: Record<string, unknown> }): void {
  const foundry = (target.foundry ??= {}) as Record<string, Record<string, unknown>>;
  foundry.utils = Object.assign(foundry.utils ?? {}, fakeUtils);
  foundry.data = Object.assign(foundry.data ?? {}, { fields: fakeFields });
  foundry.abstract = Object.assign(foundry.abstract ?? {}, { DataModel, TypeDataModel, Document: FakeDocument });
}

function loadWorld(world: FakeWorld, game: Obj, data: { actors?: Obj[]; items?: Obj[] }): void {
  const raw = (game.data ??= {}) as Obj;
  for (const [name, key, cls] of [["Actor", "actors", FakeActor], ["Item", "items", FakeItem]] as const) {
    const sources = data[key] ?? [];
    raw[key] = deepClone(sources);
    const Impl = (world.config[name]!.documentClass as typeof FakeDocument | undefined) ?? cls;
    for (const source of sources) {
      const doc = new Impl(deepClone(source));
      world.collections[name]!.set(doc._id!, doc);
      doc.prepareData();
    }
  }
}

export function installDataFake(fake: FakeFoundry): void {
  installDataLayer(fake as unknown as { foundry: Record<string, unknown> });
  const config = fake.CONFIG as Record<string, Obj>;
  config.Actor = { ...config.Actor, documentClass: FakeActor };
  config.Item = { ...config.Item, documentClass: FakeItem };
  config.ChatMessage = { ...config.ChatMessage, documentClass: FakeChatMessage };
  config.ActiveEffect = { documentClass: FakeActiveEffect };
  const users = new FakeUsers("User");
  users.set("gm-1", new FakeUser("gm-1", "Gamemaster", true));
  users.set("player-1", new FakeUser("player-1", "Player", false));
  const collections = {
    Actor: new FakeCollection<FakeDocument>("Actor"),
    Item: new FakeCollection<FakeDocument>("Item"),
    ChatMessage: new FakeCollection<FakeDocument>("ChatMessage"),
  };
  const notifications = new FakeNotifications();
  const world: FakeWorld = {
    config,
    db: new FakeDatabase(),
    users,
    user: users.get("player-1")!,
    collections,
    hooks: fake.hooks,
    localize: (key) => fake.game.i18n.localize(key),
  };
  setWorld(world);
  Object.assign(fake.game, { users, user: world.user, actors: collections.Actor, items: collections.Item, messages: collections.ChatMessage, data: {} });
  Object.assign(fake.foundry.documents, { Actor: FakeActor, Item: FakeItem, ActiveEffect: FakeActiveEffect, ChatMessage: FakeChatMessage });
  Object.assign(globalThis, {
    Actor: FakeActor,
    Item: FakeItem,
    ActiveEffect: FakeActiveEffect,
    ChatMessage: FakeChatMessage,
    ui: { notifications },
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, ACTIVE_EFFECT_MODES: EFFECT_MODES },
  });
  // Foundry localises every registered model's field labels once languages are ready.
  fake.hooks.on("i18nInit", () => {
    for (const name of ["Actor", "Item", "ChatMessage"]) {
      const models = (config[name]?.dataModels ?? {}) as Record<string, typeof DataModel>;
      const i18n = fake.game.i18n;
      for (const model of Object.values(models)) localizeModel(model, (key) => (i18n.has(key) ? i18n.localize(key) : undefined));
    }
  });
  INSTALLED.set(fake, {
    world,
    db: world.db,
    notifications,
    users,
    setUser(id) {
      world.user = users.get(id)!;
      fake.game.user = world.user;
    },
    loadWorld: (data) => loadWorld(world, fake.game, data),
  });
}

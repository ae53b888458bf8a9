/**
 * Part of the Foundry FAKE (see fake.ts): the data layer — `foundry.utils`, `foundry.data.fields`,
 * `foundry.abstract.DataModel`/`TypeDataModel`, the document classes (`Actor`, `Item`,
 * `ActiveEffect`, `ChatMessage`, `User`) with their world collections, users (a GM `gm-1` and the
 * current user `player-1`, both active), `ui.notifications` (recorded), `CONST`, and a database
 * that counts writes. What each piece covers and leaves out is written at the top of its file:
 * fake-utils.ts, fake-fields.ts, fake-model.ts, fake-documents.ts, fake-document-types.ts.
 *
 * Behaviours:
 * - `CONFIG.statusEffects` starts with core's statuses (`{id, name, img}`) and
 *   `CONFIG.specialStatusEffects` with core's roles. Source:
 *   https://foundryvtt.com/api/v13/variables/CONFIG.html; foundryvtt/crucible
 *   `module/config/statuses.mjs`. Contract: none — manual check "The Token HUD's status list shows
 *   exactly".
 * - `CONST`: ownership levels, user roles, token dispositions, dice roll modes; v13
 *   `ACTIVE_EFFECT_MODES` (deprecated on v14, which adds `ACTIVE_EFFECT_CHANGE_TYPES` and
 *   `ACTIVE_EFFECT_SHOW_ICON`). Source: https://foundryvtt.com/api/v13/modules/CONST.html,
 *   https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html. Contract:
 *   `documents.prototype-token`, `documents.permissions`, `effects.generation-shape`.
 * - `game.system` is the system's package data, its whole manifest. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.packages.System.html. Contract:
 *   `documents.prototype-token`.
 * - On `i18nInit` every registered data model's field labels are localised from its
 *   `LOCALIZATION_PREFIXES`. Source: https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html
 *   (`localizeDataModel`). Contract: none — manual check "every field label shows in the world's
 *   language".
 * - World load: `game.data` holds the stored objects, which the documents are built from (they
 *   become their `_source`); an invalid one stays out, its id in `invalidDocumentIds`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.abstract.WorldCollection.html.
 *   Contract: none — manual check "A stored document that fails validation does not stop the world".
 */
import fs from "node:fs";
import path from "node:path";
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
  FakeUserDocument,
  FakeUsers,
  OWNERSHIP,
  USER_ROLES,
  clientUser,
  setWorld,
  type FakeWorld,
} from "./fake-world";
import { FakeActiveEffect, FakeActor, FakeChatMessage, FakeItem, TOKEN_DISPOSITIONS } from "./fake-document-types";
import { CHANGE_TYPES, EFFECT_MODES, SHOW_ICON, useEffectGeneration } from "./fake-effects";
import { deprecatedUse, isFakeV14, onGenerationChange } from "./fake-generation";
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
  /**
   * Loads stored documents as a world does (no write). As in core, `game.data.actors` /
   * `game.data.items` hold the objects the documents are built from, which are migrated and
   * cleaned IN PLACE (they become the documents' `_source`); a document that fails validation
   * stays out of its collection, its id in `invalidDocumentIds`. Pass copies to keep the raw data.
   */
  loadWorld(data: { actors?: Obj[]; items?: Obj[] }): void;
}

const INSTALLED = new WeakMap<FakeFoundry, DataFake>();

/** The `foundry.data.fields` namespace as the fake provides it. */
const fakeFields = {
  DataField,
  SchemaField,
  ArrayField,
  ObjectField,
  BooleanField,
  NumberField,
  StringField,
  HTMLField,
};

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
export function installDataLayer(
  target: { foundry?: Record<string, unknown> } = globalThis as { foundry?: Record<string, unknown> },
): void {
  const foundry = (target.foundry ??= {}) as Record<string, Record<string, unknown>>;
  foundry.utils = Object.assign(foundry.utils ?? {}, fakeUtils);
  foundry.data = Object.assign(foundry.data ?? {}, { fields: fakeFields });
  foundry.abstract = Object.assign(foundry.abstract ?? {}, { DataModel, TypeDataModel, Document: FakeDocument });
}

/**
 * Core builds each world collection from `game.data` on load: `fromSource` on every stored object
 * (migrated and cleaned in place, see DataModel#_initializeSource), a failure logged and its id
 * kept in `invalidDocumentIds` (https://foundryvtt.com/api/v13/classes/foundry.documents.abstract.WorldCollection.html).
 */
function loadWorld(world: FakeWorld, game: Obj, data: { actors?: Obj[]; items?: Obj[] }): void {
  const raw = (game.data ??= {}) as Obj;
  for (const [name, key, cls] of [
    ["Actor", "actors", FakeActor],
    ["Item", "items", FakeItem],
  ] as const) {
    const sources = data[key] ?? [];
    raw[key] = sources;
    const Impl = (world.config[name]!.documentClass as typeof FakeDocument | undefined) ?? cls;
    const collection = world.collections[name]!;
    for (const source of sources) {
      let doc: FakeDocument;
      try {
        doc = new Impl(source, { dropInvalidEmbedded: true });
      } catch (err) {
        console.warn(`fake: stored ${name} ${String(source._id)} is invalid`, err);
        collection.invalidDocumentIds.add(String(source._id));
        continue;
      }
      collection.set(doc._id!, doc);
      doc.prepareData();
    }
  }
}

/**
 * `game.system`, the running system's package data, from its manifest (system.json): core reads
 * `primaryTokenAttribute` from it for a new actor's first bar
 * (https://foundryvtt.com/api/v13/classes/foundry.packages.System.html).
 */
let manifest: Obj | undefined;
function systemPackage(): Obj {
  if (!manifest) {
    const file = path.join(process.cwd(), "system.json");
    manifest = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Obj) : {};
  }
  return deepClone(manifest);
}

/**
 * Core's default `CONFIG.statusEffects` (a part: what a system curating the list meets) and
 * `CONFIG.specialStatusEffects` (https://foundryvtt.com/api/v13/variables/CONFIG.html): entries
 * `{id, name: "EFFECT.Status…", img: "icons/svg/…"}`, as systems that keep some of them reuse
 * them (foundryvtt/crucible `module/config/statuses.mjs`: dead/skull, stunned/daze,
 * frightened/terror, invisible, blinded/blind), and fear/terror, stun/daze, paralysis and
 * downgrade.
 */
export const CORE_STATUS_EFFECTS: readonly { id: string; name: string; img: string }[] = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
  { id: "paralysis", name: "EFFECT.StatusParalysis", img: "icons/svg/paralysis.svg" },
  { id: "fly", name: "EFFECT.StatusFlying", img: "icons/svg/wing.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  { id: "fear", name: "EFFECT.StatusFear", img: "icons/svg/terror.svg" },
  { id: "hover", name: "EFFECT.StatusHover", img: "icons/svg/wingfoot.svg" },
  { id: "burrow", name: "EFFECT.StatusBurrow", img: "icons/svg/mole.svg" },
  { id: "downgrade", name: "EFFECT.StatusDowngrade", img: "icons/svg/downgrade.svg" },
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
];
export const CORE_SPECIAL_STATUS_EFFECTS = {
  DEFEATED: "dead",
  INVISIBLE: "invisible",
  BLIND: "blind",
  BURROW: "burrow",
  HOVER: "hover",
  FLY: "fly",
} as const;

/**
 * `CONST`, as far as Tactica reads it, per generation: v13 `ACTIVE_EFFECT_MODES`
 * (https://foundryvtt.com/api/v13/variables/CONST.ACTIVE_EFFECT_MODES.html), deprecated on v14
 * (reading it is recorded: fake-generation.ts), which adds `ACTIVE_EFFECT_CHANGE_TYPES` and
 * `ACTIVE_EFFECT_SHOW_ICON` (https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html,
 * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_SHOW_ICON.html), absent on v13.
 */
function fakeConst(): Obj {
  // `DOCUMENT_OWNERSHIP_LEVELS`, `USER_ROLES` (https://foundryvtt.com/api/v13/variables/CONST.USER_ROLES.html),
  // `TOKEN_DISPOSITIONS`, `DICE_ROLL_MODES` (https://foundryvtt.com/api/v13/variables/CONST.DICE_ROLL_MODES.html).
  const constants: Obj = {
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    USER_ROLES,
    TOKEN_DISPOSITIONS,
    DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" },
  };
  Object.defineProperties(constants, {
    ACTIVE_EFFECT_MODES: {
      enumerable: true,
      get: () => {
        deprecatedUse("CONST.ACTIVE_EFFECT_MODES (v14: CONST.ACTIVE_EFFECT_CHANGE_TYPES)");
        return EFFECT_MODES;
      },
    },
    ACTIVE_EFFECT_CHANGE_TYPES: { enumerable: true, get: () => (isFakeV14() ? CHANGE_TYPES : undefined) },
    ACTIVE_EFFECT_SHOW_ICON: { enumerable: true, get: () => (isFakeV14() ? SHOW_ICON : undefined) },
  });
  return constants;
}

export function installDataFake(fake: FakeFoundry): void {
  installDataLayer(fake as unknown as { foundry: Record<string, unknown> });
  const config = fake.CONFIG as Record<string, Obj>;
  fake.CONFIG.statusEffects = deepClone([...CORE_STATUS_EFFECTS]);
  fake.CONFIG.specialStatusEffects = { ...CORE_SPECIAL_STATUS_EFFECTS };
  config.Actor = { ...config.Actor, documentClass: FakeActor };
  config.Item = { ...config.Item, documentClass: FakeItem };
  config.ChatMessage = { ...config.ChatMessage, documentClass: FakeChatMessage };
  config.ActiveEffect = { documentClass: FakeActiveEffect };
  config.User = { documentClass: FakeUserDocument };
  const users = new FakeUsers("User");
  users.set("gm-1", new FakeUser("gm-1", "Gamemaster", true));
  users.set("player-1", new FakeUser("player-1", "Player", false));
  const collections = {
    Actor: new FakeCollection<FakeDocument>("Actor"),
    Item: new FakeCollection<FakeDocument>("Item"),
    ChatMessage: new FakeCollection<FakeDocument>("ChatMessage"),
  };
  const notifications = new FakeNotifications();
  notifications.i18n = fake.game.i18n;
  // The base client's user (`setUser`): the GM who set the world up, until a test plays someone
  // else; a client a message is delivered to reads its own (fake-world.ts).
  let baseUser = users.get("gm-1")!;
  const world: FakeWorld = {
    config,
    db: new FakeDatabase(),
    users,
    get user() {
      return clientUser() ?? baseUser;
    },
    set user(user) {
      baseUser = user;
    },
    collections,
    hooks: fake.hooks,
    localize: (key) => fake.game.i18n.localize(key),
    notifications,
    system: systemPackage(),
  };
  setWorld(world);
  Object.assign(fake.game, {
    users,
    actors: collections.Actor,
    items: collections.Item,
    messages: collections.ChatMessage,
    data: {},
    system: world.system,
  });
  // `game.user`: the running client's user (https://foundryvtt.com/api/classes/foundry.Game.html#user).
  Object.defineProperty(fake.game, "user", {
    get: () => world.user,
    set: (user: FakeUser) => (world.user = user),
    configurable: true,
    enumerable: true,
  });
  Object.assign(fake.foundry.documents, {
    Actor: FakeActor,
    Item: FakeItem,
    ActiveEffect: FakeActiveEffect,
    ChatMessage: FakeChatMessage,
    User: FakeUserDocument,
  });
  Object.assign(globalThis, {
    Actor: FakeActor,
    Item: FakeItem,
    ActiveEffect: FakeActiveEffect,
    ChatMessage: FakeChatMessage,
    ui: { notifications },
    CONST: fakeConst(),
  });
  onGenerationChange((v14) => useEffectGeneration(config, v14));
  // Foundry localises every registered model's field labels once languages are ready
  // (Localization#localizeDataModel, https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html).
  fake.hooks.on("i18nInit", () => {
    for (const name of ["Actor", "Item", "ChatMessage"]) {
      const models = (config[name]?.dataModels ?? {}) as Record<string, typeof DataModel>;
      for (const model of Object.values(models)) localizeModel(model, fake.game.i18n);
    }
  });
  INSTALLED.set(fake, {
    world,
    db: world.db,
    notifications,
    users,
    setUser(id) {
      world.user = users.get(id)!;
    },
    loadWorld: (data) => loadWorld(world, fake.game, data),
  });
}

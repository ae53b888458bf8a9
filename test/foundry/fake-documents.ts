/**
 * Part of the Foundry FAKE (see fake.ts): the document base class. Every create, update and
 * delete request is recorded in the fake database (fake-world.ts), so tests can assert "one write
 * per user action". The workflows follow core v13's client (`data/client-backend.mjs`, read; the
 * summary in docs/foundry-behaviour.md §2), the SERVER's permission check runs on every write as
 * the user of the running client (fake-world.ts), and a refused write REJECTS with the server's
 * "lacks permission" error, changing nothing. Not covered: compendium packs, document sheets,
 * `==` keys, type changes, deletions inside `system`, `TypeDataModel#_onCreate`.
 *
 * Behaviours:
 * - Construction: the document-level `migrateData` runs on the GIVEN object, which is then cleaned
 *   IN PLACE, strictly validated and becomes `_source` (no copy); `migrateDataSafe` ignores what
 *   `migrateData` returns. Source: https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html
 *   (constructor, `migrateDataSafe`). Contract: `data.construction-in-place`.
 * - `Document.migrateData` hands `system` to the type model and each embedded entry to its class;
 *   an update adds the document's `type` to a partial change first (`_addTypes`). Source: core v13
 *   client `data/client-backend.mjs` `#preUpdateDocumentArray`; TypeDataField / EmbeddedCollectionField
 *   `migrateSource` (API). Contract: `data.partial-change-type`, `data.update-order`.
 * - Create: expand → `migrateData` → construct from a copy → `_preCreate` (document, then the type
 *   model) and `preCreate<Type>` on the migrated, UNCLEANED data → `_preCreateOperation` → request →
 *   `_onCreate` and `create<Type>` → `_onCreateOperation`. Source: core v13 client
 *   `data/client-backend.mjs` `#preCreateDocumentArray`, `#handleCreateDocuments`. Contract:
 *   `data.create-order`.
 * - Update: expand → `_addTypes` → `migrateData` on the PARTIAL change → `_preUpdate` (document,
 *   then model) → `preUpdate<Type>` → dry run (clean in place, validate) → diff (empty: no request,
 *   `undefined`; a deletion counts) → `_preUpdateOperation` → request → `_onUpdate`, `update<Type>`
 *   → `_onUpdateOperation`. Source: core v13 client `data/client-backend.mjs`; foundryvtt#10841,
 *   #10842. Contract: `data.update-order`, `documents.empty-update`, `documents.deletion`.
 * - An invalid update notifies the text after the last `"] "`, an invalid creation the whole
 *   message; nothing is written, the call resolves `undefined`. Source: core v13 client
 *   `data/client-backend.mjs`, `helpers/hooks.mjs` `Hooks.onError`. Contract: none — manual check
 *   "a refused update shows the validation message without the".
 * - `prepareData`: model base, document base, embedded documents, model derived, document
 *   derived. Source: core v13 client `documents/abstract/client-document.mjs`. Contract:
 *   `data.prepare-order`.
 * - The server's check: a GM may do anything, others need OWNER of the document (of its parent
 *   when embedded); a world Actor or Item is created by an Assistant or more. Source:
 *   https://foundryvtt.com/api/classes/foundry.abstract.Document.html#canusermodify,
 *   https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html. Contract: `documents.permissions`.
 * - `Document.create` of an array creates every document in one request and resolves the array.
 *   Source: common v13 `abstract/document.mjs` `Document.create`. Contract: `documents.create-array`.
 * - `validate({changes, clean: true})` cleans a change in place (clamps) before validating it.
 *   Source: https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#validate.
 *   Contract: `data.validate-clean`.
 * - An embedded change inside a parent update (`items: [{_id, …}]`) is validated and applied to
 *   that document. Source: EmbeddedCollectionField (API). Contract: `data.embedded-html-cleaned`.
 * - World load: a stored object becomes its document's `_source` (and stays it across updates);
 *   one that fails validation is left out, its id in `invalidDocumentIds`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.abstract.WorldCollection.html.
 *   Contract: none — manual check "A stored document that fails validation does not stop the world".
 */
import { DataModelValidationError } from "./fake-fields";
import { FakeCollection, OWNERSHIP, USER_ROLES, type FakeUser, type OwnershipLevel } from "./fake-world";
import type { DataModel } from "./fake-model";
import { currentWorld } from "./fake-world";
import {
  deepClone,
  deletionsOf,
  diffObject,
  escapeHTML,
  expandObject,
  isEmpty,
  isPlainObject,
  mergeObject,
  randomID,
  type Obj,
} from "./fake-utils";

type ModelClass = typeof DataModel;

/** What the `system` model of a document may define (TypeDataModel lifecycle, v12+). */
interface SystemLifecycle {
  _preCreate?(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void>;
  _preUpdate?(changes: Obj, options: Obj, user: FakeUser): Promise<boolean | void>;
  _onUpdate?(changed: Obj, options: Obj, userId: string): void;
}

/**
 * What core shows of a failed validation (v13 client `data/client-backend.mjs`): an invalid
 * UPDATE notifies the part of the error message after its last "] " (`#preUpdateDocumentArray`:
 * `ui.notifications.error(err.message.split("] ").pop())`, the "<Class> [<id>] " prefix
 * removed); an invalid CREATION goes through `Hooks.onError(…, {notify: "error"})`
 * (`#preCreateDocumentArray`), which notifies the whole message, escaped (client
 * `helpers/hooks.mjs` `Hooks.onError`).
 */
function notifyInvalid(err: unknown, action: "create" | "update"): void {
  const message = err instanceof Error ? err.message : String(err);
  const notifications = currentWorld().notifications;
  if (action === "create") notifications?.error(escapeHTML(message));
  else notifications?.error(message.split("] ").pop() ?? message);
}

/** Makes `target` hold exactly the keys and values of `source` (same object, new contents). */
function replaceContents(target: Obj, source: Obj): void {
  for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
  Object.assign(target, source);
}

/** Base of the fake documents: source, `system` model, embedded collections, the workflows. */
export class FakeDocument {
  static documentName = "Document";
  /** Embedded collections: document name → source key. */
  static embedded: Record<string, string> = {};

  _source: Obj = {};
  parent: FakeDocument | null;
  _id: string | null = null;
  name = "";
  type = "base";
  img: string | null = null;
  flags: Obj = {};
  ownership: Record<string, number> = { default: 0 };
  system: unknown = {};

  /**
   * v13 `DataModel` constructor: "The provided object will be owned by the constructed model
   * instance and may be mutated" (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#constructor):
   * `_initializeSource` migrates and cleans `data` itself, which becomes `_source`.
   */
  constructor(data: Obj = {}, options: { parent?: FakeDocument | null; dropInvalidEmbedded?: boolean } = {}) {
    this.parent = options.parent ?? null;
    this.dropInvalidEmbedded = options.dropInvalidEmbedded === true;
    this._source = this._initializeSource(data);
    this._initialize();
    this.dropInvalidEmbedded = false;
  }

  /**
   * While a stored document is built at world load (core's `fromSource(…, {dropInvalidEmbedded})`),
   * an invalid embedded document is set aside instead of failing the parent (fake-document-types
   * `syncEmbedded`); when a document is created, an invalid embedded one fails the creation.
   */
  dropInvalidEmbedded = false;

  get id(): string | null {
    return this._id;
  }

  get documentName(): string {
    return (this.constructor as typeof FakeDocument).documentName;
  }

  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.${this.documentName}.${this._id}` : `${this.documentName}.${this._id}`;
  }

  /** The model class of `type`, or none (documents without `system`). */
  static modelFor(type: string): ModelClass | undefined {
    const models = currentWorld().config[this.documentName]?.dataModels as Record<string, ModelClass> | undefined;
    return models?.[type];
  }

  /** The registered class of an embedded document name (`CONFIG[name].documentClass`). */
  static embeddedClass(name: string): typeof FakeDocument {
    return currentWorld().config[name]!.documentClass as typeof FakeDocument;
  }

  /**
   * v13 `DataModel.migrateData(source)` = `schema.migrateSource(source, source)`, which hands
   * `system` to the subtype model's `migrateDataSafe` (TypeDataField#migrateSource) and each entry
   * of an embedded collection to the embedded class's `migrateDataSafe`
   * (EmbeddedCollectionField#migrateSource); returns the same object
   * (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#migratedata,
   * https://foundryvtt.com/api/v13/classes/foundry.data.fields.TypeDataField.html#migratesource).
   * A partial change without `type` migrates no `system` (the type picks the model).
   */
  static migrateData(source: Obj): Obj {
    const Model = isPlainObject(source.system) ? this.modelFor(String(source.type)) : undefined;
    if (Model) Model.migrateDataSafe(source.system as Obj);
    for (const [name, key] of Object.entries(this.embedded)) {
      const list = source[key];
      if (!Array.isArray(list)) continue;
      const cls = this.embeddedClass(name);
      for (const entry of list) if (isPlainObject(entry)) cls.migrateDataSafe(entry);
    }
    return source;
  }

  /**
   * v13 `DataModel.migrateDataSafe`: runs `migrateData`, logs a failure as a warning, and returns
   * the SAME object whatever `migrateData` returned
   * (https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#migratedatasafe).
   */
  static migrateDataSafe(source: Obj): Obj {
    try {
      this.migrateData(source);
    } catch (err) {
      console.warn(`Failed data migration for ${this.name}`, err);
    }
    return source;
  }

  /**
   * v13 `SchemaField#_addTypes` on an update: a document with type data gets the document's
   * `type` added to the change when the change has none (so `migrateData` finds the model).
   * Only the top level: an embedded collection in the change gets no types.
   */
  static addTypes(source: Obj, changes: Obj): void {
    if (!this.modelFor(String(source.type))) return;
    if (!("type" in changes)) changes.type = source.type;
  }

  /**
   * v13 `DataModel#_initializeSource`: a DataModel is turned into its source; otherwise the
   * object itself is migrated (`migrateDataSafe`) and cleaned, IN PLACE, and returned.
   */
  protected _initializeSource(data: Obj | FakeDocument): Obj {
    const source = data instanceof FakeDocument ? data.toObject() : isPlainObject(data) ? data : {};
    (this.constructor as typeof FakeDocument).migrateDataSafe(source);
    return this.initialSource(source);
  }

  /** Checks the subtype and fills the document-level defaults; `_initialize` builds `system`. */
  protected initialSource(source: Obj): Obj {
    const cls = this.constructor as typeof FakeDocument;
    source._id ??= null;
    const types = Object.keys((currentWorld().config[cls.documentName]?.dataModels as Obj | undefined) ?? {});
    const typed = source.type !== undefined && source.type !== "base";
    if (types.length && typed && !cls.modelFor(String(source.type))) {
      throw new DataModelValidationError(
        cls.documentName,
        [`type: "${String(source.type)}" is not a valid type`],
        source._id as string | null,
      );
    }
    for (const key of Object.values(cls.embedded)) source[key] = Array.isArray(source[key]) ? source[key] : [];
    source.flags = isPlainObject(source.flags) ? source.flags : {};
    return source;
  }

  /** Builds the document's properties from its source (the `system` model is rebuilt). */
  _initialize(): void {
    const s = this._source;
    this._id = (s._id as string | null) ?? null;
    this.name = String(s.name ?? "");
    this.type = String(s.type ?? "base");
    this.img = (s.img as string | undefined) ?? null;
    this.flags = deepClone(s.flags as Obj);
    this.ownership = { default: 0, ...((s.ownership as Record<string, number>) ?? {}) };
    const Model = (this.constructor as typeof FakeDocument).modelFor(this.type);
    if (Model) {
      const model = new Model(s.system as Obj, { parent: this });
      s.system = model._source;
      this.system = model;
    } else this.system = deepClone(s.system ?? {});
  }

  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Obj | undefined)?.[key];
  }

  toObject(): Obj {
    return deepClone(this._source);
  }

  testUserPermission(user: FakeUser, level: OwnershipLevel | number): boolean {
    if (this.parent) return this.parent.testUserPermission(user, level);
    if (user.isGM) return true;
    const needed = typeof level === "number" ? level : OWNERSHIP[level];
    return (this.ownership[user.id] ?? this.ownership.default ?? 0) >= needed;
  }

  get isOwner(): boolean {
    return this.testUserPermission(currentWorld().user, "OWNER");
  }

  /** The server's permission test for `action` (see the module comment). */
  canUserModify(user: FakeUser, action: "create" | "update" | "delete", _data: Obj = {}): boolean {
    if (user.isGM) return true;
    const cls = this.constructor as typeof FakeDocument;
    if (action === "create" && !this.parent && cls.createRole > USER_ROLES.PLAYER && !user.hasRole(cls.createRole))
      return false;
    return this.testUserPermission(user, "OWNER");
  }

  /** The role a world document of this class needs to be created (`CONST.USER_PERMISSIONS`). */
  static createRole: number = USER_ROLES.PLAYER;

  /** Throws the server's refusal when the running client's user may not do `action`. */
  assertPermission(action: "create" | "update" | "delete", data: Obj = {}): void {
    const user = currentWorld().user;
    if (this.canUserModify(user, action, data)) return;
    currentWorld().db.refused.push({ action, documentName: this.documentName, ids: [this._id ?? ""], userId: user.id });
    throw new Error(`User ${user.name} lacks permission to ${action} ${this.documentName} [${this._id ?? "new"}]`);
  }

  /* ---------------------------------- data preparation --------------------------------- */

  prepareData(): void {
    const system = this.system as { prepareBaseData?(): void; prepareDerivedData?(): void };
    system.prepareBaseData?.();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    system.prepareDerivedData?.();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  prepareEmbeddedDocuments(): void {
    for (const collection of this.embeddedCollections()) for (const doc of collection) doc.prepareData();
  }

  /** The embedded collections of this document (Actor: items, effects). */
  embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [];
  }

  getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    throw new Error(`${this.documentName} has no embedded ${name}`);
  }

  /* ---------------------------------- workflows --------------------------------------- */

  /** The `system` model's lifecycle methods, when it is a TypeDataModel that defines them. */
  private get systemLifecycle(): SystemLifecycle {
    return (this.system ?? {}) as SystemLifecycle;
  }

  /**
   * ClientDocumentMixin#_preCreate: the document's own checks, then `system._preCreate(data, …)`
   * when `system` is a TypeDataModel (https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html#_precreate).
   */
  protected async _preCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    return this.systemLifecycle._preCreate?.(data, options, user);
  }

  /** ClientDocumentMixin#_preUpdate: forwards to `system._preUpdate(changes, …)` (TypeDataModel#_preUpdate). */
  protected async _preUpdate(changes: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    return this.systemLifecycle._preUpdate?.(changes, options, user);
  }

  /** ClientDocumentMixin#_onUpdate: forwards to `system._onUpdate` (TypeDataModel#_onUpdate). */
  protected _onUpdate(changed: Obj, options: Obj, userId: string): void {
    this.systemLifecycle._onUpdate?.(changed, options, userId);
  }

  /**
   * v13 `#preCreateDocumentArray`, per entry: `d = migrateData(expandObject(entry))`; the
   * document is built from a COPY of `d` (an invalid one: error notification, skipped); then
   * `_preCreate(d, …)` and `Hooks.call("preCreate<Type>", doc, d, …)` see the migrated,
   * uncleaned `d` (https://foundryvtt.com/api/v13/functions/hookEvents.preCreateDocument.html).
   */
  static async createDocuments(
    data: Obj[] = [],
    operation: { parent?: FakeDocument | null } & Obj = {},
  ): Promise<FakeDocument[]> {
    const parent = operation.parent ?? null;
    const created: FakeDocument[] = [];
    // The server's broadcast is built into documents by the world collection, i.e. of the
    // CONFIGURED class (`CONFIG[documentName].documentClass`), whichever class `create` was called on.
    const configured = currentWorld().config[this.documentName]?.documentClass as typeof FakeDocument | undefined;
    const Impl = configured && configured.prototype instanceof this ? configured : this;
    for (const entry of data) {
      const d = this.migrateData(expandObject(entry instanceof FakeDocument ? entry.toObject() : deepClone(entry)));
      let doc: FakeDocument;
      try {
        doc = new Impl(deepClone(d), { parent });
      } catch (err) {
        notifyInvalid(err, "create");
        continue;
      }
      const allowed =
        (await doc._preCreate(d, operation, currentWorld().user)) !== false &&
        currentWorld().hooks.call(`preCreate${this.documentName}`, doc, d, operation, currentWorld().user.id) !== false;
      if (!allowed) continue;
      // The server's check, on what the client sends.
      doc.assertPermission("create", d);
      doc._source._id ||= randomID();
      doc._initialize();
      created.push(doc);
    }
    if (!created.length) return [];
    // v13 `#preCreateDocumentArray` ends with the class's `_preCreateOperation(documents, operation,
    // user)`; what it changes with `updateSource` is what is sent (the documents are the data).
    if ((await Impl._preCreateOperation(created, operation, currentWorld().user)) === false) return [];
    currentWorld().db.writes.push({
      action: "create",
      documentName: this.documentName,
      ids: created.map((d) => d._id!),
      parentId: parent?._id ?? null,
      data: created.map((d) => d.toObject()),
    });
    for (const doc of created) {
      if (parent) parent.addEmbedded(this.documentName, doc);
      else currentWorld().collections[this.documentName]?.set(doc._id!, doc);
    }
    (parent ?? null)?.prepareData();
    const userId = currentWorld().user.id;
    for (const doc of created) {
      if (!parent) doc.prepareData();
      doc._onCreate(doc._source, operation, userId);
      currentWorld().hooks.callAll(`create${this.documentName}`, doc, operation, userId);
    }
    await Impl._onCreateOperation(created, operation, currentWorld().user);
    return created;
  }

  /**
   * The operation-level workflows of v13 `ClientDatabaseBackend` (client `data/client-backend.mjs`):
   * `_preCreateOperation` / `_preUpdateOperation` after every document's own pre-workflow (false:
   * nothing is sent), `_onCreateOperation` / `_onUpdateOperation` / `_onDeleteOperation` once the
   * change is applied, after each document's `_on…` and hook. No-ops here; scenes, regions and
   * tokens use them (fake-regions.ts).
   */
  static async _preCreateOperation(
    _documents: FakeDocument[],
    _operation: Obj,
    _user: FakeUser,
  ): Promise<boolean | void> {}
  static async _onCreateOperation(_documents: FakeDocument[], _operation: Obj, _user: FakeUser): Promise<void> {}
  static async _preUpdateOperation(
    _documents: FakeDocument[],
    _operation: Obj,
    _user: FakeUser,
  ): Promise<boolean | void> {}
  static async _onUpdateOperation(_documents: FakeDocument[], _operation: Obj, _user: FakeUser): Promise<void> {}
  static async _onDeleteOperation(_documents: FakeDocument[], _operation: Obj, _user: FakeUser): Promise<void> {}

  /** ClientDocumentMixin#_onCreate, on every client once the document exists (no forwarding to `system`). */
  _onCreate(_data: Obj, _options: Obj, _userId: string): void {}

  /**
   * `Document.create(data, operation)`: one object creates one document (or none: `undefined`);
   * an array creates them all in ONE request and resolves the array (common v13
   * `abstract/document.mjs` `Document.create`; https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#create).
   */
  static async create(
    data: Obj | Obj[],
    operation: { parent?: FakeDocument | null } & Obj = {},
  ): Promise<FakeDocument | undefined> {
    if (Array.isArray(data)) return (await this.createDocuments(data, operation)) as unknown as FakeDocument;
    return (await this.createDocuments([data], operation))[0];
  }

  /** Adds a created embedded document to its collection and to this source. */
  addEmbedded(documentName: string, doc: FakeDocument): void {
    const key = (this.constructor as typeof FakeDocument).embedded[documentName]!;
    (this._source[key] as Obj[]).push(doc._source);
    this.getEmbeddedCollection(documentName).set(doc._id!, doc);
  }

  async createEmbeddedDocuments(name: string, data: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    const cls = currentWorld().config[name]?.documentClass as typeof FakeDocument;
    return cls.createDocuments(data, { ...operation, parent: this });
  }

  /**
   * v13 `DataModel#updateSource`: the change is expanded and cleaned in place (no migration), then
   * validated and committed without a database write (used in `_preCreate`). Throws when invalid.
   */
  updateSource(changes: Obj = {}): Obj {
    const expanded = expandObject(changes);
    for (const key of Object.keys(changes)) delete changes[key];
    Object.assign(changes, expanded);
    this.commit(this.candidateSource(changes));
    return changes;
  }

  /**
   * v13 `#preUpdateDocumentArray` for one document (order read from the v13 client backend;
   * foundryvtt#10841: "`_preUpdate` workflows are called before `diff`"): expand, add the type,
   * the document-level `migrateData` on the partial change, `_preUpdate` and the `preUpdate<Type>`
   * hook (either may return false: nothing written, `undefined`), then the dry-run validation
   * (invalid: error notification, `undefined`), the diff (empty: no request, `undefined`), the
   * write, and `_onUpdate` / `update<Type>` with the diff
   * (https://foundryvtt.com/api/v13/functions/hookEvents.preUpdateDocument.html).
   */
  async update(data: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    const cls = this.constructor as typeof FakeDocument;
    const user = currentWorld().user;
    const changes = expandObject(deepClone(data));
    delete changes._id;
    cls.addTypes(this._source, changes);
    cls.migrateData(changes);
    if ((await this._preUpdate(changes, options, user)) === false) return undefined;
    if (currentWorld().hooks.call(`preUpdate${this.documentName}`, this, changes, options, user.id) === false)
      return undefined;
    let candidate: Obj;
    try {
      candidate = this.candidateSource(changes);
    } catch (err) {
      notifyInvalid(err, "update");
      return undefined;
    }
    if (changes.type === this._source.type) delete changes.type;
    const { system: _system, ...outside } = changes;
    const deletions = deletionsOf(this._source, outside);
    let diff = mergeObject(diffObject(this._source, candidate), deletions);
    if (isEmpty(diff) && options.diff !== false) return undefined;
    const operation: Obj = { ...options, updates: [changes] };
    if ((await cls._preUpdateOperation([this], operation, user)) === false) return undefined;
    if (cls._preUpdateOperation !== FakeDocument._preUpdateOperation) {
      // What `_preUpdateOperation` added to the change (a token's `_regions`) is sent with it.
      candidate = this.candidateSource(changes);
      diff = mergeObject(diffObject(this._source, candidate), deletions);
    }
    // The server's check, on the request the client sends.
    this.assertPermission("update", changes);
    currentWorld().db.writes.push({
      action: "update",
      documentName: this.documentName,
      ids: [this._id!],
      parentId: this.parent?._id ?? null,
      data: [changes],
    });
    this.commit(candidate);
    this._onUpdate(diff, options, user.id);
    (this.parent ?? this).prepareData();
    currentWorld().hooks.callAll(`update${this.documentName}`, this, diff, options, user.id);
    await cls._onUpdateOperation([this], { ...operation, updates: [diff] }, user);
    return this;
  }

  /**
   * v13 `DataModel#validate({changes, clean, fallback})` for a partial change: with `clean`, the
   * `system` change is CLEANED IN PLACE first (NumberFields clamped and rounded, as
   * `NumberField#_cleanType` does: https://foundryvtt.com/api/v13/classes/foundry.data.fields.NumberField.html),
   * then validated; a failure throws (`fallback: false`) a DataModelValidationError. Returns true.
   */
  validate({ changes, clean = false }: { changes?: Obj; clean?: boolean; fallback?: boolean } = {}): boolean {
    const Model = (this.constructor as typeof FakeDocument).modelFor(this.type);
    const system = changes?.system;
    if (!Model || !isPlainObject(system)) return true;
    const cleaned = clean ? Model.cleanData(system, { partial: true }) : system;
    const failures = Model.validationFailures(cleaned, { partial: true });
    if (failures.length)
      throw new DataModelValidationError(
        this.documentName,
        failures.map((f) => `system.${f}`),
        this._id,
      );
    return true;
  }

  /**
   * The source after `changes` (the dry run of v13 `updateSource`): the `system` change is
   * CLEANED IN PLACE (NumberFields clamped and rounded, unknown keys dropped) and validated, merged,
   * then the whole `system` validated again (joint rules). Throws and changes nothing when invalid.
   */
  candidateSource(changes: Obj): Obj {
    const candidate = deepClone(this._source);
    const Model = (this.constructor as typeof FakeDocument).modelFor(this.type);
    const { system, ...rest } = changes;
    for (const [key, value] of Object.entries(rest)) {
      if (key === "type" || key === "_id") continue;
      if (!(this.constructor as typeof FakeDocument).embeddedKey(key))
        mergeObject(candidate, { [key]: value }, { performDeletions: true });
    }
    if (system !== undefined && Model) {
      if (!isPlainObject(system)) changes.system = {};
      const cleaned = Model.cleanData(changes.system as Obj, { partial: true });
      const failures = Model.validationFailures(cleaned, { partial: true });
      if (failures.length)
        throw new DataModelValidationError(
          this.documentName,
          failures.map((f) => `system.${f}`),
          this._id,
        );
      mergeObject(candidate.system as Obj, cleaned, { performDeletions: true });
      const all = Model.validationFailures(candidate.system as Obj);
      if (all.length)
        throw new DataModelValidationError(
          this.documentName,
          all.map((f) => `system.${f}`),
          this._id,
        );
    }
    this.embeddedCandidates(candidate, changes);
    return candidate;
  }

  static embeddedKey(key: string): string | undefined {
    return Object.entries(this.embedded).find(([, k]) => k === key)?.[0];
  }

  /** Embedded changes inside a parent update (`items: [{ _id, … }]`): diffed by id, validated. */
  protected embeddedCandidates(candidate: Obj, changes: Obj): void {
    for (const [name, key] of Object.entries((this.constructor as typeof FakeDocument).embedded)) {
      const list = changes[key];
      if (!Array.isArray(list)) continue;
      const collection = this.getEmbeddedCollection(name);
      const sources = candidate[key] as Obj[];
      for (const change of list as Obj[]) {
        const doc = collection.get(change._id as string);
        if (!doc)
          throw new Error(`the fake supports updates of existing embedded ${name} only (${String(change._id)})`);
        const index = sources.findIndex((s) => s._id === change._id);
        sources[index] = doc.candidateSource(expandObject(deepClone(change)));
      }
    }
  }

  /**
   * Commits a validated candidate source and re-initialises (embedded documents too). As in core,
   * `_source` stays the SAME object (a non-writable property; `_updateCommit` writes into it), so
   * whoever holds it — `game.data`, the parent's embedded array — sees the committed data.
   */
  protected commit(candidate: Obj): void {
    for (const [name, key] of Object.entries((this.constructor as typeof FakeDocument).embedded)) {
      const collection = this.getEmbeddedCollection(name);
      candidate[key] = (candidate[key] as Obj[]).map((source) => {
        const doc = collection.get(source._id as string);
        if (!doc) return source;
        if (JSON.stringify(doc._source) !== JSON.stringify(source)) {
          replaceContents(doc._source, source);
          doc._initialize();
        }
        return doc._source;
      });
    }
    replaceContents(this._source, candidate);
    this._initialize();
  }

  async delete(): Promise<this> {
    this.assertPermission("delete");
    currentWorld().db.writes.push({
      action: "delete",
      documentName: this.documentName,
      ids: [this._id!],
      parentId: this.parent?._id ?? null,
      data: [],
    });
    if (this.parent) this.parent.removeEmbedded(this.documentName, this._id!);
    else currentWorld().collections[this.documentName]?.delete(this._id!);
    (this.parent ?? null)?.prepareData();
    await (this.constructor as typeof FakeDocument)._onDeleteOperation([this], {}, currentWorld().user);
    return this;
  }

  removeEmbedded(documentName: string, id: string): void {
    const key = (this.constructor as typeof FakeDocument).embedded[documentName]!;
    this._source[key] = (this._source[key] as Obj[]).filter((s) => s._id !== id);
    this.getEmbeddedCollection(documentName).delete(id);
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<FakeDocument[]> {
    const docs = ids.map((id) => this.getEmbeddedCollection(name).get(id)).filter((d) => d !== undefined);
    if (!docs.length) return [];
    for (const doc of docs) doc.assertPermission("delete");
    currentWorld().db.writes.push({
      action: "delete",
      documentName: name,
      ids: docs.map((d) => d._id!),
      parentId: this._id,
      data: [],
    });
    for (const doc of docs) this.removeEmbedded(name, doc._id!);
    this.prepareData();
    await FakeDocument.embeddedClass(name)._onDeleteOperation(docs, { ids }, currentWorld().user);
    return docs;
  }
}

/**
 * Part of the Foundry FAKE (see fake.ts): the document base class. Every create, update and
 * delete request is recorded in the fake database (fake-world.ts), so tests can assert "one write
 * per user action".
 *
 * The document workflow follows Foundry v13's client: create → construct (migrate, clean,
 * validate) → `_preCreate` → write; update → expand → `_preUpdate` (may change or veto) → clean
 * and validate the change merged into the source → write → re-initialise → `prepareData`.
 * One deliberate difference: Foundry reports an invalid create or update with an error
 * notification and resolves `undefined`; the fake REJECTS with the DataModelValidationError, so a
 * test cannot miss it. In both, nothing is saved.
 * Not covered: compendium packs, sockets, document sheets, `==`/`-=` keys in updates, type changes.
 */
import { DataModelValidationError } from "./fake-fields";
import { FakeCollection, OWNERSHIP, type FakeUser, type OwnershipLevel } from "./fake-world";
import type { DataModel } from "./fake-model";
import { currentWorld } from "./fake-world";
import { deepClone, diffObject, expandObject, isEmpty, isPlainObject, mergeObject, randomID, type Obj } from "./fake-utils";

type ModelClass = typeof DataModel;

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

  constructor(data: Obj = {}, options: { parent?: FakeDocument | null } = {}) {
    this.parent = options.parent ?? null;
    this._source = this.initialSource(deepClone(data));
    this._initialize();
  }

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

  /** Checks the subtype and fills the document-level defaults; `_initialize` builds `system`. */
  protected initialSource(source: Obj): Obj {
    const cls = this.constructor as typeof FakeDocument;
    source._id ??= null;
    const types = Object.keys((currentWorld().config[cls.documentName]?.dataModels as Obj | undefined) ?? {});
    const typed = source.type !== undefined && source.type !== "base";
    if (types.length && typed && !cls.modelFor(String(source.type))) {
      throw new DataModelValidationError(cls.documentName, [`type: "${String(source.type)}" is not a valid type`]);
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

  protected async _preCreate(_data: Obj, _options: Obj, _user: FakeUser): Promise<boolean | void> {}
  protected async _preUpdate(_changes: Obj, _options: Obj, _user: FakeUser): Promise<boolean | void> {}
  protected _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {}

  static async createDocuments(data: Obj[] = [], operation: { parent?: FakeDocument | null } & Obj = {}): Promise<FakeDocument[]> {
    const parent = operation.parent ?? null;
    const created: FakeDocument[] = [];
    for (const entry of data) {
      const doc = new this(entry, { parent });
      const allowed = (await doc._preCreate(entry, operation, currentWorld().user)) !== false && currentWorld().hooks.call(`preCreate${this.documentName}`, doc, entry, operation, currentWorld().user.id) !== false;
      if (!allowed) continue;
      doc._source._id ||= randomID();
      doc._initialize();
      created.push(doc);
    }
    if (!created.length) return [];
    currentWorld().db.writes.push({ action: "create", documentName: this.documentName, ids: created.map((d) => d._id!), parentId: parent?._id ?? null, data: created.map((d) => d.toObject()) });
    for (const doc of created) {
      if (parent) parent.addEmbedded(this.documentName, doc);
      else currentWorld().collections[this.documentName]?.set(doc._id!, doc);
    }
    (parent ?? null)?.prepareData();
    for (const doc of created) {
      if (!parent) doc.prepareData();
      currentWorld().hooks.callAll(`create${this.documentName}`, doc, operation, currentWorld().user.id);
    }
    return created;
  }

  static async create(data: Obj, operation: { parent?: FakeDocument | null } & Obj = {}): Promise<FakeDocument | undefined> {
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

  /** Changes the source without a database write (used in `_preCreate`), validated the same way. */
  updateSource(changes: Obj = {}): Obj {
    const expanded = expandObject(deepClone(changes));
    this.commit(this.candidateSource(expanded));
    return expanded;
  }

  async update(data: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    const changes = expandObject(deepClone(data));
    delete changes._id;
    if ((await this._preUpdate(changes, options, currentWorld().user)) === false) return undefined;
    if (currentWorld().hooks.call(`preUpdate${this.documentName}`, this, changes, options, currentWorld().user.id) === false) return undefined;
    const candidate = this.candidateSource(changes);
    const diff = diffObject(this._source, candidate);
    if (isEmpty(diff) && options.diff !== false) return this;
    currentWorld().db.writes.push({ action: "update", documentName: this.documentName, ids: [this._id!], parentId: this.parent?._id ?? null, data: [changes] });
    this.commit(candidate);
    this._onUpdate(diff, options, currentWorld().user.id);
    (this.parent ?? this).prepareData();
    currentWorld().hooks.callAll(`update${this.documentName}`, this, diff, options, currentWorld().user.id);
    return this;
  }

  /**
   * The source after `changes`: `system` changes cleaned (clamped, as Foundry does) and validated,
   * merged, then the whole result validated again (joint rules). Throws and changes nothing when
   * invalid.
   */
  candidateSource(changes: Obj): Obj {
    const candidate = deepClone(this._source);
    const Model = (this.constructor as typeof FakeDocument).modelFor(this.type);
    const { system, ...rest } = changes;
    for (const [key, value] of Object.entries(rest)) {
      if (!(this.constructor as typeof FakeDocument).embeddedKey(key)) mergeObject(candidate, { [key]: value }, { performDeletions: true });
    }
    if (system !== undefined && Model) {
      const cleaned = Model.cleanData(isPlainObject(system) ? system : {}, { partial: true });
      const failures = Model.validationFailures(cleaned, { partial: true });
      if (failures.length) throw new DataModelValidationError(this.documentName, failures.map((f) => `system.${f}`));
      mergeObject(candidate.system as Obj, cleaned, { performDeletions: true });
      const all = Model.validationFailures(candidate.system as Obj);
      if (all.length) throw new DataModelValidationError(this.documentName, all.map((f) => `system.${f}`));
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
        if (!doc) throw new Error(`the fake supports updates of existing embedded ${name} only (${String(change._id)})`);
        const index = sources.findIndex((s) => s._id === change._id);
        sources[index] = doc.candidateSource(expandObject(deepClone(change)));
      }
    }
  }

  /** Commits a validated candidate source and re-initialises (embedded documents too). */
  protected commit(candidate: Obj): void {
    for (const [name, key] of Object.entries((this.constructor as typeof FakeDocument).embedded)) {
      const collection = this.getEmbeddedCollection(name);
      for (const source of candidate[key] as Obj[]) {
        const doc = collection.get(source._id as string);
        if (doc && JSON.stringify(doc._source) !== JSON.stringify(source)) {
          doc._source = source;
          doc._initialize();
        } else if (doc) (candidate[key] as Obj[])[(candidate[key] as Obj[]).indexOf(source)] = doc._source;
      }
    }
    // An embedded document's source is also an entry of its parent's source: keep them one object.
    if (this.parent) {
      const key = (this.parent.constructor as typeof FakeDocument).embedded[this.documentName]!;
      const siblings = this.parent._source[key] as Obj[];
      const index = siblings.indexOf(this._source);
      if (index >= 0) siblings[index] = candidate;
    }
    this._source = candidate;
    this._initialize();
  }

  async delete(): Promise<this> {
    currentWorld().db.writes.push({ action: "delete", documentName: this.documentName, ids: [this._id!], parentId: this.parent?._id ?? null, data: [] });
    if (this.parent) this.parent.removeEmbedded(this.documentName, this._id!);
    else currentWorld().collections[this.documentName]?.delete(this._id!);
    (this.parent ?? null)?.prepareData();
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
    currentWorld().db.writes.push({ action: "delete", documentName: name, ids: docs.map((d) => d._id!), parentId: this._id, data: [] });
    for (const doc of docs) this.removeEmbedded(name, doc._id!);
    this.prepareData();
    return docs;
  }
}

/**
 * Part of the Foundry FAKE (see fake.ts): the document classes Tactica extends — Actor (embedded
 * items and effects, Active Effect application, status effects), Item, ActiveEffect and
 * ChatMessage — on the base of fake-documents.ts. The effect itself (its changes, modes and
 * generations) is fake-effects.ts.
 *
 * Behaviours:
 * - An actor applies its own active effects and the active `transfer` effects of its items, in
 *   priority order (a change's priority, else its type's default), and fills `statuses` and
 *   `appliedEffects`; on v14 each phase is its own priority group (`initial` before the derived
 *   data, `final` after). Source: https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#applyactiveeffects,
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.ActiveEffectChangeData.html
 *   ("Each phase is its own priority group"). Contract: `effects.priority`, `effects.change-types`,
 *   `effects.upgrade`, `effects.generation-shape`, `effects.v14-expiry`.
 * - `Actor#toggleStatusEffect`: the effect of the status's static `_id`, else the effects holding
 *   exactly that one status, match; a match is deleted (`false`) or kept when forced on (`true`);
 *   none and forced off: `undefined`; else the effect `fromStatusEffect` makes (changes included)
 *   is created with `keepId`. Source: core v13 client `documents/actor.mjs`;
 *   draw-steel `src/module/documents/actor.mjs` ("Implementation copied from core");
 *   https://foundryvtt.com/api/v13/types/CONFIG.StatusEffectConfig.html. Contract: `data.toggle-status`.
 * - `updateEmbeddedDocuments("ActiveEffect", updates)`: one request for every effect, unchanged
 *   ones left out, the parent prepared again from its source. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#updateembeddeddocuments.
 *   Contract: `effects.update-many`.
 * - A new actor's prototype token: not linked, HOSTILE, sight off, its bars on the manifest's
 *   `primaryTokenAttribute` / `secondaryTokenAttribute`. Source:
 *   https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.TokenData.html. Contract:
 *   `documents.prototype-token`.
 * - `Actor#getRollData()` is the actor's `system`. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#getrolldata. Contract:
 *   `documents.roll-data`.
 * - At world load an embedded document that fails validation is set aside in its collection's
 *   `invalidDocumentIds`, the parent staying valid; at creation it fails the creation. Source:
 *   https://foundryvtt.com/api/v13/interfaces/foundry.data.types.DataFieldValidationOptions.html
 *   (`dropInvalidEmbedded`). Contract: none — manual check "A stored document that fails validation
 *   does not stop the world".
 */
import { FakeDocument } from "./fake-documents";
import { FakeCollection, USER_ROLES, currentWorld } from "./fake-world";
import {
  deepClone,
  diffObject,
  expandObject,
  isEmpty,
  isPlainObject,
  mergeObject,
  randomID,
  type Obj,
} from "./fake-utils";
import { FakeActiveEffect, type AppliedChange } from "./fake-effects";
import { isFakeV14 } from "./fake-generation";

export { FakeActiveEffect };

/**
 * Keeps `collection` in step with the sources in `sources` (same objects stay the same documents).
 * While a world loads (the parent built with `dropInvalidEmbedded`), an entry that fails
 * validation is left out of the collection and its id recorded in `invalidDocumentIds`, the
 * parent staying valid — core's `dropInvalidEmbedded` when a world loads
 * ("invalid embedded documents will emit a warning and be placed in the invalidDocuments
 * collection rather than causing the parent to be considered invalid",
 * https://foundryvtt.com/api/v13/interfaces/foundry.data.types.DataFieldValidationOptions.html).
 */
export function syncEmbedded(
  parent: FakeDocument,
  collection: FakeCollection<FakeDocument>,
  sources: Obj[],
  cls: typeof FakeDocument,
): void {
  const ids = new Set<string>();
  sources.forEach((source, index) => {
    source._id ||= randomID();
    const id = source._id as string;
    ids.add(id);
    const existing = collection.get(id);
    if (!existing) {
      let doc: FakeDocument;
      try {
        doc = new cls(source, { parent });
      } catch (err) {
        if (!parent.dropInvalidEmbedded) throw err;
        console.warn(`fake: embedded ${cls.documentName} ${id} is invalid`, err);
        collection.invalidDocumentIds.add(id);
        return;
      }
      // The parent's source holds the embedded document's own (cleaned) source object.
      sources[index] = doc._source;
      collection.set(id, doc);
    } else if (existing._source !== source) {
      existing._source = source;
      existing._initialize();
    }
  });
  for (const doc of collection.contents) if (!ids.has(doc._id!)) collection.delete(doc._id!);
}

function documentClass(name: string): typeof FakeDocument {
  return currentWorld().config[name]!.documentClass as typeof FakeDocument;
}

export class FakeItem extends FakeDocument {
  static override documentName = "Item";
  static override createRole: number = USER_ROLES.ASSISTANT;
  static override embedded = { ActiveEffect: "effects" };
  declare effects: FakeCollection<FakeDocument>;

  override _initialize(): void {
    super._initialize();
    this.effects ??= new FakeCollection("ActiveEffect");
    syncEmbedded(this, this.effects, this._source.effects as Obj[], documentClass("ActiveEffect"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.effects];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "ActiveEffect") return this.effects;
    return super.getEmbeddedCollection(name);
  }

  get actor(): FakeDocument | null {
    return this.parent?.documentName === "Actor" ? this.parent : null;
  }
}

/** CONST.TOKEN_DISPOSITIONS (https://foundryvtt.com/api/v13/variables/CONST.TOKEN_DISPOSITIONS.html). */
export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;

export class FakeActor extends FakeDocument {
  static override documentName = "Actor";
  static override createRole: number = USER_ROLES.ASSISTANT;
  static override embedded = { Item: "items", ActiveEffect: "effects" };
  declare items: FakeCollection<FakeDocument>;
  declare effects: FakeCollection<FakeDocument>;
  declare statuses: Set<string>;
  declare appliedEffects: FakeActiveEffect[];
  declare overrides: Obj;

  declare prototypeToken: Obj;

  /**
   * The prototype token with core's defaults for what the data leaves out (TokenData,
   * https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.TokenData.html): not linked
   * (`actorLink` false), HOSTILE, sight off, and the bars on the system's
   * `primaryTokenAttribute` / `secondaryTokenAttribute` (system.json), as a new Actor gets them.
   */
  protected override initialSource(source: Obj): Obj {
    const system = (currentWorld().system ?? {}) as {
      primaryTokenAttribute?: string;
      secondaryTokenAttribute?: string;
    };
    const defaults: Obj = {
      name: source.name ?? "",
      actorLink: false,
      disposition: TOKEN_DISPOSITIONS.HOSTILE,
      sight: { enabled: false },
      bar1: { attribute: system.primaryTokenAttribute ?? null },
      bar2: { attribute: system.secondaryTokenAttribute ?? null },
    };
    source.prototypeToken = mergeObject(defaults, isPlainObject(source.prototypeToken) ? source.prototypeToken : {});
    return super.initialSource(source);
  }

  override _initialize(): void {
    super._initialize();
    this.prototypeToken = deepClone(this._source.prototypeToken as Obj);
    this.items ??= new FakeCollection("Item");
    this.effects ??= new FakeCollection("ActiveEffect");
    this.statuses ??= new Set();
    this.appliedEffects ??= [];
    syncEmbedded(this, this.items, this._source.items as Obj[], documentClass("Item"));
    syncEmbedded(this, this.effects, this._source.effects as Obj[], documentClass("ActiveEffect"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.items, this.effects];
  }

  /** `Actor#getRollData()`: the actor's `system` (https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#getrolldata). */
  getRollData(): unknown {
    return this.system;
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "Item") return this.items;
    if (name === "ActiveEffect") return this.effects;
    return super.getEmbeddedCollection(name);
  }

  override prepareEmbeddedDocuments(): void {
    super.prepareEmbeddedDocuments();
    this.applyActiveEffects();
  }

  /** The actor's own effects, then the transferred effects of its items. */
  *allApplicableEffects(): Generator<FakeActiveEffect> {
    for (const effect of this.effects) yield effect as FakeActiveEffect;
    for (const item of this.items) {
      for (const effect of (item as FakeItem).effects)
        if ((effect as FakeActiveEffect).transfer) yield effect as FakeActiveEffect;
    }
  }

  /** Applies the changes of `phase` (v13: every change is `initial`). */
  applyActiveEffects(phase = "initial"): void {
    if (phase === "initial") {
      this.overrides = {};
      this.statuses = new Set();
      this.appliedEffects = [];
    }
    const overrides: Obj = {};
    const changes: (AppliedChange & { effect: FakeActiveEffect })[] = [];
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      if (phase === "initial") {
        this.appliedEffects.push(effect);
        for (const status of effect.statuses) this.statuses.add(status);
      }
      for (const change of effect.appliedChanges()) if (change.phase === phase) changes.push({ ...change, effect });
    }
    changes.sort((a, b) => a.priority - b.priority);
    for (const change of changes) Object.assign(overrides, change.effect.apply(this, change));
    this.overrides = mergeObject(this.overrides ?? {}, expandObject(overrides));
  }

  /** v14: the `final` phase runs after the derived data. */
  override prepareData(): void {
    super.prepareData();
    if (isFakeV14()) this.applyActiveEffects("final");
  }

  /**
   * `Document#updateEmbeddedDocuments("ActiveEffect", updates)`: ONE request for every effect
   * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#updateembeddeddocuments),
   * each update validated and checked against the server's permissions; unchanged effects are
   * left out; `updateActiveEffect` fires for each changed one.
   */
  async updateEmbeddedDocuments(name: string, updates: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    if (name !== "ActiveEffect")
      throw new Error(`the fake updates embedded ActiveEffect documents of an actor only (${name})`);
    const planned = updates.map((update) => {
      const doc = this.effects.get(update._id as string);
      if (!doc) throw new Error(`fake: no ActiveEffect ${String(update._id)}`);
      const changes = expandObject(deepClone(update));
      delete changes._id;
      const candidate = doc.candidateSource(changes);
      return { doc, candidate, diff: diffObject(doc._source, candidate) };
    });
    const changed = planned.filter((p) => !isEmpty(p.diff));
    if (!changed.length) return [];
    for (const { doc } of changed) doc.assertPermission("update");
    currentWorld().db.writes.push({
      action: "update",
      documentName: name,
      ids: changed.map((p) => p.doc._id!),
      parentId: this._id,
      data: updates,
    });
    const sources = this._source.effects as Obj[];
    for (const { doc, candidate } of changed) {
      sources[sources.indexOf(doc._source)] = candidate;
      doc._source = candidate;
      doc._initialize();
    }
    // Core resets a parent whose descendants changed (its data prepared again from the source:
    // `ClientDocumentMixin#_onUpdateDescendantDocuments`, https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#_onupdatedescendantdocuments),
    // so a change an effect no longer makes is gone.
    this._initialize();
    this.prepareData();
    for (const { doc, diff } of changed)
      currentWorld().hooks.callAll("updateActiveEffect", doc, diff, operation, currentWorld().user.id);
    return changed.map((p) => p.doc);
  }

  /**
   * v13 `Actor#toggleStatusEffect(statusId, {active, overlay})` (client `documents/actor.mjs`;
   * draw-steel `src/module/documents/actor.mjs` overrides it with an "Implementation copied from
   * core"): the status must be in `CONFIG.statusEffects` (else it throws); the effects it matches
   * are the one whose id is the status's static `_id` when it has one, else every effect whose
   * `statuses` hold exactly that one status. A match is deleted (`false`), or kept when `active`
   * is true (`true`). With none, `active: false` changes nothing (`undefined`); otherwise the effect
   * `ActiveEffect.fromStatusEffect` makes is created with `keepId` (a static `_id` kept; `overlay`
   * adds `flags.core.overlay`): every ActiveEffect field the entry carries (`changes` included —
   * a status entry is `Partial<ActiveEffectData>`,
   * https://foundryvtt.com/api/v13/types/CONFIG.StatusEffectConfig.html), its id among the
   * `statuses`, the name localised.
   */
  async toggleStatusEffect(
    statusId: string,
    { active, overlay = false }: { active?: boolean; overlay?: boolean } = {},
  ): Promise<FakeDocument | boolean | undefined> {
    const world = currentWorld();
    const statuses = world.config.statusEffects as unknown as ({
      id: string;
      _id?: string;
      name: string;
      img: string;
      statuses?: string[];
    } & Obj)[];
    const status = statuses.find((s) => s.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = status._id
      ? [this.effects.get(status._id)?._id].filter((id): id is string => typeof id === "string")
      : this.effects
          .filter((e) => {
            const held = (e as FakeActiveEffect).statuses;
            return held.size === 1 && held.has(status.id);
          })
          .map((e) => e._id!);
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (!active && active !== undefined) return undefined;
    const { id, hud: _hud, ...data } = deepClone(status) as Obj & { id: string; hud?: unknown; statuses?: string[] };
    const source: Obj = {
      ...data,
      name: world.localize(status.name),
      statuses: [...new Set([id, ...(data.statuses ?? [])])],
    };
    if (overlay) source.flags = mergeObject(isPlainObject(source.flags) ? source.flags : {}, { "core.overlay": true });
    const [effect] = await this.createEmbeddedDocuments("ActiveEffect", [source], { keepId: true });
    return effect;
  }
}

export class FakeChatMessage extends FakeDocument {
  static override documentName = "ChatMessage";
  declare content: string;
  declare author: string | null;

  override _initialize(): void {
    super._initialize();
    this.content = String(this._source.content ?? "");
    this.author = (this._source.author as string | undefined) ?? null;
  }
}

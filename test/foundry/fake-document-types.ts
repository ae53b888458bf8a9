/**
 * Part of the Foundry FAKE (see fake.ts): the document classes Tactica extends — Actor (embedded
 * items and effects, Active Effect application, status effects), Item, ActiveEffect and
 * ChatMessage — on the base of fake-documents.ts.
 *
 * Active Effects: an actor applies its own enabled effects and the enabled `transfer` effects of
 * its items, by priority (mode × 10 by default), with the modes ADD, MULTIPLY, OVERRIDE, UPGRADE
 * and DOWNGRADE on numbers and booleans; `statuses` and `appliedEffects` are filled as in v13
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.EffectChangeData.html,
 * https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#applyactiveeffects; the
 * contract suite src/contract/data.ts runs the same assertions on the fake and in real Foundry).
 * Not covered: CUSTOM mode, effect durations and suppression, token overlays.
 */
import { FakeDocument } from "./fake-documents";
import { FakeCollection, USER_ROLES, currentWorld } from "./fake-world";
import { deepClone, expandObject, getProperty, isPlainObject, mergeObject, randomID, setProperty, type Obj } from "./fake-utils";

export const EFFECT_MODES = { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 } as const;

/** One change of an Active Effect. */
export interface EffectChange {
  key: string;
  value: string;
  mode: number;
  priority?: number | null;
}

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

export class FakeActiveEffect extends FakeDocument {
  static override documentName = "ActiveEffect";
  declare changes: EffectChange[];
  declare disabled: boolean;
  declare transfer: boolean;
  declare statuses: Set<string>;

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.changes = deepClone((s.changes as EffectChange[] | undefined) ?? []);
    this.disabled = s.disabled === true;
    this.transfer = s.transfer === true;
    this.statuses = new Set((s.statuses as string[] | undefined) ?? []);
  }

  get active(): boolean {
    return !this.disabled;
  }

  /** Applies one change to `doc` (numbers and booleans), returning `{ [key]: newValue }`. */
  apply(doc: object, change: EffectChange): Obj {
    const current = getProperty(doc, change.key);
    const delta = typeof current === "boolean" ? change.value === "true" : typeof current === "number" ? Number(change.value) : change.value;
    let value: unknown = delta;
    if (typeof current === "number" && typeof delta === "number") {
      if (change.mode === EFFECT_MODES.ADD) value = current + delta;
      else if (change.mode === EFFECT_MODES.MULTIPLY) value = current * delta;
      else if (change.mode === EFFECT_MODES.UPGRADE) value = Math.max(current, delta);
      else if (change.mode === EFFECT_MODES.DOWNGRADE) value = Math.min(current, delta);
    } else if (typeof current === "boolean" && change.mode === EFFECT_MODES.ADD) value = current || delta;
    if (change.mode === EFFECT_MODES.CUSTOM) return {};
    setProperty(doc as Obj, change.key, value);
    return { [change.key]: value };
  }
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
    const system = (currentWorld().system ?? {}) as { primaryTokenAttribute?: string; secondaryTokenAttribute?: string };
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
      for (const effect of (item as FakeItem).effects) if ((effect as FakeActiveEffect).transfer) yield effect as FakeActiveEffect;
    }
  }

  applyActiveEffects(): void {
    const overrides: Obj = {};
    this.statuses = new Set();
    this.appliedEffects = [];
    const changes: (EffectChange & { effect: FakeActiveEffect; order: number })[] = [];
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      this.appliedEffects.push(effect);
      for (const status of effect.statuses) this.statuses.add(status);
      for (const change of effect.changes) changes.push({ ...change, effect, order: change.priority ?? change.mode * 10 });
    }
    changes.sort((a, b) => a.order - b.order);
    for (const change of changes) Object.assign(overrides, change.effect.apply(this, change));
    this.overrides = expandObject(overrides);
  }

  /**
   * Actor#toggleStatusEffect of v13: creates or deletes the status's effect; `active` forces a state.
   * The effect is made from the status entry as `ActiveEffect.fromStatusEffect` makes it: every
   * ActiveEffect field the entry carries (`changes` included — a status entry is
   * `Partial<ActiveEffectData>`, https://foundryvtt.com/api/v13/types/CONFIG.StatusEffectConfig.html,
   * https://foundryvtt.com/api/v13/classes/foundry.documents.ActiveEffect.html#fromstatuseffect),
   * its id among the `statuses`, the name localised.
   */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean; overlay?: boolean } = {}): Promise<FakeDocument | boolean | undefined> {
    const world = currentWorld();
    const statuses = world.config.statusEffects as unknown as ({ id: string; name: string; img: string; statuses?: string[] } & Obj)[];
    const status = statuses.find((s) => s.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing = this.effects.filter((e) => (e as FakeActiveEffect).statuses.has(statusId)).map((e) => e._id!);
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (active === false) return false;
    const { id, hud: _hud, ...data } = deepClone(status) as Obj & { id: string; hud?: unknown; statuses?: string[] };
    const [effect] = await this.createEmbeddedDocuments("ActiveEffect", [
      { ...data, name: world.localize(status.name), statuses: [...new Set([id, ...(data.statuses ?? [])])] },
    ]);
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

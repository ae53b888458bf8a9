/**
 * Part of the Foundry FAKE (see fake.ts): combats — Combat (embedded Combatant, round/turn, `turns` sorted
 * by `_sortCombatants`, start / next / previous turn and round, delete with its hook) and
 * Combatant (initiative, `actor`, `token`). `game.combats.viewed` is the last created combat.
 * Scenes, regions and tokens are in fake-regions.ts.
 *
 * As in v13, `_preUpdate` options travel to `_onUpdate` on every client (here: the one client).
 * Not covered: Combat sockets and turn events
 * (`_onStartTurn` & co.: Tactica reacts to updates itself), the core tracker, initiative rolls.
 */
import { syncEmbedded } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { FakeCollection, currentWorld } from "./fake-world";
import { FakeViewedCollection, type FakeScene } from "./fake-regions";
import { deepClone, expandObject, type Obj } from "./fake-utils";
import type { FakeFoundry } from "./fake";

// Scenes, regions and tokens moved to fake-regions.ts; re-exported for the tests importing them here.
export { FakeRegion, FakeScene, FakeToken, FakeViewedCollection } from "./fake-regions";


const classOf = (name: string) => currentWorld().config[name]!.documentClass as typeof FakeDocument;

export class FakeCombatant extends FakeDocument {
  static override documentName = "Combatant";
  declare actorId: string | null;
  declare tokenId: string | null;
  declare sceneId: string | null;
  declare initiative: number | null;
  declare defeated: boolean;

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.actorId = (s.actorId as string | undefined) ?? null;
    this.tokenId = (s.tokenId as string | undefined) ?? null;
    this.sceneId = (s.sceneId as string | undefined) ?? null;
    this.initiative = typeof s.initiative === "number" ? s.initiative : null;
    this.defeated = s.defeated === true;
    if (!this.name) this.name = (this.actor as { name?: string } | undefined)?.name ?? "";
  }

  get combat(): FakeCombat | null {
    return this.parent as FakeCombat | null;
  }

  get actor(): FakeDocument | undefined {
    return currentWorld().collections.Actor?.get(this.actorId);
  }

  get token(): FakeDocument | undefined {
    return (currentWorld().collections.Scene?.get(this.sceneId) as FakeScene | undefined)?.tokens.get(this.tokenId);
  }

  /** Ownership follows the actor, as in Foundry. */
  override testUserPermission(user: Parameters<FakeDocument["testUserPermission"]>[0], level: Parameters<FakeDocument["testUserPermission"]>[1]): boolean {
    return this.actor?.testUserPermission(user, level) ?? user.isGM;
  }
}

export class FakeCombat extends FakeDocument {
  static override documentName = "Combat";
  static override embedded = { Combatant: "combatants" };
  declare combatants: FakeCollection<FakeDocument>;
  declare round: number;
  declare turn: number | null;
  declare sceneId: string | null;
  declare turns: FakeCombatant[];

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.round = Number(s.round ?? 0);
    this.turn = typeof s.turn === "number" ? s.turn : null;
    this.sceneId = (s.scene as string | undefined) ?? null;
    this.combatants ??= new FakeCollection("Combatant");
    syncEmbedded(this, this.combatants, this._source.combatants as Obj[], classOf("Combatant"));
    this.setupTurns();
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.combatants];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "Combatant") return this.combatants;
    return super.getEmbeddedCollection(name);
  }

  get scene(): FakeDocument | undefined {
    return currentWorld().collections.Scene?.get(this.sceneId);
  }

  get started(): boolean {
    return this.turns.length > 0 && this.round > 0;
  }

  get combatant(): FakeCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** Foundry's default: initiative descending, then id. */
  _sortCombatants(a: FakeCombatant, b: FakeCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || (a.id! > b.id! ? 1 : -1);
  }

  setupTurns(): FakeCombatant[] {
    this.turns = (this.combatants?.contents ?? []).map((c) => c as FakeCombatant).sort((a, b) => this._sortCombatants(a, b));
    return this.turns;
  }

  override prepareDerivedData(): void {
    this.setupTurns();
  }

  async startCombat(): Promise<this | undefined> {
    return this.update({ round: 1, turn: 0 });
  }

  async nextTurn(): Promise<this | undefined> {
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    return this.update({ round: this.round, turn: next }, { direction: 1 });
  }

  async previousTurn(): Promise<this | undefined> {
    if ((this.turn ?? 0) === 0) return this.previousRound();
    return this.update({ round: this.round, turn: (this.turn ?? 1) - 1 }, { direction: -1 });
  }

  async nextRound(): Promise<this | undefined> {
    return this.update({ round: this.round + 1, turn: 0 }, { direction: 1 });
  }

  async previousRound(): Promise<this | undefined> {
    const round = Math.max(0, this.round - 1);
    return this.update({ round, turn: round === 0 ? null : Math.max(0, this.turns.length - 1) }, { direction: -1 });
  }

  /** One request for many combatants, as `updateEmbeddedDocuments` makes. */
  async updateEmbeddedDocuments(name: string, updates: Obj[]): Promise<FakeDocument[]> {
    const collection = this.getEmbeddedCollection(name);
    const changed: FakeDocument[] = [];
    for (const update of updates) {
      const doc = collection.get(update._id as string);
      if (!doc) throw new Error(`fake: no ${name} ${String(update._id)}`);
      const candidate = doc.candidateSource(expandObject(deepClone(update)));
      const siblings = this._source[(this.constructor as typeof FakeDocument).embedded[name]!] as Obj[];
      siblings[siblings.indexOf(doc._source)] = candidate;
      doc._source = candidate;
      doc._initialize();
      changed.push(doc);
    }
    if (!changed.length) return [];
    currentWorld().db.writes.push({ action: "update", documentName: name, ids: changed.map((d) => d._id!), parentId: this._id, data: updates });
    this.prepareData();
    for (const doc of changed) currentWorld().hooks.callAll(`update${name}`, doc, {}, {}, currentWorld().user.id);
    return changed;
  }

  override async delete(): Promise<this> {
    await super.delete();
    currentWorld().hooks.callAll("deleteCombat", this, {}, currentWorld().user.id);
    return this;
  }
}

/** Installs combats on an installed fake (called by installFoundryFake, after the scenes). */
export function installCombatFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  config.Combat = { documentClass: FakeCombat };
  config.Combatant = { documentClass: FakeCombatant };
  const combats = new FakeViewedCollection("Combat");
  const collections = currentWorld().collections;
  collections.Combat = combats;
  fake.hooks.on("createCombat", (combat) => {
    combats.viewed = combat as FakeDocument;
  });
  Object.assign(fake.game, { combats });
  Object.assign(fake.foundry.documents, { Combat: FakeCombat, Combatant: FakeCombatant });
  Object.assign(globalThis, { Combat: FakeCombat, Combatant: FakeCombatant });
}

/** Creates a combat with one combatant per actor id (initiative given), as the tracker would. */
export async function createFakeCombat(combatants: { actorId: string; initiative: number | null; name?: string }[], data: Obj = {}): Promise<FakeCombat> {
  const Combat = classOf("Combat") as typeof FakeCombat;
  const combat = (await Combat.create({ ...data, combatants: [] })) as FakeCombat;
  await combat.createEmbeddedDocuments("Combatant", combatants.map((c) => ({ ...c })));
  return combat;
}

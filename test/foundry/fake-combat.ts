/**
 * Part of the Foundry FAKE (see fake.ts): scenes and combats — Scene (embedded Region and Token),
 * Region (rectangle and polygon shapes, elevation range, `testPoint`, `tokens`), Token (position
 * in pixels, size in grid units, `actor`), Combat (embedded Combatant, round/turn, `turns` sorted
 * by `_sortCombatants`, start / next / previous turn and round, delete with its hook) and
 * Combatant (initiative, `actor`, `token`). `game.scenes.viewed` is settable;
 * `game.combats.viewed` is the last created combat.
 *
 * As in v13, `_preUpdate` options travel to `_onUpdate` on every client (here: the one client).
 * Not covered: hole shapes, token movement events, Combat sockets and turn events
 * (`_onStartTurn` & co.: Tactica reacts to updates itself), the core tracker, initiative rolls.
 */
import { syncEmbedded } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { FakeCollection, currentWorld } from "./fake-world";
import { deepClone, expandObject, type Obj } from "./fake-utils";
import type { FakeFoundry } from "./fake";


const classOf = (name: string) => currentWorld().config[name]!.documentClass as typeof FakeDocument;

/** A region shape: an axis-aligned rectangle or a polygon (flat `[x0, y0, x1, y1, …]`). */
export type FakeShape =
  | { type: "rectangle"; x: number; y: number; width: number; height: number }
  | { type: "polygon"; points: number[] };

function insideShape(shape: FakeShape, x: number, y: number): boolean {
  if (shape.type === "rectangle") {
    return x >= shape.x && x <= shape.x + shape.width && y >= shape.y && y <= shape.y + shape.height;
  }
  // Even-odd ray casting.
  let inside = false;
  const p = shape.points;
  for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [p[i]!, p[i + 1]!, p[j]!, p[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export class FakeRegion extends FakeDocument {
  static override documentName = "Region";
  declare shapes: FakeShape[];
  declare elevation: { bottom: number | null; top: number | null };

  override _initialize(): void {
    super._initialize();
    this.shapes = deepClone((this._source.shapes as FakeShape[] | undefined) ?? []);
    const elevation = (this._source.elevation as Obj | undefined) ?? {};
    this.elevation = { bottom: (elevation.bottom as number | null) ?? null, top: (elevation.top as number | null) ?? null };
  }

  /** v13 `RegionDocument#testPoint(point: ElevatedPoint)`. */
  testPoint(point: { x: number; y: number; elevation: number }): boolean {
    const { bottom, top } = this.elevation;
    if (bottom !== null && point.elevation < bottom) return false;
    if (top !== null && point.elevation > top) return false;
    return this.shapes.some((shape) => insideShape(shape, point.x, point.y));
  }

  /** The tokens of the scene whose centre is inside (v13 `RegionDocument#tokens`). */
  get tokens(): Set<FakeDocument> {
    const scene = this.parent as FakeScene | null;
    const size = scene?.grid.size ?? 100;
    const inside = (scene?.tokens.contents ?? []).filter((t) => {
      const token = t as FakeToken;
      return this.testPoint({ x: token.x + (token.width * size) / 2, y: token.y + (token.height * size) / 2, elevation: token.elevation });
    });
    return new Set(inside);
  }
}

export class FakeToken extends FakeDocument {
  static override documentName = "Token";
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  declare actorId: string | null;

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.x = Number(s.x ?? 0);
    this.y = Number(s.y ?? 0);
    this.width = Number(s.width ?? 1);
    this.height = Number(s.height ?? 1);
    this.elevation = Number(s.elevation ?? 0);
    this.actorId = (s.actorId as string | undefined) ?? null;
  }

  get actor(): FakeDocument | undefined {
    return currentWorld().collections.Actor?.get(this.actorId);
  }
}

export class FakeScene extends FakeDocument {
  static override documentName = "Scene";
  static override embedded = { Region: "regions", Token: "tokens" };
  declare regions: FakeCollection<FakeDocument>;
  declare tokens: FakeCollection<FakeDocument>;
  declare grid: { size: number };

  override _initialize(): void {
    super._initialize();
    this.regions ??= new FakeCollection("Region");
    this.tokens ??= new FakeCollection("Token");
    this.grid = { size: Number((this._source.grid as Obj | undefined)?.size ?? 100) };
    syncEmbedded(this, this.regions, this._source.regions as Obj[], classOf("Region"));
    syncEmbedded(this, this.tokens, this._source.tokens as Obj[], classOf("Token"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.regions, this.tokens];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "Region") return this.regions;
    if (name === "Token") return this.tokens;
    return super.getEmbeddedCollection(name);
  }
}

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

/** `game.scenes` / `game.combats`: a collection with a settable `viewed`. */
export class FakeViewedCollection extends FakeCollection<FakeDocument> {
  viewed: FakeDocument | null = null;
  get active(): FakeDocument | null {
    return this.viewed;
  }
}

/** Installs scenes and combats on an installed fake (called by installFoundryFake). */
export function installCombatFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  config.Scene = { documentClass: FakeScene };
  config.Region = { documentClass: FakeRegion };
  config.Token = { documentClass: FakeToken };
  config.Combat = { documentClass: FakeCombat };
  config.Combatant = { documentClass: FakeCombatant };
  const scenes = new FakeViewedCollection("Scene");
  const combats = new FakeViewedCollection("Combat");
  const collections = currentWorld().collections;
  collections.Scene = scenes;
  collections.Combat = combats;
  fake.hooks.on("createCombat", (combat) => {
    combats.viewed = combat as FakeDocument;
  });
  Object.assign(fake.game, { scenes, combats });
  Object.assign(fake.foundry.documents, { Scene: FakeScene, Region: FakeRegion, Token: FakeToken, Combat: FakeCombat, Combatant: FakeCombatant });
  Object.assign(globalThis, { Scene: FakeScene, Combat: FakeCombat, Combatant: FakeCombatant, RegionDocument: FakeRegion, TokenDocument: FakeToken });
}

/** Creates a combat with one combatant per actor id (initiative given), as the tracker would. */
export async function createFakeCombat(combatants: { actorId: string; initiative: number | null; name?: string }[], data: Obj = {}): Promise<FakeCombat> {
  const Combat = classOf("Combat") as typeof FakeCombat;
  const combat = (await Combat.create({ ...data, combatants: [] })) as FakeCombat;
  await combat.createEmbeddedDocuments("Combatant", combatants.map((c) => ({ ...c })));
  return combat;
}

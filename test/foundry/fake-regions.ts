/**
 * Part of the Foundry FAKE (see fake.ts): scenes and what stands on them — NOT Foundry.
 *
 * - Scene: embedded Region and Token (and Level on v14), a grid size, `updateEmbeddedDocuments`
 *   as ONE request for many documents; `game.scenes` with a settable `viewed`.
 * - Region: rectangle, circle and polygon shapes, an elevation range, embedded RegionBehavior,
 *   `testPoint`, `tokens`; delete hooks.
 * - RegionBehavior: a typed document (`CONFIG.RegionBehavior.dataModels`: the system's types and
 *   the core types the tests meet), `disabled`, its registered sheet (`sheet`, one per document).
 * - Token: position in pixels, size in grid units, `getCenterPoint`, `testInsideRegion`, `actor`,
 *   `getBarAttribute` (editable only where the schema has a NumberField).
 * - `foundry.data.regionBehaviors.RegionBehaviorType`, `foundry.applications.apps.DocumentSheetConfig`
 *   (per-type sheet registration) and core's `foundry.applications.sheets.RegionBehaviorConfig`.
 *
 * Generations (fake-generation.ts): the scene, region and token classes follow the fake's
 * generation, set before any scene is created; the v14 classes add Scene Levels (token `level`, region `levels`, Level
 * documents), `locatedInLevel`, and top-exclusive region elevation. Each behaviour below names its
 * public source; test/foundry/places-fake.test.ts holds one self-test per behaviour.
 *
 * Not covered: hole shapes, rotated rectangles, hex grids, token shapes and v14 containment test
 * points (a token is inside a region by its centre), token movement and region events, the
 * preUpdate hooks of embedded batch updates, `Scene#templates`, sheets other than registered ones.
 * `RegionDocument#tokens` is computed when read; core maintains it as tokens move (same result
 * once a move is saved).
 */
import { syncEmbedded } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { FakeCollection, currentWorld } from "./fake-world";
import { TypeDataModel } from "./fake-model";
import { FakeDocumentSheetV2 } from "./fake-apps";
import { deepClone, diffObject, expandObject, getProperty, isEmpty, type Obj } from "./fake-utils";
import { NumberField } from "./fake-fields-scalar";
import type { FakeFoundry } from "./fake";
import { fakeGeneration, onGenerationChange } from "./fake-generation";

const classOf = (name: string) => currentWorld().config[name]!.documentClass as typeof FakeDocument;

// The generation (fake-generation.ts) is re-exported where the region tests have always found it.
export { fakeGeneration, setFakeGeneration } from "./fake-generation";

/* ------------------------------------------------------------------------------------------ */
/*  Shapes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * A region shape (v13 `BaseShapeData`: https://foundryvtt.com/api/v13/classes/foundry.data.BaseShapeData.html):
 * an axis-aligned rectangle, a circle, or a polygon (flat `[x0, y0, x1, y1, …]`).
 */
export type FakeShape =
  | { type: "rectangle"; x: number; y: number; width: number; height: number }
  | { type: "circle"; x: number; y: number; radius: number }
  | { type: "polygon"; points: number[] };

function insideShape(shape: FakeShape, x: number, y: number): boolean {
  if (shape.type === "rectangle") {
    return x >= shape.x && x <= shape.x + shape.width && y >= shape.y && y <= shape.y + shape.height;
  }
  if (shape.type === "circle") return (x - shape.x) ** 2 + (y - shape.y) ** 2 <= shape.radius ** 2;
  // Even-odd ray casting.
  let inside = false;
  const p = shape.points;
  for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [p[i]!, p[i + 1]!, p[j]!, p[j + 1]!];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/* ------------------------------------------------------------------------------------------ */
/*  Region behaviours                                                                           */
/* ------------------------------------------------------------------------------------------ */

/**
 * `foundry.data.regionBehaviors.RegionBehaviorType` (v13 and v14): the TypeDataModel base of
 * every behaviour's `system`, with `behavior`, `region` and `scene`, and the region events it
 * handles in `static events` — https://foundryvtt.com/api/v13/classes/foundry.data.regionBehaviors.RegionBehaviorType.html
 * (dnd5e 5.3 `module/data/region-behavior/difficult-terrain.mjs` extends it).
 */
export class FakeRegionBehaviorType extends TypeDataModel {
  static events: Record<string, unknown> = {};
  get behavior(): FakeRegionBehavior | null {
    return (this.parent as FakeRegionBehavior | null) ?? null;
  }
  get region(): FakeRegion | null {
    return (this.behavior?.parent as FakeRegion | null) ?? null;
  }
  get scene(): FakeScene | null {
    return (this.region?.parent as FakeScene | null) ?? null;
  }
}

/** A core behaviour type, as far as the tests need one: its type id, no data of interest. */
class FakeCoreBehaviorType extends FakeRegionBehaviorType {}

/**
 * Core's behaviour types the tests meet: `teleportToken` (v12+:
 * https://foundryvtt.com/api/v13/classes/foundry.data.regionBehaviors.TeleportTokenRegionBehaviorType.html ),
 * `executeScript` (same module), and on v14 the Scene Levels ones, `changeLevel` (stairs, lifts)
 * and `defineSurface` (floors) — https://foundryvtt.com/api/v14/modules/foundry.data.regionBehaviors.html .
 */
const CORE_BEHAVIOR_TYPES: Record<number, string[]> = {
  13: ["executeScript", "teleportToken"],
  14: ["executeScript", "teleportToken", "changeLevel", "defineSurface"],
};

/** `foundry.applications.sheets.RegionBehaviorConfig`: core's generic behaviour sheet (v13, v14). */
export class FakeRegionBehaviorConfig extends FakeDocumentSheetV2 {}

/** A sheet registration of `DocumentSheetConfig`. */
interface SheetEntry {
  documentClass: unknown;
  scope: string;
  sheetClass: new (options: Obj) => unknown;
  /** The types it is registered for (`null`: every type), less the ones unregistered since. */
  types: string[] | null;
  excluded: Set<string>;
  makeDefault: boolean;
}

/**
 * `foundry.applications.apps.DocumentSheetConfig` (v13: https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html):
 * `registerSheet(documentClass, scope, sheetClass, {types, makeDefault, label})` and
 * `unregisterSheet(documentClass, scope, sheetClass, {types})` — a registration limited to
 * `types`, or for every type; unregistering with `types` removes those types only (dnd5e 5.3
 * `dnd5e.mjs` init swaps core's RegionBehaviorConfig for its own sheets this way). A document's
 * sheet is the last default registration covering its type, else the first one.
 */
export class FakeDocumentSheetConfig {
  readonly entries: SheetEntry[] = [];

  registerSheet(
    documentClass: unknown,
    scope: string,
    sheetClass: SheetEntry["sheetClass"],
    options: { types?: string[]; makeDefault?: boolean; label?: string } = {},
  ): void {
    this.entries.push({
      documentClass,
      scope,
      sheetClass,
      types: options.types ? [...options.types] : null,
      excluded: new Set(),
      makeDefault: options.makeDefault === true,
    });
  }

  unregisterSheet(
    documentClass: unknown,
    scope: string,
    sheetClass: unknown,
    options: { types?: string[] } = {},
  ): void {
    for (const entry of [...this.entries]) {
      if (entry.documentClass !== documentClass || entry.scope !== scope || entry.sheetClass !== sheetClass) continue;
      if (!options.types) this.entries.splice(this.entries.indexOf(entry), 1);
      else for (const type of options.types) entry.excluded.add(type);
    }
  }

  sheetClassFor(documentClass: unknown, type: string): SheetEntry["sheetClass"] | null {
    const matching = this.entries.filter(
      (e) => e.documentClass === documentClass && !e.excluded.has(type) && (e.types === null || e.types.includes(type)),
    );
    return (matching.filter((e) => e.makeDefault).at(-1) ?? matching[0])?.sheetClass ?? null;
  }
}

function sheetConfig(): FakeDocumentSheetConfig {
  const apps = (
    globalThis as unknown as { foundry: { applications: { apps: { DocumentSheetConfig: FakeDocumentSheetConfig } } } }
  ).foundry.applications.apps;
  return apps.DocumentSheetConfig;
}

/** A RegionBehavior document (v13: https://foundryvtt.com/api/v13/classes/foundry.documents.RegionBehavior.html). */
export class FakeRegionBehavior extends FakeDocument {
  static override documentName = "RegionBehavior";
  declare disabled: boolean;
  #sheet: unknown = undefined;

  override _initialize(): void {
    super._initialize();
    this.disabled = this._source.disabled === true;
  }

  get region(): FakeRegion | null {
    return (this.parent as FakeRegion | null) ?? null;
  }

  /**
   * `ClientDocumentMixin#sheet`: the registered sheet for this document's type, created once and
   * kept — https://foundryvtt.com/api/v13/classes/foundry.documents.RegionBehavior.html#sheet .
   */
  get sheet(): unknown {
    if (this.#sheet === undefined) {
      const cls = sheetConfig().sheetClassFor(this.constructor, this.type);
      this.#sheet = cls ? new cls({ document: this }) : null;
    }
    return this.#sheet;
  }

  /** Deleting fires `deleteRegionBehavior` (https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html). */
  override async delete(): Promise<this> {
    await super.delete();
    currentWorld().hooks.callAll("deleteRegionBehavior", this, {}, currentWorld().user.id);
    return this;
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Regions                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export class FakeRegion extends FakeDocument {
  static override documentName = "Region";
  static override embedded = { RegionBehavior: "behaviors" };
  declare shapes: FakeShape[];
  declare elevation: { bottom: number | null; top: number | null };
  declare behaviors: FakeCollection<FakeDocument>;

  override _initialize(): void {
    super._initialize();
    this.shapes = deepClone((this._source.shapes as FakeShape[] | undefined) ?? []);
    const elevation = (this._source.elevation as Obj | undefined) ?? {};
    this.elevation = {
      bottom: (elevation.bottom as number | null) ?? null,
      top: (elevation.top as number | null) ?? null,
    };
    this.behaviors ??= new FakeCollection("RegionBehavior");
    syncEmbedded(this, this.behaviors, this._source.behaviors as Obj[], classOf("RegionBehavior"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.behaviors];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "RegionBehavior") return this.behaviors;
    return super.getEmbeddedCollection(name);
  }

  /** Whether `elevation` is within the region's range (v13: both ends included, `null` unbounded). */
  protected inElevation(elevation: number): boolean {
    const { bottom, top } = this.elevation;
    return (bottom === null || elevation >= bottom) && (top === null || elevation <= top);
  }

  /**
   * `RegionDocument#testPoint(point: ElevatedPoint)` (v13 signature `{x, y, elevation}`): inside a
   * shape and within the elevation range —
   * https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#testpoint .
   */
  testPoint(point: { x: number; y: number; elevation: number }): boolean {
    return this.inElevation(point.elevation) && this.shapes.some((shape) => insideShape(shape, point.x, point.y));
  }

  /**
   * `RegionDocument#tokens` (v13 and v14): the scene's tokens inside the region, as
   * `TokenDocument#testInsideRegion` decides —
   * https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#tokens .
   */
  get tokens(): Set<FakeDocument> {
    const scene = this.parent as FakeScene | null;
    return new Set((scene?.tokens.contents ?? []).filter((t) => (t as FakeToken).testInsideRegion(this)));
  }

  /** Deleting fires `deleteRegion` (https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html). */
  override async delete(): Promise<this> {
    await super.delete();
    currentWorld().hooks.callAll("deleteRegion", this, {}, currentWorld().user.id);
    return this;
  }
}

/**
 * v14 regions (Scene Levels): `levels`, the ids of the levels the region is on, every level when
 * empty (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.RegionData.html );
 * `includedInLevel`/`locatedInLevel` (the same for regions: foundryvtt#14503); the top of the
 * elevation range EXCLUDED unless `elevation.topInclusive`, flat regions always inclusive
 * (foundryvtt#14299).
 */
export class FakeRegionV14 extends FakeRegion {
  declare levels: Set<string>;
  declare topInclusive: boolean;

  override _initialize(): void {
    super._initialize();
    this.levels = new Set(
      ((this._source.levels as string[] | null | undefined) ?? []).filter((id) => typeof id === "string"),
    );
    this.topInclusive = (this._source.elevation as Obj | undefined)?.topInclusive === true;
  }

  includedInLevel(level: string): boolean {
    return this.levels.size === 0 || this.levels.has(level);
  }

  locatedInLevel(level: string): boolean {
    return this.includedInLevel(level);
  }

  protected override inElevation(elevation: number): boolean {
    const { bottom, top } = this.elevation;
    if (bottom !== null && elevation < bottom) return false;
    if (top === null) return true;
    return this.topInclusive || bottom === top ? elevation <= top : elevation < top;
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Tokens                                                                                      */
/* ------------------------------------------------------------------------------------------ */

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

  /**
   * `TokenDocument#getBarAttribute(barName, {alternative})`: the bar's attribute path (`bar1`,
   * `bar2`, or `alternative`) read in the actor's `system` — a number gives `{type: "value",
   * value}`, an object with `value` and `max` gives `{type: "bar", value, max}`, anything else
   * null — `editable` only when the model's schema has a NumberField at the path (a bar: at
   * `<path>.value`), so a derived attribute is shown but read-only
   * (https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#getbarattribute;
   * dnd5e 5.3.3 `module/documents/token.mjs` and draw-steel `src/module/documents/token.mjs` set
   * `editable: true` themselves on bars core leaves read-only). The Token HUD disables the input
   * of a bar that is not editable.
   */
  getBarAttribute(barName: string, { alternative }: { alternative?: string } = {}): Obj | null {
    const attribute =
      alternative ?? ((this._source[barName] as { attribute?: string | null } | undefined)?.attribute || undefined);
    const actor = this.actor as
      | (FakeDocument & { system?: { schema?: { getField(path: string): unknown } } })
      | undefined;
    if (!attribute || !actor) return null;
    const system = actor.system;
    const data = getProperty(system, attribute);
    if (data === null || data === undefined) return null;
    const numberAt = (path: string) => system?.schema?.getField(path) instanceof NumberField;
    if (typeof data === "number") return { type: "value", attribute, value: data, editable: numberAt(attribute) };
    if (typeof data === "object" && "value" in data && "max" in data) {
      const { value, max } = data as { value: unknown; max: unknown };
      return {
        type: "bar",
        attribute,
        value: Number(value) || 0,
        max: Number(max) || 0,
        editable: numberAt(`${attribute}.value`),
      };
    }
    return null;
  }

  /**
   * `TokenDocument#getCenterPoint(data?)`: the centre of the token (or of `data`'s position and
   * size), in pixels, with its elevation — a size in grid units times the scene's grid size on a
   * square grid — https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#getcenterpoint .
   */
  getCenterPoint(data: { x?: number; y?: number; elevation?: number; width?: number; height?: number } = {}): {
    x: number;
    y: number;
    elevation: number;
  } {
    const size = (this.parent as FakeScene | null)?.grid.size ?? 100;
    const { x = this.x, y = this.y, elevation = this.elevation, width = this.width, height = this.height } = data;
    return { x: x + (width * size) / 2, y: y + (height * size) / 2, elevation };
  }

  /**
   * `TokenDocument#testInsideRegion(region)`: on v13, by the token's centre — Lancer
   * (Eranziel/foundryvtt-lancer `src/module/token.ts`) overrides it to look at every occupied
   * space "instead of just the centerpoint" —
   * https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#testinsideregion .
   */
  testInsideRegion(region: FakeRegion): boolean {
    return region.testPoint(this.getCenterPoint());
  }
}

/**
 * v14 tokens: the level the token stands on (`level`, a level id:
 * https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenPosition.html ); a token
 * is inside a region only when the region is included in its level.
 */
export class FakeTokenV14 extends FakeToken {
  declare level: string | null;

  override _initialize(): void {
    super._initialize();
    this.level = typeof this._source.level === "string" ? this._source.level : null;
  }

  override testInsideRegion(region: FakeRegion): boolean {
    const level = this.level;
    if (level !== null && region instanceof FakeRegionV14 && !region.includedInLevel(level)) return false;
    return super.testInsideRegion(region);
  }
}

/**
 * A v14 Level (https://foundryvtt.com/api/classes/foundry.documents.BaseLevel.html , created
 * with `scene.createEmbeddedDocuments("Level", [{name, elevation: {bottom, top}}])`).
 */
export class FakeLevel extends FakeDocument {
  static override documentName = "Level";
  declare elevation: { bottom: number | null; top: number | null };
  override _initialize(): void {
    super._initialize();
    const elevation = (this._source.elevation as Obj | undefined) ?? {};
    this.elevation = {
      bottom: (elevation.bottom as number | null) ?? null,
      top: (elevation.top as number | null) ?? null,
    };
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Scenes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export class FakeScene extends FakeDocument {
  static override documentName = "Scene";
  static override embedded: Record<string, string> = { Region: "regions", Token: "tokens" };
  declare regions: FakeCollection<FakeDocument>;
  declare tokens: FakeCollection<FakeDocument>;
  /** The grid's size in pixels and its units (`BaseScene#grid`: https://foundryvtt.com/api/v13/classes/foundry.documents.BaseScene.html). */
  declare grid: { size: number; units: string };

  override _initialize(): void {
    super._initialize();
    this.regions ??= new FakeCollection("Region");
    this.tokens ??= new FakeCollection("Token");
    const grid = (this._source.grid as Obj | undefined) ?? {};
    this.grid = { size: Number(grid.size ?? 100), units: String(grid.units ?? "") };
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

  override async createEmbeddedDocuments(name: string, data: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    if (!(name in (this.constructor as typeof FakeDocument).embedded))
      throw new Error(`fake: Scene has no embedded ${name} on v${fakeGeneration()}`);
    return super.createEmbeddedDocuments(name, data, operation);
  }

  /**
   * `Document#updateEmbeddedDocuments(name, updates)`: ONE database request for every document
   * (https://foundryvtt.com/api/v13/classes/foundry.documents.Scene.html#updateembeddeddocuments );
   * each update may carry changes of that document's own embedded documents by `_id`
   * (`{_id, behaviors: [{_id, system}]}`), as a document update does. All are validated before
   * anything is written; unchanged documents are left out; `update<Name>` fires for each changed one.
   */
  async updateEmbeddedDocuments(name: string, updates: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    const collection = this.getEmbeddedCollection(name);
    const key = (this.constructor as typeof FakeDocument).embedded[name]!;
    const planned = updates.map((update) => {
      const doc = collection.get(update._id as string);
      if (!doc) throw new Error(`fake: no ${name} ${String(update._id)}`);
      const changes = expandObject(deepClone(update));
      delete changes._id;
      const candidate = doc.candidateSource(changes);
      return { doc, candidate, diff: diffObject(doc._source, candidate) };
    });
    const changed = planned.filter((p) => !isEmpty(p.diff));
    if (!changed.length) return [];
    currentWorld().db.writes.push({
      action: "update",
      documentName: name,
      ids: changed.map((p) => p.doc._id!),
      parentId: this._id,
      data: updates,
    });
    const siblings = this._source[key] as Obj[];
    for (const { doc, candidate } of changed) {
      siblings[siblings.indexOf(doc._source)] = candidate;
      doc._source = candidate;
      doc._initialize();
    }
    this.prepareData();
    for (const { doc, diff } of changed)
      currentWorld().hooks.callAll(`update${name}`, doc, diff, operation, currentWorld().user.id);
    return changed.map((p) => p.doc);
  }

  /** Deletes embedded documents in one request; `delete<Name>` fires for each. */
  override async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<FakeDocument[]> {
    const deleted = await super.deleteEmbeddedDocuments(name, ids);
    for (const doc of deleted) currentWorld().hooks.callAll(`delete${name}`, doc, {}, currentWorld().user.id);
    return deleted;
  }
}

/** A v14 scene: its Level documents too (`Scene#levels`). */
export class FakeSceneV14 extends FakeScene {
  static override embedded: Record<string, string> = { Level: "levels", Region: "regions", Token: "tokens" };
  declare levels: FakeCollection<FakeDocument>;

  override _initialize(): void {
    this.levels ??= new FakeCollection("Level");
    super._initialize();
    syncEmbedded(this, this.levels, this._source.levels as Obj[], classOf("Level"));
  }

  override embeddedCollections(): FakeCollection<FakeDocument>[] {
    return [this.levels, ...super.embeddedCollections()];
  }

  override getEmbeddedCollection(name: string): FakeCollection<FakeDocument> {
    if (name === "Level") return this.levels;
    return super.getEmbeddedCollection(name);
  }
}

/** `game.scenes` / `game.combats`: a collection with a settable `viewed`. */
export class FakeViewedCollection extends FakeCollection<FakeDocument> {
  viewed: FakeDocument | null = null;
  get active(): FakeDocument | null {
    return this.viewed;
  }
}

/* ------------------------------------------------------------------------------------------ */
/*  Installation                                                                                */
/* ------------------------------------------------------------------------------------------ */

function useClasses(fake: FakeFoundry, v14: boolean): void {
  const config = fake.CONFIG as Record<string, Obj>;
  const Scene = v14 ? FakeSceneV14 : FakeScene;
  const Region = v14 ? FakeRegionV14 : FakeRegion;
  const Token = v14 ? FakeTokenV14 : FakeToken;
  config.Scene = { ...config.Scene, documentClass: Scene };
  config.Region = { ...config.Region, documentClass: Region };
  config.Token = { ...config.Token, documentClass: Token };
  if (v14) config.Level = { documentClass: FakeLevel };
  else delete config.Level;
  const models = (config.RegionBehavior!.dataModels ??= {}) as Obj;
  for (const type of CORE_BEHAVIOR_TYPES[14]!) delete models[type];
  for (const type of CORE_BEHAVIOR_TYPES[v14 ? 14 : 13]!) models[type] = FakeCoreBehaviorType;
  Object.assign(fake.foundry.documents, {
    Scene,
    RegionDocument: Region,
    TokenDocument: Token,
    RegionBehavior: FakeRegionBehavior,
    ...(v14 ? { Level: FakeLevel } : {}),
  });
  Object.assign(globalThis, { Scene, RegionDocument: Region, TokenDocument: Token });
}

/** Installs scenes, regions and tokens on an installed fake, as v13 (called by installFoundryFake). */
export function installRegionsFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  config.RegionBehavior = { documentClass: FakeRegionBehavior, dataModels: {}, typeIcons: {}, typeLabels: {} };
  const sheets = new FakeDocumentSheetConfig();
  // Core registers its generic behaviour sheet for every behaviour type.
  sheets.registerSheet(FakeRegionBehavior, "core", FakeRegionBehaviorConfig, { makeDefault: true });
  const applications = fake.foundry.applications as Obj;
  applications.apps = { ...((applications.apps as Obj | undefined) ?? {}), DocumentSheetConfig: sheets };
  applications.sheets = {
    ...((applications.sheets as Obj | undefined) ?? {}),
    RegionBehaviorConfig: FakeRegionBehaviorConfig,
  };
  fake.foundry.data.regionBehaviors = { RegionBehaviorType: FakeRegionBehaviorType };
  const scenes = new FakeViewedCollection("Scene");
  currentWorld().collections.Scene = scenes;
  Object.assign(fake.game, { scenes });
  useClasses(fake, false);
  onGenerationChange((v14) => useClasses(fake, v14));
}

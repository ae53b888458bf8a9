/**
 * Part of the Foundry FAKE (see fake.ts): scenes and what stands on them — NOT Foundry. Scenes
 * (regions, tokens, v14 levels, a grid size, `game.scenes` with a settable `viewed`), regions
 * (rectangle, circle and polygon shapes, an elevation range, behaviours), tokens (position in
 * pixels, size in grid units), `foundry.data.regionBehaviors.RegionBehaviorType`,
 * `foundry.applications.apps.DocumentSheetConfig` and core's `RegionBehaviorConfig`. The scene,
 * region and token classes follow the fake's generation (fake-generation.ts), set before any scene
 * is created; test/foundry/places-fake.test.ts holds one self-test per behaviour. [CORE] is
 * Foundry's own v13 client code, read: `documents/token.mjs`, `documents/region.mjs`.
 *
 * Not covered: hole shapes, rotated rectangles, hex grids, token shapes and v14 containment test
 * points (a token is inside a region by its centre), movement (waypoints, history) and region
 * events, `Scene#templates`, sheets other than registered ones, `Scene#updateTokenRegions`.
 *
 * Behaviours:
 * - `RegionDocument#testPoint({x, y, elevation})`: inside a shape and within the elevation range
 *   (v13: both ends included, `null` unbounded). Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#testpoint.
 *   Contract: `places.region-basics`.
 * - `TokenDocument#getCenterPoint(data?)`: the centre in pixels (size × the grid size), with its
 *   elevation; `testInsideRegion(region, data)` tests that centre. Source: [CORE] `token.mjs`;
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#getcenterpoint.
 *   Contract: `places.region-basics`.
 * - `RegionDocument#tokens` is filled by the tokens from their stored `_regions`, set when a token
 *   is created or moved (`_preCreateOperation`, `_preUpdateOperation`), rewritten by one unawaited
 *   token update when a region is created, reshaped or deleted (`#updateTokens`); a deleted token
 *   leaves its regions; a token built at world load joins them in `prepareBaseData`. Source:
 *   [CORE] `token.mjs`, `region.mjs`. Contract: `places.region-basics`, `places.token-moves`,
 *   `places.region-over-token`, `places.scene-with-tokens`, `places.template-not-place`.
 * - A RegionBehavior is a typed document (`system` a `RegionBehaviorType` with `behavior`,
 *   `region`, `scene` and `static events`); `Scene#updateEmbeddedDocuments` is ONE request for many
 *   regions and their behaviours, validated first. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.data.regionBehaviors.RegionBehaviorType.html;
 *   dnd5e 5.3 `module/data/region-behavior/difficult-terrain.mjs`. Contract: `places.region-basics`.
 * - Core's behaviour types by generation: `teleportToken` and `executeScript`; on v14 also
 *   `changeLevel` and `defineSurface`. Source:
 *   https://foundryvtt.com/api/v14/modules/foundry.data.regionBehaviors.html. Contract: none —
 *   manual check "Stairs (*Change Level*) and floor (*Surface*) regions are never a token's place".
 * - `DocumentSheetConfig.registerSheet` / `unregisterSheet` (by type); a document keeps one sheet,
 *   its type's last default registration. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html; dnd5e
 *   5.3 `dnd5e.mjs`. Contract: none — manual check "adding it and opening it shows the place window,
 *   not core's generic behaviour sheet".
 * - Deleting a region or a behaviour fires `deleteRegion` / `deleteRegionBehavior`. Source:
 *   https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html. Contract: none — manual
 *   check "delete the behaviour: the window closes".
 * - `TokenDocument#getBarAttribute`: a number is a value, `{value, max}` a bar, editable only
 *   where the actor's schema has a NumberField at the path. Source: [CORE] `token.mjs`; dnd5e 5.3.3
 *   `module/documents/token.mjs`. Contract: `data.token-bar-editable`.
 * - v14 Scene Levels: Level documents, a region's `levels` (empty: every level),
 *   `includedInLevel`/`locatedInLevel`, a token's `level`; a region's top EXCLUDED unless
 *   `topInclusive` (a flat one included). Source:
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.RegionData.html;
 *   foundryvtt#14503, #14299. Contract: `places.v14-levels`.
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
    this.tokens ??= new Set();
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
   * [CORE] `RegionDocument#tokens` (v13 client `documents/region.mjs`: `tokens = new Set()`): a plain
   * Set the TOKENS fill — each token adds itself to the regions its stored `_regions` name (see
   * FakeToken) — so it holds what core last stored, on any scene, viewed or not.
   */
  declare tokens: Set<FakeDocument>;

  /**
   * [CORE] v13 `RegionDocument._onCreateOperation` / `_onUpdateOperation` (a change of `shapes` or
   * `elevation`): the creating or updating user's client recomputes the `_regions` of the scene's
   * tokens (`#updateTokens`) — one Token update of the scene, NOT awaited: it lands after a server
   * round trip ({@link FakeDatabase.later}).
   */
  static override async _onCreateOperation(documents: FakeDocument[]): Promise<void> {
    updateRegionTokens(documents as FakeRegion[]);
  }

  static override async _onUpdateOperation(documents: FakeDocument[], operation: Obj): Promise<void> {
    const updates = (operation.updates as Obj[] | undefined) ?? [];
    const changed = documents.filter((_, i) => {
      const change = updates[i] ?? {};
      return "shapes" in change || "elevation" in change;
    });
    updateRegionTokens(changed as FakeRegion[]);
  }

  /**
   * [CORE] v13 `RegionDocument._onDeleteOperation`: the tokens that were in a deleted region have
   * it taken out of their `_regions` (the same unawaited Token update), and its `tokens` emptied.
   */
  static override async _onDeleteOperation(documents: FakeDocument[]): Promise<void> {
    updateRegionTokens(documents as FakeRegion[], { deleted: true });
    for (const region of documents as FakeRegion[]) region.tokens.clear();
  }

  /** Deleting fires `deleteRegion` (https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html). */
  override async delete(): Promise<this> {
    await super.delete();
    currentWorld().hooks.callAll("deleteRegion", this, {}, currentWorld().user.id);
    return this;
  }
}

/**
 * [CORE] v13 `RegionDocument.#updateTokens(regions, {deleted})` (client `documents/region.mjs`): the
 * scene's tokens whose containment in `regions` changed get their sorted `_regions` rewritten (a
 * deleted region is dropped from the ids of the tokens it held), in ONE
 * `updateEmbeddedDocuments("Token", updates, {diff: false, noHook: true})`, sent without waiting.
 */
function updateRegionTokens(regions: FakeRegion[], { deleted = false } = {}): void {
  const scene = regions[0]?.parent as FakeScene | null | undefined;
  if (!scene) return;
  const updates: Obj[] = [];
  if (deleted) {
    const gone = new Set(regions.map((r) => r.id));
    const affected = new Set(regions.flatMap((r) => [...r.tokens] as FakeToken[]));
    for (const token of affected) {
      const ids = token.storedRegions.filter((id) => !gone.has(id));
      if (ids.length !== token.storedRegions.length) updates.push({ _id: token.id, _regions: ids });
    }
  } else {
    for (const token of scene.tokens.contents as FakeToken[]) {
      const ids = new Set(token.storedRegions);
      let changed = false;
      for (const region of regions) {
        const inside = token.testInsideRegion(region);
        if (inside === ids.has(region.id!)) continue;
        if (inside) ids.add(region.id!);
        else ids.delete(region.id!);
        changed = true;
      }
      if (changed) updates.push({ _id: token.id, _regions: [...ids].sort() });
    }
  }
  if (!updates.length) return;
  currentWorld().db.later(() => scene.updateEmbeddedDocuments("Token", updates, { diff: false, noHook: true }));
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

  /**
   * [CORE] `TokenDocument#regions` (v13 client `documents/token.mjs`): the regions the token is in,
   * from its stored `_regions`. `null` for a token built while the world loads (core:
   * `game._documentsReady ? new Set() : null`), filled in its first `prepareBaseData`.
   */
  declare regions: Set<FakeRegion> | null;

  /** The stored `_regions` ids (`BaseToken` field `_regions`, sorted, `[]` by default). */
  get storedRegions(): string[] {
    return this._source._regions as string[];
  }

  protected override initialSource(source: Obj): Obj {
    source._regions = Array.isArray(source._regions)
      ? source._regions.filter((id): id is string => typeof id === "string")
      : [];
    return super.initialSource(source);
  }

  override _initialize(): void {
    super._initialize();
    const s = this._source;
    this.x = Number(s.x ?? 0);
    this.y = Number(s.y ?? 0);
    this.width = Number(s.width ?? 1);
    this.height = Number(s.height ?? 1);
    this.elevation = Number(s.elevation ?? 0);
    this.actorId = (s.actorId as string | undefined) ?? null;
    if (this.regions === undefined)
      this.regions = (globalThis as { game?: { ready?: boolean } }).game?.ready ? new Set() : null;
  }

  /**
   * [CORE] v13 `TokenDocument#prepareBaseData`: a token built at world load joins the regions its
   * stored `_regions` name (each region's `tokens` gets it), once.
   */
  override prepareBaseData(): void {
    super.prepareBaseData();
    if (this.regions !== null) return;
    this.regions = new Set();
    const scene = this.parent as FakeScene | null;
    if (!scene) return;
    this.joinStoredRegions(scene);
  }

  /** Adds this token to the regions its stored `_regions` name (and them to {@link regions}). */
  private joinStoredRegions(scene: FakeScene): void {
    for (const id of this.storedRegions) {
      const region = scene.regions.get(id) as FakeRegion | undefined;
      if (!region) continue;
      this.regions!.add(region);
      region.tokens.add(this);
    }
  }

  /**
   * [CORE] v13 `TokenDocument#_identifyRegions(changes)`: the sorted ids of the scene's regions the
   * token is in — or will be in after `changes` — as `testInsideRegion` decides.
   */
  _identifyRegions(changes: Obj = {}): string[] {
    const scene = this.parent as FakeScene | null;
    return (scene?.regions.contents ?? [])
      .filter((region) => this.testInsideRegion(region as FakeRegion, changes))
      .map((region) => region.id!)
      .sort();
  }

  /** [CORE] v13 `TokenDocument#_couldRegionsChange(changes)`: a change of a movement field. */
  _couldRegionsChange(changes: Obj): boolean {
    return (this.constructor as typeof FakeToken).MOVEMENT_FIELDS.some((key) => key in changes);
  }

  /** [CORE] `TokenDocument.MOVEMENT_FIELDS`: the fields `testInsideRegion` may read. */
  static MOVEMENT_FIELDS = ["x", "y", "elevation", "width", "height", "shape"];

  /** [CORE] v13 `TokenDocument._preCreateOperation`: each new token records the regions it is in (`_regions`). */
  static override async _preCreateOperation(documents: FakeDocument[]): Promise<void> {
    for (const token of documents as FakeToken[]) token.updateSource({ _regions: token._identifyRegions() });
  }

  /**
   * [CORE] v13 `TokenDocument._preUpdateOperation` (`#preUpdateOperationRegions`): a change that
   * could move the token gets its new `_regions` added to it.
   */
  static override async _preUpdateOperation(documents: FakeDocument[], operation: Obj): Promise<void> {
    const updates = (operation.updates as Obj[] | undefined) ?? [];
    (documents as FakeToken[]).forEach((token, i) => {
      const changes = updates[i];
      if (changes && token._couldRegionsChange(changes)) changes._regions = token._identifyRegions(changes);
    });
  }

  /** [CORE] v13 `TokenDocument#_onCreate`: the new token joins the regions of its `_regions`. */
  override _onCreate(data: Obj, options: Obj, userId: string): void {
    const scene = this.parent as FakeScene | null;
    this.regions ??= new Set();
    if (scene) this.joinStoredRegions(scene);
    super._onCreate(data, options, userId);
  }

  /**
   * [CORE] v13 `TokenDocument#_onUpdate` (`#onUpdateRegions(priorRegionIds)`): when `_regions`
   * changed, the token's `regions` are rebuilt from it, it leaves the regions it was in and joins
   * the new ones. (Core reads the prior ids from an internal operation option; the fake takes them
   * from the token's membership before the change.)
   */
  protected override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    if ("_regions" in changed) {
      const scene = this.parent as FakeScene | null;
      const prior = [...(this.regions ?? [])];
      this.regions = new Set();
      for (const region of prior) region.tokens.delete(this);
      if (scene) this.joinStoredRegions(scene);
    }
    super._onUpdate(changed, options, userId);
  }

  /** [CORE] v13 `TokenDocument._onDeleteOperation`: a deleted token leaves every region it was in. */
  static override async _onDeleteOperation(documents: FakeDocument[]): Promise<void> {
    for (const token of documents as FakeToken[]) {
      for (const region of token.regions ?? []) region.tokens.delete(token);
      token.regions?.clear();
    }
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
   * [CORE] v13 `TokenDocument#testInsideRegion(region, data)` (client `documents/token.mjs`): the
   * region's `testPoint` of the token's centre, from its stored position and size overridden by
   * `data`; the token and the region must be on the same scene.
   */
  testInsideRegion(region: FakeRegion, data: Obj = {}): boolean {
    if (!this.parent || this.parent !== region.parent)
      throw new Error("The Token and the Region must be in the same Scene");
    return region.testPoint(this.getCenterPoint(data));
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

  override testInsideRegion(region: FakeRegion, data: Obj = {}): boolean {
    const level = typeof data.level === "string" ? data.level : this.level;
    if (level !== null && region instanceof FakeRegionV14 && !region.includedInLevel(level)) return false;
    return super.testInsideRegion(region, data);
  }

  /** v14: a change of level may move the token out of a region too (assumed: no v14 source read). */
  static override MOVEMENT_FIELDS = [...FakeToken.MOVEMENT_FIELDS, "level"];
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
   * anything is written; unchanged documents are left out (unless `diff: false`); the embedded
   * class's `_preUpdateOperation` sees the changes before the request (a token's `_regions`), each
   * changed document's `_onUpdate` and `update<Name>` follow it, then `_onUpdateOperation` (v13
   * client `data/client-backend.mjs`).
   */
  async updateEmbeddedDocuments(name: string, updates: Obj[], operation: Obj = {}): Promise<FakeDocument[]> {
    const collection = this.getEmbeddedCollection(name);
    const key = (this.constructor as typeof FakeDocument).embedded[name]!;
    const docs = updates.map((update) => {
      const doc = collection.get(update._id as string);
      if (!doc) throw new Error(`fake: no ${name} ${String(update._id)}`);
      const changes = expandObject(deepClone(update));
      delete changes._id;
      return { doc, changes };
    });
    const cls = classOf(name);
    const user = currentWorld().user;
    await cls._preUpdateOperation(
      docs.map((d) => d.doc),
      { ...operation, updates: docs.map((d) => d.changes) },
      user,
    );
    const planned = docs.map(({ doc, changes }) => {
      const candidate = doc.candidateSource(changes);
      return { doc, candidate, diff: diffObject(doc._source, candidate) };
    });
    const changed = operation.diff === false ? planned : planned.filter((p) => !isEmpty(p.diff));
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
    for (const { doc, diff } of changed) {
      (doc as unknown as { _onUpdate(c: Obj, o: Obj, u: string): void })._onUpdate(diff, operation, user.id);
      currentWorld().hooks.callAll(`update${name}`, doc, diff, operation, user.id);
    }
    await cls._onUpdateOperation(
      changed.map((p) => p.doc),
      { ...operation, updates: changed.map((p) => p.diff) },
      user,
    );
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

/**
 * Places (*lieux*, RULES §7.4) on a real Foundry scene, v13 and v14. A Scene Region is a place
 * when it carries an enabled `tactica.place` behaviour (./place-model.ts) and is not a technical
 * region (a v14 area template, a teleport, stair or floor region: src/compat/regions.ts). A token's
 * place is the place region of its level containing the token's centre; distances come from the
 * rules' `placeDistance` over the neighbour map of the scene's places.
 *
 * Pure reads, except {@link shiftEncumbrance} (one behaviour update). Behaviour data is read
 * through small guards: a behaviour edited by another module may hold anything, and a stale
 * neighbour id must not break a range check.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN, placeDistance, type PlaceNeighbours } from "../rules/places";
import { tectonic } from "../rules/attributes";
import { regionInLevel, technicalRegionKind, tokenLevel, type RegionView } from "../compat/regions";
import { isRecord } from "../rules/records";

/** The place behaviour's type id (system.json `documentTypes.RegionBehavior`). */
export const PLACE_BEHAVIOR_TYPE = "tactica.place";

/** Its icon (the region's Behaviors tab, the header control, the place window). */
export const PLACE_BEHAVIOR_ICON = "fa-solid fa-map-location-dot";

/** A place's data, as its behaviour stores it. */
export interface PlaceData {
  /** RULES §7.4 (D-34): 0–5. */
  encumbrance: number;
  /** Ids of neighbouring regions of the same scene (the relation is symmetric in the rules). */
  neighbours: string[];
}

/** Why a distance could not be measured (the attack card names it). */
export type MeasureFailure = "noScene" | "noPlace" | "unreachable";

/** The outcome of {@link measureTokens}: a distance, or the reason there is none. */
export interface Measure {
  distance: number | null;
  reason: MeasureFailure | null;
}

/** The parts of a RegionBehavior document this module reads. */
export interface BehaviorLike {
  readonly id: string | null;
  readonly type: string;
  readonly disabled: boolean;
  readonly system: unknown;
  /** its flags: an attack's exactly-once keys (src/data/card-keys.ts) */
  readonly flags: unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The parts of a RegionDocument this module reads (v13 API, v14 additions through RegionView). */
export interface RegionLike extends RegionView {
  readonly id: string | null;
  readonly name: string;
  /** its scene */
  readonly parent: Scene.Implementation | null;
  readonly behaviors: Iterable<BehaviorLike>;
  /** https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#tokens */
  readonly tokens: ReadonlySet<unknown>;
  /** https://foundryvtt.com/api/v13/classes/foundry.documents.RegionDocument.html#testpoint */
  testPoint(point: { x: number; y: number; elevation: number }): boolean;
}

/** The scene's regions as a plain array (an EmbeddedCollection iterates by value); none off a scene. */
export function sceneRegions(scene: unknown): RegionDocument.Implementation[] {
  return scene instanceof foundry.documents.Scene ? [...scene.regions] : [];
}

/** The scenes to look into for a region id: the viewed one first, then every other. */
function allScenes(): unknown[] {
  const scenes: unknown[] = [];
  const viewed: unknown = game.scenes?.viewed;
  if (viewed) scenes.push(viewed);
  for (const scene of game.scenes ?? []) if (scene !== viewed) scenes.push(scene);
  return scenes;
}

/** The region with id `regionId` in any scene (the viewed scene first). */
export function findRegion(regionId: string): RegionDocument.Implementation | null {
  for (const scene of allScenes()) {
    const region = sceneRegions(scene).find((r) => r.id === regionId);
    if (region) return region;
  }
  return null;
}

/** The region's enabled place behaviour (the first one, if a GM added two), or `null`. */
export function placeBehavior(region: RegionLike): BehaviorLike | null {
  for (const behavior of region.behaviors ?? []) {
    if (behavior.type === PLACE_BEHAVIOR_TYPE && !behavior.disabled) return behavior;
  }
  return null;
}

/** RULES §7.4: whether the region is a place — an enabled place behaviour on an ordinary region. */
export function isPlace(region: RegionLike): boolean {
  return placeBehavior(region) !== null && technicalRegionKind(region) === null;
}

/** The scene's places, in the scene's region order. */
export function placeRegions(scene: unknown): RegionDocument.Implementation[] {
  return sceneRegions(scene).filter(isPlace);
}

/**
 * A place behaviour's data, read defensively: encumbrance clamped to 0–5 (default 0), neighbours
 * kept when they are non-empty strings other than the region itself (`regionId`).
 */
export function behaviorData(behavior: BehaviorLike, regionId: string | null): PlaceData {
  const system = behavior.system;
  const raw = isRecord(system) ? system : {};
  const value = Number(raw.encumbrance);
  const encumbrance = Number.isFinite(value)
    ? Math.min(ENCUMBRANCE_MAX, Math.max(ENCUMBRANCE_MIN, Math.trunc(value)))
    : ENCUMBRANCE_MIN;
  const list: unknown[] = Array.isArray(raw.neighbours)
    ? raw.neighbours
    : raw.neighbours instanceof Set
      ? [...raw.neighbours]
      : [];
  const neighbours = [...new Set(list.filter((n): n is string => typeof n === "string" && n !== "" && n !== regionId))];
  return { encumbrance, neighbours };
}

/** A place's data (see {@link behaviorData}); `null` for a region that is no place. */
export function placeData(region: RegionLike): PlaceData | null {
  const behavior = placeBehavior(region);
  return behavior && isPlace(region) ? behaviorData(behavior, region.id) : null;
}

/**
 * RULES §7.4: the neighbour map of a scene — every place is a key, and its neighbours are kept only
 * when they are places of the same scene (a deleted region, or one no longer a place, is forgotten).
 */
export function sceneNeighbours(scene: unknown): PlaceNeighbours {
  const places = placeRegions(scene);
  const ids = new Set(places.map((r) => r.id).filter((id): id is string => typeof id === "string"));
  const map: Record<string, string[]> = {};
  for (const region of places) {
    if (!region.id) continue;
    map[region.id] = (placeData(region)?.neighbours ?? []).filter((n) => ids.has(n));
  }
  return map;
}

/**
 * RULES §7.4: the place at `point` of `scene` on `level` (v14; `null`: every level) — among the
 * scene's places on that level, the first in the scene's order whose area contains the point
 * (the region's `testPoint`). Technical regions (templates, stairs…) are never a place. `null`
 * outside every place or off any scene.
 */
export function placeAt(
  scene: unknown,
  point: { x: number; y: number; elevation: number },
  level: string | null,
): RegionDocument.Implementation | null {
  const places = placeRegions(scene);
  if (places.length === 0) return null;
  const found = places.find((region) => regionInLevel(region, level) && region.testPoint(point));
  return found ?? null;
}

/**
 * RULES §7.4: the place of a token — the place at its centre (core's `getCenterPoint`) on its
 * level ({@link placeAt}): a token standing in a template over a place is in that place.
 */
export function tokenPlace(token: TokenDocument | null): RegionDocument.Implementation | null {
  if (!token) return null;
  const centre = token.getCenterPoint();
  return placeAt(token.parent, { x: centre.x, y: centre.y, elevation: centre.elevation }, tokenLevel(token));
}

/**
 * RULES §7.4: the distance between two places of `scene` — `noPlace` when one is missing (a token
 * or a point outside every place), `unreachable` when no chain of neighbours joins them.
 */
export function measurePlaces(scene: unknown, a: RegionLike | null, b: RegionLike | null): Measure {
  if (!a?.id || !b?.id) return { distance: null, reason: "noPlace" };
  if (a.id === b.id) return { distance: 0, reason: null };
  const distance = placeDistance(sceneNeighbours(scene), a.id, b.id);
  return distance === null ? { distance: null, reason: "unreachable" } : { distance, reason: null };
}

/**
 * RULES §7.4: the distance in places between two tokens, for range checks (*Portée*, *Imprécis*).
 * - `noScene`: a token is missing or the two are not on the same scene;
 * - `noPlace`: a token stands outside every place;
 * - `unreachable`: no chain of neighbours joins the two places.
 */
export function measureTokens(from: TokenDocument | null, to: TokenDocument | null): Measure {
  const fromScene = from?.parent;
  const toScene = to?.parent;
  if (!from || !to || !fromScene || fromScene !== toScene) return { distance: null, reason: "noScene" };
  return measurePlaces(fromScene, tokenPlace(from), tokenPlace(to));
}

/**
 * RULES §6.4 *De zone*: the tokens standing in place `regionId`, in the scene's token order; empty
 * for an unknown region or one that is no place. A token stands in the place {@link tokenPlace}
 * measures (a token inside two overlapping places stands in one only) — not in what core's
 * `RegionDocument#tokens` holds, which is what the tokens last stored (`_regions`: stale on a scene
 * created with its tokens, or until core's token update lands after a region is drawn;
 * docs/foundry-behaviour.md §9), so that occupants and distances agree.
 */
export function placeOccupants(regionId: string): TokenDocument[] {
  const region = findRegion(regionId);
  if (!region || !isPlace(region)) return [];
  const tokens = region.parent?.tokens;
  if (!tokens) return [];
  return [...tokens].filter((token) => tokenPlace(token)?.id === regionId);
}

/**
 * RULES §6.4 *Tectonique*: the place's encumbrance moves one step toward `toward` (the rules'
 * `tectonic`; `toward` clamped to 0–5); nothing is written when it is already there or the region
 * is no place. One behaviour update.
 */
export async function shiftEncumbrance(
  regionId: string,
  toward: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const region = findRegion(regionId);
  const data = region ? placeData(region) : null;
  const behavior = region ? placeBehavior(region) : null;
  if (!data || !behavior || !Number.isFinite(toward)) return;
  const target = Math.min(ENCUMBRANCE_MAX, Math.max(ENCUMBRANCE_MIN, Math.round(toward)));
  const next = tectonic(data.encumbrance, target);
  if (next === data.encumbrance) return;
  // `extra` joins the same behaviour update (an attack's exactly-once key, src/data/card-keys.ts).
  await behavior.update({ "system.encumbrance": next, ...extra });
}

/**
 * A region held as `unknown` (the contract suite's `scene.regions.get(id)`, the tests' fakes) seen through this
 * module's view. The callers hand a RegionDocument; the cast names it so rather than checking, as every reader
 * here reads it defensively (no behaviours: no place).
 */
export function regionView(region: unknown): RegionLike {
  return region as RegionLike;
}

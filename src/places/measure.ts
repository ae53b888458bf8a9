/**
 * Places (*lieux*, RULES §7.4) on a real Foundry v13 scene: every Scene Region is a place; its
 * encumbrance and neighbours live in `flags.tactica.place = { encumbrance, neighbours }`; a
 * token's place is the region that contains the token's centre. Distances come from the rules'
 * `placeDistance` over the neighbour map built from the scene's regions.
 *
 * Pure reads, except {@link shiftEncumbrance} (one region update). Region data is read through
 * small guards rather than typed flags: a region edited by hand or by another module may hold
 * anything, and a stale neighbour id must not break a range check.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN, placeDistance, type PlaceNeighbours } from "../rules/places";

/** The flag scope and key of a region's place data. */
export const PLACE_FLAG_SCOPE = "tactica";
export const PLACE_FLAG_KEY = "place";

/** A region's place data, as stored in `flags.tactica.place`. */
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

/** The parts of a v13 RegionDocument this module reads. */
interface RegionLike {
  readonly id: string | null;
  readonly flags: unknown;
  testPoint(point: { x: number; y: number; elevation: number }): boolean;
}

/** The parts of a v13 TokenDocument this module reads. */
interface TokenLike {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly elevation: number;
  readonly parent: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The scene's regions as a plain array (an EmbeddedCollection iterates by value). */
function sceneRegions(scene: unknown): RegionDocument[] {
  if (!isRecord(scene)) return [];
  const regions = scene.regions as Iterable<RegionDocument> | undefined;
  return regions && typeof regions[Symbol.iterator] === "function" ? [...regions] : [];
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
function findRegion(regionId: string): RegionDocument | null {
  for (const scene of allScenes()) {
    const region = sceneRegions(scene).find((r) => r.id === regionId);
    if (region) return region;
  }
  return null;
}

/**
 * A region's place data, read defensively: encumbrance clamped to 0–5 (default 0), neighbours
 * kept when they are non-empty strings other than the region itself.
 */
export function placeData(region: RegionDocument): PlaceData {
  const flags: unknown = (region as unknown as RegionLike).flags;
  const scope = isRecord(flags) ? flags[PLACE_FLAG_SCOPE] : undefined;
  const place = isRecord(scope) ? scope[PLACE_FLAG_KEY] : undefined;
  const raw = isRecord(place) ? place : {};
  const value = Number(raw.encumbrance);
  const encumbrance = Number.isFinite(value)
    ? Math.min(ENCUMBRANCE_MAX, Math.max(ENCUMBRANCE_MIN, Math.trunc(value)))
    : ENCUMBRANCE_MIN;
  const list = Array.isArray(raw.neighbours) ? raw.neighbours : [];
  const neighbours = [...new Set(list.filter((n): n is string => typeof n === "string" && n !== "" && n !== region.id))];
  return { encumbrance, neighbours };
}

/**
 * RULES §7.4: the neighbour map of a scene — every region is a place (a key), and its neighbours
 * are kept only when they are regions of the same scene (a deleted region is forgotten).
 */
export function sceneNeighbours(scene: unknown): PlaceNeighbours {
  const regions = sceneRegions(scene);
  const ids = new Set(regions.map((r) => r.id).filter((id): id is string => typeof id === "string"));
  const map: Record<string, string[]> = {};
  for (const region of regions) {
    if (!region.id) continue;
    map[region.id] = placeData(region).neighbours.filter((n) => ids.has(n));
  }
  return map;
}

/** The token's centre in scene pixels, with its elevation (v13 `getCenterPoint` when present). */
function tokenCentre(token: TokenLike, scene: unknown): { x: number; y: number; elevation: number } {
  const own = (token as { getCenterPoint?: () => { x: number; y: number; elevation?: number } }).getCenterPoint;
  if (typeof own === "function") {
    const point = own.call(token);
    return { x: point.x, y: point.y, elevation: point.elevation ?? token.elevation ?? 0 };
  }
  const grid = isRecord(scene) && isRecord(scene.grid) ? Number(scene.grid.size) : NaN;
  const size = Number.isFinite(grid) && grid > 0 ? grid : 100;
  return {
    x: token.x + (token.width * size) / 2,
    y: token.y + (token.height * size) / 2,
    elevation: token.elevation ?? 0,
  };
}

/**
 * RULES §7.4: the place of a token — the region of its scene containing the token's centre.
 * When regions overlap, a region with place data set (`flags.tactica.place`) wins over a bare
 * one, then the first in the scene's order. `null` outside every region or off any scene.
 */
export function tokenPlace(token: TokenDocument | null): RegionDocument | null {
  if (!token) return null;
  const like = token as unknown as TokenLike;
  const scene = like.parent;
  const regions = sceneRegions(scene);
  if (regions.length === 0) return null;
  const centre = tokenCentre(like, scene);
  const containing = regions.filter((region) => (region as unknown as RegionLike).testPoint(centre));
  const configured = containing.find((region) => {
    const flags: unknown = (region as unknown as RegionLike).flags;
    return isRecord(flags) && isRecord(flags[PLACE_FLAG_SCOPE]) && PLACE_FLAG_KEY in flags[PLACE_FLAG_SCOPE];
  });
  return configured ?? containing[0] ?? null;
}

/**
 * RULES §7.4: the distance in places between two tokens, for range checks (*Portée*, *Imprécis*).
 * - `noScene`: a token is missing or the two are not on the same scene;
 * - `noPlace`: a token stands outside every region;
 * - `unreachable`: no chain of neighbours joins the two places.
 */
export function measureTokens(from: TokenDocument | null, to: TokenDocument | null): Measure {
  const fromScene = (from as unknown as TokenLike | null)?.parent;
  const toScene = (to as unknown as TokenLike | null)?.parent;
  if (!from || !to || !fromScene || fromScene !== toScene) return { distance: null, reason: "noScene" };
  const a = tokenPlace(from);
  const b = tokenPlace(to);
  if (!a?.id || !b?.id) return { distance: null, reason: "noPlace" };
  if (a.id === b.id) return { distance: 0, reason: null };
  const distance = placeDistance(sceneNeighbours(fromScene), a.id, b.id);
  return distance === null ? { distance: null, reason: "unreachable" } : { distance, reason: null };
}

/**
 * RULES §6.4 *De zone*: the tokens standing in region `regionId` (by their centre, as
 * {@link tokenPlace}), in the scene's token order; empty for an unknown region.
 */
export function placeOccupants(regionId: string): TokenDocument[] {
  for (const scene of allScenes()) {
    const region = sceneRegions(scene).find((r) => r.id === regionId);
    if (!region) continue;
    const tokens = isRecord(scene) ? (scene.tokens as Iterable<TokenDocument> | undefined) : undefined;
    if (!tokens || typeof tokens[Symbol.iterator] !== "function") return [];
    return [...tokens].filter((token) => tokenPlace(token)?.id === regionId);
  }
  return [];
}

/**
 * RULES §6.4 *Tectonique*: the region's encumbrance moves one step toward `toward` (clamped to
 * 0–5); nothing is written when it is already there or the region is unknown. One update.
 */
export async function shiftEncumbrance(regionId: string, toward: number): Promise<void> {
  const region = findRegion(regionId);
  if (!region || !Number.isFinite(toward)) return;
  const target = Math.min(ENCUMBRANCE_MAX, Math.max(ENCUMBRANCE_MIN, Math.round(toward)));
  const { encumbrance } = placeData(region);
  if (encumbrance === target) return;
  const next = encumbrance + Math.sign(target - encumbrance);
  // fvtt-types knows no `tactica` flags on Region (FlagConfig declares Actor/Item/ChatMessage).
  const writable = region as unknown as { update(data: Record<string, unknown>): Promise<unknown> };
  await writable.update({ [`flags.${PLACE_FLAG_SCOPE}.${PLACE_FLAG_KEY}.encumbrance`]: next });
}

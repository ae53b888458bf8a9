/**
 * Scene Regions on v13 and v14 (the compatibility seam, see ./generation.ts): which regions are
 * technical (never a place), which level a token stands on, and which levels a region covers.
 *
 * - Technical regions are the ones core or a system draws for a mechanism of their own: v14 area
 *   templates (a Region flagged `flags.core.MeasuredTemplate`, which replaced MeasuredTemplates —
 *   dnd5e's v14 placement code `module/canvas/template-placement.mjs` on its `template-placement`
 *   branch; the `Scene#templates` shim of v14 lists these regions), and regions carrying one of
 *   core's mechanism behaviours: teleport (`teleportToken`, v13 and v14), and the Scene Levels
 *   behaviours of v14, stairs and lifts (`changeLevel`) and floors (`defineSurface`) —
 *   https://foundryvtt.com/api/v14/modules/foundry.data.regionBehaviors.html .
 * - Scene Levels (v14 only): a token stands on one level (`TokenDocument#level`, a level id —
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenPosition.html ) and a
 *   region covers the levels listed in `levels`, every level when the list is empty
 *   (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.RegionData.html ). Later 14.x
 *   builds answer the question themselves with `locatedInLevel(level)` (foundryvtt#14503), which is
 *   preferred when present.
 *
 * v14-only members are read through the view below or after checking that they are there (see
 * ./generation.ts); v13 has none of them.
 */
import { isV14 } from "./generation";
import { isRecord } from "../rules/records";

/** What makes a region technical. */
export type TechnicalRegionKind = "template" | "teleport" | "changeLevel" | "surface";

/** Core behaviour types that make their region technical, by type id. */
const TECHNICAL_BEHAVIORS: Readonly<Record<string, TechnicalRegionKind>> = {
  teleportToken: "teleport",
  changeLevel: "changeLevel",
  defineSurface: "surface",
};

/** A region as this module reads it (v13 members, and v14 ones that may be absent). */
export interface RegionView {
  readonly flags?: unknown;
  readonly behaviors?: Iterable<{ readonly type?: unknown }>;
  /** v14: the ids of the levels the region covers (a Set once prepared, an array in source data). */
  readonly levels?: Iterable<string> | null;
  /** v14 (later builds): whether the region is located in `level`. */
  locatedInLevel?(level: string): boolean;
}

/**
 * The kind of technical region `region` is, or `null` for an ordinary region. A template wins
 * over a behaviour; among behaviours, the first in the region's order.
 */
export function technicalRegionKind(region: RegionView): TechnicalRegionKind | null {
  const flags = region.flags;
  const core = isRecord(flags) ? flags.core : undefined;
  if (isRecord(core) && core.MeasuredTemplate) return "template";
  for (const behavior of region.behaviors ?? []) {
    const kind = typeof behavior.type === "string" ? TECHNICAL_BEHAVIORS[behavior.type] : undefined;
    if (kind) return kind;
  }
  return null;
}

/**
 * The level a token stands on: its level id on v14, `null` when it has none.
 * @deprecated v13 — on v13 tokens have no level, so this is always `null` there.
 */
export function tokenLevel(token: object): string | null {
  if (!isV14()) return null;
  const level = "level" in token ? token.level : undefined;
  return typeof level === "string" && level !== "" ? level : null;
}

/** The level ids a region lists; empty when it lists none (every level) or on v13. */
export function regionLevels(region: RegionView): string[] {
  const levels = region.levels;
  if (!levels || typeof levels === "string" || typeof levels[Symbol.iterator] !== "function") return [];
  return [...levels].filter((id): id is string => typeof id === "string" && id !== "");
}

/**
 * Whether `region` is on `level`: always when `level` is `null` (a token without level, every
 * token on v13); else core's `locatedInLevel` when the build has it, else the region's `levels`
 * (empty: every level).
 */
export function regionInLevel(region: RegionView, level: string | null): boolean {
  if (level === null) return true;
  if (typeof region.locatedInLevel === "function") return region.locatedInLevel(level);
  const levels = regionLevels(region);
  return levels.length === 0 || levels.includes(level);
}

/**
 * Whether two regions share a level (the place form offers only those as neighbours): a region
 * listing no level covers every level.
 * @deprecated v13 — always true on v13, where scenes have no levels.
 */
export function regionsShareLevel(a: RegionView, b: RegionView): boolean {
  if (!isV14()) return true;
  const first = regionLevels(a);
  const second = regionLevels(b);
  if (first.length === 0 || second.length === 0) return true;
  return first.some((level) => second.includes(level));
}

/**
 * The one-time migration of flag-based places (RULES §7.4). Before the `tactica.place` behaviour,
 * a region's place data lived in `flags.tactica.place = { encumbrance, neighbours }` and every
 * region counted as a place. Now only regions carrying the behaviour do, so on `ready` the active
 * GM gives each flagged region a place behaviour with its data, and also each region a flagged
 * one names as its neighbour (a link made from one side only must still join two places). The
 * old flag is then set to `null` in one scene update per scene: a region whose flag is no longer
 * an object is never migrated again, so the migration runs once per region, whatever the world's
 * history (a scene imported later from an old compendium is migrated on the next `ready`).
 *
 * Writes: one behaviour creation per region that becomes a place, one region update per scene.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN } from "../rules/places";
import { notifyError, notifyInfo } from "../utils/notify";
import { PLACE_BEHAVIOR_TYPE, placeBehavior, sceneRegions, type PlaceData, type RegionLike } from "./measure";
import { isRecord } from "../rules/records";

/** The region's old place flag (`flags.tactica.place`) when it is still an object, else `null`. */
export function legacyPlaceFlag(region: RegionLike & { readonly flags?: unknown }): Record<string, unknown> | null {
  const flags = region.flags;
  const scope = isRecord(flags) ? flags.tactica : undefined;
  const place = isRecord(scope) ? scope.place : undefined;
  return isRecord(place) ? place : null;
}

/** The place data an old flag held, read as the old code read it (clamped, ids kept as strings). */
export function legacyPlaceData(regionId: string | null, flag: Record<string, unknown>): PlaceData {
  const value = Number(flag.encumbrance);
  const encumbrance = Number.isFinite(value)
    ? Math.min(ENCUMBRANCE_MAX, Math.max(ENCUMBRANCE_MIN, Math.trunc(value)))
    : ENCUMBRANCE_MIN;
  const list: unknown[] = Array.isArray(flag.neighbours) ? flag.neighbours : [];
  const neighbours = [...new Set(list.filter((n): n is string => typeof n === "string" && n !== "" && n !== regionId))];
  return { encumbrance, neighbours };
}

/** The migration of one scene: the behaviours to create by region, and the flags to clear. */
export interface ScenePlaceMigration<Region extends RegionLike = RegionLike> {
  create: { region: Region; data: PlaceData }[];
  clear: string[];
}

/**
 * What migrating a scene's regions takes (pure): flagged regions and the regions they name as
 * neighbours become places, unless they already carry a place behaviour; every flagged region's
 * flag is cleared.
 */
export function scenePlaceMigration<Region extends RegionLike>(
  regions: readonly Region[],
): ScenePlaceMigration<Region> {
  const byId = new Map(regions.flatMap((r) => (r.id ? [[r.id, r] as const] : [])));
  const targets = new Map<string, { region: Region; data: PlaceData }>();
  const clear: string[] = [];
  for (const region of regions) {
    const flag = legacyPlaceFlag(region);
    if (!flag || !region.id) continue;
    clear.push(region.id);
    targets.set(region.id, { region, data: legacyPlaceData(region.id, flag) });
  }
  for (const { data } of [...targets.values()]) {
    for (const id of data.neighbours) {
      const region = byId.get(id);
      if (region && !targets.has(id))
        targets.set(id, { region, data: { encumbrance: ENCUMBRANCE_MIN, neighbours: [] } });
    }
  }
  const create = [...targets.values()].filter(
    ({ region }) =>
      !placeBehavior(region) && ![...(region.behaviors ?? [])].some((b) => b.type === PLACE_BEHAVIOR_TYPE),
  );
  return { create, clear };
}

/**
 * The region update that clears its old place flag, by dotted path: core expands it before the change is applied
 * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#update); fvtt-types 13.345 types nested
 * changes only.
 */
function flagCleared(id: string): { _id: string; readonly [path: `flags.${string}`]: unknown } {
  return { _id: id, "flags.tactica.place": null };
}

/** What the migration did. */
export interface PlaceFlagMigrationReport {
  places: number;
  failed: string[];
}

/**
 * Migrates every scene's flag-based places (see the module comment). A scene that fails is
 * reported and left with its flags, to be tried again on the next `ready`; the others go on.
 */
export async function migratePlaceFlags(): Promise<PlaceFlagMigrationReport> {
  const report: PlaceFlagMigrationReport = { places: 0, failed: [] };
  const name = game.i18n?.localize(`TYPES.RegionBehavior.${PLACE_BEHAVIOR_TYPE}`) ?? "";
  for (const scene of game.scenes ?? []) {
    const plan = scenePlaceMigration(sceneRegions(scene));
    if (!plan.clear.length) continue;
    try {
      for (const { region, data } of plan.create) {
        await region.createEmbeddedDocuments("RegionBehavior", [{ name, type: PLACE_BEHAVIOR_TYPE, system: data }]);
        report.places++;
      }
      await scene.updateEmbeddedDocuments("Region", plan.clear.map(flagCleared));
    } catch (err) {
      const label = scene.name ?? "?";
      report.failed.push(label);
      console.error(`Tactica | migration of the places of scene ${label} failed`, err);
    }
  }
  if (report.places || report.failed.length) {
    const data = { count: String(report.places), failed: report.failed.join(", ") };
    // Scene names are user text: core formats the message and escapes them (src/utils/notify.ts).
    if (report.failed.length) notifyError("TACTICA.Place.Migration.Failed", data);
    else notifyInfo("TACTICA.Place.Migration.Done", data);
  }
  return report;
}

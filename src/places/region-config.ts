/**
 * The place form (RULES §7.4): a place's encumbrance (0–5) and its neighbouring places, chosen
 * among the other places of its scene that share its level. The neighbour relation is symmetric:
 * the form shows a link whichever side stores it, and a save writes both sides — the edited place
 * and every place whose link changed — in ONE `Scene#updateEmbeddedDocuments("Region", …)`, each
 * region update carrying its place behaviour's change.
 *
 * The context and the updates are pure functions ({@link placeFormContext}, {@link placeUpdate});
 * the window (src/applications/combat/place-config.ts, the sheet of the place behaviour) renders,
 * dispatches, and turns a refusal into a thrown error so that core keeps the form open.
 * {@link savePlace} checks again that the user may edit the scene. ./register.ts wires the
 * behaviour type, the region header control and the migration.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN } from "../rules/places";
import { regionsShareLevel, technicalRegionKind } from "../compat/regions";
import {
  PLACE_BEHAVIOR_ICON,
  PLACE_BEHAVIOR_TYPE,
  behaviorData,
  placeBehavior,
  placeRegions,
  type BehaviorLike,
  type PlaceData,
  type RegionLike,
} from "./measure";
import { isRecord } from "../rules/records";

/** The form's template. */
export const PLACE_CONFIG_TEMPLATE = "systems/tactica/templates/combat/place-config.hbs";

/** A region as the form lists it; `neighbours` are the ids its own place stores, when it is one. */
export interface RegionOption {
  readonly id: string | null;
  readonly name: string;
  readonly neighbours?: readonly string[];
}

/** The context of templates/combat/place-config.hbs. */
export interface PlaceFormContext {
  name: string;
  encumbrance: { value: number; selected: boolean }[];
  neighbours: { id: string; name: string; checked: boolean }[];
}

/**
 * The form's context: the place's data, and the places it may neighbour by name, checked when
 * either side lists the other.
 */
export function placeFormContext(
  region: RegionOption,
  data: PlaceData,
  others: readonly RegionOption[],
): PlaceFormContext {
  const values: number[] = [];
  for (let v = ENCUMBRANCE_MIN; v <= ENCUMBRANCE_MAX; v++) values.push(v);
  return {
    name: region.name,
    encumbrance: values.map((value) => ({ value, selected: value === data.encumbrance })),
    neighbours: others
      .filter((r): r is RegionOption & { id: string } => typeof r.id === "string" && r.id !== region.id)
      .map((r) => ({
        id: r.id,
        name: r.name,
        checked: data.neighbours.includes(r.id) || (region.id !== null && (r.neighbours ?? []).includes(region.id)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** A place as the save reads it: its region, its behaviour and its stored data. */
export interface FormPlace {
  readonly id: string;
  readonly name: string;
  readonly behaviorId: string;
  readonly data: PlaceData;
}

/** One region update of the save: its place behaviour's new data. */
export interface PlaceRegionUpdate {
  _id: string;
  behaviors: { _id: string; system: Partial<PlaceData> }[];
}

/** The updates `placeUpdate` builds (possibly none), or the lang key of the refusal. */
export type PlaceUpdateResult = { ok: true; updates: PlaceRegionUpdate[] } | { ok: false; error: string };

/** The checked neighbour ids, from nested (`neighbours: { id: true }`) or flat (`"neighbours.id"`) form data. */
function checkedIds(values: Record<string, unknown>): string[] {
  const nested = isRecord(values.neighbours) ? Object.entries(values.neighbours) : [];
  const flat = Object.entries(values)
    .filter(([key]) => key.startsWith("neighbours."))
    .map(([key, value]): [string, unknown] => [key.slice("neighbours.".length), value]);
  return [...nested, ...flat].filter(([, value]) => value === true || value === "on").map(([id]) => id);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * RULES §7.4: the region updates from the form's values — encumbrance an integer 0–5, neighbours
 * only among `offered` (never the place itself). The place keeps the neighbours the form does not
 * offer that are still places of the scene (`elsewhere`: other levels); every offered place gets
 * or loses the link to this one as checked. Only the places whose data changes are updated.
 * Refused (nothing to write) on a bad value.
 */
export function placeUpdate(
  place: FormPlace,
  values: Record<string, unknown>,
  offered: readonly FormPlace[],
  elsewhere: ReadonlySet<string> = new Set(),
): PlaceUpdateResult {
  const raw = values.encumbrance;
  const encumbrance =
    typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(encumbrance) || encumbrance < ENCUMBRANCE_MIN || encumbrance > ENCUMBRANCE_MAX) {
    return { ok: false, error: "TACTICA.Place.Errors.BadEncumbrance" };
  }
  const others = offered.filter((p) => p.id !== place.id);
  const known = new Set(others.map((p) => p.id));
  const checked = new Set(checkedIds(values));
  if ([...checked].some((id) => !known.has(id))) return { ok: false, error: "TACTICA.Place.Errors.UnknownNeighbour" };

  const updates: PlaceRegionUpdate[] = [];
  const kept = place.data.neighbours.filter((id) => elsewhere.has(id) && !known.has(id));
  const neighbours = [...kept, ...others.map((p) => p.id).filter((id) => checked.has(id))];
  if (encumbrance !== place.data.encumbrance || !sameList(neighbours, place.data.neighbours)) {
    updates.push({ _id: place.id, behaviors: [{ _id: place.behaviorId, system: { encumbrance, neighbours } }] });
  }
  for (const other of others) {
    const linked = other.data.neighbours.includes(place.id);
    const wanted = checked.has(other.id);
    if (linked === wanted) continue;
    const list = wanted ? [...other.data.neighbours, place.id] : other.data.neighbours.filter((id) => id !== place.id);
    updates.push({ _id: other.id, behaviors: [{ _id: other.behaviorId, system: { neighbours: list } }] });
  }
  return { ok: true, updates };
}

/** A place region as the save reads it (its enabled place behaviour), or `null` when it is no place. */
export function formPlace(region: RegionLike, behavior: BehaviorLike | null = placeBehavior(region)): FormPlace | null {
  if (!region.id || !behavior?.id) return null;
  return { id: region.id, name: region.name, behaviorId: behavior.id, data: behaviorData(behavior, region.id) };
}

/** The places of the region's scene the form offers: same level, not itself. */
export function offeredPlaces(region: RegionLike): FormPlace[] {
  return placeRegions(region.parent)
    .filter((other) => other.id !== region.id && regionsShareLevel(region, other))
    .map((other) => formPlace(other))
    .filter((p): p is FormPlace => p !== null);
}

/**
 * The form's context for a place behaviour (its data, the places it may neighbour). The form edits
 * its own behaviour even while that one is disabled.
 */
export function regionFormContext(region: RegionLike, behavior: BehaviorLike): PlaceFormContext {
  const options = offeredPlaces(region).map((p) => ({ id: p.id, name: p.name, neighbours: p.data.neighbours }));
  return placeFormContext(region, behaviorData(behavior, region.id), options);
}

/** The parts of a RegionDocument the save uses. */
export interface EditableRegion extends RegionLike {
  readonly isOwner: boolean;
}

/**
 * Saves the form's values for `behavior` (the region's place behaviour): one
 * `updateEmbeddedDocuments("Region", …)` on the region's scene for this place and the places whose
 * link to it changed (nothing when nothing changed). Returns `null` when saved, else the lang key
 * of the refusal (nothing written). Only a GM who owns the scene may save.
 */
export async function savePlace(
  region: EditableRegion,
  behavior: BehaviorLike,
  values: Record<string, unknown>,
): Promise<string | null> {
  if (!region.isOwner || !game.user?.isGM) return "TACTICA.Place.Errors.NotAllowed";
  const place = formPlace(region, behavior);
  if (!place) return "TACTICA.Place.Errors.NotAllowed";
  const offered = offeredPlaces(region);
  const offeredIds = new Set(offered.map((p) => p.id));
  const elsewhere = new Set(
    placeRegions(region.parent)
      .map((r) => r.id)
      .filter((id): id is string => typeof id === "string" && id !== region.id && !offeredIds.has(id)),
  );
  const result = placeUpdate(place, values, offered, elsewhere);
  if (!result.ok) return result.error;
  if (!result.updates.length) return null;
  const scene = region.parent;
  if (!scene) throw new Error(`Tactica | region ${region.id ?? "?"} has no scene`);
  await scene.updateEmbeddedDocuments("Region", result.updates);
  return null;
}

/** The region's place behaviour, enabled or not (the one the form edits), or `null`. */
export function anyPlaceBehavior(region: RegionLike): BehaviorLike | null {
  return placeBehavior(region) ?? [...(region.behaviors ?? [])].find((b) => b.type === PLACE_BEHAVIOR_TYPE) ?? null;
}

/**
 * The region's place behaviour, created when it has none (one write: the region becomes a place
 * with encumbrance 0 and no neighbours). `null` for a technical region or a user who is not GM.
 */
export async function ensurePlaceBehavior(region: RegionLike): Promise<BehaviorLike | null> {
  const existing = anyPlaceBehavior(region);
  if (existing) return existing;
  if (!game.user?.isGM || technicalRegionKind(region) !== null) return null;
  // The region windows pass core's RegionDocument (its sheet's document, a header control's app).
  if (!(region instanceof foundry.documents.RegionDocument)) return null;
  const name = game.i18n?.localize(`TYPES.RegionBehavior.${PLACE_BEHAVIOR_TYPE}`) ?? "";
  const [created] =
    (await region.createEmbeddedDocuments("RegionBehavior", [
      { name, type: PLACE_BEHAVIOR_TYPE, system: { encumbrance: ENCUMBRANCE_MIN, neighbours: [] } },
    ])) ?? [];
  return created ?? null;
}

/** A header control entry as v13 `getHeaderControls…` hooks receive them. */
export interface HeaderControl {
  action: string;
  icon: string;
  label: string;
  visible?: boolean;
  onClick?: (event: PointerEvent) => void;
}

/**
 * The header control the core RegionConfig gets: GM only, and not on technical regions. Its click
 * calls `open` with the region (the place form's opener, src/applications/combat/place-config.ts).
 */
export function placeHeaderControl(app: { document?: unknown }, open: (region: RegionLike) => unknown): HeaderControl {
  const region = app.document instanceof foundry.documents.RegionDocument ? app.document : undefined;
  const ordinary = !!region && technicalRegionKind(region) === null;
  return {
    action: "tacticaPlace",
    icon: PLACE_BEHAVIOR_ICON,
    label: "TACTICA.Place.Open",
    visible: game.user?.isGM === true && ordinary,
    onClick: () => {
      if (region && ordinary && game.user?.isGM) void open(region);
    },
  };
}

/**
 * The place form (RULES §7.4): a region's encumbrance (0–5) and its neighbouring places, chosen
 * among the other regions of its scene, saved in ONE region update of `flags.tactica.place`.
 * Opened from a header control of the core RegionConfig (v13 hook
 * `getHeaderControlsRegionConfig`); `registerPlaces()` wires it on `init`.
 *
 * The context and the update are pure functions ({@link placeFormContext}, {@link placeUpdate});
 * the window (src/applications/combat/place-config.ts) only renders and dispatches, and
 * {@link savePlace} checks again that the user may edit the region.
 */
import { ENCUMBRANCE_MAX, ENCUMBRANCE_MIN } from "../rules/places";
import { notifyError } from "../utils/notify";
import { PLACE_FLAG_KEY, PLACE_FLAG_SCOPE, type PlaceData } from "./measure";

/** The form's template. */
export const PLACE_CONFIG_TEMPLATE = "systems/tactica/templates/places/place-config.hbs";

/** A region as the form reads it. */
export interface RegionLike {
  readonly id: string | null;
  readonly name: string;
}

/** The context of templates/places/place-config.hbs. */
export interface PlaceFormContext {
  name: string;
  encumbrance: { value: number; selected: boolean }[];
  neighbours: { id: string; name: string; checked: boolean }[];
}

/** The update `placeUpdate` builds, or the lang key of the refusal. */
export type PlaceUpdateResult =
  | { ok: true; update: Record<string, PlaceData> }
  | { ok: false; error: string };

/** The form's context: the region's place data, and its scene's other regions by name. */
export function placeFormContext(region: RegionLike, data: PlaceData, others: readonly RegionLike[]): PlaceFormContext {
  const values: number[] = [];
  for (let v = ENCUMBRANCE_MIN; v <= ENCUMBRANCE_MAX; v++) values.push(v);
  return {
    name: region.name,
    encumbrance: values.map((value) => ({ value, selected: value === data.encumbrance })),
    neighbours: others
      .filter((r): r is RegionLike & { id: string } => typeof r.id === "string" && r.id !== region.id)
      .map((r) => ({ id: r.id, name: r.name, checked: data.neighbours.includes(r.id) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The checked neighbour ids, from nested (`neighbours: { id: true }`) or flat (`"neighbours.id"`) form data. */
function checkedIds(values: Record<string, unknown>): string[] {
  const nested = isRecord(values.neighbours) ? Object.entries(values.neighbours) : [];
  const flat = Object.entries(values)
    .filter(([key]) => key.startsWith("neighbours."))
    .map(([key, value]): [string, unknown] => [key.slice("neighbours.".length), value]);
  return [...nested, ...flat].filter(([, value]) => value === true || value === "on").map(([id]) => id);
}

/**
 * RULES §7.4: the region update from the form's values — encumbrance an integer 0–5, neighbours
 * only among `others` (never the region itself). Refused (nothing to write) otherwise.
 */
export function placeUpdate(region: RegionLike, values: Record<string, unknown>, others: readonly RegionLike[]): PlaceUpdateResult {
  const raw = values.encumbrance;
  const encumbrance = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(encumbrance) || encumbrance < ENCUMBRANCE_MIN || encumbrance > ENCUMBRANCE_MAX) {
    return { ok: false, error: "TACTICA.Place.Errors.BadEncumbrance" };
  }
  const known = new Set(others.map((r) => r.id).filter((id) => id && id !== region.id));
  const neighbours = [...new Set(checkedIds(values))];
  if (neighbours.some((id) => !known.has(id))) return { ok: false, error: "TACTICA.Place.Errors.UnknownNeighbour" };
  return { ok: true, update: { [`flags.${PLACE_FLAG_SCOPE}.${PLACE_FLAG_KEY}`]: { encumbrance, neighbours } } };
}

/** The parts of a v13 RegionDocument the form uses. */
export interface EditableRegion extends RegionLike {
  readonly parent: unknown;
  readonly isOwner: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/** The regions of the region's scene (itself included). */
export function sceneRegions(region: EditableRegion): RegionLike[] {
  const scene = region.parent;
  const regions = isRecord(scene) ? (scene.regions as Iterable<RegionLike> | undefined) : undefined;
  return regions && typeof regions[Symbol.iterator] === "function" ? [...regions] : [];
}

/** Saves the form's values on the region (one update), or refuses with a message. */
export async function savePlace(region: EditableRegion, values: Record<string, unknown>): Promise<boolean> {
  if (!region.isOwner) {
    notifyError("TACTICA.Place.Errors.NotAllowed");
    return false;
  }
  const result = placeUpdate(region, values, sceneRegions(region));
  if (!result.ok) {
    notifyError(result.error);
    return false;
  }
  await region.update(result.update);
  return true;
}

/** A header control entry as v13 `getHeaderControls…` hooks receive them. */
interface HeaderControl {
  action: string;
  icon: string;
  label: string;
  visible?: boolean;
  onClick?: (event: PointerEvent) => void;
}

/** Opens the place window for a region (src/applications/combat/place-config.ts). */
export type PlaceOpener = (region: EditableRegion) => unknown;

/** The header control the core RegionConfig gets (GM only). */
export function placeHeaderControl(app: { document?: unknown }, open: PlaceOpener): HeaderControl {
  return {
    action: "tacticaPlace",
    icon: "fa-solid fa-map-location-dot",
    label: "TACTICA.Place.Open",
    visible: game.user?.isGM === true,
    onClick: () => {
      const region = app.document as EditableRegion | undefined;
      if (region && game.user?.isGM) void open(region);
    },
  };
}

/**
 * Registers the place form's header control (called on `init` by the combat UI's registration,
 * which passes the window's opener: this module stays free of application classes).
 */
export function registerPlaces(open: PlaceOpener): void {
  Hooks.on("getHeaderControlsRegionConfig" as never, ((app: { document?: unknown }, controls: HeaderControl[]) => {
    controls.push(placeHeaderControl(app, open));
  }) as never);
}

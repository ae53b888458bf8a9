/**
 * Test helpers for places (RULES §7.4) on fake scenes: the source data of a region that is a
 * place (a `tactica.place` behaviour), and of the technical regions places must ignore.
 */
type Obj = Record<string, unknown>;

/** The `behaviors` source of a place region. */
export function placeBehaviors(encumbrance: number, neighbours: string[], extra: Obj = {}): Obj[] {
  return [{ name: "Lieu", type: "tactica.place", system: { encumbrance, neighbours }, ...extra }];
}

/** A rectangle shape. */
export const rect = (x: number, y: number, width = 200, height = 200): Obj[] => [
  { type: "rectangle", x, y, width, height },
];

/** A place region's source. */
export function placeRegion(
  id: string,
  name: string,
  shapes: Obj[],
  encumbrance = 0,
  neighbours: string[] = [],
  extra: Obj = {},
): Obj {
  return { _id: id, name, shapes, behaviors: placeBehaviors(encumbrance, neighbours), ...extra };
}

/** A v14 area template region's source (`flags.core.MeasuredTemplate`, see src/compat/regions.ts). */
export function templateRegion(id: string, shapes: Obj[], extra: Obj = {}): Obj {
  return { _id: id, name: "Gabarit", shapes, flags: { core: { MeasuredTemplate: true } }, ...extra };
}

/** A region carrying one core behaviour of `type` (teleportToken, changeLevel, defineSurface…). */
export function behaviourRegion(id: string, type: string, shapes: Obj[], extra: Obj = {}): Obj {
  return { _id: id, name: type, shapes, behaviors: [{ name: type, type, system: {} }], ...extra };
}

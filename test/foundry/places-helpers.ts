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

/**
 * A scene as a GM builds one: created with its regions (and levels), then its tokens placed on it
 * in one creation. Placing them afterwards is what records each token's regions: core identifies
 * them when a token is created (v13 `TokenDocument._preCreateOperation`, `_regions`), whereas the
 * tokens of a scene created with them keep the `_regions` they are given (fake-regions.ts).
 */
export async function placedScene<T>(
  Scene: { create(data: object): Promise<unknown> },
  { tokens = [], ...data }: Obj & { tokens?: Obj[] },
): Promise<T> {
  const scene = (await Scene.create(data)) as { createEmbeddedDocuments(name: string, data: Obj[]): Promise<unknown> };
  if (tokens.length) await scene.createEmbeddedDocuments("Token", tokens);
  return scene as T;
}

/**
 * Part of the Foundry FAKE (see fake.ts): core's token ruler, as far as a system subclasses it, and
 * the little of `canvas` its label reads.
 *
 * Behaviours:
 * - `foundry.canvas.placeables.tokens.TokenRuler`, also `CONFIG.Token.rulerClass` (v13:
 *   https://foundryvtt.com/api/v13/classes/foundry.canvas.placeables.tokens.TokenRuler.html; v14:
 *   https://foundryvtt.com/api/v14/classes/foundry.canvas.placeables.tokens.TokenRuler.html), and
 *   Foundry's v13 client code `client/canvas/placeables/tokens/ruler.mjs`:
 *   `static WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs"`, preloaded by `draw()`;
 *   each waypoint's label is `renderTemplate(this.constructor.WAYPOINT_LABEL_TEMPLATE, context)`
 *   with the context `_getWaypointLabelContext(waypoint, state)` returns (`state` one object per
 *   path, shared by its waypoints in order), `waypoint` and `waypointType: "token-ruler"` added;
 *   a waypoint whose context is empty has no label ({@link FakeTokenRuler.renderLabels} plays
 *   that private loop);
 *   the context core builds: none for the first waypoint of a path, nor for an implicit
 *   waypoint followed by one of the same action, nor for one that did not move; else `action`
 *   (the action's config), `cssClass` ("secret" when hidden, "last" for the last waypoint),
 *   `secret`, `units` (`canvas.grid.units`), `uiScale`, `position` (at the waypoint's centre,
 *   below the token for the last one), `distance.total` (the measured distance, to 0.01, written
 *   in the client's language), `distance.delta` from the third waypoint on (the segment's),
 *   `cost.total`/`cost.units`/`cost.delta` the same for the cost, and `elevation`
 *   (`{total, icon, hidden, delta?}`, hidden while no waypoint of the path left the ground).
 *   Source: the pages and file above. Contract: `integrations.token-ruler`.
 * - `canvas.grid.units`, `canvas.dimensions.uiScale` (https://foundryvtt.com/api/v13/classes/foundry.canvas.Canvas.html):
 *   the viewed scene's grid units, and 1. Source: that page. Contract: none — manual check
 *   "On a scene without places, the label is core's (distance and units)".
 *
 * {@link rulerPath} builds waypoints as core's ruler hands them (`TokenRulerWaypoint`,
 * https://foundryvtt.com/api/v13/types/foundry.types.TokenRulerWaypoint.html): linked, measured
 * (distance and cost in grid units on a square grid, Euclidean here), explicit, walking; the
 * token's own drag is "pending" with no `userId`, and another user's planned movement is
 * "planned" with that user's id (core v13 `ruler.mjs`: `refresh` draws one path per entry of
 * `plannedMovement`, and `#getNonintermediatePath` sets `waypoint.userId` on its planned parts,
 * whose labels are rendered on every client that shows the ruler).
 */
import type { FakeFoundry } from "./fake";
import type { FakeToken } from "./fake-regions";

type Obj = Record<string, unknown>;

/** A point of a ruler path, with its elevation. */
export interface FakePoint {
  x: number;
  y: number;
  elevation?: number;
}

/** A waypoint as core's token ruler hands it to `_getWaypointLabelContext`. */
export interface FakeWaypoint {
  x: number;
  y: number;
  elevation: number;
  level?: string | null;
  index: number;
  explicit: boolean;
  action: string;
  actionConfig: { label: string; icon: string; visualize: boolean };
  hidden: boolean;
  stage: "passed" | "pending" | "planned";
  /** the user whose planned movement this is (absent on the token's own drag) */
  userId?: string;
  center: { x: number; y: number };
  ray: { A: { x: number; y: number }; B: { x: number; y: number }; distance: number } | null;
  cost: number;
  measurement: { distance: number; cost: number; backward: { distance: number } };
  previous: FakeWaypoint | null;
  next: FakeWaypoint | null;
}

/** The placeable a ruler belongs to: its document and its height in pixels. */
export interface FakeTokenObject {
  document: FakeToken;
  h: number;
  actor: unknown;
}

/** The grid size of the token's scene (100 px by default, as the fake's scenes). */
function gridSize(token: FakeToken): number {
  return (token.parent as { grid?: { size?: number } } | null)?.grid?.size ?? 100;
}

/** `value` to 0.01, written as the client's language writes it (core: `toNearest(0.01).toLocaleString`). */
function written(value: number): string {
  const lang = (globalThis as { game?: { i18n?: { lang?: string } } }).game?.i18n?.lang ?? "en";
  return (Math.round(value * 100) / 100).toLocaleString(lang);
}

/** A signed number as core's `signedString` writes it ("+2", "−1" with the minus sign U+2212). */
function signed(value: number): string {
  return value < 0 ? `\u2212${written(-value)}` : `+${written(value)}`;
}

const canvasOf = () =>
  (globalThis as unknown as { canvas: { grid: { units: string }; dimensions: { uiScale: number } } }).canvas;

/** Core's TokenRuler (see the module comment). */
export class FakeTokenRuler {
  static WAYPOINT_LABEL_TEMPLATE = "templates/hud/waypoint-label.hbs";
  /** Templates `draw()` preloaded, for the tests. */
  static drawn: string[] = [];

  constructor(readonly token: FakeTokenObject) {}

  async draw(): Promise<void> {
    const template = (this.constructor as typeof FakeTokenRuler).WAYPOINT_LABEL_TEMPLATE;
    if (template) FakeTokenRuler.drawn.push(template);
  }

  /** Core's label context of `waypoint` (see the module comment). */
  _getWaypointLabelContext(waypoint: FakeWaypoint, state: Obj): Obj | undefined {
    const { index, elevation, explicit, next, previous, ray } = waypoint;
    if (!state.initialized) {
      let w: FakeWaypoint | null = waypoint;
      state.hasElevation = false;
      while (w && !state.hasElevation) {
        state.hasElevation = w.elevation !== 0;
        w = w.previous;
      }
      state.previousElevation = previous?.elevation ?? elevation;
      state.initialized = true;
    }
    state.hasElevation ||= elevation !== 0;
    if (!previous || !ray) return undefined;
    if (
      !explicit &&
      next &&
      waypoint.actionConfig.visualize &&
      next.actionConfig.visualize &&
      waypoint.action === next.action
    )
      return undefined;
    if (ray.distance === 0 && elevation === previous.elevation) return undefined;
    const { grid, dimensions } = canvasOf();
    const context: Obj = {
      action: waypoint.actionConfig,
      cssClass: [waypoint.hidden ? "secret" : "", next ? "" : "last"].filter(Boolean).join(" "),
      secret: waypoint.hidden,
      units: grid.units,
      uiScale: dimensions.uiScale,
      position: { x: ray.B.x, y: ray.B.y + (next ? 0 : 0.5 * this.token.h) + 16 * dimensions.uiScale },
    };
    const distance: Obj = { total: written(waypoint.measurement.distance) };
    if (index >= 2) distance.delta = signed(waypoint.measurement.backward.distance);
    const cost: Obj = { total: written(waypoint.measurement.cost), units: grid.units };
    if (index >= 2) cost.delta = signed(waypoint.cost);
    const elevationContext: Obj = { total: elevation, icon: "fa-solid fa-arrows-up-down", hidden: !state.hasElevation };
    const deltaElevation = elevation - Number(state.previousElevation);
    if (deltaElevation !== 0) elevationContext.delta = signed(deltaElevation);
    state.previousElevation = elevation;
    return { ...context, distance, cost, elevation: elevationContext };
  }

  /**
   * Test helper, not Foundry API: the labels core's private `#renderWaypointLabels` draws for one
   * path — each waypoint's context rendered with the ruler's template (the installed template
   * renderer: test/templates/harness.ts), `null` where a waypoint has no label.
   */
  async renderLabels(path: readonly FakeWaypoint[]): Promise<(string | null)[]> {
    const state: Obj = {};
    const template = (this.constructor as typeof FakeTokenRuler).WAYPOINT_LABEL_TEMPLATE;
    const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: Obj } } }).foundry
      .applications.handlebars as { renderTemplate(path: string, context: object): Promise<string> };
    const labels: (string | null)[] = [];
    for (const waypoint of path) {
      const context = this._getWaypointLabelContext(waypoint, state);
      if (!context) {
        labels.push(null);
        continue;
      }
      labels.push(await handlebars.renderTemplate(template, { ...context, waypoint, waypointType: "token-ruler" }));
    }
    return labels;
  }
}

/** Waypoints through `points` (token positions, top-left corners in pixels), as core's ruler hands them. */
export function rulerPath(
  token: FakeToken,
  points: readonly FakePoint[],
  { plannedBy }: { plannedBy?: string } = {},
): FakeWaypoint[] {
  const size = gridSize(token);
  const half = { x: (token.width * size) / 2, y: (token.height * size) / 2 };
  const path: FakeWaypoint[] = [];
  let total = 0;
  points.forEach((p, index) => {
    const center = { x: p.x + half.x, y: p.y + half.y };
    const previous = path.at(-1) ?? null;
    const step = previous ? Math.hypot(center.x - previous.center.x, center.y - previous.center.y) / size : 0;
    total += step;
    const waypoint: FakeWaypoint = {
      x: p.x,
      y: p.y,
      elevation: p.elevation ?? 0,
      index,
      explicit: true,
      action: "walk",
      actionConfig: { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", icon: "fa-solid fa-person-walking", visualize: true },
      hidden: false,
      stage: plannedBy ? "planned" : "pending",
      ...(plannedBy ? { userId: plannedBy } : {}),
      center,
      ray: previous ? { A: previous.center, B: center, distance: step * size } : null,
      cost: step,
      measurement: { distance: total, cost: total, backward: { distance: step } },
      previous,
      next: null,
    };
    if (previous) previous.next = waypoint;
    path.push(waypoint);
  });
  return path;
}

/** The placeable of a token document, as the ruler reads it. */
export function tokenObject(token: FakeToken): FakeTokenObject {
  return { document: token, h: token.height * gridSize(token), actor: token.actor };
}

/** Installs the token ruler and `canvas` on an installed fake (called by installFoundryFake). */
export function installCanvasFake(fake: FakeFoundry): void {
  FakeTokenRuler.drawn = [];
  const config = fake.CONFIG as Record<string, Obj>;
  config.Token = { ...config.Token, rulerClass: FakeTokenRuler };
  Object.assign(fake.foundry, { canvas: { placeables: { tokens: { TokenRuler: FakeTokenRuler } } } });
  const canvas = {
    grid: {
      get units(): string {
        const scene = (fake.game.scenes as { viewed?: { grid?: { units?: string } } } | undefined)?.viewed;
        return scene?.grid?.units ?? "";
      },
    },
    dimensions: { uiScale: 1 },
  };
  Object.assign(globalThis, { canvas });
}

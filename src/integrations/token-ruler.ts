/**
 * A token ruler that speaks in places (RULES §7.4), on v13 and v14: Tactica's subclass of core's
 * token ruler, set as `CONFIG.Token.rulerClass` on `init` (draw-steel 0.11 does the same with its
 * own, `CONFIG.Token.rulerClass = DrawSteelTokenRuler`, in
 * draw-steel `src/module/canvas/placeables/tokens/token-ruler.mjs`).
 *
 * Core's public API used here (`foundry.canvas.placeables.tokens.TokenRuler`, v13:
 * https://foundryvtt.com/api/v13/classes/foundry.canvas.placeables.tokens.TokenRuler.html, v14:
 * https://foundryvtt.com/api/v14/classes/foundry.canvas.placeables.tokens.TokenRuler.html):
 * - `static WAYPOINT_LABEL_TEMPLATE`, the template each waypoint's label is rendered with;
 * - the protected `_getWaypointLabelContext(waypoint, state)`, "the context used to render a ruler
 *   waypoint label" — core's v13 code gives none for the path's start, and otherwise the action,
 *   the distance and cost in the grid's units, the elevation; the waypoint carries its `center`,
 *   `elevation`, `previous` and `next` (`TokenRulerWaypoint`,
 *   https://foundryvtt.com/api/v13/types/foundry.types.TokenRulerWaypoint.html), and on v14 its `level`.
 *
 * On a scene with places, the context gains `tactica`: the distance in places from the path's
 * start (« 2 lieux »), and at the path's end, for each equipped weapon with *Portée* or *Imprécis*
 * and each of the user's targets, whether the target would be in range and the penalty — read from
 * the rules' `inRange` and `imprecisPenalty` over the place distance (src/rules/attributes.ts), as an
 * attack reads them. On a scene without places, `tactica` is null and the label is core's context,
 * printed as core's template prints it (templates/canvas/waypoint-label.hbs).
 */
import { attributesOf, imprecisPenalty, inRange, type Attribute } from "../rules/attributes";
import { tokenLevel } from "../compat/regions";
import { formatPlural } from "../utils/plural";
import { minus } from "../utils/signed";
import { CharacterModel } from "../data/actor/character";
import { WeaponModel } from "../data/item/weapon";
import { measurePlaces, placeAt, placeRegions, tokenPlace, type Measure } from "../places/measure";

/** The ruler's label template. */
export const RULER_TEMPLATE = "systems/tactica/templates/canvas/waypoint-label.hbs";

/** A waypoint as this file reads it (core's `TokenRulerWaypoint`). */
export interface WaypointLike {
  center: { x: number; y: number };
  elevation: number;
  previous: WaypointLike | null;
  next: WaypointLike | null;
}

/** What one weapon could do to one target from the waypoint. */
export interface Reach {
  text: string;
  /** `in-range`, `out-of-range`, or `unknown` (a place missing, or no path). */
  css: "in-range" | "out-of-range" | "unknown";
}

/** What Tactica adds to a waypoint's label on a scene with places. */
export interface PlacesLabel {
  /** « 2 lieux », « hors des lieux », « aucun chemin ». */
  total: string;
  /** At the path's end: each equipped weapon against each target. */
  reaches: Reach[];
}

const key = (name: string) => `TACTICA.Integrations.Ruler.${name}`;

/** `game.i18n`, which core makes before any system code runs. */
function i18n(): NonNullable<typeof game.i18n> {
  const localization = game.i18n;
  if (!localization) throw new Error("Tactica | game.i18n is not ready");
  return localization;
}

/** The place under a waypoint: at its centre and elevation, on its level (v14) or the token's. */
function placeOf(token: TokenDocument, waypoint: WaypointLike): RegionDocument.Implementation | null {
  const { x, y } = waypoint.center;
  return placeAt(token.parent, { x, y, elevation: waypoint.elevation }, tokenLevel(waypoint) ?? tokenLevel(token));
}

/** A distance in places as the label writes it. */
function distanceText(measure: Measure): string {
  if (measure.distance === null)
    return i18n().localize(key(measure.reason === "unreachable" ? "unreachable" : "noPlace"));
  return formatPlural(i18n(), key("places"), measure.distance);
}

/** A weapon's *Portée* in the rules' shape (Y only when it has one). */
function rangeOf(attributes: readonly Attribute[]): { x: number; y?: number } | null {
  const range = attributesOf(attributes, "range")[0];
  if (!range) return null;
  return range.y === undefined || range.y === null ? { x: range.x } : { x: range.x, y: range.y };
}

/** RULES §6.4: what `attributes` say of a target at `measure` — *Portée*, then *Imprécis*. */
export function reachOf(attributes: readonly Attribute[], measure: Measure): { css: Reach["css"]; parts: string[] } {
  const parts: string[] = [];
  const range = rangeOf(attributes);
  let css: Reach["css"] = "in-range";
  if (range && measure.distance === null) css = "unknown";
  else if (range && !inRange(range, measure.distance)) css = "out-of-range";
  const verdicts = { "in-range": "inRange", "out-of-range": "outOfRange", unknown: "unknown" } as const;
  if (range) parts.push(i18n().localize(key(verdicts[css])));
  const inaccurate = attributesOf(attributes, "inaccurate")[0];
  if (inaccurate && measure.distance !== null) {
    const penalty = imprecisPenalty(inaccurate.x, measure.distance);
    if (penalty > 0) parts.push(i18n().format(key("inaccurate"), { penalty: minus(penalty) }));
  } else if (inaccurate && !range) css = "unknown";
  return { css, parts };
}

/** The equipped weapons of the token's actor that have *Portée* or *Imprécis* (the model's attacks). */
function rangedWeapons(token: TokenDocument): { name: string; attributes: readonly Attribute[] }[] {
  const actor = token.actor;
  const model = actor?.system;
  if (!actor || !(model instanceof CharacterModel)) return [];
  return model.attacks.flatMap((attack) => {
    const system = attack.kind === "weapon" ? actor.items.get(attack.itemId)?.system : undefined;
    if (!(system instanceof WeaponModel)) return [];
    const attributes = system.attributeList;
    const counts = attributesOf(attributes, "range").length + attributesOf(attributes, "inaccurate").length;
    return counts > 0 ? [{ name: attack.name, attributes }] : [];
  });
}

/** At the path's end: each ranged weapon against each of the user's targets on the scene. */
function reaches(token: TokenDocument, here: RegionDocument.Implementation | null): Reach[] {
  const weapons = rangedWeapons(token);
  if (weapons.length === 0) return [];
  const targets = [...(game.user?.targets ?? [])]
    .map((target) => target.document)
    .filter((target) => target !== token && target.parent === token.parent);
  return weapons.flatMap((weapon) =>
    targets.map((target) => {
      const { css, parts } = reachOf(weapon.attributes, measurePlaces(token.parent, here, tokenPlace(target)));
      const aim = i18n().format(key("aim"), { weapon: weapon.name, target: target.name });
      return { css, text: i18n().format(key("reach"), { aim, verdict: parts.join(", ") }) };
    }),
  );
}

/**
 * RULES §7.4: what the label of `waypoint` says in places, for `token` dragged along a path; null
 * on a scene without places.
 */
export function placesLabel(token: TokenDocument, waypoint: WaypointLike): PlacesLabel | null {
  if (placeRegions(token.parent).length === 0) return null;
  let start = waypoint;
  while (start.previous) start = start.previous;
  const here = placeOf(token, waypoint);
  return {
    total: distanceText(measurePlaces(token.parent, placeOf(token, start), here)),
    reaches: waypoint.next ? [] : reaches(token, here),
  };
}

type CoreRuler = foundry.canvas.placeables.tokens.TokenRuler;
type Waypoint = Parameters<CoreRuler["_getWaypointLabelContext"]>[0];
type WaypointState = Parameters<CoreRuler["_getWaypointLabelContext"]>[1];
type WaypointContext = Exclude<ReturnType<CoreRuler["_getWaypointLabelContext"]>, void>;

/** Tactica's token ruler, over core's (made when first asked: core's class exists by then). */
export function tacticaTokenRuler() {
  return class TacticaTokenRuler extends foundry.canvas.placeables.tokens.TokenRuler {
    static override WAYPOINT_LABEL_TEMPLATE = RULER_TEMPLATE;

    protected override _getWaypointLabelContext(waypoint: Waypoint, state: WaypointState): WaypointContext | void {
      const context = super._getWaypointLabelContext(waypoint, state);
      if (!context) return context;
      return Object.assign(context, { tactica: placesLabel(this.token.document, waypoint) });
    }
  };
}

/** `init` (src/hooks/integrations.ts): the token ruler becomes Tactica's; its label template is preloaded. */
export function registerTokenRuler(): void {
  if (typeof foundry.canvas?.placeables?.tokens?.TokenRuler !== "function") return;
  void foundry.applications.handlebars.loadTemplates([RULER_TEMPLATE]);
  // fvtt-types 13.345 types `rulerClass` as a ruler rather than its class: assigned untyped.
  Object.assign(CONFIG.Token, { rulerClass: tacticaTokenRuler() });
}

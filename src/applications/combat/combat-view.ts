/**
 * Reads a Tactica combat into the plain {@link CombatView} the tracker's context is built from:
 * what the viewing user may know of each combatant (owner, token visible to them, hidden).
 */
import { TacticaCombat } from "../../combat/combat";
import type { CombatantView, CombatView } from "./tracker-context";
import { thresholdEvery } from "../../config/settings";

/**
 * Whether the viewing user sees the combatant's token: its canvas object's `visible` (v13 token
 * vision) when the token is on the viewed scene; a token not drawn on this canvas is not seen.
 */
function tokenSeen(combatant: Combatant.Implementation): boolean {
  // `visible` comes from PIXI's DisplayObject, whose typings TypeScript 7 does not merge into
  // fvtt-types' Token: read it through a check that it is there.
  const object: object | null | undefined = combatant.token?.object;
  return object != null && "visible" in object && object.visible === true;
}

function combatantView(combatant: Combatant.Implementation, isGM: boolean): CombatantView | null {
  if (!combatant.id) return null;
  const owned = combatant.isOwner && !isGM;
  return {
    id: combatant.id,
    name: combatant.name ?? "",
    img: combatant.img ?? null,
    initiative: combatant.initiative ?? null,
    owned,
    seen: isGM || owned || tokenSeen(combatant),
    hidden: combatant.hidden === true,
    defeated: combatant.isDefeated === true || combatant.defeated === true,
  };
}

/** The tracker's view of `combat` for the current user (`null`: no Tactica combat). */
export function readCombatView(combat: unknown): CombatView | null {
  if (!(combat instanceof TacticaCombat)) return null;
  const isGM = game.user?.isGM === true;
  const order = combat.turns.length ? combat.turns : combat.combatants.contents;
  return {
    mode: combat.mode,
    started: combat.started,
    round: combat.round,
    isGM,
    every: thresholdEvery(),
    timeline: combat.mode === "timeline" && combat.started ? combat.timeline : null,
    activeId: combat.started ? (combat.combatant?.id ?? null) : null,
    combatants: order.flatMap((c) => combatantView(c, isGM) ?? []),
  };
}

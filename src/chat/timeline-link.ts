/**
 * The link between a card and the viewed combat's timeline (RULES §7.2): the combat in timeline
 * mode, once started, and the combatant of an actor (or of its token). Read-only.
 */
import { TacticaCombat } from "../combat/combat";

/** The viewed combat when it runs a timeline, else null (*tours* mode, not started, none). */
export function viewedTimeline(): TacticaCombat | null {
  // Every combat is of the registered class (`CONFIG.Combat.documentClass`, src/combat/register.ts);
  // fvtt-types 13.345 types the world collection's members as the base Combat.
  const combat = game.combats?.viewed;
  return combat instanceof TacticaCombat && combat.started && combat.mode === "timeline" ? combat : null;
}

/**
 * The id of the combatant standing for `actor` (or its token) in `combat`, or null: the
 * combatant of that token first — two tokens of one actor may each be a combatant — then the
 * one whose actor is `actor`, then one of the same world actor.
 */
export function combatantIdOf(
  combat: TacticaCombat,
  actor: { id: string | null; uuid: string } | null,
  tokenId?: string | null,
): string | null {
  if (!actor) return null;
  const combatants = combat.combatants.contents;
  const found =
    (tokenId ? combatants.find((c) => c.tokenId === tokenId) : undefined) ??
    combatants.find((c) => c.actor?.uuid === actor.uuid) ??
    (actor.id ? combatants.find((c) => c.actorId === actor.id) : undefined);
  return found?.id ?? null;
}

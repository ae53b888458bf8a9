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

/** An actor as the lookups read it: a world actor, or an unlinked token's own (`isToken`). */
interface ActorRef {
  id: string | null;
  uuid: string;
  isToken?: boolean;
}

/**
 * Whether `combatant` stands for `actor`: its actor is `actor` (an unlinked token's combatant has
 * the token's own actor, with its own uuid), or, for a world actor, it is a combatant of that
 * actor. An unlinked token's actor shares its world actor's id with every other token of it, so
 * it is never matched by id: as core's `Combat#getCombatantsByActor`, which looks a token's actor
 * up by its token only.
 */
function standsFor(combatant: Combatant.Implementation, actor: ActorRef): boolean {
  return combatant.actor?.uuid === actor.uuid || (!actor.isToken && !!actor.id && combatant.actorId === actor.id);
}

/**
 * The id of the combatant standing for `actor` (or its token) in `combat`, or null: the
 * combatant of that token first — two tokens of one actor may each be a combatant — then the
 * one whose actor is `actor`, then one standing for it.
 */
export function combatantIdOf(combat: TacticaCombat, actor: ActorRef | null, tokenId?: string | null): string | null {
  if (!actor) return null;
  const combatants = combat.combatants.contents;
  const found =
    (tokenId ? combatants.find((c) => c.tokenId === tokenId) : undefined) ??
    combatants.find((c) => c.actor?.uuid === actor.uuid) ??
    combatants.find((c) => standsFor(c, actor));
  return found?.id ?? null;
}

/**
 * Every combatant of `combat` that is `actor` itself (or its token's): what a once-per-target key
 * must cover when one actor has several combatants (a linked actor's tokens all have it as their
 * actor). Not the unlinked copies of a world actor: each is a target of its own.
 */
export function combatantIdsOf(combat: TacticaCombat, actor: ActorRef, tokenId?: string | null): string[] {
  return combat.combatants.contents
    .filter((c) => (!!tokenId && c.tokenId === tokenId) || c.actor?.uuid === actor.uuid)
    .flatMap((c) => (c.id ? [c.id] : []));
}

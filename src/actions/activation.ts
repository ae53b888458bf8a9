/**
 * What an activation starts and ends on an actor (RULES §4, §5, §7.1; D-13, D-15, D-42): the
 * once-per-activation records (a power cast, a power maintained, a fear test, a rally) live on the
 * actor (`flags.tactica.*ThisActivation`), read by every client, cleared when its next activation
 * starts — in the SAME write as the AC reset (D-42: spent AC reset at the start of the actor's next
 * activation; on a timeline nothing is spent). At an activation's end the
 * maintained powers neither maintained nor cast during it end (D-13); a dead psyker's end at once
 * (D-15). Everything here runs on the active GM.
 */
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";

/** A power cast this activation (item ids): the same power once per activation (RULES §4). */
export const CAST_FLAG = "castThisActivation";
/** The power maintained this activation (RULES §4: one per activation). */
export const MAINTAIN_FLAG = "maintainedThisActivation";
/** A fear test was taken this activation (RULES §5: one per unit and activation). */
export const FEAR_FLAG = "fearTestedThisActivation";
/** A rally was tried this activation (RULES §5, D-42: « Une fois par activation d'unité »). */
export const RALLY_FLAG = "ralliedThisActivation";

/** A once-per-activation list of item ids on `actor`. */
export function activationList(actor: Actor.Implementation, key: typeof CAST_FLAG | typeof MAINTAIN_FLAG): string[] {
  const value: unknown = actor.flags.tactica?.[key];
  return Array.isArray(value) ? value.map(String) : [];
}

/** A once-per-activation mark on `actor`. */
export function activationMark(actor: Actor.Implementation, key: typeof FEAR_FLAG | typeof RALLY_FLAG): boolean {
  return actor.flags.tactica?.[key] === true;
}

/** The model of an actor that has AC and maintains powers (a character, an npc, a unit). */
function modelOf(actor: Actor.Implementation): CharacterModel | UnitModel | null {
  const system = actor.system;
  return system instanceof CharacterModel || system instanceof UnitModel ? system : null;
}

/**
 * The ONE update of an actor whose activation starts: the once-per-activation records cleared,
 * and its spent AC back to 0 (D-42: *tours* mode spends them; on a timeline nothing is spent, so
 * only AC left from before the combat are cleared). Null when nothing changes.
 */
export function activationStartUpdate(actor: Actor.Implementation): Actor.UpdateData | null {
  const model = modelOf(actor);
  const flags: NonNullable<Actor.Flags["tactica"]> = {};
  if (activationList(actor, CAST_FLAG).length) flags[CAST_FLAG] = [];
  if (activationList(actor, MAINTAIN_FLAG).length) flags[MAINTAIN_FLAG] = [];
  if (activationMark(actor, FEAR_FLAG)) flags[FEAR_FLAG] = false;
  if (activationMark(actor, RALLY_FLAG)) flags[RALLY_FLAG] = false;
  const resetAc = !!model && model.actions.spent > 0;
  if (!resetAc && !Object.keys(flags).length) return null;
  return {
    ...(resetAc ? { system: { actions: { spent: 0 } } } : {}),
    ...(Object.keys(flags).length ? { flags: { tactica: flags } } : {}),
  };
}

/** Writes {@link activationStartUpdate} (the active GM, as a combatant's activation starts). */
export async function startActivation(actor: Actor.Implementation | null | undefined): Promise<void> {
  const update = actor ? activationStartUpdate(actor) : null;
  if (actor && update) await actor.update(update);
}

/**
 * D-13: the maintained powers that end with this activation — every one neither maintained nor
 * cast during it. Null when nothing ends.
 */
export function unmaintainedUpdate(actor: Actor.Implementation): Actor.UpdateData | null {
  const model = modelOf(actor);
  if (!model || model.psyker.maintained.length === 0) return null;
  const kept = new Set([...activationList(actor, MAINTAIN_FLAG), ...activationList(actor, CAST_FLAG)]);
  const maintained = model.psyker.maintained.filter((m) => kept.has(m.powerId));
  if (maintained.length === model.psyker.maintained.length) return null;
  return {
    system: { psyker: { maintained: maintained.map((m) => ({ powerId: m.powerId, sinceRound: m.sinceRound })) } },
  };
}

/** D-15: a psyker killed (PV 0), or a choir with no figure left, ends every power it maintains. */
export function endMaintainedOnDeath(actor: Actor.Implementation): Actor.UpdateData | null {
  const model = modelOf(actor);
  if (!model || model.psyker.maintained.length === 0) return null;
  const dead = model instanceof UnitModel ? model.strength.current === 0 : model.profile.pv.value === 0;
  return dead ? { system: { psyker: { maintained: [] } } } : null;
}

/**
 * An activation's end (src/combat/after-update.ts): the active GM ends the powers the combatant's
 * actor did not maintain during the activation (D-13), in one update. (The start of an activation
 * is written by the combat's follow-up, src/combat/after-update.ts, before
 * `tactica.activationStart`.)
 */
export function endUnmaintainedPowers(combatant: Combatant.Implementation): void {
  const actor = combatant.actor;
  const update = game.user?.isActiveGM && actor ? unmaintainedUpdate(actor) : null;
  if (actor && update) void actor.update(update);
}

/** `updateActor` (src/hooks/actor.ts): the active GM ends what a dead psyker maintained (D-15), in one update. */
export function endPowersOfTheDead(actor: Actor.Implementation): void {
  const update = game.user?.isActiveGM ? endMaintainedOnDeath(actor) : null;
  if (update) void actor.update(update);
}

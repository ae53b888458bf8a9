/**
 * `registerCombat()`: the combat's document classes (call once on `init`), and what the listeners
 * of src/hooks/combat.ts and src/hooks/actor.ts do to keep the timeline honest (*Focalisé* loss,
 * *Adaptatif* and passed fear reset at the end of combat, passed fear reset when another scene
 * becomes active).
 */
import { INITIATIVE_FORMULA, TacticaCombat } from "./combat";
import { TacticaCombatant } from "./combatant";
import { adaptiveResetUpdate } from "../data/actor/threshold-update";
import { CharacterModel } from "../data/actor/character";
import { UnitModel } from "../data/actor/unit";
import "./declarations";

/** RULES §7.2 *Focalisé*: every running timeline combat where `actor` fights loses its focused actions. */
export async function onExhaustionGained(actor: Actor.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  for (const combat of game.combats ?? []) {
    if (!(combat instanceof TacticaCombat)) continue;
    for (const combatant of combat.combatants) {
      const id = combatant.id;
      if (id && combatant.actor === actor) await combat.queue(() => combat.loseFocused(id));
    }
  }
}

/**
 * What the end of a combat (or of the scene) clears on one actor, in one update: the *Adaptatif*
 * bonus of its armour (RULES §6.4, at the end of combat) and the highest fear level it passed
 * (RULES §5 « for the rest of the scene », C13). Null when there is nothing to clear.
 */
export function endOfFightUpdate(actor: Actor.Implementation, o: { adaptive: boolean }): Actor.UpdateData | null {
  const adaptive = o.adaptive ? adaptiveResetUpdate(actor.items) : null;
  const system = actor.system;
  const fearPassed = system instanceof CharacterModel || system instanceof UnitModel ? system.morale.fearPassed : 0;
  if (!adaptive && fearPassed === 0) return null;
  return { ...(adaptive ?? {}), ...(fearPassed > 0 ? { system: { morale: { fearPassed: 0 } } } : {}) };
}

/** RULES §6.4 *Adaptatif*, RULES §5 fear (C13): cleared when the combat ends — one update per actor. */
export async function onCombatDeleted(combat: Combat.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const seen = new Set<Actor.Implementation>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const update = endOfFightUpdate(actor, { adaptive: true });
    if (update) await actor.update(update);
  }
}

/**
 * RULES §5 (C13): a fear test passed counts « for the rest of the scene ». When the GM activates
 * another scene, the one before has ended: every actor that passed one — world actors and the
 * unlinked tokens of the other scenes — tests fear afresh (one update each, only where needed).
 */
export async function onSceneActivated(scene: Scene.Implementation, changed: Scene.UpdateData): Promise<void> {
  if (!game.user?.isActiveGM || changed.active !== true) return;
  // Every world actor is of the registered class (`CONFIG.Actor.documentClass`, set on init);
  // fvtt-types 13.345 types the world collection's members as the base Actor.
  const actors = new Set<Actor.Implementation>(
    (game.actors?.contents ?? []).filter((actor) => actor instanceof CONFIG.Actor.documentClass),
  );
  for (const other of game.scenes ?? []) {
    if (other === scene) continue;
    for (const token of other.tokens) if (!token.actorLink && token.actor) actors.add(token.actor);
  }
  for (const actor of actors) {
    const update = endOfFightUpdate(actor, { adaptive: false });
    if (update) await actor.update(update);
  }
}

export function registerCombat(): void {
  CONFIG.Combat.documentClass = TacticaCombat;
  CONFIG.Combatant.documentClass = TacticaCombatant;
  // D-37: what core's tracker buttons roll (Combatant#_getInitiativeFormula reads this before
  // system.json's `initiative`, which says the same); whole numbers, so no decimals shown.
  CONFIG.Combat.initiative = { formula: INITIATIVE_FORMULA, decimals: 0 };
}

/**
 * `registerCombat()`: the combat's document classes and the hooks that keep the timeline honest
 * (*Focalisé* loss, *Adaptatif* reset at the end of combat), and the combat windows
 * (applications/combat/register.ts). Call once on `init`.
 */
import { INITIATIVE_FORMULA, TacticaCombat } from "./combat";
import { TacticaCombatant } from "./combatant";
import { adaptiveResetUpdate } from "../data/actor/threshold-update";
import { COMBAT_UI_TEMPLATES, registerCombatUI } from "../applications/combat/register";
import "./declarations";

/** The combat chat templates, to preload with the system's others. */
export const COMBAT_TEMPLATES = [...COMBAT_UI_TEMPLATES];

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

/** RULES §6.4 *Adaptatif*: the bonus is lost when the combat ends — one update per actor. */
export async function onCombatDeleted(combat: Combat.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const seen = new Set<Actor.Implementation>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const update = adaptiveResetUpdate(actor.items);
    if (update) await actor.update(update);
  }
}

export function registerCombat(): void {
  CONFIG.Combat.documentClass = TacticaCombat;
  CONFIG.Combatant.documentClass = TacticaCombatant;
  // D-37: what core's tracker buttons roll (Combatant#_getInitiativeFormula reads this before
  // system.json's `initiative`, which says the same); whole numbers, so no decimals shown.
  CONFIG.Combat.initiative = { formula: INITIATIVE_FORMULA, decimals: 0 };
  // RULES §7.2 Focalisé: the active GM reacts to the update (on every client, whoever gained it).
  Hooks.on("updateActor", ((actor: Actor.Implementation, _changes: unknown, options: { tactica?: { exhaustionGained?: number } }) => {
    if ((options?.tactica?.exhaustionGained ?? 0) > 0 && game.user?.isActiveGM) void onExhaustionGained(actor);
  }) as never);
  Hooks.on("deleteCombat", (combat) => void onCombatDeleted(combat));
  // The tracker window, its button in the core tracker and the End-action dialog.
  registerCombatUI();
}

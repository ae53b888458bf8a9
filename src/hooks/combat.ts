/**
 * The combat's listeners: the end of a fight and of a scene (src/combat/register.ts), and the core
 * tracker and timeline tracker windows (src/applications/combat/). What an activation's end and a
 * threshold do is called by the combat's follow-up itself (src/combat/after-update.ts): the
 * `tactica.*` hooks it fires are for modules.
 */
import { onCombatDeleted, onSceneActivated } from "../combat/register";
import { keepTimelineInitiatives, onRenderCombatTracker } from "../applications/combat/register";
import { refreshTimelineTracker } from "../applications/combat/tracker";

export function combatHooks(): void {
  // RULES §6.4 Adaptatif and §5 fear (C13): cleared when the combat ends, or the scene changes.
  Hooks.on("deleteCombat", (combat) => void onCombatDeleted(combat));
  Hooks.on("updateScene", (scene, changed) => void onSceneActivated(scene, changed));
  // The core tracker: the Timeline button, and D-37 on a timeline — its controls and its context
  // menus (the encounter menu's own hook, and the combatant menu's, named after the tracker's class).
  Hooks.on("renderCombatTracker", onRenderCombatTracker);
  Hooks.on("getCombatContextOptions", keepTimelineInitiatives);
  Hooks.on("getCombatTrackerContextOptions", keepTimelineInitiatives);
  // The timeline tracker follows what the user sees of the tokens (names of unseen combatants),
  // and the combat the core tracker shows (onRenderCombatTracker).
  Hooks.on("updateToken", () => refreshTimelineTracker());
  Hooks.on("sightRefresh", () => refreshTimelineTracker());
  // The timeline tracker follows its combat.
  for (const hook of [
    "createCombat",
    "updateCombat",
    "deleteCombat",
    "createCombatant",
    "updateCombatant",
    "deleteCombatant",
  ] as const) {
    Hooks.on(hook, () => refreshTimelineTracker());
  }
}

/**
 * `registerCombatUI()`: the combat's user-facing half — the End-action duration dialog installed
 * in the combat, the timeline tracker's button in the core combat tracker's header (v13 hook
 * `renderCombatTracker`, which hands the tracker's root element), and the re-render of the
 * tracker when the combat or its combatants change, and the place form's header control on the
 * core RegionConfig. Called by `registerCombat()`.
 */
import { setDurationPrompt } from "../../combat/combat";
import { END_ACTION_TEMPLATE, promptDuration } from "./end-action";
import { openTimelineTracker, refreshTimelineTracker, TRACKER_TEMPLATE } from "./tracker";
import { PLACE_CONFIG_TEMPLATE } from "../../places/region-config";
import { registerPlaceConfig } from "./place-config";

/** The templates of the combat windows, to preload. */
export const COMBAT_UI_TEMPLATES = [
  TRACKER_TEMPLATE,
  "systems/tactica/templates/combat/tracker-marker.hbs",
  END_ACTION_TEMPLATE,
  PLACE_CONFIG_TEMPLATE,
];

/** The class of the button added to the core tracker (also how a second one is avoided). */
const OPEN_BUTTON_CLASS = "tactica-open-timeline";

/**
 * Adds the "Timeline" button to the core combat tracker's header (the sidebar tab and its
 * popout both fire the hook). Falls back to the top of the tracker when the header is not found.
 */
export function addTrackerButton(root: HTMLElement): HTMLButtonElement | null {
  if (root.querySelector(`.${OPEN_BUTTON_CLASS}`)) return null;
  const host = root.querySelector<HTMLElement>(".combat-tracker-header") ?? root;
  const label = game.i18n?.localize("TACTICA.Combat.Tracker.Open") ?? "Timeline";
  const button = document.createElement("button");
  button.type = "button";
  button.className = `${OPEN_BUTTON_CLASS} inline-control`;
  button.setAttribute("aria-label", label);
  button.dataset.tooltip = label;
  button.innerHTML = `<i class="fa-solid fa-timeline" aria-hidden="true"></i>`;
  button.append(` ${label}`);
  button.addEventListener("click", () => void openTimelineTracker());
  host.prepend(button);
  return button;
}

const REFRESH_HOOKS = [
  "createCombat",
  "updateCombat",
  "deleteCombat",
  "createCombatant",
  "updateCombatant",
  "deleteCombatant",
] as const;

export function registerCombatUI(): void {
  setDurationPrompt(promptDuration);
  registerPlaceConfig();
  Hooks.on("renderCombatTracker", ((_app: unknown, html: unknown) => {
    if (html instanceof HTMLElement) addTrackerButton(html);
  }) as never);
  for (const hook of REFRESH_HOOKS) Hooks.on(hook, (() => refreshTimelineTracker()) as never);
}

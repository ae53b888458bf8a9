/**
 * The combat's user-facing half in the core tracker: the timeline tracker's button in the core
 * combat tracker's header (v13 hook `renderCombatTracker`, which hands the tracker's root
 * element) and — on a timeline — the core tracker's initiative controls hidden. The listeners
 * are in src/hooks/combat.ts; the End-action dialog is installed in the combat on `init`
 * (src/setup/registration.ts).
 */
import { TacticaCombat } from "../../combat/combat";
import { createElementIn, elementOf, type ElementLike } from "../../compat/windows";
import { END_ACTION_TEMPLATE } from "./end-action";
import { openTimelineTracker, refreshTimelineTracker, TRACKER_TEMPLATE } from "./tracker";
import { PLACE_CONFIG_TEMPLATE } from "../../places/region-config";

declare module "fvtt-types/configuration" {
  // fvtt-types declares hook signatures in its `Hooks` namespace; augmenting it takes one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Hooks {
    interface HookConfig {
      /** Core v13 `CombatTracker#_onFirstRender`: the GM's encounter menu (`hookName`, no class chain). */
      getCombatContextOptions: (app: { viewed?: unknown } | null, entries: unknown) => void;
    }
  }
}

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
 * Created in the tracker's own window (a popped-out tracker is another document on v14); the
 * timeline opens beside `tracker` (the core tracker application).
 */
export function addTrackerButton(root: ElementLike, tracker?: unknown): HTMLElement | null {
  if (root.querySelector(`.${OPEN_BUTTON_CLASS}`)) return null;
  const host = elementOf(root.querySelector(".combat-tracker-header")) ?? root;
  const label = game.i18n?.localize("TACTICA.Combat.Tracker.Open") ?? "Timeline";
  const button = createElementIn(root, "button");
  button.setAttribute("type", "button");
  button.className = `${OPEN_BUTTON_CLASS} inline-control`;
  button.setAttribute("aria-label", label);
  button.dataset.tooltip = label;
  button.innerHTML = `<i class="fa-solid fa-timeline" aria-hidden="true"></i>`;
  button.append(` ${label}`);
  button.addEventListener("click", () => void openTimelineTracker(tracker));
  host.prepend(button);
  return button;
}

/**
 * The core tracker's controls that would be a second source of order on a timeline (D-37): the
 * initiative rolls, and going back (refused anyway). Resetting and clearing initiatives are
 * context-menu entries, not buttons: {@link keepTimelineInitiatives}. The v13 tracker marks its
 * controls with `data-action`; the per-combatant initiative is an `.initiative-input`.
 */
const TIMELINE_HIDDEN = ["rollAll", "rollNPC", "rollInitiative", "previousRound", "previousTurn"];
/** Players do not end actions on a timeline (the GM does): core's End Turn goes too. */
const TIMELINE_HIDDEN_FOR_PLAYERS = ["nextTurn", "nextRound"];

/**
 * D-37 in the core tracker of a timeline combat: the controls above are removed and each
 * initiative shows the position it mirrors, read-only. Nothing changes in *tours* mode.
 */
export function adaptCoreTracker(root: ElementLike, combat: unknown, isGM: boolean): void {
  if (!(combat instanceof TacticaCombat) || combat.mode !== "timeline") return;
  const actions = isGM ? TIMELINE_HIDDEN : [...TIMELINE_HIDDEN, ...TIMELINE_HIDDEN_FOR_PLAYERS];
  for (const control of root.querySelectorAll(actions.map((a) => `[data-action="${a}"]`).join(", "))) control.remove();
  const title = game.i18n?.localize("TACTICA.Combat.Tracker.PositionMirror") ?? "";
  for (const input of root.querySelectorAll<HTMLInputElement>(".initiative-input")) {
    input.readOnly = true;
    input.tabIndex = -1;
    input.title = title;
  }
}

/**
 * `renderCombatTracker` (the sidebar tab and its popout): the Timeline button, D-37 on a timeline,
 * and the timeline window redrawn (it follows the combat the core tracker shows).
 */
export function onRenderCombatTracker(app: { viewed?: unknown } | null, html: unknown): void {
  // A switched encounter renders the core tracker: the timeline follows the combat it shows.
  refreshTimelineTracker();
  const root = elementOf(html);
  if (!root) return;
  addTrackerButton(root, app);
  adaptCoreTracker(root, app?.viewed ?? game.combat, game.user?.isGM === true);
}

/**
 * Core v13's context-menu entries that would undo a timeline's initiatives (D-37, core-source M3):
 * the encounter menu's « Reset initiative » (`CombatTracker#_getCombatContextOptions`) and the
 * combatant menu's « Clear initiative » and « Reroll » (`_getEntryContextOptions`). Named by
 * their label keys: v13 entries carry `name`, v14 ones `label`.
 */
const TIMELINE_MENU_ENTRIES = new Set(["COMBAT.InitiativeReset", "COMBAT.CombatantClear", "COMBAT.CombatantReroll"]);

/** A context-menu entry as core's hooks hand it over (v13 `condition`, v14 `visible`). */
type MenuEntryLike = Record<string, unknown>;

const isEntry = (value: unknown): value is MenuEntryLike => typeof value === "object" && value !== null;

/**
 * The `getCombatContextOptions` and `getCombatTrackerContextOptions` hooks (core's tracker builds
 * each menu ONCE, on its first render; `condition` / `visible` are asked each time a menu opens):
 * the entries above are kept, and shown only while the tracker's viewed combat is not a timeline.
 */
export function keepTimelineInitiatives(app: { viewed?: unknown } | null, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  const onTimeline = () => {
    const combat = app?.viewed ?? game.combat;
    return combat instanceof TacticaCombat && combat.mode === "timeline";
  };
  for (const entry of entries) {
    if (!isEntry(entry)) continue;
    const key = String(entry.label ?? entry.name ?? "");
    if (!TIMELINE_MENU_ENTRIES.has(key)) continue;
    const field = "visible" in entry ? "visible" : "condition";
    const prior = entry[field];
    entry[field] = (...args: unknown[]) =>
      !onTimeline() && (typeof prior === "function" ? Boolean(prior(...args)) : prior !== false);
  }
}

/**
 * The timeline tracker window (RULES §7): an ApplicationV2 following the combat the core tracker
 * shows (`ui.combat.viewed`: the GM may switch encounters there; `game.combat` before the tracker
 * has rendered), rendered from {@link trackerContext}. It displays and dispatches only; every
 * handler checks again that the user is the GM (the combat methods check too).
 *
 * Opened from a button in the core combat tracker's header (see register.ts) or by
 * `openTimelineTracker()`. Drag and drop: a GM drags a marker (native HTML drag) onto a ruler
 * row; the drop calls `combat.moveMarker(entryId, position)`. From the keyboard, a focused
 * marker moves one position with the up and down arrows, or with the tracker's one pair of − and
 * + buttons, which follows the focused marker (drawn once, not once per marker: issue 26). The
 * acting combatant's Move button makes its move action (D-39).
 */
import { TacticaCombat } from "../../combat/combat";
import type { CombatMode } from "../../config/settings";
import { notifyError } from "../../utils/notify";
import { readCombatView } from "./combat-view";
import { endActionWithPrompt } from "./end-action";
import { HandlebarsAppBase } from "./foundry-app";
import { trackerContext } from "./tracker-context";
import { detachedOptions } from "../../compat/windows";
import { bindRulerKeys, DRAGGABLE, refocusMarker, targetOf, type NudgeLabel } from "./tracker-keys";

/** The tracker's template. */
export const TRACKER_TEMPLATE = "systems/tactica/templates/combat/tracker.hbs";

/** The drag data type of a timeline marker (its entry id). */
const DRAG_TYPE = "application/x-tactica-marker";

/** The combat the core tracker shows (core's `CombatTracker#viewed`), else the active one (`null`: none). */
export function viewedCombat(): unknown {
  const tracker: unknown = ui.combat;
  const viewed = tracker && typeof tracker === "object" && "viewed" in tracker ? tracker.viewed : undefined;
  return viewed ?? game.combat ?? null;
}

/** The viewed combat when it is a Tactica combat and the user is the GM; says why when refused. */
function managedCombat(): TacticaCombat | null {
  if (!game.user?.isGM) {
    notifyError("TACTICA.Combat.Errors.GMOnly");
    return null;
  }
  const combat = viewedCombat();
  return combat instanceof TacticaCombat ? combat : null;
}

/**
 * GM: "End action" — the combat's one End-action path (as core's Next): the End-action dialog asks
 * the duration, opened in this window (a popped-out tracker keeps its dialog), and the acting
 * combatant moves on.
 */
async function onEndAction(this: TimelineTracker): Promise<void> {
  const combat = managedCombat();
  if (combat) await endActionWithPrompt(combat, this);
}

/** GM, before the start: switches the mode (one combat update). */
async function onSetMode(_event: PointerEvent, target: HTMLElement): Promise<void> {
  const mode = target.dataset.mode;
  if (mode !== "tours" && mode !== "timeline") return;
  await managedCombat()?.setMode(mode satisfies CombatMode);
}

/** GM: begins the combat (in timeline mode, the initiatives become positions). */
async function onStartCombat(): Promise<void> {
  await managedCombat()?.startCombat();
}

/** GM, keyboard: the − / + button moves the marker that holds it one position earlier or later. */
async function onNudgeMarker(
  this: TimelineTracker | undefined,
  _event: PointerEvent,
  target: HTMLElement,
): Promise<void> {
  const marker = target.closest<HTMLElement>("[data-entry-id]");
  const delta = Number(target.dataset.delta);
  if (!marker || (delta !== 1 && delta !== -1)) return;
  await nudgeMarker(this, marker, delta, true);
}

/** Moves `marker` by `delta`; the tracker's next render gives the focus back to it (or to its button). */
async function nudgeMarker(
  app: TimelineTracker | undefined,
  marker: HTMLElement,
  delta: 1 | -1,
  button: boolean,
): Promise<void> {
  const position = Number(marker.dataset.markerPosition);
  const id = marker.dataset.entryId ?? "";
  if (!Number.isInteger(position)) return;
  if (app instanceof TimelineTracker) app.refocus = { id, delta: button ? delta : null };
  await dropMarker(id, position + delta);
}

/** The nudge pair's labels, in the user's language. */
const nudgeLabel: NudgeLabel = (key, name) => game.i18n?.format(key, { name }) ?? name;

/**
 * D-39: the acting combatant's move action, by its owner or the GM (the actor's own method checks
 * ownership again); its dialog opens in this window.
 */
async function onMoveAction(this: TimelineTracker): Promise<void> {
  const combat = viewedCombat();
  const actor = combat instanceof TacticaCombat ? combat.combatant?.actor : undefined;
  if (!actor) return;
  await actor.move({}, { opener: this });
}

/** GM: a marker dropped on a ruler row moves there. */
export async function dropMarker(entryId: string, position: number): Promise<boolean> {
  if (!entryId || !Number.isInteger(position) || position < 0) return false;
  const combat = managedCombat();
  return combat ? combat.moveMarker(entryId, position) : false;
}

export class TimelineTracker extends HandlebarsAppBase {
  static DEFAULT_OPTIONS = {
    id: "tactica-timeline",
    classes: ["tactica", "tactica-app", "tactica-timeline-app"],
    window: { title: "TACTICA.Combat.Tracker.Title", icon: "fa-solid fa-timeline", resizable: true },
    position: { width: 320, height: 560 },
    actions: {
      endAction: onEndAction,
      nudgeMarker: onNudgeMarker,
      moveAction: onMoveAction,
      setMode: onSetMode,
      startCombat: onStartCombat,
    },
  };

  static PARTS = {
    tracker: { template: TRACKER_TEMPLATE, scrollable: [".tactica-timeline__ruler"] },
  };

  override async _prepareContext(_options: object): Promise<Record<string, unknown>> {
    return { ...trackerContext(readCombatView(viewedCombat())) };
  }

  /** The marker (and its − or + button) a keyboard move came from, focused again by the next render. */
  refocus: { id: string; delta: 1 | -1 | null } | null = null;

  /** The ruler's drag and drop and keyboard moves, delegated to the ruler (one listener each). */
  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context, options);
    const ruler = this.element.querySelector<HTMLElement>(".tactica-timeline__ruler");
    if (!game.user?.isGM || !ruler) return;
    const rowOf = (event: Event) => targetOf(event)?.closest<HTMLElement>("[data-position]");
    ruler.addEventListener("dragstart", (event) => {
      const marker = targetOf(event)?.closest<HTMLElement>(DRAGGABLE);
      if (!marker) return;
      event.dataTransfer?.setData(DRAG_TYPE, marker.dataset.entryId ?? "");
      event.dataTransfer?.setData("text/plain", marker.dataset.entryId ?? "");
    });
    ruler.addEventListener("dragover", (event) => {
      const row = rowOf(event);
      if (!row) return;
      event.preventDefault();
      row.classList.add("is-drop-target");
    });
    ruler.addEventListener("dragleave", (event) => rowOf(event)?.classList.remove("is-drop-target"));
    ruler.addEventListener("drop", (event) => {
      const row = rowOf(event);
      if (!row) return;
      event.preventDefault();
      row.classList.remove("is-drop-target");
      const id = event.dataTransfer?.getData(DRAG_TYPE) || event.dataTransfer?.getData("text/plain") || "";
      void dropMarker(id, Number(row.dataset.position));
    });
    this.#listenToKeys(ruler);
  }

  /** The keyboard moves (./tracker-keys.ts); a keyboard move keeps its focus through the render it causes. */
  #listenToKeys(ruler: HTMLElement): void {
    bindRulerKeys(ruler, { label: nudgeLabel, nudge: (marker, delta) => void nudgeMarker(this, marker, delta, false) });
    const refocus = this.refocus;
    this.refocus = null;
    if (refocus) refocusMarker(ruler, refocus, nudgeLabel);
  }
}

let tracker: TimelineTracker | null = null;

/**
 * Opens (or brings up) the timeline tracker — on v14, in the window of `opener` (the core combat
 * tracker it was opened from) when that one is popped out; the tracker itself can pop out like any
 * window.
 */
export function openTimelineTracker(opener?: unknown): Promise<unknown> {
  tracker ??= new TimelineTracker();
  return tracker.render({ force: true, ...detachedOptions(opener) });
}

/**
 * How long a burst of combat changes is gathered into one render (core's own `Combat#debounceSetup`
 * waits 50 ms: https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html#debouncesetup).
 */
export const REFRESH_DELAY_MS = 50;

let debouncedRefresh: (() => void) | null = null;

/**
 * Re-renders the tracker when it is open, once per burst: an End action or a start updates the
 * combat and then every combatant whose initiative mirrors a position — one render for all of it
 * (`foundry.utils.debounce`, https://foundryvtt.com/api/v13/functions/foundry.utils.debounce.html).
 */
export function refreshTimelineTracker(): void {
  debouncedRefresh ??= foundry.utils.debounce(() => {
    if (tracker?.rendered) void tracker.render();
  }, REFRESH_DELAY_MS);
  debouncedRefresh();
}

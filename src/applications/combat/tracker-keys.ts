/**
 * The timeline tracker's keyboard moves, on the ruler's DOM (templates/combat/tracker.hbs): the
 * keyboard alternative to dragging a marker (apps review A2). Every draggable marker takes the
 * focus (`tabindex="0"`, `aria-keyshortcuts="ArrowUp ArrowDown"`): the up arrow moves the focused
 * marker one position earlier, the down arrow one later. The tracker draws ONE pair of − / +
 * buttons (on the acting combatant's marker, else the first draggable one: tracker-context.ts),
 * which moves into the marker that takes the focus, named after it — so a pointer or a screen
 * reader finds them there, and Tab goes from a marker to its − and + (issue 26: the pair once,
 * not once per marker, was a fifth of the tracker's frame at 200 combatants).
 *
 * No Foundry here (the window, tracker.ts, gives the labels and the move), so a browser check
 * runs this module in Chromium (test/browser/tracker-keys.test.ts).
 */

/** Draggable markers: the ones the keyboard moves. */
export const DRAGGABLE = "[data-entry-id][draggable=true]";

/** A button's label for a marker: the language key ("…Earlier" or "…Later") and the marker's name. */
export type NudgeLabel = (key: string, name: string) => string;

/** What the ruler's keys do: label the pair, and move a marker by `delta` (from the pair or the arrows). */
export interface RulerKeys {
  label: NudgeLabel;
  nudge(marker: HTMLElement, delta: 1 | -1): void;
}

/** The language keys of the pair's labels (lang/*.json, TACTICA.Combat.Tracker). */
export const NUDGE_KEYS = { earlier: "TACTICA.Combat.Tracker.Earlier", later: "TACTICA.Combat.Tracker.Later" };

/** The one − / + pair moves into `marker`, named after it, its − disabled at position 0. */
export function carryNudge(ruler: HTMLElement, marker: HTMLElement, label: NudgeLabel): void {
  const pair = ruler.querySelector<HTMLElement>(".tactica-marker__nudge");
  if (!pair || pair.parentElement === marker) return;
  marker.append(pair);
  const name = marker.querySelector(".tactica-marker__name")?.textContent?.trim() ?? "";
  for (const button of pair.querySelectorAll<HTMLButtonElement>("button[data-delta]")) {
    const earlier = button.dataset.delta === "-1";
    button.setAttribute("aria-label", label(earlier ? NUDGE_KEYS.earlier : NUDGE_KEYS.later, name));
    if (earlier) button.disabled = !(Number(marker.dataset.markerPosition) > 0);
  }
}

/** The element an event happened on (null for a non-element target). */
export function targetOf(event: Event): Element | null {
  return event.target instanceof Element ? event.target : null;
}

/** The arrow keys of a focused marker: up one position earlier, down one later; null for any other key. */
export function arrowDelta(event: KeyboardEvent): 1 | -1 | null {
  if (event.key === "ArrowUp") return -1;
  if (event.key === "ArrowDown") return 1;
  return null;
}

/** The pair follows the focused marker; the arrows move the focused marker (not one of its buttons). */
export function bindRulerKeys(ruler: HTMLElement, keys: RulerKeys): void {
  ruler.addEventListener("focusin", (event) => {
    const marker = targetOf(event)?.closest<HTMLElement>(DRAGGABLE);
    if (marker) carryNudge(ruler, marker, keys.label);
  });
  ruler.addEventListener("keydown", (event) => {
    const marker = targetOf(event);
    const delta = arrowDelta(event);
    if (!delta || !(marker instanceof HTMLElement) || !marker.matches(DRAGGABLE)) return;
    event.preventDefault();
    keys.nudge(marker, delta);
  });
}

/**
 * After a render, the focus goes back where a keyboard move left it: the marker `id` (it has moved),
 * or its − or + button (`delta`) when the move came from the pair.
 */
export function refocusMarker(ruler: HTMLElement, at: { id: string; delta: 1 | -1 | null }, label: NudgeLabel): void {
  const marker = ruler.querySelector<HTMLElement>(`[data-entry-id="${at.id}"]${DRAGGABLE}`);
  if (!marker) return;
  carryNudge(ruler, marker, label);
  const button = at.delta ? marker.querySelector<HTMLElement>(`button[data-delta="${at.delta}"]`) : null;
  (button ?? marker).focus();
}

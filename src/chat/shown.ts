/**
 * Who shows a request's dice (DESIGN §4, docs/rules-decisions.md "Dice by the clicker, shown by
 * the writer"): the CLICKER's client, with its own Dice So Nice settings, once the one writer has
 * accepted them. Each request the writer runs may carry how its dice are shown: the clicker's own
 * showing when the writer is the clicker (the active GM's own click, a click run locally without a
 * GM), or the writer's message asking the clicker to show them (src/chat/gm.ts). An executor
 * calls {@link showAccepted} after its last refusal and before its first write
 * (src/chat/kinds/kind.ts `showSenderDice`): refused dice are never shown, accepted dice once.
 */
import type { CardRequest } from "./authority";

/** Shows a request's accepted dice; `appended`: they become one of the card's rolls (a push). */
export type ShowDice = (appended: boolean) => Promise<void>;

/** How each request being run shows its dice (a request object is run once, by one writer). */
const shows = new WeakMap<CardRequest, ShowDice>();

/** `request`, whose dice `show` shows once they are accepted. */
export function showingBy<R extends CardRequest>(request: R, show: ShowDice | undefined): R {
  // (An equivalent mutant: `if (true)` would keep `undefined`, which reads as none.)
  if (show) shows.set(request, show);
  return request;
}

/**
 * Starts showing `request`'s dice, accepted by the writer, at most once (nothing when it carries
 * none). The writer never waits for the throw: its one queue serves every click, and a throw that
 * does not end (a hidden tab, a client that never answers) would hold every other user's click
 * past its answer's time limit (security review, third round B3). A failure is logged.
 */
export function showAccepted(request: CardRequest, appended: boolean): void {
  const show = shows.get(request);
  shows.delete(request);
  if (show)
    void show(appended).catch((error: unknown) => console.error("Tactica | the dice could not be shown", error));
}

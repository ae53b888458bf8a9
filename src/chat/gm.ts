/**
 * One writer for every card action (DESIGN §4): the active GM.
 *
 * - The active GM's own click runs here directly. Any other user — a player, a second GM, an
 *   Assistant GM — sends a request over the channel (src/chat/channel.ts); the active GM runs it
 *   for the sender the server attests, whose role and ownership are read from the stored User.
 * - What a request runs is the action its card's kind declares under the request's name
 *   (src/chat/kinds/), read from the stored card when the request's turn comes.
 * - Every action runs in ONE queue on the active GM (not one per message): two cards that hit one
 *   target at once both land, each executor re-reading the stored documents it writes.
 * - With no GM connected, an action runs on the clicker's own client only when that user may write
 *   EVERY document it writes (`Document#canUserModify`, as the server checks it); otherwise it is
 *   refused as "no GM connected" and nothing is written.
 * - An executor never reports on the GM's screen: it returns a localised reason the clicker shows.
 *   An executor that throws is reported to the clicker as a failure, never as "no GM answered".
 */
import { registerChannel, sendRequest, type CardRequest, type CardResult } from "./channel";
import { cardAt, type Someone } from "./authority";
import { writerActionNames, writerActionOf } from "./kinds/index";

export type { CardRequest, CardResult } from "./channel";

/** The action a request names on its stored card (null: no card, or no such action the writer runs). */
function actionFor(request: CardRequest) {
  const found = cardAt(request.messageId);
  return found ? writerActionOf(found, request.action) : null;
}

/** The tail of the one queue: every action starts once the previous one has settled. */
let tail: Promise<unknown> = Promise.resolve();

/** Runs `task` after every earlier queued task of this client (GM-wide serialisation). */
export function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = tail.then(task, task);
  tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** The failure reported when an executor threw (a bug or a refused write): nothing more was done. */
const FAILED: CardResult = { ok: false, reason: "TACTICA.Chat.failed" };

/** Runs a request here, in the queue, for `user`. */
export async function execute(request: CardRequest, user: Someone): Promise<CardResult> {
  try {
    return await serialised(() => {
      const action = actionFor(request);
      return action ? action.run(request, user) : Promise.resolve({ ok: false, reason: "TACTICA.Chat.invalid" });
    });
  } catch (err) {
    console.error("Tactica | card action failed", request.action, err);
    return FAILED;
  }
}

/** Sends a click to the one writer and resolves what came of it (see the module comment). */
export async function requestCardAction(request: CardRequest): Promise<CardResult> {
  const me = game.user;
  if (!me) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  const gm = game.users?.activeGM;
  if (gm && gm.id === me.id) return execute(request, me);
  if (gm) return sendRequest(request);
  if (actionFor(request)?.local(request, me)) return execute(request, me);
  return { ok: false, reason: "TACTICA.Chat.noGM" };
}

/** Listens for requests (on init): the active GM executes them for their attested sender. */
export function registerCardWriter(): void {
  registerChannel(execute, writerActionNames());
}

/**
 * One writer for every card action (DESIGN §4): the active GM, and the channel that brings it the
 * other users' clicks.
 *
 * - The active GM's own click runs here directly. Any other user — a player, a second GM, an
 *   Assistant GM — sends a request over the channel; the active GM runs it for the sender the
 *   server attests, whose role and ownership are read from the stored User.
 * - What a request runs is the action its card's kind declares under the request's name
 *   (src/chat/kinds/), read from the stored card when the request's turn comes.
 * - Every action runs in ONE queue on the active GM (not one per message): two cards that hit one
 *   target at once both land, each executor re-reading the stored documents it writes.
 * - With no GM connected, an action runs on the clicker's own client only when that user may write
 *   EVERY document it writes (`Document#canUserModify`, as the server checks it); otherwise it is
 *   refused as "no GM connected" and nothing is written.
 * - An executor never reports on the GM's screen: it returns a localised reason the clicker shows.
 *   An executor that throws is reported to the clicker as a failure, never as "no GM answered".
 *
 * The channel (docs/rules-decisions.md "Trust model"): Foundry's `game.socket`, event
 * `system.tactica` (`"socket": true` in system.json).
 *
 * Why the socket and not `CONFIG.queries`: a query handler receives `(queryData, {timeout})` and is
 * never told who sent it (https://foundryvtt.com/api/variables/CONFIG.queries.html; foundryvtt#13418,
 * open in v14), so a user id in the payload is only a claim. A `game.socket` handler receives, after
 * the emitted arguments, the sender's user id appended by the server, and the server never sends an
 * event back to its sender (socketlib `src/socketlib.js` `_onSocketReceived(message, senderId)`;
 * pf2e `src/scripts/socket.ts`; https://foundryvtt.wiki/en/development/api/sockets). That id is the
 * identity every check on the GM side starts from. Rules, because an extra client argument could
 * shift it: the sender is read from the LAST argument, a message that does not arrive with exactly
 * two arguments is ignored, and the sender must be a known user.
 *
 * Protocol: `{ type: "request", id, action, messageId, targetIndex?, index?, roll? }` from the
 * clicker (`roll`: the clicker's dice, their class, formula and faces — never the roll's options:
 * every client receives the request, src/chat/click.ts); only the active GM handles it and answers
 * `{ type: "response", id, to, result }`. The requester accepts a response only from a GM (by the
 * attested sender), addressed to itself, for a request it is waiting for. No answer in time is
 * "no GM answered"; a refusal carries its own localised reason and is never reported as no answer.
 *
 * Dice shown by their roller (docs/rules-decisions.md "Dice by the clicker, shown by the writer"):
 * once the writer has accepted a request's dice and before it writes (src/chat/shown.ts), it asks
 * the sender `{ type: "show", id, to, appended }`; the sender's client shows the dice it rolled for
 * that pending request (src/dice/dsn.ts `showRoll`, with ITS Dice So Nice settings), once. The
 * sender takes a "show" only from a GM (as a response), for a request it is waiting for. The writer
 * does not wait for the throw (src/chat/shown.ts): a client that never ends it would hold the one
 * queue. A push's dice DSN animates after the write, from the card's own update.
 *
 * Bounds, because any client can emit on the socket as fast and as large as it likes: a request
 * whose dice (`roll`) serialise to more than {@link MAX_ROLL_CHARS} characters is ignored before
 * core rebuilds them; the active GM holds at most {@link MAX_PENDING_PER_SENDER} unanswered
 * requests per sender and {@link MAX_PENDING} in all — a request beyond that is ignored (its
 * sender sees "no GM answered"; nothing was changed), so a flood never grows the GM's queue.
 */
import { isRecord } from "../rules/records";
import { showingBy, type ShowDice } from "./shown";
import { cardAt, type CardRequest, type CardResult, type Someone } from "./authority";
import { writerActionNames, writerActionOf } from "./kinds/index";

export type { CardRequest, CardResult } from "./authority";

/** The system's socket event (`system.<id>`, relayed by the server for systems with `"socket": true`). */
export const SOCKET_EVENT = "system.tactica";

/** How long a requester waits for the active GM's answer. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** The largest roll JSON a request may carry (a Tactica roll of 30 dice is under 4 000 characters). */
export const MAX_ROLL_CHARS = 16_000;

/** Unanswered requests the active GM holds for one sender (a player clicks one card at a time). */
export const MAX_PENDING_PER_SENDER = 8;

/** Unanswered requests the active GM holds in all. */
export const MAX_PENDING = 64;

interface Waiting {
  userId: string;
  resolve(result: CardResult): void;
  timer: ReturnType<typeof setTimeout>;
  /** the clicker's own showing of the request's dice, until the writer asks for it */
  show?: ShowDice;
}

const waiting = new Map<string, Waiting>();

/** Actions a request may name: the card kinds' actions the writer runs (the clicker's own rolls are never sent). */
let requestable: ReadonlySet<string> = new Set();

/** True when `roll` serialises to at most MAX_ROLL_CHARS characters (false for what cannot be serialised). */
function smallEnough(roll: unknown): boolean {
  try {
    return (JSON.stringify(roll)?.length ?? 0) <= MAX_ROLL_CHARS;
  } catch {
    return false;
  }
}

function optionalIndex(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1000);
}

function isRequestable(action: unknown): action is string {
  return typeof action === "string" && requestable.has(action);
}

/** A request as the GM accepts it, or null (malformed: ignored, as from a client that is not ours). */
export function parseRequest(data: unknown): (CardRequest & { id: string }) | null {
  if (!isRecord(data) || data.type !== "request") return null;
  const { id, action, messageId, targetIndex, index, roll } = data;
  if (typeof id !== "string" || id.length === 0 || id.length > 64) return null;
  if (!isRequestable(action) || typeof messageId !== "string" || messageId.length > 64) return null;
  if (!optionalIndex(targetIndex) || !optionalIndex(index)) return null;
  let dice: Record<string, unknown> | undefined;
  if (roll !== undefined) {
    if (!isRecord(roll) || !smallEnough(roll)) return null;
    dice = roll;
  }
  const request: CardRequest & { id: string } = { id, action, messageId };
  if (targetIndex !== undefined) request.targetIndex = targetIndex;
  if (index !== undefined) request.index = index;
  if (dice !== undefined) request.roll = dice;
  return request;
}

function parseResult(value: unknown): CardResult | null {
  if (!isRecord(value) || typeof value.ok !== "boolean") return null;
  if (value.reason !== undefined && (typeof value.reason !== "string" || !value.reason.startsWith("TACTICA.")))
    return null;
  const result: CardResult = { ok: value.ok };
  if (typeof value.reason === "string") result.reason = value.reason;
  if (isRecord(value.data))
    result.data = Object.fromEntries(Object.entries(value.data).map(([k, v]) => [k, String(v)]));
  return result;
}

/** What arrives on the socket: (message, senderId), the sender appended by the server. */
function receive(...args: unknown[]): Promise<void> | void {
  if (args.length !== 2) return;
  const [data, senderId] = args;
  const sender = typeof senderId === "string" ? game.users?.get(senderId) : undefined;
  if (!sender || !isRecord(data)) return;
  if (data.type === "request") return answer(data, sender);
  if (data.type === "response") accept(data, sender);
  if (data.type === "show") return showAsked(data, sender);
}

/** Unanswered requests on the active GM, per sender id. */
const heldBySender = new Map<string, number>();
let pendingTotal = 0;

/** The active GM runs a request and answers its sender alone (every other client ignores it). */
async function answer(data: Record<string, unknown>, sender: User.Implementation): Promise<void> {
  if (!game.user?.isActiveGM) return;
  const request = parseRequest(data);
  const senderId = sender.id;
  if (!request || !senderId) return;
  const held = heldBySender.get(senderId) ?? 0;
  if (held >= MAX_PENDING_PER_SENDER || pendingTotal >= MAX_PENDING) return;
  heldBySender.set(senderId, held + 1);
  pendingTotal++;
  const { id, ...rest } = request;
  try {
    const result = await execute(
      showingBy(rest, (appended) => askToShow(id, senderId, appended)),
      sender,
    );
    game.socket?.emit(SOCKET_EVENT, { type: "response", id, to: senderId, result });
  } finally {
    const left = (heldBySender.get(senderId) ?? 1) - 1;
    if (left > 0) heldBySender.set(senderId, left);
    else heldBySender.delete(senderId);
    pendingTotal--;
  }
}

/** A requester takes a GM's answer to its own pending request, and nothing else. */
function accept(data: Record<string, unknown>, sender: User.Implementation): void {
  const me = game.user?.id;
  const id = data.id;
  if (typeof id !== "string") return;
  const pending = waiting.get(id);
  const result = parseResult(data.result);
  if (!sender.isGM || !pending || !result || data.to !== me || pending.userId !== me) return;
  waiting.delete(id);
  clearTimeout(pending.timer);
  pending.resolve(result);
}

/* ----------------------------------------------------- dice shown by their roller, when accepted */

/** The writer asks the sender of request `id` to show its dice (see the module comment). */
function askToShow(id: string, senderId: string, appended: boolean): Promise<void> {
  game.socket?.emit(SOCKET_EVENT, { type: "show", id, to: senderId, appended });
  return Promise.resolve();
}

/** The sender shows its own dice of a pending request, once, when the active GM asks. */
async function showAsked(data: Record<string, unknown>, sender: User.Implementation): Promise<void> {
  const me = game.user?.id;
  const pending = typeof data.id === "string" ? waiting.get(data.id) : undefined;
  if (!sender.isGM || !pending || data.to !== me || pending.userId !== me) return;
  const show = pending.show;
  delete pending.show;
  await show?.(data.appended === true);
}

/**
 * Sends `request` to the active GM and resolves its answer, or "no GM answered" after the timeout.
 * `show`: how this client shows the request's dice when the writer accepts them.
 */
export function sendRequest(request: CardRequest, show?: ShowDice): Promise<CardResult> {
  const me = game.user?.id;
  const socket = game.socket;
  if (!me || !socket) return Promise.resolve({ ok: false, reason: "TACTICA.Chat.noAnswer" });
  const id = foundry.utils.randomID();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve({ ok: false, reason: "TACTICA.Chat.noAnswer" });
    }, ANSWER_TIMEOUT_MS);
    waiting.set(id, { userId: me, resolve, timer, ...(show ? { show } : {}) });
    socket.emit(SOCKET_EVENT, { type: "request", id, ...request });
  });
}

/* ------------------------------------------------------------------------------- the writer */

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

/**
 * Sends a click to the one writer and resolves what came of it (see the module comment). `show`:
 * how this client shows the click's dice once the writer accepts them — here, when the writer is
 * this client.
 */
export async function requestCardAction(request: CardRequest, show?: ShowDice): Promise<CardResult> {
  const me = game.user;
  if (!me) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  const gm = game.users?.activeGM;
  if (gm && gm.id === me.id) return execute(showingBy(request, show), me);
  if (gm) return sendRequest(request, show);
  if (actionFor(request)?.local(request, me)) return execute(showingBy(request, show), me);
  return { ok: false, reason: "TACTICA.Chat.noGM" };
}

/**
 * Listens on the system's socket (on init): the active GM executes the requests naming an action
 * of a card kind the writer runs, for their attested sender.
 */
export function registerCardWriter(): void {
  requestable = new Set(writerActionNames());
  game.socket?.on(SOCKET_EVENT, receive);
}

/**
 * One writer for every card action (DESIGN §4): the active GM. A click becomes a request; the
 * active GM runs it (locally when the clicker is that GM, else through `CONFIG.queries` and
 * `User#query`), one request at a time per message (an in-memory lock), and the executor re-reads
 * the message before writing. A double click or a second client therefore finds the card already
 * changed and changes nothing.
 *
 * With no GM connected, a request runs on the clicker's own client only when that user may write
 * every document it touches (the message as its author, the actor and targets as their owner);
 * it is still serialised by the lock of this client. Otherwise it is refused, says that no GM is
 * connected, and nothing is written.
 */
import { CARD_ACTIONS, type ActingUser, type CardAction } from "./permissions";

/** The query every card action goes through. */
export const CARD_QUERY = "tactica.cardAction";

/** What a click asks for. Plain JSON: it crosses the socket to the GM. */
export interface CardRequest {
  action: CardAction;
  messageId: string;
  /** the user who clicked (checked again by the GM: see {@link handleCardQuery}) */
  userId: string;
  targetIndex?: number;
  /** a die index (chooseDie) */
  index?: number;
}

/** What came of it: `reason` is a language key the clicking client shows. */
export interface CardResult {
  ok: boolean;
  reason?: string;
}

type Executor = (request: CardRequest, user: ActingUser) => Promise<CardResult>;
/** Who may run a request on their own client when no GM is connected. */
type LocalCheck = (request: CardRequest, user: ActingUser) => boolean;

const executors = new Map<CardAction, { run: Executor; local: LocalCheck }>();

/** Registers what an action does (src/chat/actions.ts). */
export function registerCardAction(action: CardAction, run: Executor, local: LocalCheck): void {
  executors.set(action, { run, local });
}

const locks = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task of the same `key` on this client has finished. */
export async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = locks.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  locks.set(key, settled);
  try {
    return await run;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
}

function isRequest(data: unknown): data is CardRequest {
  if (typeof data !== "object" || data === null) return false;
  const r = data as Record<string, unknown>;
  return (
    (CARD_ACTIONS as readonly string[]).includes(String(r.action)) &&
    typeof r.messageId === "string" &&
    typeof r.userId === "string" &&
    (r.targetIndex === undefined || Number.isInteger(r.targetIndex)) &&
    (r.index === undefined || Number.isInteger(r.index))
  );
}

/** Runs a request here, serialised per message; the executor checks permission itself. */
async function execute(request: CardRequest, user: ActingUser): Promise<CardResult> {
  const entry = executors.get(request.action);
  if (!entry) return { ok: false, reason: "TACTICA.Chat.invalid" };
  return withLock(request.messageId, () => entry.run(request, user));
}

/**
 * The GM's side of {@link CARD_QUERY}. Foundry delivers a query to the one user it was sent to
 * (the active GM, chosen by the sender). The requesting user is read from the request and looked
 * up in `game.users`; the executor checks that user's ownership again (never a client's claim of
 * GM rights, of ownership or of a result).
 */
export async function handleCardQuery(data: unknown): Promise<CardResult> {
  if (!isRequest(data)) return { ok: false, reason: "TACTICA.Chat.invalid" };
  const user = game.users?.get(data.userId);
  if (!user) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  // The user id comes from the sender's payload, so it is never trusted with GM rights: a request
  // that claims to come from a GM is carried out with that user's ownership only. (The active GM
  // acts directly, without a query; a second GM keeps the rights of its own documents.)
  return execute(data, { id: user.id, isGM: false });
}

/**
 * Sends a click to the one writer and resolves what came of it (see the module comment).
 */
export async function requestCardAction(request: Omit<CardRequest, "userId">): Promise<CardResult> {
  const me = game.user;
  if (!me) return { ok: false, reason: "TACTICA.Chat.notAllowed" };
  const full: CardRequest = { ...request, userId: me.id };
  const self: ActingUser = { id: me.id, isGM: me.isGM };
  const gm = game.users?.activeGM;
  if (gm && gm.id === me.id) return execute(full, self);
  if (gm) {
    try {
      // fvtt-types knows core's query names only; ours is registered by registerQueries.
      const query = gm.query.bind(gm) as unknown as (name: string, data: CardRequest, o: { timeout: number }) => Promise<unknown>;
      return (await query(CARD_QUERY, full, { timeout: 10_000 })) as CardResult;
    } catch {
      return { ok: false, reason: "TACTICA.Chat.noAnswer" };
    }
  }
  const entry = executors.get(full.action);
  if (entry?.local(full, self)) return execute(full, self);
  return { ok: false, reason: "TACTICA.Chat.noGM" };
}

/** Registers the card query on `CONFIG.queries` (on init). */
export function registerQueries(): void {
  (CONFIG as unknown as { queries: Record<string, (data: unknown) => Promise<CardResult>> }).queries[CARD_QUERY] = handleCardQuery;
}

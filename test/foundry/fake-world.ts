/**
 * Part of the Foundry FAKE (see fake.ts): the world around the documents — collections, users
 * with their role and the active GM, recorded notifications (progress ones keep every `update`),
 * and a database that COUNTS WRITES: one entry per create, update or delete request, as one socket
 * request in Foundry (test plumbing, not Foundry's).
 *
 * SEVERAL CLIENTS in one world: Foundry runs one client per connected user, each with its own
 * `game.user`. The fake runs them in one process: `game.user` is the user of the client whose code
 * is running — the base client (the test's own code, {@link FakeWorld.user} as set by `setUser`), or
 * the client a socket message is delivered to ({@link asClient}), tracked through the whole async
 * flow with Node's AsyncLocalStorage so an awaiting GM handler never sees a player's `game.user`.
 * What one client does to documents is seen by all (one shared database), as after the server's
 * broadcast; document hooks fire once, on the writing client.
 *
 * Behaviours:
 * - A world collection iterates its documents (a Map by value) with `get`, `getName`, `contents`.
 *   Source: https://foundryvtt.com/api/v13/classes/foundry.utils.Collection.html. Contract:
 *   `documents.collection`.
 * - A user's role decides `isGM` (an Assistant or more) and `hasRole`; `new User(data)` builds an
 *   unsaved one. Source: https://foundryvtt.com/api/v13/classes/foundry.documents.User.html,
 *   https://foundryvtt.com/api/variables/CONST.USER_ROLES.html. Contract: `documents.permissions`.
 * - `Users#activeGM`: the active GMs by role, highest first, then by id (code units); the first is
 *   the one `isActiveGM`. Source: core v13 client `documents/collections/users.mjs`. Contract:
 *   `server.one-active-gm`.
 * - Each client is its own: a socket delivery runs as the receiving user's client, through every
 *   await. Source: https://foundryvtt.wiki/en/development/api/sockets (one client per user).
 *   Contract: none — manual check "nothing happens twice with two players connected".
 * - `ui.notifications`: `format` escapes its values unless `escape: false`, `localize`, untrusted
 *   text cleaned unless `clean: false`; the message is shown as HTML (the fake records its text);
 *   `remove` dismisses one. Source: core v13 client `applications/ui/notifications.mjs`;
 *   https://foundryvtt.com/api/v13/interfaces/foundry.NotificationOptions.html. Contract:
 *   `data.notification-clean`.
 * - A request core sends without waiting lands after the server's round trip. Source: core v13
 *   client `documents/region.mjs` (`#updateTokens`, "ES6MissingAwait"). Contract:
 *   `places.region-over-token`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { FakeDocument } from "./fake-documents";
import { escapeHTML, type Obj } from "./fake-utils";

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export type OwnershipLevel = keyof typeof OWNERSHIP;

/** A Foundry `Collection`: a Map whose iteration yields the values. */
export class FakeCollection<T extends { id: string | null }> {
  private readonly entries = new Map<string, T>();
  /**
   * Ids of stored documents that failed validation when the world loaded: "Record the set of
   * document ids where the Document was not initialized because of invalid source data"
   * (https://foundryvtt.com/api/v13/classes/foundry.abstract.EmbeddedCollection.html#invaliddocumentids;
   * world collections keep the same set).
   */
  readonly invalidDocumentIds = new Set<string>();
  constructor(readonly documentName = "") {}
  get size(): number {
    return this.entries.size;
  }
  get contents(): T[] {
    return [...this.entries.values()];
  }
  get(id: string | null | undefined): T | undefined {
    return id ? this.entries.get(id) : undefined;
  }
  set(id: string, value: T): this {
    this.entries.set(id, value);
    return this;
  }
  has(id: string): boolean {
    return this.entries.has(id);
  }
  delete(id: string): boolean {
    return this.entries.delete(id);
  }
  [Symbol.iterator](): IterableIterator<T> {
    return this.entries.values();
  }
  filter(fn: (value: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  find(fn: (value: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }
  some(fn: (value: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  getName(name: string): T | undefined {
    return this.contents.find((d) => (d as { name?: string }).name === name);
  }
}

/** One database request. */
export interface DatabaseWrite {
  action: "create" | "update" | "delete";
  documentName: string;
  ids: string[];
  parentId: string | null;
  data: Obj[];
}

export class FakeDatabase {
  /** The user each write was made by, as the server knows it (the running client's user). */
  private readonly writers = new WeakMap<DatabaseWrite, string>();
  readonly writes: DatabaseWrite[] = this.recordingWriters([]);

  private recordingWriters(list: DatabaseWrite[]): DatabaseWrite[] {
    const writers = this.writers;
    Object.defineProperty(list, "push", {
      value(...entries: DatabaseWrite[]): number {
        for (const entry of entries) writers.set(entry, currentWorld().user.id);
        return Array.prototype.push.apply(list, entries);
      },
    });
    return list;
  }

  /** The id of the user who made `write`. */
  writtenBy(write: DatabaseWrite): string | undefined {
    return this.writers.get(write);
  }
  /** Writes the server refused (the user lacked the permission): nothing of them was saved. */
  readonly refused: { action: string; documentName: string; ids: string[]; userId: string }[] = [];
  /** Requests recorded since `from` (an index into `writes`). */
  since(from: number): DatabaseWrite[] {
    return this.writes.slice(from);
  }

  private readonly pending = new Set<Promise<unknown>>();

  /**
   * A request core SENDS WITHOUT AWAITING it (region.mjs `#updateTokens`: "noinspection
   * ES6MissingAwait"): it reaches the database after a server round trip, i.e. after the awaited
   * work that triggered it has resolved. Runs `request` on a later task, as the client that
   * started it; {@link settled} waits for every such request.
   */
  later(request: () => Promise<unknown>): void {
    const done: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 0))
      .then(request)
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once every request sent with {@link later} (and those they sent) has been applied. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}

/** `CONST.USER_ROLES` (https://foundryvtt.com/api/variables/CONST.USER_ROLES.html). */
export const USER_ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

export class FakeUser {
  /** `CONST.USER_ROLES`: a GM is GAMEMASTER unless created as an assistant. */
  role: number;
  constructor(
    readonly id: string,
    readonly name: string,
    isGM: boolean,
    public active = true,
    role?: number,
  ) {
    this.role = role ?? (isGM ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER);
  }
  /** v13 `User#isGM`: "Is this user a Game Master (an Assistant GM or the full GM)?" — role ≥ ASSISTANT. */
  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }
  /** v13 `BaseUser#hasRole(role)`: the user's role is at least `role` (a key or a number). */
  hasRole(role: keyof typeof USER_ROLES | number): boolean {
    return this.role >= (typeof role === "number" ? role : USER_ROLES[role]);
  }
  get isActiveGM(): boolean {
    return currentWorld().users.activeGM === this;
  }
}

/**
 * `CONFIG.User.documentClass` as far as a temporary user goes: `new User({_id, name, role})`
 * builds an unsaved User (https://foundryvtt.com/api/v13/classes/foundry.documents.User.html),
 * inactive, whose role decides `isGM` — what core's permission tests (`canUserModify`) read.
 */
export class FakeUserDocument extends FakeUser {
  constructor(data: { _id?: string; name?: string; role?: number } = {}) {
    super(data._id ?? "", data.name ?? "", false, false, data.role ?? USER_ROLES.PLAYER);
  }
}

export class FakeUsers extends FakeCollection<FakeUser> {
  /**
   * v13 `Users#activeGM` (client `documents/collections/users.mjs`): "one User who is an active
   * Gamemaster (non-assistant if possible)" — the active GMs sorted by role, highest first, then by
   * id in code-unit order ("without using localeCompare"), the first of them.
   */
  get activeGM(): FakeUser | null {
    const byId = (a: FakeUser, b: FakeUser) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return this.filter((u) => u.isGM && u.active).sort((a, b) => b.role - a.role || byId(a, b))[0] ?? null;
  }
}

/** The client whose code is running, when it is not the base client (see the module comment). */
const runningClient = new AsyncLocalStorage<FakeUser>();

/** The user of the client currently running, or undefined on the base client. */
export function clientUser(): FakeUser | undefined {
  return runningClient.getStore();
}

/** Runs `fn` as the client of `user` (its whole async flow sees that `game.user`). */
export function asClient<T>(user: FakeUser, fn: () => T): T {
  return runningClient.run(user, fn);
}

/**
 * A notification; progress ones record every `update`. Core shows its message as HTML (v13
 * `Notifications#notify`: the message, formatted with escaped values when `format` is given, is
 * the notification's inner HTML): the fake records the TEXT a user reads, so escaped user text
 * reads as typed, and markup that was not escaped disappears from it.
 */
export interface FakeNotification {
  type: "info" | "warning" | "error" | "success";
  message: string;
  /** The user whose client showed it (each client has its own notifications). */
  userId: string;
  progress: number[];
  /** Dismissed with `remove`. */
  removed?: boolean;
  update(arg: number | { pct?: number; message?: string }): void;
}

/** The notification options the fake reads. */
export interface NotifyOptions {
  format?: Record<string, string>;
  localize?: boolean;
  escape?: boolean;
  clean?: boolean;
  progress?: boolean;
  permanent?: boolean;
}

/** The text a user reads of an HTML string: tags dropped, entities decoded. */
function textOf(html: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#x27;": "'",
    "&#39;": "'",
  };
  return html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#x27|#39);/g, (m) => entities[m]!);
}

export class FakeNotifications {
  readonly messages: FakeNotification[] = [];
  private notify(type: FakeNotification["type"], html: string): FakeNotification {
    // The notification shows its message as HTML: what the user reads is its text.
    const message = textOf(html);
    const entry: FakeNotification = {
      type,
      message,
      userId: currentWorld()?.user.id ?? "",
      progress: [],
      update(arg) {
        const pct = typeof arg === "number" ? arg : arg.pct;
        if (typeof pct === "number") entry.progress.push(pct);
      },
    };
    this.messages.push(entry);
    return entry;
  }
  /**
   * v13 `Notifications#notify(message, type, options)` (client `applications/ui/notifications.mjs`;
   * https://foundryvtt.com/api/v13/interfaces/foundry.NotificationOptions.html): with `format`, the
   * message is formatted through `Localization#format`, its values escaped unless `escape: false`;
   * else with `localize` it is localised. It is then CLEANED as untrusted input (`clean`, true by
   * default) — unless it was a known language key that was localised, or formatted with escaped
   * values: core counts those as safe. Cleaning is `foundry.utils.cleanHTML` ("stripping some
   * undesirable properties", https://foundryvtt.com/api/v13/functions/foundry.utils.cleanHTML.html);
   * the fake, which records the TEXT, models the part that changes it: a `<script>` or `<style>`
   * element disappears with its content.
   */
  private text(message: string, options: NotifyOptions = {}): string {
    const i18n = this.i18n;
    let text = String(message);
    let clean = options.clean !== false;
    if (options.format) {
      let format = options.format;
      if (options.escape !== false) {
        format = Object.fromEntries(Object.entries(format).map(([k, v]) => [k, escapeHTML(String(v))]));
        if (i18n?.has(text)) clean = false;
      }
      text = i18n ? i18n.format(text, format) : text;
    } else if (options.localize) {
      if (i18n?.has(text)) clean = false;
      text = i18n ? i18n.localize(text) : text;
    }
    return clean ? text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "") : text;
  }
  /** Set by the data fake: the `game.i18n` formatting is read through it. */
  i18n: {
    format(key: string, data: Record<string, string>): string;
    localize(key: string): string;
    has(key: string): boolean;
  } | null = null;
  info(message: string, options?: NotifyOptions): FakeNotification {
    return this.notify("info", this.text(message, options));
  }
  warn(message: string, options?: NotifyOptions): FakeNotification {
    return this.notify("warning", this.text(message, options));
  }
  error(message: string, options?: NotifyOptions): FakeNotification {
    return this.notify("error", this.text(message, options));
  }
  success(message: string, options?: NotifyOptions): FakeNotification {
    return this.notify("success", this.text(message, options));
  }
  /**
   * v13 `Notifications#remove(notification)`: dismisses a shown notification
   * (https://foundryvtt.com/api/v13/classes/foundry.applications.ui.Notifications.html#remove);
   * the fake keeps it in {@link messages}, marked removed.
   */
  remove(notification: FakeNotification): void {
    notification.removed = true;
  }
  of(type: FakeNotification["type"]): string[] {
    return this.messages.filter((m) => m.type === type).map((m) => m.message);
  }
}

/** What the document classes read from the installed fake (reset by every install). */
export interface FakeWorld {
  config: Record<string, Obj>;
  db: FakeDatabase;
  users: FakeUsers;
  /** The user of the running client: {@link asClient}'s, else the base client's (settable). */
  user: FakeUser;
  collections: Record<string, FakeCollection<FakeDocument>>;
  hooks: { call(event: string, ...args: unknown[]): boolean; callAll(event: string, ...args: unknown[]): unknown };
  localize(key: string): string;
  /** `ui.notifications`, where the document workflows report an invalid create or update. */
  notifications?: FakeNotifications;
  /** `game.system`: the package data of the running system (its manifest). */
  system?: Obj;
}

// Assigned by setWorld at every install.
let world: FakeWorld = undefined as unknown as FakeWorld;

export function setWorld(next: FakeWorld): void {
  world = next;
}

export function currentWorld(): FakeWorld {
  return world;
}

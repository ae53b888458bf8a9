/**
 * Part of the Foundry FAKE (see fake.ts): the world around the documents — collections (a Map
 * iterated by value, as Foundry's Collection), users with the active GM, recorded notifications
 * (progress ones keep every `update`), and a database that COUNTS WRITES: one entry per create,
 * update or delete request, as one socket request in Foundry.
 */
import type { FakeDocument } from "./fake-documents";
import type { Obj } from "./fake-utils";

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
  readonly writes: DatabaseWrite[] = [];
  /** Requests recorded since `from` (an index into `writes`). */
  since(from: number): DatabaseWrite[] {
    return this.writes.slice(from);
  }
}

export class FakeUser {
  constructor(
    readonly id: string,
    readonly name: string,
    readonly isGM: boolean,
    public active = true,
  ) {}
  get isActiveGM(): boolean {
    return currentWorld().users.activeGM === this;
  }
}

export class FakeUsers extends FakeCollection<FakeUser> {
  /** The active GM with the lowest id, as Foundry designates it. */
  get activeGM(): FakeUser | null {
    return this.filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null;
  }
}

/** A notification; progress ones record every `update`. */
export interface FakeNotification {
  type: "info" | "warning" | "error" | "success";
  message: string;
  progress: number[];
  update(arg: number | { pct?: number; message?: string }): void;
}

export class FakeNotifications {
  readonly messages: FakeNotification[] = [];
  private notify(type: FakeNotification["type"], message: string): FakeNotification {
    const entry: FakeNotification = {
      type,
      message,
      progress: [],
      update(arg) {
        const pct = typeof arg === "number" ? arg : arg.pct;
        if (typeof pct === "number") entry.progress.push(pct);
      },
    };
    this.messages.push(entry);
    return entry;
  }
  info(message: string, _options?: Obj): FakeNotification {
    return this.notify("info", message);
  }
  warn(message: string, _options?: Obj): FakeNotification {
    return this.notify("warning", message);
  }
  error(message: string, _options?: Obj): FakeNotification {
    return this.notify("error", message);
  }
  success(message: string, _options?: Obj): FakeNotification {
    return this.notify("success", message);
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

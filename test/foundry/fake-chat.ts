/**
 * Part of the Foundry FAKE (see fake.ts) — NOT Foundry: what the chat cards need beyond the
 * document base, small and honest:
 * - ChatMessage documents with `rolls` (rebuilt from their stored JSON through
 *   `CONFIG.Dice.rolls`, as v13's ChatMessage#rolls does), `author` as the User document,
 *   `isAuthor`, `whisper`, `blind`, `isContentVisible`; an update's `rolls` entries that are Roll
 *   objects are stored as JSON strings, as the JSONField of the real schema casts them;
 * - `Roll#toMessage` CREATES the ChatMessage document (as v13 does) after recording the data in
 *   `postedMessages` as before, and resolves the document; `create: false` returns the data only;
 * - `User#query(name, data, { timeout })` runs `CONFIG.queries[name](data, { timeout })` on the
 *   same page (the fake has one client; a test switches `game.user` to play another one). An
 *   inactive user rejects, as a query to a user who is not connected does;
 * - deleting embedded documents resets the parent from its source, as Foundry does;
 * - `fromUuidSync` / `fromUuid` for world documents and their embedded ones
 *   (`Actor.x`, `Actor.x.Item.y`, `Actor.x.ActiveEffect.z`, `ChatMessage.m`).
 * Not covered: sockets, the chat log, `renderHTML` of core (tests call the system's own render),
 * speaker resolution, whisper targeting beyond the roll-mode rules of fake-dice.ts.
 */
import type { FakeFoundry } from "./fake";
import { FakeRoll, postedMessages } from "./fake-dice";
import { FakeChatMessage } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { currentWorld, FakeUser } from "./fake-world";
import type { Obj } from "./fake-utils";

type QueryHandler = (data: unknown, options: { timeout?: number }) => unknown;

/** The ChatMessage document with what roll cards read. */
export class FakeRollMessage extends FakeChatMessage {
  declare whisper: string[];
  declare blind: boolean;

  override _initialize(): void {
    super._initialize();
    this.whisper = [...((this._source.whisper as string[] | undefined) ?? [])];
    this.blind = this._source.blind === true;
    // v13: `author` is the User document (the base fake keeps the id string).
    (this as unknown as { author: FakeUser | null }).author = currentWorld().users.get(this._source.author as string | undefined) ?? null;
  }

  /** Roll objects in `rolls` are stored as JSON strings, as the real schema casts them. */
  protected override initialSource(source: Obj): Obj {
    source.rolls = serialiseRolls(source.rolls);
    return super.initialSource(source);
  }

  override async update(data: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    if ("rolls" in data) data = { ...data, rolls: serialiseRolls(data.rolls) };
    return super.update(data, options);
  }

  get rolls(): FakeRoll[] {
    return ((this._source.rolls as string[] | undefined) ?? []).map((json) => FakeRoll.fromJSON(json));
  }

  get isRoll(): boolean {
    return this.rolls.length > 0;
  }


  get isAuthor(): boolean {
    return this._source.author === currentWorld().user.id;
  }

  /** A blind roll is hidden from everyone but the GMs; a whisper from those not in it. */
  get isContentVisible(): boolean {
    const user = currentWorld().user;
    if (this.blind) return user.isGM;
    return this.whisper.length === 0 || user.isGM || this.whisper.includes(user.id) || this.isAuthor;
  }
}

function serialiseRolls(rolls: unknown): string[] {
  if (!Array.isArray(rolls)) return [];
  return rolls.map((roll) => (typeof roll === "string" ? roll : JSON.stringify(roll)));
}

/** Resolves a world document uuid (`Actor.x`, `Actor.x.Item.y`, `ChatMessage.m`). */
export function fakeFromUuidSync(uuid: string | null | undefined): FakeDocument | null {
  if (!uuid) return null;
  const parts = uuid.split(".");
  let doc: FakeDocument | null = currentWorld().collections[parts[0]!]?.get(parts[1]) ?? null;
  for (let i = 2; doc && i + 1 < parts.length; i += 2) {
    doc = doc.getEmbeddedCollection(parts[i]!).get(parts[i + 1]) ?? null;
  }
  return doc;
}

/** Installs the chat part of the fake (see the module comment). Called by installFoundryFake. */
export function installChatFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  config.ChatMessage = { ...config.ChatMessage, documentClass: FakeRollMessage };
  config.queries = {};
  Object.assign(fake.foundry.documents, { ChatMessage: FakeRollMessage });
  Object.assign(globalThis, {
    ChatMessage: FakeRollMessage,
    fromUuidSync: fakeFromUuidSync,
    fromUuid: async (uuid: string) => fakeFromUuidSync(uuid),
  });
  const proto = FakeRoll.prototype as FakeRoll & { __chatFake?: boolean };
  if (!proto.__chatFake) {
    const record = proto.toMessage;
    proto.toMessage = async function toMessage(this: FakeRoll, messageData = {}, options = {}) {
      const data = await record.call(this, messageData, options);
      if (options.create === false) return data;
      const cls = (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: typeof FakeRollMessage } } }).CONFIG.ChatMessage.documentClass;
      return (await cls.create(data)) as unknown as typeof data;
    };
    proto.__chatFake = true;
  }
  // Foundry resets a parent when embedded documents are deleted (its data is prepared again from
  // the source, so an ended effect no longer shows); the base fake only re-prepares.
  const docProto = FakeDocument.prototype as FakeDocument & { __chatFake?: boolean };
  if (!docProto.__chatFake) {
    const deleteEmbedded = docProto.deleteEmbeddedDocuments;
    docProto.deleteEmbeddedDocuments = async function deleteEmbeddedDocuments(this: FakeDocument, name: string, ids: string[]) {
      const deleted = await deleteEmbedded.call(this, name, ids);
      if (deleted.length) {
        this._initialize();
        this.prepareData();
      }
      return deleted;
    };
    docProto.__chatFake = true;
  }
  const userProto = FakeUser.prototype as FakeUser & { query?: unknown };
  userProto.query = async function query(this: FakeUser, name: string, data: unknown, options: { timeout?: number } = {}) {
    if (!this.active) throw new Error(`fake: user ${this.id} is not connected`);
    const handler = (config.queries as Record<string, QueryHandler>)[name];
    if (!handler) throw new Error(`fake: no query handler "${name}"`);
    return handler(data, { timeout: options.timeout });
  };
  // Recorded messages belong to this install only.
  postedMessages.length = 0;
}

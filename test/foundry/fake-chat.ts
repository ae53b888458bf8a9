/**
 * Part of the Foundry FAKE (see fake.ts) — NOT Foundry: what the chat cards need beyond the
 * document base, small and honest, after core's v13 client ChatMessage (`documents/chat-message.mjs`,
 * read; https://foundryvtt.com/api/classes/foundry.documents.ChatMessage.html). The message element
 * is a {@link FakeElement}: no DOM in Node, only what the system reads (`.message-content`, buttons,
 * click listeners). Not covered: the chat log itself (tests render a message in the client they
 * choose), enrichment of content at render time, chat bubbles, `CONFIG.ChatMessage.template` (the
 * frame is a bare `<li>`), the `rollMode` creation option.
 *
 * Behaviours:
 * - `rolls` are rebuilt from their stored JSON through `CONFIG.Dice.rolls` in
 *   `prepareDerivedData`; one that cannot be rebuilt is dropped (logged), never thrown; a Roll
 *   given in `rolls` is stored as its JSON string. Source: core v13 client `documents/chat-message.mjs`
 *   `prepareDerivedData`; BaseChatMessage `rolls` (JSONField). Contract: `chat.bad-roll-dropped`,
 *   `chat.from-data-all`, `chat.author`.
 * - `author` is the User, the creating user by default; `isAuthor`. Source: BaseChatMessage
 *   `author`; core v13 client `isAuthor`. Contract: `chat.author`.
 * - `visible` and `isContentVisible`: a whispered roll is visible to all, its content to its
 *   recipients and to its author unless blind. Source: core v13 client `documents/chat-message.mjs`.
 *   Contract: none — manual check "A blind roll seen by a player: the card shows its header".
 * - The server lets a player create a message only as its author and change only the ones they
 *   authored; a GM or an Assistant any. Source: BaseChatMessage permissions (the author is the
 *   message's owner). Contract: `documents.permissions`.
 * - `renderHTML()`: the type model's `renderHTML` when it has one; else the `<li>` around
 *   `.message-content` — a visible roll message whose content has no element shows its rolls, a
 *   hidden one their private render — then `renderChatMessageHTML(message, html, data)`,
 *   synchronously. Source: core v13 client `ChatMessage#renderHTML`, `#renderRollContent`.
 *   Contract: `chat.render-html`.
 * - `_preCreate`: every `[[…]]` of string content is enriched as an inline roll (rolled now for
 *   `[[formula]]`, a link for `[[/r …]]`, `@` data from the speaker actor: fake-text-editor.ts);
 *   a roll message without a `sound` gets the dice sound. Source: core v13 client
 *   `ChatMessage#_preCreate`, `getRollData`, `getSpeakerActor`. Contract: `chat.inline-roll`,
 *   `chat.inline-roll-data`, `combat.initiative-messages`.
 * - `ChatMessage.getSpeaker({scene, actor, token, alias})`: a token speaks with its scene and
 *   actor; an actor that is a token as that token; an actor with active tokens as a controlled
 *   one, else the first; else the given or viewed scene. Source: core v13 client
 *   `ChatMessage.getSpeaker`. Contract: `chat.speaker-token`, `chat.speaker-actor`.
 * - Message modes per generation: v13 `core.rollMode`, `CONFIG.Dice.rollModes`, `applyRollMode`;
 *   v14 `core.messageMode`, `CONFIG.ChatMessage.modes` (with `ic`), `applyMode`, the old names still
 *   answering with a deprecation; GM and blind keep a given whisper. Source: core v13 client
 *   `ChatMessage.applyRollMode`; https://foundryvtt.com/api/v13/variables/CONFIG.Dice.html,
 *   https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html; dnd5e#6958. Contract:
 *   `modes.setting`, `modes.picker`, `modes.to-message`, `modes.given-whisper`.
 * - `Roll#toMessage` creates the ChatMessage (`create: false`: the data only) and resolves it.
 *   Source: core v13 client `dice/roll.mjs` `Roll#toMessage`. Contract: `chat.to-message`.
 * - `game.socket`: a package's event reaches every OTHER connected client, never its sender, each
 *   handler getting the emitted arguments then the sender's user id; as JSON, asynchronously.
 *   Source: socketlib `src/socketlib.js`, pf2e `src/scripts/socket.ts`,
 *   https://foundryvtt.wiki/en/development/api/sockets. Contract: `server.socket-no-echo`.
 * - `ui.chat.updateMessage(message)` redraws a message in place (recorded). Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.ChatLog.html#updatemessage.
 *   Contract: none — manual check "the card updates in place (no new message)".
 * - `CONFIG.sounds.dice` and `AudioHelper.play(data, socketOptions)` (recorded, with the client
 *   that played it), which plays the sound here through `game.audio.play(src, options)` unless
 *   `data.autoplay` is false (and emits it to `socketOptions`' recipients: not modelled). Source:
 *   https://foundryvtt.com/api/classes/foundry.audio.AudioHelper.html#play; core v13 client
 *   `audio/helper.mjs` `AudioHelper.play` ("Play the sound locally"). Contract: none — manual check
 *   "plays the dice sound once, on the clicker's screen".
 * - `game.audio.play(src, options)` (recorded, with the client) and `game.audio.interface`: a new
 *   message the creating client may see plays its `sound` there, `game.audio.play(message.sound,
 *   {context: game.audio.interface})` (v13 `ChatMessage#_onCreate` posts it with `notify: true`;
 *   `ChatLog#notify` plays it); the fake fires `_onCreate` on the creating client only. A message
 *   update plays no sound (only a creation notifies). Source: core v13 client
 *   `documents/chat-message.mjs` `_onCreate`, `_onUpdate`; `applications/sidebar/tabs/chat.mjs`
 *   `ChatLog#notify`. Contract: `chat.update-no-sound`.
 * - Deleting embedded documents prepares the parent again from its source. Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#_ondeletedescendantdocuments.
 *   Contract: `data.toggle-status`.
 * - `fromUuidSync` / `fromUuid` find world documents and their embedded ones. Source:
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.fromUuidSync.html. Contract:
 *   `chat.from-uuid`.
 */
import type { FakeFoundry } from "./fake";
import { FakeRoll, postedMessages } from "./fake-dice";
import { FakeChatMessage } from "./fake-document-types";
import { FakeDocument } from "./fake-documents";
import { asClient, currentWorld, FakeUser } from "./fake-world";
import { deepClone, type Obj } from "./fake-utils";
import { deprecatedUse, isFakeV14, onGenerationChange } from "./fake-generation";
import { CONTENT_INLINE_ROLL, enrichInlineRolls } from "./fake-text-editor";

/* ------------------------------------------ elements ---------------------------------------- */

/** A click (or other) event as the system's listeners read it. */
export interface FakeEvent {
  type: string;
  target: FakeElement;
  shiftKey: boolean;
  preventDefault(): void;
}

type Listener = (event: FakeEvent) => unknown;

/**
 * An HTML element, reduced to what the chat layer reads: `dataset`, `innerHTML`, `classList`,
 * `querySelector(".message-content")`, `querySelectorAll("button[data-action]")` (the buttons found
 * in the HTML text, with their `data-*` attributes), `closest`, `disabled`, `id`, and event
 * listeners. An event dispatched on an element reaches the listeners of its ancestors too
 * (bubbling), so a listener delegated on the message `<li>` sees clicks on its buttons. `closest`
 * is the element itself or its nearest ancestor matching the selector (`button[data-action]` or a
 * `.class`; https://developer.mozilla.org/en-US/docs/Web/API/Element/closest): an application's
 * element carries the class `application` and its id (ApplicationV2 renders its frame so:
 * https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html#element).
 */
export class FakeElement {
  readonly dataset: Record<string, string> = {};
  readonly classList = new Set<string>();
  parent: FakeElement | null = null;
  disabled = false;
  id = "";
  private html = "";
  private readonly listeners = new Map<string, Listener[]>();
  private readonly children: FakeElement[] = [];
  private buttons: FakeElement[] | null = null;

  constructor(
    readonly tagName: string,
    o: { classes?: string[]; dataset?: Record<string, string> } = {},
  ) {
    for (const c of o.classes ?? []) this.classList.add(c);
    Object.assign(this.dataset, o.dataset ?? {});
  }

  get innerHTML(): string {
    return this.html + this.children.map((c) => c.outerHTML).join("");
  }

  set innerHTML(value: string) {
    this.html = value;
    this.children.length = 0;
    this.buttons = null;
  }

  get outerHTML(): string {
    const data = Object.entries(this.dataset)
      .map(([k, v]) => ` data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${v}"`)
      .join("");
    return `<${this.tagName} class="${[...this.classList].join(" ")}"${data}>${this.innerHTML}</${this.tagName}>`;
  }

  append(child: FakeElement): void {
    child.parent = this;
    this.children.push(child);
  }

  /** `.class` selectors only (what the system asks for). */
  querySelector(selector: string): FakeElement | null {
    if (!selector.startsWith(".")) throw new Error(`fake element: selector ${selector} not supported`);
    const cls = selector.slice(1);
    for (const child of this.children) {
      if (child.classList.has(cls)) return child;
      const inner = child.querySelector(selector);
      if (inner) return inner;
    }
    return null;
  }

  /** `button[data-action]` only: the buttons written in this element's HTML, each a FakeElement. */
  querySelectorAll(selector: string): FakeElement[] {
    if (selector !== "button[data-action]") throw new Error(`fake element: selector ${selector} not supported`);
    return [...this.ownButtons(), ...this.children.flatMap((c) => c.querySelectorAll(selector))];
  }

  private ownButtons(): FakeElement[] {
    if (this.buttons) return this.buttons;
    this.buttons = [...this.html.matchAll(/<button\b([^>]*)>/g)].flatMap((m) => {
      const attrs = Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
      if (!("data-action" in attrs)) return [];
      const button = new FakeElement("button");
      for (const [name, value] of Object.entries(attrs)) {
        if (name.startsWith("data-"))
          button.dataset[name.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
      }
      button.parent = this;
      return [button];
    });
    return this.buttons;
  }

  closest(selector: string): FakeElement | null {
    if (selector === "button[data-action]" && this.tagName === "button" && "action" in this.dataset) return this;
    if (selector.startsWith(".") && this.classList.has(selector.slice(1))) return this;
    return this.parent?.closest(selector) ?? null;
  }

  addEventListener(type: string, fn: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }

  /** Dispatches `event` here and up the ancestors; resolves what the listeners returned (the fake awaits them). */
  dispatch(event: FakeEvent): Promise<unknown[]> {
    const own = (this.listeners.get(event.type) ?? []).map((fn) => fn(event));
    return Promise.all([...own, ...(this.parent ? [this.parent.dispatch(event)] : [])]);
  }

  /**
   * A click on this element, as a user makes it (`HTMLElement#click`): a disabled form control
   * gets none, and no listener runs (the HTML standard's click() steps, "if this element is a
   * form control that is disabled, then return";
   * https://developer.mozilla.org/en-US/docs/Web/API/HTMLElement/click). An event a script
   * dispatches itself (`dispatch`, as `dispatchEvent`) still reaches the listeners.
   */
  click(o: { shiftKey?: boolean } = {}): Promise<unknown[]> {
    if (this.disabled && (this.tagName === "button" || this.tagName === "input")) return Promise.resolve([]);
    return this.dispatch({
      type: "click",
      target: this,
      shiftKey: o.shiftKey ?? false,
      preventDefault: () => undefined,
    });
  }
}

/** True when `html` holds an element (core checks `childElementCount` of a div holding the content). */
function hasChildElement(html: string): boolean {
  return /<[a-z]/i.test(html);
}

/* ------------------------------------------ messages ---------------------------------------- */

interface Speaker {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string;
}

/** The ChatMessage document with what roll cards read. */
/**
 * Who sees a message of `mode` (a key of either generation): v13 `ChatMessage.applyRollMode`
 * (client `documents/chat-message.mjs`): `"roll"` is the user's own mode; public: no whisper;
 * self: the user; GM and blind: the given whisper when it names anyone, else every GM; `blind`
 * only for blind. v14's `applyMode` is taken to follow the same rules (no v14 source was read).
 */
function applyModeTo(chatData: Obj, mode: string): Obj {
  if (mode === "roll") {
    const key = isFakeV14() ? "messageMode" : "rollMode";
    const game = (globalThis as unknown as { game: { settings: { get(n: string, k: string): unknown } } }).game;
    mode = String(game.settings.get("core", key));
  }
  const kind = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self", ic: "public" }[mode] ?? mode;
  const world = currentWorld();
  const given = Array.isArray(chatData.whisper) ? (chatData.whisper as string[]) : [];
  if (kind === "public") chatData.whisper = [];
  else if (kind === "self") chatData.whisper = [world.user.id];
  else chatData.whisper = given.length ? given : world.users.filter((u) => u.isGM).map((u) => u.id);
  chatData.blind = kind === "blind";
  return chatData;
}

export class FakeRollMessage extends FakeChatMessage {
  /** v13 `ChatMessage.applyRollMode(chatData, rollMode)`; deprecated on v14 (recorded). */
  static applyRollMode(chatData: Obj, rollMode: string): Obj {
    deprecatedUse("ChatMessage.applyRollMode (v14: ChatMessage.applyMode)");
    return applyModeTo(chatData, rollMode);
  }

  /** v14 `ChatMessage.applyMode(chatData, messageMode)`; absent on v13. */
  static get applyMode(): ((chatData: Obj, mode: string) => Obj) | undefined {
    return isFakeV14() ? applyModeTo : undefined;
  }

  declare whisper: string[];
  declare blind: boolean;
  declare speaker: Speaker;
  declare flavor: string;
  declare sound: string | null;
  declare rolls: FakeRoll[];

  override _initialize(): void {
    super._initialize();
    this.rolls = this.rebuildRolls();
    this.whisper = [...((this._source.whisper as string[] | undefined) ?? [])];
    this.blind = this._source.blind === true;
    this.flavor = String(this._source.flavor ?? "");
    // BaseChatMessage `sound`: the sound played when the message is created, or null.
    this.sound = typeof this._source.sound === "string" ? this._source.sound : null;
    const speaker = (this._source.speaker as Partial<Speaker> | undefined) ?? {};
    this.speaker = {
      scene: speaker.scene ?? null,
      actor: speaker.actor ?? null,
      token: speaker.token ?? null,
      alias: speaker.alias ?? "",
    };
    // v13: `author` is the User document (the base fake keeps the id string).
    (this as unknown as { author: FakeUser | null }).author =
      currentWorld().users.get(this._source.author as string | undefined) ?? null;
  }

  /** v13 `prepareDerivedData`: the stored rolls rebuilt; one that cannot be is dropped, not thrown. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.rolls = this.rebuildRolls();
  }

  private rebuildRolls(): FakeRoll[] {
    return ((this._source.rolls as string[] | undefined) ?? []).flatMap((json) => {
      try {
        return [FakeRoll.fromJSON(json)];
      } catch (err) {
        droppedRolls.push({ messageId: this.id, error: String(err) });
        return [];
      }
    });
  }

  /** Roll objects in `rolls` are stored as JSON strings; `author` defaults to the creating user. */
  protected override initialSource(source: Obj): Obj {
    source.rolls = serialiseRolls(source.rolls);
    source.author ??= currentWorld().user.id;
    return super.initialSource(source);
  }

  override async update(data: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    if ("rolls" in data) data = { ...data, rolls: serialiseRolls(data.rolls) };
    return super.update(data, options);
  }

  /** BaseChatMessage: a GM anything; a player creates as the author, and changes only what they authored. */
  override canUserModify(user: FakeUser, action: "create" | "update" | "delete", data: Obj = {}): boolean {
    if (user.isGM) return true;
    if (action === "create") return (data.author ?? user.id) === user.id && this._source.author === user.id;
    return this._source.author === user.id;
  }

  get isRoll(): boolean {
    return this.rolls.length > 0;
  }

  /**
   * v13 `ChatMessage.getSpeakerActor(speaker)` (client `documents/chat-message.mjs`): the speaking
   * token's actor (its scene and token named), else the named world actor, else null.
   */
  static getSpeakerActor(speaker: Partial<Speaker> | null | undefined): FakeDocument | null {
    if (!speaker) return null;
    const world = currentWorld();
    let actor: FakeDocument | null = null;
    if (speaker.scene && speaker.token) {
      const scene = world.collections.Scene?.get(speaker.scene) as
        | (FakeDocument & {
            tokens?: { get(id: string): (FakeDocument & { actor?: FakeDocument | null }) | undefined };
          })
        | undefined;
      actor = scene?.tokens?.get(speaker.token)?.actor ?? null;
    }
    if (speaker.actor && !actor) actor = world.collections.Actor?.get(speaker.actor) ?? null;
    return actor;
  }

  /** v13 `ChatMessage#speakerActor`: the speaker's actor (the author's character is not modelled). */
  get speakerActor(): FakeDocument | null {
    return FakeRollMessage.getSpeakerActor(this.speaker);
  }

  /** v13 `ChatMessage#getRollData()`: the speaker actor's roll data, else `{}`. */
  getRollData(): object {
    const actor = this.speakerActor as (FakeDocument & { getRollData?(): unknown }) | null;
    const data = actor?.getRollData?.();
    return typeof data === "object" && data !== null ? data : {};
  }

  /**
   * v13 `ChatMessage#_preCreate` (client `documents/chat-message.mjs`), after the document's and
   * its type model's own: every `[[…]]` of string content is enriched as an inline roll
   * (`TextEditor.enrichHTML(expression, {rolls: true, rollData: this.getRollData()})`, the other
   * enrichers off: fake-text-editor.ts) — an immediate one is rolled now, on the creating client,
   * and the stored content holds its anchor; then a roll message without a `sound` gets the dice
   * sound. Not covered: the `rollMode` creation option.
   */
  protected override async _preCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (typeof data.content === "string") {
      let content = data.content;
      for (const [expression] of data.content.matchAll(CONTENT_INLINE_ROLL)) {
        content = content.replace(expression, await enrichInlineRolls(expression, this.getRollData()));
      }
      this.updateSource({ content });
    }
    if (this.isRoll && !("sound" in data)) {
      const sound = (currentWorld().config.sounds as { dice?: string } | undefined)?.dice ?? null;
      this.updateSource({ sound });
    }
  }

  /**
   * v13 `ChatMessage#_onCreate` → `ChatLog#postOne(message, {notify: true})` → `notify`: its sound
   * (see the module comment).
   */
  override _onCreate(data: Obj, options: Obj, userId: string): void {
    super._onCreate(data, options, userId);
    const audio = (globalThis as { game?: { audio?: FakeAudio } }).game?.audio;
    if (this.visible && this.sound && audio) void audio.play(this.sound, { context: audio.interface });
  }

  get isAuthor(): boolean {
    return this._source.author === currentWorld().user.id;
  }

  /** v13: a whispered message is visible to its author and recipients (a roll: to everyone, content aside). */
  get visible(): boolean {
    if (this.whisper.length) return this.isRoll || this.isAuthor || this.whisper.includes(currentWorld().user.id);
    return true;
  }

  /** v13: a whispered roll's content is for its recipients, and its author unless blind. */
  get isContentVisible(): boolean {
    if (!this.isRoll) return this.visible;
    if (!this.whisper.length) return true;
    return this.whisper.includes(currentWorld().user.id) || (this.isAuthor && !this.blind);
  }

  /** v13 `ChatMessage#renderHTML` (see the module comment). */
  async renderHTML(options: Obj = {}): Promise<FakeElement> {
    const user = currentWorld().user;
    const canDelete = (options.canDelete as boolean | undefined) ?? user.isGM;
    const system = this.system as { renderHTML?: (o: Obj) => Promise<FakeElement> };
    if (typeof system.renderHTML === "function") {
      const html = await system.renderHTML({ ...options, canDelete, canClose: options.canClose ?? false });
      currentWorld().hooks.callAll("renderChatMessageHTML", this, html);
      return html;
    }
    let content = this.content;
    let flavor = this.flavor;
    if (this.isRoll) {
      const render = async (isPrivate: boolean) =>
        (await Promise.all(this.rolls.map((r) => r.render({ isPrivate })))).join("");
      if (this.isContentVisible) {
        if (!hasChildElement(content)) content = await render(false);
      } else {
        flavor = "CHAT.PrivateRollContent";
        content = await render(true);
      }
    }
    const li = new FakeElement("li", {
      classes: ["chat-message", "message", "flexcol"],
      dataset: { messageId: this.id ?? "" },
    });
    const body = new FakeElement("div", { classes: ["message-content"] });
    body.innerHTML = content;
    li.append(body);
    const messageData = {
      canDelete,
      message: this.toObject(),
      author: this.author,
      flavor,
      isWhisper: this.whisper.length,
    };
    currentWorld().hooks.callAll("renderChatMessageHTML", this, li, messageData);
    return li;
  }

  /**
   * v13 `ChatMessage.getSpeaker({scene, actor, token, alias})`
   * (https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html#getspeaker): a
   * token speaks with its scene; an actor that IS a token (`isToken`, an unlinked token's actor)
   * speaks as that token; an actor with active tokens speaks as a controlled one, else the first;
   * an actor without one gets the given scene, else the viewed one (`canvas.scene`; the fake has
   * no canvas, so `game.scenes.viewed`). No actor nor token: the alias or the user's name.
   */
  static getSpeaker({
    scene,
    actor,
    token,
    alias,
  }: {
    scene?: FakeDocument | null;
    actor?: FakeDocument | null;
    token?: FakeDocument | null;
    alias?: string;
  } = {}): Speaker {
    const fromToken = (t: FakeDocument): Speaker => ({
      scene: t.parent?.id ?? null,
      token: t.id,
      actor: (t as unknown as { actor?: FakeDocument | null }).actor?.id ?? null,
      alias: alias || t.name,
    });
    const viewed = () =>
      (scene ?? (globalThis as { game?: { scenes?: { viewed?: FakeDocument | null } } }).game?.scenes?.viewed ?? null)
        ?.id ?? null;
    if (token) return fromToken(token);
    if (actor) {
      const synthetic = actor as unknown as { isToken?: boolean; token?: FakeDocument | null };
      if (synthetic.isToken && synthetic.token) return fromToken(synthetic.token);
      const active =
        (
          actor as unknown as { getActiveTokens?: () => { document: FakeDocument; controlled?: boolean }[] }
        ).getActiveTokens?.() ?? [];
      const chosen = active.find((t) => t.controlled) ?? active[0];
      if (chosen) return fromToken(chosen.document);
      return { scene: viewed(), actor: actor.id, token: null, alias: alias || actor.name };
    }
    return { scene: viewed(), actor: null, token: null, alias: alias || currentWorld().user.name };
  }

  /** `ChatMessage.implementation`: the configured class. */
  static get implementation(): typeof FakeRollMessage {
    return currentWorld().config.ChatMessage!.documentClass as typeof FakeRollMessage;
  }
}

/** Rolls `prepareDerivedData` could not rebuild (core logs them through Hooks.onError). */
export const droppedRolls: { messageId: string | null; error: string }[] = [];

function serialiseRolls(rolls: unknown): string[] {
  if (!Array.isArray(rolls)) return [];
  return rolls.map((roll) => (typeof roll === "string" ? roll : JSON.stringify(roll)));
}

/** Resolves a world document uuid (`Actor.x`, `Actor.x.Item.y`, `ChatMessage.m`, `Scene.s.Token.t`). */
export function fakeFromUuidSync(uuid: string | null | undefined): FakeDocument | null {
  if (!uuid) return null;
  const parts = uuid.split(".");
  let doc: FakeDocument | null = currentWorld().collections[parts[0]!]?.get(parts[1]) ?? null;
  for (let i = 2; doc && i + 1 < parts.length; i += 2) {
    try {
      doc = doc.getEmbeddedCollection(parts[i]!).get(parts[i + 1]) ?? null;
    } catch {
      return null;
    }
  }
  return doc;
}

/* ------------------------------------------- socket ----------------------------------------- */

type SocketHandler = (...args: unknown[]) => unknown;

/**
 * `game.socket` (socket.io's client) as Foundry's server relays a package's own event: with
 * `"socket": true` in the manifest, an event named `system.<id>` or `module.<id>` emitted by one
 * client reaches every OTHER connected client — never its sender — and each receiving handler
 * gets the emitted arguments followed by the SENDER'S USER ID, appended by the server. That last
 * part is not in Foundry's API documentation; the systems that rely on it are the sources:
 * socketlib `src/socketlib.js` (`game.socket.on(name, this._onSocketReceived)`,
 * `_onSocketReceived(message, senderId)`) and pf2e `src/scripts/socket.ts`
 * (`game.socket.on("system.pf2e", async (...[message, userId]) => …)`); the community wiki
 * (https://foundryvtt.wiki/en/development/api/sockets) says the emitter does not receive its own
 * message. Whether the server appends the id after ALL client arguments (so `emit(data, "x")`
 * arrives as `(data, "x", senderId)`) is the fake's assumption — a manual check in
 * docs/manual-checks.md. Arguments cross the network as JSON; delivery is asynchronous; each
 * delivery runs as the receiving user's client (fake-world.ts).
 */
export class FakeSocket {
  private readonly handlers = new Map<string, SocketHandler[]>();
  /** Every emit, as the server saw it (sender and arguments). */
  readonly sent: { event: string; from: string; args: unknown[] }[] = [];
  /** What a receiving handler threw (a real client logs it; the sender learns nothing). */
  readonly errors: unknown[] = [];
  /** Test control: clients that are connected but never handle a delivery (a frozen tab, a lost packet). */
  readonly silenced = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();

  on(event: string, fn: SocketHandler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }

  off(event: string, fn?: SocketHandler): this {
    this.handlers.set(event, fn ? (this.handlers.get(event) ?? []).filter((h) => h !== fn) : []);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    const from = currentWorld().user;
    const wire = JSON.stringify(args);
    this.sent.push({ event, from: from.id, args: JSON.parse(wire) as unknown[] });
    if (!/^(system|module)\./.test(event)) return this;
    for (const user of currentWorld().users) {
      if (user === from || !user.active || this.silenced.has(user.id)) continue;
      this.deliver(event, user, JSON.parse(wire) as unknown[], from.id);
    }
    return this;
  }

  private deliver(event: string, user: FakeUser, args: unknown[], senderId: string): void {
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() =>
        asClient(user, () =>
          Promise.all((this.handlers.get(event) ?? []).map((fn) => fn(...deepClone(args), senderId))),
        ),
      )
      .then(
        () => undefined,
        (err: unknown) => void this.errors.push(err),
      )
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves once every delivery made so far, and those they made in turn, has been handled. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}

/** `game.audio`, as far as sounds go: each `play` recorded with the client that played it. */
export interface FakeAudio {
  played: { src: string; options: Obj; client: string | null }[];
  interface: Obj;
  play(src: string, options?: Obj): Promise<void>;
}

/* ------------------------------------------- install ---------------------------------------- */

/** Installs the chat part of the fake (see the module comment). Called by installFoundryFake. */
export function installChatFake(fake: FakeFoundry): void {
  const config = fake.CONFIG as Record<string, Obj>;
  // v13 `CONFIG.Dice.rollModes` (https://foundryvtt.com/api/variables/CONFIG.Dice.html); v14 renames
  // them `CONFIG.ChatMessage.modes`, adding `ic` (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html).
  const label = (key: string) => ({ label: `CHAT.Mode.${key}` });
  const rollModes = {
    publicroll: label("publicroll"),
    gmroll: label("gmroll"),
    blindroll: label("blindroll"),
    selfroll: label("selfroll"),
  };
  const dice = (config.Dice ??= {});
  Object.defineProperty(dice, "rollModes", {
    configurable: true,
    enumerable: true,
    get: () => {
      deprecatedUse("CONFIG.Dice.rollModes (v14: CONFIG.ChatMessage.modes)");
      return rollModes;
    },
  });
  config.ChatMessage = { ...config.ChatMessage, documentClass: FakeRollMessage };
  const modes = {
    public: label("public"),
    gm: label("gm"),
    blind: label("blind"),
    self: label("self"),
    ic: label("ic"),
  };
  onGenerationChange((v14) => {
    if (v14) config.ChatMessage!.modes = modes;
    else delete config.ChatMessage!.modes;
  });
  // The user's mode, a client setting of core: `core.rollMode` (v13; deprecated on v14) /
  // `core.messageMode` (v14 only).
  fake.settings.register("core", "rollMode", {
    scope: "client",
    default: "publicroll",
    choices: { publicroll: "", gmroll: "", blindroll: "", selfroll: "" },
  });
  fake.settings.register("core", "messageMode", {
    scope: "client",
    default: "public",
    choices: { public: "", gm: "", blind: "", self: "", ic: "" },
  });
  fake.settings.guard = (namespace, key) => {
    if (namespace !== "core") return;
    if (key === "rollMode") deprecatedUse("setting core.rollMode (v14: core.messageMode)");
    if (key === "messageMode" && !isFakeV14()) throw new Error('"core.messageMode" is not a registered game setting');
  };
  Object.assign(fake.foundry.documents, { ChatMessage: FakeRollMessage });
  const chat = {
    updated: [] as string[],
    updateMessage: (message: { id: string | null }) => void chat.updated.push(message.id ?? ""),
  };
  config.sounds = { ...(config.sounds ?? {}), dice: "sounds/dice.wav" };
  // Each play is recorded with the client it was played on (test plumbing: who called it).
  const played: { data: Obj; socketOptions: unknown; client: string | null }[] = [];
  const audio: FakeAudio = {
    played: [],
    interface: { name: "interface" },
    play: async (src, options = {}) =>
      void audio.played.push({ src, options, client: currentWorld().user?.id ?? null }),
  };
  Object.assign(fake.game, { audio });
  Object.assign(fake.foundry, {
    audio: {
      AudioHelper: {
        played,
        play: async (data: Obj, socketOptions?: unknown) => {
          played.push({ data, socketOptions, client: currentWorld().user?.id ?? null });
          if (data.autoplay !== false) await audio.play(String(data.src), { volume: data.volume, loop: data.loop });
        },
      },
    },
  });
  const ui = (globalThis as { ui?: Obj }).ui ?? {};
  Object.assign(ui, { chat });
  Object.assign(fake.game, { socket: new FakeSocket() });
  Object.assign(globalThis, {
    ui,
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
      const cls = (globalThis as unknown as { CONFIG: { ChatMessage: { documentClass: typeof FakeRollMessage } } })
        .CONFIG.ChatMessage.documentClass;
      return (await cls.create(data)) as unknown as typeof data;
    };
    proto.__chatFake = true;
  }
  // Foundry resets a parent when embedded documents are deleted (its data is prepared again from
  // the source, so an ended effect no longer shows); the base fake only re-prepares.
  const docProto = FakeDocument.prototype as FakeDocument & { __chatFake?: boolean };
  if (!docProto.__chatFake) {
    const deleteEmbedded = docProto.deleteEmbeddedDocuments;
    docProto.deleteEmbeddedDocuments = async function deleteEmbeddedDocuments(
      this: FakeDocument,
      name: string,
      ids: string[],
    ) {
      const deleted = await deleteEmbedded.call(this, name, ids);
      if (deleted.length) {
        this._initialize();
        this.prepareData();
      }
      return deleted;
    };
    docProto.__chatFake = true;
  }
  // Recorded messages belong to this install only.
  postedMessages.length = 0;
  droppedRolls.length = 0;
}

/**
 * Shared setup of the chat card tests: the real entry loaded in the Foundry fake with the template
 * harness (the entry registers the chat layer on init), more users, and helpers that act as a given
 * user's CLIENT (fake-world.ts): clicking a card button runs the real click path there — the dice
 * rolled on that client, the request over the fake socket to the active GM's client, the answer
 * back — and rendering a card renders it for that user.
 */
import { loadWorld, type LoadedWorld } from "./world";
import { asClient, FakeUser } from "./fake-world";
import type { FakeElement, FakeSocket } from "./fake-chat";
import type { FakeFoundry } from "./fake";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import type { CardActionName as CardAction } from "../../src/chat/kinds/index";
import type { CardResult } from "../../src/chat/gm";
import type { TacticaChatMessage } from "../../src/documents/chat-message";
import type { TacticaActor } from "../../src/documents/actor";

export interface ChatWorld extends LoadedWorld {
  gm: typeof import("../../src/chat/gm");
  socket: FakeSocket;
  /** Clicks `action` on `message` on the client of `userId` (dice, request, answer: the real path). */
  click(
    userId: string,
    action: CardAction,
    message: TacticaChatMessage,
    extra?: { targetIndex?: number; index?: number; fastForward?: boolean },
  ): Promise<CardResult>;
  /** Runs `fn` on the client of `userId`. */
  as<T>(userId: string, fn: () => T): T;
  /** The card's content as `userId` sees it. */
  renderAs(userId: string, message: TacticaChatMessage): Promise<string>;
  /**
   * The message element core's `renderHTML` returns on the client of `userId` (the card filled in, its buttons wired).
   */
  elementAs(userId: string, message: TacticaChatMessage): Promise<FakeElement>;
  messages(): TacticaChatMessage[];
  /** An actor of `type` owned by `owner` (by default `player-1`, the base client): the chat tests' cast. */
  own(
    name: string,
    type: "character" | "npc" | "unit",
    data?: { system?: object; items?: object[] },
    owner?: string,
  ): Promise<TacticaActor>;
}

/**
 * The world of the chat tests: GM `gm-1`, players `player-1` (the base client), `player-2` and
 * `stranger`; `modules`: what active modules' scripts do when they run (world.ts `loadWorld`).
 */
export async function chatWorld(lang: "fr" | "en" = "fr", modules?: (fake: FakeFoundry) => void): Promise<ChatWorld> {
  const world = await loadWorld(lang, (fake) => installTemplateHarness(fake, createTemplateHarness(lang)), modules);
  const gm = await import("../../src/chat/gm");
  const click = await import("../../src/chat/click");
  const users = world.data.users;
  users.set("player-2", new FakeUser("player-2", "Second", false));
  users.set("stranger", new FakeUser("stranger", "Stranger", false));
  // The chat tests play from the first player's client unless they say otherwise.
  world.data.setUser("player-1");
  const as = <T>(userId: string, fn: () => T): T => asClient(users.get(userId)!, fn);
  return {
    ...world,
    gm,
    socket: (world.fake.game as unknown as { socket: FakeSocket }).socket,
    click: (userId, action, message, extra = {}) => as(userId, () => click.runCardAction(message, action, extra)),
    as,
    renderAs: (userId, message) => as(userId, () => message.renderCard()),
    elementAs: (userId, message) =>
      as(userId, () => (message as unknown as { renderHTML(): Promise<FakeElement> }).renderHTML()),
    messages: () => [...(world.fake.game.messages as Iterable<TacticaChatMessage>)],
    own: (name, type, data = {}, owner = "player-1") =>
      world.createActor({ name, type, ownership: { default: 0, [owner]: 3 }, ...data }),
  };
}

/** The `data-action` of every button of a card's HTML, in order. */
export const buttonsOf = (html: string): string[] => [...html.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1]!);

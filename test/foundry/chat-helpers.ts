/**
 * Shared setup of the chat card tests: the real entry loaded in the Foundry fake, the chat layer
 * registered as the lead wires it (registerChat, registerQueries, registerPressureWindows), and
 * helpers to click a card button as a given user.
 */
import { loadWorld, type LoadedWorld } from "./world";
import { FakeUser } from "./fake-world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import type { CardAction } from "../../src/chat/permissions";
import type { CardResult } from "../../src/chat/gm";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

export interface ChatWorld extends LoadedWorld {
  gm: typeof import("../../src/chat/gm");
  /** Clicks `action` on `message` as user `userId` (the request's sync part runs as that user). */
  click(userId: string, action: CardAction, message: TacticaChatMessage, extra?: { targetIndex?: number; index?: number }): Promise<CardResult>;
  messages(): TacticaChatMessage[];
}

export async function chatWorld(lang: "fr" | "en" = "fr"): Promise<ChatWorld> {
  const world = await loadWorld(lang, (fake) => installTemplateHarness(fake, createTemplateHarness(lang)));
  const render = await import("../../src/chat/render");
  const gm = await import("../../src/chat/gm");
  const windows = await import("../../src/pressure-windows");
  render.registerChat();
  gm.registerQueries();
  windows.registerPressureWindows();
  world.data.users.set("player-2", new FakeUser("player-2", "Second", false));
  world.data.users.set("stranger", new FakeUser("stranger", "Stranger", false));
  return {
    ...world,
    gm,
    click(userId, action, message, extra = {}) {
      const before = world.data.world.user.id;
      world.data.setUser(userId);
      const pending = gm.requestCardAction({ action, messageId: message.id!, ...extra });
      world.data.setUser(before);
      return pending;
    },
    messages: () => [...(world.fake.game.messages as Iterable<TacticaChatMessage>)],
  };
}

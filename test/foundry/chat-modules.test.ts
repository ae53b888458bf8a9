import { describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeElement } from "./fake-chat";
import type { FakeFoundry } from "./fake";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Issue 24 item 6, the second core review's N1: a module listening to `renderChatMessageHTML`
// sees a Tactica card — not core's summary paragraph — and what it adds inside the card stays,
// at the first render and at the re-render after a message update. The module registers its
// listener as a module's script does, when it runs (after the system's script, before init:
// world.ts `loadWorld`), through the public `Hooks` API.

/** What the "module" read in `.message-content` when the hook reached it, per render. */
let seen: string[];

/** A module's script: one `renderChatMessageHTML` listener that reads the content and adds a badge to it. */
function badgeModule(fake: FakeFoundry): void {
  fake.hooks.on("renderChatMessageHTML", (_message: unknown, html: unknown) => {
    const content = (html as FakeElement).querySelector(".message-content");
    if (!content) return;
    seen.push(content.innerHTML);
    content.append(new FakeElement("span", { classes: ["module-badge"] }));
  });
}

async function world(): Promise<{ w: ChatWorld; message: TacticaChatMessage }> {
  seen = [];
  const w = await chatWorld("fr", badgeModule);
  const actor = await w.own("Kara", "character", {
    system: { aptitudes: { vivacite: { value: 3, damage: 0 } }, willpower: { value: 3 } },
  });
  queueDiceFaces([1, 3, 2]);
  const message = await actor.rollPool(
    { aptitude: "vivacite", subAptitude: null, itemId: null },
    { fastForward: true },
  );
  expect(message).not.toBeNull();
  return { w, message: message! };
}

const contentOf = (html: FakeElement) => html.querySelector(".message-content")?.innerHTML ?? "";

describe("other modules' additions on a Tactica card (N1)", () => {
  it("a module's listener reads the card (its Push button), and its badge is still in the element core returns", async () => {
    const { w, message } = await world();
    seen = [];
    const html = await w.elementAs("player-1", message);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain("tactica-card");
    expect(seen[0]).toContain('data-action="push"');
    expect(contentOf(html)).toContain("tactica-card");
    expect(contentOf(html)).toContain('class="module-badge"');
  });

  it("after a message update, the re-render shows the new card to the module, and keeps its badge", async () => {
    const { w, message } = await world();
    queueDiceFaces([6, 6, 6]);
    expect(await w.click("player-1", "push", message)).toEqual({ ok: true });
    seen = [];
    // Core's chat log redraws an updated message with a fresh `renderHTML` (ChatLog#updateMessage).
    const html = await w.elementAs("player-1", message);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain("tactica-card");
    // Pushed once: the card no longer offers the push.
    expect(seen[0]).not.toContain('data-action="push"');
    expect(contentOf(html)).toContain('class="module-badge"');
  });

  it("the card's buttons still work in the element the module added to", async () => {
    const { w, message } = await world();
    const html = await w.elementAs("player-1", message);
    const push = html.querySelectorAll("button[data-action]").find((b) => b.dataset.action === "push");
    expect(push).toBeDefined();
    queueDiceFaces([6, 6, 6]);
    await w.as("player-1", () => push!.click());
    expect(message.card!.pushes).toBe(1);
  });
});

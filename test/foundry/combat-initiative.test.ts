import { describe, expect, it, vi } from "vitest";
import { chatWorld } from "./chat-helpers";
import { createFakeCombat } from "./fake-combat";
import { FakeElement } from "./fake-chat";
import { queueDiceFaces } from "./fake-dice";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Core's `Combat#rollInitiative` posts one roll message per rolled combatant (flag
// `core.initiativeRoll`: v13 client documents/combat.mjs, modelled in fake-combat.ts). Those are not
// Tactica cards: rendered through the public path (`renderHTML` → `renderChatMessageHTML`), they
// keep core's content and Tactica wires nothing on them.

describe("core's initiative roll messages in a Tactica world (tours)", () => {
  it("rolling initiative posts core's roll messages; they render as core's and Tactica's card wiring ignores them", async () => {
    const w = await chatWorld();
    // Core's own dice template, which the system does not ship: a stand-in showing the total.
    const handlebars = w.fake.foundry.applications.handlebars as {
      renderTemplate(path: string, context: { total?: unknown }): Promise<string>;
    };
    const render = handlebars.renderTemplate;
    handlebars.renderTemplate = async (path, context) =>
      path === "templates/dice/roll.hbs"
        ? `<div class="dice-roll">${String(context.total)}</div>`
        : render(path, context);
    w.data.setUser("gm-1");
    const ana = await w.createActor({
      name: "Ana",
      type: "character",
      system: { profile: { ini: { value: 2 } }, aptitudes: { vivacite: { value: 2 } } },
    });
    const bel = await w.createActor({ name: "Bel", type: "character", system: { profile: { ini: { value: 1 } } } });
    const combat = (await createFakeCombat([
      { actorId: ana.id!, initiative: null, name: "Ana" },
      { actorId: bel.id!, initiative: null, name: "Bel" },
    ])) as unknown as TacticaCombat;
    const before = w.messages().length;
    queueDiceFaces([7, 4]);
    await combat.rollAll();
    const posted = w.messages().slice(before);
    expect(
      posted.map((m) => [
        (m.flags as { core?: { initiativeRoll?: boolean } }).core?.initiativeRoll,
        m.card,
        m.rolls.map((r) => r.total),
      ]),
    ).toEqual([
      [true, null, [9]],
      [true, null, [5]],
    ]);

    // The public render path: core's content (its roll), and no listener from Tactica's wiring.
    const listen = vi.spyOn(FakeElement.prototype, "addEventListener");
    const html = await w.elementAs("gm-1", posted[0]!);
    const wiredOnInitiative = listen.mock.calls.length;
    // A Tactica card on the same path is wired (one delegated listener): the spy does see wiring.
    queueDiceFaces([6, 6, 6]);
    const card = (await w.as("gm-1", () => ana.rollPool({ aptitude: "vivacite" }, { fastForward: true })))!;
    const beforeCard = listen.mock.calls.length;
    await w.elementAs("gm-1", card as TacticaChatMessage);
    const wiredOnCard = listen.mock.calls.length - beforeCard;
    listen.mockRestore();
    expect(html.querySelector(".message-content")?.innerHTML).toBe('<div class="dice-roll">9</div>');
    expect([wiredOnInitiative, wiredOnCard]).toEqual([0, 1]);
  });
});

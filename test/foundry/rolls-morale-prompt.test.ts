import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeElement } from "./fake-chat";
import { systemAs } from "./world";
import { textOf } from "../templates/harness";
import type { TacticaActor } from "../../src/documents/actor";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// RULES §5 (D-16): damage that first brings an actor to half its PV posts ONE morale prompt,
// whispered to its owners and the GMs, and records moraleTested in the same write as the damage.

let w: ChatWorld;
type Morale = { morale: { moraleTested: boolean }; profile: { pv: { value: number } } };

beforeEach(async () => {
  w = await chatWorld();
  // Damage to someone else's actor is applied by the GM (the card actions' one writer).
  w.data.setUser("gm-1");
});

function soldier(extra: Record<string, unknown> = {}): Promise<TacticaActor> {
  return w.createActor({
    name: "Vex",
    type: "character",
    ownership: { default: 0, "player-2": 3 },
    system: { profile: { pv: { value: 10, max: 10 }, co: { value: 6 } }, morale: extra },
  });
}

/** The prompt as `userId` sees it once rendered in the chat log. */
const shown = (userId: string, message: TacticaChatMessage) => w.renderAs(userId, message);

const prompts = () => w.messages().filter((m) => m.card?.kind === "moralePrompt");

describe("morale prompt", () => {
  it("posts one prompt when the 50 % line is first crossed, in the damage's own write", async () => {
    const vex = await soldier();
    await vex.applyDamage({ damage: 4, attributes: [] });
    expect(prompts()).toHaveLength(0);
    const writes = await w.writesDuring(() => vex.applyDamage({ damage: 1, attributes: [] }));
    expect(writes.filter((x) => x.documentName === "Actor")).toHaveLength(1);
    expect(systemAs<Morale>(vex).morale.moraleTested).toBe(true);
    expect(systemAs<Morale>(vex).profile.pv.value).toBe(5);
    expect(prompts()).toHaveLength(1);
    const prompt = prompts()[0]!;
    expect([...(prompt as unknown as { whisper: string[] }).whisper].sort()).toEqual(["gm-1", "player-2"]);
    expect(textOf(prompt.content as string)).toContain("Vex a perdu la moitié de ses forces");
    expect(await shown("player-2", prompt)).toContain('data-action="moraleTest"');
    expect(await shown("gm-1", prompt)).toContain('data-action="moraleTest"');
    expect(await shown("player-1", prompt)).not.toContain("data-action");
    await vex.applyDamage({ damage: 1, attributes: [] });
    expect(prompts()).toHaveLength(1);
  });

  it("the prompt's morale test opens its dialog in the window the card was clicked in (a popped-out chat log)", async () => {
    const vex = await soldier();
    await vex.applyDamage({ damage: 6, attributes: [] });
    const prompt = prompts()[0] as TacticaChatMessage;
    // The chat log's window: an application whose element holds the message (dnd5e finds it by
    // `event.target.closest(".application")` and `foundry.applications.instances`).
    const chatLog = { id: "chat-popout" };
    const instances = (w.fake.foundry as unknown as { applications: { instances: Map<string, unknown> } }).applications
      .instances;
    instances.set(chatLog.id, chatLog);
    const frame = new FakeElement("section", { classes: ["application"] });
    frame.id = chatLog.id;
    const element = await w.elementAs("player-2", prompt);
    frame.append(element);
    const ProfileTest = (w.fake.CONFIG.Dice as unknown as { ProfileTest: { DIALOG: unknown } }).ProfileTest;
    const installed = ProfileTest.DIALOG;
    onTestFinished(() => {
      ProfileTest.DIALOG = installed;
      instances.delete(chatLog.id);
    });
    const openers: unknown[] = [];
    ProfileTest.DIALOG = async (_input: unknown, opener: unknown) => {
      openers.push(opener);
      return null;
    };
    const button = element.querySelectorAll("button[data-action]").find((b) => b.dataset.action === "moraleTest")!;
    await w.as("player-2", () => button.click());
    expect(openers).toEqual([chatLog]);
  });

  it("the prompt's button runs the owner's morale test on the owner's client; a stranger is refused", async () => {
    const vex = await soldier();
    await vex.applyDamage({ damage: 6, attributes: [] });
    const prompt = prompts()[0] as TacticaChatMessage;
    const errors = await w.errorsDuring(async () =>
      expect(await w.click("stranger", "moraleTest", prompt, { fastForward: true })).toEqual({
        ok: false,
        reason: "TACTICA.Chat.notAllowed",
      }),
    );
    expect(errors).toHaveLength(1);
    queueDiceFaces([3]);
    expect(await w.click("player-2", "moraleTest", prompt, { fastForward: true })).toEqual({ ok: true });
    const card = w.messages().at(-1)!;
    expect(card.card?.kind).toBe("morale");
    expect(card.author?.id).toBe("player-2");
    expect((card.lastRoll as unknown as { isSuccess: boolean }).isSuccess).toBe(true);
  });

  it("an unshakeable actor's prompt says it passes automatically and has no button", async () => {
    const vex = await soldier({ unshakeable: true });
    await vex.applyDamage({ damage: 7, attributes: [] });
    const prompt = prompts()[0]!;
    const html = await shown("player-2", prompt);
    expect(textOf(html)).toContain("Inébranlable Vex a perdu la moitié de ses forces. Le test est réussi d'office.");
    expect(html).not.toContain("data-action");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld, type ChatWorld } from "./chat-helpers";
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
});

function soldier(extra: Record<string, unknown> = {}): Promise<TacticaActor> {
  return w.createActor({ name: "Vex", type: "character", ownership: { default: 0, "player-2": 3 }, system: { profile: { pv: { value: 10, max: 10 }, co: { value: 6 } }, morale: extra } });
}

/** The prompt as `userId` sees it once rendered in the chat log. */
async function shown(userId: string, message: unknown): Promise<string> {
  const render = await import("../../src/chat/render");
  const before = w.data.world.user.id;
  w.data.setUser(userId);
  const html = await render.promptHtml(message as TacticaChatMessage);
  w.data.setUser(before);
  return html ?? "";
}

const prompts = () => w.messages().filter((m) => (m.flags as { tactica?: { prompt?: unknown } }).tactica?.prompt);

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

  it("the prompt's button runs the owner's morale test; a stranger is refused", async () => {
    const vex = await soldier();
    await vex.applyDamage({ damage: 6, attributes: [] });
    const render = await import("../../src/chat/render");
    const prompt = prompts()[0] as TacticaChatMessage;
    w.data.setUser("stranger");
    const errors = await w.errorsDuring(async () => expect(await render.runMoralePrompt(prompt, true)).toBeNull());
    expect(errors).toHaveLength(1);
    w.data.setUser("player-2");
    queueDiceFaces([3]);
    const card = await render.runMoralePrompt(prompt, true);
    expect(card?.card?.kind).toBe("morale");
    expect((card?.lastRoll as unknown as { isSuccess: boolean }).isSuccess).toBe(true);
  });

  it("an unshakeable actor's prompt says it passes automatically and has no button", async () => {
    const vex = await soldier({ unshakeable: true });
    await vex.applyDamage({ damage: 7, attributes: [] });
    const prompt = prompts()[0]!;
    const html = await shown("player-2", prompt);
    expect(textOf(html)).toContain("Vex est inébranlable : le test est réussi d'office.");
    expect(html).not.toContain("data-action");
  });
});

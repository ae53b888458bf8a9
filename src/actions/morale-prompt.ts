/**
 * RULES §5 (D-16): the morale prompt. When damage first brings an actor to half its start, ONE
 * card is whispered to its owners and the GMs, with a "Morale test" button that runs
 * `actor.moraleTest()` on the clicker's own client (it is the owner's roll, with its dialog). An
 * *inébranlable* actor's prompt says it passes automatically and offers no button.
 *
 * The prompt is a plain message (no roll): its state is `flags.tactica.prompt`; its stored
 * content is the plain sentence, replaced on display by the card-state template rendered for the
 * viewing user (src/chat/render.ts), so the button shows only to who may use it.
 */
import type { TacticaActor } from "../documents/actor";


/** What `flags.tactica.prompt` holds. */
export interface PromptFlag {
  kind: "morale";
  actorUuid: string;
  unshakeable: boolean;
}

/** The prompt flag of a message, or null. */
export function promptOf(message: { flags?: unknown }): PromptFlag | null {
  const scope = (message.flags as { tactica?: { prompt?: Partial<PromptFlag> } } | undefined)?.tactica;
  const prompt = scope?.prompt;
  return prompt?.kind === "morale" && typeof prompt.actorUuid === "string" ? { kind: "morale", actorUuid: prompt.actorUuid, unshakeable: prompt.unshakeable === true } : null;
}

/** The users who see the prompt: the actor's owners and every GM. */
function recipients(actor: TacticaActor): string[] {
  const users = (game.users ?? []) as Iterable<User.Implementation>;
  return [...users].filter((u) => u.isGM || actor.testUserPermission(u, "OWNER")).map((u) => u.id ?? "").filter(Boolean);
}

/** Text made safe for HTML (the actor's name is user text). */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Posts the morale prompt of `actor` (D-16). Resolves the message. */
export async function postMoralePrompt(actor: TacticaActor, unshakeable: boolean): Promise<ChatMessage.Implementation | undefined> {
  const key = unshakeable ? "TACTICA.Chat.morale.unshakeable" : "TACTICA.Chat.morale.prompt";
  const content = `<p>${escapeText(game.i18n?.format(key, { name: actor.name }) ?? actor.name)}</p>`;
  const prompt: PromptFlag = { kind: "morale", actorUuid: actor.uuid, unshakeable };
  return ChatMessage.create({
    content,
    speaker: { actor: actor.id, alias: actor.name },
    whisper: recipients(actor),
    flags: { tactica: { prompt } },
  } as ChatMessage.CreateData);
}

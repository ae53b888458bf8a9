/**
 * RULES §5 (D-16): the morale prompt. When damage first brings an actor to half its start, ONE
 * card is whispered to its owners and the GMs, with a "Morale test" button that runs
 * `actor.moraleTest()` on the clicker's own client (it is the owner's roll, with its dialog). An
 * *inébranlable* actor's prompt says it passes automatically and offers no button.
 *
 * The prompt is a card of kind `moralePrompt` (src/data/chat/roll-card.ts), rendered for the viewing
 * user (src/chat/kinds/morale.ts): its button shows only to the actor's owners, and only when the
 * prompt's author owns the actor it names (a player cannot prompt someone else's actor).
 */
import { postInfoCard, speakerOf } from "./common";

/** The users who see the prompt: the actor's owners and every GM. */
function recipients(actor: Actor.Implementation): string[] {
  const users = game.users ?? [];
  return [...users]
    .filter((u) => u.isGM || actor.testUserPermission(u, "OWNER"))
    .map((u) => u.id ?? "")
    .filter(Boolean);
}

/** Posts the morale prompt of `actor` (D-16). Resolves the message. */
export async function postMoralePrompt(
  actor: Actor.Implementation,
  unshakeable: boolean,
): Promise<ChatMessage.Implementation | null> {
  const key = unshakeable ? "TACTICA.Chat.morale.unshakeable" : "TACTICA.Chat.morale.prompt";
  const summary = game.i18n?.format(key, { name: actor.name }) ?? actor.name;
  return postInfoCard(
    { kind: "moralePrompt", actorUuid: actor.uuid, unshakeable, label: actor.name },
    { summary: [summary], speaker: speakerOf(actor), whisper: recipients(actor) },
  );
}

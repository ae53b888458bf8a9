/**
 * Contract: what the self-test's leftover watch (contract/leftovers.ts) reads of core, and that the
 * test fake (test/foundry/fake-documents.ts) copies:
 * - creating a world document fires `create<DocumentName>` on the creating client with the
 *   document and the creating user's id (hook events `createDocument`,
 *   https://foundryvtt.com/api/functions/hookEvents.createDocument.html);
 * - an embedded document's creation (`createEmbeddedDocuments`) fires the same hook with its
 *   parent set, which the watch skips;
 * - a deleted world document is no longer in its world collection (`game.messages`, `game.actors`,
 *   https://foundryvtt.com/api/classes/foundry.Game.html).
 * The suites create a chat message and an actor and delete them again (run them as a GM).
 */
import type { ContractContext } from "./context";

interface Heard {
  id: string | null;
  /** The parent's id, or null for a world document. */
  parentId: string | null;
  userId: string;
}

/** Runs `action` while listening to `create<documentName>`; returns what the hook was given. */
async function hear(documentName: string, action: () => Promise<unknown>): Promise<Heard[]> {
  const heard: Heard[] = [];
  const hooks: {
    on(
      event: string,
      fn: (doc: { id: string | null; parent?: { id: string | null } | null }, options: unknown, userId: string) => void,
    ): number;
    off(event: string, id: number): void;
  } = Hooks;
  const id = hooks.on(`create${documentName}`, (doc, _options, userId) =>
    heard.push({ id: doc.id, parentId: doc.parent?.id ?? null, userId }),
  );
  try {
    await action();
  } finally {
    hooks.off(`create${documentName}`, id);
  }
  return heard;
}

export function worldDocumentsContract({ describe, it, assert }: ContractContext): void {
  describe("create hooks and world collections (the self-test's leftover watch)", () => {
    it("a created chat message fires createChatMessage with itself and the creating user; once deleted it leaves game.messages", async () => {
      let message: ChatMessage.Implementation | undefined;
      const heard = await hear("ChatMessage", async () => {
        message = await CONFIG.ChatMessage.documentClass.create({ content: "<p>Contract message (temporary)</p>" });
      });
      if (!message?.id) throw new Error("the temporary message was not created");
      try {
        assert.deepEqual(heard, [{ id: message.id, parentId: null, userId: game.user?.id }]);
        assert.ok(game.messages?.has(message.id), "the new message is in game.messages");
      } finally {
        await message.delete();
      }
      assert.notOk(game.messages?.has(message.id), "the deleted message left game.messages");
    });

    it("an item created on an actor fires createItem with its parent; a deleted actor leaves game.actors", async () => {
      const actor = await CONFIG.Actor.documentClass.create({
        name: "[Contract] holder (temporary)",
        type: "character",
      });
      if (!actor?.id) throw new Error("the temporary actor was not created");
      const actorId = actor.id;
      try {
        const heard = await hear("Item", () =>
          actor.createEmbeddedDocuments("Item", [{ name: "Contract gear (temporary)", type: "gear" }]),
        );
        const itemId = actor.items.contents[0]?.id;
        if (!itemId) throw new Error("the actor does not hold its item");
        assert.deepEqual(heard, [{ id: itemId, parentId: actorId, userId: game.user?.id }]);
        assert.notOk(game.items?.has(itemId), "an embedded item is not a world item");
      } finally {
        await actor.delete();
      }
      assert.notOk(game.actors?.has(actorId), "the deleted actor left game.actors");
    });
  });
}

/**
 * What a self-test batch leaves in the world: every world document the current user created while
 * the batch ran — those its fixtures return and the ones posted on the side (a threshold card, a
 * morale prompt) — that still exists when the batch ends. The watch is the batch's first `before`
 * and last `after` hook (`withCleanup`), so it works the same under Tactica's runner and Quench:
 * the last hook deletes what is left and fails with a {@link LeftoverError} that lists it by kind.
 *
 * Core fires `create<DocumentName>` on every client once a document is created, with the
 * document, the operation and the creating user's id (hook events `createDocument`,
 * https://foundryvtt.com/api/functions/hookEvents.createDocument.html); a deleted world document
 * is no longer in its world collection (`game.actors`, `game.messages`…, https://foundryvtt.com/api/classes/foundry.Game.html).
 */
import { LeftoverError } from "./runner";
import type { BatchContext } from "./context";
import type { SelfTestLeftover } from "../api/self-test";

/** A created document, as far as the watch reads it. */
interface Created {
  readonly id: string | null;
  readonly name?: string | null;
  readonly type?: string;
  readonly parent?: unknown;
  delete(): Promise<unknown>;
}

interface Lookup {
  has(id: string): boolean;
}

/**
 * The world document types a batch may create, each with its world collection: the primary types
 * of a world (`CONST.WORLD_DOCUMENT_TYPES`, https://foundryvtt.com/api/variables/CONST.WORLD_DOCUMENT_TYPES.html)
 * but settings, users and fog, which a batch changes in place and never owns.
 */
const WORLD_COLLECTIONS: Record<string, () => Lookup | undefined> = {
  Actor: () => game.actors,
  Item: () => game.items,
  ChatMessage: () => game.messages,
  Combat: () => game.combats,
  Scene: () => game.scenes,
  RollTable: () => game.tables,
  JournalEntry: () => game.journal,
  Macro: () => game.macros,
  Folder: () => game.folders,
  Cards: () => game.cards,
  Playlist: () => game.playlists,
};

/** The `Hooks` functions the watch uses, with the event names built at run time. */
interface HookTable {
  on(event: string, fn: (document: Created, options: unknown, userId: string) => void): number;
  off(event: string, id: number): void;
}

/** Watches the world documents the user running the batch creates between `start` and `finish`. */
export function documentWatch(hooks: HookTable = Hooks) {
  const created = new Map<string, { documentName: string; doc: Created }>();
  let listening: [string, number][] = [];
  return {
    start(): void {
      created.clear();
      const me = game.user?.id;
      listening = Object.keys(WORLD_COLLECTIONS).map((documentName) => {
        const event = `create${documentName}`;
        const id = hooks.on(event, (doc, _options, userId) => {
          if (doc.parent || !doc.id || !me || userId !== me) return;
          created.set(`${documentName}.${doc.id}`, { documentName, doc });
        });
        return [event, id];
      });
    },
    /** Stops watching, deletes what is still in the world, and returns it. */
    async finish(): Promise<SelfTestLeftover[]> {
      for (const [event, id] of listening) hooks.off(event, id);
      listening = [];
      const left: SelfTestLeftover[] = [];
      for (const { documentName, doc } of [...created.values()].reverse()) {
        if (!doc.id || !WORLD_COLLECTIONS[documentName]?.()?.has(doc.id)) continue;
        const removed = await doc.delete().then(
          () => true,
          () => false,
        );
        left.push({
          documentName,
          id: doc.id,
          ...(doc.type ? { type: doc.type } : {}),
          ...(doc.name ? { name: doc.name } : {}),
          removed,
        });
      }
      created.clear();
      return left.reverse();
    },
  };
}

/**
 * A batch with the watch around it: the watch starts before its own hooks and tests, and its
 * `after` hook, declared last, runs after the batch's own clean-up and fails when anything is left.
 */
export function withCleanup(batch: (context: BatchContext) => void): (context: BatchContext) => void {
  return (context) => {
    const watch = documentWatch();
    context.before(() => watch.start());
    batch(context);
    context.after(async () => {
      const left = await watch.finish();
      if (left.length) throw new LeftoverError(left);
    });
  };
}

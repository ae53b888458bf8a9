/**
 * Contract (part of "chat cards", src/contract/chat.ts): what only the server settles about the
 * card channel (src/chat/gm.ts), asserted as far as one client of a real
 * world can — the rest is a manual check (docs/manual-checks.md, "Trust model and the card
 * channel"):
 * - a package's socket event reaches the OTHER clients only, each handler receiving the emitted
 *   arguments with the sender's user id appended last (socketlib `src/socketlib.js`,
 *   pf2e `src/scripts/socket.ts`; security review §0): the sending client never receives its own
 *   message; a delivery this client sees (the fake's other clients) ends with the sender's id;
 * - exactly one connected user is the active GM, core's pick among the active GMs (the highest
 *   role, then the lowest id: v13 client `documents/collections/users.mjs` `Users#activeGM`) —
 *   only that client executes card actions (security review F7).
 */
import type { ContractContext } from "./context";
import { isRecord } from "./temporary";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Core's order of active GMs: the highest role first, then the lowest id (code-unit order). */
function byRoleThenId(a: User.Implementation, b: User.Implementation): number {
  const ids = (a.id ?? "") < (b.id ?? "") ? -1 : 1;
  return b.role - a.role || ids;
}

export function serverContract({ describe, it, assert }: ContractContext): void {
  describe("the server's relay and the active GM", () => {
    it("[server.socket-no-echo] a system socket message never comes back to its sender; a delivery ends with the sender's id", async () => {
      const socket = game.socket;
      if (!socket) throw new Error("no game.socket");
      const event = `system.${game.system.id}`;
      const sender = game.user?.id;
      const nonce = foundry.utils.randomID();
      const seen: { on: string | undefined; args: unknown[] }[] = [];
      const listener = (...args: unknown[]): void => {
        if (isRecord(args[0]) && args[0].contractProbe === nonce) seen.push({ on: game.user?.id, args });
      };
      socket.on(event, listener);
      try {
        // A probe of no known type: Tactica's channel ignores it on every client.
        socket.emit(event, { type: "contractProbe", contractProbe: nonce });
        await wait(500);
      } finally {
        socket.off(event, listener);
      }
      assert.notOk(
        seen.some((s) => s.on === sender),
        "the sending client received its own message",
      );
      for (const delivery of seen) assert.strictEqual(delivery.args.at(-1), sender, "the sender's id comes last");
    });

    it("[server.one-active-gm] exactly one connected user is the active GM, core's pick among the active GMs", () => {
      const collection = game.users;
      if (!collection) throw new Error("no game.users");
      const users = [...collection];
      const pick = users.filter((u) => u.active && u.isGM).sort(byRoleThenId)[0] ?? null;
      assert.strictEqual(collection.activeGM, pick);
      assert.deepEqual(
        users.filter((u) => u.isActiveGM).map((u) => u.id),
        pick ? [pick.id] : [],
      );
      // Quench runs as a connected GM: there is one, and this client is it unless a higher one is on.
      assert.ok(pick, "a GM is connected");
    });
  });
}

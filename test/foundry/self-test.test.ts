/**
 * `game.tactica.selfTest` — Tactica's own runner, what `npm run e2e` runs in the world's page —
 * against the fake: the Foundry contract batch passes under it as it does under vitest
 * (contract.test.ts), and the leftover watch finds, deletes and reports by kind what a batch
 * leaves in the world, and only that. The other batches need the system's compendiums, which the
 * fake does not model: they run in a real Foundry only (docs/manual-checks.md).
 */
import { describe, expect, it } from "vitest";
import { loadWorld, asGM } from "./world";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { asClient } from "./fake-world";
import type { BatchContext } from "../../src/contract/context";

// As contract.test.ts: the system loaded on the fake, played by its GM, cards rendered by the real templates.
const world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
world.data.setUser("gm-1");
const { runContracts } = await import("../../src/contract/index");
const { createSelfTest } = await import("../../src/contract/self-test");

/**
 * The test titles the contract suites declare, in the order Mocha (and Tactica's runner) runs them:
 * a suite's own tests first, then its nested suites, each in declaration order.
 */
function declaredContractTests(): string[] {
  type Suite = { path: string[]; tests: string[]; suites: Suite[] };
  const root: Suite = { path: [], tests: [], suites: [] };
  let current = root;
  runContracts({
    describe(name, fn) {
      const parent = current;
      const suite: Suite = { path: [...parent.path, name], tests: [], suites: [] };
      parent.suites.push(suite);
      current = suite;
      fn();
      current = parent;
    },
    it: (name) => void current.tests.push([...current.path, name].join(" ")),
    assert: {} as never,
  });
  const ordered = (suite: Suite): string[] => [...suite.tests, ...suite.suites.flatMap(ordered)];
  return ordered(root);
}

const messages = () => game.messages!.contents.map((m) => m.id);

describe("game.tactica.selfTest on the fake", () => {
  it("lists every batch, each key starting with tactica.", async () => {
    const keys = await game.tactica.selfTest.keys();
    expect(keys).toContain("tactica.contract");
    expect(keys.every((k) => k.startsWith("tactica."))).toBe(true);
  });

  it("runs the Foundry contract batch: every declared test passes, nothing is left behind", async () => {
    const before = { actors: game.actors!.size, messages: messages() };
    const report = await game.tactica.selfTest.run(["tactica.contract"]);
    expect(report.runner).toBe("tactica");
    const [batch] = report.batches;
    expect(batch!.key).toBe("tactica.contract");
    const failed = batch!.tests.filter((t) => t.state !== "passed").map((t) => `${t.title}: ${t.error}`);
    expect(failed).toEqual([]);
    expect(batch!.tests.map((t) => t.title)).toEqual(declaredContractTests());
    expect(batch!.hookFailures).toEqual([]);
    expect(batch!.leftovers).toEqual([]);
    expect({ actors: game.actors!.size, messages: messages() }).toEqual(before);
  });

  it("refuses unknown batch keys and a player, naming why", async () => {
    await expect(game.tactica.selfTest.run(["tactica.nope"])).rejects.toThrow(/no such self-test batch: tactica\.nope/);
    world.data.setUser("player-1");
    try {
      await expect(game.tactica.selfTest.run()).rejects.toThrow("run it as a GM");
    } finally {
      world.data.setUser("gm-1");
    }
  });
});

describe("the leftover watch", () => {
  const post = (content: string) => CONFIG.ChatMessage.documentClass.create({ content });

  it("deletes and reports by kind what a batch created and left, not what it deleted or someone else posted", async () => {
    let theirs: string | null | undefined;
    const batches = {
      "tactica.sloppy": {
        name: "Sloppy",
        register: ({ it, after }: BatchContext) => {
          const made: { delete(): Promise<unknown> }[] = [];
          after(async () => {
            for (const doc of made) await doc.delete();
          });
          it("posts a card, imports an actor, and cleans up only the actor", async () => {
            await post("side-effect card");
            const actor = await CONFIG.Actor.documentClass.create({ name: "[Quench] temp", type: "npc" });
            made.push(actor!);
            theirs = (await asClient(world.data.users.get("player-1")!, () => post("a player's message")))?.id;
          });
        },
      },
    };
    const report = await createSelfTest(batches).run();
    const [batch] = report.batches;
    expect(batch!.tests.map((t) => t.state)).toEqual(["passed"]);
    expect(batch!.leftovers).toEqual([
      { documentName: "ChatMessage", id: expect.any(String), type: "base", removed: true },
    ]);
    const left = batch!.leftovers[0]!.id;
    expect(game.messages!.has(left)).toBe(false);
    // The player's message is theirs: not counted, not deleted.
    expect(theirs && game.messages!.has(theirs)).toBe(true);
    expect(game.actors!.getName("[Quench] temp")).toBeUndefined();
  });

  it("under Quench too: the registered batch's last after hook fails, listing the leftovers", async () => {
    const { registerBatches } = await import("../../src/contract/quench");
    const registered = new Map<string, (context: BatchContext) => void>();
    registerBatches({ registerBatch: (key, fn) => void registered.set(key, fn) });
    expect([...registered.keys()]).toContain("tactica.contract");
    // What Quench would run: the wrapped batch, whose hooks this recorder calls in Mocha's order.
    const hooks: { before: (() => unknown)[]; after: (() => unknown)[] } = { before: [], after: [] };
    const context = {
      describe: () => {},
      it: () => {},
      before: (fn: () => unknown) => void hooks.before.push(fn),
      after: (fn: () => unknown) => void hooks.after.push(fn),
      assert: {} as never,
    };
    registered.get("tactica.contract")!(context);
    for (const fn of hooks.before) await fn();
    const card = await asGM(world.data, () => post("left by a test"));
    await expect(
      (async () => {
        for (const fn of hooks.after) await fn();
      })(),
    ).rejects.toThrow("left 1 world document(s) behind: ChatMessage (base) ×1");
    expect(game.messages!.has(card!.id!)).toBe(false);
  });
});

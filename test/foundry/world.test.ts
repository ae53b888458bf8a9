import { describe, expect, it } from "vitest";
import { FakeHooks } from "./fake";
import { FakeApplicationV2 } from "./fake-apps";
import { loadWorld } from "./world";

// The test world (world.ts): the entry is imported once per worker, and each loadWorld gives a
// fresh fake with the entry's registrations made again, exactly once. Nothing a test did to one
// world may show in the next, nor a fake of an earlier test file in this one.

// Read as this file starts, before it installs anything: test/setup/globals.ts has removed what
// an earlier file of the same worker installed.
const inherited = ["game", "CONFIG", "Hooks", "foundry", "ui", "Actor", "ChatMessage", "Combat"].filter(
  (name) => name in globalThis,
);

describe("the test world", () => {
  it("is not inherited from an earlier test file", () => {
    expect(inherited).toEqual([]);
  });

  it("starts each world empty, whatever the previous one did", async () => {
    const first = await loadWorld("fr");
    await first.createActor({ name: "Leftover", type: "character" });
    await first.fake.settings.set("tactica", "combatMode", "timeline");
    first.data.notifications.error("left over");
    first.fake.hooks.on("tactica.testOnly", () => undefined);
    first.data.setUser("gm-1");
    const combats = first.fake.game.combats as { size: number; set(id: string, v: unknown): void };
    combats.set("combat00000001", { id: "combat00000001" });
    const app = await new FakeApplicationV2().render({ force: true });
    expect(app.rendered).toBe(true);

    const next = await loadWorld("en");
    expect((next.fake.game.actors as { size: number }).size).toBe(0);
    expect((next.fake.game.combats as { size: number }).size).toBe(0);
    expect(next.data.db.writes).toEqual([]);
    expect(next.data.notifications.messages).toEqual([]);
    expect(next.fake.settings.get("tactica", "combatMode")).toBe("tours");
    expect(next.fake.hooks.count("tactica.testOnly")).toBe(0);
    expect((next.fake.game.user as { id: string }).id).toBe("gm-1");
    expect(next.data.users.contents.map((u) => u.id)).toEqual(["gm-1", "player-1"]);
    expect(next.fake.game.i18n.lang).toBe("en");
    // A window of the earlier session is not open in the new one.
    expect(app.rendered).toBe(false);
  });

  it("registers what the entry registers, once per world", async () => {
    const first = await loadWorld();
    const counts = (w: typeof first) => ({
      settings: w.fake.settings.settings.size,
      updateActor: w.fake.hooks.count("updateActor"),
      renderChatMessageHTML: w.fake.hooks.count("renderChatMessageHTML"),
      rolls: (w.fake.CONFIG.Dice as { rolls: unknown[] }).rolls.length,
    });
    const before = counts(first);
    expect(before.settings).toBeGreaterThan(10);
    expect(before.updateActor).toBeGreaterThan(0);
    const second = await loadWorld();
    expect(counts(second)).toEqual(before);
    expect((second.fake.CONFIG.Actor as { documentClass: unknown }).documentClass).toBe(
      (first.fake.CONFIG.Actor as { documentClass: unknown }).documentClass,
    );
    expect(second.fake.game.ready).toBe(true);
    expect(typeof (second.fake.game as { tactica?: unknown }).tactica).toBe("object");
  });

  it("runs hooks registered before the entry's first, as a fresh import would", async () => {
    const order: string[] = [];
    await loadWorld("fr", (fake) => fake.hooks.on("init", () => void order.push("test")));
    const world = await loadWorld("fr", (fake) => {
      fake.hooks.on("init", () => void order.push("test"));
      const tacticaSettings = () =>
        [...fake.settings.settings.keys()].filter((key) => key.startsWith("tactica.")).length;
      fake.hooks.on("init", () => void order.push(tacticaSettings() === 0 ? "before the entry" : "after the entry"));
    });
    expect(order).toEqual(["test", "test", "before the entry"]);
    expect(world.fake.settings.settings.size).toBeGreaterThan(10);
  });
});

describe("fake hooks", () => {
  it("list their handlers in registration order, once-handlers marked", () => {
    const hooks = new FakeHooks();
    const a = () => undefined;
    const b = () => undefined;
    const c = () => undefined;
    hooks.on("ready", a);
    hooks.once("init", b);
    hooks.on("init", c);
    expect(hooks.registrations()).toEqual([
      { event: "ready", fn: a, once: false },
      { event: "init", fn: b, once: true },
      { event: "init", fn: c, once: false },
    ]);
    hooks.callAll("init");
    expect(hooks.registrations().map((r) => r.fn)).toEqual([a, c]);
  });
});

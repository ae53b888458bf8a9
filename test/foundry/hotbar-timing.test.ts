import { describe, expect, it } from "vitest";
import { loadWorld } from "./world";

// The hotbar drop handler is registered when the world is ready (hotbar hook timing): a
// module's own `hotbarDrop` handler, registered during init or setup, runs before Tactica's and
// can take the drop (Hooks.call stops at the first handler returning false). draw-steel 0.11.1
// registers its handler on `ready` for the same reason.

describe("hotbarDrop timing", () => {
  it("a module's handler registered during setup runs first and may take the drop; otherwise Tactica makes the macro", async () => {
    const order: string[] = [];
    let take = true;
    const w = await loadWorld("fr", (fake) => {
      fake.hooks.once("setup", () =>
        fake.hooks.on("hotbarDrop", () => {
          order.push("module");
          return take ? false : undefined;
        }),
      );
    });
    w.data.setUser("gm-1");
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const drop = { type: "TacticaCharacteristic", actorUuid: actor.uuid, key: "co" };
    expect(w.fake.hooks.call("hotbarDrop", {}, drop, 1)).toBe(false);
    expect(order).toEqual(["module"]);
    // The module lets the drop through: Tactica's handler takes it (false: core does nothing more)
    // and makes its macro. Stand-ins for the macro documents, which this test does not check.
    const made: unknown[] = [];
    Object.assign(globalThis, { Macro: { create: async (data: object) => (made.push(data), data) } });
    Object.assign(w.fake.game.user as object, { assignHotbarMacro: async () => undefined });
    take = false;
    expect(w.fake.hooks.call("hotbarDrop", {}, drop, 1)).toBe(false);
    expect(order).toEqual(["module", "module"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toMatchObject([
      {
        type: "script",
        command: `game.tactica.rollCharacteristic(${JSON.stringify(actor.uuid)}, "co", { fastForward: game.tactica.skipsDialog(event) });`,
      },
    ]);
  });
});

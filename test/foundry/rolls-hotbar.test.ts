import { describe, expect, it } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld } from "./chat-helpers";

// Hotbar: an item or a characteristic dropped on the hotbar becomes a macro calling game.tactica.

describe("hotbar macros", () => {
  it("makes a macro of an owned item and of a characteristic, and the macro's call rolls", async () => {
    const w = await chatWorld();
    const macros = await import("../../src/api/macros");
    const actor = await w.createActor({
      name: "Kara",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { profile: { att: { value: 3 } } },
      items: [
        {
          _id: "gear000000000001",
          name: "Soupape",
          type: "gear",
          system: { linked: true, equipped: true, pressureTarget: "att" },
        },
      ],
    });
    const item = actor.items.get("gear000000000001")!;
    const macro = macros.macroFor({ type: "Item", uuid: item.uuid });
    expect(macro).toMatchObject({
      name: "Soupape",
      command: `game.tactica.useItem(${JSON.stringify(item.uuid)}, { fastForward: game.tactica.skipsDialog(event) });`,
    });
    expect(macros.macroFor({ type: "TacticaCharacteristic", actorUuid: actor.uuid, key: "co" })?.command).toContain(
      "game.tactica.rollCharacteristic",
    );
    expect(macros.macroFor({ type: "TacticaCharacteristic", actorUuid: actor.uuid, key: "nope" })).toBeNull();
    expect(macros.macroFor({ type: "Scene", uuid: "Scene.x" })).toBeNull();
    const api = (
      w.fake.game as unknown as {
        tactica: { useItem: typeof macros.useItem; rollCharacteristic: typeof macros.rollCharacteristic };
      }
    ).tactica;
    queueDiceFaces([2]);
    const message = await (api.useItem ?? macros.useItem)(item.uuid, { fastForward: true });
    expect(message?.card?.kind).toBe("pressure");
    queueDiceFaces([1]);
    const test = await (api.rollCharacteristic ?? macros.rollCharacteristic)(actor.uuid, "att", { fastForward: true });
    expect(test?.card?.kind).toBe("profile");
  });

  it("a macro of someone else's actor is refused, localised, and posts nothing", async () => {
    const w = await chatWorld();
    const macros = await import("../../src/api/macros");
    const actor = await w.createActor({
      name: "Vex <b>",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { att: { value: 3 } } },
    });
    const before = w.messages().length;
    const errors = await w.errorsDuring(async () =>
      expect(await macros.rollCharacteristic(actor.uuid, "att", { fastForward: true })).toBeNull(),
    );
    // The name reads as typed: escaped (unescaped, its markup would vanish from the text).
    expect(errors).toEqual(["Vous ne possédez pas Vex <b>\u00a0: ce jet ne peut pas être fait pour lui."]);
    expect(w.messages()).toHaveLength(before);
  });
});

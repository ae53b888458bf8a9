import { describe, expect, it, onTestFinished, vi } from "vitest";
import { queueDiceFaces } from "./fake-dice";
import { chatWorld } from "./chat-helpers";
import { clickAction, type FakeApplicationV2 } from "./fake-apps";
import type { FakeKeybindings, FakeKeyboard } from "./fake-keys";
import type { FakeFoundry } from "./fake";
import { loadSheetWorld, sampleCharacter } from "../templates/sheet-samples";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// Issue 24 item 4: the key bound to *Skip the roll dialog* (Shift by default, rebindable in
// Configure Controls: src/config/keybindings.ts `skipsDialog`) is what skips the dialog of a sheet's
// roll button and of a card's button (the morale prompt's test) — not a fixed Shift. Rebinding goes
// through the fake's `game.keybindings` (core's ClientKeybindings, fake-keys.ts).

const keys = (fake: FakeFoundry) => fake.game.keybindings as unknown as FakeKeybindings;
const keyboard = (fake: FakeFoundry) => fake.game.keyboard as unknown as FakeKeyboard;

describe("a sheet's roll button", () => {
  async function sheetWorld() {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const rollProfile = vi.fn(async () => null);
    Object.assign(actor, { rollProfile });
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as FakeApplicationV2;
    /** The `fastForward` the actor was asked for by a click with the event's modifiers `event`. */
    const click = async (event: Record<string, unknown>) => {
      rollProfile.mockClear();
      await clickAction(sheet, "rollProfile", { dataset: { key: "co" } }, event);
      return (rollProfile.mock.calls[0] as unknown[] | undefined)?.[1];
    };
    return { w, sheet, click };
  }

  it("skips the dialog with Shift by default; once rebound to Control, Shift opens it and Control skips it", async () => {
    const { w, sheet, click } = await sheetWorld();
    expect(await click({ shiftKey: true })).toEqual({ fastForward: true, opener: sheet });
    expect(await click({})).toEqual({ fastForward: false, opener: sheet });
    await keys(w.fake).set("tactica", "skipDialog", [{ key: "ControlLeft" }]);
    expect(await click({ shiftKey: true })).toEqual({ fastForward: false, opener: sheet });
    expect(await click({ ctrlKey: true })).toEqual({ fastForward: true, opener: sheet });
  });

  it("once rebound to S, a plain click skips the dialog while S is held down", async () => {
    const { w, sheet, click } = await sheetWorld();
    await keys(w.fake).set("tactica", "skipDialog", [{ key: "KeyS" }]);
    keyboard(w.fake).press("KeyS");
    expect(await click({})).toEqual({ fastForward: true, opener: sheet });
    keyboard(w.fake).release("KeyS");
    expect(await click({})).toEqual({ fastForward: false, opener: sheet });
  });
});

describe("a card's button: the morale prompt's test", () => {
  async function promptWorld() {
    const w = await chatWorld();
    w.data.setUser("gm-1");
    const vex = await w.createActor({
      name: "Vex",
      type: "character",
      ownership: { default: 0, "player-2": 3 },
      system: { profile: { pv: { value: 10, max: 10 }, co: { value: 6 } } },
    });
    await vex.applyDamage({ damage: 6, attributes: [] });
    const prompt = w.messages().find((m) => m.card?.kind === "moralePrompt") as TacticaChatMessage;
    // The test's dialog, as a module would replace it (CONFIG.Dice.ProfileTest.DIALOG): counted, then cancelled.
    const ProfileTest = (w.fake.CONFIG.Dice as unknown as { ProfileTest: { DIALOG: unknown } }).ProfileTest;
    const installed = ProfileTest.DIALOG;
    onTestFinished(() => void (ProfileTest.DIALOG = installed));
    let opened = 0;
    ProfileTest.DIALOG = async () => {
      opened++;
      return null;
    };
    /** Player 2 clicks the prompt's button (Shift held or not); whether the dialog opened, and the cards posted. */
    const click = async (shiftKey: boolean) => {
      const before = { opened, cards: w.messages().length };
      const element = await w.elementAs("player-2", prompt);
      const button = element.querySelectorAll("button[data-action]").find((b) => b.dataset.action === "moraleTest")!;
      queueDiceFaces([3]);
      await w.as("player-2", () => button.click({ shiftKey }));
      return { dialog: opened > before.opened, posted: w.messages().length - before.cards };
    };
    return { w, click };
  }

  it("Shift-click skips the dialog by default (the test is rolled and its card posted)", async () => {
    const { click } = await promptWorld();
    expect(await click(true)).toEqual({ dialog: false, posted: 1 });
    expect(await click(false)).toEqual({ dialog: true, posted: 0 });
  });

  it("once rebound to S: Shift-click opens the dialog, and a click with S held skips it", async () => {
    const { w, click } = await promptWorld();
    await keys(w.fake).set("tactica", "skipDialog", [{ key: "KeyS" }]);
    expect(await click(true)).toEqual({ dialog: true, posted: 0 });
    keyboard(w.fake).press("KeyS");
    expect(await click(false)).toEqual({ dialog: false, posted: 1 });
    keyboard(w.fake).release("KeyS");
  });
});

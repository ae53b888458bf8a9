/**
 * Contract: message modes on the running generation (src/compat/message-mode.ts) — what
 * the roll pipeline and the dialogs' picker rely on, and that the test fake copies:
 * - the user's mode is the setting of the running generation (`core.rollMode` on v13,
 *   `core.messageMode` on v14, where `ic` counts as public);
 * - the picker's four modes are keys of the running generation's list (`CONFIG.Dice.rollModes` on
 *   v13, `CONFIG.ChatMessage.modes` on v14), each with a label;
 * - `Roll#toMessage(data, {create: false, ...option})` with the running generation's option
 *   (`rollMode` / `messageMode`) returns the message data with core's mode applied: public, no
 *   whisper; GM, whispered to the GMs; blind, whispered to the GMs and blind; self, whispered to
 *   the roller (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html#tomessage,
 *   https://foundryvtt.com/api/v14/classes/foundry.dice.Roll.html#tomessage).
 * Nothing is created. Run it as a GM (the GM-only modes are checked against the running user).
 */
import {
  currentMessageMode,
  messageModeOption,
  modeChoices,
  modeKey,
  normaliseMode,
  type MessageMode,
} from "../compat/message-mode";
import { isV14 } from "../compat/generation";
import type { ContractContext } from "./context";

/** The message data a roll would post in `mode`, nothing created. */
async function postedIn(mode: MessageMode): Promise<ChatMessage.CreateData> {
  const roll = new foundry.dice.Roll("1");
  await roll.evaluate({ allowInteractive: false });
  return roll.toMessage({}, { create: false, ...messageModeOption(mode) });
}

export function messageModesContract({ describe, it, assert }: ContractContext): void {
  describe("the user's mode and the picker's list", () => {
    it("[modes.setting] the user's mode is the running generation's setting", () => {
      // @deprecated v13: `core.rollMode`.
      const stored = isV14() ? game.settings.get("core", "messageMode") : game.settings.get("core", "rollMode");
      assert.equal(currentMessageMode(), normaliseMode(stored) ?? "public");
    });

    it("[modes.picker] the picker offers the four modes, each a key of the running generation's list, with a label", () => {
      // v14's `CONFIG.ChatMessage.modes` (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html)
      // is not in the v13 typings' fixed CONFIG entry: read after checking that it is there.
      const chatConfig = CONFIG.ChatMessage;
      const modes = "modes" in chatConfig ? chatConfig.modes : undefined;
      // @deprecated v13: the v13 list (read on v13 only, where it is not deprecated).
      const list = isV14() ? (typeof modes === "object" && modes !== null ? modes : {}) : CONFIG.Dice.rollModes;
      const choices = modeChoices();
      assert.deepEqual(
        choices.map((c) => c.mode),
        ["public", "gm", "blind", "self"],
      );
      for (const choice of choices) {
        assert.equal(choice.key, modeKey(choice.mode));
        assert.ok(choice.key in list, `${choice.key} is in the running generation's list`);
        assert.ok(choice.label.length > 0, `${choice.key} has a label`);
      }
    });
  });

  describe("Roll#toMessage with the running generation's option", () => {
    it("[modes.to-message] public, GM, blind and self reach core's whisper and blind", async () => {
      const userId = game.user?.id ?? "";
      const publicData = await postedIn("public");
      assert.deepEqual([publicData.whisper ?? [], publicData.blind ?? false], [[], false]);
      const gm = await postedIn("gm");
      assert.include(gm.whisper ?? [], userId, "a GM-only roll is whispered to the GMs (the runner is one)");
      assert.equal(gm.blind ?? false, false);
      const blind = await postedIn("blind");
      assert.include(blind.whisper ?? [], userId);
      assert.equal(blind.blind, true);
      const self = await postedIn("self");
      assert.deepEqual(self.whisper, [userId]);
    });

    it("[modes.given-whisper] GM and blind keep a whisper the message data names; public and self replace it", async () => {
      const roll = new foundry.dice.Roll("1");
      await roll.evaluate({ allowInteractive: false });
      const named = [game.user?.id ?? ""];
      const post = (mode: MessageMode) =>
        roll.toMessage({ whisper: named }, { create: false, ...messageModeOption(mode) });
      assert.deepEqual((await post("gm")).whisper, named);
      assert.deepEqual((await post("blind")).whisper, named);
      assert.deepEqual((await post("public")).whisper ?? [], []);
    });
  });
}

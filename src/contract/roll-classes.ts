/**
 * Contract: saved roll cards rebuild their rolls by class name. Core's `Roll.fromData` looks up
 * `data.class` among `CONFIG.Dice.rolls` (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html#fromdata),
 * so each Tactica roll class must be registered there, under the name it serialises with.
 */
import { DICE_ROLLS, ProfileTest } from "../dice/index";
import type { ContractContext } from "./context";

export function rollClassContract({ it, assert }: ContractContext): void {
  it("every Tactica roll class is registered in CONFIG.Dice.rolls", () => {
    for (const cls of DICE_ROLLS) assert.include(CONFIG.Dice.rolls, cls, cls.name);
  });
  it("Roll.fromData rebuilds a roll of its own class, with its options and dice", async () => {
    const roll = await new ProfileTest("1d10", {}, { characteristic: "co", value: 6, purpose: "morale" }).evaluate();
    // Rebuilt from its stored JSON, as a message's rolls are (`Roll.fromJSON` parses, then `fromData`).
    const rebuilt = foundry.dice.Roll.fromJSON(JSON.stringify(roll));
    assert.ok(rebuilt instanceof ProfileTest, "a ProfileTest");
    assert.equal(rebuilt.total, roll.total);
    assert.deepEqual(rebuilt instanceof ProfileTest ? rebuilt.options : null, roll.options);
  });
}

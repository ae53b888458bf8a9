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
    const rebuilt = foundry.dice.Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never);
    assert.instanceOf(rebuilt, ProfileTest);
    assert.equal(rebuilt.total, roll.total);
    assert.deepEqual((rebuilt as ProfileTest).options, roll.options);
  });
}

/**
 * Contract: saved roll cards rebuild their rolls by class name. Core's `Roll.fromData` looks up
 * `data.class` among `CONFIG.Dice.rolls` (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html#fromdata),
 * so each Tactica roll class must be registered there, under the name it serialises with.
 */
import { DICE_ROLLS, ProfileTest } from "../dice/index";
import type { ContractContext } from "./context";

/** Thrown by the probe below once it has seen what `render` passed it. */
const SEEN = new Error("contract probe: render context seen");

/** A roll that records the context `Roll#render` prepares, and stops there. */
class ContextProbe extends foundry.dice.Roll {
  seen: Record<string, unknown> | null = null;

  /** Core v13 calls it from `Roll#render` (not in the v13 typings: Tactica's roll base declares it too). */
  async _prepareChatRenderContext(options: Record<string, unknown>): Promise<never> {
    this.seen = options;
    throw SEEN;
  }
}

export function rollClassContract({ it, assert }: ContractContext): void {
  it("[dice.rolls-default] CONFIG.Dice.rolls starts with core's Roll, which Roll.defaultImplementation and create use", () => {
    assert.strictEqual(CONFIG.Dice.rolls[0], foundry.dice.Roll);
    assert.strictEqual(foundry.dice.Roll.defaultImplementation, foundry.dice.Roll);
    assert.ok(foundry.dice.Roll.create("1d6") instanceof foundry.dice.Roll);
  });
  it("[dice.evaluate-once] a roll is evaluated once: evaluating it again throws", async () => {
    const roll = await new foundry.dice.Roll("1d6").evaluate({ allowInteractive: false });
    let threw = false;
    try {
      await roll.evaluate({ allowInteractive: false });
    } catch {
      threw = true;
    }
    assert.ok(threw, "the second evaluate threw");
  });
  it("[dice.render-context] render hands _prepareChatRenderContext its flavor, isPrivate and every other option as given", async () => {
    const roll = await new ContextProbe("1").evaluate({ allowInteractive: false });
    // A roll card's buttons and state are options of our own: core must pass them on, the same objects.
    const buttons = { push: true };
    const state = { rows: [1] };
    let caught: unknown = null;
    try {
      const ours = { buttons, state };
      await roll.render({ flavor: "Contract", isPrivate: true, ...ours });
    } catch (err) {
      caught = err;
    }
    assert.strictEqual(caught, SEEN);
    assert.deepEqual(roll.seen, { flavor: "Contract", isPrivate: true, buttons: { push: true }, state: { rows: [1] } });
    assert.strictEqual(roll.seen?.buttons, buttons);
    assert.strictEqual(roll.seen?.state, state);
  });
  it("[dice.from-data-unknown] Roll.fromData of a class CONFIG.Dice.rolls does not hold throws", () => {
    const json = JSON.stringify({ class: "TacticaNoSuchRoll", formula: "1", terms: [], options: {}, dice: [] });
    assert.throws(() => foundry.dice.Roll.fromJSON(json));
  });

  it("[dice.rolls-registered] every Tactica roll class is registered in CONFIG.Dice.rolls", () => {
    for (const cls of DICE_ROLLS) assert.include(CONFIG.Dice.rolls, cls, cls.name);
  });
  it("[dice.from-data-class] Roll.fromData rebuilds a roll of its own class, with its options and dice", async () => {
    const roll = await new ProfileTest("1d10", {}, { characteristic: "co", value: 6, purpose: "morale" }).evaluate();
    // Rebuilt from its stored JSON, as a message's rolls are (`Roll.fromJSON` parses, then `fromData`).
    const rebuilt = foundry.dice.Roll.fromJSON(JSON.stringify(roll));
    assert.ok(rebuilt instanceof ProfileTest, "a ProfileTest");
    assert.equal(rebuilt.total, roll.total);
    assert.deepEqual(rebuilt instanceof ProfileTest ? rebuilt.options : null, roll.options);
  });
}

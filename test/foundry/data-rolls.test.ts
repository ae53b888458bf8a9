import { beforeEach, describe, expect, it } from "vitest";
import { FakeRoll, queueDiceFaces } from "./fake-dice";
import { setupDiceWorld, type DiceWorld } from "../templates/harness";

// Saved roll cards rebuild whatever a later release checks, and a pool's total is
// its successes. Roll options are checked by the pipeline before any die is rolled, never by the
// constructors, which `Roll.fromData` calls when a message is shown again.

let world: DiceWorld;
let dice: DiceWorld["dice"];

beforeEach(async () => {
  world = await setupDiceWorld("fr");
  dice = world.dice;
});

describe("saved rolls rebuild even when their options would be refused today", () => {
  const stored = (cls: string, options: Record<string, unknown>, formula = "1d10") =>
    JSON.stringify({ class: cls, options, dice: [], formula, terms: [], total: 4, evaluated: true });

  it("a ProfileTest, a PsyRoll, a PressureRoll, a ScoreRoll and a PoolRoll with options no check accepts", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["ProfileTest", { characteristic: "charisme", value: 6 }, "1d10"],
      ["PsyRoll", { mode: "cast", level: 9, mastery: 0 }, "1d10"],
      ["PressureRoll", { target: "tir", printedValue: 2 }, "1d6"],
      ["ScoreRoll", { purpose: "stun" }, "2d6 + 3"],
      ["PoolRoll", { aptitude: "vivacite", aptitudeValue: -1, required: 0 }, "1d6[base]"],
    ];
    for (const [cls, options, formula] of cases) {
      const rebuilt = FakeRoll.fromJSON(stored(cls, options, formula)) as unknown as {
        constructor: { name: string };
        options: unknown;
      };
      expect(rebuilt.constructor.name, cls).toBe(cls);
      expect(rebuilt.options, cls).toMatchObject(options);
    }
  });

  it("the pipeline still refuses them before rolling a die", async () => {
    const { rollPipeline } = await import("../../src/dice/pipeline");
    queueDiceFaces([5]);
    await expect(
      rollPipeline({
        rollClass: dice.ProfileTest,
        formula: "1d10",
        options: { characteristic: "charisme" as never, value: 6 },
        post: false,
      }),
    ).rejects.toThrow(RangeError);
    // The queued face is still there: nothing was rolled.
    const { queuedDiceFaces } = await import("./fake-dice");
    expect(queuedDiceFaces()).toEqual([5]);
  });
});

describe("a pool's total is its successes (RULES §3)", () => {
  it("for the first roll and after a push, and as the message's content", async () => {
    const options = {
      aptitude: "vivacite" as const,
      aptitudeValue: 3,
      subAptitude: "reflexe" as const,
      subAptitudeValue: 2,
      gear: { name: "Fusil", bonus: 1 },
    };
    queueDiceFaces([1, 3, 6, 1, 4, 6]);
    const roll = await new dice.PoolRoll(dice.PoolRoll.formulaFor(options), {}, options).evaluate();
    expect(roll.total).toBe(2);
    // Core's toMessage writes String(total) as the content (the fallback for exports and modules).
    expect(((await roll.toMessage({}, { create: false })) as { content: string }).content).toBe("2");
    queueDiceFaces([6, 6, 1, 2]);
    const pushed = await roll.push({ willpower: 3, gainsWillpower: true });
    expect(pushed.total).toBe(pushed.successes);
    expect(pushed.total).toBe(4);
  });
});

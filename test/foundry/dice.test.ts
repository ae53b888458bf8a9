import { beforeEach, describe, expect, it } from "vitest";
import * as rules from "../../src/rules/index";
import { FakeRoll, postedMessages, queueDiceFaces, queuedDiceFaces, rollsOf } from "./fake-dice";
import { setupDiceWorld, type DiceWorld } from "../templates/harness";
import { dataFake } from "./fake-data";
import { isFakeV14 } from "./fake-generation";

// The real roll classes of src/dice, in the Foundry fake (fake.ts, fake-dice.ts). Outcomes are
// checked against the rules functions and the worked examples of RULES.md.
let world: DiceWorld;
let dice: DiceWorld["dice"];

beforeEach(async () => {
  world = await setupDiceWorld("fr");
  dice = world.dice;
});

type PoolOptions = ConstructorParameters<DiceWorld["dice"]["PoolRoll"]>[2];

async function poolRoll(faces: number[], options: Partial<PoolOptions> = {}) {
  const all: PoolOptions = {
    aptitude: "vivacite",
    aptitudeValue: 3,
    subAptitude: "reflexe",
    subAptitudeValue: 2,
    gear: { name: "Fusil", bonus: 1 },
    ...options,
  };
  queueDiceFaces(faces);
  const roll = new dice.PoolRoll(dice.PoolRoll.formulaFor(all), {}, all);
  await roll.evaluate();
  return roll;
}

/** Saves a roll as a chat message would, and rebuilds it from the stored JSON. */
function roundTrip<T>(roll: T): FakeRoll {
  return FakeRoll.fromJSON(JSON.stringify(roll));
}

describe("PoolRoll (RULES §3)", () => {
  it("builds one flavoured term per kind and reads the faces per kind", async () => {
    expect(dice.PoolRoll.formulaFor({ aptitudeValue: 3, subAptitudeValue: 2, gear: { name: "x", bonus: 1 } })).toBe(
      "3d6[base] + 2d6[skill] + 1d6[gear]",
    );
    expect(dice.PoolRoll.formulaFor({ aptitudeValue: 2 })).toBe("2d6[base]");
    const roll = await poolRoll([1, 3, 6, 1, 4, 2]);
    expect(roll.faces).toEqual({ base: [1, 3, 6], skill: [1, 4], gear: [2] });
    expect(roll.successes).toBe(rules.poolSuccesses(roll.faces));
    expect(roll.isSuccess).toBe(true);
    expect(roll.pushable).toBe(true);
    expect(roll.odds).toEqual(rules.pushOdds(roll.faces));
  });

  it("pushes the first worked example with real dice, into a new roll", async () => {
    const roll = await poolRoll([1, 3, 6, 1, 4, 2]);
    queueDiceFaces([1, 6, 1, 1]); // rerolls B3, S1, S4, G2 in that order
    const pushed = await roll.push({ willpower: 3, gainsWillpower: true });
    expect(queuedDiceFaces()).toEqual([]);
    expect(pushed).not.toBe(roll);
    expect(roll.isPushed).toBe(false);
    // The rerolled dice, by kind: base, skill and gear each in their colour under Dice So Nice.
    expect(pushed.formula).toBe("1d6[base] + 2d6[skill] + 1d6[gear]");
    expect(pushed.dice.map((d) => (d.options as { appearance?: { colorset?: string } }).appearance?.colorset)).toEqual([
      "tactica-base",
      "tactica-skill",
      "tactica-gear",
    ]);
    expect(pushed.firstFaces).toEqual({ base: [1, 3, 6], skill: [1, 4], gear: [2] });
    expect(pushed.faces).toEqual({ base: [1, 1, 6], skill: [6, 1], gear: [1] });
    expect(pushed.consequences).toEqual(rules.pushConsequences(pushed.faces, { willpower: 3, gainsWillpower: true }));
    expect(pushed.consequences).toMatchObject({ successes: 2, aptitudeDamage: 2, willpowerAfter: 5, gearDamage: 1 });
    expect(pushed.aptitudeAfter).toBe(1);
    expect(pushed.pushable).toBe(false);
    expect(pushed.odds).toBeNull();
    await expect(pushed.push({ willpower: 5, gainsWillpower: true })).rejects.toThrow(RangeError);
  });

  it("applies a push rolled elsewhere only when its dice are exactly the rerolled ones (kind, count, faces 1–6)", async () => {
    const roll = await poolRoll([1, 3, 6, 1, 4, 2]);
    const actor = { willpower: 3, gainsWillpower: true };
    const rolled = async (formula: string, faces: number[]) => {
      queueDiceFaces(faces);
      return new dice.PoolRoll(formula, {}, { aptitude: "vivacite", aptitudeValue: 3 }).evaluate();
    };
    expect(roll.pushDice().formula).toBe("1d6[base] + 2d6[skill] + 1d6[gear]");
    const good = await rolled("1d6[base] + 2d6[skill] + 1d6[gear]", [1, 6, 1, 1]);
    expect(roll.pushedWith(roundTrip(good), actor).faces).toEqual({ base: [1, 1, 6], skill: [6, 1], gear: [1] });
    // Too few dice, dice of the wrong kind or size, a face off the die, an unevaluated roll: refused.
    for (const bad of [
      await rolled("1d6[base] + 1d6[skill] + 1d6[gear]", [1, 6, 1]),
      await rolled("2d6[base] + 1d6[skill] + 1d6[gear]", [1, 6, 1, 1]),
      await rolled("1d6[base] + 2d10[skill] + 1d6[gear]", [1, 6, 1, 1]),
      new dice.PoolRoll("1d6[base] + 2d6[skill] + 1d6[gear]", {}, { aptitude: "vivacite", aptitudeValue: 3 }),
    ]) {
      expect(() => roll.pushedWith(roundTrip(bad), actor)).toThrow(RangeError);
    }
    const forged = JSON.parse(JSON.stringify(good)) as { terms: { results?: { result: number }[] }[] };
    forged.terms[0]!.results![0]!.result = 7;
    expect(() => roll.pushedWith(FakeRoll.fromData(forged as never), actor)).toThrow(RangeError);
    // A roll of another class is not a push.
    queueDiceFaces([1, 6, 1, 1]);
    expect(() => roll.pushedWith(new FakeRoll("1d6[base] + 2d6[skill] + 1d6[gear]"), actor)).toThrow(RangeError);
    // The limit is the writer's (the actor's D-8 maximum), not the roll's own options.
    expect(() => roll.pushedWith(roundTrip(good), actor, 0)).toThrow(RangeError);
  });

  it("refuses to push a roll with nothing to reroll", async () => {
    const roll = await poolRoll([6, 6, 6], { aptitudeValue: 2, subAptitudeValue: 1, gear: null });
    expect(roll.pushable).toBe(false);
    expect(roll.odds).toBeNull();
    await expect(roll.push({ willpower: 0, gainsWillpower: true })).rejects.toThrow(RangeError);
  });

  it("caps WP at 10 and never gives WP to an npc", async () => {
    const roll = await poolRoll([2, 3, 4], { aptitudeValue: 3, subAptitudeValue: 0, gear: null });
    queueDiceFaces([1, 1, 1]);
    const pc = await roll.push({ willpower: 9, gainsWillpower: true });
    expect(pc.consequences).toMatchObject({
      willpowerGained: 1,
      willpowerAfter: 10,
      willpowerCapped: true,
      aptitudeDamage: 3,
    });
    queueDiceFaces([1, 1, 1]);
    const npc = await roll.push({ willpower: 9, gainsWillpower: false });
    expect(npc.consequences).toMatchObject({ willpowerGained: 0, willpowerAfter: 9, aptitudeDamage: 3 });
  });

  it("pushes skill 1s without any bane", async () => {
    const roll = await poolRoll([1, 1], { aptitudeValue: 0, subAptitudeValue: 2, gear: null });
    queueDiceFaces([1, 1]);
    const pushed = await roll.push({ willpower: 3, gainsWillpower: true });
    expect(pushed.faces).toEqual({ base: [], skill: [1, 1], gear: [] });
    expect(pushed.consequences).toMatchObject({ successes: 0, aptitudeDamage: 0, gearDamage: 0, willpowerGained: 0 });
  });

  it("gives the reference odds of three base dice with no 6", async () => {
    const roll = await poolRoll([2, 3, 4], { aptitudeValue: 3, subAptitudeValue: 0, gear: null });
    expect(roll.odds?.successChance).toBeCloseTo(1 - (5 / 6) ** 3, 6);
    expect(roll.odds?.expectedAptitudeDamage).toBeCloseTo(0.5, 9);
  });

  it("with a homebrew second push (D-8), charges only the 1s that push rolled", async () => {
    const roll = await poolRoll([1, 3], { aptitudeValue: 2, subAptitudeValue: 0, gear: null, maxPushes: 2 });
    queueDiceFaces([4]);
    const once = await roll.push({ willpower: 0, gainsWillpower: true });
    expect(once.consequences).toMatchObject({ aptitudeDamage: 1, willpowerAfter: 1 });
    expect(once.pushable).toBe(true);
    queueDiceFaces([1]);
    const twice = await once.push({ willpower: 1, gainsWillpower: true });
    expect(twice.faces).toEqual({ base: [1, 1], skill: [], gear: [] });
    expect(twice.firstFaces).toEqual({ base: [1, 3], skill: [], gear: [] });
    expect(twice.consequences).toMatchObject({ aptitudeDamage: 1, willpowerGained: 1, willpowerAfter: 2 });
  });

  it("survives a save: options and outcomes round-trip through toJSON / fromData", async () => {
    const roll = await poolRoll([1, 3, 6, 1, 4, 2]);
    queueDiceFaces([1, 6, 1, 1]);
    const pushed = await roll.push({ willpower: 3, gainsWillpower: true });
    for (const original of [roll, pushed]) {
      const back = roundTrip(original);
      expect(back).toBeInstanceOf(dice.PoolRoll);
      const rebuilt = back as unknown as typeof original;
      expect(rebuilt.options).toEqual(original.options);
      expect(rebuilt.faces).toEqual(original.faces);
      expect(rebuilt.successes).toBe(original.successes);
      expect(rebuilt.pushable).toBe(original.pushable);
      expect(rebuilt.consequences).toEqual(original.consequences);
      expect(rebuilt.total).toBe(original.total);
    }
  });

  it("rejects impossible pools before rolling", () => {
    expect(() => dice.PoolRoll.formulaFor({ aptitudeValue: 0 })).toThrow(RangeError);
    expect(() => dice.PoolRoll.assertOptions({ aptitude: "vivacite", aptitudeValue: -1 })).toThrow(RangeError);
    expect(() => dice.PoolRoll.assertOptions({ aptitude: "vivacite", aptitudeValue: 1, required: 0 })).toThrow(
      RangeError,
    );
  });
});

describe("PressureRoll (RULES §2)", () => {
  async function pressure(faces: number[], target: rules.PressureTarget, printedValue: number) {
    queueDiceFaces(faces);
    const roll = new dice.PressureRoll(dice.PressureRoll.formulaFor(faces.length), {}, { target, printedValue });
    return roll.evaluate();
  }

  it.each([
    [[5], "mou", 3, 3, true],
    [[4], "att", 5, 3, false],
    [[6], "peur", 1, 1, true],
    [[6], "peur", 3, 2, false],
    [[6], "peur", 0, 0, true],
    [[3], "meleeStrength", 2, 2, true],
  ] as const)("faces %j on %s %i → +%i", async (faces, target, printed, bonus, capped) => {
    const roll = await pressure([...faces], target, printed);
    expect(roll.bonus).toBe(bonus);
    expect(roll.bonus).toBe(rules.pressureBonus(faces[0], target, printed));
    expect(roll.capped).toBe(capped);
  });

  it("counts the best die by default and the player's choice when made (D-4)", async () => {
    const roll = await pressure([2, 5, 3], "att", 5);
    expect(roll.chosen).toEqual({ index: 1, face: 5 });
    expect(roll.bonus).toBe(4);
    roll.choose(0);
    expect(roll.bonus).toBe(2);
    const back = roundTrip(roll) as unknown as typeof roll;
    expect(back.chosen).toEqual({ index: 0, face: 2 });
    expect(() => roll.choose(3)).toThrow(RangeError);
  });

  it("rejects an unknown target before rolling", () => {
    expect(() => dice.PressureRoll.assertOptions({ target: "tir" as rules.PressureTarget, printedValue: 2 })).toThrow(
      RangeError,
    );
  });
});

describe("PsyRoll (RULES §4)", () => {
  async function psy(face: number, options: ConstructorParameters<DiceWorld["dice"]["PsyRoll"]>[2]) {
    queueDiceFaces([face]);
    return new dice.PsyRoll(dice.PsyRoll.formulaFor(), {}, options).evaluate();
  }

  it("computes the cast and cancel targets of the worked examples", async () => {
    expect((await psy(7, { mode: "cast", level: 5, mastery: 2 })).target).toBe(7);
    expect((await psy(7, { mode: "cast", level: 5, mastery: 2, concentration: true })).target).toBe(8);
    expect((await psy(7, { mode: "cast", level: 6, mastery: 0, chanters: 5 })).target).toBe(9);
    expect((await psy(7, { mode: "cancel", level: 5 })).target).toBe(6);
    expect((await psy(7, { mode: "cancel", level: 5, concentration: true, mastery: 4 })).target).toBe(7);
  });

  it("succeeds under the target and always fails on a natural 10", async () => {
    const hit = await psy(7, { mode: "cast", level: 5, mastery: 2 });
    expect(hit.isSuccess).toBe(true);
    const miss = await psy(8, { mode: "cast", level: 5, mastery: 2 });
    expect(miss.isSuccess).toBe(false);
    const ten = await psy(10, { mode: "cast", level: 8, mastery: 4, concentration: true });
    expect(ten.target).toBe(13);
    expect(ten.isNatural10).toBe(true);
    expect(ten.isSuccess).toBe(rules.isPsySuccess(10, 13));
    expect(ten.isSuccess).toBe(false);
  });

  it("shows the AC cost of the attempt", async () => {
    expect((await psy(1, { mode: "cast", level: 5, mastery: 2, cost: 4, concentration: true })).costAc).toBe(5);
    expect((await psy(1, { mode: "cancel", level: 5 })).costAc).toBe(3);
  });

  it("throws on impossible casts before rolling", () => {
    expect(() => dice.PsyRoll.assertOptions({ mode: "cast", level: 5, mastery: 0 })).toThrow(RangeError);
    expect(() => dice.PsyRoll.assertOptions({ mode: "cast", level: 5, mastery: 2, chanters: 2 })).toThrow(RangeError);
    expect(() => dice.PsyRoll.assertOptions({ mode: "cast", level: 9, mastery: 2 })).toThrow(RangeError);
  });
});

describe("ProfileTest (RULES §1 D-1, §5)", () => {
  async function test(face: number, options: ConstructorParameters<DiceWorld["dice"]["ProfileTest"]>[2]) {
    queueDiceFaces([face]);
    return new dice.ProfileTest(dice.ProfileTest.formulaFor(), {}, options).evaluate();
  }

  it("uses the rules' CO target with its toggles and extra modifiers", async () => {
    const roll = await test(6, {
      characteristic: "co",
      value: 7,
      purpose: "fear",
      co: { banner: true, general: true, outnumbered: true, fear: 2 },
      modifiers: [{ name: "Bénédiction", value: 1 }],
    });
    expect(roll.target).toBe(
      rules.coTarget(7, { banner: true, general: true, outnumbered: true, fear: 2, modifier: 1 }),
    );
    expect(roll.target).toBe(7);
    expect(roll.isSuccess).toBe(true);
  });

  it("lets a natural 10 succeed unless S-nat10 is on", async () => {
    expect((await test(10, { characteristic: "end", value: 10 })).isSuccess).toBe(true);
    expect((await test(10, { characteristic: "end", value: 10, natural10Fails: true })).isSuccess).toBe(false);
  });

  it("refuses CO toggles on another characteristic", () => {
    expect(() => dice.ProfileTest.assertOptions({ characteristic: "for", value: 3, co: { banner: true } })).toThrow(
      RangeError,
    );
  });
});

describe("ScoreRoll (RULES §6.1 D-22, §6.4 D-29)", () => {
  async function score(faces: number[], options: ConstructorParameters<DiceWorld["dice"]["ScoreRoll"]>[2]) {
    queueDiceFaces(faces);
    return new dice.ScoreRoll(dice.ScoreRoll.formulaFor(options), {}, options).evaluate();
  }

  it("plays seed 004's stun example: score 6, 2d6 = 7, 13 against 18", async () => {
    const options = {
      purpose: "stun" as const,
      aptitude: "vivacite" as const,
      aptitudeValue: 2,
      subAptitude: "reflexe" as const,
      subAptitudeValue: 4,
      difficulty: 18,
    };
    const roll = await score([3, 4], options);
    expect(roll.formula).toBe("2d6 + 6");
    expect(roll.total).toBe(13);
    expect(roll.testTotal).toBe(13);
    expect(roll.scoreResult).toEqual(rules.scoreTest(13, 18));
    expect(roll.degrees).toBe(1);
    expect(roll.stunDelay).toBe(2);
    expect((await score([3, 4], { ...options, stunLiteral: true })).stunDelay).toBe(1);
  });

  it("has no outcome for an attack (D-25) and handles a negative score", async () => {
    const attack = await score([6, 6], {
      purpose: "attack",
      aptitudeValue: 1,
      subAptitudeValue: 0,
      modifiers: [{ label: "TACTICA.Attribute.inaccurate.label", value: -6 }],
    });
    expect(attack.formula).toBe("2d6 - 5");
    expect(attack.total).toBe(7);
    expect(attack.scoreResult).toBeNull();
    expect(attack.isSuccess).toBeNull();
  });
});

describe("rollPipeline", () => {
  /** The key the running generation posts for a v13 mode key (v14 renames them: public, gm…). */
  const posted = (key: string) => (isFakeV14() ? key.replace(/roll$/, "") : key);
  const pool = () => ({
    rollClass: dice.PoolRoll,
    formula: (o: PoolOptions) => dice.PoolRoll.formulaFor(o),
    options: { aptitude: "vivacite", aptitudeValue: 2 } as PoolOptions,
    messageData: { speaker: { alias: "Kara" } },
  });

  /** A configure stage whose dialog answers `answer` (null: closed) and whose answer sets the aptitude's value. */
  const dialog = (answer: { aptitudeValue: number; messageMode?: "public" | "gm" | "blind" | "self" } | null) => ({
    open: async (input: { shown: string[] }) => {
      input.shown.push("dialog");
      return answer && { messageMode: "public" as const, ...answer };
    },
    input: { shown: [] as string[] },
    apply: (chosen: { aptitudeValue: number }, config: { options: PoolOptions }) => {
      config.options = { ...config.options, aptitudeValue: chosen.aptitudeValue };
      return chosen.aptitudeValue > 0;
    },
  });

  it("runs preRoll, the dialog, evaluate, tactica.roll and posts the message", async () => {
    const seen: string[] = [];
    world.fake.hooks.on("tactica.preRoll", () => void seen.push("preRoll"));
    world.fake.hooks.on("tactica.roll", (roll) => void seen.push(`roll:${(roll as { formula: string }).formula}`));
    queueDiceFaces([6, 2, 3]);
    const stage = dialog({ aptitudeValue: 3 });
    stage.input.shown = seen;
    const result = await dice.rollPipeline({ ...pool(), dialog: stage });
    expect(seen).toEqual(["preRoll", "dialog", "roll:3d6[base]"]);
    expect(result?.roll.faces.base).toEqual([6, 2, 3]);
    expect(postedMessages).toHaveLength(1);
    expect(postedMessages[0]).toMatchObject({
      speaker: { alias: "Kara" },
      rollMode: posted("publicroll"),
      whisper: [],
      blind: false,
    });
    const [saved] = rollsOf(postedMessages[0]!);
    expect(saved).toBeInstanceOf(dice.PoolRoll);
  });

  it("fires tactica.preRoll before the dialog: a handler changes its defaults, or skips it with fastForward", async () => {
    const stage = dialog({ aptitudeValue: 1 });
    type HookConfig = { dialog?: { input: unknown } | null; fastForward?: boolean };
    world.fake.hooks.on("tactica.preRoll", (config) => {
      const input = (config as HookConfig).dialog?.input as { shown: string[] } | undefined;
      input?.shown.push("seen by preRoll");
    });
    queueDiceFaces([5]);
    await dice.rollPipeline({ ...pool(), dialog: stage });
    expect(stage.input.shown).toEqual(["seen by preRoll", "dialog"]);
    world.fake.hooks.on("tactica.preRoll", (config) => {
      (config as HookConfig).fastForward = true;
    });
    queueDiceFaces([5, 5]);
    const skipped = await dice.rollPipeline({ ...pool(), dialog: dialog({ aptitudeValue: 1 }) });
    // The dialog never opened: the options were rolled as configured (two base dice).
    expect(skipped?.roll.formula).toBe("2d6[base]");
  });

  it("is cancelled by a tactica.preRoll handler returning false: no dice, no dialog, no message", async () => {
    world.fake.hooks.on("tactica.preRoll", () => false);
    queueDiceFaces([4, 4]);
    const stage = dialog({ aptitudeValue: 3 });
    expect(await dice.rollPipeline({ ...pool(), dialog: stage })).toBeNull();
    expect(stage.input.shown).toEqual([]);
    expect(queuedDiceFaces()).toEqual([4, 4]);
    expect(postedMessages).toHaveLength(0);
  });

  it("is cancelled by the dialog closed, or by an answer the use case refuses; fastForward skips it", async () => {
    expect(await dice.rollPipeline({ ...pool(), dialog: dialog(null) })).toBeNull();
    expect(await dice.rollPipeline({ ...pool(), dialog: dialog({ aptitudeValue: 0 }) })).toBeNull();
    expect(postedMessages).toHaveLength(0);
    const stage = dialog(null);
    const skipped = await dice.rollPipeline({ ...pool(), fastForward: true, dialog: stage });
    expect(skipped?.roll).toBeInstanceOf(dice.PoolRoll);
    expect(stage.input.shown).toEqual([]);
  });

  it("fails loudly when a roll's dialog was never set (a dialog stage without its dialog)", async () => {
    await expect(dice.rollPipeline({ ...pool(), dialog: { ...dialog(null), open: null } })).rejects.toThrow(
      /dialog is set on its roll class on init/,
    );
  });

  it.each([
    ["publicroll", [], false],
    ["gmroll", ["gm-1"], false],
    ["blindroll", ["gm-1"], true],
    ["selfroll", ["player-1"], false],
  ] as const)("respects roll mode %s", async (rollMode, whisper, blind) => {
    dataFake(world.fake).setUser("player-1");
    await dice.rollPipeline({ ...pool(), rollMode });
    expect(postedMessages.at(-1)).toMatchObject({ rollMode: posted(rollMode), whisper, blind });
  });

  it("lets the dialog change the roll mode", async () => {
    await dice.rollPipeline({ ...pool(), dialog: dialog({ aptitudeValue: 2, messageMode: "blind" }) });
    expect(postedMessages.at(-1)).toMatchObject({ rollMode: posted("blindroll"), blind: true });
  });

  it("evaluates without posting when asked", async () => {
    const result = await dice.rollPipeline({ ...pool(), post: false });
    expect(result?.message).toBeNull();
    expect(postedMessages).toHaveLength(0);
  });
});

describe("registration", () => {
  it("lists the five roll classes under their own names", () => {
    expect(dice.DICE_ROLLS.map((c) => c.name)).toEqual([
      "PressureRoll",
      "PoolRoll",
      "PsyRoll",
      "ProfileTest",
      "ScoreRoll",
    ]);
    expect(dice.CHAT_TEMPLATES).toEqual(
      ["pressure", "pool", "psy", "profile-test", "score"].map((n) => `systems/tactica/templates/chat/${n}.hbs`),
    );
  });

  it("cannot rebuild a roll whose class is not registered", () => {
    expect(() =>
      FakeRoll.fromData({ class: "Nope", options: {}, dice: [], formula: "1d6", terms: [], total: 1, evaluated: true }),
    ).toThrow(/Nope/);
  });
});

describe("the dice fake itself", () => {
  it("refuses a queued face that does not fit the die, and a second evaluation", async () => {
    queueDiceFaces([7]);
    await expect(new FakeRoll("1d6").evaluate()).rejects.toThrow(/does not fit a d6/);
    const roll = await new FakeRoll("1d6 + 2").evaluate();
    await expect(roll.evaluate()).rejects.toThrow(/already been evaluated/);
  });

  it("rolls repeatable unqueued dice from its seeded source", async () => {
    const first = await new FakeRoll("10d6").evaluate();
    world = await setupDiceWorld("fr");
    const again = await new FakeRoll("10d6").evaluate();
    expect(again.dice[0]!.results).toEqual(first.dice[0]!.results);
    expect(first.dice[0]!.results.every((r) => r.result >= 1 && r.result <= 6)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { RulesRangeError } from "../../src/rules/errors";
import {
  bestPressureFace,
  highestPressureBonus,
  pressureBreakdown,
  type PressureTarget,
} from "../../src/rules/pressure";
import {
  afterPushLoss,
  isPoolSuccess,
  pushConsequences,
  pushOdds,
  pushPool,
  type PoolFaces,
} from "../../src/rules/pool";
import {
  cancelCostAc,
  cancelTarget,
  castCostAc,
  castTarget,
  chantBonus,
  d10SuccessChance,
  isPsySuccess,
} from "../../src/rules/psy";
import {
  coTarget,
  moraleTriggered,
  needsFearTest,
  panicTotal,
  profileTestSuccess,
  rallyActions,
  rallyCost,
  unitCommand,
} from "../../src/rules/morale";
import {
  addTimelineCombatant,
  advanceEntry,
  assertTimelineState,
  createTimeline,
  placeDelayedAction,
  removeTimelineEntry,
  resolveAction,
  setPosition,
  stunEntry,
  thresholdsCrossed,
  timelineDuration,
  loseFocusedActions,
  type TimelineCost,
  type TimelineState,
} from "../../src/rules/timeline";
import { placeDistance, placesWithin, assertPlaceNeighbours } from "../../src/rules/places";
import { scoreSuccessChance } from "../../src/rules/score-odds";
import { pushScoreFaces, scorePushOdds } from "../../src/rules/score-push";
import { validateAttribute } from "../../src/rules/attribute-model";
import { areaTargets, imprecisPenalty, inRange, requisExhaustion } from "../../src/rules/attributes";
import { aptitudeCurrent, attackSubAptitude, buildTotals } from "../../src/rules/scores";
import { assertDamageTarget } from "../../src/rules/damage";

// Bad input to the rules is refused with a RulesRangeError whose message says what was wrong and
// with which value (RULES' "clear, localised message": the Foundry layer shows the message through
// `TACTICA.Errors.Rules.Invalid`, and the name of a number through `NotInteger` / `OutOfRange`).
// Each row is one refusal and the message the user reads; a refusal that names the wrong value,
// or a check that no longer refuses, fails its row.

/** The message of the RulesRangeError `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesRangeError) return error.message;
    return `not a RulesRangeError: ${String(error)}`;
  }
  return "accepted";
}

/** Checks each row: [what, the call, the message it must be refused with]. */
function refuses(rows: [string, () => unknown, string][]): void {
  const seen = rows.map(([what, fn]) => [what, refusal(fn)]);
  expect(seen).toEqual(rows.map(([what, , message]) => [what, message]));
}

const untyped = <T>(value: unknown) => value as T;
const pool = (base: number[], skill: number[] = [], gear: number[] = []): PoolFaces => ({ base, skill, gear });

describe("refusals of the rules: what the user is told", () => {
  it("pressure rolls (RULES §2)", () => {
    refuses([
      [
        "unknown target",
        () => pressureBreakdown(3, untyped<PressureTarget>("tir"), 3),
        'pressure target must be one of mou, ini, att, def, peur, meleeStrength, rangedStrength (got "tir")',
      ],
      ["face", () => pressureBreakdown(7, "mou", 3), "face (d6) must be between 1 and 6 (got 7)"],
      ["printed value", () => pressureBreakdown(3, "mou", -1), "printed value must be at least 0 (got -1)"],
      ["no die", () => bestPressureFace([], "mou", 3), "a pressure roll needs at least one d6 (got [])"],
      [
        "not a list of dice",
        () => bestPressureFace(untyped<number[]>("66"), "mou", 3),
        'a pressure roll needs at least one d6 (got "66")',
      ],
      ["one die wrong", () => bestPressureFace([4, 0], "mou", 3), "faces[1] (d6) must be between 1 and 6 (got 0)"],
      [
        "bonuses not a list",
        () => highestPressureBonus(untyped<number[]>(2)),
        "pressure bonuses must be a list (got 2)",
      ],
      ["one bonus wrong", () => highestPressureBonus([1, -2]), "bonuses[1] must be at least 0 (got -2)"],
    ]);
  });

  it("dice pools and pushing (RULES §3)", () => {
    type Actor = { willpower: number; gainsWillpower: boolean };
    refuses([
      ["no pool", () => pushOdds(untyped<PoolFaces>(null)), "pool faces must be { base, skill, gear } (got null)"],
      ["pool not an object", () => pushOdds(untyped<PoolFaces>(6)), "pool faces must be { base, skill, gear } (got 6)"],
      [
        "a kind not a list",
        () => pushOdds(untyped<PoolFaces>({ base: [3], skill: 2, gear: [] })),
        "pool skill faces must be a list (got 2)",
      ],
      ["one face wrong", () => pushOdds(pool([3], [], [2, 9])), "gear[1] (d6) must be between 1 and 6 (got 9)"],
      ["required successes", () => isPoolSuccess(pool([6]), 0), "required successes must be at least 1 (got 0)"],
      ["odds, required successes", () => pushOdds(pool([3]), 0), "required successes must be at least 1 (got 0)"],
      [
        "odds of nothing to reroll",
        () => pushOdds(pool([6, 1])),
        'this roll has no die to reroll and cannot be pushed (got {"base":[6,1],"skill":[],"gear":[]})',
      ],
      [
        "push of nothing to reroll",
        () => pushPool(pool([1], [6]), () => 3),
        'this roll has no die to reroll and cannot be pushed (got {"base":[1],"skill":[6],"gear":[]})',
      ],
      [
        "no reroll function",
        () => pushPool(pool([3]), untyped<() => number>(4)),
        "reroll must be a function returning a d6 face (got 4)",
      ],
      ["rerolled face", () => pushPool(pool([3]), () => 0), "rerolled face (d6) must be between 1 and 6 (got 0)"],
      [
        "no actor",
        () => pushConsequences(pool([1]), untyped<Actor>(null)),
        "actor must be { willpower, gainsWillpower } (got null)",
      ],
      [
        "actor not an object",
        () => pushConsequences(pool([1]), untyped<Actor>("pc")),
        'actor must be { willpower, gainsWillpower } (got "pc")',
      ],
      [
        "willpower",
        () => pushConsequences(pool([1]), { willpower: 11, gainsWillpower: true }),
        "willpower must be between 0 and 10 (got 11)",
      ],
      [
        "gainsWillpower",
        () => pushConsequences(pool([1]), untyped<Actor>({ willpower: 1, gainsWillpower: 1 })),
        "gainsWillpower must be true or false (got 1)",
      ],
      ["value after loss", () => afterPushLoss(-1, 0), "value must be at least 0 (got -1)"],
      ["loss", () => afterPushLoss(2, -1), "loss must be at least 0 (got -1)"],
    ]);
  });

  it("psychic powers (RULES §4)", () => {
    const cast = { level: 3, mastery: 1 };
    refuses([
      ["chanters", () => chantBonus(-1), "chanters must be at least 0 (got -1)"],
      [
        "no cast options",
        () => castTarget(untyped<typeof cast>(null)),
        "cast options must be { level, mastery, … } (got null)",
      ],
      [
        "cast options not an object",
        () => castTarget(untyped<typeof cast>(3)),
        "cast options must be { level, mastery, … } (got 3)",
      ],
      ["level", () => castTarget({ level: 9, mastery: 1 }), "psy level must be between 1 and 8 (got 9)"],
      ["mastery", () => castTarget({ level: 3, mastery: 5 }), "mastery must be between 0 and 4 (got 5)"],
      [
        "concentration",
        () => castTarget(untyped<typeof cast>({ ...cast, concentration: "yes" })),
        'concentration must be true or false (got "yes")',
      ],
      [
        "cast chanters",
        () => castTarget({ level: 3, mastery: 0, chanters: -2 }),
        "chanters must be at least 0 (got -2)",
      ],
      ["cast modifier", () => castTarget({ ...cast, modifier: 0.5 }), "modifier must be an integer (got 0.5)"],
      [
        "chant and concentrate",
        () => castTarget({ level: 3, mastery: 0, chanters: 2, concentration: true }),
        'chanting neophytes cannot concentrate (got {"level":3,"mastery":0,"chanters":2,"concentration":true})',
      ],
      [
        "chant with mastery",
        () => castTarget({ level: 3, mastery: 1, chanters: 1 }),
        'only mastery-0 neophytes chant (got {"level":3,"mastery":1,"chanters":1})',
      ],
      [
        "no cancel options",
        () => cancelTarget(untyped<{ level: number }>(undefined)),
        "cancel options must be { level, … } (got undefined)",
      ],
      [
        "null cancel options",
        () => cancelTarget(untyped<{ level: number }>(null)),
        "cancel options must be { level, … } (got null)",
      ],
      [
        "cancel options not an object",
        () => cancelTarget(untyped<{ level: number }>("3")),
        'cancel options must be { level, … } (got "3")',
      ],
      ["cancel level", () => cancelTarget({ level: 0 }), "psy level must be between 1 and 8 (got 0)"],
      [
        "cancel concentration",
        () => cancelTarget(untyped<{ level: number }>({ level: 2, concentration: 1 })),
        "concentration must be true or false (got 1)",
      ],
      [
        "cancel modifier",
        () => cancelTarget({ level: 2, modifier: Number.NaN }),
        "modifier must be an integer (got NaN)",
      ],
      ["use cost", () => castCostAc(-1), "use cost must be at least 0 (got -1)"],
      [
        "cast cost concentration",
        () => castCostAc(2, untyped<boolean>("no")),
        'concentration must be true or false (got "no")',
      ],
      [
        "cancel cost concentration",
        () => cancelCostAc(untyped<boolean>(0)),
        "concentration must be true or false (got 0)",
      ],
      ["psy target", () => isPsySuccess(3, 2.5), "target must be an integer (got 2.5)"],
      ["odds target", () => d10SuccessChance(untyped<number>("5"), true), 'target must be an integer (got "5")'],
      [
        "odds natural 10",
        () => d10SuccessChance(5, untyped<boolean>(1)),
        "natural10Fails must be true or false (got 1)",
      ],
    ]);
  });

  it("morale, panic, rally and fear (RULES §5)", () => {
    const fear = { fear: 2, highestPassed: 0, causesFear: false, unshakeable: false };
    refuses([
      ["profile target", () => profileTestSuccess(3, 1.5), "target must be an integer (got 1.5)"],
      [
        "natural 10 setting",
        () => profileTestSuccess(3, 5, untyped<boolean>("on")),
        'natural10Fails must be true or false (got "on")',
      ],
      [
        "no morale input",
        () => moraleTriggered(untyped<{ start: number; current: number }>(null)),
        "morale input must be { start, current } (got null)",
      ],
      [
        "morale input not an object",
        () => moraleTriggered(untyped<{ start: number; current: number }>(5)),
        "morale input must be { start, current } (got 5)",
      ],
      ["start", () => moraleTriggered({ start: 0, current: 0 }), "start must be at least 1 (got 0)"],
      ["current", () => moraleTriggered({ start: 4, current: -1 }), "current must be at least 0 (got -1)"],
      ["CO", () => coTarget(-1), "CO must be at least 0 (got -1)"],
      ["no CO modifiers", () => coTarget(7, untyped<object>(null)), "CO modifiers must be an object (got null)"],
      ["CO modifiers not an object", () => coTarget(7, untyped<object>(1)), "CO modifiers must be an object (got 1)"],
      ["fear modifier", () => coTarget(7, { fear: -1 }), "fear must be at least 0 (got -1)"],
      ["CO modifier", () => coTarget(7, { modifier: 1.5 }), "modifier must be an integer (got 1.5)"],
      ["banner", () => coTarget(7, untyped<object>({ banner: 1 })), "banner must be true or false (got 1)"],
      ["general", () => coTarget(7, untyped<object>({ general: "x" })), 'general must be true or false (got "x")'],
      [
        "outnumbered",
        () => coTarget(7, untyped<object>({ outnumbered: 0 })),
        "outnumbered must be true or false (got 0)",
      ],
      ["no CO value", () => unitCommand([]), "a unit needs at least one CO value (got [])"],
      ["CO values not a list", () => unitCommand(untyped<number[]>(7)), "a unit needs at least one CO value (got 7)"],
      ["one CO value wrong", () => unitCommand([7, -1]), "co[1] must be at least 0 (got -1)"],
      [
        "after failed rally",
        () => panicTotal(4, untyped<boolean>("yes")),
        'afterFailedRally must be true or false (got "yes")',
      ],
      ["rally AC", () => rallyCost(-1), "AC must be at least 0 (got -1)"],
      ["rally actions AC", () => rallyActions(1.5), "AC must be an integer (got 1.5)"],
      [
        "no fear input",
        () => needsFearTest(untyped<typeof fear>(null)),
        "fear input must be { fear, highestPassed, … } (got null)",
      ],
      [
        "fear input not an object",
        () => needsFearTest(untyped<typeof fear>(2)),
        "fear input must be { fear, highestPassed, … } (got 2)",
      ],
      ["fear", () => needsFearTest({ ...fear, fear: -1 }), "fear must be at least 0 (got -1)"],
      [
        "highest passed",
        () => needsFearTest({ ...fear, highestPassed: -1 }),
        "highest fear passed must be at least 0 (got -1)",
      ],
      [
        "causesFear",
        () => needsFearTest(untyped<typeof fear>({ ...fear, causesFear: 1 })),
        "causesFear must be true or false (got 1)",
      ],
      [
        "unshakeable",
        () => needsFearTest(untyped<typeof fear>({ ...fear, unshakeable: "no" })),
        'unshakeable must be true or false (got "no")',
      ],
    ]);
  });

  it("score tests and their push (RULES §6.1, D-43)", () => {
    refuses([
      ["score", () => scoreSuccessChance(1.5, 10), "score must be an integer (got 1.5)"],
      ["difficulty", () => scoreSuccessChance(4, untyped<number>(null)), "difficulty must be an integer (got null)"],
      ["three dice", () => pushScoreFaces([3, 4, 5], () => 2), "a score test has exactly two d6 (got [3,4,5])"],
      ["a die wrong", () => scorePushOdds([3, 7], 4, 12), "score die 1 (d6) must be between 1 and 6 (got 7)"],
      ["push score", () => scorePushOdds([3, 4], 4.5, 12), "score must be an integer (got 4.5)"],
      ["push difficulty", () => scorePushOdds([3, 4], 4, 12.5), "difficulty must be an integer (got 12.5)"],
      [
        "nothing to reroll",
        () => scorePushOdds([6, 1], 4, 12),
        "this test has no die to reroll and cannot be pushed (got [6,1])",
      ],
    ]);
  });
});

describe("refusals of the timeline and places (RULES §7)", () => {
  const state = (): TimelineState =>
    createTimeline([
      { id: "ana", position: 2 },
      { id: "bel", position: 4 },
    ]);
  const withAction = () => placeDelayedAction(state(), { ownerId: "ana", actionId: "shot", duration: 3, delay: 1 });

  it("the timeline's moves", () => {
    refuses([
      ["duplicate combatant", () => addTimelineCombatant(state(), "bel", 5), 'duplicate timeline entry id (got "bel")'],
      [
        "empty combatant id",
        () => addTimelineCombatant(state(), "", 5),
        'combatant id must be a non-empty string (got "")',
      ],
      [
        "combatant id not a string",
        () => addTimelineCombatant(state(), untyped<string>(7), 5),
        "combatant id must be a non-empty string (got 7)",
      ],
      ["position", () => addTimelineCombatant(state(), "cyr", -1), "position must be at least 0 (got -1)"],
      ["remove unknown", () => removeTimelineEntry(state(), "cyr"), 'unknown timeline entry (got "cyr")'],
      [
        "remove no id",
        () => removeTimelineEntry(state(), untyped<string>(null)),
        "timeline entry id must be a non-empty string (got null)",
      ],
      ["acting entry unknown", () => advanceEntry(state(), "cyr", 2), 'unknown timeline entry (got "cyr")'],
      [
        "acting entry an action",
        () => advanceEntry(withAction(), "shot", 2),
        'acting entry is not a combatant marker (got "shot")',
      ],
      ["duration", () => advanceEntry(state(), "ana", -1), "duration must be at least 0 (got -1)"],
      [
        "stunned entry",
        () => stunEntry(withAction(), "shot", 1),
        'stunned entry is not a combatant marker (got "shot")',
      ],
      ["stun delay", () => stunEntry(state(), "ana", 1.5), "stun delay must be an integer (got 1.5)"],
      ["set position id", () => setPosition(state(), "", 3), 'timeline entry id must be a non-empty string (got "")'],
      ["set position", () => setPosition(state(), "ana", -3), "position must be at least 0 (got -3)"],
      [
        "owner",
        () => placeDelayedAction(state(), { ownerId: "cyr", actionId: "a", duration: 1, delay: 1 }),
        'unknown timeline entry (got "cyr")',
      ],
      [
        "action id",
        () => placeDelayedAction(state(), { ownerId: "ana", actionId: "", duration: 1, delay: 1 }),
        'action id must be a non-empty string (got "")',
      ],
      [
        "action id in use",
        () => placeDelayedAction(state(), { ownerId: "ana", actionId: "bel", duration: 1, delay: 1 }),
        'duplicate timeline entry id (got "bel")',
      ],
      [
        "owner an action marker",
        () => placeDelayedAction(withAction(), { ownerId: "shot", actionId: "a", duration: 1, delay: 1 }),
        'owner is not a combatant marker (got "shot")',
      ],
      [
        "Différé duration",
        () => placeDelayedAction(state(), { ownerId: "ana", actionId: "a", duration: -1, delay: 1 }),
        "duration must be at least 0 (got -1)",
      ],
      [
        "Différé delay",
        () => placeDelayedAction(state(), { ownerId: "ana", actionId: "a", duration: 1, delay: -1 }),
        "Différé delay must be at least 0 (got -1)",
      ],
      ["resolve a combatant", () => resolveAction(state(), "ana"), 'not an action marker (got "ana")'],
      [
        "resolve no id",
        () => resolveAction(state(), untyped<string>(3)),
        "action id must be a non-empty string (got 3)",
      ],
      [
        "lose focused of an action",
        () => loseFocusedActions(withAction(), "shot"),
        'owner is not a combatant marker (got "shot")',
      ],
      ["crossed from", () => thresholdsCrossed(-1, 3), "pointer from must be at least 0 (got -1)"],
      ["crossed to", () => thresholdsCrossed(1, 2.5), "pointer to must be an integer (got 2.5)"],
      ["spacing", () => thresholdsCrossed(1, 3, 0), "threshold spacing (S-threshold) must be at least 1 (got 0)"],
    ]);
  });

  it("a stored timeline read back", () => {
    const stored = (change: object) => untyped<TimelineState>({ ...state(), ...change });
    const entry = (change: object) =>
      stored({ entries: [{ id: "ana", kind: "combatant", position: 1, arrival: 0, ...change }] });
    refuses([
      ["pointer", () => assertTimelineState(stored({ pointer: -1 })), "timeline pointer must be at least 0 (got -1)"],
      [
        "next arrival",
        () => assertTimelineState(stored({ nextArrival: 1.5 })),
        "timeline nextArrival must be an integer (got 1.5)",
      ],
      ["entries", () => assertTimelineState(stored({ entries: {} })), "timeline entries must be an array (got {})"],
      [
        "entry null",
        () => assertTimelineState(stored({ entries: [null] })),
        "timeline entry must be an object (got null)",
      ],
      [
        "entry not an object",
        () => assertTimelineState(stored({ entries: ["ana"] })),
        'timeline entry must be an object (got "ana")',
      ],
      [
        "entry id",
        () => assertTimelineState(entry({ id: "" })),
        'timeline entry id must be a non-empty string (got "")',
      ],
      [
        "duplicate id",
        () => assertTimelineState(stored({ entries: [...state().entries, { ...state().entries[0] }] })),
        'duplicate timeline entry id (got "ana")',
      ],
      ["position", () => assertTimelineState(entry({ position: -2 })), "position of ana must be at least 0 (got -2)"],
      [
        "arrival at next",
        () => assertTimelineState(entry({ arrival: 2 })),
        "arrival of ana must be between 0 and 1 (got 2)",
      ],
      [
        "arrival used twice",
        () => assertTimelineState(stored({ entries: state().entries.map((e) => ({ ...e, arrival: 1 })) })),
        "arrival of bel is already used (got 1)",
      ],
      [
        "action owner",
        () => assertTimelineState(entry({ kind: "action", ownerId: "", focused: false })),
        'owner of ana must be a non-empty string (got "")',
      ],
      [
        "action focused",
        () => assertTimelineState(entry({ kind: "action", ownerId: "bel", focused: "no" })),
        'focused of ana must be a boolean (got "no")',
      ],
      [
        "kind",
        () => assertTimelineState(entry({ kind: "marker" })),
        'kind of ana must be "combatant" or "action" (got "marker")',
      ],
    ]);
    expect(assertTimelineState(entry({ kind: "action", ownerId: "bel", focused: true }))).toBeTruthy();
  });

  it("an action's duration", () => {
    const cost = (c: object) => untyped<TimelineCost>(c);
    refuses([
      ["AC", () => timelineDuration(cost({ kind: "ac", ac: -1 })), "AC cost must be at least 0 (got -1)"],
      [
        "power",
        () => timelineDuration(cost({ kind: "power", useCost: 1.5 })),
        "power use cost must be an integer (got 1.5)",
      ],
      [
        "maintain",
        () => timelineDuration(cost({ kind: "maintain", maintenanceCost: -1 })),
        "maintenance cost must be at least 0 (got -1)",
      ],
      ["rally", () => timelineDuration(cost({ kind: "rally", ac: -2 })), "AC must be at least 0 (got -2)"],
      ["kind", () => timelineDuration(cost({ kind: "dance" })), 'unknown timeline cost kind (got "dance")'],
    ]);
  });

  it("places (RULES §7.4)", () => {
    const map = { gate: ["yard"], yard: ["keep"] };
    refuses([
      [
        "not an object",
        () => assertPlaceNeighbours(untyped<typeof map>(null)),
        "place neighbours must be an object of arrays (got null)",
      ],
      [
        "a list",
        () => assertPlaceNeighbours(untyped<typeof map>(["gate"])),
        'place neighbours must be an object of arrays (got ["gate"])',
      ],
      [
        "a string",
        () => assertPlaceNeighbours(untyped<typeof map>("gate")),
        'place neighbours must be an object of arrays (got "gate")',
      ],
      ["place id", () => assertPlaceNeighbours({ "": ["gate"] }), 'place id must be a non-empty string (got "")'],
      [
        "neighbours not a list",
        () => assertPlaceNeighbours(untyped<typeof map>({ gate: "yard" })),
        'neighbours of gate must be an array (got "yard")',
      ],
      [
        "neighbour id",
        () => assertPlaceNeighbours(untyped<typeof map>({ gate: [3] })),
        "neighbour of gate must be a non-empty string (got 3)",
      ],
      ["from", () => placeDistance(map, "moat", "gate"), 'unknown place (from) (got "moat")'],
      ["to", () => placeDistance(map, "gate", "moat"), 'unknown place (to) (got "moat")'],
      [
        "from not a string",
        () => placeDistance(map, untyped<string>(null), "gate"),
        "from must be a non-empty string (got null)",
      ],
      ["within from", () => placesWithin(map, "moat", 1), 'unknown place (from) (got "moat")'],
      ["within max", () => placesWithin(map, "gate", -1), "maximum distance must be at least 0 (got -1)"],
    ]);
  });
});

describe("refusals of the tactical module (RULES §6)", () => {
  it("attributes as stored (RULES §6.4): each field checked under the lexicon's own word", () => {
    const subs =
      "force, robustesse, precision, reflexe, vigilance, sangFroid, determination, perspicacite, scholastique, technoMaitrise, savoirsInterdits";
    refuses([
      ["not an object", () => validateAttribute("Adaptatif 1"), 'an attribute must be an object (got "Adaptatif 1")'],
      ["null", () => validateAttribute(null), "an attribute must be an object (got null)"],
      ["unknown key", () => validateAttribute({ key: "sharp", x: 1 }), 'unknown attribute key (got "sharp")'],
      ["no key", () => validateAttribute({ x: 1 }), "unknown attribute key (got undefined)"],
      [
        "extra field",
        () => validateAttribute({ key: "adaptive", x: 1, y: 2 }),
        'attribute adaptive has no field y (got {"key":"adaptive","x":1,"y":2})',
      ],
      ["Adaptatif X", () => validateAttribute({ key: "adaptive", x: -1 }), "Adaptatif X must be at least 0 (got -1)"],
      [
        "Disruptif X",
        () => validateAttribute({ key: "disruptive", x: 1.5 }),
        "Disruptif X must be an integer (got 1.5)",
      ],
      ["Imprécis X", () => validateAttribute({ key: "inaccurate" }), "Imprécis X must be an integer (got undefined)"],
      [
        "Incendiaire X",
        () => validateAttribute({ key: "incendiary", x: -2 }),
        "Incendiaire X must be at least 0 (got -2)",
      ],
      [
        "Pénétrant X",
        () => validateAttribute({ key: "penetrating", x: "2" }),
        'Pénétrant X must be an integer (got "2")',
      ],
      [
        "De zone X",
        () => validateAttribute({ key: "area", x: -1, self: false }),
        "De zone X must be at least 0 (got -1)",
      ],
      ["De zone self", () => validateAttribute({ key: "area", self: 1 }), "De zone self must be true or false (got 1)"],
      [
        "Différé X",
        () => validateAttribute({ key: "delayed", x: -1, focused: false }),
        "Différé X must be at least 0 (got -1)",
      ],
      [
        "Différé focused",
        () => validateAttribute({ key: "delayed", x: 1 }),
        "Différé focused must be true or false (got undefined)",
      ],
      [
        "Étourdissante score",
        () => validateAttribute({ key: "stunning", score: "agility", y: 1 }),
        `Étourdissante score must be one of ${subs} (got "agility")`,
      ],
      [
        "Étourdissante Y",
        () => validateAttribute({ key: "stunning", score: "force", y: -1 }),
        "Étourdissante Y must be at least 0 (got -1)",
      ],
      ["Portée X", () => validateAttribute({ key: "range", x: -1 }), "Portée X must be at least 0 (got -1)"],
      [
        "Portée Y below X",
        () => validateAttribute({ key: "range", x: 3, y: 2 }),
        "Portée Y must be at least 3 (got 2)",
      ],
      [
        "Résistant kind",
        () => validateAttribute({ key: "resistant", kind: "cold", y: 1 }),
        'Résistant kind must be one of incendiary, disruptive, area, range, melee (got "cold")',
      ],
      [
        "Résistant kind not a word",
        () => validateAttribute({ key: "resistant", kind: 3, y: 1 }),
        "Résistant kind must be one of incendiary, disruptive, area, range, melee (got 3)",
      ],
      [
        "Résistant Y",
        () => validateAttribute({ key: "resistant", kind: "melee", y: -1 }),
        "Résistant Y must be at least 0 (got -1)",
      ],
      [
        "Requis aptitude",
        () => validateAttribute({ key: "requires", aptitude: "luck", x: 1 }),
        'Requis aptitude must be one of puissance, vivacite, volonte, intellect (got "luck")',
      ],
      [
        "Requis X",
        () => validateAttribute({ key: "requires", aptitude: "volonte", x: -1 }),
        "Requis X must be at least 0 (got -1)",
      ],
      [
        "Tectonique X",
        () => validateAttribute({ key: "tectonic", x: 6 }),
        "Tectonique X must be between 0 and 5 (got 6)",
      ],
    ]);
    // An explicit `undefined` is an absent field; an optional X may be left out.
    expect(validateAttribute({ key: "range", x: 2, y: undefined })).toEqual({ key: "range", x: 2, y: undefined });
    expect(validateAttribute({ key: "adaptive", x: 1, y: undefined })).toEqual({ key: "adaptive", x: 1, y: undefined });
    expect(validateAttribute({ key: "area", self: true })).toEqual({ key: "area", self: true });
  });

  it("attribute rules and area targets", () => {
    refuses([
      ["Imprécis X", () => imprecisPenalty(-1, 2), "Imprécis X must be at least 0 (got -1)"],
      ["Portée X", () => inRange({ x: -1 }, 2), "Portée X must be at least 0 (got -1)"],
      ["Requis X", () => requisExhaustion(3, -1), "Requis X must be at least 0 (got -1)"],
      [
        "De zone X",
        () => areaTargets({ attacker: "a", occupants: ["b"], area: { x: -1, self: false } }),
        "De zone X must be at least 0 (got -1)",
      ],
      [
        "chosen twice",
        () =>
          areaTargets({
            attacker: "a",
            occupants: ["b", "c"],
            area: { x: 2, self: false },
            chosen: ["b", "b"],
          }),
        'chosen lists someone twice (got ["b","b"])',
      ],
      [
        "chosen not there",
        () =>
          areaTargets({
            attacker: "a",
            occupants: ["b", "c"],
            area: { x: 1, self: false },
            chosen: ["d"],
          }),
        'chosen must be among the possible targets (got "d")',
      ],
      [
        "spared not a target",
        () => areaTargets({ attacker: "a", occupants: ["b"], area: { self: false }, spared: ["a"] }),
        'spared must be among the possible targets (got "a")',
      ],
    ]);
  });

  it("scores, weapons and the build (RULES §1, §6.1)", () => {
    const weapon = { range: "melee", weight: "light", origin: "imperium" } as const;
    refuses([
      [
        "weapon range",
        () => attackSubAptitude(untyped<typeof weapon>({ ...weapon, range: "thrown" })),
        'weapon range must be melee or ranged (got "thrown")',
      ],
      [
        "weapon weight",
        () => attackSubAptitude(untyped<typeof weapon>({ ...weapon, weight: "medium" })),
        'weapon weight must be light or heavy (got "medium")',
      ],
      [
        "weapon origin",
        () => attackSubAptitude(untyped<typeof weapon>({ ...weapon, origin: "eldar" })),
        'weapon origin must be imperium, mars or xenos (got "eldar")',
      ],
      ["aptitude value", () => aptitudeCurrent(-1, 0), "aptitude value must be at least 0 (got -1)"],
      ["aptitude damage", () => aptitudeCurrent(3, -1), "aptitude damage must be at least 0 (got -1)"],
      ["unknown aptitude", () => buildTotals(untyped<object>({ luck: 2 }), {}), 'unknown aptitude (got "luck")'],
      [
        "unknown sub-aptitude",
        () => buildTotals({}, untyped<object>({ agility: 2 })),
        'unknown sub-aptitude (got "agility")',
      ],
      ["aptitude points", () => buildTotals({ volonte: -1 }, {}), "aptitude volonte must be at least 0 (got -1)"],
      ["sub-aptitude points", () => buildTotals({}, { force: 1.5 }), "sub-aptitude force must be an integer (got 1.5)"],
    ]);
  });

  it("a damage target (RULES §6.2)", () => {
    const target = { pv: 10, field: null, armour: null, gauges: { disruptif: 0, incendiaire: 0 } };
    refuses([
      ["no target", () => assertDamageTarget(untyped<typeof target>(null)), "target must be an object (got null)"],
      [
        "target not an object",
        () => assertDamageTarget(untyped<typeof target>(10)),
        "target must be an object (got 10)",
      ],
      [
        "field max",
        () => assertDamageTarget({ ...target, field: { renfort: 0, max: -1, active: true } }),
        "force field max renfort must be at least 0 (got -1)",
      ],
      [
        "field renfort",
        () => assertDamageTarget({ ...target, field: { renfort: 4, max: 3, active: true } }),
        "force field renfort must be between 0 and 3 (got 4)",
      ],
      [
        "field active",
        () => assertDamageTarget(untyped<typeof target>({ ...target, field: { renfort: 1, max: 3, active: "on" } })),
        'force field active must be true or false (got "on")',
      ],
      [
        "armour renfort",
        () => assertDamageTarget({ ...target, armour: { renfort: -1, attributes: [], adaptiveBonus: 0 } }),
        "armour renfort must be at least 0 (got -1)",
      ],
      [
        "Adaptatif bonus",
        () => assertDamageTarget({ ...target, armour: { renfort: 1, attributes: [], adaptiveBonus: -1 } }),
        "Adaptatif bonus must be at least 0 (got -1)",
      ],
    ]);
  });
});

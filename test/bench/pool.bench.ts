import { bench, describe } from "vitest";
import { PURE } from "./generation";
import { pushConsequences, pushOdds, pushPool, type PoolFaces } from "../../src/rules/pool";

// DESIGN.md §6 budget: exact push odds for a 20-dice pool < 1 ms (median).
const twentyDice: PoolFaces = {
  base: [1, 2, 3, 4, 5, 6, 2, 3],
  skill: [1, 6, 4, 2, 5, 3],
  gear: [6, 1, 3, 5, 2, 4],
};

// Deterministic faces so the bench measures the rules, not a random source.
let state = 1;
const reroll = (): number => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return (state % 6) + 1;
};

describe(`pool push, 20 dice (8 base, 6 skill, 6 gear) ${PURE}`, () => {
  bench("pushOdds required 1", () => {
    pushOdds(twentyDice);
  });
  bench("pushOdds required 4", () => {
    pushOdds(twentyDice, 4);
  });
  bench("pushPool + pushConsequences", () => {
    pushConsequences(pushPool(twentyDice, reroll), { willpower: 3, gainsWillpower: true });
  });
});

import { bench, describe } from "vitest";
import { allPairsDistances, type PlaceNeighbours } from "../../src/rules/places";

// DESIGN §6 budget: all-pairs distances over 200 places < 10 ms (median).
describe("places (RULES §7.4)", () => {
  // A deterministic 200-place map: a 20 × 10 grid (up to 4 neighbours each) plus a few long links
  // from a small linear congruential generator, listed one way only as GMs often do.
  const neighbours: Record<string, string[]> = {};
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 20; col++) {
      const links: string[] = [];
      if (col + 1 < 20) links.push(`p${row * 20 + col + 1}`);
      if (row + 1 < 10) links.push(`p${(row + 1) * 20 + col}`);
      neighbours[`p${row * 20 + col}`] = links;
    }
  }
  let seed = 12345;
  for (let i = 0; i < 40; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const a = seed % 200;
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    neighbours[`p${a}`]?.push(`p${seed % 200}`);
  }
  const map: PlaceNeighbours = neighbours;

  bench("allPairsDistances, 200 places", () => {
    allPairsDistances(map);
  });
});

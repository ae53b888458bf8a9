import { bench, describe } from "vitest";
import { loadWorld } from "../foundry/world";
import { measureTokens, tokenPlace } from "../../src/places/measure";
import { placedScene, placeRegion, rect } from "../foundry/places-helpers";
import { generationLabel } from "./generation";

// The range check of an attack (RULES §7.4, D-34): `measureTokens` between two tokens of a scene
// with 200 places — the user's path, once per target of each attack (src/actions/score.ts): each
// token's place (the regions' own `testPoint`), the scene's neighbour map read from the places'
// behaviours, then one breadth-first search. It replaces the all-pairs benchmark (issue 26, F7):
// `allPairsDistances` is called by no code of the system. DESIGN §6's 10 ms for 200 places is
// held to this path. The map: a 20 × 10 grid of 100 px places (up to 4 neighbours each, listed one
// way only as GMs often do) plus a few long links from a small linear congruential generator;
// the two tokens at opposite corners, so the search crosses the whole map.

const world = await loadWorld("fr");
const ids = (row: number, col: number) => `place${String(row * 20 + col).padStart(9, "0")}`.slice(-16);
const neighbours = new Map<string, string[]>();
for (let row = 0; row < 10; row++) {
  for (let col = 0; col < 20; col++) {
    const links: string[] = [];
    if (col + 1 < 20) links.push(ids(row, col + 1));
    if (row + 1 < 10) links.push(ids(row + 1, col));
    neighbours.set(ids(row, col), links);
  }
}
let seed = 12345;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
for (let i = 0; i < 40; i++) {
  const a = next() % 200;
  neighbours.get(ids(Math.floor(a / 20), a % 20))!.push(ids(Math.floor((next() % 200) / 20), next() % 20));
}
const regions = [...neighbours].map(([id, links], i) =>
  placeRegion(id, `Lieu ${i + 1}`, rect((i % 20) * 100, Math.floor(i / 20) * 100, 100, 100), i % 6, links),
);
const Scene = world.fake.CONFIG.Scene as { documentClass: { create(data: object): Promise<unknown> } };
const scene = await placedScene<{ tokens: { get(id: string): unknown } }>(Scene.documentClass, {
  name: "Carte de 200 lieux",
  grid: { size: 100 },
  regions,
  tokens: [
    { _id: "tokenFirstPlace1", x: 25, y: 25 },
    { _id: "tokenLastPlace01", x: 1925, y: 925 },
  ],
});
type Token = Parameters<typeof measureTokens>[0];
const [from, to] = ["tokenFirstPlace1", "tokenLastPlace01"].map((id) => scene.tokens.get(id) as Token);
const measured = measureTokens(from!, to!);
if (measured.distance === null || tokenPlace(from!)?.id !== ids(0, 0)) {
  throw new Error(`the benchmark's map is not what it says: ${JSON.stringify(measured)}`);
}

describe(`${generationLabel()} places (RULES §7.4)`, () => {
  bench("measureTokens (an attack's range check), 200 places", () => {
    measureTokens(from!, to!);
  });
});

/**
 * Places (*lieux*) and the distances between them (RULES §7.4), as pure functions over a
 * neighbour map `{ placeId: [neighbourId, …] }` — the shape the Foundry layer builds from the
 * scene's regions.
 *
 * The neighbour relation is **symmetric** even when the map lists it one way only (`{a: ["b"]}`
 * links a and b both ways): a GM editing one region should not have to edit the other too. A
 * place is **known** when it is a key of the map or listed as someone's neighbour; asking about
 * any other place is a bug in the caller (a stale region id), so it throws rather than returning
 * "unreachable". Self-links and repeated neighbours are ignored.
 */
import { assertInteger, invalid } from "./errors";

/** RULES §7.4: each place's neighbouring places (symmetric, see the module comment). */
export type PlaceNeighbours = Readonly<Record<string, readonly string[]>>;

/** RULES §7.4: distance from each place to each place it can reach; unreachable pairs are absent. */
export type PlaceDistances = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** RULES §7.4 (D-34): lowest encumbrance (*encombrement*) of a place. */
export const ENCUMBRANCE_MIN = 0;
/** RULES §7.4 (D-34): highest encumbrance (*encombrement*) of a place. */
export const ENCUMBRANCE_MAX = 5;

/**
 * RULES §7.4 (D-34): asserts an encumbrance, an integer from 0 to 5, and returns it.
 * @throws RangeError naming the value.
 */
export function assertEncumbrance(value: unknown, name = "encumbrance"): number {
  return assertInteger(name, value, ENCUMBRANCE_MIN, ENCUMBRANCE_MAX);
}

/** Places as dense indices, so breadth-first searches run on arrays instead of string maps. */
interface PlaceGraph {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly adjacency: readonly (readonly number[])[];
}

function assertPlaceId(id: unknown, name: string): string {
  if (typeof id !== "string" || id === "") invalid(`${name} must be a non-empty string`, id);
  return id;
}

function buildGraph(neighbours: PlaceNeighbours): PlaceGraph {
  if (typeof neighbours !== "object" || neighbours === null || Array.isArray(neighbours)) {
    invalid("place neighbours must be an object of arrays", neighbours);
  }
  const ids: string[] = [];
  const index = new Map<string, number>();
  const links: Set<number>[] = [];
  const intern = (id: string): number => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      index.set(id, i);
      ids.push(id);
      links.push(new Set());
    }
    return i;
  };
  for (const [place, list] of Object.entries(neighbours)) {
    const a = intern(assertPlaceId(place, "place id"));
    if (!Array.isArray(list)) invalid(`neighbours of ${place} must be an array`, list);
    for (const other of list) {
      const b = intern(assertPlaceId(other, `neighbour of ${place}`));
      if (a === b) continue;
      links[a]?.add(b);
      links[b]?.add(a);
    }
  }
  return { ids, index, adjacency: links.map((set) => [...set]) };
}

function indexOfPlace(graph: PlaceGraph, id: unknown, name: string): number {
  const i = graph.index.get(assertPlaceId(id, name));
  if (i === undefined) invalid(`unknown place (${name})`, id);
  return i;
}

/** Steps from `start` to every place within `max` steps; -1 where farther or unreachable. */
function breadthFirst(graph: PlaceGraph, start: number, max = Infinity): Int32Array {
  const distance = new Int32Array(graph.ids.length).fill(-1);
  const queue = new Int32Array(graph.ids.length);
  distance[start] = 0;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const place = queue[head++] ?? 0;
    const steps = distance[place] ?? 0;
    if (steps >= max) continue;
    for (const next of graph.adjacency[place] ?? []) {
      if (distance[next] !== -1) continue;
      distance[next] = steps + 1;
      queue[tail++] = next;
    }
  }
  return distance;
}

/**
 * RULES §7.4: checks a neighbour map (an object of arrays of non-empty string ids) and returns it.
 * @throws RangeError naming the first offending value.
 */
export function assertPlaceNeighbours(neighbours: PlaceNeighbours): PlaceNeighbours {
  buildGraph(neighbours);
  return neighbours;
}

/**
 * RULES §7.4: the distance between two places — steps on the shortest path through neighbours;
 * 0 for the same place; `null` when no path exists (range checks then fail and say why). This is
 * the count *Imprécis* uses: the target's place counts, the attacker's does not.
 * @throws RangeError when `from` or `to` is not a known place.
 */
export function placeDistance(neighbours: PlaceNeighbours, from: string, to: string): number | null {
  const graph = buildGraph(neighbours);
  const start = indexOfPlace(graph, from, "from");
  const goal = indexOfPlace(graph, to, "to");
  const steps = breadthFirst(graph, start)[goal] ?? -1;
  return steps < 0 ? null : steps;
}

/**
 * RULES §7.4: every distance at once, for a scene's range overlay or to cache per scene — one
 * breadth-first search per place. `result.get(a)?.get(b)` is the distance, absent when unreachable;
 * every known place has an entry, with itself at 0.
 * @throws RangeError on a malformed neighbour map.
 */
export function allPairsDistances(neighbours: PlaceNeighbours): PlaceDistances {
  const graph = buildGraph(neighbours);
  const table = new Map<string, Map<string, number>>();
  graph.ids.forEach((from, start) => {
    const distance = breadthFirst(graph, start);
    const row = new Map<string, number>();
    distance.forEach((steps, goal) => {
      if (steps >= 0) row.set(graph.ids[goal] ?? "", steps);
    });
    table.set(from, row);
  });
  return table;
}

/**
 * RULES §7.4: the places at distance ≤ `max` from `from` (itself included, at 0), nearest first
 * and by id among equals — e.g. the places a *Portée X* weapon can reach.
 * @throws RangeError on an unknown place or a `max` that is not an integer ≥ 0.
 */
export function placesWithin(neighbours: PlaceNeighbours, from: string, max: number): string[] {
  const graph = buildGraph(neighbours);
  const start = indexOfPlace(graph, from, "from");
  assertInteger("maximum distance", max, 0);
  const distance = breadthFirst(graph, start, max);
  const found: { id: string; steps: number }[] = [];
  distance.forEach((steps, i) => {
    if (steps >= 0) found.push({ id: graph.ids[i] ?? "", steps });
  });
  found.sort((a, b) => a.steps - b.steps || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.map((place) => place.id);
}

import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  ENCUMBRANCE_MAX,
  ENCUMBRANCE_MIN,
  allPairsDistances,
  assertEncumbrance,
  assertPlaceNeighbours,
  placeDistance,
  placesWithin,
  type PlaceNeighbours,
} from "../../src/rules/places";

describe("distance (RULES §7.4)", () => {
  // Seed 004, Imprécis: attacker's place, two empty places, the target's place → distance 3.
  const imprecis: PlaceNeighbours = {
    attacker: ["empty1"],
    empty1: ["attacker", "empty2"],
    empty2: ["empty1", "target"],
    target: ["empty2"],
  };

  it("seed 004 Imprécis path: distance 3", () => {
    expect(placeDistance(imprecis, "attacker", "target")).toBe(3);
    expect(placeDistance(imprecis, "target", "attacker")).toBe(3);
  });

  it("same place is 0; the shortest path wins", () => {
    expect(placeDistance(imprecis, "empty1", "empty1")).toBe(0);
    expect(placeDistance({ ...imprecis, attacker: ["empty1", "target"] }, "attacker", "target")).toBe(1);
  });

  it("unreachable places have no distance", () => {
    expect(placeDistance({ a: ["b"], c: [] }, "a", "c")).toBeNull();
    expect(
      allPairsDistances({ a: ["b"], c: [] })
        .get("a")
        ?.has("c"),
    ).toBe(false);
  });

  it("a link listed one way counts both ways; places only listed as neighbours are known", () => {
    const oneWay = { a: ["b"], b: ["c"] };
    expect(placeDistance(oneWay, "c", "a")).toBe(2);
    expect(placeDistance(oneWay, "c", "c")).toBe(0);
  });

  it("self-links and repeats are ignored", () => {
    expect(placeDistance({ a: ["a", "b", "b"] }, "b", "a")).toBe(1);
  });

  it("unknown places and malformed maps throw a RangeError naming the value", () => {
    expect(() => placeDistance(imprecis, "attacker", "nowhere")).toThrow(RangeError);
    expect(() => placeDistance(imprecis, "nowhere", "nowhere")).toThrow(/"nowhere"/);
    expect(() => placeDistance({ a: [""] }, "a", "a")).toThrow(RangeError);
    expect(() => assertPlaceNeighbours({ a: "b" } as unknown as PlaceNeighbours)).toThrow(/"b"/);
    expect(() => assertPlaceNeighbours({ a: [3] } as unknown as PlaceNeighbours)).toThrow(/3/);
  });

  it("placesWithin lists places up to a distance, nearest first", () => {
    expect(placesWithin(imprecis, "empty1", 0)).toEqual(["empty1"]);
    expect(placesWithin(imprecis, "empty1", 1)).toEqual(["empty1", "attacker", "empty2"]);
    expect(placesWithin(imprecis, "attacker", 9)).toEqual(["attacker", "empty1", "empty2", "target"]);
    expect(() => placesWithin(imprecis, "attacker", -1)).toThrow(/-1/);
  });
});

describe("encumbrance (RULES §7.4, D-34)", () => {
  it("is an integer from 0 to 5", () => {
    expect([ENCUMBRANCE_MIN, ENCUMBRANCE_MAX]).toEqual([0, 5]);
    expect(assertEncumbrance(0)).toBe(0);
    expect(assertEncumbrance(5)).toBe(5);
    expect(() => assertEncumbrance(6)).toThrow(/6/);
    expect(() => assertEncumbrance(-1)).toThrow(/-1/);
    expect(() => assertEncumbrance(2.5)).toThrow(/2\.5/);
  });
});

describe("distance properties on random graphs (RULES §7.4)", () => {
  // Random maps over places p0…p(n-1), each link listed on one side only, some places isolated.
  const arbGraph = fc.integer({ min: 1, max: 12 }).chain((n) =>
    fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * 2 }).map((links) => {
      const map: Record<string, string[]> = {};
      for (let i = 0; i < n; i++) map[`p${i}`] = [];
      for (const [a, b] of links) map[`p${a}`]?.push(`p${b}`);
      return { map: map as PlaceNeighbours, places: Object.keys(map) };
    }),
  );
  const pick = (places: string[], i: number): string => places[i % places.length] ?? "";

  /** Floyd–Warshall, an independent oracle for the breadth-first searches. */
  function oracle(map: PlaceNeighbours): Map<string, Map<string, number>> {
    const places = Object.keys(map);
    const d = new Map(places.map((a) => [a, new Map(places.map((b) => [b, a === b ? 0 : Infinity]))]));
    for (const [a, list] of Object.entries(map)) {
      for (const b of list) {
        if (a === b) continue;
        d.get(a)?.set(b, 1);
        d.get(b)?.set(a, 1);
      }
    }
    for (const k of places)
      for (const i of places)
        for (const j of places) {
          const via = (d.get(i)?.get(k) ?? Infinity) + (d.get(k)?.get(j) ?? Infinity);
          if (via < (d.get(i)?.get(j) ?? Infinity)) d.get(i)?.set(j, via);
        }
    return d;
  }

  it("distance is symmetric and d(a,a) = 0", () => {
    fc.assert(
      fc.property(arbGraph, fc.nat(), fc.nat(), ({ map, places }, i, j) => {
        const [a, b] = [pick(places, i), pick(places, j)];
        expect(placeDistance(map, a, b)).toBe(placeDistance(map, b, a));
        expect(placeDistance(map, a, a)).toBe(0);
      }),
    );
  });

  it("triangle inequality holds whenever the distances are defined", () => {
    fc.assert(
      fc.property(arbGraph, fc.nat(), fc.nat(), fc.nat(), ({ map, places }, i, j, k) => {
        const [a, b, c] = [pick(places, i), pick(places, j), pick(places, k)];
        const [ab, bc, ac] = [placeDistance(map, a, b), placeDistance(map, b, c), placeDistance(map, a, c)];
        if (ab !== null && bc !== null) {
          expect(ac).not.toBeNull();
          expect(ac ?? Infinity).toBeLessThanOrEqual(ab + bc);
        }
      }),
    );
  });

  it("allPairsDistances agrees with placeDistance and with Floyd–Warshall", () => {
    fc.assert(
      fc.property(arbGraph, ({ map, places }) => {
        const table = allPairsDistances(map);
        const expected = oracle(map);
        for (const a of places)
          for (const b of places) {
            const exact = expected.get(a)?.get(b) ?? Infinity;
            expect(table.get(a)?.get(b) ?? null).toBe(placeDistance(map, a, b));
            expect(table.get(a)?.get(b) ?? null).toBe(exact === Infinity ? null : exact);
          }
      }),
    );
  });

  it("placesWithin is exactly the places at distance ≤ max", () => {
    fc.assert(
      fc.property(arbGraph, fc.nat(), fc.nat(6), ({ map, places }, i, max) => {
        const from = pick(places, i);
        const expected = places.filter((p) => {
          const d = placeDistance(map, from, p);
          return d !== null && d <= max;
        });
        expect([...placesWithin(map, from, max)].sort()).toEqual(expected.sort());
      }),
    );
  });
});

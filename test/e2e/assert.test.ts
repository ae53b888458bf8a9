/**
 * The in-page runner's `assert` (src/contract/assert.ts) against Chai's, on the same inputs: the
 * contract suites run under vitest with Chai's `assert` and in Foundry with ours, so each function
 * must pass and fail exactly where Chai's does. vitest's `assert` is Chai's (`chai.assert`).
 */
import { assert as chai, describe, expect, it } from "vitest";
import { AssertionError, assert as ours, deepEquals, inspect } from "../../src/contract/assert";

type Method = keyof typeof ours;
/** Whether calling `method` with `args` throws. */
function fails(target: object, method: Method, args: unknown[]): boolean {
  try {
    (Reflect.get(target, method) as (...a: unknown[]) => unknown)(...args);
    return false;
  } catch {
    return true;
  }
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
  norm(): number {
    return Math.hypot(this.x, this.y);
  }
}
class Other {}
const cyclic = (): Record<string, unknown> => {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
};
const inherited = Object.assign(Object.create({ inheritedKey: 1 }) as object, { own: 2 });
const sym = Symbol("s");

// [method, arguments]: each must pass or fail under both.
const CASES: [Method, unknown[]][] = [
  ["ok", [1]],
  ["ok", [0]],
  ["ok", [""]],
  ["ok", ["x"]],
  ["ok", [null]],
  ["ok", [[]]],
  ["notOk", [0]],
  ["notOk", [NaN]],
  ["notOk", [{}]],
  ["equal", [3, 3]],
  ["equal", [3, "3"]],
  ["equal", [null, undefined]],
  ["equal", [0, false]],
  ["equal", [NaN, NaN]],
  ["equal", [{}, {}]],
  ["equal", [3, 4]],
  ["strictEqual", [3, "3"]],
  ["strictEqual", [3, 3]],
  ["strictEqual", [NaN, NaN]],
  ["strictEqual", [0, -0]],
  ["strictEqual", [null, undefined]],
  ["deepEqual", [{ a: [1, 2, { b: "c" }] }, { a: [1, 2, { b: "c" }] }]],
  [
    "deepEqual",
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
  ],
  ["deepEqual", [{ a: 1 }, { a: 1, b: undefined }]],
  ["deepEqual", [{ a: undefined }, { b: undefined }]],
  [
    "deepEqual",
    [
      [1, 2],
      [2, 1],
    ],
  ],
  [
    "deepEqual",
    [
      [1, 2],
      [1, 2, 3],
    ],
  ],
  [
    "deepEqual",
    [
      [1, [2, [3]]],
      [1, [2, [3]]],
    ],
  ],
  ["deepEqual", [[], {}]],
  ["deepEqual", [{ 0: 1, length: 1 }, [1]]],
  ["deepEqual", [NaN, NaN]],
  ["deepEqual", [0, -0]],
  ["deepEqual", [1, "1"]],
  ["deepEqual", [null, undefined]],
  ["deepEqual", [null, {}]],
  ["deepEqual", [new Point(1, 2), new Point(1, 2)]],
  ["deepEqual", [new Point(1, 2), { x: 1, y: 2 }]],
  ["deepEqual", [new Point(1, 2), new Point(2, 1)]],
  ["deepEqual", [new Other(), {}]],
  ["deepEqual", [inherited, { own: 2, inheritedKey: 1 }]],
  ["deepEqual", [inherited, { own: 2 }]],
  ["deepEqual", [{ [sym]: 1 }, { [sym]: 1 }]],
  ["deepEqual", [{ [sym]: 1 }, {}]],
  ["deepEqual", [new Date(5), new Date(5)]],
  ["deepEqual", [new Date(5), new Date(6)]],
  ["deepEqual", [/a/g, /a/g]],
  ["deepEqual", [/a/g, /a/i]],
  ["deepEqual", [new Set([1, 2]), new Set([2, 1])]],
  ["deepEqual", [new Set([1, 2]), new Set([1, 3])]],
  ["deepEqual", [new Set([{ a: 1 }]), new Set([{ a: 1 }])]],
  [
    "deepEqual",
    [
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
      new Map([
        ["b", 2],
        ["a", 1],
      ]),
    ],
  ],
  ["deepEqual", [new Map([["a", 1]]), new Map([["a", 2]])]],
  ["deepEqual", [new Map([["a", 1]]), { a: 1 }]],
  ["deepEqual", [new Error("x"), new Error("x")]],
  ["deepEqual", [new Error("x"), new Error("y")]],
  ["deepEqual", [new Error("x"), new TypeError("x")]],
  ["deepEqual", [cyclic(), cyclic()]],
  ["deepEqual", [() => 1, () => 1]],
  ["deepEqual", [Object(1), Object(1)]],
  ["deepEqual", [Object(1), 1]],
  ["instanceOf", [new Point(1, 2), Point]],
  ["instanceOf", [new Point(1, 2), Other]],
  ["instanceOf", [{ x: 1 }, Point]],
  ["instanceOf", [null, Object]],
  ["instanceOf", [[], Array]],
  ["include", ["steam gear", "gear"]],
  ["include", ["steam gear", "pool"]],
  ["include", [[1, 2, 3], 2]],
  ["include", [[1, 2, 3], "2"]],
  ["include", [[{ a: 1 }], { a: 1 }]],
  ["include", [[NaN], NaN]],
  ["include", [new Set(["a"]), "a"]],
  ["include", [new Set(["a"]), "b"]],
  ["include", [new Map([["k", "v"]]), "v"]],
  ["include", [new Map([["k", "v"]]), "k"]],
  ["include", [{ a: 1, b: 2 }, { a: 1 }]],
  ["include", [{ a: 1, b: 2 }, { a: 2 }]],
  ["include", [{ a: { b: 1 } }, { a: { b: 1 } }]],
  ["include", [{ a: 1 }, {}]],
  ["include", [{ a: 1 }, { c: undefined }]],
  ["include", [null, "a"]],
  ["include", [undefined, "a"]],
  ["include", [42, 4]],
  ["include", [{ a: 1 }, "a"]],
  ["throws", [() => {}]],
  [
    "throws",
    [
      () => {
        throw new Error("boom");
      },
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new Error("the model refuses it");
      },
      "refuses",
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new Error("the model refuses it");
      },
      "accepts",
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new TypeError("bad");
      },
      TypeError,
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new Error("bad");
      },
      TypeError,
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new Error("code 42");
      },
      /\d+/,
    ],
  ],
  [
    "throws",
    [
      () => {
        throw new Error("none");
      },
      /\d+/,
    ],
  ],
  ["isAtLeast", [5, 5]],
  ["isAtLeast", [4, 5]],
  ["isAtLeast", [6, 5]],
  ["isAtLeast", ["6", 5]],
  ["isAtMost", [5, 5]],
  ["isAtMost", [6, 5]],
  ["isAtMost", [NaN, 5]],
  ["isAtMost", [-1, 0]],
];

describe("the in-page runner's assert agrees with Chai's", () => {
  it.each(CASES.map(([method, args], i) => [i, method, inspect(args, 1), args] as const))(
    "#%i %s(%s)",
    (_i, method, _shown, args) => {
      const expected = fails(chai, method, [...args]);
      expect(fails(ours, method, [...args])).toBe(expected);
    },
  );

  it("covers both outcomes for every function it has", () => {
    const outcomes = new Map<string, Set<boolean>>();
    for (const [method, args] of CASES) {
      const set = outcomes.get(method) ?? new Set();
      set.add(fails(ours, method, args));
      outcomes.set(method, set);
    }
    expect([...outcomes.keys()].sort()).toEqual(Object.keys(ours).sort());
    for (const [method, seen] of outcomes) expect([method, seen.size]).toEqual([method, 2]);
  });

  it("fails with an AssertionError that carries the caller's message and says what differed", () => {
    try {
      ours.equal(3, 4, "face 6");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AssertionError);
      expect((error as Error).message).toBe("face 6: expected 3 to equal 4");
    }
    expect(() => ours.deepEqual({ a: [1] }, { a: [2] })).toThrow("expected { a: [ 1 ] } to deeply equal { a: [ 2 ] }");
    expect(() => ours.include("abc", "z")).toThrow("expected 'abc' to include 'z'");
  });

  it("compares deeply in both directions and stops on cycles", () => {
    const a = cyclic();
    const b = cyclic();
    expect(deepEquals(a, b)).toBe(true);
    expect(deepEquals(b, a)).toBe(true);
    b.a = 2;
    expect(deepEquals(a, b)).toBe(false);
  });
});

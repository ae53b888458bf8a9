/**
 * The `assert` of Tactica's own in-page runner (contract/runner.ts): the Chai `assert` functions
 * the contract suites and the batches use (`BatchAssert`, contract/context.ts), with Chai's
 * meaning, so that a suite passes or fails alike under vitest (Chai's own `assert`), under Quench
 * (Chai) and under this runner. test/e2e/assert.test.ts checks each function against vitest's
 * Chai on the same inputs.
 *
 * What Chai's `assert` does, from Chai's API page (https://www.chaijs.com/api/assert/) and its
 * behaviour under vitest: `equal` is `==` and `strictEqual` `===`; `deepEqual` compares by value
 * (primitives as `Object.is` but NaN equals NaN and +0 differs from −0; the same kind of object;
 * arrays by index and length; sets and maps by their entries in any order; dates and boxed
 * primitives by value; regular expressions by their text; errors by name and message; other
 * objects by their enumerable keys, own and inherited); `include` looks for a substring, an array
 * element (`===`), a set member or map value (SameValueZero), or an object's properties (`===`);
 * `throws` passes when the function throws, and a string or RegExp second argument must match
 * the error's message, a constructor its class.
 */
import type { BatchAssert } from "./context";

/** A failed assertion (the name Chai gives its own). */
export class AssertionError extends Error {
  override name = "AssertionError";
}

/** A short readable form of a value for an assertion's message. */
export function inspect(value: unknown, depth = 2): string {
  if (typeof value === "string") return `'${value.length > 60 ? `${value.slice(0, 59)}…` : value}'`;
  if (typeof value === "function") return `[Function${value.name ? ` ${value.name}` : ""}]`;
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return String(value);
  if (depth <= 0) return Array.isArray(value) ? "[Array]" : "{Object}";
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => inspect(v, depth - 1));
    return `[ ${items.join(", ")}${value.length > 10 ? ", …" : ""} ]`;
  }
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  const entries = Object.entries(value).slice(0, 10);
  return `{ ${entries.map(([k, v]) => `${k}: ${inspect(v, depth - 1)}`).join(", ")} }`;
}

function fail(message: string | undefined, text: string): never {
  throw new AssertionError(message ? `${message}: ${text}` : text);
}

/** Chai's kind of a value: `function`, or the tag of `Object.prototype.toString` (`Array`, `Date`, `Object`…). */
const kindOf = (value: unknown): string =>
  typeof value === "function" ? "function" : Object.prototype.toString.call(value).slice(8, -1);

/** The keys Chai compares on an object: every enumerable key (own and inherited), and own enumerable symbols. */
function enumerableKeys(value: object): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const key in value) keys.push(key);
  for (const symbol of Object.getOwnPropertySymbols(value)) {
    if (Object.getOwnPropertyDescriptor(value, symbol)?.enumerable) keys.push(symbol);
  }
  return keys;
}

/** Whether every entry of `left` has its own equal in `right` (both the same size). */
function sameEntries(left: unknown[][], right: unknown[][], seen: Seen): boolean {
  const unused = [...right];
  return left.every((entry) => {
    const at = unused.findIndex((other) => deepEquals(entry, other, seen));
    if (at < 0) return false;
    unused.splice(at, 1);
    return true;
  });
}

/** Pairs of objects being compared, so that a cycle counts as equal instead of recursing forever. */
type Seen = Map<object, Set<object>>;

function compareObjects(left: object, right: object, kind: string, seen: Seen): boolean {
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((v, i) => deepEquals(v, right[i], seen));
  if ((left instanceof Set && right instanceof Set) || (left instanceof Map && right instanceof Map)) {
    const [a, b] = [[...left.entries()], [...right.entries()]];
    return a.length === b.length && sameEntries(a, b, seen);
  }
  if (left instanceof Error && right instanceof Error)
    return left.name === right.name && left.message === right.message;
  if (left instanceof RegExp) return String(left) === String(right);
  if (["String", "Number", "Boolean", "Date"].includes(kind)) return deepEquals(left.valueOf(), right.valueOf(), seen);
  if (["WeakMap", "WeakSet", "Promise"].includes(kind)) return false;
  const [a, b] = [enumerableKeys(left), enumerableKeys(right)];
  if (a.length !== b.length || !a.every((k) => b.includes(k))) return false;
  return a.every((k) => deepEquals(Reflect.get(left, k), Reflect.get(right, k), seen));
}

/** Chai's deep equality (see the file's header). */
export function deepEquals(left: unknown, right: unknown, seen: Seen = new Map()): boolean {
  if (left === right) return left !== 0 || Object.is(left, right);
  if (Number.isNaN(left) && Number.isNaN(right)) return true;
  if (left === null || right === null || typeof left !== "object" || typeof right !== "object") return false;
  const kind = kindOf(left);
  if (kind !== kindOf(right)) return false;
  if (seen.get(left)?.has(right)) return true;
  seen.set(left, (seen.get(left) ?? new Set()).add(right));
  return compareObjects(left, right, kind, seen);
}

/** SameValueZero: `===`, and NaN equals NaN. */
const sameValueZero = (a: unknown, b: unknown) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** Chai's `include`: whether `haystack` holds `needle` (see the file's header). */
function includes(haystack: unknown, needle: unknown, message?: string): boolean {
  if (typeof haystack === "string") return haystack.includes(String(needle));
  if (Array.isArray(haystack)) return haystack.indexOf(needle) !== -1;
  if (haystack instanceof Set) return haystack.has(needle);
  if (haystack instanceof WeakSet) return typeof needle === "object" && needle !== null && haystack.has(needle);
  if (haystack instanceof Map) return [...haystack.values()].some((v) => sameValueZero(v, needle));
  if (haystack === null || typeof haystack !== "object")
    fail(message, `expected ${inspect(haystack)} to be a string, an array, a set, a map or an object`);
  if (needle === null || typeof needle !== "object") fail(message, `expected ${inspect(needle)} to be an object`);
  return Object.keys(needle).every((k) => k in haystack && Reflect.get(haystack, k) === Reflect.get(needle, k));
}

type Matcher = string | RegExp | (abstract new (...args: never[]) => unknown);

/** Chai's `throws`: the error `fn` throws, when it matches `expected` (a class, or text/RegExp of its message). */
function throwsMatching(fn: () => unknown, expected: Matcher | undefined, message?: string): unknown {
  let thrown: unknown;
  let threw = false;
  try {
    fn();
  } catch (error) {
    threw = true;
    thrown = error;
  }
  if (!threw) fail(message, `expected ${inspect(fn)} to throw an error`);
  if (typeof expected === "function" && !(thrown instanceof expected))
    fail(message, `expected ${inspect(fn)} to throw ${expected.name} but ${inspect(thrown)} was thrown`);
  const text = thrown instanceof Error ? thrown.message : String(thrown);
  if (typeof expected === "string" && !text.includes(expected))
    fail(message, `expected ${inspect(fn)} to throw an error including '${expected}' but got '${text}'`);
  if (expected instanceof RegExp && !expected.test(text))
    fail(message, `expected ${inspect(fn)} to throw an error matching ${String(expected)} but got '${text}'`);
  return thrown;
}

function compareNumbers(value: unknown, bound: unknown, message: string | undefined): [number, number] {
  if (typeof value !== "number") fail(message, `expected ${inspect(value)} to be a number`);
  if (typeof bound !== "number") fail(message, `the bound ${inspect(bound)} must be a number`);
  return [value, bound];
}

/** The runner's `assert`. */
export const assert: BatchAssert = {
  ok(value, message) {
    if (!value) fail(message, `expected ${inspect(value)} to be truthy`);
  },
  notOk(value, message) {
    if (value) fail(message, `expected ${inspect(value)} to be falsy`);
  },
  equal(actual, expected, message) {
    // Chai's `assert.equal` is the loose equality on purpose.
    // oxlint-disable-next-line eqeqeq
    if (actual != expected) fail(message, `expected ${inspect(actual)} to equal ${inspect(expected)}`);
  },
  strictEqual(actual, expected, message) {
    if (actual !== expected) fail(message, `expected ${inspect(actual)} to strictly equal ${inspect(expected)}`);
  },
  deepEqual(actual, expected, message) {
    if (!deepEquals(actual, expected))
      fail(message, `expected ${inspect(actual)} to deeply equal ${inspect(expected)}`);
  },
  instanceOf<T>(
    value: unknown,
    constructor: abstract new (...args: never[]) => T,
    message?: string,
  ): asserts value is T {
    if (!(value instanceof constructor))
      fail(message, `expected ${inspect(value)} to be an instance of ${constructor.name || "the class"}`);
  },
  include(haystack, needle, message) {
    if (!includes(haystack, needle, message))
      fail(message, `expected ${inspect(haystack)} to include ${inspect(needle)}`);
  },
  throws(fn, expected?: Matcher) {
    throwsMatching(fn, expected);
  },
  isAtLeast(value, floor, message) {
    const [v, f] = compareNumbers(value, floor, message);
    if (!(v >= f)) fail(message, `expected ${v} to be at least ${f}`);
  },
  isAtMost(value, ceiling, message) {
    const [v, c] = compareNumbers(value, ceiling, message);
    if (!(v <= c)) fail(message, `expected ${v} to be at most ${c}`);
  },
};

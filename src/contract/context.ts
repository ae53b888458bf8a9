/**
 * What a contract suite and a self-test batch are given, wherever they run: the runner's
 * `describe`/`it` (and, for batches, `before`/`after`) and Chai's `assert`. Three runners hand
 * them over: vitest (against the fake), Tactica's own in-page runner (`game.tactica.selfTest`,
 * contract/runner.ts and contract/assert.ts) and Quench (Mocha and Chai) in a GM's world.
 */
type Test = () => void | Promise<void>;

/** What a contract suite is given: the test runner's functions and Chai's `assert`. */
export interface ContractContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: Test): void;
  assert: ContractAssert;
}

/** What a self-test batch is given: the suite's functions, the hooks around them, and more of Chai's `assert`. */
export interface BatchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: Test): void;
  before(fn: Test): void;
  after(fn: Test): void;
  assert: BatchAssert;
}

/** The Chai `assert` functions contract suites use. */
export interface ContractAssert {
  ok(value: unknown, message?: string): void;
  notOk(value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  /** Chai's own signature: an assertion function (it throws unless `value` is an instance of `constructor`). */
  instanceOf<T>(
    value: unknown,
    constructor: abstract new (...args: never[]) => T,
    message?: string,
  ): asserts value is T;
  include(haystack: unknown, needle: unknown, message?: string): void;
  /** Chai reads a string second argument as text the thrown error's message must contain. */
  throws(fn: () => unknown, message?: string): void;
}

/** The Chai `assert` functions the batches use besides the contract's. */
export interface BatchAssert extends ContractAssert {
  isAtLeast(value: number, floor: number, message?: string): void;
  isAtMost(value: number, ceiling: number, message?: string): void;
}

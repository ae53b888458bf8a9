/**
 * What a contract suite is given, in vitest (against the fake) and in Quench (against a real
 * Foundry): the runner's `describe`/`it` and Chai's `assert`.
 */
type Test = () => void | Promise<void>;

/** What a contract suite is given: the test runner's functions and Chai's `assert`. */
export interface ContractContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: Test): void;
  assert: ContractAssert;
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
  throws(fn: () => unknown, message?: string): void;
}

/**
 * The contract suite: assertions about how Foundry itself behaves, on the points Tactica relies on.
 * The same suites run twice — in vitest against the test fake (test/foundry/contract.test.ts), and
 * in a real Foundry as the Quench batch `tactica.contract` — so the fake can never silently drift
 * from core. A new behaviour of the fake comes with a suite here.
 *
 * Each suite receives Mocha-style `describe`/`it` and Chai's `assert` (Quench hands over both;
 * vitest exports the same Chai `assert`). Suites create only what they delete again.
 */
import { combatContract } from "./combat";
import { rollClassContract } from "./roll-classes";
import { placesContract } from "./places";
import { dataContract } from "./data";
import { chatContract } from "./chat";
import { applicationsContract } from "./applications";
import { messageModesContract } from "./message-modes";

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
  instanceOf(value: unknown, constructor: abstract new (...args: never[]) => unknown, message?: string): void;
  include(haystack: unknown, needle: unknown, message?: string): void;
  throws(fn: () => unknown, message?: string): void;
}

export type ContractSuite = (context: ContractContext) => void;

/** Every contract suite, by the Foundry area it pins down. Add one line per new suite. */
export const CONTRACT_SUITES: Record<string, ContractSuite> = {
  "roll classes": rollClassContract,
  places: placesContract,
  combat: combatContract,
  "data and documents": dataContract,
  "chat cards": chatContract,
  applications: applicationsContract,
  "message modes": messageModesContract,
};

/** Runs every suite inside one `describe` (the Quench batch and the vitest file both call this). */
export function runContracts(context: ContractContext): void {
  for (const [name, suite] of Object.entries(CONTRACT_SUITES)) context.describe(name, () => suite(context));
}

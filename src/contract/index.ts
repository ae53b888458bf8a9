/**
 * The contract suite: assertions about how Foundry itself behaves, on the points Tactica relies on.
 * The same suites run in vitest against the test fake (test/foundry/contract.test.ts), and in a
 * real Foundry as the self-test batch `tactica.contract` — by Tactica's own runner
 * (`game.tactica.selfTest`, what `npm run e2e` calls) or in Quench's window — so the fake can
 * never silently drift from core. A new behaviour of the fake comes with a suite here.
 *
 * Each suite receives Mocha-style `describe`/`it` and Chai's `assert` (vitest and Quench hand over
 * Chai's own; Tactica's runner a Chai-compatible one, contract/assert.ts). Suites create only what
 * they delete again; anything else a suite leaves in the world is deleted and reported as a failure.
 */
import { combatContract } from "./combat";
import { rollClassContract } from "./roll-classes";
import { placesContract } from "./places";
import { dataContract } from "./data";
import { chatContract } from "./chat";
import { applicationsContract } from "./applications";
import { messageModesContract } from "./message-modes";
import { worldDocumentsContract } from "./world-documents";
import { integrationsContract } from "./integrations";
import type { ContractAssert, ContractContext } from "./context";

export type { ContractAssert, ContractContext };

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
  "world documents": worldDocumentsContract,
  integrations: integrationsContract,
};

/** Runs every suite inside one `describe` (the Quench batch and the vitest file both call this). */
export function runContracts(context: ContractContext): void {
  for (const [name, suite] of Object.entries(CONTRACT_SUITES)) context.describe(name, () => suite(context));
}

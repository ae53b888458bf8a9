/**
 * `game.tactica.selfTest` (src/api/self-test.ts) over a table of batches: each batch, with the
 * leftover watch around it (contract/leftovers.ts), collected and run by Tactica's own runner
 * (contract/runner.ts) with its Chai-compatible `assert` (contract/assert.ts). contract/quench.ts
 * builds it from its batches, and registers the same wrapped batches on Quench when Quench is active.
 */
import { assert } from "./assert";
import { withCleanup } from "./leftovers";
import { runBatch } from "./runner";
import type { BatchContext } from "./context";
import type { SelfTest } from "../api/self-test";

/** A self-test over `batches` (key → display name and registration function), run in key order. */
export function createSelfTest(
  batches: Readonly<Record<string, { name: string; register: (context: BatchContext) => void }>>,
): SelfTest {
  const keys = Object.keys(batches);
  return {
    keys: async () => [...keys],
    async run(wanted = keys) {
      if (!game.user?.isGM) throw new Error("Tactica's self-test creates and deletes world documents: run it as a GM");
      const unknown = wanted.filter((key) => !Object.hasOwn(batches, key));
      if (unknown.length) throw new Error(`no such self-test batch: ${unknown.join(", ")} (known: ${keys.join(", ")})`);
      const report = [];
      for (const key of wanted) {
        const batch = batches[key];
        if (batch)
          report.push(await runBatch({ key, name: batch.name, register: withCleanup(batch.register) }, assert));
      }
      return { runner: "tactica", batches: report };
    },
  };
}

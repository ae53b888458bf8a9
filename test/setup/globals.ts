/**
 * Runs before every test file (vitest `setupFiles`): removes every global an earlier file of the
 * same worker added — the Foundry fake's `game`, `CONFIG`, `Hooks`, `foundry`, `ui`, document
 * classes and the like — so each file starts from the bare Node global object, as in a fresh
 * process, and a file that needs the fake must install it itself. (Libraries' non-configurable
 * markers, such as graceful-fs's, cannot be removed and stay.)
 */
import { afterEach } from "vitest";
import { BASELINE_GLOBALS } from "./baseline";
import { takeGenerationRecord } from "../foundry/fake-generation";

for (const key of Reflect.ownKeys(globalThis)) if (!BASELINE_GLOBALS.has(key)) Reflect.deleteProperty(globalThis, key);

// The Foundry fake records every name v14 deprecates that was used while it played v14,
// and every v14-only datum or option handed to it while it played v13 (fake-generation.ts). Any
// test that leaves such a record fails: Tactica raises no deprecation of its own on either
// generation, and never writes v14-only data on v13.
afterEach(() => {
  const record = takeGenerationRecord();
  if (record.length) throw new Error(`Foundry generation record not empty:\n${record.join("\n")}`);
});

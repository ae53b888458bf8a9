/**
 * Runs before every test file (vitest `setupFiles`): removes every global an earlier file of the
 * same worker added — the Foundry fake's `game`, `CONFIG`, `Hooks`, `foundry`, `ui`, document
 * classes and the like — so each file starts from the bare Node global object, as in a fresh
 * process, and a file that needs the fake must install it itself. (Libraries' non-configurable
 * markers, such as graceful-fs's, cannot be removed and stay.)
 */
import { BASELINE_GLOBALS } from "./baseline";

for (const key of Reflect.ownKeys(globalThis)) if (!BASELINE_GLOBALS.has(key)) Reflect.deleteProperty(globalThis, key);

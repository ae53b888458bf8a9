/**
 * Foundry's start-up: `init` runs what the entry lists (src/tactica.ts); on `ready` the active GM
 * migrates the world (src/migrations/index.ts) and a GM on an unsound v14 build is warned
 * (src/compat/generation.ts). Registered when the bundle loads, before any module's `init`.
 */
import { migrateOnReady } from "../migrations/index";
import { warnOfUnsoundBuild } from "../compat/generation";

export function lifecycleHooks(init: () => void): void {
  Hooks.once("init", init);
  Hooks.once("ready", migrateOnReady);
  Hooks.once("ready", warnOfUnsoundBuild);
}

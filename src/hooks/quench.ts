/**
 * The in-Foundry self-test's wiring, kept apart from the batches themselves (src/contract/quench.ts):
 * the batches, their runner and the Foundry contract are loaded with a dynamic import only when
 * they are used, so they stay out of the main bundle (the build emits them as a chunk of their
 * own, `tactica-quench.mjs`, loaded beside tactica.mjs). Two ways in: `game.tactica.selfTest`
 * (Tactica's own runner, what `npm run e2e` calls), and the Quench module's window when Quench is
 * active, where the same batches are registered on `quenchReady`.
 */
import { installSelfTest } from "../api/self-test";

/** True when the Quench module is installed and active in this world. */
export function quenchActive(): boolean {
  const modules = game.modules;
  return modules?.get("quench")?.active === true;
}

/** The self-test's chunk (one module instance, however often it is asked for). */
const loadSelfTest = () => import("../contract/quench");

/**
 * Installs `game.tactica.selfTest` (its chunk loads on the first call) and registers the batches
 * on Quench when Quench announces itself (`quenchReady`, after `init`). Nothing is loaded or
 * registered without either. Quench lists the batches registered in its map when its window
 * opens, so registering once the chunk has loaded (a few ms after the hook) is in time for a run.
 */
export function quenchHooks(): void {
  installSelfTest(async () => (await loadSelfTest()).selfTest);
  Hooks.once("quenchReady", (quench) => {
    if (!quenchActive()) return;
    loadSelfTest().then(
      ({ registerBatches }) => registerBatches(quench),
      (error: unknown) => console.error("Tactica | the self-test could not be loaded", error),
    );
  });
}

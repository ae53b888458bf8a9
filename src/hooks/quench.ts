/**
 * The in-Foundry self-test's registration, kept apart from the batches themselves
 * (src/contract/quench.ts): the batches, their fixtures and the Foundry contract are loaded with a dynamic
 * import only when the Quench module announces itself, so they stay out of the main bundle (the
 * build emits them as a chunk of their own, loaded beside tactica.mjs).
 */

/** True when the Quench module is installed and active in this world. */
export function quenchActive(): boolean {
  const modules = game.modules;
  return modules?.get("quench")?.active === true;
}

/**
 * Registers the self-test batches when Quench announces itself (`quenchReady`, after `init`).
 * Nothing is loaded, registered or run without the Quench module active. Quench lists the
 * batches registered in its map when its window opens, so registering once the chunk has loaded
 * (a few ms after the hook) is in time for a run.
 */
export function quenchHooks(): void {
  Hooks.once("quenchReady", (quench) => {
    if (!quenchActive()) return;
    import("../contract/quench").then(
      ({ registerBatches }) => registerBatches(quench),
      (error: unknown) => console.error("Tactica | the self-test could not be loaded", error),
    );
  });
}

/**
 * The global object's own keys before any test file ran. Test files share their worker's modules
 * (vitest.config.ts), so this module is evaluated once per worker, by the first setup run.
 */
export const BASELINE_GLOBALS: ReadonlySet<string | symbol> = new Set(Reflect.ownKeys(globalThis));

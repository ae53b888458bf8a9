/**
 * The steps of `npm run e2e` that run inside the world's page (driver.ts drives the rest): waiting
 * for the game, turning Quench on and reading what its window lists, and running the batches.
 * Their page code is plain data in, JSON out, so test/e2e/page-steps.test.ts runs it in Chromium
 * against stand-ins of `game` and `quench` (no named inner functions: tsx would wrap them in a
 * `__name` helper the page lacks).
 */
import type { Page } from "playwright-core";
import type { QuenchWindow } from "./report";

/** How long a Foundry step may take (a world loads its compendiums; a CI machine is slow). */
export const LONG = 180_000;

/** Waits for `game.ready`, surviving the reloads Foundry may do on its own. */
export async function waitForGame(page: Page, extra = "true"): Promise<void> {
  const deadline = Date.now() + LONG;
  for (;;) {
    try {
      await page.waitForFunction(`globalThis.game?.ready === true && (${extra})`, null, {
        timeout: Math.max(1000, deadline - Date.now()),
        polling: 500,
      });
      return;
    } catch (e) {
      const navigating = e instanceof Error && /context was destroyed|navigation/i.test(e.message);
      if (!navigating || Date.now() > deadline) throw e;
    }
  }
}

/**
 * Activates Quench through the core module configuration setting (`core.moduleConfiguration`),
 * reloads, and reads what the GM's Quench window lists. Nothing waits for a Quench that stays
 * inactive (a build its manifest does not admit): the run goes on with Tactica's runner. Quench's
 * list of batches is private (`_testBatches`, marked internal in Quench's source): it is read only
 * when it is a map, and reported as unknown otherwise.
 */
export async function enableQuench(
  page: Page,
  log: (line: string) => void,
  { registrationMs = 30_000 } = {},
): Promise<QuenchWindow> {
  const read = () =>
    page.evaluate(() => {
      const g = globalThis as unknown as {
        game: {
          modules: { get(id: string): { active?: boolean; version?: string; compatibility?: unknown } | undefined };
        };
      };
      const module = g.game.modules.get("quench");
      return module
        ? {
            active: module.active === true,
            version: String(module.version ?? "?"),
            compatibility: JSON.stringify(module.compatibility ?? null),
          }
        : null;
    });
  const before = await read();
  if (!before) throw new Error("Foundry does not see the Quench module in Data/modules/quench");
  if (!before.active) {
    await page.evaluate(async () => {
      const g = (
        globalThis as unknown as {
          game: {
            settings: {
              get(ns: string, key: string): Record<string, boolean>;
              set(ns: string, key: string, v: unknown): Promise<unknown>;
            };
          };
        }
      ).game;
      await g.settings.set("core", "moduleConfiguration", {
        ...g.settings.get("core", "moduleConfiguration"),
        quench: true,
      });
    });
    await page.reload({ waitUntil: "domcontentloaded" });
    await waitForGame(page);
  }
  const after = await read();
  if (!after?.active)
    return {
      state: "inactive",
      version: before.version,
      why: `enabled, reloaded, still inactive; its compatibility: ${after?.compatibility ?? "?"}`,
    };
  // Tactica registers its batches from a chunk loaded on `quenchReady` (src/hooks/quench.ts): give it a moment.
  const keys = await page
    .waitForFunction(
      () => {
        const batches = (globalThis as unknown as { quench?: { _testBatches?: unknown } }).quench?._testBatches;
        if (!(batches instanceof Map)) return { keys: null };
        const keys = [...batches.keys()].map(String).filter((k) => k.startsWith("tactica."));
        return keys.length ? { keys } : false;
      },
      null,
      { timeout: registrationMs, polling: 250 },
    )
    .then((handle) => handle.jsonValue() as Promise<{ keys: string[] | null }>)
    .catch(() => ({ keys: [] as string[] }));
  log(`Quench ${after.version} active`);
  return { state: "active", version: after.version, keys: keys.keys };
}

/**
 * Runs every batch in the page: by `game.tactica.selfTest` (Tactica's own runner) when the page
 * has it, else by an active Quench (`quench.runBatches("tactica.**")`, its public API, reported
 * through its `quenchReports` hook), else fails at once saying that neither can.
 */
export async function runSelfTest(
  page: Page,
  timeoutMs: number,
): Promise<{ runner: "tactica" | "quench"; keys: string[]; json: string; failed: boolean }> {
  const result = await page.evaluate(async (timeout) => {
    type SelfTest = {
      keys(): Promise<string[]>;
      run(): Promise<{ batches: { tests: { state: string }[]; hookFailures: unknown[]; leftovers: unknown[] }[] }>;
    };
    const g = globalThis as unknown as {
      game: { tactica?: { selfTest?: SelfTest }; modules: { get(id: string): { active?: boolean } | undefined } };
      quench?: { runBatches?: (keys: string | string[]) => Promise<unknown> };
      Hooks: { once(event: string, fn: (reports: { json: string }) => void): number };
    };
    // No named inner functions here: tsx would wrap them in a `__name` helper the page lacks.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the batches did not finish within ${timeout / 1000} s`)), timeout);
    });
    try {
      const selfTest = g.game.tactica?.selfTest;
      if (typeof selfTest?.run === "function") {
        const keys = await selfTest.keys();
        const report = await Promise.race([selfTest.run(), limit]);
        const failed = report.batches.some(
          (b) => b.hookFailures.length > 0 || b.leftovers.length > 0 || b.tests.some((t) => t.state !== "passed"),
        );
        return { runner: "tactica" as const, keys, json: JSON.stringify(report), failed };
      }
      const quench = g.quench;
      if (g.game.modules.get("quench")?.active === true && typeof quench?.runBatches === "function") {
        const reported = new Promise<string>((resolve) =>
          g.Hooks.once("quenchReports", (reports) => resolve(reports.json)),
        );
        await quench.runBatches("tactica.**");
        const json = await Promise.race([reported, limit]);
        const failed = ((JSON.parse(json) as { stats?: { failures?: number } }).stats?.failures ?? 0) > 0;
        return { runner: "quench" as const, keys: [] as string[], json, failed };
      }
      return { runner: null, keys: [] as string[], json: "", failed: true };
    } finally {
      clearTimeout(timer);
    }
  }, timeoutMs);
  if (result.runner === null)
    throw new Error(
      "neither Tactica's runner (game.tactica.selfTest is missing: is dist/ built from this commit?) nor an active Quench can run the batches",
    );
  return { ...result, runner: result.runner };
}

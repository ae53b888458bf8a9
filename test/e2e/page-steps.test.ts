/**
 * The in-page steps of `npm run e2e` (scripts/e2e/page-steps.ts) run in Chromium, against
 * stand-ins of what a world's page holds: `game` (ready, its modules, its settings, and
 * `game.tactica.selfTest` or not), `Hooks.once`, and a `quench` object shaped as Quench 0.9.2's
 * (`runBatches(keys)`, the `quenchReports` hook with `{json}`, its internal `_testBatches` map:
 * Quench `src/module/quench.ts`, `quench-reporter.ts`). The stand-ins live in an init script, so
 * they come back after a reload, as a world's do; the module configuration is kept in
 * sessionStorage, as the server keeps a world's settings. What a real world holds is proved only
 * by a real run (docs/manual-checks.md, end-to-end section).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { enableQuench, runSelfTest } from "../../scripts/e2e/page-steps";
import { hasChromium, sharedBrowser } from "../browser/chromium";

/** What the stand-in world holds. */
interface World {
  selfTest?: { keys: string[]; report: unknown; delayMs?: number };
  /** Quench installed: whether it may become active (its manifest admits this build), and its batch list. */
  quench?: { admitted: boolean; startActive?: boolean; batches: "map" | "hidden"; registerAfterMs?: number };
  quenchReport?: string;
}

/** The init script: builds `game`, `Hooks` and `quench` from the world kept in sessionStorage, on every load. */
function installWorld(): void {
  const kept = sessionStorage.getItem("world");
  if (!kept) return;
  const world = JSON.parse(kept) as World;
  const quenchOn = world.quench?.startActive === true || sessionStorage.getItem("quench") === "on";
  const hooks = new Map<string, (arg: unknown) => void>();
  const g = globalThis as unknown as Record<string, unknown>;
  g.Hooks = {
    once: (event: string, fn: (arg: unknown) => void) => {
      hooks.set(event, fn);
      return 1;
    },
  };
  const modules = new Map<string, unknown>();
  if (world.quench)
    modules.set("quench", {
      active: quenchOn && world.quench.admitted,
      version: "0.9.2",
      compatibility: { minimum: "12", verified: "12" },
    });
  const selfTest = world.selfTest;
  g.game = {
    ready: true,
    modules,
    settings: {
      get: () => ({}),
      set: async (_ns: string, _key: string, value: { quench?: boolean }) => {
        if (value.quench) sessionStorage.setItem("quench", "on");
      },
    },
    ...(selfTest
      ? {
          tactica: {
            selfTest: {
              keys: async () => selfTest.keys,
              run: () => new Promise((resolve) => setTimeout(() => resolve(selfTest.report), selfTest.delayMs ?? 0)),
            },
          },
        }
      : {}),
  };
  if (world.quench && quenchOn && world.quench.admitted) {
    const batches = new Map<string, unknown>();
    g.quench = {
      ...(world.quench.batches === "map" ? { _testBatches: batches } : {}),
      runBatches: async () => setTimeout(() => hooks.get("quenchReports")?.({ json: world.quenchReport }), 10),
    };
    setTimeout(
      () => batches.set("tactica.packs", {}).set("quench.examples.basic", {}),
      world.quench.registerAfterMs ?? 0,
    );
  }
}

const REPORT = {
  runner: "tactica",
  batches: [
    {
      key: "tactica.packs",
      name: "Packs",
      tests: [{ title: "t", state: "passed", ms: 1 }],
      hookFailures: [],
      leftovers: [],
    },
  ],
};

describe.runIf(hasChromium())("the in-page steps of npm run e2e (Chromium)", () => {
  // One page for the file: each test keeps its world in the page's sessionStorage and reloads.
  let page: Page;
  const open = async (world: World) => {
    await page.evaluate((w) => {
      sessionStorage.clear();
      sessionStorage.setItem("world", JSON.stringify(w));
    }, world);
    await page.reload();
  };
  beforeAll(async () => {
    page = await (await sharedBrowser()).newPage();
    await page.route("http://foundry.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<html><body></body></html>" }),
    );
    await page.addInitScript(installWorld);
    await page.goto("http://foundry.test/game");
  });
  afterAll(() => page.close());

  it("runs the batches by game.tactica.selfTest when the page has it, and hands its report over", async () => {
    await open({
      selfTest: { keys: ["tactica.packs"], report: REPORT },
      quench: { admitted: true, startActive: true, batches: "map" },
    });
    const run = await runSelfTest(page, 5000);
    expect(run).toEqual({ runner: "tactica", keys: ["tactica.packs"], json: JSON.stringify(REPORT), failed: false });
  });

  it("falls back on an active Quench when the page has no self-test, reading its report from quenchReports", async () => {
    const quenchReport = JSON.stringify({ stats: { failures: 1 }, tests: [], pending: [], failures: [], passes: [] });
    await open({ quench: { admitted: true, startActive: true, batches: "hidden" }, quenchReport });
    expect(await runSelfTest(page, 5000)).toEqual({ runner: "quench", keys: [], json: quenchReport, failed: true });
  });

  it("fails at once, saying so, when neither can run the batches", async () => {
    await open({ quench: { admitted: false, batches: "map" } });
    const started = Date.now();
    await expect(runSelfTest(page, 60_000)).rejects.toThrow(
      /^neither Tactica's runner \(game\.tactica\.selfTest is missing: is dist\/ built from this commit\?\) nor an active Quench can run the batches$/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("stops a run that outlives its time limit", async () => {
    await open({ selfTest: { keys: ["tactica.packs"], report: REPORT, delayMs: 2000 } });
    await expect(runSelfTest(page, 100)).rejects.toThrow("the batches did not finish within 0.1 s");
  });

  it("enables Quench, reloads, and reads the batches its window lists once Tactica registered them", async () => {
    await open({ quench: { admitted: true, batches: "map", registerAfterMs: 300 } });
    const lines: string[] = [];
    const window = await enableQuench(page, (l) => lines.push(l), { registrationMs: 5000 });
    expect(window).toEqual({ state: "active", version: "0.9.2", keys: ["tactica.packs"] });
    expect(lines).toEqual(["Quench 0.9.2 active"]);
  });

  it("reports a Quench that stays inactive at once, with its compatibility, without waiting for it", async () => {
    await open({ quench: { admitted: false, batches: "map" } });
    expect(await enableQuench(page, () => {}, { registrationMs: 60_000 })).toEqual({
      state: "inactive",
      version: "0.9.2",
      why: 'enabled, reloaded, still inactive; its compatibility: {"minimum":"12","verified":"12"}',
    });
  });

  it("reads Quench's private batch list only when it is a map, and reports it unknown otherwise", async () => {
    await open({ quench: { admitted: true, startActive: true, batches: "hidden" } });
    expect(await enableQuench(page, () => {}, { registrationMs: 5000 })).toEqual({
      state: "active",
      version: "0.9.2",
      keys: null,
    });
  });

  it("says when Foundry does not see the Quench module at all", async () => {
    await open({});
    await expect(enableQuench(page, () => {})).rejects.toThrow(
      "Foundry does not see the Quench module in Data/modules/quench",
    );
  });
});

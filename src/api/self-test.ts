/**
 * `game.tactica.selfTest`: the in-Foundry self-test, run in the world's page by `npm run e2e`
 * (scripts/e2e/driver.ts) or by a GM from the browser console (`await game.tactica.selfTest.run()`).
 * Its code — the batches and Tactica's own runner — is a chunk of its own (src/contract/), which
 * hooks/quench.ts installs here on `init` and which loads on first use: a world that never runs
 * the self-test never downloads it. The report is plain JSON data.
 */

/** One test's outcome; `skipped` when a `before` hook of its suite failed, so it never ran. */
export interface SelfTestResult {
  /** The suite titles and the test's own, joined by spaces (Mocha's full title, without the batch). */
  title: string;
  state: "passed" | "failed" | "skipped";
  ms: number;
  error?: string;
  stack?: string;
}

/** A world document a batch created and had not deleted when it ended (the runner deleted it then). */
export interface SelfTestLeftover {
  documentName: string;
  id: string;
  type?: string;
  name?: string;
  /** Whether the runner's own deletion succeeded. */
  removed: boolean;
}

export interface SelfTestBatch {
  key: string;
  name: string;
  tests: SelfTestResult[];
  hookFailures: { title: string; error: string; stack?: string }[];
  leftovers: SelfTestLeftover[];
}

export interface SelfTestReport {
  /** Who ran the batches: Tactica's own runner (Quench reports are converted by scripts/e2e/report.ts). */
  runner: "tactica";
  batches: SelfTestBatch[];
}

export interface SelfTest {
  /** The batch keys, every one starting with `tactica.`, in their order. */
  keys(): Promise<string[]>;
  /** Runs the batches named (all by default) in this world, as the current user (a GM). */
  run(keys?: readonly string[]): Promise<SelfTestReport>;
}

let load: (() => Promise<SelfTest>) | null = null;

/** Installs the loader of the self-test's chunk (hooks/quench.ts, on `init`). */
export function installSelfTest(loader: () => Promise<SelfTest>): void {
  load = loader;
}

async function loaded(): Promise<SelfTest> {
  if (!load) throw new Error("Tactica's self-test is not installed (it is set up on init)");
  return load();
}

/** What `game.tactica.selfTest` is: each call loads the chunk (once: the module stays loaded). */
export const selfTest: SelfTest = {
  keys: async () => (await loaded()).keys(),
  run: async (keys) => (await loaded()).run(keys),
};

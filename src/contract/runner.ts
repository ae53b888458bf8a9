/**
 * Tactica's own test runner for the self-test batches, in the world's page: the part of Mocha's
 * BDD interface the batches use (`describe`, `it`, `before`, `after`, https://mochajs.org/#bdd and
 * #hooks), so that `npm run e2e` runs them without Quench. It knows nothing of Foundry.
 *
 * As in Mocha: a batch's registration function declares its suites and tests when the batch is
 * collected (suite bodies are synchronous), nothing runs before every batch is declared, a suite
 * runs its `before` hooks, then its own tests, then its child suites, then its `after` hooks, in
 * the order they were declared; a failing `before` hook skips what the suite holds (and is one
 * failure); `after` hooks always run, and a failing one does not stop the next. Each test and hook
 * has a time limit. Unlike Mocha, there is no `this` context, no `.only`/`.skip`, no retries.
 */
import type { BatchAssert, BatchContext } from "./context";
import type { SelfTestBatch, SelfTestLeftover, SelfTestResult } from "../api/self-test";

type Fn = () => unknown;

interface Suite {
  title: string;
  tests: { title: string; fn: Fn }[];
  suites: Suite[];
  before: Fn[];
  after: Fn[];
}

/** Thrown by an `after` hook that found world documents a batch left behind (contract/leftovers.ts). */
export class LeftoverError extends Error {
  constructor(readonly leftovers: SelfTestLeftover[]) {
    super(`left ${leftovers.length} world document(s) behind: ${leftoverKinds(leftovers).join(", ")}`);
    this.name = "LeftoverError";
  }
}

/** Leftovers by kind, e.g. `ChatMessage (rollCard) ×2`, in first-seen order. */
export function leftoverKinds(leftovers: readonly SelfTestLeftover[]): string[] {
  const counts = new Map<string, number>();
  for (const l of leftovers) {
    const kind = l.type ? `${l.documentName} (${l.type})` : l.documentName;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind} ×${n}`);
}

const emptySuite = (title: string): Suite => ({ title, tests: [], suites: [], before: [], after: [] });

/** Calls a batch's registration function with a context that records its suites, tests and hooks. */
export async function collect(register: (context: BatchContext) => unknown, assert: BatchAssert): Promise<Suite> {
  const root = emptySuite("");
  let current: Suite | null = root;
  const here = (what: string): Suite => {
    if (!current)
      throw new Error(`${what} was called after the batch was collected: declare tests when the batch starts`);
    return current;
  };
  const context: BatchContext = {
    describe(title, fn) {
      const parent = here("describe");
      const suite = emptySuite(title);
      parent.suites.push(suite);
      current = suite;
      try {
        fn();
      } finally {
        current = parent;
      }
    },
    it: (title, fn) => void here("it").tests.push({ title, fn }),
    before: (fn) => void here("before").before.push(fn),
    after: (fn) => void here("after").after.push(fn),
    assert,
  };
  await register(context);
  current = null;
  return root;
}

/** The first lines of an error, for a report. */
export function describeError(error: unknown): { error: string; stack?: string } {
  if (!(error instanceof Error)) return { error: String(error) };
  const stack = error.stack?.split("\n").slice(0, 8).join("\n");
  return stack ? { error: error.message, stack } : { error: error.message };
}

/** Runs `fn`, failing after `ms` (the test itself cannot be stopped: it is left to settle). */
async function timed(fn: Fn, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const titleOf = (path: string[], title: string) => [...path, title].filter(Boolean).join(" ");

/** Every test under `suite`, marked as not run (a `before` hook above them failed). */
function skipped(suite: Suite, path: string[]): SelfTestResult[] {
  const here = [...path, suite.title];
  return [
    ...suite.tests.map((t): SelfTestResult => ({ title: titleOf(here, t.title), state: "skipped", ms: 0 })),
    ...suite.suites.flatMap((s) => skipped(s, here)),
  ];
}

/** Runs one suite and what it holds, appending the results to `out`. */
async function runSuite(suite: Suite, path: string[], out: SelfTestBatch, ms: number): Promise<void> {
  const here = [...path, suite.title];
  const where = titleOf(here, "") || "the batch";
  let ready = true;
  for (const hook of suite.before) {
    try {
      await timed(hook, ms);
    } catch (error) {
      out.hookFailures.push({ title: `"before all" hook of ${where}`, ...describeError(error) });
      ready = false;
      break;
    }
  }
  if (ready) {
    for (const test of suite.tests) {
      const started = Date.now();
      try {
        await timed(test.fn, ms);
        out.tests.push({ title: titleOf(here, test.title), state: "passed", ms: Date.now() - started });
      } catch (error) {
        out.tests.push({
          title: titleOf(here, test.title),
          state: "failed",
          ms: Date.now() - started,
          ...describeError(error),
        });
      }
    }
    for (const child of suite.suites) await runSuite(child, here, out, ms);
  } else out.tests.push(...skipped({ ...suite, title: "" }, here));
  for (const hook of suite.after) {
    try {
      await timed(hook, ms);
    } catch (error) {
      if (error instanceof LeftoverError) out.leftovers.push(...error.leftovers);
      else out.hookFailures.push({ title: `"after all" hook of ${where}`, ...describeError(error) });
    }
  }
}

/** Default time limit of one test or hook (the batches import compendium actors and post cards). */
export const TEST_TIMEOUT_MS = 60_000;

/**
 * Collects and runs one batch. A registration function that throws is reported as a failed hook
 * (the batch then runs nothing).
 */
export async function runBatch(
  batch: { key: string; name: string; register: (context: BatchContext) => unknown },
  assert: BatchAssert,
  timeoutMs = TEST_TIMEOUT_MS,
): Promise<SelfTestBatch> {
  const out: SelfTestBatch = { key: batch.key, name: batch.name, tests: [], hookFailures: [], leftovers: [] };
  let root: Suite;
  try {
    root = await collect(batch.register, assert);
  } catch (error) {
    out.hookFailures.push({ title: "the batch's registration", ...describeError(error) });
    return out;
  }
  await runSuite(root, [], out, timeoutMs);
  return out;
}

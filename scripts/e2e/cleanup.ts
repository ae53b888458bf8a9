/**
 * Clean-up that always happens: each resource a run creates (temporary folder, server process,
 * browser) registers how to undo itself, and `run()` undoes them all, newest first, exactly once —
 * from a `finally` block, or from a signal handler when the run is interrupted (Ctrl-C, CI cancel).
 */
import fs from "node:fs";

type Step = { name: string; fn: () => void | Promise<void> };

export class Cleanup {
  #steps: Step[] = [];
  #running: Promise<string[]> | null = null;

  /** Registers an undo step; returns a function that drops it (for resources already released). */
  add(name: string, fn: () => void | Promise<void>): () => void {
    const step = { name, fn };
    this.#steps.push(step);
    return () => {
      this.#steps = this.#steps.filter((s) => s !== step);
    };
  }

  /** Registers the removal of a folder (recursive, no error if already gone). */
  addDir(dir: string): () => void {
    return this.add(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  }

  get pending(): number {
    return this.#steps.length;
  }

  /**
   * Runs every registered step, newest first, each once; a failing step does not stop the others.
   * Returns the problems met (empty when all went well). A call made while a run is under way (a
   * signal arriving during the `finally` clean-up) waits for that same run.
   */
  run(): Promise<string[]> {
    this.#running ??= (async () => {
      const problems: string[] = [];
      while (this.#steps.length) {
        const step = this.#steps.pop()!;
        try {
          await step.fn();
        } catch (e) {
          problems.push(`${step.name}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      this.#running = null;
      return problems;
    })();
    return this.#running;
  }
}

export const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const EXIT_CODES: Record<(typeof SIGNALS)[number], number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/**
 * What to do on a signal: clean up, then exit with the conventional code (128 + signal number).
 * A second signal while cleaning up exits at once.
 */
export function signalHandler(
  cleanup: Cleanup,
  exit: (code: number) => void,
  log: (line: string) => void,
): (signal: (typeof SIGNALS)[number]) => Promise<void> {
  let interrupted = false;
  return async (signal) => {
    if (interrupted) return exit(EXIT_CODES[signal]);
    interrupted = true;
    log(`e2e: ${signal} received — stopping Foundry and removing temporary folders`);
    const problems = await cleanup.run();
    for (const p of problems) log(`e2e: clean-up problem: ${p}`);
    exit(EXIT_CODES[signal]);
  };
}

/** Installs the handler on the process for each signal; returns a function that removes them. */
export function onSignals(handler: (signal: (typeof SIGNALS)[number]) => Promise<void>): () => void {
  const listeners = SIGNALS.map((signal) => {
    const listener = () => void handler(signal);
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}

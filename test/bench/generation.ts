/**
 * The label of a Node benchmark that runs on the Foundry fake: the generation the fake plays in
 * this pass (`[v13]`, or `[v14]` in the v14 project: vitest.config.ts), read from `game.release`
 * as the system reads it — so each such row is printed once per generation, labelled. The
 * benchmarks of the pure rules (no fake) run once, in the v13 project only, and say so in their
 * names.
 */
export function generationLabel(): string {
  const generation = (globalThis as { game?: { release?: { generation?: number } } }).game?.release?.generation;
  if (generation === undefined) throw new Error("generationLabel: no Foundry fake installed yet");
  return `[v${generation}]`;
}

/** The suffix of a pure-rules benchmark's name (run once: the generation cannot matter). */
export const PURE = "(pure rules, run once: no generation)";

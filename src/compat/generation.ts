/**
 * The compatibility seam (DESIGN §4): everything that differs between Foundry v13 (from 13.347) and
 * v14 goes through `src/compat/`, and nowhere else branches on the generation.
 *
 * House rules for this folder:
 * - Prefer feature detection when the real question is "does this API exist"; use the generation
 *   only when behaviour differs under the same name.
 * - v14-only names are reached through small typed views declared in the file that needs them —
 *   never through global augmentation (fvtt-types 13.345 knows v13 only).
 * - Write in the running generation's vocabulary, read both; never persist v14-only data on v13.
 * - Every v13 path carries `@deprecated v13` so it can be deleted when v13 support ends.
 */

/** The running Foundry generation (13, 14…), from `game.release` (https://foundryvtt.com/api/v13/classes/foundry.config.ReleaseData.html). */
export function generation(): number {
  // Core sets game.release before any system code runs; the type allows undefined before that.
  const release = game.release;
  if (!release) throw new Error("Tactica: Foundry's release data is not available yet");
  return release.generation;
}

/** True on Foundry v14 or later. */
export function isV14(): boolean {
  return generation() >= 14;
}

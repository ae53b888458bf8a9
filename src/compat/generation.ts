/**
 * The compatibility seam (DESIGN §4): everything that differs between Foundry v13 (from 13.347) and
 * v14 goes through `src/compat/`, and nowhere else branches on the generation.
 *
 * House rules for this folder:
 * - Prefer feature detection when the real question is "does this API exist"; use the generation
 *   only when behaviour differs under the same name.
 * - v14-only names are never asserted (fvtt-types 13.345 knows v13 only). Where the typings can be
 *   extended (a global, a setting), the v14 member is declared once in src/setup/fvtt-config.ts, in
 *   the section of its core area, citing the API page that documents it. Where they cannot (CONFIG's
 *   entry for a document and a class's statics are fixed types; `foundry.data` is a module
 *   namespace), the member is read after an `in` check that it is there (./guards.ts), or through a
 *   type predicate that checks it at run time.
 * - Write in the running generation's vocabulary, read both; never persist v14-only data on v13.
 * - Every v13 path carries `@deprecated v13` so it can be deleted when v13 support ends.
 */
import { notifyWarning } from "../utils/notify";

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

/**
 * The first v14 build where a player sees their own "private to GM" rolls: on 14.359–14.360 core
 * hid them from their roller (foundryvtt#14258, fixed in 14.361), so a roller's
 * private card shows no dice and no push or resist button to them.
 */
export const FIRST_SOUND_V14_BUILD = 361;

/** True on a v14 build before {@link FIRST_SOUND_V14_BUILD} (`game.release.build`). */
export function hidesOwnPrivateRolls(): boolean {
  const release = game.release;
  return !!release && release.generation === 14 && release.build < FIRST_SOUND_V14_BUILD;
}

/**
 * On `ready`: tells a GM, once per world load, that this v14 build hides players' own private
 * rolls from them, and to update (a localised warning that stays until dismissed). Nothing on v13
 * or on 14.361 and later. Returns whether it warned.
 */
export function warnOfUnsoundBuild(): boolean {
  if (!game.user?.isGM || !hidesOwnPrivateRolls()) return false;
  notifyWarning("TACTICA.Compat.oldV14Build", { version: String(game.release?.version ?? "") }, { permanent: true });
  return true;
}

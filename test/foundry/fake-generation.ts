/**
 * Part of the Foundry FAKE (see fake.ts): the generation it plays — Foundry v13 (13.351) or v14
 * (14.361) — and its record of calls that do not belong to that generation. A fake is installed
 * as v13, or as v14 when the environment says `TACTICA_FAKE_GENERATION=14` (the second pass of the
 * Foundry-layer suite, vitest.config.ts); {@link setFakeGeneration} switches an installed fake,
 * before scenes or documents are made; each part of the fake registers what changes with the
 * generation ({@link onGenerationChange}). The record is emptied by every install;
 * test/setup/globals.ts fails any test that leaves one behind, so the whole suite asserts that
 * Tactica raises no deprecation on v14 and writes no v14-only data on v13. Self-tests that exercise
 * the record take it with {@link takeGenerationRecord}.
 *
 * Behaviours:
 * - `game.release` names the generation (13 or 14), set by core before any system code runs.
 *   Source: https://foundryvtt.com/api/v13/classes/foundry.config.ReleaseData.html. Contract:
 *   `release.generation`.
 * - v14 renamed APIs that v13 code calls; the old names keep working on v14 with a deprecation
 *   warning until v16 (the v14 fake records each use, {@link deprecatedUse}); v13 silently drops
 *   v14-only data or options (the v13 fake records them, {@link v14OnlyUse}). Source: dnd5e 5.3.3
 *   `dnd5e.mjs` (`CONFIG.compatibility.excludePatterns` lists these warnings). Contract: none —
 *   manual check "the console shows no deprecation warning raised by Tactica". A few rules
 *   are Tactica's own, not core's, and recorded as such ({@link tacticaRuleUse}): they hold Tactica
 *   to its own v14 reading (docs/rules-decisions.md "Foundry v14").
 */
import type { FakeFoundry } from "./fake";

export type Generation = 13 | 14;

/** `game.release` of the stable builds the fake plays (14.361: the first v14 build the manual checks accept). */
export const RELEASES: Readonly<
  Record<Generation, { generation: Generation; build: number; channel: string; version: string }>
> = {
  13: { generation: 13, build: 351, channel: "Stable", version: "13.351" },
  14: { generation: 14, build: 361, channel: "Stable", version: "14.361" },
};

/** The running generation, from `game.release` (as src/compat/generation.ts reads it). */
export function fakeGeneration(): number {
  return (globalThis as { game?: { release?: { generation?: number } } }).game?.release?.generation ?? 13;
}

/** True when the fake plays v14. */
export function isFakeV14(): boolean {
  return fakeGeneration() >= 14;
}

/** The generation a new fake is installed as: v14 when `TACTICA_FAKE_GENERATION=14`, else v13. */
export function defaultGeneration(): Generation {
  return process.env.TACTICA_FAKE_GENERATION === "14" ? 14 : 13;
}

type Switch = (v14: boolean) => void;
let switches: Switch[] = [];
const record: string[] = [];

/** Forgets the switches and the record of an earlier install (called first by installFoundryFake). */
export function resetGenerationState(): void {
  switches = [];
  record.length = 0;
}

/** Registers what a part of the fake changes with the generation; it runs at every switch. */
export function onGenerationChange(fn: Switch): void {
  switches.push(fn);
}

/**
 * Makes an installed fake a Foundry of `generation`: its `game.release`, then every part's
 * switch (scene, region and token classes, mode lists, effect shapes). Call before creating
 * scenes or documents (e.g. in the `before` callback of `loadWorld`).
 */
export function setFakeGeneration(fake: FakeFoundry, generation: Generation): void {
  Object.assign(fake.game.release as object, RELEASES[generation]);
  for (const fn of switches) fn(generation === 14);
}

/** Records the use of a name v14 deprecates (nothing on v13, where it is the current name). */
export function deprecatedUse(name: string): void {
  if (isFakeV14()) record.push(`v14 deprecation: ${name}`);
}

/** Records v14-only data or options handed to v13 (nothing on v14). */
export function v14OnlyUse(what: string): void {
  if (!isFakeV14()) record.push(`v14-only on v13: ${what}`);
}

/**
 * Records the breach of a rule of Tactica's own that the v14 fake enforces although core is not
 * known to (each use is named so in the fake: e.g. reading `ActiveEffect#changes` on v14). Nothing
 * on v13.
 */
export function tacticaRuleUse(what: string): void {
  if (isFakeV14()) record.push(`Tactica rule (v14, not core's): ${what}`);
}

/** The record so far, emptied (for self-tests of the record, and the check after each test). */
export function takeGenerationRecord(): string[] {
  return record.splice(0);
}

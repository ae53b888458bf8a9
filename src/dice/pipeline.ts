/**
 * The one roll pipeline (STYLE: dnd5e's staged rolls, with `tactica.*` hooks). Every Tactica roll
 * goes through these stages, each of which modules and tests can intercept:
 *
 * 1. `Hooks.call("tactica.preRoll", config)` — a handler may change `config` (options, roll
 *    mode, message data) or return `false` to cancel the roll;
 * 2. configure — the caller's dialog (`configure`), skipped when `fastForward` (shift-click: the
 *    defaults are rolled as they are); it returns changes, or null to cancel;
 * 3. evaluate — the roll class is built from the (possibly changed) options and rolled, on this
 *    client with its dice settings (manual fulfilment included), never interactively for a blind
 *    roll (the roller must not see its result: core's `Roll#toMessage` does the same);
 * 4. `Hooks.callAll("tactica.roll", roll, config)`;
 * 5. post — `roll.toMessage(messageData, mode option)` in the running generation's vocabulary
 *    (src/compat/message-mode.ts), so blind, GM-only and self rolls are whispered or hidden by
 *    Foundry itself.
 *
 * It knows nothing of actors or documents: callers pass the options, the speaker and the dialog.
 */
import type { BaseRollOptions, TacticaRoll } from "./base";
import { currentMessageMode, messageModeOption, normaliseMode, type ModeKey } from "../compat/message-mode";

/**
 * A roll (v13) or message (v14) mode key, either vocabulary; null or absent means the user's
 * current mode.
 */
export type RollModeKey = ModeKey;

/** What the configure step (a dialog) may change. */
export interface RollConfigureResult<O> {
  options?: Partial<O>;
  rollMode?: RollModeKey | null;
}

/** A roll class the pipeline can build: Tactica's roll classes all fit. */
export type RollClass<O extends BaseRollOptions, R extends TacticaRoll<O>> = (new (
  formula: string,
  data: Record<string, never>,
  options: O,
) => R) & { assertOptions(options: O): void };

export interface RollPipelineConfig<O extends BaseRollOptions, R extends TacticaRoll<O>> {
  rollClass: RollClass<O, R>;
  /** the formula, or a function building it from the options once they are configured */
  formula: string | ((options: O) => string);
  options: O;
  /** the dialog step, injected by the caller; resolve null to cancel */
  configure?: ((config: RollPipelineConfig<O, R>) => Promise<RollConfigureResult<O> | null>) | null;
  /** skip the dialog and roll the defaults (shift-click) */
  fastForward?: boolean;
  /** chat message data: speaker, flavor, flags… (the roll adds itself) */
  messageData?: Record<string, unknown>;
  /** more message data computed from the evaluated roll (a card's notes), merged before posting */
  messageDataFor?: ((roll: R) => Record<string, unknown>) | null;
  rollMode?: RollModeKey | null;
  /** false to evaluate only, without posting a message */
  post?: boolean;
}

/**
 * The config as the `tactica.preRoll` and `tactica.roll` hooks hand it to listeners: what a
 * listener may read or change whatever the roll class (the config object itself is passed).
 */
export type RollHookConfig = Pick<
  RollPipelineConfig<BaseRollOptions, TacticaRoll<BaseRollOptions>>,
  "options" | "fastForward" | "messageData" | "rollMode" | "post"
>;

export interface RollPipelineResult<R> {
  roll: R;
  /** the created chat message (null when `post` is false) */
  message: unknown;
}

/**
 * Runs a roll through every stage (see the module comment). Resolves null when a `tactica.preRoll`
 * handler or the configure step cancelled it; errors (an invalid option, a failed post) reject.
 */
export async function rollPipeline<O extends BaseRollOptions, R extends TacticaRoll<O>>(
  config: RollPipelineConfig<O, R>,
): Promise<RollPipelineResult<R> | null> {
  if (Hooks.call("tactica.preRoll", config) === false) return null;

  if (config.configure && !config.fastForward) {
    const changes = await config.configure(config);
    if (changes === null) return null;
    if (changes.options) config.options = { ...config.options, ...changes.options };
    if (changes.rollMode !== undefined) config.rollMode = changes.rollMode;
  }

  config.rollClass.assertOptions(config.options);
  const formula = typeof config.formula === "function" ? config.formula(config.options) : config.formula;
  const roll = new config.rollClass(formula, {}, config.options);
  const mode = normaliseMode(config.rollMode) ?? currentMessageMode();
  await roll.evaluate({ allowInteractive: mode !== "blind" });
  Hooks.callAll("tactica.roll", roll, config);

  if (config.post === false) return { roll, message: null };
  const data = { ...(config.messageData ?? {}), ...(config.messageDataFor?.(roll) ?? {}) };
  // fvtt-types 13.345 knows `rollMode` only; v14's `messageMode` is the same option renamed.
  const message = await roll.toMessage(data, messageModeOption(mode) as Parameters<R["toMessage"]>[1]);
  return { roll, message };
}

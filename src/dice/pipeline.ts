/**
 * The one roll pipeline (STYLE: dnd5e's staged rolls, with `tactica.*` hooks). Every Tactica roll
 * goes through these stages, each of which modules and tests can intercept:
 *
 * 1. `Hooks.call("tactica.preRoll", config)` — before any dialog: a handler may change `config`
 *    (the options and roll mode rolled when the dialog is skipped, the dialog's defaults
 *    `config.dialog.input`, `fastForward` to skip the dialog, the message data) or return
 *    `false` to cancel the roll;
 * 2. configure — the roll's dialog (`config.dialog`: by default its roll class's, a static a
 *    module replaces through `CONFIG.Dice.<Roll>.DIALOG`), skipped when `fastForward`
 *    (shift-click: the configuration is rolled as it is); its answer is applied to the config
 *    (the options, the formula, the card's data, the roll mode), and closing it, or an answer the
 *    use case refuses, cancels the roll;
 * 3. evaluate — the roll class is built from the (possibly changed) options and rolled, on this
 *    client with its dice settings (manual fulfilment included), never interactively for a blind
 *    roll (the roller must not see its result: core's `Roll#toMessage` does the same);
 * 4. `Hooks.callAll("tactica.roll", roll, config)`;
 * 5. post — `roll.toMessage(messageData, mode option)` in the running generation's vocabulary
 *    (src/compat/message-mode.ts), so blind, GM-only and self rolls are whispered or hidden by
 *    Foundry itself.
 *
 * It knows nothing of actors or documents: callers pass the options, the speaker and the dialog's input.
 */
import type { BaseRollOptions, TacticaRoll } from "./base";
import {
  currentMessageMode,
  messageModeOption,
  normaliseMode,
  type MessageMode,
  type ModeKey,
} from "../compat/message-mode";

/**
 * A roll (v13) or message (v14) mode key, either vocabulary; null or absent means the user's
 * current mode.
 */
export type RollModeKey = ModeKey;

/** What a roll dialog resolves besides its own answer: the mode its card is posted in. */
export interface ModeChoice {
  messageMode: MessageMode;
}

/**
 * A roll's configuration dialog (src/applications/dialogs/), a static of its roll class set on
 * init: opened with `input` in `opener`'s window, it resolves the user's answer and the message
 * mode, or null when closed.
 */
export type RollDialog<I, A> = (input: I, opener?: unknown) => Promise<(A & ModeChoice) | null>;

/** The configure stage of a roll: its dialog, what it opens with, and what its answer changes. */
export interface DialogStage<O extends BaseRollOptions, R extends TacticaRoll<O>, I, A> {
  /** The dialog, its roll class's (null until set on init: the roll then fails loudly). */
  open: RollDialog<I, A> | null;
  /** What it opens with: its defaults. */
  input: I;
  /** The window the roll was asked from: the dialog opens in it (v14 pop-outs). */
  opener?: unknown;
  /**
   * Applies the answer to `config` (its options, formula, message data), or says why it is
   * refused and is false: the roll is then cancelled. Not called when the dialog is skipped.
   */
  apply(answer: A, config: RollPipelineConfig<O, R, I, A>): boolean;
}

/** A roll class the pipeline can build: Tactica's roll classes all fit. */
export type RollClass<O extends BaseRollOptions, R extends TacticaRoll<O>> = (new (
  formula: string,
  data: Record<string, never>,
  options: O,
) => R) & { assertOptions(options: O): void };

export interface RollPipelineConfig<O extends BaseRollOptions, R extends TacticaRoll<O>, I = unknown, A = unknown> {
  rollClass: RollClass<O, R>;
  /** the formula, or a function building it from the options once they are configured */
  formula: string | ((options: O) => string);
  options: O;
  /** the configure stage (the roll's dialog); none: the roll is rolled as configured */
  dialog?: DialogStage<O, R, I, A> | null;
  /** skip the dialog and roll the configuration as it is (shift-click) */
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
> & { dialog?: { input: unknown; opener?: unknown } | null };

export interface RollPipelineResult<R> {
  roll: R;
  /** the created chat message (null when `post` is false) */
  message: unknown;
}

/**
 * Runs a roll through every stage (see the module comment). Resolves null when a `tactica.preRoll`
 * handler or the configure stage cancelled it; errors (an invalid option, a failed post) reject.
 */
export async function rollPipeline<O extends BaseRollOptions, R extends TacticaRoll<O>, I, A>(
  config: RollPipelineConfig<O, R, I, A>,
): Promise<RollPipelineResult<R> | null> {
  if (Hooks.call("tactica.preRoll", config) === false) return null;
  if (config.dialog && !config.fastForward && !(await configure(config, config.dialog))) return null;

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

/** The configure stage: the dialog opened, its answer applied; false when it was closed or its answer refused. */
async function configure<O extends BaseRollOptions, R extends TacticaRoll<O>, I, A>(
  config: RollPipelineConfig<O, R, I, A>,
  dialog: DialogStage<O, R, I, A>,
): Promise<boolean> {
  if (!dialog.open)
    throw new Error("Tactica: a roll's dialog is set on its roll class on init (src/setup/registration.ts)");
  const answer = await dialog.open(dialog.input, dialog.opener);
  if (!answer) return false;
  config.rollMode = answer.messageMode;
  return dialog.apply(answer, config);
}

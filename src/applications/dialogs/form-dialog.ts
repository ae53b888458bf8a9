/**
 * The roll configuration dialogs (DESIGN §4): a DialogV2 whose content is one of
 * templates/dialogs/*.hbs, read back as form data when the user rolls, with a live odds line that
 * `odds` recomputes from the form on every change. Display and dispatch only: the odds come from
 * src/rules, the roll from the caller.
 *
 * How core's DialogV2 behaves, and what this file does about it (docs/foundry-behaviour.md §3;
 * https://foundryvtt.com/api/v13/interfaces/foundry.DialogV2Button.html):
 * - a button callback that returns `null`/`undefined` makes the dialog submit the button's ACTION
 *   instead ("Otherwise, the button's identifier is used"), so "null means refused" would roll with
 *   the string "ok". The callback here always returns a tagged {@link Submission}; `submit`
 *   treats anything else as a cancel, and never rolls for it;
 * - a click on a button never runs the browser's `min`/`max` validation (core prevents the click's
 *   default), so every value is checked by `read`;
 * - with `form.closeOnSubmit` (the default) the dialog closes on every submission, and a throwing
 *   callback leaves it with disabled buttons. Here the dialog is an instance with `closeOnSubmit:
 *   false` whose `submit` resolves only valid input: a refused input shows its message in the
 *   dialog (and as a notification) and the dialog stays open for a correction (dnd5e 5.3's
 *   `_confirmDialog` shape, `module/applications/api/application-v2-mixin.mjs`);
 * - DialogV2 renders its content inside its own `<form class="dialog-form">`, so the templates'
 *   root is a `<div>` (a nested `<form>` would be dropped by the HTML parser), and every element
 *   id is prefixed by a per-render `uid` (two open dialogs never share an id);
 * - the dialog opens in the window of the application it was asked from (`opener`: v14 pop-outs,
 *   src/compat/windows.ts);
 * - every roll dialog (one without its own `button`) ends with a message-mode picker
 * (templates/dialogs/message-mode.hbs) built
 *   from the running generation's list (src/compat/message-mode.ts `modeChoices`), the user's
 *   current mode selected; the chosen mode comes back with the result (`messageMode`) for the
 *   roll pipeline. A value that is not one of the modes is refused like any bad input; a form
 *   without it rolls in the user's current mode.
 */
import { renderChild } from "../../compat/windows";
import { currentMessageMode, modeChoices, normaliseMode } from "../../compat/message-mode";
import { notifyError } from "../../utils/notify";
import { MODIFIER_BOUND } from "../../rules/modifiers";
import { minus } from "../../utils/signed";
import type { ModeChoice } from "../../dice/pipeline";

export type { ModeChoice };

/** Where the dialog templates live, as Foundry loads them. */
export const DIALOG_TEMPLATE_ROOT = "systems/tactica/templates/dialogs";

/** Every dialog template, for preloading. */
export const DIALOG_TEMPLATES = [
  "pool",
  "pressure",
  "profile",
  "psy",
  "score",
  "attack",
  "move",
  "confirm",
  "message-mode",
].map((name) => `${DIALOG_TEMPLATE_ROOT}/${name}.hbs`);

/** The message-mode picker every roll dialog ends with. */
export const MESSAGE_MODE_TEMPLATE = `${DIALOG_TEMPLATE_ROOT}/message-mode.hbs`;

/** A form's values, as FormDataExtended reads them (dotted names expanded by the caller). */
export type FormValues = Record<string, unknown>;

/** A dialog's odds line: its text, or its text with the details a tooltip gives (the formula). */
export type OddsLine = string | { text: string; tooltip: string };

/** A refused input: the language key of its message, and the message's data. */
export interface Refusal {
  refused: string;
  data?: Record<string, string>;
}

/** Refuses the form's input with the message `key` (formatted with `data`). */
export function refuse(key: string, data?: Record<string, string>): Refusal {
  return data ? { refused: key, data } : { refused: key };
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && "refused" in value && typeof value.refused === "string";
}

export interface FormDialogSpec<T> {
  title: string;
  template: string;
  context: object;
  /** turns the form's values into the result, or a {@link Refusal} (the dialog then stays open) */
  read(values: FormValues): T | Refusal;
  /** the odds line for the current values ("" hides it) */
  odds?(values: FormValues): OddsLine;
  /** the confirm button when it is no roll (a language key and a Font Awesome class); default "Roll" */
  button?: { label: string; icon: string };
}

/**
 * What the roll button's callback hands to `submit`: a fresh object per click, which `submit` recognises by
 * identity (the dialog's own last submission), so core's fallback action or a module's button never passes for it.
 */
interface Submission<T> {
  readonly picked: (T & ModeChoice) | Refusal;
}

/**
 * The dialog as this file uses it: the DialogV2 members it calls. The dialog is held through this narrower view
 * (checked by the compiler, no assertion) because fvtt-types 13.345 does not know v14's `window.detached` render
 * option that {@link renderChild} may pass.
 */
interface DialogLike {
  readonly element: HTMLElement | undefined;
  render(options?: object): Promise<unknown>;
  close(options?: object): Promise<unknown>;
  addEventListener(type: string, fn: () => void, options?: { once?: boolean }): void;
}

function valuesOf(form: HTMLFormElement): FormValues {
  return new foundry.applications.ux.FormDataExtended(form).object;
}

/** A fresh prefix for the element ids of one render (`uid`): ids stay unique across open dialogs. */
export function renderUid(): string {
  return `tactica-${foundry.utils.randomID(8)}`;
}

/**
 * The form's result with the chosen message mode, or a refusal (an unknown mode, or the spec's
 * own). A form without the picker (content a module replaced) rolls in the user's current mode.
 */
function readWithMode<T>(spec: FormDialogSpec<T>, values: FormValues): (T & ModeChoice) | Refusal {
  const messageMode = values.messageMode === undefined ? currentMessageMode() : normaliseMode(values.messageMode);
  if (!messageMode) return refuse("TACTICA.Dialog.invalid");
  const { messageMode: _picked, ...own } = values;
  const picked = spec.read(own);
  if (isRefusal(picked)) return picked;
  return { ...picked, messageMode };
}

/**
 * What a roll dialog shows: its template, then — for a roll (a dialog without its own `button`) —
 * the message-mode picker, the user's current mode selected. Element ids start with `uid`.
 */
export async function dialogContent<T>(spec: FormDialogSpec<T>, uid: string): Promise<string> {
  const render = foundry.applications.handlebars.renderTemplate;
  const current = currentMessageMode();
  const modes = modeChoices().map((choice) => ({
    mode: choice.mode,
    label: choice.label,
    selected: choice.mode === current,
  }));
  // A dialog that is no roll (its own `button`) has no picker; its result carries the user's mode.
  const picker = spec.button ? "" : await render(MESSAGE_MODE_TEMPLATE, { uid, modes });
  return (await render(spec.template, { ...spec.context, uid })) + picker;
}

/** The dialog's one button (DialogV2Button): « Lancer », or the spec's own confirm button; the default. */
export function dialogButton<T>(spec: FormDialogSpec<T>): {
  action: string;
  label: string;
  icon: string;
  default: true;
} {
  return {
    action: "roll",
    label: game.i18n?.localize(spec.button?.label ?? "TACTICA.Dialog.roll") ?? "Roll",
    icon: spec.button?.icon ?? "fa-solid fa-dice",
    default: true,
  };
}

/** Shows a refusal's message in the dialog's refusal line and as a notification; `null` hides the line. */
function showRefusal(dialog: DialogLike, refusal: Refusal | null): void {
  // `hidden` is read with `in`, not `instanceof HTMLElement`: the dialog may be in another browser window (v14).
  const line = dialog.element?.querySelector("[data-refusal]");
  const message = refusal ? (game.i18n?.format(refusal.refused, refusal.data ?? {}) ?? refusal.refused) : "";
  if (line && "hidden" in line) {
    line.textContent = message;
    line.hidden = refusal === null;
  }
  if (refusal) notifyError(refusal.refused, refusal.data);
}

/** Writes `odds` into the odds line: its text, and its details as core's tooltip (`data-tooltip`) when it has some. */
function showOdds(line: Element, odds: OddsLine): void {
  const { text, tooltip } = typeof odds === "string" ? { text: odds, tooltip: "" } : odds;
  line.textContent = text;
  if (tooltip) line.setAttribute("data-tooltip", tooltip);
  else line.removeAttribute("data-tooltip");
}

/** The odds line (`[data-odds]`) follows the form: filled on every render and every change. */
function followOdds<T>(dialog: DialogLike, spec: FormDialogSpec<T>): void {
  dialog.addEventListener("render", () => {
    const form = dialog.element?.querySelector("form");
    if (!form) return;
    const refresh = () => {
      const line = form.querySelector("[data-odds]");
      if (line && spec.odds) showOdds(line, spec.odds(valuesOf(form)));
    };
    form.addEventListener("input", refresh);
    form.addEventListener("change", refresh);
    refresh();
  });
}

/**
 * Shows the dialog in `opener`'s window; resolves the result with the chosen message mode, or
 * `null` when the user closes it. A refused input keeps it open with the refusal's message.
 */
export async function formDialog<T extends object>(
  spec: FormDialogSpec<T>,
  opener: unknown = null,
): Promise<(T & ModeChoice) | null> {
  const content = await dialogContent(spec, renderUid());
  return new Promise<(T & ModeChoice) | null>((resolve) => {
    let settled = false;
    const finish = (value: (T & ModeChoice) | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    let submitted: Submission<T> | null = null;
    const dialog: DialogLike = new foundry.applications.api.DialogV2({
      window: { title: spec.title },
      classes: ["tactica", "tactica-dialog"],
      position: { width: 400 },
      content,
      form: { closeOnSubmit: false },
      buttons: [
        {
          ...dialogButton(spec),
          callback: (_event: Event, button: HTMLButtonElement): Submission<T> => {
            const picked = button.form ? readWithMode(spec, valuesOf(button.form)) : refuse("TACTICA.Dialog.invalid");
            return (submitted = { picked });
          },
        },
      ],
      submit: async (result: unknown) => {
        // Anything but our tagged submission (core's fallback action string, a module's button)
        // rolls nothing: the dialog is cancelled.
        const picked = submitted !== null && result === submitted ? submitted.picked : null;
        if (picked !== null && isRefusal(picked)) return showRefusal(dialog, picked);
        finish(picked);
        await dialog.close();
      },
    });
    dialog.addEventListener("close", () => finish(null), { once: true });
    followOdds(dialog, spec);
    void renderChild(opener, dialog);
  });
}

/**
 * A whole number typed in a form field (FormDataExtended gives a number input's number, or null
 * when empty): `empty` for an empty field, `null` for anything that is not a whole number.
 */
export function wholeNumber(value: unknown, empty: number | null = 0): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const text = String(value ?? "").trim();
  if (text === "") return empty;
  return /^[-+]?\d+$/.test(text) ? Number(text) : null;
}

/**
 * The dialogs' modifier field: a whole number within ±MODIFIER_BOUND (empty: 0) — the bound the
 * one writer checks again (src/rules/modifiers.ts) — else a refusal naming the field.
 */
export function modifierOf(values: FormValues): number | Refusal {
  const modifier = wholeNumber(values.modifier);
  const field = game.i18n?.localize("TACTICA.Card.modifier") ?? "";
  if (modifier === null) return refuse("TACTICA.Dialog.wholeNumber", { field });
  if (Math.abs(modifier) > MODIFIER_BOUND)
    return refuse("TACTICA.Dialog.between", { field, min: minus(MODIFIER_BOUND), max: String(MODIFIER_BOUND) });
  return modifier;
}

/** A whole number from a form value, or `fallback` (empty, or not a whole number). */
export function intOf(value: unknown, fallback = 0): number {
  if (typeof value === "number") return Number.isInteger(value) ? value : fallback;
  const text = String(value ?? "").trim();
  return /^[-+]?\d+$/.test(text) ? Number(text) : fallback;
}

/** A percentage for the odds line, in the user's language. */
export function percent(chance: number): string {
  return new Intl.NumberFormat(game.i18n?.lang ?? "en", { maximumFractionDigits: 0 }).format(chance * 100);
}

/**
 * The roll configuration dialogs (DESIGN §4): a DialogV2 whose content is one of
 * templates/dialog/*.hbs, read back as form data when the user rolls, with a live odds line that
 * `odds` recomputes from the form on every change. Display and dispatch only: the odds come from
 * src/rules, the roll from the caller.
 */

/** Where the dialog templates live, as Foundry loads them. */
export const DIALOG_TEMPLATE_ROOT = "systems/tactica/templates/dialog";

/** Every dialog template, for preloading. */
export const DIALOG_TEMPLATES = ["pool", "pressure", "profile", "psy", "score", "attack"].map((name) => `${DIALOG_TEMPLATE_ROOT}/${name}.hbs`);

/** A form's values, as FormDataExtended reads them (dotted names expanded by the caller). */
export type FormValues = Record<string, unknown>;

export interface FormDialogSpec<T> {
  title: string;
  template: string;
  context: object;
  /** turns the form's values into the result; null refuses (the dialog stays open) */
  read(values: FormValues): T | null;
  /** the odds line's text for the current values ("" hides it) */
  odds?(values: FormValues): string;
}

function valuesOf(form: HTMLFormElement): FormValues {
  const data = new foundry.applications.ux.FormDataExtended(form);
  return data.object as FormValues;
}

/** Shows the dialog; resolves the result, or null when the user closes it. */
export async function formDialog<T>(spec: FormDialogSpec<T>): Promise<T | null> {
  const content = await foundry.applications.handlebars.renderTemplate(spec.template, spec.context as Record<string, unknown>);
  const refresh = (form: HTMLFormElement) => {
    const line = form.querySelector<HTMLElement>("[data-odds]");
    if (line && spec.odds) line.textContent = spec.odds(valuesOf(form));
  };
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: spec.title },
    classes: ["tactica", "tactica-dialog"],
    content,
    rejectClose: false,
    ok: {
      label: game.i18n?.localize("TACTICA.Dialog.roll") ?? "Roll",
      icon: "fa-solid fa-dice",
      callback: (_event: Event, button: HTMLButtonElement) => (button.form ? spec.read(valuesOf(button.form)) : null),
    },
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      if (!form) return;
      form.addEventListener("input", () => refresh(form));
      form.addEventListener("change", () => refresh(form));
      refresh(form);
    },
  } as never);
  return (result ?? null) as T | null;
}

/** A whole number from a form value, or `fallback`. */
export function intOf(value: unknown, fallback = 0): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isInteger(n) ? n : fallback;
}

/** A percentage for the odds line, in the user's language. */
export function percent(chance: number): string {
  return new Intl.NumberFormat(game.i18n?.lang ?? "en", { maximumFractionDigits: 0 }).format(chance * 100);
}

/**
 * Plurals for language keys. Foundry's `game.i18n` has no plural helper, so a text that depends on
 * a count is a pair of keys, `<base>.one` and `<base>.other`, in each language file, and the form
 * is chosen by the CLDR rules of the client's language (`Intl.PluralRules`): French counts 0 and 1
 * (and 1,5) as singular, English only 1. A CLDR form other than `one` (French `many`, used for
 * millions) takes the `other` text. Never write « dégât(s) »: test/unit/lang-typography.test.ts
 * refuses it.
 *
 * With `base` = TACTICA.Chat.placesAway (whose `.one` and `.other` exist): in code,
 * `game.i18n.format(pluralKey(base, n), { count: n })` or {@link formatPlural}; in a template,
 * `{{tacticaPlural base count=n}}` with the base key quoted (registered on `init` by
 * {@link registerPluralHelper}).
 */

/** The plural forms a language file gives a counted text. */
export type PluralForm = "one" | "other";

/** What the helpers read of `game.i18n`. */
export interface PluralI18n {
  lang: string;
  format(key: string, data?: Record<string, string>): string;
}

/** The client's language (`game.i18n.lang`), English before localisation is ready. */
function clientLang(): string {
  return game.i18n?.lang ?? "en";
}

/** The form of `count` in `lang`: `one` or `other`. */
export function pluralForm(count: number, lang: string = clientLang()): PluralForm {
  return new Intl.PluralRules(lang).select(count) === "one" ? "one" : "other";
}

/** The key of the form of `count` under `base` (`TACTICA.Chat.placesAway.one`). */
export function pluralKey(base: string, count: number, lang: string = clientLang()): string {
  return `${base}.${pluralForm(count, lang)}`;
}

/**
 * The text of `base` for `count`, formatted with `{count}` (written as the language writes
 * numbers: `0,5` in French) and any other `data`.
 */
export function formatPlural(
  i18n: PluralI18n,
  base: string,
  count: number,
  data: Record<string, unknown> = {},
): string {
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  const written = new Intl.NumberFormat(i18n.lang, { maximumFractionDigits: 2 }).format(count);
  return i18n.format(pluralKey(base, count, i18n.lang), { ...strings, count: written });
}

/** A Handlebars helper's last argument (its `hash` holds the `name=value` pairs). */
interface HelperOptions {
  hash?: Record<string, unknown>;
}

/**
 * The `tacticaPlural` helper: `{{tacticaPlural base count=n [name=value…]}}`. A missing or
 * non-numeric count is a template bug: it throws rather than print a wrong form.
 */
export function pluralHelper(i18n: () => PluralI18n): (base: unknown, options: HelperOptions) => string {
  return (base, options) => {
    const { count, ...data } = options?.hash ?? {};
    const n = typeof count === "number" ? count : Number.NaN;
    if (!Number.isFinite(n))
      throw new Error(`tacticaPlural ${String(base)}: count must be a number (got ${String(count)})`);
    return formatPlural(i18n(), String(base), n, data);
  };
}

/** `game.i18n`, which core creates before any system code runs. */
function clientI18n(): PluralI18n {
  const localization = game.i18n;
  if (!localization) throw new Error("tacticaPlural: game.i18n is not ready");
  return localization;
}

/** Registers `tacticaPlural` with Foundry's Handlebars (called on `init`). */
export function registerPluralHelper(): void {
  Handlebars.registerHelper("tacticaPlural", pluralHelper(clientI18n));
}

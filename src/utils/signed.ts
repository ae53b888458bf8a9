/**
 * Signed numbers as the cards and sheets print them: an explicit `+` for positive numbers and
 * zero, and a true minus sign (U+2212 −) for negative ones, never the hyphen `-` that core's
 * `numberFormat` helper writes (it reads as a dash, and a line may break after it). In a template:
 * `{{tacticaSigned n}}`, registered on `init` by {@link registerSignedHelper}.
 */

/** The minus sign, U+2212. */
export const MINUS = "\u2212";

/** `+2`, `+0`, `−1` (U+2212). */
export function signed(n: number): string {
  return n < 0 ? `${MINUS}${Math.abs(n)}` : `+${n}`;
}

/** `−2` for a loss of 2 (a reduction always printed with the minus sign, `−0` for none). */
export function minus(n: number): string {
  return `${MINUS}${Math.abs(n)}`;
}

/**
 * The `tacticaSigned` helper: `{{tacticaSigned n}}`. A value that is not a finite number is a
 * template bug: it throws rather than print « NaN ».
 */
export function signedHelper(value: unknown): string {
  const n = typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(n)) throw new Error(`tacticaSigned: a number is needed (got ${String(value)})`);
  return signed(n);
}

/** Registers `tacticaSigned` with Foundry's Handlebars (called on `init`). */
export function registerSignedHelper(): void {
  Handlebars.registerHelper("tacticaSigned", signedHelper);
}

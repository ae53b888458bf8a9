import { describe, expect, it } from "vitest";
import { collectStrings, loadLang } from "../helpers/lang";

// French typography in lang/fr.json (BRIEF): U+202F (narrow no-break space) before
// `; ! ?`, U+00A0 (no-break space) before `: %` and inside « », never a plain space there (a
// line may break before the sign), no « (s) » plurals in either language, and no elidable word
// in front of a placeholder that may start with a vowel (« de Initiative »).
// `npm run lang:typography` fixes the spaces in place.

const NNBSP = "\u202f";
const NBSP = "\u00a0";
const fr = collectStrings(loadLang("fr"));
const en = collectStrings(loadLang("en"));

/** Each `{path, value}` whose value matches `pattern`, shown with the offending characters. */
function offending(strings: { path: string; value: string }[], pattern: RegExp): string[] {
  return strings.flatMap(({ path, value }) => {
    const hits = [...value.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))];
    return hits.length ? [`${path}: ${JSON.stringify(hits.map((m) => m[0]))} in ${JSON.stringify(value)}`] : [];
  });
}

/** The problems of one French text, named (empty when its typography is right). */
function frenchTypographyProblems(text: string): string[] {
  const problems: string[] = [];
  if (/ [:;!?%»]/.test(text)) problems.push("plain space before : ; ! ? % or »");
  if (/« /.test(text)) problems.push("plain space after «");
  if (new RegExp(`${NBSP}[;!?]`).test(text)) problems.push("U+00A0 before ; ! ? (U+202F expected)");
  if (new RegExp(`${NNBSP}[:%»]`).test(text) || new RegExp(`«${NNBSP}`).test(text))
    problems.push("U+202F before : % or inside « » (U+00A0 expected)");
  if (new RegExp(`[^\\s${NBSP}${NNBSP}][;!?%»]`).test(text)) problems.push("no space before ; ! ? % or »");
  if (new RegExp(`«[^\\s${NBSP}${NNBSP}]`).test(text)) problems.push("no space after «");
  // A colon glued to the word before it, except in a URL (`https://`).
  if (new RegExp(`[^\\s${NBSP}${NNBSP}]:(?!//)`).test(text)) problems.push("no space before :");
  return problems;
}

describe("French typography in lang/fr.json", () => {
  it("puts the right no-break space before : ; ! ? % » and after « in every string", () => {
    const bad = fr.flatMap(({ path, value }) =>
      frenchTypographyProblems(value).map((p) => `${path}: ${p} — ${JSON.stringify(value)}`),
    );
    expect(bad).toEqual([]);
  });

  it("the check catches what it must and accepts correct French", () => {
    expect(frenchTypographyProblems("Jet caché : seul le MJ")).toEqual(["plain space before : ; ! ? % or »"]);
    expect(frenchTypographyProblems("test de moral !")).toContain("plain space before : ; ! ? % or »");
    expect(frenchTypographyProblems("42 % de chances")).toContain("plain space before : ; ! ? % or »");
    expect(frenchTypographyProblems("« Lieu »")).toEqual(["plain space before : ; ! ? % or »", "plain space after «"]);
    expect(frenchTypographyProblems(`vraiment${NBSP}?`)).toEqual(["U+00A0 before ; ! ? (U+202F expected)"]);
    expect(frenchTypographyProblems(`Portée${NNBSP}:`)).toEqual(["U+202F before : % or inside « » (U+00A0 expected)"]);
    expect(frenchTypographyProblems("Attention!")).toEqual(["no space before ; ! ? % or »"]);
    expect(frenchTypographyProblems("Portée: 2")).toEqual(["no space before :"]);
    expect(
      frenchTypographyProblems(`Jet caché${NBSP}: seul le MJ${NNBSP}; « X »`.replace(/« X »/, `«${NBSP}X${NBSP}»`)),
    ).toEqual([]);
    expect(frenchTypographyProblems(`42${NBSP}% — voir https://foundryvtt.com${NNBSP}!`)).toEqual([]);
  });

  it("never leaves an elidable word before a placeholder that may start with a vowel", () => {
    // Numbers never elide the word before them (« de 8 positions »); names and labels may
    // (« de Initiative »), so a text must be phrased around them (« Test : Initiative »).
    const NUMERIC = new Set([
      "count",
      "remaining",
      "needed",
      "ac",
      "value",
      "min",
      "max",
      "position",
      "level",
      "total",
      "target",
      "chance",
      "damage",
      "dice",
      "score",
      "distance",
      "face",
      "cost",
      "pv",
      "after",
      "from",
      "to",
      "round",
      "renfort",
      "version",
      "penalty",
    ]);
    const bad = fr.flatMap(({ path, value }) =>
      [
        ...value.matchAll(
          /(?:^|[\s'’(])(de|que|le|la|ne|se|me|te|je|jusque|lorsque|puisque|presque|quelque) \{(\w+)\}/gi,
        ),
      ]
        .filter((m) => !NUMERIC.has(m[2]!))
        .map((m) => `${path}: « ${m[1]} {${m[2]}} » in ${JSON.stringify(value)}`),
    );
    expect(bad).toEqual([]);
  });
});

describe("elision in lang/fr.json", () => {
  /** The unelided « de », « que »… before a word starting with a vowel (« Dégâts de Intellect »). */
  const unelided = (text: string) =>
    [
      ...text.matchAll(
        /(?:^|[\s(«’'])(de|que|le|la|ne|se|me|te|je|jusque|lorsque|puisque) ([AEIOUYÉÈÊÀÂÎÏÔÛaeiouyéèêàâîïôû]\p{L}*)/gu,
      ),
    ]
      // A lone capital is an attribute's variable (« réduits de Y »), read as a letter's name.
      .filter((m) => !/^[A-Z]$/.test(m[2]!))
      .map((m) => `${m[1]} ${m[2]}`);

  it("elides before a vowel in every literal text (« Dégâts d'Intellect »)", () => {
    expect(fr.flatMap(({ path, value }) => unelided(value).map((hit) => `${path}: « ${hit} »`))).toEqual([]);
  });

  it("the check finds an unelided word and leaves the rest alone", () => {
    expect(unelided("Dégâts de Intellect")).toEqual(["de Intellect"]);
    expect(unelided("que elle")).toEqual(["que elle"]);
    expect(unelided("Dégâts d'Intellect, réduits de Y, de la touche")).toEqual([]);
  });
});

describe("plurals in both language files", () => {
  it('never write a plural with parentheses, such as « dégât(s) » or "place(s)"', () => {
    const pattern = /\p{L}\((?:s|x|e|es)\)/u;
    expect(offending(fr, pattern)).toEqual([]);
    expect(offending(en, pattern)).toEqual([]);
  });

  it("the pattern finds the forms it forbids", () => {
    const pattern = /\p{L}\((?:s|x|e|es)\)/u;
    expect(["dégât(s)", "lieu(x)", "attendu(e)", "place(s)"].every((t) => pattern.test(t))).toBe(true);
    expect(["(s)", "Portée (X)", "(S-degree)"].some((t) => pattern.test(t))).toBe(false);
  });
});

describe("English typography in lang/en.json", () => {
  it("puts no space before : ; ! ?", () => {
    expect(offending(en, /[ \u00a0\u202f][:;!?]/)).toEqual([]);
  });
});

/**
 * Attributes as text (RULES §6.4): what a GM types in the item sheet (`Portée 2-4`, `De zone 2 Et
 * Soi`, `Requis 🟦 10`…), in French or English, whatever the case and accents. Parsing is strict:
 * every token must be understood, and the error names the first one that is not, so the sheet can
 * say « X » n'est pas compris instead of silently storing half an attribute.
 */
import { validateAttribute, type Attribute, type AttributeKey } from "./attribute-model";
import {
  APTITUDE_WORDS,
  ATTRIBUTE_KEYWORDS,
  FOCUSED_WORD,
  RESISTANT_KIND_WORDS,
  SELF_WORD,
  SUB_APTITUDE_WORDS,
  type AttributeLang,
  type AttributeWord,
} from "./attribute-words";
import { RulesRangeError, invalid, type RulesErrorKey } from "./errors";

/** RULES §6.4: localisation keys of attribute-text errors; their data is `{ token, text }`. */
export type AttributeErrorKey = Extract<RulesErrorKey, `TACTICA.Errors.Attribute.${string}`>;

/**
 * RULES §6.4: attribute text that could not be read. `token` is the part of the text at fault, as
 * the user typed it: the token not understood (UnknownToken), the word missing its value
 * (MissingValue), or the repeated attribute (Duplicate).
 */
export class AttributeParseError extends RulesRangeError {
  override name = "AttributeParseError";
  constructor(
    message: string,
    readonly attributeKey: AttributeErrorKey,
    readonly token: string,
    readonly text: string,
  ) {
    super(message, attributeKey, { token, text });
  }
}

function unknownToken(token: string, text: string): never {
  throw new AttributeParseError(
    `attribute text ${JSON.stringify(text)}: "${token}" is not understood`,
    "TACTICA.Errors.Attribute.UnknownToken",
    token,
    text,
  );
}

/** A lexical token of attribute text, with its place in the text to quote it back. */
interface Token {
  readonly kind: "word" | "number" | "dash" | "symbol";
  /** Lower case, accents removed (symbols unchanged). */
  readonly norm: string;
  readonly start: number;
  readonly end: number;
}

// Letters (with their combining accents), digits, any dash, or one other character; emoji
// variation selectors are dropped before lexing so `🟦` and `🟦️` are the same glyph.
const TOKEN = /([\p{L}\p{M}]+)|([0-9]+)|([-‐‑‒–—−])|(\S)/gu;

function normalise(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function lex(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const [raw, word, number, dash] = m;
    const kind = word ? "word" : number ? "number" : dash ? "dash" : "symbol";
    tokens.push({ kind, norm: kind === "word" ? normalise(raw) : raw, start, end: start + raw.length });
  }
  return tokens;
}

/** A phrase table: each accepted spelling split into words, longest first. */
type PhraseTable<T> = readonly { readonly words: readonly string[]; readonly value: T }[];

function phraseTable<T extends Readonly<Record<string, AttributeWord>>>(words: T): PhraseTable<keyof T & string> {
  const entries: { words: string[]; value: keyof T & string }[] = [];
  // The table's own keys, in order (what Object.keys lists; a literal table inherits no enumerable key).
  for (const value in words) {
    for (const spelling of words[value]?.accepted ?? []) entries.push({ words: spelling.split(" "), value });
  }
  return entries.sort((a, b) => b.words.length - a.words.length);
}

const KEYWORD_PHRASES = phraseTable(ATTRIBUTE_KEYWORDS);
const SUB_APTITUDE_PHRASES = phraseTable(SUB_APTITUDE_WORDS);
const APTITUDE_PHRASES = phraseTable(APTITUDE_WORDS);
const KIND_PHRASES = phraseTable(RESISTANT_KIND_WORDS);
const SELF_PHRASES = phraseTable({ self: SELF_WORD });
const FOCUSED_PHRASES = phraseTable({ focused: FOCUSED_WORD });

/** Reads tokens left to right; every method either consumes what it matched or nothing. */
class Cursor {
  private index = 0;
  constructor(
    readonly text: string,
    private readonly tokens: readonly Token[],
  ) {}

  /** The text of the next token, or `undefined` at the end. */
  nextText(): string | undefined {
    const t = this.tokens[this.index];
    return t && this.text.slice(t.start, t.end);
  }

  /** Matches the longest phrase of `table` here; a dash may join the words of a phrase. */
  phrase<T>(table: PhraseTable<T>): { value: T; text: string } | undefined {
    for (const entry of table) {
      const end = this.matchWords(entry.words);
      if (end === undefined) continue;
      const first = this.tokens[this.index];
      const last = this.tokens[end - 1];
      const text = first && last ? this.text.slice(first.start, last.end) : "";
      this.index = end;
      return { value: entry.value, text };
    }
    return undefined;
  }

  private matchWords(words: readonly string[]): number | undefined {
    let i = this.index;
    for (const [n, word] of words.entries()) {
      if (n > 0 && this.tokens[i]?.kind === "dash") i += 1;
      const token = this.tokens[i];
      if (!token || token.kind === "number" || token.norm !== word) return undefined;
      i += 1;
    }
    return i;
  }

  /** Consumes a number if one is next. */
  number(): number | undefined {
    const t = this.tokens[this.index];
    if (t?.kind !== "number") return undefined;
    this.index += 1;
    const value = Number(t.norm);
    return Number.isSafeInteger(value) ? value : invalid("attribute number is too large", t.norm);
  }

  /** Consumes a dash if one is next. */
  dash(): boolean {
    if (this.tokens[this.index]?.kind !== "dash") return false;
    this.index += 1;
    return true;
  }

  /** Consumes something required after `after`, or names what is there instead (or its absence). */
  expect<T>(value: T | undefined, after: string): T {
    if (value !== undefined) return value;
    const next = this.nextText();
    if (next !== undefined) return unknownToken(next, this.text);
    throw new AttributeParseError(
      `attribute text ${JSON.stringify(this.text)}: "${after}" needs a value`,
      "TACTICA.Errors.Attribute.MissingValue",
      after,
      this.text,
    );
  }

  /** Throws on the first token left over. */
  end(): void {
    const next = this.nextText();
    if (next !== undefined) unknownToken(next, this.text);
  }
}

/** Reads what follows the keyword of `key`; `word` is the keyword as typed, for messages. */
function readFields(c: Cursor, key: AttributeKey, word: string): Attribute {
  switch (key) {
    case "area": {
      const x = c.number();
      const self = c.phrase(SELF_PHRASES) !== undefined;
      return x === undefined ? { key, self } : { key, x, self };
    }
    case "delayed": {
      const x = c.expect(c.number(), word);
      return { key, x, focused: c.phrase(FOCUSED_PHRASES) !== undefined };
    }
    case "stunning": {
      const score = c.expect(c.phrase(SUB_APTITUDE_PHRASES), word);
      return { key, score: score.value, y: c.expect(c.number(), score.text) };
    }
    case "range": {
      const x = c.expect(c.number(), word);
      return c.dash() ? { key, x, y: c.expect(c.number(), `${word} ${x}-`) } : { key, x };
    }
    case "resistant": {
      const kind = c.expect(c.phrase(KIND_PHRASES), word);
      return { key, kind: kind.value, y: c.expect(c.number(), kind.text) };
    }
    case "requires": {
      const colour = c.expect(c.phrase(APTITUDE_PHRASES), word);
      return { key, aptitude: colour.value, x: c.expect(c.number(), colour.text) };
    }
    case "terrifying":
      return { key };
    default:
      return { key, x: c.expect(c.number(), word) };
  }
}

/**
 * RULES §6.4: reads one attribute typed in French or English, case- and accent-insensitive:
 * `Portée 2-4`, `Range 2-4`, `De zone 2 Et Soi`, `Area And Self`, `Différé 3 Focalisé`,
 * `Etourdissante Réflexe 18`, `Requis 🟦 10` / `Requis Intellect 10` / `Requires blue 10`,
 * `Résistant Corps-à-corps 1`, `Terrifiant`…
 * @throws AttributeParseError (a RangeError) naming the first token not understood, the word
 * missing its value, or empty text; RangeError on numbers out of range (*Portée* Y < X,
 * *Tectonique* above 5).
 */
export function parseAttribute(text: string): Attribute {
  if (typeof text !== "string") return invalid("attribute text must be a string", text);
  const clean = text.normalize("NFC").replace(/[\uFE0E\uFE0F]/g, "");
  const c = new Cursor(clean, lex(clean));
  const keyword = c.phrase(KEYWORD_PHRASES);
  if (!keyword) {
    const first = c.nextText();
    if (first !== undefined) return unknownToken(first, clean);
    throw new AttributeParseError("attribute text is empty", "TACTICA.Errors.Attribute.Empty", "", clean);
  }
  const attribute = readFields(c, keyword.value, keyword.text);
  c.end();
  return validateAttribute(attribute);
}

/** What makes two attributes of one item the same: the key, plus the kind or colour. */
function identity(a: Attribute): string {
  if (a.key === "resistant") return `${a.key}:${a.kind}`;
  if (a.key === "requires") return `${a.key}:${a.aptitude}`;
  return a.key;
}

/**
 * RULES §6.4: reads a list of attributes separated by commas, semicolons or new lines; empty parts
 * are skipped, so `""` gives `[]`. An item carries each attribute once (*Résistant* once per kind,
 * *Requis* once per colour).
 * @throws AttributeParseError as {@link parseAttribute}, or naming a repeated attribute.
 */
export function parseAttributes(text: string): Attribute[] {
  if (typeof text !== "string") return invalid("attribute text must be a string", text);
  const seen = new Set<string>();
  const result: Attribute[] = [];
  for (const part of text.split(/[,;\n]/)) {
    if (part.trim() === "") continue;
    const attribute = parseAttribute(part.trim());
    const id = identity(attribute);
    if (seen.has(id)) {
      throw new AttributeParseError(
        `attribute text ${JSON.stringify(text)}: "${part.trim()}" repeats an attribute`,
        "TACTICA.Errors.Attribute.Duplicate",
        part.trim(),
        text,
      );
    }
    seen.add(id);
    result.push(attribute);
  }
  return result;
}

function assertLang(lang: unknown): AttributeLang {
  return lang === "fr" || lang === "en" ? lang : invalid("language must be fr or en", lang);
}

function wordFor(a: Attribute, lang: AttributeLang): string {
  const keyword = ATTRIBUTE_KEYWORDS[a.key][lang];
  switch (a.key) {
    case "area": {
      const parts = [keyword];
      if (a.x !== undefined) parts.push(String(a.x));
      if (a.self) parts.push(SELF_WORD[lang]);
      return parts.join(" ");
    }
    case "delayed":
      return a.focused ? `${keyword} ${a.x} ${FOCUSED_WORD[lang]}` : `${keyword} ${a.x}`;
    case "stunning":
      return `${keyword} ${SUB_APTITUDE_WORDS[a.score][lang]} ${a.y}`;
    case "range":
      return a.y === undefined ? `${keyword} ${a.x}` : `${keyword} ${a.x}-${a.y}`;
    case "resistant":
      return `${keyword} ${RESISTANT_KIND_WORDS[a.kind][lang]} ${a.y}`;
    case "requires":
      return `${keyword} ${APTITUDE_WORDS[a.aptitude][lang]} ${a.x}`;
    case "terrifying":
      return keyword;
    default:
      return `${keyword} ${a.x}`;
  }
}

/**
 * RULES §6.4: the canonical text of an attribute (`Portée 2-4` / `Range 2-4`, `Requis 🟦 10`);
 * `parseAttribute(formatAttribute(a, lang))` deep-equals `a` in both languages.
 * @throws RangeError naming a malformed attribute or an unknown language.
 */
export function formatAttribute(a: Attribute, lang: AttributeLang): string {
  return wordFor(validateAttribute(a), assertLang(lang));
}

/** RULES §6.4: the canonical text of a list of attributes, joined by `, `. */
export function formatAttributes(list: readonly Attribute[], lang: AttributeLang): string {
  return list.map((a) => formatAttribute(a, lang)).join(", ");
}

/**
 * Part of the Foundry FAKE (see fake.ts) — NOT Foundry: the inline-roll step of v13
 * `TextEditor#enrichHTML`, which `ChatMessage#_preCreate` runs on every `[[…]]` it finds in a new
 * message's string content (fake-chat.ts). Read from core v13 client
 * `applications/ux/text-editor.mjs` (`enrichHTML`, `_enrichInlineRolls`, `_createInlineRoll`) and
 * `applications/sidebar/tabs/chat.mjs` (`ChatLog.MESSAGE_PATTERNS`):
 * - only TEXT is scanned (core walks the text nodes of the parsed HTML, entities decoded); a match
 *   inside a tag's attributes is left alone;
 * - `[[formula]]` (no command) is an immediate roll: a formula `Roll.validate` refuses stays as
 *   written; otherwise `Roll.create(formula, rollData)` is evaluated at once, with
 *   `allowInteractive: false`, and replaced by its `toAnchor` (`a.inline-roll.inline-result`
 *   showing the total, `data-tooltip` the formula, the `{label}` before the total);
 * - `[[/r formula # flavor]]` (and `/roll`, `/gmr`, `/br`, `/sr`, `/pr` and their long forms) is a
 *   deferred roll: an `a.inline-roll.<mode>` with `data-mode`, `data-flavor`, `data-formula` (its
 *   `@data` already replaced) and the formula shown; nothing is rolled; any other command stays
 *   as written;
 * - `]]]` closes a formula that itself ends with `]`.
 *
 * Behaviours:
 * - The inline rolls of a new message's content: `[[formula]]` rolled at once and stored as its
 *   anchor, `[[/r formula]]` a roll link with its `@` data replaced. Source: core v13 client
 *   `applications/ux/text-editor.mjs` (`_enrichInlineRolls`, `_createInlineRoll`),
 *   `documents/chat-message.mjs` (`_preCreate`). Contract: `chat.inline-roll`, `chat.inline-roll-data`.
 */
import { FakeRoll } from "./fake-dice";
import { getProperty } from "./fake-utils";

/** v13 `TextEditor._enrichInlineRolls`: `[[`, an optional `/command `, the formula, `]]` or `]]]`, a `{label}`. */
const INLINE_ROLL = /\[\[(\/[a-zA-Z]+\s)?(.*?)(]{2,3})(?:{([^}]+)})?/gi;

/** v13 `ChatLog.MESSAGE_PATTERNS`: the roll commands a deferred inline roll may name, by mode. */
const ROLL_COMMANDS: [string, RegExp][] = [
  ["roll", /^\/r(?:oll)? $/i],
  ["gmroll", /^\/gmr(?:oll)? $/i],
  ["blindroll", /^\/b(?:lind)?r(?:oll)? $/i],
  ["selfroll", /^\/s(?:elf)?r(?:oll)? $/i],
  ["publicroll", /^\/p(?:ublic)?r(?:oll)? $/i],
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The text a text node holds for `raw` (HTML entities decoded, as the parser does). */
function decodeText(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A text node serialised again (`innerHTML` escapes `&`, `<`, `>` and U+00A0 in text). */
function encodeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\u00a0/g, "&nbsp;");
}

function escapeAttribute(value: string): string {
  return encodeText(value).replace(/"/g, "&quot;");
}

/** v13 `Roll.replaceFormulaData(formula, data)`: `@path` replaced by its value (unknown ones kept). */
function replaceFormulaData(formula: string, data: object): string {
  return formula.replace(/@([a-z.0-9_-]+)/gi, (whole, path: string) => {
    const value = getProperty(data, path);
    return value === null || value === undefined ? whole : String(value).trim();
  });
}

/** v13 `TextEditor._createInlineRoll(match, rollData)`: the anchor's HTML, or null (left as written). */
async function inlineRoll(match: RegExpMatchArray, rollData: object): Promise<string | null> {
  const [, command, raw, closing, label] = match;
  const formula = closing!.length === 3 ? `${raw}]` : raw!;
  const Roll = FakeRoll.defaultImplementation;
  if (!command) {
    if (!Roll.validate(formula)) return null;
    try {
      const roll = await Roll.create(formula, rollData as Record<string, unknown>).evaluate({
        allowInteractive: false,
      });
      return roll.toAnchor({ classes: ["inline-roll", "inline-result"], dataset: { tooltip: formula }, label });
    } catch {
      return null;
    }
  }
  const mode = ROLL_COMMANDS.find(([, rgx]) => rgx.test(command))?.[0];
  const parsed = /^([^#]+)(?:#(.*))?$/.exec(formula);
  if (!mode || !parsed) return null;
  const rolled = replaceFormulaData(parsed[1]!.trim(), rollData);
  const flavor = parsed[2]?.trim() ?? label ?? "";
  const data = { mode, flavor, formula: rolled, "tooltip-text": formula };
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${escapeAttribute(v)}"`)
    .join("");
  return `<a class="inline-roll ${mode}"${attrs}><i class="fa-solid fa-dice-d20" inert=""></i>${encodeText(label || rolled)}</a>`;
}

/**
 * v13 `TextEditor.enrichHTML(html, {rolls: true, rollData})` restricted to its inline-roll step
 * (documents, links, secrets, embeds and custom enrichers are what `ChatMessage#_preCreate` turns
 * off): each text segment of `html` with its `[[…]]` replaced (see the module comment).
 */
export async function enrichInlineRolls(html: string, rollData: object = {}): Promise<string> {
  const parts = html.split(/(<[^>]*>)/);
  for (let i = 0; i < parts.length; i += 2) {
    const text = decodeText(parts[i]!);
    const matches = [...text.matchAll(INLINE_ROLL)];
    if (!matches.length) continue;
    let out = "";
    let at = 0;
    for (const match of matches) {
      const anchor = await inlineRoll(match, rollData);
      if (anchor === null) continue;
      out += encodeText(text.slice(at, match.index)) + anchor;
      at = match.index! + match[0].length;
    }
    if (at > 0) parts[i] = out + encodeText(text.slice(at));
  }
  return parts.join("");
}

/** v13 `ChatMessage#_preCreate`: the `[[…]]` expressions it looks for in a new message's string content. */
export const CONTENT_INLINE_ROLL = /\[\[(.*?)(]{2,3})(?:{([^}]+)})?/g;

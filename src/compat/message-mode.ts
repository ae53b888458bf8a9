/**
 * Message modes (who sees a roll card) through the compatibility seam (src/compat/generation.ts).
 *
 * v13 calls them roll modes: the client setting `core.rollMode`, the list `CONFIG.Dice.rollModes`
 * (`publicroll | gmroll | blindroll | selfroll`, https://foundryvtt.com/api/v13/variables/CONFIG.Dice.html)
 * and `Roll#toMessage(data, { rollMode })`. v14 renames them message modes: `core.messageMode`,
 * `CONFIG.ChatMessage.modes` (`public | gm | blind | self | ic`) and `toMessage(data, { messageMode })`
 * (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html; dnd5e `2340e6009`
 * `BasicRoll.getMessageMode` reads the setting per generation and treats `ic` as public). The old
 * names still work on v14 with a deprecation warning until v16, so Tactica writes the running
 * generation's names only, and reads both vocabularies (a module's `tactica.preRoll` hook may hand
 * over either).
 */
import { isV14 } from "./generation";
import { isObject } from "./guards";

/** Who sees a card, in one vocabulary for the whole system. */
export type MessageMode = "public" | "gm" | "blind" | "self";

/** A mode key of either generation (v13 roll modes, v14 message modes, and v14's `ic`). */
export type ModeKey = "publicroll" | "gmroll" | "blindroll" | "selfroll" | "roll" | MessageMode | "ic";

const FROM_KEY: Record<string, MessageMode> = {
  publicroll: "public",
  // `Roll#toMessage` takes "roll" for "the roll as it is"; for a card it is public.
  roll: "public",
  public: "public",
  // v14's in-character mode: a roll card is public (dnd5e does the same).
  ic: "public",
  gmroll: "gm",
  gm: "gm",
  blindroll: "blind",
  blind: "blind",
  selfroll: "self",
  self: "self",
};

/** @deprecated v13 — a v13 roll mode key (`CONFIG.Dice.rollModes`). */
export type V13RollMode = "publicroll" | "gmroll" | "blindroll" | "selfroll";

/** @deprecated v13 — the roll mode key of each mode. */
const V13_KEYS: Record<MessageMode, V13RollMode> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** A key of either vocabulary as a {@link MessageMode}; null for anything else. */
export function normaliseMode(key: unknown): MessageMode | null {
  return typeof key === "string" && Object.hasOwn(FROM_KEY, key) ? (FROM_KEY[key] ?? null) : null;
}

/** The running generation's key for `mode` (`publicroll` on v13, `public` on v14). */
export function modeKey(mode: MessageMode): string {
  // @deprecated v13: the roll mode keys.
  return isV14() ? mode : V13_KEYS[mode];
}

/**
 * The user's current mode (the chat log's selector): `core.messageMode` on v14 (declared in
 * src/setup/fvtt-config.ts), `core.rollMode` on v13.
 */
export function currentMessageMode(): MessageMode {
  // A third-party note says the old setting reads back null on v14: each generation reads its own.
  // @deprecated v13: `core.rollMode`.
  const value = isV14() ? game.settings?.get("core", "messageMode") : game.settings?.get("core", "rollMode");
  return normaliseMode(value) ?? "public";
}

/** `mode` as `Roll#toMessage`'s option on the running generation. */
export function messageModeOption(mode: MessageMode): { rollMode: V13RollMode } | { messageMode: MessageMode } {
  // @deprecated v13: the `rollMode` option. (A v14 key is the mode itself: see modeKey.)
  return isV14() ? { messageMode: mode } : { rollMode: V13_KEYS[mode] };
}

/** One choice of a mode picker. */
export interface ModeChoice {
  mode: MessageMode;
  key: string;
  label: string;
}

/** The modes a picker offers, from the running generation's list (v14's `ic` left out: a card is public). */
export function modeChoices(): ModeChoice[] {
  // @deprecated v13: `CONFIG.Dice.rollModes`.
  const list = isV14() ? messageModes() : CONFIG.Dice?.rollModes;
  return Object.entries(list ?? {}).flatMap(([key, entry]: [string, unknown]) => {
    const mode = key === "ic" ? null : normaliseMode(key);
    return mode ? [{ mode, key, label: labelOf(entry) ?? key }] : [];
  });
}

/**
 * v14's `CONFIG.ChatMessage.modes` (https://foundryvtt.com/api/v14/variables/CONFIG.ChatMessage.html),
 * `undefined` on v13. CONFIG's entry for a document is a fixed object type in the v13 typings, which
 * no declaration can extend, so the v14 member is checked to be there.
 */
function messageModes(): object | undefined {
  const config = CONFIG.ChatMessage;
  const modes = isObject(config) && "modes" in config ? config.modes : undefined;
  return isObject(modes) ? modes : undefined;
}

/** A mode entry's `label` (`{label, icon}` in both generations' lists), if it is a string. */
function labelOf(entry: unknown): string | undefined {
  return isObject(entry) && "label" in entry && typeof entry.label === "string" ? entry.label : undefined;
}

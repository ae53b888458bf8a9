/**
 * RULES §6.4: the attribute keys and the kinds a *Résistant* armour resists — what the structured
 * attributes (`attribute-model.ts`) and the lexicon (`attribute-words.ts`) both name.
 */

/** RULES §6.4: the attribute keys, in the lexicon's order. */
export const ATTRIBUTE_KEYS = [
  "adaptive",
  "area",
  "delayed",
  "stunning",
  "disruptive",
  "inaccurate",
  "incendiary",
  "range",
  "penetrating",
  "resistant",
  "requires",
  "tectonic",
  "terrifying",
] as const;

/** RULES §6.4: an attribute key. */
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];

/** RULES §6.4 *Résistant X Y*: the kinds of source X an armour can resist. */
export const RESISTANT_KINDS = ["incendiary", "disruptive", "area", "range", "melee"] as const;

/** RULES §6.4: a *Résistant* kind (`range`: weapons with *Portée*; `melee`: weapons without). */
export type ResistantKind = (typeof RESISTANT_KINDS)[number];

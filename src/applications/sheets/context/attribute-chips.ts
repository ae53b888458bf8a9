/**
 * Attribute chips (RULES §6.4): each stored attribute written back as the text the GM would type,
 * in the reader's language, with the lexicon hint of its key.
 */
import { toAttribute, type StoredAttribute } from "../../../data/attributes";
import { formatAttribute } from "../../../rules/attributes";

/** One chip of an item's attribute list. */
export interface AttributeChip {
  index: number;
  text: string;
  hint: string;
}

/** The chips of a stored attribute list; an entry the rules refuse shows as its bare key. */
export function attributeChips(list: readonly Readonly<StoredAttribute>[], lang: "fr" | "en"): AttributeChip[] {
  return list.map((entry, index) => {
    let text: string;
    try {
      text = formatAttribute(toAttribute(entry), lang);
    } catch {
      // Stored data is validated on write; an old entry that no longer reads still gets its chip
      // (so it can be removed) rather than breaking the sheet.
      text = entry.key;
    }
    return { index, text, hint: `TACTICA.Attribute.${entry.key}.hint` };
  });
}

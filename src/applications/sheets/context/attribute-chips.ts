/**
 * Attribute chips (RULES §6.4): each stored attribute written back as the text the GM would type,
 * in the reader's language, with the lexicon hint of its key. A *Requis* chip shows its aptitude
 * as a colour swatch (templates/partials/aptitude-swatch.hbs) instead of the rules' emoji, which
 * needs an emoji font, and names the aptitude in words beside it (review N7: never by colour alone):
 * the chip is then `before` + swatch + the aptitude's name + `after`, « Requis ■ Intellect 4 ».
 */
import { toAttribute, type StoredAttribute } from "../../../data/attributes";
import { formatAttribute } from "../../../rules/attributes";
import { APTITUDE_GLYPHS, APTITUDE_KEYS, type AptitudeKey } from "../../../rules/keys";
import { TACTICA } from "../../../config/config";

/** One chip of an item's attribute list. */
export interface AttributeChip {
  index: number;
  /** The canonical text (as typed; a *Requis* chip with its colour glyph). */
  text: string;
  /** The text a reader gets without an emoji font: the glyph written as the aptitude's name. */
  label: string;
  hint: string;
  /** The text before the swatch (the whole text when there is none), and after it. */
  before: string;
  after: string;
  /** A *Requis* chip's aptitude: its key, its colour's label key (TACTICA.AptitudeColour.*) and its name, localised. */
  swatch: { key: AptitudeKey; label: string; name: string } | null;
}

/** Localisation as the chips read it. */
interface ChipI18n {
  localize(key: string): string;
}

/** The aptitude whose glyph `text` holds, if any. */
function glyphIn(text: string): AptitudeKey | null {
  // APTITUDE_KEYS is in glyph order, as APTITUDE_GLYPHS lists them.
  for (const key of APTITUDE_KEYS) if (text.includes(APTITUDE_GLYPHS[key])) return key;
  return null;
}

/** The chips of a stored attribute list; an entry the rules refuse shows as its bare key. */
export function attributeChips(
  list: readonly Readonly<StoredAttribute>[],
  lang: "fr" | "en",
  i18n: ChipI18n,
): AttributeChip[] {
  return list.map((entry, index) => {
    let text: string;
    try {
      text = formatAttribute(toAttribute(entry), lang);
    } catch {
      // Stored data is validated on write; an old entry that no longer reads still gets its chip
      // (so it can be removed) rather than breaking the sheet.
      text = entry.key;
    }
    const hint = `TACTICA.Attribute.${entry.key}.hint`;
    const aptitude = glyphIn(text);
    if (!aptitude) return { index, text, label: text, hint, before: text, after: "", swatch: null };
    const glyph = APTITUDE_GLYPHS[aptitude];
    const [before = "", after = ""] = text.split(glyph).map((part) => part.trim());
    const name = i18n.localize(TACTICA.aptitudes[aptitude].label);
    const label = `${before} ${name} ${after}`.trim();
    return {
      index,
      text,
      label,
      hint,
      before,
      after,
      swatch: { key: aptitude, label: TACTICA.aptitudes[aptitude].colourLabel, name },
    };
  });
}

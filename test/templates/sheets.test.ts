import { beforeAll, describe, expect, it } from "vitest";
import { loadSheetWorld, renderSheetHtml, sampleCharacter, sampleItem, sampleUnit } from "./sheet-samples";
import { textOf } from "./harness";
import { otherLanguageIn } from "../helpers/lang";

// Every sheet template rendered from sample documents through the harness (strict mode: a field
// the context lacks throws), in French and English, play and edit mode: no raw key, no
// "undefined", user text escaped, every button typed with an action and a name.

const ACTOR_TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];
const ITEM_TYPES = ["weapon", "armor", "forceField", "grenade", "gear", "power"];

function check(html: string, lang: "fr" | "en"): void {
  const text = textOf(html);
  // A sheet in one language holds no text of the other language's file.
  expect(otherLanguageIn(lang, text)).toEqual([]);
  for (const bad of ["undefined", "[object Object]", "NaN", "TACTICA.", "TYPES."]) expect(text, bad).not.toContain(bad);
  expect(html).not.toMatch(/<Vex>|<laser>/);
  for (const m of html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
    expect(m[1]).toMatch(/type="button"/);
    expect(m[1]).toMatch(/data-action="[a-zA-Z]+"/);
    const named = /aria-label="[^"]+"/.test(m[1]!) || textOf(m[2]!) !== "";
    expect(named, m[0].slice(0, 120)).toBe(true);
  }
}

describe.each(["fr", "en"] as const)("sheets in %s", (lang) => {
  let w: Awaited<ReturnType<typeof loadSheetWorld>>;
  beforeAll(async () => {
    w = await loadSheetWorld(lang);
  });

  it.each(["play", "edit"] as const)("actor sheets, %s mode", async (mode) => {
    const actors = [await sampleCharacter(w), await sampleCharacter(w, "npc"), await sampleUnit(w)];
    const classes = [w.sheets.CharacterSheet, w.sheets.NpcSheet, w.sheets.UnitSheet];
    for (const [i, actor] of actors.entries()) {
      const html = await renderSheetHtml(new classes[i]!({ document: actor }), mode, ACTOR_TABS);
      check(html, lang);
      expect(textOf(html)).toContain(lang === "fr" ? "Épée tronçonneuse" : "Chainsword");
    }
  });

  it.each(["play", "edit"] as const)("item sheets, %s mode", async (mode) => {
    for (const type of ITEM_TYPES) {
      const item = await sampleItem(w, type);
      const html = await renderSheetHtml(new w.itemSheets.TacticaItemSheet({ document: item }), mode, [
        "details",
        "description",
      ]);
      check(html, lang);
      expect(html).toContain("<em>Mars</em>");
    }
  });

  it("attribute chips read in the interface's language", async () => {
    const item = await sampleItem(w, "weapon");
    const html = await renderSheetHtml(new w.itemSheets.TacticaItemSheet({ document: item }), "play", ["details"]);
    expect(textOf(html)).toContain(lang === "fr" ? "Pénétrant 1" : "Penetrating 1");
  });
});

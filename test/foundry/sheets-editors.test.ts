import { describe, expect, it } from "vitest";
import { clickAction, formsSettled, FakeProseMirror, type FakeApplicationV2, type FakeElement } from "./fake-apps";
import { loadSheetWorld, sampleCharacter, sampleItem, type SheetWorld } from "../templates/sheet-samples";

// Review N1 / core-source M1: text typed in a sheet's always-open rich-text editor survives every
// path that draws its part again — the mode switch, an update of the document, a combat update
// (core's `Combat#updateCombatantActors` renders each combatant's sheets), the attribute error's
// redraw, a stale tab shown again — and closing the window still saves it (core's own path: the
// editor's `change` on disconnect reaches the closing form). The fake's `<prose-mirror>` behaves as
// core's late-v13 element (test/foundry/fake-apps-dom.ts; its self-tests in apps-fake.test.ts).

type Sheet = FakeApplicationV2 & {
  mode: "play" | "edit";
  element: FakeElement;
  renderedParts: Record<string, string>;
  tabGroups: Record<string, string | null>;
  changeTab(tab: string, group: string): void;
  submitAttributeText(text: string): Promise<boolean>;
};

const TYPED = "<p>Née sur <em>Ostrava</em>, elle a tout vu.</p>";

/** The window's editor for `name`, once core's element has opened it (one microtask after it is connected). */
async function editorOf(sheet: Sheet, name: string): Promise<FakeProseMirror> {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  const editor = sheet.element.querySelector(`prose-mirror[name="${name}"]`);
  if (!(editor instanceof FakeProseMirror)) throw new Error(`no editor ${name}`);
  return editor;
}

/** A character's sheet in edit mode on its Notes tab, the biography typed and not stored. */
async function typedBiography(
  w: SheetWorld,
): Promise<{ sheet: Sheet; actor: Awaited<ReturnType<typeof sampleCharacter>> }> {
  const actor = await sampleCharacter(w);
  const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
  sheet.mode = "edit";
  sheet.tabGroups.primary = "notes";
  await sheet.render({ force: true });
  (await editorOf(sheet, "system.biography")).type(TYPED);
  return { sheet, actor };
}

const biographyOf = (actor: { system: unknown }) => (actor.system as { biography: string }).biography;

/** Core's render of a document's sheets with a render context (ClientDocumentMixin#render), awaited. */
async function renderedBy(doc: unknown, sheet: Sheet, context: object): Promise<void> {
  (doc as { render(force: boolean, context: object): void }).render(false, context);
  await sheet.render({ parts: [] });
}

describe("text typed in a sheet's editor is never lost (review N1)", () => {
  it("« Terminer » stores the biography first, in one write, then shows it in play mode", async () => {
    const w = await loadSheetWorld();
    const { sheet, actor } = await typedBiography(w);
    const writes = await w.writesDuring(() => clickAction(sheet, "toggleMode", { dataset: {} }));
    expect(writes.map((wr) => (wr.data[0] as { system?: { biography?: string } }).system?.biography)).toEqual([TYPED]);
    expect([sheet.mode, biographyOf(actor)]).toEqual(["play", TYPED]);
    expect(sheet.renderedParts.notes).toContain("elle a tout vu");
    expect(sheet.element.querySelector("prose-mirror")).toBeNull();
  });

  it("an update of the actor and a combat update redraw the sheet around the editor: the same editor keeps the text, nothing is written", async () => {
    const w = await loadSheetWorld();
    const { sheet, actor } = await typedBiography(w);
    const editor = await editorOf(sheet, "system.biography");
    const writes = await w.writesDuring(async () => {
      await actor.update({ name: "Sœur Aveline la Grise" } as never);
      await renderedBy(actor, sheet, { renderContext: "updateActor", renderData: { name: "Sœur Aveline la Grise" } });
      await renderedBy(actor, sheet, { renderContext: "updateCombat" });
    });
    expect(writes.map((wr) => Object.keys(wr.data[0] as object))).toEqual([["name"]]);
    expect(sheet.renderedParts.header).toContain("Sœur Aveline la Grise");
    expect([sheet.element.querySelector("prose-mirror") === editor, editor.isConnected, editor.value]).toEqual([
      true,
      true,
      TYPED,
    ]);
    // The text is stored by « Terminer » as ever.
    await clickAction(sheet, "toggleMode", { dataset: {} });
    expect(biographyOf(actor)).toBe(TYPED);
  });

  it("a stale Notes tab shown again stores its typed text before it is drawn", async () => {
    const w = await loadSheetWorld();
    const { sheet, actor } = await typedBiography(w);
    sheet.changeTab("profile", "primary");
    await sheet.render({ parts: [] });
    // An update while Profil is shown: Notes is stale.
    await actor.update({ system: { profile: { co: { value: 8 } } } } as never);
    await renderedBy(actor, sheet, { renderContext: "updateActor" });
    expect(biographyOf(actor)).not.toBe(TYPED);
    const writes = await w.writesDuring(async () => {
      sheet.changeTab("notes", "primary");
      for (let turn = 0; turn < 10; turn++) await new Promise((r) => setTimeout(r, 0));
      await sheet.render({ parts: [] });
    });
    expect(writes).toHaveLength(1);
    expect(biographyOf(actor)).toBe(TYPED);
    expect((await editorOf(sheet, "system.biography")).value).toBe(TYPED);
  });

  it("closing the window stores the typed text (core: the editor's change reaches the closing form)", async () => {
    const w = await loadSheetWorld();
    const { sheet, actor } = await typedBiography(w);
    await sheet.close();
    await formsSettled();
    expect(biographyOf(actor)).toBe(TYPED);
  });

  it("a refused submission keeps the sheet in edit mode and the text in its editor; nothing is written", async () => {
    const w = await loadSheetWorld();
    const { sheet, actor } = await typedBiography(w);
    sheet.element.querySelector('input[name="system.exhaustion"]')!.value = "1000";
    const before = biographyOf(actor);
    const writes = await w.writesDuring(() => clickAction(sheet, "toggleMode", { dataset: {} }));
    await sheet.render({ parts: [] });
    expect([writes, sheet.mode, biographyOf(actor)]).toEqual([[], "edit", before]);
    expect(w.data.notifications.of("error")).toHaveLength(1);
    expect((await editorOf(sheet, "system.biography")).value).toBe(TYPED);
  });

  it("a stale tab's fields are never sent back: a submission does not undo an update made while they were hidden", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    sheet.mode = "edit";
    await sheet.render({ force: true });
    expect(sheet.element.querySelector('input[name="system.profile.co.value"]')!.value).toBe("7");
    sheet.changeTab("notes", "primary");
    await sheet.render({ parts: [] });
    await actor.update({ system: { profile: { co: { value: 8 } } } } as never);
    await renderedBy(actor, sheet, { renderContext: "updateActor" });
    const exhaustion = sheet.element.querySelector('input[name="system.exhaustion"]')!;
    exhaustion.value = "2";
    exhaustion.dispatchEvent({ type: "change", bubbles: true });
    await formsSettled();
    const system = actor.system as unknown as { exhaustion: number; profile: { co: { value: number } } };
    expect([system.exhaustion, system.profile.co.value]).toEqual([2, 8]);
  });
});

describe("text typed in an item's editors is never lost (review N1)", () => {
  async function itemInEdit(w: SheetWorld, type: string, tab: string) {
    const item = await sampleItem(w, type);
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
    sheet.mode = "edit";
    sheet.tabGroups.primary = tab;
    await sheet.render({ force: true });
    return { item, sheet };
  }
  const system = (item: { system: unknown }) => item.system as { description: string; effect: string };

  it("a description typed survives an update of the item and « Terminer » stores it", async () => {
    const w = await loadSheetWorld();
    const { item, sheet } = await itemInEdit(w, "weapon", "description");
    const editor = await editorOf(sheet, "system.description");
    editor.type(TYPED);
    await item.update({ name: "Épée d'apparat" } as never);
    await renderedBy(item, sheet, { renderContext: "updateItem", renderData: { name: "Épée d'apparat" } });
    expect([sheet.element.querySelector("prose-mirror") === editor, editor.value]).toEqual([true, TYPED]);
    await clickAction(sheet, "toggleMode", { dataset: {} });
    expect([sheet.mode, system(item).description]).toEqual(["play", TYPED]);
  });

  it("the attribute error redraws the details: a description typed meanwhile is kept, and so is a power's effect when its part is drawn again", async () => {
    const w = await loadSheetWorld();
    const { item, sheet } = await itemInEdit(w, "weapon", "description");
    (await editorOf(sheet, "system.description")).type(TYPED);
    expect(await sheet.submitAttributeText("Portée 2-4 Volant")).toBe(false);
    expect(sheet.renderedParts.details).toContain('role="alert"');
    expect((await editorOf(sheet, "system.description")).value).toBe(TYPED);
    expect(system(item).description).toBe(TYPED);
    // A power's effect is in its Détails part: any redraw of that part keeps it.
    const power = await itemInEdit(w, "power", "details");
    const effect = await editorOf(power.sheet, "system.effect");
    effect.type("<p>Le souffle renverse.</p>");
    await power.sheet.render({ parts: ["details"] });
    await renderedBy(power.item, power.sheet, { renderContext: "updateItem" });
    expect([power.sheet.element.querySelector("prose-mirror[name='system.effect']") === effect, effect.value]).toEqual([
      true,
      "<p>Le souffle renverse.</p>",
    ]);
    await clickAction(power.sheet, "toggleMode", { dataset: {} });
    expect(system(power.item).effect).toBe("<p>Le souffle renverse.</p>");
  });
});

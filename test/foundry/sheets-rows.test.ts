import { describe, expect, it } from "vitest";
import type { FakeApplicationV2, FakeElement } from "./fake-apps";
import { loadSheetWorld, SAMPLE_ITEMS, sampleCharacter, type SheetWorld } from "../templates/sheet-samples";
import { REDRAWN, ROW_TEMPLATES, samePlain } from "../../src/applications/sheets/row-render";
import type { TacticaActor } from "../../src/documents/actor";

// Issue 26: when only some of its items changed, an actor sheet draws again only their rows of
// the Equipment or Psy tab it shows (src/applications/sheets/row-render.ts), in the window core
// builds (the fake's DOM). What is held here: a row drawn alone is the row the whole tab draws; the
// other rows, the tab's element and its other content are left as they were; whatever else
// changes in the tab draws it whole.

type Sheet = FakeApplicationV2 & {
  mode: "play" | "edit";
  element: FakeElement;
  renderedParts: Record<string, string>;
  tabGroups: Record<string, string | null>;
};

/** A character with `n` items (the sample kinds in turn), its sheet open on `tab` in play mode. */
async function openSheet(w: SheetWorld, n: number, tab = "equipment"): Promise<{ actor: TacticaActor; sheet: Sheet }> {
  const items = Array.from({ length: n }, (_, i) => ({
    ...SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!,
    name: `Objet ${i}`,
  }));
  const actor = await sampleCharacter(w, "character", items);
  const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
  sheet.tabGroups.primary = tab;
  await sheet.render({ force: true });
  return { actor, sheet };
}

/** Core's render of an actor's sheets after an embedded item's update (v13 `_onUpdateDescendantDocuments`). */
const afterItemUpdate = (sheet: Sheet, changes: object[]) =>
  sheet.render({ renderContext: "updateitems", renderData: changes } as never);

/** The templates a render renders, in order. */
async function rendered(w: SheetWorld, fn: () => Promise<unknown>): Promise<{ template: string; context: object }[]> {
  const handlebars = (
    w.fake.foundry.applications as { handlebars: { renderTemplate(p: string, c: object): Promise<string> } }
  ).handlebars;
  const original = handlebars.renderTemplate;
  const calls: { template: string; context: object }[] = [];
  handlebars.renderTemplate = (p, c) => {
    calls.push({ template: p, context: c });
    return original(p, c);
  };
  try {
    await fn();
  } finally {
    handlebars.renderTemplate = original;
  }
  return calls;
}

const part = (sheet: Sheet, id: string) => sheet.content!.querySelector(`[data-application-part="${id}"]`)!;
const rowOf = (sheet: Sheet, id: string) => part(sheet, "equipment").querySelector(`li.item[data-item-id="${id}"]`);
const rowsOf = (sheet: Sheet) => part(sheet, "equipment").querySelectorAll("li.item");

/** The `<li>` of item `id` in a tab's HTML (its row as the whole tab draws it; a row holds no other `<li>`). */
function rowHtml(html: string, id: string): string {
  const start = html.search(new RegExp(`<li class="item[^>]*data-item-id="${id}"`));
  return start < 0 ? "" : html.slice(start, html.indexOf("</li>", start) + 5);
}

describe("row re-renders of the item lists (issue 26)", () => {
  it("an item equipped: only its row is drawn, the same row the whole tab draws; the rest stays", async () => {
    const w = await loadSheetWorld();
    const { actor, sheet } = await openSheet(w, 40);
    const weapon = actor.items.find((i) => i.type === "weapon")!;
    const tab = part(sheet, "equipment");
    const before = rowsOf(sheet);
    const equipped = !(weapon.system as unknown as { equipped: boolean }).equipped;
    await weapon.update({ "system.equipped": equipped } as never);
    const calls = await rendered(w, () => afterItemUpdate(sheet, [{ _id: weapon.id, system: { equipped } }]));
    const rows = calls.filter((c) => c.template === ROW_TEMPLATES.equipment);
    expect(rows.map((c) => (c.context as { id: string }).id)).toEqual([weapon.id]);
    expect(part(sheet, "equipment")).toBe(tab);
    const after = rowsOf(sheet);
    expect(after.length).toBe(before.length);
    after.forEach((row, i) => {
      if (row.dataset.itemId === weapon.id) expect(row).not.toBe(before[i]);
      else expect(row).toBe(before[i]);
    });
    expect(rowOf(sheet, weapon.id!)?.querySelector("input[data-action=equipItem]")?.hasAttribute("checked")).toBe(
      equipped,
    );
    // The row drawn alone is marked for styles/perf.css to lay out at once; no other row is.
    const redrawn = (sheet: Sheet) => [...rowsOf(sheet)].filter((r) => r.classList.contains(REDRAWN));
    expect(redrawn(sheet).map((r) => r.dataset.itemId)).toEqual([weapon.id]);
    // A second item changed: its row is marked, the first one's mark is gone (marks do not pile up).
    const other = actor.items.find((i) => i.type === "armor")!;
    await other.update({ name: "Carapace réparée" } as never);
    await afterItemUpdate(sheet, [{ _id: other.id, name: "Carapace réparée" }]);
    expect(redrawn(sheet).map((r) => r.dataset.itemId)).toEqual([other.id]);
    // The row drawn alone is the row the whole tab draws from the same data.
    const alone = w.harness.render(rows[0]!.template, rows[0]!.context);
    await sheet.render({ parts: ["equipment"] });
    // Drawn whole, the tab's rows carry the mark no more.
    expect(redrawn(sheet)).toEqual([]);
    // (Whitespace between tags aside: the harness indents partials, which Foundry's `preventIndent` does not.)
    const squash = (html: string) => html.trim().replace(/>\s+</g, "><");
    expect(squash(alone)).toBe(squash(rowHtml(sheet.renderedParts.equipment!, weapon.id!)));
    expect(squash(alone)).toContain(`data-item-id="${weapon.id}"`);
  });

  it("the actor changed but none of its rows: no row is drawn, the tab stays as it is", async () => {
    const w = await loadSheetWorld();
    const { actor, sheet } = await openSheet(w, 24);
    const before = rowsOf(sheet);
    await actor.update({ "system.profile.pv.value": 4 } as never);
    const calls = await rendered(w, () => sheet.render({ renderContext: "updateActor" } as never));
    expect(calls.some((c) => c.template === ROW_TEMPLATES.equipment)).toBe(false);
    expect(rowsOf(sheet)).toEqual(before);
    rowsOf(sheet).forEach((row, i) => expect(row).toBe(before[i]));
  });

  it("an item added, removed or renamed across lists, a mode switch: the tab is drawn whole", async () => {
    const w = await loadSheetWorld();
    const { actor, sheet } = await openSheet(w, 24);
    let tab = part(sheet, "equipment");
    // An item added: the lists' ids change.
    const created = await actor.createEmbeddedDocuments("Item", [{ ...SAMPLE_ITEMS[0]!, name: "Nouveau" }] as never);
    const added = (created ?? [])[0];
    await sheet.render();
    expect(part(sheet, "equipment")).not.toBe(tab);
    expect(rowOf(sheet, (added as { id: string }).id)).not.toBeNull();
    // Removed.
    tab = part(sheet, "equipment");
    await actor.deleteEmbeddedDocuments("Item", [(added as { id: string }).id] as never);
    await sheet.render();
    expect(part(sheet, "equipment")).not.toBe(tab);
    // Edit mode: every row's buttons change, and the tab offers to create items.
    tab = part(sheet, "equipment");
    sheet.mode = "edit";
    await sheet.render();
    expect(part(sheet, "equipment")).not.toBe(tab);
  });

  it("psy: a power changed draws its row only", async () => {
    const w = await loadSheetWorld();
    const { actor, sheet } = await openSheet(w, 40, "psy");
    const power = actor.items.find((i) => i.type === "power")!;
    const tab = part(sheet, "psy");
    await power.update({ name: "Pouvoir renommé" } as never);
    const calls = await rendered(w, () => afterItemUpdate(sheet, [{ _id: power.id, name: "Pouvoir renommé" }]));
    expect(calls.filter((c) => c.template === ROW_TEMPLATES.psy).map((c) => (c.context as { id: string }).id)).toEqual([
      power.id,
    ]);
    expect(part(sheet, "psy")).toBe(tab);
    const marked = [...part(sheet, "psy").querySelectorAll("li.item")].filter((r) => r.classList.contains(REDRAWN));
    expect(marked.map((r) => r.dataset.itemId)).toEqual([power.id]);
  });
});

describe("samePlain (the rows' comparison)", () => {
  it("compares plain data deeply: values, arrays, nested objects, and tells arrays from objects", () => {
    expect(samePlain({ a: [1, { b: "x" }], c: null }, { a: [1, { b: "x" }], c: null })).toBe(true);
    expect(samePlain({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(samePlain({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(samePlain([], {})).toBe(false);
    expect(samePlain({ a: { b: 1 } }, { a: { c: 1 } })).toBe(false);
  });
});

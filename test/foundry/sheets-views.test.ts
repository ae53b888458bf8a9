import { describe, expect, it } from "vitest";
import { answerDialog, clickElement, nextDialog, type FakeApplicationV2, type FakeElement } from "./fake-apps";
import { loadSheetWorld, sampleCharacter, sampleItem, type SheetWorld } from "../templates/sheet-samples";
import { textOf } from "../templates/harness";

// What each viewer sees of a sheet, in the window core builds (the fake's DOM, fake-apps-dom.ts):
// parts that leave when they are no longer configured (review N2), observers opening owned items
// to read them in core's disabled form (N3), a delete button per row (N4), tabs from the
// keyboard (N6), a hidden module's pressure (N10) and play mode without edit hints (ux m11).

type Sheet = FakeApplicationV2 & {
  mode: "play" | "edit";
  element: FakeElement;
  renderedParts: Record<string, string>;
  tabGroups: Record<string, string | null>;
  isEditable: boolean;
};

const partsOf = (sheet: Sheet) =>
  sheet.content!.children.map((c) => [c.dataset.applicationPart, c.classList.contains("active")] as const);

async function actorSheet(w: SheetWorld, actor: unknown): Promise<Sheet> {
  const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
  await sheet.render({ force: true });
  return sheet;
}

describe("parts that are no longer configured leave the window (review N2)", () => {
  it("a player's permission dropping from Observer to Limited leaves the header, the tab bar and the biography, Notes active", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
    w.data.setUser("player-1");
    const sheet = await actorSheet(w, actor);
    expect(partsOf(sheet)).toEqual([
      ["header", false],
      ["tabs", false],
      ["profile", true],
    ]);
    w.data.setUser("gm-1");
    await actor.update({ ownership: { default: 0, "player-1": 1 } } as never);
    w.data.setUser("player-1");
    await sheet.render();
    expect(partsOf(sheet)).toEqual([
      ["header", false],
      ["tabs", false],
      ["notes", true],
    ]);
  });

  it("a module hidden while its tab was drawn takes the tab out", async () => {
    const w = await loadSheetWorld();
    const sheet = await actorSheet(w, await sampleCharacter(w));
    sheet.tabGroups.primary = "psy";
    await sheet.render({ parts: ["psy"] });
    expect(sheet.content!.querySelector('[data-application-part="psy"]')).not.toBeNull();
    await w.fake.settings.set("tactica", "module.psy", false);
    try {
      await sheet.render();
      expect(sheet.content!.querySelector('[data-application-part="psy"]')).toBeNull();
      expect(sheet.content!.querySelectorAll(".tab.active").map((t) => t.dataset.tab)).toEqual(["profile"]);
    } finally {
      await w.fake.settings.set("tactica", "module.psy", true);
    }
  });
});

describe("observers read what they may not change (review N3, core's _toggleDisabled)", () => {
  it("an item's name stays a working button in the observer's disabled sheet and opens the item read-only", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
    w.data.setUser("player-1");
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    sheet.tabGroups.primary = "equipment";
    await sheet.render({ force: true });
    const name = sheet.element.querySelector('[data-action="editItem"]')!;
    const equip = sheet.element.querySelector('[data-action="equipItem"]')!;
    expect([sheet.isEditable, name.disabled, equip.disabled]).toEqual([false, false, true]);
    clickElement(name);
    const item = actor.items.get(name.dataset.itemId ?? "")!;
    const itemSheet = (item as unknown as { sheet: Sheet }).sheet;
    for (let turn = 0; turn < 20 && !itemSheet.rendered; turn++) await new Promise((r) => setTimeout(r, 0));
    expect([itemSheet.rendered, itemSheet.isEditable, itemSheet.mode]).toEqual([true, false, "play"]);
    expect(textOf(itemSheet.renderedParts.details!)).toContain("Corps-à-corps");
  });
});

describe("a row's delete button (review N4) and tabs from the keyboard (review N6)", () => {
  it("edit mode: a row's delete button asks, then deletes that item once", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    sheet.mode = "edit";
    sheet.tabGroups.primary = "equipment";
    await sheet.render({ force: true });
    const button = sheet.element.querySelector('[data-action="deleteItem"]')!;
    const id = button.dataset.itemId ?? "";
    const before = actor.items.size;
    clickElement(button);
    const writes = await w.writesDuring(async () => answerDialog(await nextDialog(), "delete"));
    expect(writes.filter((wr) => wr.action === "delete")).toHaveLength(1);
    expect([actor.items.size, actor.items.get(id)]).toEqual([before - 1, undefined]);
  });

  it("each tab link is in the focus order; Enter or Space on it switches to its tab and draws it", async () => {
    const w = await loadSheetWorld();
    const sheet = await actorSheet(w, await sampleCharacter(w));
    const links = sheet.element.querySelectorAll("[data-action=tab]");
    expect(links.every((a) => a.getAttribute("tabindex") === "0" && a.getAttribute("role") === "button")).toBe(true);
    const press = (tab: string, key: string) =>
      sheet.element
        .querySelector(`[data-action=tab][data-tab="${tab}"]`)!
        .dispatchEvent({ type: "keydown", key, bubbles: true });
    press("morale", "Enter");
    await sheet.render({ parts: [] });
    expect([sheet.tabGroups.primary, sheet.content!.querySelector(".tab.active")?.dataset.tab]).toEqual([
      "morale",
      "morale",
    ]);
    press("effects", " ");
    press("notes", "a");
    await sheet.render({ parts: [] });
    expect(sheet.tabGroups.primary).toBe("effects");
  });
});

describe("a hidden module hides all of itself (review N10, ux m11)", () => {
  it("pressure hidden: no bonus beside a characteristic, no boiler tag on a row, no pressure field on the item sheet", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = await actorSheet(w, actor);
    expect(sheet.renderedParts.profile).toContain('class="bonus">(+3)');
    await w.fake.settings.set("tactica", "module.pressure", false);
    try {
      await sheet.render({ parts: ["profile", "equipment"] });
      expect(sheet.renderedParts.profile).not.toContain('class="bonus"');
      expect(textOf(sheet.renderedParts.equipment!)).not.toMatch(/Pression/);
      const gear = await sampleItem(w, "gear");
      const gearSheet = new w.itemSheets.TacticaItemSheet({ document: gear }) as unknown as Sheet;
      gearSheet.mode = "edit";
      await gearSheet.render({ force: true });
      expect(gearSheet.renderedParts.details).not.toMatch(/system\.(pressureTarget|linked)/);
    } finally {
      await w.fake.settings.set("tactica", "module.pressure", true);
    }
  });

  it("a power in play mode shows no hint on how to fill its fields; edit mode does", async () => {
    const w = await loadSheetWorld();
    const power = await sampleItem(w, "power");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: power }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(textOf(sheet.renderedParts.details!)).not.toContain("ne s'entretient pas");
    sheet.mode = "edit";
    await sheet.render();
    expect(textOf(sheet.renderedParts.details!)).toContain("ne s'entretient pas");
  });
});

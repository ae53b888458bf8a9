import { describe, expect, it, vi } from "vitest";
import { clickAction, type FakeApplicationV2 } from "./fake-apps";
import { loadSheetWorld, sampleCharacter, sampleItem, sampleUnit } from "../templates/sheet-samples";
import { sourceOf } from "./world";

// The sheets in the Foundry fake: registration, context from real documents, button dispatch to
// the actor methods of the contract (spied: another part implements them), permissions, modes,
// S-modules, equip/delete, and the attribute chips' inline error.

type Sheet = FakeApplicationV2 & { mode: string; renderedParts: Record<string, string>; lastContext: Record<string, unknown> };
const target = (dataset: Record<string, string>) => ({ dataset });

describe("sheet registration", () => {
  it("registers on init one default sheet per actor subtype and one for the six item types, and preloads their templates", async () => {
    const w = await loadSheetWorld();
    const registrations = (w.fake as unknown as { sheetRegistrations: { documentName: string; scope: string; sheetClass: unknown; options: { types: string[]; makeDefault: boolean } }[] }).sheetRegistrations;
    const actorTypes = registrations.filter((r) => r.documentName === "Actor").flatMap((r) => r.options.types);
    expect(actorTypes.sort()).toEqual(["character", "npc", "unit"]);
    const items = registrations.filter((r) => r.documentName === "Item");
    expect(items).toHaveLength(1);
    expect(items[0]!.options.types.sort()).toEqual(["armor", "forceField", "gear", "grenade", "power", "weapon"]);
    expect(registrations.every((r) => r.scope === "tactica" && r.options.makeDefault)).toBe(true);
    for (const path of w.register.SHEET_TEMPLATES) expect(w.fake.preloaded).toContain(path);
  });
});

describe("actor sheet buttons dispatch to the actor's methods", () => {
  const cases: [string, Record<string, string>, unknown[]][] = [
    ["rollProfile", { key: "co" }, ["co"]],
    ["rollPressure", { itemId: "ITEM" }, ["ITEM"]],
    ["rollPool", { aptitude: "vivacite", subAptitude: "reflexe" }, [{ aptitude: "vivacite", subAptitude: "reflexe" }]],
    ["rollPool", { aptitude: "puissance", subAptitude: "force", itemId: "ITEM" }, [{ aptitude: "puissance", subAptitude: "force", itemId: "ITEM" }]],
    ["castPower", { itemId: "ITEM" }, ["ITEM"]],
    ["maintainPower", { itemId: "ITEM" }, ["ITEM"]],
    ["rollScore", { subAptitude: "vigilance", purpose: "defence" }, [{ subAptitude: "vigilance", purpose: "defence" }]],
    ["attack", { itemId: "ITEM" }, ["ITEM"]],
    ["moraleTest", {}, []],
    ["rally", {}, []],
  ];
  it.each(cases)("%s %j", async (action, dataset, args) => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const method = vi.fn(async () => null);
    Object.assign(actor, { [action]: method });
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await clickAction(sheet, action, target(dataset), { shiftKey: true });
    expect(method).toHaveBeenCalledTimes(1);
    expect(method).toHaveBeenCalledWith(...args, { fastForward: true });
  });

  it("cancelPower and fearTest read the inputs beside the button", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const cancelPower = vi.fn(async () => null);
    const fearTest = vi.fn(async () => null);
    Object.assign(actor, { cancelPower, fearTest });
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    const inputs: Record<string, { value: string; checked: boolean }> = {
      "[data-input=cancelLevel]": { value: "5", checked: false },
      "[data-input=fear]": { value: "2", checked: false },
      "[data-input=charging]": { value: "on", checked: true },
    };
    const scope = { querySelector: (s: string) => inputs[s] ?? null };
    await clickAction(sheet, "cancelPower", { dataset: {}, closest: () => scope });
    await clickAction(sheet, "fearTest", { dataset: {}, closest: () => scope });
    expect(cancelPower).toHaveBeenCalledWith({ level: 5 }, { fastForward: false });
    expect(fearTest).toHaveBeenCalledWith({ fear: 2, charging: true }, { fastForward: false });
  });

  it("a method this version lacks gives a localised error, not an exception", async () => {
    const w = await loadSheetWorld("en");
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    Object.assign(actor, { rollProfile: undefined });
    const errors = await w.errorsDuring(() => clickAction(sheet, "rollProfile", target({ key: "co" })));
    expect(errors).toEqual(["“Characteristic test” is not available in this version of the system."]);
  });

  it("a stranger cannot roll for the actor, and a bad button rolls nothing", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const rollProfile = vi.fn(async () => null);
    Object.assign(actor, { rollProfile });
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    expect(await w.errorsDuring(() => clickAction(sheet, "rollProfile", target({ key: "xyz" })))).toHaveLength(1);
    w.data.setUser("player-1");
    const errors = await w.errorsDuring(() => clickAction(sheet, "rollProfile", target({ key: "co" })));
    expect(errors[0]).toContain("Sœur Aveline");
    expect(rollProfile).not.toHaveBeenCalled();
  });
});

describe("actor sheet context and render", () => {
  it("shows the derived values: pressure in effect, build totals, maintained power, force field gauge", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    const c = sheet.lastContext as Record<string, unknown>;
    const mou = (c.profile as { key: string; total: number; bonus: number; pressureItems: { name: string }[] }[]).find((r) => r.key === "mou")!;
    expect(mou).toMatchObject({ total: 7, bonus: 3 });
    expect(mou.pressureItems.map((i) => i.name)).toEqual(["Servo-jambes"]);
    expect(c.build).toEqual({ aptitudes: { total: 15, target: 15, off: false }, subAptitudes: { total: 12, target: 12, off: false } });
    expect((c.psy as { maintained: string[] }).maintained).toEqual(["Bouclier"]);
    expect((c.equipment as { forceFields: { renfort: unknown }[] }).forceFields[0]!.renfort).toEqual({ value: 2, max: 4, pct: 50, disabled: false });
    expect(sheet.renderedParts.profile).toContain('data-action="rollPressure"');
    expect(sheet.renderedParts.header).toContain("Sœur Aveline &lt;Vex&gt;");
  });

  it("play mode shows buttons, edit mode shows inputs", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.profile).toContain('data-action="rollProfile"');
    expect(sheet.renderedParts.profile).not.toContain('name="system.profile.mou.value"');
    await clickAction(sheet, "toggleMode", target({}));
    expect(sheet.mode).toBe("edit");
    expect(sheet.renderedParts.profile).toContain('name="system.profile.mou.value"');
    expect(sheet.renderedParts.profile).not.toContain('data-action="rollProfile"');
  });

  it("a player without ownership cannot switch to edit mode", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    w.data.setUser("player-1");
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await clickAction(sheet, "toggleMode", target({}));
    expect(sheet.mode).toBe("play");
  });

  it("S-modules: hidden modules remove their tabs and buttons, and keep the data", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    for (const m of ["psy", "morale", "pressure", "pool", "tactical"]) await w.fake.settings.set("tactica", `module.${m}`, false);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(Object.keys(sheet.renderedParts).sort()).toEqual(["effects", "equipment", "header", "notes", "profile", "tabs"]);
    expect(sheet.renderedParts.tabs).not.toMatch(/data-tab="(psy|morale|aptitudes)"/);
    expect(sheet.renderedParts.profile).not.toContain("rollPressure");
    expect(sheet.renderedParts.header).not.toContain("system.willpower");
    expect(sheet.renderedParts.equipment).not.toContain('data-action="attack"');
    expect((actor.system as unknown as { psyker: { mastery: number } }).psyker.mastery).toBe(2);
  });

  it("the unit sheet shows strength, chanting neophytes, banner and the unit's CO", async () => {
    const w = await loadSheetWorld("en");
    const unit = await sampleUnit(w);
    const sheet = new w.sheets.UnitSheet({ document: unit }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.header).toContain("4 <small>/ 10</small>");
    expect(sheet.renderedParts.psy).toContain('name="system.choir.chanting" value="3"');
    expect(sheet.renderedParts.profile).toContain("The unit&#x27;s CO tests use 8");
    expect(sheet.renderedParts.aptitudes).toBeUndefined();
  });
});

describe("item actions: one write each, permission checked", () => {
  it("equipping a force field switches the other one off in the same write", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const created = (await actor.createEmbeddedDocuments("Item", [{ name: "Champ 2", type: "forceField", system: { renfort: { value: 1, max: 1 } } } as never])) as unknown as { id: string }[];
    const second = created[0];
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    const writes = await w.writesDuring(() => clickAction(sheet, "equipItem", target({ itemId: second!.id! })));
    expect(writes).toHaveLength(1);
    const active = [...actor.items].filter((i) => (i.system as unknown as { active?: boolean }).active === true).map((i) => i.name);
    expect(active).toEqual(["Champ 2"]);
  });

  it("equipping a weapon toggles it in one write; a stranger changes nothing", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.type === "weapon")!;
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    expect(await w.writesDuring(() => clickAction(sheet, "equipItem", target({ itemId: sword.id! })))).toHaveLength(1);
    expect((sword.system as unknown as { equipped: boolean }).equipped).toBe(false);
    w.data.setUser("player-1");
    const before = sourceOf(actor);
    expect(await w.errorsDuring(() => clickAction(sheet, "equipItem", target({ itemId: sword.id! })))).toHaveLength(1);
    expect(sourceOf(actor)).toEqual(before);
  });

  it("the context menu offers edit, equip and delete, and its equip entry toggles the item", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const { itemContextEntries } = await import("../../src/applications/sheets/sheet-helpers");
    const entries = itemContextEntries(actor);
    expect(entries.map((e) => e.name)).toEqual(["TACTICA.Sheet.Menu.edit", "TACTICA.Sheet.Menu.equip", "TACTICA.Sheet.Menu.delete"]);
    const armour = actor.items.find((i) => i.type === "armor")!;
    const power = actor.items.find((i) => i.type === "power")!;
    const li = (id: string) => ({ dataset: { itemId: id } }) as unknown as HTMLElement;
    expect(entries[1]!.condition(li(power.id!))).toBe(false);
    expect(entries[1]!.condition(li(armour.id!))).toBe(true);
    await entries[1]!.callback(li(armour.id!));
    expect((armour.system as unknown as { equipped: boolean }).equipped).toBe(false);
  });
});

describe("item sheet: attribute chips (RULES §6.4)", () => {
  it("valid text becomes a chip in one write", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & { submitAttributeText(t: string): Promise<boolean> };
    const writes = await w.writesDuring(() => sheet.submitAttributeText("Portée 2-4"));
    expect(writes).toHaveLength(1);
    await sheet.render({ force: true });
    expect(sheet.renderedParts.details).toContain("Portée 2-4");
  });

  it("invalid text shows an inline message naming the token and saves nothing", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & { submitAttributeText(t: string): Promise<boolean> };
    // The text is typed into an open sheet (core re-renders only open applications).
    await sheet.render({ force: true });
    const before = sourceOf(item);
    const writes = await w.writesDuring(() => sheet.submitAttributeText("Portée 2-4 Volant"));
    expect(writes).toEqual([]);
    expect(sourceOf(item)).toEqual(before);
    expect(sheet.renderedParts.details).toMatch(/role="alert">«\u00a0Volant\u00a0» n&#x27;est pas compris\.<\/p>/);
    expect(sheet.renderedParts.details).toContain('value="Portée 2-4 Volant"');
  });

  it("a chip's remove button removes that attribute", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "armor");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
    await clickAction(sheet, "removeAttribute", target({ index: "0" }));
    expect((item.system as unknown as { attributes: { key: string }[] }).attributes.map((a) => a.key)).toEqual(["resistant"]);
  });

  it("the power sheet shows every field of the power", async () => {
    const w = await loadSheetWorld("en");
    const item = await sampleItem(w, "power");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
    sheet.mode = "edit";
    await sheet.render({ force: true });
    for (const name of ["level", "cost", "maintenance", "points", "range", "resist"]) expect(sheet.renderedParts.details).toContain(`name="system.${name}"`);
    expect(sheet.renderedParts.description).toContain('name="system.description"');
  });
});

describe("item rows: labels and buttons computed once in the context (DESIGN §6)", () => {
  type Button = { action: string; label: string; tooltip: string; disabled: boolean; pressed: string; aptitude: string; subAptitude: string };
  type Row = { name: string; buttons: Button[]; pressureButton: Button | null; tags: string[] };
  const rowsOf = (sheet: Sheet) => {
    const e = sheet.lastContext.equipment as Record<"weapons" | "gear" | "grenades", Row[]>;
    return { sword: e.weapons.find((r) => r.name === "Épée tronçonneuse")!, legs: e.gear.find((r) => r.name === "Servo-jambes")!, grenade: e.grenades[0]! };
  };

  it("a row's buttons follow the mode, the user's rights, the modules and the blocked status", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    const first = rowsOf(sheet);
    const grenade = first.grenade;
    let { sword, legs } = first;
    expect(sword.buttons.map((b) => b.action)).toEqual(["attack", "rollPool", "rollPressure", "equipItem", "editItem"]);
    expect(sword.buttons[0]!.label).toBe("Attaquer avec Épée tronçonneuse (Force)");
    expect(sword.buttons[1]).toMatchObject({ aptitude: "puissance", subAptitude: "force", label: "Jet de réserve avec Épée tronçonneuse" });
    expect(sword.buttons[3]).toMatchObject({ label: "Ranger Épée tronçonneuse", pressed: "true", disabled: false });
    expect(sword.buttons[4]).toMatchObject({ label: "Modifier Épée tronçonneuse", tooltip: "Modifier" });
    expect(sword.tags).toEqual(["Corps-à-corps", "FOR 4", "Dégâts 3"]);
    expect(legs.buttons.map((b) => b.action)).toEqual(["rollPressure", "equipItem", "editItem"]);
    expect(legs.pressureButton).toBe(legs.buttons[0]);
    expect(grenade.buttons[0]).toMatchObject({ action: "attack", label: "Lancer Grenade à fragmentation", disabled: false });

    sheet.mode = "edit";
    await sheet.render({ force: true });
    ({ sword } = rowsOf(sheet));
    expect(sword.buttons.map((b) => b.action)).toEqual(["equipItem", "editItem", "deleteItem"]);

    await actor.setCondition("pressureBlocked", true);
    w.data.setUser("player-1");
    await sheet.render({ force: true });
    ({ sword, legs } = rowsOf(sheet));
    expect(sword.buttons.map((b) => b.action)).toEqual(["attack", "rollPool", "rollPressure", "equipItem"]);
    expect(sword.buttons.find((b) => b.action === "rollPressure")!.disabled).toBe(true);
    expect(sword.buttons.find((b) => b.action === "equipItem")!.disabled).toBe(true);
    expect(sheet.renderedParts.profile).toMatch(/data-action="rollPressure" data-item-id="[^"]+" disabled aria-label="Jet de pression\u00a0: Servo-jambes"/);

    w.data.setUser("gm-1");
    for (const m of ["pool", "tactical", "pressure"]) await w.fake.settings.set("tactica", `module.${m}`, false);
    sheet.mode = "play";
    await sheet.render({ force: true });
    expect(rowsOf(sheet).sword.buttons.map((b) => b.action)).toEqual(["equipItem", "editItem"]);
  });

  it("the remembered format gives game.i18n.format's text, for one value or several, whatever the value holds", async () => {
    await loadSheetWorld("en");
    const { cachedI18n, gameI18n } = await import("../../src/applications/sheets/context/row-buttons");
    const direct = gameI18n();
    const cached = cachedI18n(direct);
    const cases: [string, Record<string, string>][] = [
      ["TACTICA.Sheet.Roll.attack", { name: "Sword <1>", sub: "Strength" }],
      ["TACTICA.Sheet.Roll.attack", { name: "{sub} $& $1", sub: "x" }],
      ["TACTICA.Sheet.Equip.on", { name: "" }],
      ["TACTICA.Sheet.Equip.on", { name: "Axe" }],
      ["TACTICA.Sheet.Menu.edit", { name: "unused" }],
      ["TACTICA.No.Such.Key", { name: "Axe" }],
    ];
    for (const [key, data] of cases) expect(cached.format(key, data), key).toBe(direct.format(key, data));
    expect(cached.format("TACTICA.Sheet.Equip.on", { name: "Axe" })).toBe("Equip Axe");
  });
});

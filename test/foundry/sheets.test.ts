import { describe, expect, it, vi } from "vitest";
import {
  answerDialog,
  clickAction,
  dragStart,
  elementsOf,
  nextDialog,
  submitForm,
  FakeElement,
  type FakeActorSheetV2,
  type FakeApplicationV2,
} from "./fake-apps";
import { setFakeGeneration } from "./fake-generation";
import { loadSheetWorld, sampleCharacter, sampleItem, sampleUnit } from "../templates/sheet-samples";
import { textOf } from "../templates/harness";
import { sourceOf } from "./world";

// The sheets in the Foundry fake: registration, context from real documents, button dispatch to
// the actor methods of the contract (spied: another part implements them), permissions, modes,
// S-modules, equip/delete, and the attribute chips' inline error.

type Sheet = FakeApplicationV2 & {
  mode: string;
  renderedParts: Record<string, string>;
  lastContext: Record<string, unknown>;
};
const target = (dataset: Record<string, string>) => ({ dataset });

describe("sheet registration", () => {
  it("registers on init one default sheet per actor subtype and one for the six item types, and preloads their templates", async () => {
    const w = await loadSheetWorld();
    const registrations = (
      w.fake as unknown as {
        sheetRegistrations: {
          documentName: string;
          scope: string;
          sheetClass: unknown;
          options: { types: string[]; makeDefault: boolean };
        }[];
      }
    ).sheetRegistrations;
    const actorTypes = registrations.filter((r) => r.documentName === "Actor").flatMap((r) => r.options.types);
    expect(actorTypes.sort()).toEqual(["character", "npc", "unit"]);
    const items = registrations.filter((r) => r.documentName === "Item");
    expect(items).toHaveLength(1);
    expect(items[0]!.options.types.sort()).toEqual(["armor", "forceField", "gear", "grenade", "power", "weapon"]);
    expect(
      registrations
        .filter((r) => r.documentName !== "ActiveEffect")
        .every((r) => r.scope === "tactica" && r.options.makeDefault),
    ).toBe(true);
    for (const path of w.register.SHEET_TEMPLATES) expect(w.fake.preloaded).toContain(path);
  });

  it("takes core's V1 actor and item sheets out of the choices, and documents open Tactica's (review S10)", async () => {
    const w = await loadSheetWorld();
    const v1 = (w.fake.foundry as unknown as { appv1: { sheets: { ActorSheet: unknown; ItemSheet: unknown } } }).appv1
      .sheets;
    const registrations = (w.fake as unknown as { sheetRegistrations: { sheetClass: unknown }[] }).sheetRegistrations;
    expect(registrations.some((r) => r.sheetClass === v1.ActorSheet || r.sheetClass === v1.ItemSheet)).toBe(false);
    const actor = await sampleCharacter(w);
    expect((actor as unknown as { sheet: unknown }).sheet).toBeInstanceOf(w.sheets.CharacterSheet);
    expect((actor.items.contents[0] as unknown as { sheet: unknown }).sheet).toBeInstanceOf(
      w.itemSheets.TacticaItemSheet,
    );
  });
});

describe("actor sheet buttons dispatch to the actor's methods", () => {
  const cases: [string, Record<string, string>, unknown[]][] = [
    ["rollProfile", { key: "co" }, ["co"]],
    ["rollPressure", { itemId: "ITEM" }, ["ITEM"]],
    ["rollPool", { aptitude: "vivacite", subAptitude: "reflexe" }, [{ aptitude: "vivacite", subAptitude: "reflexe" }]],
    [
      "rollPool",
      { aptitude: "puissance", subAptitude: "force", itemId: "ITEM" },
      [{ aptitude: "puissance", subAptitude: "force", itemId: "ITEM" }],
    ],
    ["castPower", { itemId: "ITEM" }, ["ITEM"]],
    ["maintainPower", { itemId: "ITEM" }, ["ITEM"]],
    ["rollScore", { subAptitude: "vigilance", purpose: "defence" }, [{ subAptitude: "vigilance", purpose: "defence" }]],
    ["attack", { itemId: "ITEM" }, ["ITEM"]],
    ["moraleTest", {}, []],
    ["rally", {}, []],
    ["move", {}, [{}]],
  ];
  it.each(cases)("%s %j", async (action, dataset, args) => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const method = vi.fn(async () => null);
    Object.assign(actor, { [action]: method });
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await clickAction(sheet, action, target(dataset), { shiftKey: true });
    expect(method).toHaveBeenCalledTimes(1);
    // The sheet is the opener: the roll's dialog opens in its window (v14 pop-outs).
    expect(method).toHaveBeenCalledWith(...args, { fastForward: true, opener: sheet });
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
    expect(cancelPower).toHaveBeenCalledWith({ level: 5 }, { fastForward: false, opener: sheet });
    expect(fearTest).toHaveBeenCalledWith({ fear: 2, charging: true }, { fastForward: false, opener: sheet });
  });

  it("a stranger cannot roll for the actor (the roll method refuses), and a bad button rolls nothing", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    const messages = () => (w.fake.game.messages as unknown as { size: number }).size;
    const before = messages();
    expect(await w.errorsDuring(() => clickAction(sheet, "rollProfile", target({ key: "xyz" })))).toHaveLength(1);
    w.data.setUser("player-1");
    const errors = await w.errorsDuring(() => clickAction(sheet, "rollProfile", target({ key: "co" })));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Sœur Aveline");
    expect(messages()).toBe(before);
  });
});

describe("actor sheet context and render", () => {
  it("shows the derived values: pressure in effect, build totals, maintained power, force field gauge", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    const c = sheet.lastContext as Record<string, unknown>;
    const mou = (
      c.profile as {
        key: string;
        total: number;
        bonus: number;
        pressure: { single: { label: string } | null; several: unknown[] };
      }[]
    ).find((r) => r.key === "mou")!;
    expect(mou).toMatchObject({ total: 7, bonus: 3 });
    expect(mou.pressure.single?.label).toBe("Jet de pression\u00a0: Servo-jambes");
    expect(mou.pressure.several).toEqual([]);
    // Build totals that add up are not shown in play mode; edit mode shows them.
    expect(c.build).toEqual({
      aptitudes: { total: 15, target: 15, off: false },
      subAptitudes: { total: 12, target: 12, off: false },
      shown: false,
    });
    expect((c.psy as { maintained: string[] }).maintained).toEqual(["Bouclier"]);
    expect((c.equipment as { forceFields: { renfort: unknown }[] }).forceFields[0]!.renfort).toEqual({
      value: 2,
      max: 4,
      pct: 50,
      disabled: false,
    });
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
    for (const m of ["psy", "morale", "pressure", "pool", "tactical"])
      await w.fake.settings.set("tactica", `module.${m}`, false);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await renderAllTabs(sheet);
    expect(Object.keys(sheet.renderedParts).sort()).toEqual([
      "effects",
      "equipment",
      "header",
      "notes",
      "profile",
      "tabs",
    ]);
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
    await renderAllTabs(sheet);
    expect(sheet.renderedParts.header).toContain("4 <small>/ 10</small>");
    expect(sheet.renderedParts.psy).toContain('name="system.choir.chanting" value="3"');
    expect(sheet.renderedParts.profile).toContain("The unit&#x27;s CO tests use 8");
    expect(sheet.renderedParts.aptitudes).toBeUndefined();
  });
});

describe("the NPC's own sheet: a stat block (review S14)", () => {
  it("has no WP, no build totals and no Aptitudes tab; its Profil tab lists characteristics, attacks, aptitudes and scores", async () => {
    const w = await loadSheetWorld();
    const npc = await sampleCharacter(w, "npc");
    const sheet = new w.sheets.NpcSheet({ document: npc }) as unknown as Sheet;
    await renderAllTabs(sheet);
    expect(Object.keys(sheet.renderedParts).sort()).toEqual([
      "effects",
      "equipment",
      "header",
      "morale",
      "notes",
      "profile",
      "psy",
      "tabs",
    ]);
    expect(sheet.renderedParts.tabs).not.toContain('data-tab="aptitudes"');
    expect(sheet.renderedParts.header).not.toMatch(/resource wp|WP/);
    expect(sheet.lastContext.build).toBeNull();
    const block = sheet.renderedParts.profile!;
    expect(block).toContain('class="tab profile npc-block active"');
    for (const action of ["rollProfile", "attack", "rollPool", "rollScore"])
      expect(block).toContain(`data-action="${action}"`);
    expect(textOf(block)).toContain("Attaques");
    expect(textOf(block)).toContain("Épée tronçonneuse");
    // Gauges at 0 are not shown in play mode; in edit mode every value is an input with its label.
    expect(block).not.toContain('class="gauges"');
    sheet.mode = "edit";
    await sheet.render({ force: true });
    const edit = sheet.renderedParts.profile!;
    for (const name of [
      "system.profile.mou.value",
      "system.aptitudes.vivacite.damage",
      "system.subAptitudes.reflexe.value",
      "system.gauges.disruptif",
    ])
      expect(edit).toContain(`name="${name}"`);
    expect(edit).toMatch(
      /<label class="apt-damage">Dégâts <input type="number" name="system.aptitudes.vivacite.damage"/,
    );
  });

  it("a character keeps its WP, and its build totals show in play mode only when they are off", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await renderAllTabs(sheet);
    expect(sheet.renderedParts.header).toContain("resource wp");
    expect(sheet.renderedParts.aptitudes).not.toContain('class="build');
    await actor.update({ system: { aptitudes: { puissance: { value: 5 } } } } as never);
    sheet.tabGroups.primary = "aptitudes";
    await sheet.render({ force: true });
    expect(sheet.renderedParts.aptitudes).toContain('<span class="warn">Aptitudes\u00a0: 16 / 15</span>');
  });
});

describe("one pair of mode labels on every sheet (review S14)", () => {
  it("actor and item sheets both say « Modifier » to edit and « Terminer » to stop", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const item = await sampleItem(w, "weapon");
    for (const sheet of [
      new w.sheets.CharacterSheet({ document: actor }),
      new w.itemSheets.TacticaItemSheet({ document: item }),
    ] as unknown as Sheet[]) {
      await sheet.render({ force: true });
      const toggle = () =>
        textOf(sheet.renderedParts.header!.match(/<button type="button" class="mode-toggle"[\s\S]*?<\/button>/)![0]);
      expect(toggle()).toBe("Modifier");
      sheet.mode = "edit";
      await sheet.render({ force: true });
      expect(toggle()).toBe("Terminer");
      expect(sheet.renderedParts.header).toContain('aria-pressed="true"');
    }
  });
});

describe("a sheet draws its active tab only: on opening and on a document update (issue 16)", () => {
  // The templates a render rendered. The actor sheet renders its header's template first to see
  // whether it changed: `header.hbs` once means the header was compared and left as it was, twice
  // that it was drawn again.
  const templatesOf = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.map((c) => String(c[0]).split("/").at(-1));

  it("opens with the header, the tab bar and the active tab; an update redraws the header and the active tab; a tab is drawn when shown, and again when stale", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet & {
      changeTab(tab: string, group: string): void;
      tabGroups: Record<string, string>;
    };
    const handlebars = (
      w.fake.foundry as unknown as {
        applications: { handlebars: { renderTemplate(p: string, c: object): Promise<string> } };
      }
    ).applications.handlebars;
    const spy = vi.spyOn(handlebars, "renderTemplate");
    await sheet.render({ force: true });
    expect(templatesOf(spy)).toEqual(["header.hbs", "header.hbs", "tab-nav.hbs", "profile.hbs"]);
    // Morale is drawn the first time it is shown (core appends a part it never drew).
    spy.mockClear();
    sheet.changeTab("morale", "primary");
    await sheet.render({ parts: [] });
    expect(templatesOf(spy)).toEqual(["morale.hbs"]);
    expect(textOf(sheet.renderedParts.morale!)).toContain("CO des tests 7");
    const before = { ...sheet.renderedParts };
    // An update of the actor, with Morale shown: the header and Morale only (the tab list did not change).
    spy.mockClear();
    await actor.update({ name: "Sœur Aveline la Grise", system: { profile: { co: { value: 8 } } } } as never);
    await sheet.render();
    expect(templatesOf(spy)).toEqual(["header.hbs", "header.hbs", "morale.hbs"]);
    expect(sheet.renderedParts.header).toContain("Sœur Aveline la Grise");
    expect(textOf(sheet.renderedParts.morale!)).toContain("CO des tests 8");
    expect(sheet.renderedParts.profile).toBe(before.profile);
    // Profil is stale: shown again, it is drawn again, with CO 8; shown once more, it is not.
    spy.mockClear();
    sheet.changeTab("profile", "primary");
    sheet.changeTab("morale", "primary");
    sheet.changeTab("profile", "primary");
    await sheet.render({ parts: [] });
    expect(templatesOf(spy)).toEqual(["profile.hbs"]);
    expect(sheet.renderedParts.profile).toMatch(/data-key="co"[\s\S]*?<span class="value">8/);
    expect(sheet.renderedParts.profile).toContain('class="tab profile active"');
    // An item renamed: the header shows nothing of it, so only the active tab is drawn.
    spy.mockClear();
    await actor.items.find((i) => i.name === "Épée tronçonneuse")!.update({ name: "Épée d'apparat" } as never);
    await sheet.render();
    expect(templatesOf(spy)).toEqual(["header.hbs", "profile.hbs"]);
    spy.mockRestore();
  });

  it("draws the tab bar again when the tabs change: a LIMITED user given more sees every tab", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 0, "player-1": 1 } } as never);
    w.data.setUser("player-1");
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.tabs).not.toContain('data-tab="equipment"');
    w.data.setUser("gm-1");
    await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
    w.data.setUser("player-1");
    await sheet.render();
    expect(sheet.renderedParts.tabs).toContain('data-tab="equipment"');
  });
});

describe("item actions: one write each, permission checked", () => {
  it("equipping a force field switches the other one off in the same write", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const created = (await actor.createEmbeddedDocuments("Item", [
      { name: "Champ 2", type: "forceField", system: { renfort: { value: 1, max: 1 } } } as never,
    ])) as unknown as { id: string }[];
    const second = created[0];
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    const writes = await w.writesDuring(() => clickAction(sheet, "equipItem", target({ itemId: second!.id! })));
    expect(writes).toHaveLength(1);
    const active = [...actor.items]
      .filter((i) => (i.system as unknown as { active?: boolean }).active === true)
      .map((i) => i.name);
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
});

describe("item sheet: attribute chips (RULES §6.4)", () => {
  it("valid text becomes a chip in one write", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & {
      submitAttributeText(t: string): Promise<boolean>;
    };
    const writes = await w.writesDuring(() => sheet.submitAttributeText("Portée 2-4"));
    expect(writes).toHaveLength(1);
    await sheet.render({ force: true });
    expect(sheet.renderedParts.details).toContain("Portée 2-4");
  });

  it("invalid text shows an inline message naming the token and saves nothing", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & {
      submitAttributeText(t: string): Promise<boolean>;
    };
    // The text is typed into an open sheet in edit mode (core re-renders only open applications).
    (sheet as unknown as { mode: string }).mode = "edit";
    await sheet.render({ force: true });
    const before = sourceOf(item);
    const writes = await w.writesDuring(() => sheet.submitAttributeText("Portée 2-4 Volant"));
    expect(writes).toEqual([]);
    expect(sourceOf(item)).toEqual(before);
    expect(sheet.renderedParts.details).toMatch(/role="alert">«\u00a0Volant\u00a0» n&#x27;est pas compris\.<\/p>/);
    expect(sheet.renderedParts.details).toContain('value="Portée 2-4 Volant"');
  });

  it("view mode locks the chips: no entry field, no add button, no remove button (review S14)", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "armor");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & { mode: string };
    await sheet.render({ force: true });
    expect(sheet.renderedParts.details).toContain("Adaptatif 1");
    for (const locked of ['data-input="attribute"', 'data-action="addAttribute"', 'data-action="removeAttribute"'])
      expect(sheet.renderedParts.details).not.toContain(locked);
    sheet.mode = "edit";
    await sheet.render({ force: true });
    for (const open of ['data-input="attribute"', 'data-action="addAttribute"', 'data-action="removeAttribute"'])
      expect(sheet.renderedParts.details).toContain(open);
  });

  it("a Requis chip shows its aptitude as a colour swatch and names it in words beside it (review N7), never as an emoji", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "gear");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet & { mode: string };
    sheet.mode = "edit";
    await sheet.render({ force: true });
    const details = sheet.renderedParts.details!;
    // The swatch is decorative: the aptitude's name is written beside it.
    expect(details).toMatch(
      /<span>Requis <span class="tactica-swatch tactica-swatch--intellect" aria-hidden="true"><\/span>\s+Intellect 4<\/span>/,
    );
    expect(details).not.toContain("🟦");
    expect(details).toContain('aria-label="Retirer Requis Intellect 4"');
  });

  it("a chip's remove button removes that attribute", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "armor");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
    await clickAction(sheet, "removeAttribute", target({ index: "0" }));
    expect((item.system as unknown as { attributes: { key: string }[] }).attributes.map((a) => a.key)).toEqual([
      "resistant",
    ]);
  });

  it("the power sheet shows every field of the power", async () => {
    const w = await loadSheetWorld("en");
    const item = await sampleItem(w, "power");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as Sheet;
    sheet.mode = "edit";
    await sheet.render({ force: true });
    for (const name of ["level", "cost", "maintenance", "points", "range", "resist"])
      expect(sheet.renderedParts.details).toContain(`name="system.${name}"`);
    // A number input is read as a number by core's FormDataExtended; `data-dtype` is redundant there.
    expect(sheet.renderedParts.details).not.toContain("data-dtype");
    expect(sheet.renderedParts.description).toContain('name="system.description"');
  });
});

describe("item rows: labels and buttons computed once in the context (DESIGN §6)", () => {
  type Button = {
    action: string;
    label: string;
    icon: string;
    disabled: boolean;
    aptitude: string;
    subAptitude: string;
  };
  type Row = {
    name: string;
    primary: Button | null;
    buttons: Button[];
    toggle: { on: boolean; text: string; label: string; disabled: boolean } | null;
    canOpen: boolean;
    pressureButton: Button | null;
    deleteButton: Button | null;
    tags: string[];
  };
  const rowsOf = (sheet: Sheet) => {
    const e = sheet.lastContext.equipment as Record<"weapons" | "gear" | "grenades", Row[]>;
    return {
      sword: e.weapons.find((r) => r.name === "Épée tronçonneuse")!,
      legs: e.gear.find((r) => r.name === "Servo-jambes")!,
      grenade: e.grenades[0]!,
    };
  };

  it("a row's buttons follow the mode, the user's rights, the modules and the blocked status", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet & {
      tabGroups: Record<string, string>;
    };
    sheet.tabGroups.primary = "equipment";
    await sheet.render({ force: true });
    const first = rowsOf(sheet);
    const grenade = first.grenade;
    let { sword, legs } = first;
    // The image is the main roll, the other rolls follow, the equipped state is a checkbox, the name opens the sheet.
    expect(sword.primary).toMatchObject({
      action: "attack",
      label: "Attaquer avec Épée tronçonneuse (Force)",
      icon: "fa-solid fa-dice",
    });
    expect(sword.buttons.map((b) => b.action)).toEqual(["rollPool", "rollPressure"]);
    expect(sword.buttons[0]).toMatchObject({
      aptitude: "puissance",
      subAptitude: "force",
      label: "Jet de réserve avec Épée tronçonneuse",
      icon: "fa-solid fa-dice",
    });
    expect(sword.toggle).toEqual({
      on: true,
      text: "Équipé",
      label: "Équipé\u00a0: Épée tronçonneuse",
      disabled: false,
    });
    expect(sword.canOpen).toBe(true);
    // D-35: the FOR (with its pressure bonus) is the damage of a hit: no separate damage value.
    expect(sword.tags).toEqual(["Corps-à-corps", "FOR 4"]);
    expect(legs.primary?.action).toBe("rollPressure");
    expect(legs.buttons).toEqual([]);
    expect(legs.pressureButton).toBe(legs.primary);
    expect(grenade.primary).toMatchObject({
      action: "attack",
      label: "Lancer Grenade à fragmentation",
      disabled: false,
    });
    expect(grenade.toggle).toBeNull();
    // Each label printed once: the aria-label, which core's tooltip shows for an empty data-tooltip.
    expect(sheet.renderedParts.equipment).toContain('aria-label="Jet de réserve avec Épée tronçonneuse" data-tooltip>');
    expect(sheet.renderedParts.equipment).not.toMatch(/data-tooltip="[^"]/);
    // Edit and delete are in the row's context menu, not in the row.
    expect(sheet.renderedParts.equipment).not.toMatch(
      /data-action="(deleteItem|equipItem)" data-item-id="[^"]+"[^>]*><i/,
    );

    sheet.mode = "edit";
    await sheet.render({ force: true });
    ({ sword } = rowsOf(sheet));
    expect([sword.primary, sword.buttons]).toEqual([null, []]);
    // Edit mode: each row has its own delete button, reachable from the keyboard (review N4).
    expect(sword.deleteButton).toMatchObject({ action: "deleteItem", label: "Supprimer Épée tronçonneuse" });
    expect(sheet.renderedParts.equipment).toMatch(
      /data-action="deleteItem" data-item-id="[^"]+" aria-label="Supprimer Épée tronçonneuse" data-tooltip>/,
    );
    expect(sword.toggle?.on).toBe(true);

    await actor.setCondition("pressureBlocked", true);
    sheet.mode = "play";
    await sheet.render({ force: true });
    ({ sword, legs } = rowsOf(sheet));
    expect(sword.buttons.find((b) => b.action === "rollPressure")!.disabled).toBe(true);
    sheet.tabGroups.primary = "profile";
    await sheet.render({ force: true });
    expect(sheet.renderedParts.profile).toMatch(
      /data-action="rollPressure" data-item-id="[^"]+" disabled aria-label="Jet de pression\u00a0: Servo-jambes"/,
    );

    // A user who does not own the actor (an observer) gets no roll button at all, and a disabled toggle.
    sheet.tabGroups.primary = "equipment";
    await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
    w.data.setUser("player-1");
    await sheet.render({ force: true });
    ({ sword, legs } = rowsOf(sheet));
    // The observer still opens the item, to read it (review N3).
    expect([sword.primary, sword.buttons, sword.canOpen, sword.deleteButton]).toEqual([null, [], true, null]);
    expect(sword.toggle?.disabled).toBe(true);
    expect(legs.pressureButton).toBeNull();

    w.data.setUser("gm-1");
    for (const m of ["pool", "tactical", "pressure"]) await w.fake.settings.set("tactica", `module.${m}`, false);
    await sheet.render({ force: true });
    expect([rowsOf(sheet).sword.primary, rowsOf(sheet).sword.buttons]).toEqual([null, []]);
  });

  it("several boiler-linked items on one characteristic collapse into one gauge that lists them (review S10)", async () => {
    const w = await loadSheetWorld();
    const legs = {
      name: "Servo-jambes",
      type: "gear",
      system: { pressureTarget: "mou", linked: true, equipped: true },
    };
    const boots = {
      name: "Bottes à vapeur",
      type: "gear",
      system: { pressureTarget: "mou", linked: true, equipped: true },
    };
    const actor = await sampleCharacter(w, "character", [legs, boots]);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    const profile = sheet.renderedParts.profile!;
    const tile = profile.slice(
      profile.indexOf('data-characteristic="mou"'),
      profile.indexOf('data-characteristic="ini"'),
    );
    expect(tile.match(/<details class="pressure-picker">/g)).toHaveLength(1);
    expect(tile).toContain('aria-label="Jets de pression\u00a0: 2 objets"');
    expect(tile.match(/data-action="rollPressure"/g)).toHaveLength(2);
    expect(tile).toContain("Bottes à vapeur");
    const other = profile.slice(profile.indexOf('data-characteristic="ini"'));
    expect(other).not.toContain("rollPressure");
  });

  it("the remembered format gives game.i18n.format's text, for one value or several, whatever the value holds", async () => {
    await loadSheetWorld("en");
    const { cachedI18n, gameI18n } = await import("../../src/applications/sheets/context/row-buttons");
    const direct = gameI18n();
    const cached = cachedI18n(direct);
    const cases: [string, Record<string, string>][] = [
      ["TACTICA.Sheet.Roll.attack", { name: "Sword <1>", sub: "Strength" }],
      ["TACTICA.Sheet.Roll.attack", { name: "{sub} $& $1", sub: "x" }],
      ["TACTICA.Sheet.Equip.named", { state: "", name: "" }],
      ["TACTICA.Sheet.Equip.named", { state: "Equipped", name: "Axe" }],
      ["TACTICA.Sheet.Menu.edit", { name: "unused" }],
      ["TACTICA.No.Such.Key", { name: "Axe" }],
    ];
    for (const [key, data] of cases) expect(cached.format(key, data), key).toBe(direct.format(key, data));
    expect(cached.format("TACTICA.Sheet.Equip.named", { state: "Equipped", name: "Axe" })).toBe("Equipped: Axe");
  });
});

/* ------------------------------------------------------------------------------------------ */
/*  The sheets as core v13 runs them, v14 pop-outs included                                    */
/* ------------------------------------------------------------------------------------------ */

type CoreSheet = Sheet & {
  element: FakeElement;
  tabGroups: Record<string, string | null>;
  isEditable: boolean;
  imageEdits: string[];
  window: { windowId?: string };
  _onChangeForm(config: object, event: object): unknown;
  _onSubmitForm(config: object, event: object): Promise<void>;
  submitAttributeText(text: string): Promise<boolean>;
};
const asSheet = (app: unknown) => app as CoreSheet;
/** The element of a rendered part with attribute `name` = `value`. */
const elementIn = (html: string | undefined, name: string, value: string) =>
  elementsOf(html ?? "").find((e) => e.getAttribute(name) === value)!;

describe("drag and drop through core's binding (review S2)", () => {
  it("item, power and effect rows and characteristics drag; their payloads are what core and the hotbar read", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.name === "Épée tronçonneuse")!;
    const shield = actor.items.find((i) => i.name === "Bouclier")!;
    const [carried] = (await sword.createEmbeddedDocuments("ActiveEffect", [
      { name: "Lame chauffée", transfer: true } as never,
    ])) as unknown as { id: string; uuid: string }[];
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as FakeActorSheetV2 & CoreSheet;
    await renderAllTabs(sheet);
    expect(await dragStart(sheet, elementIn(sheet.renderedParts.equipment, "data-item-id", sword.id!))).toEqual({
      type: "Item",
      uuid: sword.uuid,
    });
    expect(await dragStart(sheet, elementIn(sheet.renderedParts.psy, "data-item-id", shield.id!))).toEqual({
      type: "Item",
      uuid: shield.uuid,
    });
    const own = actor.effects.contents[0]!;
    expect(await dragStart(sheet, elementIn(sheet.renderedParts.effects, "data-effect-id", own.id!))).toEqual({
      type: "ActiveEffect",
      uuid: own.uuid,
    });
    // An effect of an item: core would look for it among the actor's own effects.
    expect(await dragStart(sheet, elementIn(sheet.renderedParts.effects, "data-effect-id", carried!.id))).toEqual({
      type: "ActiveEffect",
      uuid: carried!.uuid,
    });
    const co = await dragStart(sheet, elementIn(sheet.renderedParts.profile, "data-characteristic", "co"));
    expect(co).toEqual({ type: "TacticaCharacteristic", actorUuid: actor.uuid, key: "co" });
    const { macroFor } = await import("../../src/api/macros");
    expect(macroFor(co as object)?.command).toBe(
      `game.tactica.rollCharacteristic(${JSON.stringify(actor.uuid)}, "co", { fastForward: game.tactica.skipsDialog(event) });`,
    );
  });

  it("a user who may not change the actor drags nothing (core: _canDragStart is isEditable)", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 2 } } as never);
    w.data.setUser("player-1");
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as FakeActorSheetV2 & CoreSheet;
    await renderAllTabs(sheet);
    const sword = actor.items.find((i) => i.name === "Épée tronçonneuse")!;
    expect(await dragStart(sheet, elementIn(sheet.renderedParts.equipment, "data-item-id", sword.id!))).toBeNull();
  });

  it("rows are listed by their sort order (core's _onSortItem writes `sort`)", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w, "character", [
      { name: "Arme C", type: "weapon", sort: 300000 },
      { name: "Arme A", type: "weapon", sort: 100000 },
      { name: "Arme B", type: "weapon", sort: 200000 },
    ]);
    const sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    await sheet.render({ force: true });
    const weapons = (sheet.lastContext.equipment as { weapons: { name: string }[] }).weapons.map((r) => r.name);
    expect(weapons).toEqual(["Arme A", "Arme B", "Arme C"]);
  });
});

describe("permissions on the sheet (review S3, S4, S5)", () => {
  it("a LIMITED user sees the header (portrait and name) and the biography only", async () => {
    const w = await loadSheetWorld("en");
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 0, "player-1": 1 } } as never);
    w.data.setUser("player-1");
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true });
    expect(Object.keys(sheet.renderedParts).sort()).toEqual(["header", "notes", "tabs"]);
    expect(sheet.tabGroups.primary).toBe("notes");
    expect(
      elementsOf(sheet.renderedParts.tabs!)
        .filter((e) => e.dataset.tab)
        .map((e) => [e.dataset.tab, e.classList.contains("active")]),
    ).toEqual([["notes", true]]);
    expect(sheet.renderedParts.header).toContain("Sister Aveline &lt;Vex&gt;");
    expect(sheet.renderedParts.header).not.toMatch(/resource|7 <small>/);
    expect(sheet.renderedParts.notes).toContain("siege of Ostrava");
    // An observer (more than LIMITED) sees the whole sheet.
    w.data.setUser("gm-1");
    await actor.update({ ownership: { default: 0, "player-1": 2 } } as never);
    w.data.setUser("player-1");
    await renderAllTabs(sheet);
    expect(Object.keys(sheet.renderedParts)).toContain("equipment");
  });

  it("an observer sees no roll button anywhere on the sheet", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 2 } } as never);
    w.data.setUser("player-1");
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await renderAllTabs(sheet);
    const html = Object.values(sheet.renderedParts).join("");
    expect(html).not.toMatch(
      /data-action="(roll\w*|castPower|maintainPower|cancelPower|attack|moraleTest|rally|fearTest)"/,
    );
    // The owner sees them.
    w.data.setUser("gm-1");
    await renderAllTabs(sheet);
    expect(Object.values(sheet.renderedParts).join("")).toMatch(/data-action="rollProfile"/);
  });

  it("the item menu goes through core's _createContextMenu: hooks may add entries; equip and delete need an editable sheet", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const seen: string[] = [];
    const v14 = (w.fake.game.release as { generation: number }).generation >= 14;
    w.fake.hooks.on("getTacticaActorSheetContextOptions", (_app: unknown, entries: unknown) => {
      seen.push("tactica");
      // A module adds an entry in the running generation's shape.
      const extra = v14
        ? { label: "MODULE.Extra", icon: "", visible: () => true, onClick: () => undefined }
        : { name: "MODULE.Extra", icon: "", condition: () => true, callback: () => undefined };
      (entries as object[]).push(extra);
    });
    w.fake.hooks.on("getApplicationV2ContextOptions", () => seen.push("core"));
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true });
    await sheet.render({ force: true });
    const menus = (
      w.fake as unknown as {
        contextMenus: {
          container: unknown;
          selector: string;
          items: MenuEntry[];
          options: { jQuery: boolean; fixed: boolean };
        }[];
      }
    ).contextMenus;
    // Built once (first render), on the sheet's element, in the running generation's entry shape.
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({
      container: sheet.element,
      selector: "[data-item-id].item",
      options: { jQuery: false, fixed: true },
    });
    const entries = menus[0]!.items.map(readEntry);
    expect(entries.map((e) => e.label)).toEqual([
      "TACTICA.Sheet.Menu.edit",
      "TACTICA.Sheet.Menu.equip",
      "TACTICA.Sheet.Menu.delete",
      "MODULE.Extra",
    ]);
    expect(menus[0]!.items.every((e) => "label" in e === v14)).toBe(true);
    expect(entries[0]!.icon).toBe(
      v14 ? "fa-solid fa-pen-to-square" : '<i class="fa-solid fa-pen-to-square" aria-hidden="true"></i>',
    );
    expect(seen).toEqual(["tactica", "core"]);
    const [edit, equip, del] = entries;
    const armour = actor.items.find((i) => i.type === "armor")!;
    const power = actor.items.find((i) => i.type === "power")!;
    const li = (id: string) => ({ dataset: { itemId: id } }) as unknown as HTMLElement;
    expect([equip!.visible(li(power.id!)), equip!.visible(li(armour.id!)), del!.visible(li(armour.id!))]).toEqual([
      false,
      true,
      true,
    ]);
    await equip!.run(li(armour.id!));
    expect((armour.system as unknown as { equipped: boolean }).equipped).toBe(false);
    // The GM owns it, but the sheet is not editable (a locked compendium): no equip, no delete.
    Object.defineProperty(sheet, "isEditable", { value: false });
    expect([edit!.visible(li(armour.id!)), equip!.visible(li(armour.id!)), del!.visible(li(armour.id!))]).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("modes, tabs, enrichment and effects (review S6, S7, S8)", () => {
  it("a new item opens in edit mode, as a new document's sheet does (renderContext createItem)", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    const writes = await w.writesDuring(() => clickAction(sheet, "createItem", target({ type: "weapon" })));
    expect(writes.map((x) => x.action)).toEqual(["create"]);
    const created = actor.items.get(writes[0]!.ids[0]!)! as unknown as { sheet: CoreSheet };
    expect([created.sheet.rendered, created.sheet.mode]).toEqual([true, "edit"]);
    expect(created.sheet.renderedParts.details).toContain('name="system.strength"');
    // A world item created from the sidebar opens with core's renderContext.
    const item = await sampleItem(w, "armor");
    const other = asSheet((item as unknown as { sheet: unknown }).sheet);
    await other.render({ force: true, renderContext: "createItem" } as never);
    expect(other.mode).toBe("edit");
  });

  it("a create button naming no Tactica item type creates nothing and says so", async () => {
    const w = await loadSheetWorld("en");
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    const before = actor.items.size;
    let errors: string[] = [];
    const writes = await w.writesDuring(async () => {
      errors = await w.errorsDuring(() => clickAction(sheet, "createItem", target({ type: "spaceship" })));
    });
    expect(writes).toEqual([]);
    expect(errors).toEqual(["This button names no Tactica item type; nothing was created."]);
    expect(actor.items.size).toBe(before);
  });

  it("a tab of a hidden module is never the active tab, in the tabs and in tabGroups", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true, tab: "psy" } as never);
    expect(sheet.tabGroups.primary).toBe("psy");
    await w.fake.settings.set("tactica", "module.psy", false);
    await sheet.render();
    expect(sheet.tabGroups.primary).toBe("profile");
    const tabs = sheet.lastContext.tabs as Record<string, { active: boolean; cssClass?: string }>;
    expect(Object.keys(tabs)).not.toContain("psy");
    expect(
      Object.entries(tabs)
        .filter(([, t]) => t.active)
        .map(([id, t]) => [id, t.cssClass]),
    ).toEqual([["profile", "active"]]);
    expect(sheet.renderedParts.profile).toMatch(/class="tab profile active"/);
  });

  it("the biography is enriched for the notes part only, with the actor's roll data", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const enrichedCalls = (
      w.fake as unknown as { enriched: { html: string; options: { rollData?: unknown; relativeTo?: unknown } }[] }
    ).enriched;
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true });
    // The biography's tab is not drawn until it is shown: nothing enriched yet.
    expect(enrichedCalls).toHaveLength(0);
    await renderAllTabs(sheet);
    const first = enrichedCalls.length;
    expect(first).toBe(1);
    expect(enrichedCalls.at(-1)).toMatchObject({
      html: "<p>Vétérane du <strong>siège d'Ostrava</strong>.</p>",
      options: { relativeTo: actor },
    });
    expect(enrichedCalls.at(-1)!.options.rollData).toBe(actor.system);
    await sheet.render({ parts: ["header", "profile"] } as never);
    expect(enrichedCalls).toHaveLength(first);
    const item = await sampleItem(w, "weapon");
    const itemSheet = asSheet(new w.itemSheets.TacticaItemSheet({ document: item }));
    await itemSheet.render({ force: true, parts: ["header", "details"] } as never);
    expect(enrichedCalls).toHaveLength(first);
  });

  it("the effects tab lists the actor's effects and those of its items, each with its source; their buttons act on them", async () => {
    const w = await loadSheetWorld("en");
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.name === "Chainsword")!;
    await sword.createEmbeddedDocuments("ActiveEffect", [
      { name: "Lame chauffée", transfer: true } as never,
      { name: "Pression (lame)", transfer: false } as never,
    ]);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true, tab: "effects" } as never);
    const rows = sheet.lastContext.effects as {
      name: string;
      source: string;
      transfer: boolean;
      parentId: string;
      id: string;
    }[];
    expect(rows.map((r) => [r.name, r.source, r.transfer])).toEqual([
      ["Pressure (MOU)", "", true],
      ["Lame chauffée", "Chainsword", true],
      ["Pression (lame)", "Chainsword", false],
    ]);
    expect(textOf(sheet.renderedParts.effects!)).toContain("From Chainsword");
    expect(textOf(sheet.renderedParts.effects!)).toContain("On Chainsword");
    const heated = rows[1]!;
    const row = elementIn(sheet.renderedParts.effects, "data-effect-id", heated.id);
    const writes = await w.writesDuring(() => clickAction(sheet, "toggleEffect", { dataset: {}, closest: () => row }));
    expect(writes).toHaveLength(1);
    expect((sword.effects.get(heated.id) as unknown as { disabled: boolean }).disabled).toBe(true);
  });
});

describe("element ids (review D3)", () => {
  it("an item sheet's field ids start with its window id: two sheets of items sharing an id share no element id", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const actor = await sampleCharacter(w, "character", [{ ...(item.toObject() as object), _id: item.id }] as never);
    const owned = actor.items.get(item.id!)!;
    const ids: string[][] = [];
    for (const doc of [item, owned]) {
      const sheet = asSheet(new w.itemSheets.TacticaItemSheet({ document: doc }));
      sheet.mode = "edit";
      await sheet.render({ force: true });
      ids.push(
        elementsOf(sheet.renderedParts.details!)
          .map((e) => e.getAttribute("id"))
          .filter((id): id is string => id !== null),
      );
      expect(ids.at(-1)!.every((id) => id.startsWith(`${sheet.id}-`))).toBe(true);
    }
    expect(ids[0]!.length).toBeGreaterThan(3);
    expect(ids[0]!.filter((id) => ids[1]!.includes(id))).toEqual([]);
  });
});

describe("listeners and form submission (review S9)", () => {
  it("Enter in the attribute field adds ONE chip, however many times the sheet rendered", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = asSheet(new w.itemSheets.TacticaItemSheet({ document: item }));
    sheet.mode = "edit";
    // The field survives a render that skips its part, as a real element would.
    const field = new FakeElement("input", { "data-input": "attribute" });
    field.parent = null;
    Object.assign(field, { value: "Portée 2-4" });
    const calls: string[] = [];
    sheet.submitAttributeText = async (text: string) => (calls.push(text), true);
    await sheet.render({ force: true });
    sheet.element.place("[data-input=attribute]", field);
    await sheet.render({ parts: ["header"] } as never);
    await sheet.render();
    // The key press happens on the field and bubbles to the sheet's root element.
    await sheet.element.fire("keydown", { key: "Enter" }, field);
    for (const listener of field.listeners)
      await listener.fn({ type: listener.type, key: "Enter", target: field, preventDefault: () => undefined });
    expect(calls).toEqual(["Portée 2-4"]);
  });

  it("a change in a helper input (data-input) does not submit the sheet; a change in a named field does", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true });
    const submits: unknown[] = [];
    sheet._onSubmitForm = async (_config: object, event: object) => void submits.push(event);
    const config = (sheet.options as { form: object }).form;
    sheet._onChangeForm(config, { type: "change", target: new FakeElement("input", { "data-input": "fear" }) });
    expect(submits).toHaveLength(0);
    sheet._onChangeForm(config, { type: "change", target: new FakeElement("input", { name: "system.exhaustion" }) });
    expect(submits).toHaveLength(1);
  });
});

describe("bad input in a sheet is refused before core cleans it", () => {
  it("a number out of range is refused with the localised message, nothing written, the sheet redrawn; a good one is written", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor })) as unknown as FakeApplicationV2;
    await sheet.render({ force: true });
    const before = (actor.system as unknown as { exhaustion: number }).exhaustion;
    const renders = vi.spyOn(sheet, "render");
    // Core's DocumentSheetV2 would clamp 1000 to 999 and store it (test/foundry/fake-apps.ts).
    const writes = await w.writesDuring(() => submitForm(sheet, { "system.exhaustion": 1000 }));
    expect(writes).toEqual([]);
    expect((actor.system as unknown as { exhaustion: number }).exhaustion).toBe(before);
    const errors = w.data.notifications.of("error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/1000/);
    expect(errors[0]).toMatch(/999/);
    expect(renders).toHaveBeenCalled();
    const written = await w.writesDuring(() => submitForm(sheet, { "system.exhaustion": 3 }));
    expect(written.map((wr) => wr.data[0])).toEqual([{ system: { exhaustion: 3 } }]);
    expect(w.data.notifications.of("error")).toHaveLength(1);
  });

  it("an item sheet refuses the same way (a negative weapon strength), and writes nothing", async () => {
    const w = await loadSheetWorld();
    const item = await sampleItem(w, "weapon");
    const sheet = new w.itemSheets.TacticaItemSheet({ document: item }) as unknown as FakeApplicationV2;
    await sheet.render({ force: true });
    const writes = await w.writesDuring(() => submitForm(sheet, { "system.strength": -2 }));
    expect(writes).toEqual([]);
    expect(w.data.notifications.of("error")).toHaveLength(1);
  });
});

describe("child windows and accessibility (issue 14, review A1)", () => {
  it("deleting an item asks first, in a dialog; cancelling deletes nothing, confirming deletes once", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.name === "Épée tronçonneuse")!;
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true });
    let writes = await w.writesDuring(async () => {
      const pending = clickAction(sheet, "deleteItem", target({ itemId: sword.id! }));
      await answerDialog(await nextDialog(), "cancel");
      await pending;
    });
    expect(writes).toEqual([]);
    writes = await w.writesDuring(async () => {
      const pending = clickAction(sheet, "deleteItem", target({ itemId: sword.id! }));
      const dialog = await nextDialog();
      expect(dialog.html).toContain("Épée tronçonneuse");
      await answerDialog(dialog, "delete");
      await pending;
    });
    expect(writes.map((x) => x.action)).toEqual(["delete"]);
    expect(actor.items.get(sword.id!)).toBeUndefined();
  });

  it("the portrait is a button that hands its IMG to core's editImage action; the tab bar has no stale ARIA tab state", async () => {
    const w = await loadSheetWorld();
    const actor = await sampleCharacter(w);
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    sheet.mode = "edit";
    await sheet.render({ force: true });
    const button = elementIn(sheet.renderedParts.header, "data-action", "editPortrait");
    expect(button.tagName).toBe("BUTTON");
    const img = elementsOf(sheet.renderedParts.header!).find((e) => e.tagName === "IMG")!;
    expect(img.dataset.edit).toBe("img");
    button.place("img[data-edit]", img);
    await clickAction(sheet, "editPortrait", button as never);
    expect(sheet.imageEdits).toEqual(["img"]);
    expect(sheet.renderedParts.tabs).not.toMatch(/role="tab"|aria-selected/);
  });

  it("v14: from a popped-out sheet, an item sheet, a roll dialog and a confirmation open in the same window", async () => {
    const w = await loadSheetWorld("fr", (fake) => setFakeGeneration(fake, 14));
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.name === "Épée tronçonneuse")!;
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true, window: { detached: true, windowId: "pop-1" } } as never);
    expect(sheet.window.windowId).toBe("pop-1");
    await clickAction(sheet, "editItem", target({ itemId: sword.id! }));
    expect(asSheet((sword as unknown as { sheet: unknown }).sheet).window.windowId).toBe("pop-1");
    const rolling = clickAction(sheet, "rollProfile", target({ key: "co" }));
    const dialog = await nextDialog();
    expect(dialog.window.windowId).toBe("pop-1");
    await dialog.close();
    expect(await rolling).toBeUndefined();
    const deleting = clickAction(sheet, "deleteItem", target({ itemId: sword.id! }));
    const confirm = await nextDialog();
    expect(confirm.window.windowId).toBe("pop-1");
    await answerDialog(confirm, "cancel");
    await deleting;
  });

  it("v13: the same windows open in the main window", async () => {
    const w = await loadSheetWorld("fr", (fake) => setFakeGeneration(fake, 13));
    const actor = await sampleCharacter(w);
    const sword = actor.items.find((i) => i.name === "Épée tronçonneuse")!;
    const sheet = asSheet(new w.sheets.CharacterSheet({ document: actor }));
    await sheet.render({ force: true, window: { detached: true, windowId: "pop-1" } } as never);
    expect(sheet.window.windowId).toBeUndefined();
    await clickAction(sheet, "editItem", target({ itemId: sword.id! }));
    const itemSheet = asSheet((sword as unknown as { sheet: unknown }).sheet);
    expect([itemSheet.rendered, itemSheet.window.windowId]).toEqual([true, undefined]);
  });
});

/** A context-menu entry as the fake's ContextMenu received it: v13's shape or v14's. */
type MenuEntry =
  | { name: string; icon: string; condition(li: HTMLElement): boolean; callback(li: HTMLElement): unknown }
  | {
      label: string;
      icon: string;
      visible(target: HTMLElement): boolean;
      onClick(event: Event | null, target: HTMLElement): unknown;
    };

/** An entry read in either shape: its label, its icon, whether it shows for `li`, and its action. */
function readEntry(entry: MenuEntry) {
  return "name" in entry
    ? {
        label: entry.name,
        icon: entry.icon,
        visible: (li: HTMLElement) => entry.condition(li),
        run: (li: HTMLElement) => entry.callback(li),
      }
    : {
        label: entry.label,
        icon: entry.icon,
        visible: (li: HTMLElement) => entry.visible(li),
        run: (li: HTMLElement) => entry.onClick(null, li),
      };
}

/** Renders every tab of an actor sheet once (each part is rendered whatever tab is active). */
/**
 * Opens the sheet, then shows each of its tabs in turn, as a user clicking them: a render draws
 * the active tab only, and core's `changeTab` makes the sheet draw a tab it has not drawn yet.
 */
async function renderAllTabs(sheet: { render(options?: Record<string, unknown>): Promise<unknown> }): Promise<void> {
  const app = sheet as unknown as {
    changeTab(tab: string, group: string): void;
    _prepareTabs(group: string): Record<string, unknown>;
    tabGroups: Record<string, string | null>;
  };
  await sheet.render({ force: true });
  const first = app.tabGroups.primary!;
  for (const id of Object.keys(app._prepareTabs("primary"))) app.changeTab(id, "primary");
  app.changeTab(first, "primary");
  await sheet.render({ parts: [] });
}

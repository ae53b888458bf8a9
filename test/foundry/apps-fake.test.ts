import { describe, expect, it } from "vitest";
import { installFoundryFake, type FakeFoundry } from "./fake";
import { dataFake } from "./fake-data";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";
import {
  FakeActorSheetV2,
  FakeApplicationV2,
  FakeDialogV2,
  FakeDocumentSheetV2,
  FakeElement,
  FakeHandlebarsApplicationMixin,
  answerDialog,
  dragStart,
  elementsOf,
  nextDialog,
  submitForm,
} from "./fake-apps";
import { clickElement, formsSettled, FakeProseMirror, RENDER_STATES } from "./fake-apps";
import { formDataOf, parseHTML } from "./fake-apps-dom";
import { loadWorld } from "./world";

// The ApplicationV2 part of the Foundry fake (fake-apps.ts) against the behaviours it claims, one
// test per behaviour, each named after its source (the public API pages, dnd5e / draw-steel: see
// docs/foundry-behaviour.md §3–§4, which also marks what they leave unconfirmed). The
// instances registry, render queue and form submission are in places-fake.test.ts.

type Obj = Record<string, unknown>;

/** Templates by path, rendered as given (a context's `n`, if any, replaces `{n}`). */
function templates(fake: FakeFoundry, byPath: Record<string, string>): string[] {
  const rendered: string[] = [];
  (fake.foundry.applications as unknown as { handlebars: object }).handlebars = {
    renderTemplate: async (path: string, context: Obj) => {
      rendered.push(path);
      return (byPath[path] ?? `<p>${path}</p>`).replace("{n}", String(context.n ?? ""));
    },
  };
  return rendered;
}
const hooksOf = (fake: FakeFoundry) => fake.hooks;

describe("fake ApplicationV2 (core v13 application.mjs)", () => {
  it("_initializeApplicationOptions (#mergeApplicationOptions): every array concatenated at any depth, objects merged, a framed window's classes start with application, no class shares its defaults with an instance", () => {
    installFoundryFake();
    class A extends FakeApplicationV2 {
      static override DEFAULT_OPTIONS: Obj = {
        classes: ["a"],
        actions: { one: () => 1 },
        position: { width: 100 },
        window: { controls: [{ action: "x" }] },
      };
    }
    class B extends A {
      static override DEFAULT_OPTIONS: Obj = {
        classes: ["b", "a"],
        actions: { two: () => 2 },
        position: { height: 50 },
        window: { controls: [{ action: "y" }] },
      };
    }
    const app = new B({ classes: ["c"] });
    expect(app.options.classes).toEqual(["application", "a", "b", "c"]);
    expect(Object.keys(app.options.actions as Obj)).toEqual(["one", "two"]);
    expect(app.options.position).toEqual({ width: 100, height: 50 });
    expect((app.options.window as { controls: Obj[] }).controls).toEqual([{ action: "x" }, { action: "y" }]);
    (app.options.actions as Obj).three = () => 3;
    expect(Object.keys(new B().options.actions as Obj)).toEqual(["one", "two"]);
    class Frameless extends FakeApplicationV2 {
      static override DEFAULT_OPTIONS: Obj = { classes: ["f"], window: { frame: false } };
    }
    expect(new Frameless().options.classes).toEqual(["f"]);
  });

  it("render: _configureRenderOptions (tab) → _prepareContext (the only tab group) → _onFirstRender once → _onRender → render event; close emits close", async () => {
    installFoundryFake();
    const calls: string[] = [];
    class Tabbed extends FakeApplicationV2 {
      static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }], initial: "one" } };
      override async _onFirstRender() {
        calls.push("first");
      }
      override async _onRender(context: Obj) {
        calls.push(`render:${Object.keys(context.tabs as Obj).join(",")}:${this.tabGroups.primary}`);
      }
    }
    const app = new Tabbed();
    app.addEventListener("render", () => calls.push("event"));
    app.addEventListener("close", () => calls.push("closed"), { once: true });
    await app.render({ force: true });
    await app.render({ tab: "two" });
    await app.close();
    await app.close();
    expect(calls).toEqual(["first", "render:one,two:one", "event", "render:one,two:two", "event", "closed"]);
    expect(app.element).toBeNull();
  });

  it("_prepareTabs: tabGroups ??= initial; the active tab's cssClass is 'active', the others' undefined (but present); labelPrefix", () => {
    installFoundryFake();
    class Tabbed extends FakeApplicationV2 {
      static override TABS = {
        primary: {
          tabs: [
            { id: "one", icon: "i" },
            { id: "two", label: "Own" },
          ],
          initial: "two",
          labelPrefix: "TABS",
        },
      };
    }
    const app = new Tabbed();
    const tabs = app._prepareTabs("primary");
    expect(tabs).toEqual({
      one: { group: "primary", id: "one", active: false, cssClass: undefined, icon: "i", label: "TABS.one" },
      two: { group: "primary", id: "two", active: true, cssClass: "active", label: "Own" },
    });
    expect("cssClass" in tabs.one!).toBe(true);
  });

  it("changeTab: both ids required; the active tab again changes nothing unless forced; throws without the tab's link; toggles .active on the links and sections present; sets tabGroups without rendering", async () => {
    const fake = installFoundryFake();
    templates(fake, {
      "nav.hbs":
        '<nav class="tabs"><a data-action="tab" data-group="primary" data-tab="one" class="active"><i class="icon"></i><span>One</span></a><a data-action="tab" data-group="primary" data-tab="two"><span>Two</span></a></nav>',
      "one.hbs": '<section class="tab active" data-group="primary" data-tab="one"></section>',
    });
    class Tabbed extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = { nav: { template: "nav.hbs" }, one: { template: "one.hbs" } };
      static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }, { id: "three" }], initial: "one" } };
    }
    const app = new Tabbed();
    await app.render({ force: true });
    const renders = app.renderCount;
    expect(() => app.changeTab("", "primary")).toThrow("You must pass both the tab and tab group identifier");
    app.changeTab("one", "primary");
    expect(app.tabChanges).toEqual([]);
    expect(() => app.changeTab("three", "primary")).toThrow(
      'No matching tab element found for group "primary" and tab "three"',
    );
    expect(app.tabGroups.primary).toBe("one");
    app.changeTab("two", "primary");
    app.changeTab("two", "primary", { force: true });
    expect(app.tabGroups.primary).toBe("two");
    const active = (sel: string) =>
      app.content!.querySelectorAll(sel).map((e) => [e.dataset.tab, e.classList.contains("active")]);
    expect(active("[data-action=tab]")).toEqual([
      ["one", false],
      ["two", true],
    ]);
    expect(active(".tab")).toEqual([["one", false]]);
    expect(app.tabChanges).toEqual([
      { tab: "two", group: "primary" },
      { tab: "two", group: "primary" },
    ]);
    expect(app.renderCount).toBe(renders);
  });

  it("_onClickTab reads the tab from event.target: a click on a tab link's icon or label switches nothing, on the link itself it switches", async () => {
    const fake = installFoundryFake();
    templates(fake, {
      "nav.hbs":
        '<nav class="tabs"><a data-action="tab" data-group="primary" data-tab="one" class="active"><i class="icon"></i></a><a data-action="tab" data-group="primary" data-tab="two"><i class="icon"></i><span>Two</span></a></nav>',
    });
    class Tabbed extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = { nav: { template: "nav.hbs" } };
      static override TABS = { primary: { tabs: [{ id: "one" }, { id: "two" }], initial: "one" } };
    }
    const app = new Tabbed();
    await app.render({ force: true });
    const link = app.element!.querySelector('[data-tab="two"]')!;
    clickElement(link.querySelector("span")!);
    clickElement(link.querySelector("i")!);
    expect(app.tabGroups.primary).toBe("one");
    clickElement(link);
    expect(app.tabGroups.primary).toBe("two");
  });

  it("#onClick runs the action of the closest [data-action] element, the app as this, for the main button only (core's #onClickAction)", async () => {
    const fake = installFoundryFake();
    templates(fake, { "act.hbs": '<div><button type="button" data-action="go"><span>Go</span></button></div>' });
    const calls: unknown[][] = [];
    class Acting extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override DEFAULT_OPTIONS = {
        actions: {
          go: function (this: unknown, _event: unknown, target: unknown) {
            calls.push([this, target]);
          },
        },
      };
      static override PARTS = { act: { template: "act.hbs" } };
    }
    const app = new Acting();
    await app.render({ force: true });
    const button = app.element!.querySelector('[data-action="go"]')!;
    clickElement(button.querySelector("span")!, { button: 2 });
    button.dispatchEvent({ type: "click", bubbles: true });
    expect(calls).toEqual([]);
    clickElement(button.querySelector("span")!);
    expect(calls).toEqual([[app, button]]);
  });

  it("HandlebarsApplicationMixin#_renderHTML: renders options.parts (every configured part when none is named), skips an unknown id; a part not rendered keeps its HTML", async () => {
    const fake = installFoundryFake();
    const rendered: string[] = [];
    (fake.foundry.applications as unknown as { handlebars: object }).handlebars = {
      renderTemplate: async (path: string, context: { n?: number }) => {
        rendered.push(path);
        return `<p>${path} ${context.n ?? 0}</p>`;
      },
    };
    let n = 0;
    class Parts extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = { one: { template: "one.hbs" }, two: { template: "two.hbs" } };
      override async _prepareContext(): Promise<Obj> {
        return { n: ++n };
      }
    }
    const app = new Parts();
    await app.render({ force: true });
    expect(rendered).toEqual(["one.hbs", "two.hbs"]);
    rendered.length = 0;
    await app.render({ parts: ["two", "nope"] });
    expect(rendered).toEqual(["two.hbs"]);
    expect(app.renderedParts).toEqual({ one: "<p>one.hbs 1</p>", two: "<p>two.hbs 2</p>" });
    // A subclass that narrows options.parts in _renderHTML renders only those.
    class Narrow extends Parts {
      override async _renderHTML(context: Obj, options: Obj): Promise<Record<string, string>> {
        return super._renderHTML(context, { ...options, parts: ["one"] });
      }
    }
    rendered.length = 0;
    await new Narrow().render({ force: true });
    expect(rendered).toEqual(["one.hbs"]);
  });

  it("_createContextMenu: get<Class>ContextOptions for every class of the chain, or only the given hook; no entry, no menu", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    class Mine extends FakeHandlebarsApplicationMixin(FakeDocumentSheetV2) {}
    const app = new Mine({ document: { uuid: "X.y", isOwner: true, _source: {}, testUserPermission: () => true } });
    const fired: string[] = [];
    for (const name of [
      "getMineContextOptions",
      "getHandlebarsApplicationContextOptions",
      "getDocumentSheetV2ContextOptions",
      "getApplicationV2ContextOptions",
      "getOwnContextOptions",
    ]) {
      hooksOf(fake).on(
        name,
        (_app: unknown, items: unknown) => void fired.push(`${name}:${(items as unknown[]).length}`),
      );
    }
    const menu = app._createContextMenu(() => [{ name: "A" }], ".row", { fixed: true });
    expect(fired).toEqual([
      "getMineContextOptions:1",
      "getHandlebarsApplicationContextOptions:1",
      "getDocumentSheetV2ContextOptions:1",
      "getApplicationV2ContextOptions:1",
    ]);
    const menus = (fake as unknown as { contextMenus: { selector: string; options: Obj }[] }).contextMenus;
    expect(menus.at(-1)).toMatchObject({ selector: ".row", options: { jQuery: false, fixed: true } });
    expect(menu).not.toBeNull();
    fired.length = 0;
    app._createContextMenu(() => [{ name: "B" }], ".row", {
      hookName: "getOwnContextOptions",
      parentClassHooks: false,
    });
    expect(fired).toEqual(["getOwnContextOptions:1"]);
    expect(app._createContextMenu(() => [], ".row")).toBeNull();
  });

  it("context-menu entries: v14 records the v13 names it still reads, v13 the v14 names it ignores", () => {
    const fake = installFoundryFake();
    const app = new FakeApplicationV2();
    const v13 = { name: "A", icon: "<i></i>", condition: () => true, callback: () => null };
    const v14 = { label: "A", icon: "fa-solid fa-a", visible: () => true, onClick: () => null };
    setFakeGeneration(fake, 13);
    app._createContextMenu(() => [v13], ".row");
    expect(takeGenerationRecord()).toEqual([]);
    app._createContextMenu(() => [v14], ".row");
    expect(takeGenerationRecord()).toEqual([
      "v14-only on v13: ContextMenuEntry#label",
      "v14-only on v13: ContextMenuEntry#visible",
      "v14-only on v13: ContextMenuEntry#onClick",
    ]);
    setFakeGeneration(fake, 14);
    app._createContextMenu(() => [v14], ".row");
    expect(takeGenerationRecord()).toEqual([]);
    app._createContextMenu(() => [v13], ".row");
    expect(takeGenerationRecord()).toEqual([
      "v14 deprecation: ContextMenuEntry#name",
      "v14 deprecation: ContextMenuEntry#condition",
      "v14 deprecation: ContextMenuEntry#callback",
    ]);
  });

  it("_onChangeForm submits an open form when form.submitOnChange; _onSubmitForm reads FormDataExtended", async () => {
    installFoundryFake();
    const seen: Obj[] = [];
    class Form extends FakeApplicationV2 {
      static override DEFAULT_OPTIONS = {
        form: {
          submitOnChange: true,
          handler: (_e: unknown, _f: unknown, data: { object: Obj }) => void seen.push(data.object),
        },
      };
    }
    const app = new Form();
    const form = new FakeElement("form");
    form.values = { name: "x" };
    await app._onChangeForm(app.options.form as Obj, { currentTarget: form });
    expect(seen).toEqual([]);
    await app.render({ force: true });
    await app._onChangeForm(app.options.form as Obj, { currentTarget: form });
    expect(seen).toEqual([{ name: "x" }]);
  });

  it("the fake classes answer to core's names (hooks and ids are built from them)", () => {
    expect([FakeApplicationV2.name, FakeDocumentSheetV2.name, FakeActorSheetV2.name, FakeDialogV2.name]).toEqual([
      "ApplicationV2",
      "DocumentSheetV2",
      "ActorSheetV2",
      "DialogV2",
    ]);
  });

  it("v14 only: a detached render puts the app in that window, and renderChild opens a child there", async () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    const parent = new FakeApplicationV2();
    await parent.render({ force: true, window: { detached: true, windowId: "w1" } });
    expect([parent.window.windowId, parent.renderChild]).toEqual([undefined, undefined]);
    setFakeGeneration(fake, 14);
    await parent.render({ window: { detached: true, windowId: "w1" } });
    const child = new FakeApplicationV2();
    await parent.renderChild!(child);
    expect([parent.window.windowId, child.rendered, child.window.windowId]).toEqual(["w1", true, "w1"]);
  });
});

describe("fake DialogV2 (core v13 dialog.mjs; DialogV2Button)", () => {
  const button = (callback?: () => unknown) => ({ action: "go", label: "Go", ...(callback ? { callback } : {}) });

  it("needs at least one button; keys them by action", () => {
    installFoundryFake();
    expect(() => new FakeDialogV2({ buttons: [] })).toThrow("You must define at least one entry in config.buttons");
    expect(Object.keys(new FakeDialogV2({ buttons: [button(), { action: "no" }] }).buttons)).toEqual(["go", "no"]);
  });

  it("_onSubmit: a nullish callback result becomes the button's action; a value is kept; closeOnSubmit closes", async () => {
    installFoundryFake();
    for (const [callback, expected] of [
      [() => null, "go"],
      [() => undefined, "go"],
      [() => 0, 0],
      [() => ({ v: 1 }), { v: 1 }],
      [undefined, "go"],
    ] as const) {
      const results: unknown[] = [];
      const dialog = new FakeDialogV2({
        buttons: [button(callback as () => unknown)],
        submit: async (r: unknown) => void results.push(r),
      });
      await dialog.render({ force: true });
      await answerDialog(dialog, "go");
      expect(results).toEqual([expected]);
      expect(dialog.rendered).toBe(false);
    }
  });

  it("_onSubmit: buttons disabled while the callback runs and re-enabled after; closeOnSubmit false stays open", async () => {
    installFoundryFake();
    let during: boolean | undefined;
    const goButton = (): FakeElement => dialog.element!.querySelector('button[data-action="go"]')!;
    const dialog: FakeDialogV2 = new FakeDialogV2({
      form: { closeOnSubmit: false },
      buttons: [button(() => (during = goButton().disabled))],
    });
    await dialog.render({ force: true });
    await answerDialog(dialog, "go");
    expect([during, goButton().disabled, dialog.rendered]).toEqual([true, false, true]);
  });

  it("wait: closing resolves null (or close()'s value), or rejects with rejectClose; prompt resolves 'ok'; confirm true / false", async () => {
    installFoundryFake();
    const closed = FakeDialogV2.wait({ buttons: [button()] });
    await (await nextDialog()).close();
    expect(await closed).toBeNull();
    const valued = FakeDialogV2.wait({ buttons: [button()], close: () => "gone" });
    await (await nextDialog()).close();
    expect(await valued).toBe("gone");
    const rejected = FakeDialogV2.wait({ buttons: [button()], rejectClose: true });
    await (await nextDialog()).close();
    await expect(rejected).rejects.toThrow("Dialog was dismissed without pressing a button.");
    const prompt = FakeDialogV2.prompt({ ok: { callback: () => null } });
    await answerDialog(await nextDialog(), "ok");
    expect(await prompt).toBe("ok");
    const yes = FakeDialogV2.confirm({});
    await answerDialog(await nextDialog(), "yes");
    const no = FakeDialogV2.confirm({});
    const dialog = await nextDialog();
    expect(Object.values(dialog.buttons).find((b) => b.default)?.action).toBe("no");
    await answerDialog(dialog, null);
    expect([await yes, await no]).toEqual([true, false]);
  });

  it("renders its content inside core's dialog form; FormDataExtended reads the form the button belongs to", async () => {
    installFoundryFake();
    let read: unknown;
    const dialog = new FakeDialogV2({
      content: "<p>Hi</p>",
      buttons: [
        button(
          (...args: unknown[]) =>
            (read = new (foundry.applications.ux.FormDataExtended as unknown as new (f: unknown) => { object: Obj })(
              (args[1] as { form: unknown }).form,
            ).object),
        ),
      ],
    });
    await dialog.render({ force: true });
    expect(dialog.html).toBe(
      '<form class="dialog-form standard-form" autocomplete="off"><div class="dialog-content standard-form"><p>Hi</p></div><footer class="form-footer"><button type="submit" data-action="go">Go</button></footer></form>',
    );
    await answerDialog(dialog, "go", { a: "1" });
    expect(read).toEqual({ a: "1" });
  });

  it("its dialog form is the window's content: the content's fields (FormDataExtended reads their defaults until a test answers) and the buttons, in the tree", async () => {
    installFoundryFake();
    const dialog = new FakeDialogV2({
      content: '<div><input name="n" type="number" value="3"><p data-odds></p></div>',
      buttons: [button()],
    });
    await dialog.render({ force: true });
    const form = dialog.element!.querySelector("form")!;
    expect([
      form,
      form.querySelector("[data-odds]")?.tagName,
      form.querySelector('button[data-action="go"]')?.form,
    ]).toEqual([dialog.dialogForm, "P", form]);
    // Core's ApplicationV2#form: a dialog (tag `dialog`, content a section) has no top-level form.
    expect(dialog.form).toBeNull();
    const FormData = foundry.applications.ux.FormDataExtended as unknown as new (f: unknown) => { object: Obj };
    expect(new FormData(form).object).toEqual({ n: 3 });
    form.answer = { n: 5 };
    expect(new FormData(form).object).toEqual({ n: 5 });
  });
});

describe("fake DocumentSheetV2 / ActorSheetV2 (core v13 document-sheet.mjs, actor-sheet.mjs)", () => {
  it("editImage accepts an IMG only", async () => {
    installFoundryFake();
    const sheet = new FakeDocumentSheetV2({
      document: { uuid: "X.y", isOwner: true, _source: {}, testUserPermission: () => true },
    });
    const editImage = (
      sheet.options.actions as Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>>
    ).editImage!;
    await expect(editImage.call(sheet, {}, new FakeElement("button"))).rejects.toThrow(
      "The editImage action is available only for IMG elements.",
    );
    await editImage.call(sheet, {}, new FakeElement("img", { "data-edit": "img" }));
    expect(sheet.imageEdits).toEqual(["img"]);
  });

  it("drag binds to .draggable only, after a render, when _canDragStart (isEditable); _onDragStart reads itemId / effectId; a link is ignored", async () => {
    const w = await loadWorld();
    w.data.setUser("gm-1");
    const actor = (await w.createActor({
      name: "A",
      type: "character",
      items: [{ name: "I", type: "gear" }],
      effects: [{ name: "E" }],
    })) as unknown as {
      uuid: string;
      items: { contents: { id: string; uuid: string }[] };
      effects: { contents: { id: string; uuid: string }[] };
      ownership: Obj;
    };
    const item = actor.items.contents[0]!;
    const effect = actor.effects.contents[0]!;
    const sheet = new FakeActorSheetV2({ document: actor });
    const row = (attrs: Record<string, string>) => new FakeElement("li", attrs);
    expect(await dragStart(sheet, row({ class: "draggable", "data-item-id": item.id }))).toBeNull();
    await sheet.render({ force: true });
    expect(sheet.dragSelector).toBe(".draggable");
    expect(await dragStart(sheet, row({ class: "item draggable", "data-item-id": item.id }))).toEqual({
      type: "Item",
      uuid: item.uuid,
    });
    expect(await dragStart(sheet, row({ class: "draggable", "data-effect-id": effect.id }))).toEqual({
      type: "ActiveEffect",
      uuid: effect.uuid,
    });
    expect(await dragStart(sheet, row({ class: "item", draggable: "true", "data-item-id": item.id }))).toBeNull();
    expect(await dragStart(sheet, row({ class: "draggable", "data-link": "", "data-item-id": item.id }))).toBeNull();
    w.data.setUser("player-1");
    expect(await dragStart(sheet, row({ class: "draggable", "data-item-id": item.id }))).toBeNull();
  });
});

describe("fake document members and sheet registration (ClientDocumentMixin, DocumentSheetConfig)", () => {
  it("registration: core's V1 sheets come registered; unregisterSheet removes one; a document's sheet is its type's last default one, made once", async () => {
    const fake = installFoundryFake();
    const regs = () =>
      (fake as unknown as { sheetRegistrations: { documentName: string; scope: string; sheetClass: unknown }[] })
        .sheetRegistrations;
    const v1 = (fake.foundry as unknown as { appv1: { sheets: { ActorSheet: unknown; ItemSheet: unknown } } }).appv1
      .sheets;
    expect(regs().map((r) => `${r.documentName}:${r.scope}`)).toEqual(["Actor:core", "Item:core", "ActiveEffect:core"]);
    expect(regs()[0]!.sheetClass).toBe(v1.ActorSheet);
    const collections = fake.foundry.documents.collections as {
      Actors: { unregisterSheet(scope: string, cls: unknown): void };
    };
    collections.Actors.unregisterSheet("core", v1.ActorSheet);
    expect(regs().map((r) => r.documentName)).toEqual(["Item", "ActiveEffect"]);
    const w = await loadWorld();
    const actor = (await w.createActor({ name: "A", type: "character" })) as unknown as { sheet: unknown };
    const { CharacterSheet } = await import("../../src/applications/sheets/actor-sheet");
    expect(actor.sheet).toBeInstanceOf(CharacterSheet);
    expect(actor.sheet).toBe(actor.sheet);
  });

  it("limited is exactly LIMITED for the user (a GM never), embedded documents too; toDragData; getRollData; Item sort", async () => {
    const w = await loadWorld();
    type Doc = {
      limited: boolean;
      uuid: string;
      system: unknown;
      toDragData(): unknown;
      getRollData(): unknown;
      items: { contents: { limited: boolean; sort: number }[] };
    };
    const observed = (await w.createActor({
      name: "O",
      type: "character",
      ownership: { default: 1, "player-1": 2 },
    })) as unknown as Doc;
    const limited = (await w.createActor({
      name: "L",
      type: "character",
      ownership: { default: 1 },
      items: [{ name: "I", type: "gear", sort: 5 }],
    })) as unknown as Doc;
    w.data.setUser("gm-1");
    expect(limited.limited).toBe(false);
    w.data.setUser("player-1");
    expect([observed.limited, limited.limited, limited.items.contents[0]!.limited]).toEqual([false, true, true]);
    expect(limited.toDragData()).toEqual({ type: "Actor", uuid: limited.uuid });
    expect(limited.getRollData()).toBe(limited.system);
    expect(limited.items.contents[0]!.sort).toBe(5);
  });

  it("elementsOf reads each opening tag's classes and data attributes (entities decoded)", () => {
    const [li, button] = elementsOf(
      '<li class="item draggable" data-item-id="a&amp;b"><button type="button" data-sub-aptitude="x">Go</button></li>',
    );
    expect([li!.tagName, li!.classList.contains("draggable"), li!.dataset.itemId, button!.dataset.subAptitude]).toEqual(
      ["LI", true, "a&b", "x"],
    );
  });

  it("submitForm goes through _onSubmitForm (a throwing handler notifies and stays open)", async () => {
    const fake = installFoundryFake();
    class Form extends FakeApplicationV2 {
      static override DEFAULT_OPTIONS = {
        form: {
          closeOnSubmit: true,
          handler: () => {
            throw new Error("no");
          },
        },
      };
    }
    const app = await new Form().render({ force: true });
    await submitForm(app, {});
    expect([app.rendered, dataFake(fake).notifications.of("error")]).toEqual([true, ["no"]]);
  });

  it("a document sheet's form: expanded, cleaned by document.validate (numbers clamped), then written; refused with core's error; nothing when not editable", async () => {
    const w = await loadWorld("en");
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const sheet = await new FakeDocumentSheetV2({ document: actor }).render({ force: true });
    // Core's validate with `clean` clamps before the update: 1000 in a 0–999 field is stored as 999.
    const writes = await w.writesDuring(() => submitForm(sheet, { "system.exhaustion": 1000 }));
    expect(writes.map((wr) => wr.data[0])).toEqual([{ system: { exhaustion: 999 } }]);
    expect((actor.system as unknown as { exhaustion: number }).exhaustion).toBe(999);
    // What cleaning cannot fix throws core's validation error: shown, nothing written, still open.
    const refused = await w.writesDuring(() => submitForm(sheet, { "system.exhaustion": "many" }));
    expect([refused, sheet.rendered, w.data.notifications.of("error").length]).toEqual([[], true, 1]);
    // A user who may not edit the document submits nothing.
    w.data.setUser("player-1");
    const none = await w.writesDuring(() => submitForm(sheet, { "system.exhaustion": 2 }));
    expect(none).toEqual([]);
  });
});

describe("fake ApplicationV2 life cycle (core v13 application.mjs #render / #close / submit)", () => {
  it("render: _canRender false renders nothing, a throw warns; a first render needs force; the states and the hooks in core's order; the title in the frame", async () => {
    const fake = installFoundryFake();
    templates(fake, { "one.hbs": "<div class=one></div>" });
    const calls: string[] = [];
    let refuse: false | "throw" | null = false;
    class Life extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override DEFAULT_OPTIONS: Obj = { window: { title: "Life" } };
      static override PARTS = { one: { template: "one.hbs" } };
      override _canRender(): false | void {
        if (refuse === "throw") throw new Error("not for you");
        if (refuse === false) return false;
      }
      override async _preFirstRender() {
        calls.push("preFirst");
      }
      override async _preRender() {
        calls.push(`pre:${this.state}`);
      }
      override async _renderHTML(context: Obj, options: Obj) {
        calls.push(`html:${this.state === RENDER_STATES.RENDERING}`);
        return super._renderHTML(context, options);
      }
      override async _onFirstRender() {
        calls.push("first");
      }
      override async _onRender() {
        calls.push(`render:${this.rendered}`);
      }
      override async _postRender() {
        calls.push("post");
      }
    }
    const app = new Life();
    await app.render({ force: true });
    refuse = "throw";
    await app.render({ force: true });
    expect([app.rendered, calls, dataFake(fake).notifications.of("warning")]).toEqual([false, [], ["not for you"]]);
    refuse = null;
    await app.render();
    expect(calls).toEqual([]);
    await app.render({ force: true });
    expect(calls).toEqual(["preFirst", `pre:${RENDER_STATES.NONE}`, "html:true", "first", "render:true", "post"]);
    expect(app.element!.querySelector(".window-title")!.textContent).toBe("Life");
    expect(app.element!.querySelector(".window-content > .one")).not.toBeNull();
  });

  it("close: _preClose awaited, then CLOSING while the element is torn down (its subtree whole), then CLOSED, out of instances, close event; a window never rendered only becomes CLOSED", async () => {
    const fake = installFoundryFake();
    templates(fake, { "one.hbs": '<div class="one"><input name="a"></div>' });
    const seen: string[] = [];
    class Closing extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = { one: { template: "one.hbs" } };
      override async _preClose() {
        await Promise.resolve();
        seen.push(`preClose:${this.state}`);
      }
      override _tearDown(options: Obj) {
        const element = this.element!;
        seen.push(`tearDown:${this.state === RENDER_STATES.CLOSING}`);
        super._tearDown(options);
        seen.push(`removed:${element.isConnected}:${element.querySelector("input[name=a]") !== null}`);
      }
    }
    const never = new Closing();
    await never.close();
    expect(never.state).toBe(RENDER_STATES.CLOSED);
    const app = new Closing();
    await app.render({ force: true });
    app.addEventListener("close", () => seen.push(`closed:${app.state}`));
    await app.close();
    expect(seen).toEqual([
      `preClose:${RENDER_STATES.RENDERED}`,
      "tearDown:true",
      "removed:false:true",
      `closed:${RENDER_STATES.CLOSED}`,
    ]);
    expect([
      app.element,
      (fake.foundry.applications as unknown as { instances: Map<string, unknown> }).instances.has(app.id),
    ]).toEqual([null, false]);
  });

  it("submit(options): FormDataExtended of the form and form.handler(event, form, formData, options); no handler throws", async () => {
    const fake = installFoundryFake();
    templates(fake, { "one.hbs": '<div><input name="a" value="x"><input name="n" type="number" value="3"></div>' });
    const seen: unknown[] = [];
    class Form extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override DEFAULT_OPTIONS: Obj = {
        tag: "form",
        form: {
          handler: (_e: unknown, form: unknown, data: { object: Obj }, options: Obj) =>
            void seen.push(form, data.object, options),
        },
      };
      static override PARTS = { one: { template: "one.hbs" } };
    }
    const app = new Form();
    await app.render({ force: true });
    await app.submit({ updateData: { b: 1 } });
    expect(seen).toEqual([app.element, { a: "x", n: 3 }, { updateData: { b: 1 } }]);
    await expect(new FakeApplicationV2().submit()).rejects.toThrow("does not support a single top-level form element");
  });

  it("_onChangeForm submits while RENDERED or CLOSING (a change from inside the closing form), never before a render or after close", async () => {
    const fake = installFoundryFake();
    templates(fake, { "one.hbs": '<div><input name="a" value="x"></div>' });
    const seen: unknown[] = [];
    class Form extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override DEFAULT_OPTIONS: Obj = {
        tag: "form",
        form: {
          submitOnChange: true,
          handler: (_e: unknown, _f: unknown, data: { object: Obj }) => void seen.push(data.object),
        },
      };
      static override PARTS = { one: { template: "one.hbs" } };
      override _tearDown(options: Obj) {
        const input = this.element!.querySelector("input")!;
        super._tearDown(options);
        input.value = "closing";
        input.dispatchEvent({ type: "change", bubbles: true });
      }
    }
    const app = new Form();
    app._onChangeForm(app.options.form as Obj, { currentTarget: null });
    await app.render({ force: true });
    app.element!.querySelector("input")!.dispatchEvent({ type: "change", bubbles: true });
    await app.close();
    await formsSettled();
    expect(seen).toEqual([{ a: "x" }, { a: "closing" }]);
    app._onChangeForm(app.options.form as Obj, { currentTarget: null });
    expect(seen).toHaveLength(2);
  });
});

describe("fake HandlebarsApplicationMixin (core v13 handlebars-application.mjs)", () => {
  it("_configureRenderOptions fills options.parts from the descriptors; every part gets the ONE shared context with its partId", async () => {
    const fake = installFoundryFake();
    templates(fake, { "one.hbs": "<div></div>", "two.hbs": "<div></div>" });
    const contexts: Obj[] = [];
    let parts: unknown;
    class Parts extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = { one: { template: "one.hbs" }, two: { template: "two.hbs" } };
      override _configureRenderOptions(options: Obj) {
        super._configureRenderOptions(options);
        parts = options.parts;
      }
      override _configureRenderParts(options: Obj) {
        const descriptors = super._configureRenderParts(options) as Record<string, { templates: string[] }>;
        expect(descriptors.one!.templates).toEqual([]);
        return descriptors;
      }
      override async _prepareContext() {
        return { shared: true };
      }
      override async _preparePartContext(partId: string, context: Obj, options: Obj) {
        const partContext = await super._preparePartContext(partId, context, options);
        contexts.push({ same: partContext === context, partId: partContext.partId });
        return partContext;
      }
    }
    const app = new Parts();
    await app.render({ force: true });
    expect(parts).toEqual(["one", "two"]);
    expect(contexts).toEqual([
      { same: true, partId: `${app.id}-one` },
      { same: true, partId: `${app.id}-two` },
    ]);
  });

  it("_replaceHTML: a rendered part replaces its element, a new one is appended, one not rendered is never removed; each root is marked data-application-part", async () => {
    const fake = installFoundryFake();
    templates(fake, {
      "one.hbs": '<div class="one" data-n="{n}"></div>',
      "two.hbs": '<div class="two"></div>',
      "bad.hbs": "<a></a><b></b>",
    });
    let n = 0;
    class Parts extends FakeHandlebarsApplicationMixin(FakeApplicationV2) {
      static override PARTS = {
        one: { template: "one.hbs" },
        two: { template: "two.hbs" },
        bad: { template: "bad.hbs" },
      };
      override async _prepareContext() {
        return { n: ++n };
      }
    }
    const app = new Parts();
    await app.render({ force: true, parts: ["one"] });
    const first = app.content!.querySelector(".one")!;
    await app.render({ parts: ["two", "one"] });
    const marks = app.content!.children.map((c) => [c.dataset.applicationPart, c.dataset.n ?? null]);
    expect(marks).toEqual([
      ["one", "2"],
      ["two", null],
    ]);
    expect(first.isConnected).toBe(false);
    await app.render({ parts: ["two"] });
    expect(app.content!.children.map((c) => c.dataset.applicationPart)).toEqual(["one", "two"]);
    await expect(app.render({ parts: ["bad"] })).rejects.toThrow(
      'Template part "bad" must render a single HTML element.',
    );
  });
});

describe("fake DocumentSheetV2 as core v13 runs it (document-sheet.mjs)", () => {
  it("a sheet is a form with the sheet class; a user who may not see the document gets core's warning and no window; isEditable is false in a locked compendium", async () => {
    const w = await loadWorld("en");
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const sheet = new FakeDocumentSheetV2({ document: actor });
    expect([sheet.options.tag, (sheet.options.classes as string[]).slice(0, 2)]).toEqual([
      "form",
      ["application", "sheet"],
    ]);
    w.data.setUser("player-1");
    await sheet.render({ force: true });
    expect([sheet.rendered, w.data.notifications.of("warning")]).toEqual([false, ["SHEETS.DocumentSheetPrivate"]]);
    w.data.setUser("gm-1");
    expect(sheet.isEditable).toBe(true);
    Object.defineProperty(actor, "pack", { value: "world.locked", configurable: true });
    Object.assign(globalThis as unknown as { game: Obj }, {});
    (globalThis as unknown as { game: Obj }).game.packs = new Map([["world.locked", { locked: true }]]);
    expect(sheet.isEditable).toBe(false);
  });

  it("_onRender disables every control of the window content for a user who may not edit (observers), and marks img[data-edit]; _prepareContext adds fields, user and rootId", async () => {
    const w = await loadWorld("en");
    templates(w.fake, {
      "one.hbs":
        '<div><input name="a"><button type="button" data-action="x">x</button><prose-mirror name="b"></prose-mirror><img data-edit="img"></div>',
    });
    const actor = await w.createActor({
      name: "Kara",
      type: "character",
      ownership: { default: 0, "player-1": 2 },
    } as Obj);
    class Sheet extends FakeHandlebarsApplicationMixin(FakeDocumentSheetV2) {
      static override PARTS = { one: { template: "one.hbs" } };
    }
    w.data.setUser("player-1");
    const sheet = new Sheet({ document: actor });
    await sheet.render({ force: true });
    const content = sheet.element!.querySelector(".window-content")!;
    expect(content.elements.map((e) => [e.tagName, e.disabled])).toEqual([
      ["INPUT", true],
      ["BUTTON", true],
      ["PROSE-MIRROR", true],
    ]);
    expect(content.querySelector("img")!.classList.contains("disabled")).toBe(true);
    const context = sheet.lastContext;
    expect([context.user, typeof context.rootId, context.editable]).toEqual([
      (globalThis as unknown as { game: Obj }).game.user,
      "string",
      false,
    ]);
  });

  it("document.apps lists an open sheet, document.render(force, context) renders each with a copy of context; a render naming the document anew retitles the window", async () => {
    const w = await loadWorld("en");
    templates(w.fake, { "one.hbs": "<div></div>" });
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const seen: Obj[] = [];
    class Sheet extends FakeHandlebarsApplicationMixin(FakeDocumentSheetV2) {
      static override PARTS = { one: { template: "one.hbs" } };
      override _configureRenderOptions(options: Obj) {
        super._configureRenderOptions(options);
        seen.push(options);
      }
    }
    const sheet = new Sheet({ document: actor });
    await sheet.render({ force: true });
    const apps = (actor as unknown as { apps: Obj }).apps;
    expect(apps[sheet.id]).toBe(sheet);
    const context = { renderContext: "updateActor", renderData: { name: "Kira" } };
    await actor.update({ name: "Kira" });
    (actor as unknown as { render(f: boolean, c: Obj): void }).render(false, context);
    await sheet.render({ parts: [] });
    expect(seen[1]).toMatchObject({ renderContext: "updateActor", force: false });
    expect(seen[1]!.renderData).not.toBe(context.renderData);
    expect(sheet.element!.querySelector(".window-title")!.textContent).toBe("Character: Kira");
    await sheet.close();
    expect(apps[sheet.id]).toBeUndefined();
  });

  it("#onSubmitDocumentForm: submit({updateData, ...options}) merges updateData into the data and forwards the other options to _processSubmitData", async () => {
    const w = await loadWorld("en");
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const seen: Obj[] = [];
    class Sheet extends FakeDocumentSheetV2 {
      override async _processSubmitData(_e: unknown, _f: unknown, data: Obj, options: Obj = {}) {
        seen.push(data, options);
      }
    }
    const sheet = new Sheet({ document: actor });
    await sheet.render({ force: true });
    sheet.form!.values = { name: "Kira" };
    await sheet.submit({ updateData: { "system.exhaustion": 2 }, render: false });
    expect(seen).toEqual([{ name: "Kira", system: { exhaustion: 2 } }, { render: false }]);
  });
});

describe("fake DialogV2.wait render options", () => {
  it("v14 forwards renderOptions to the dialog's render; v13 passes them to the constructor like any option", async () => {
    for (const generation of [13, 14] as const) {
      const fake = installFoundryFake();
      setFakeGeneration(fake, generation);
      const waiting = FakeDialogV2.wait({
        buttons: [{ action: "go" }],
        renderOptions: { window: { detached: true, windowId: "w2" } },
      });
      const dialog = await nextDialog();
      expect([dialog.window.windowId, "renderOptions" in dialog.options], `v${generation}`).toEqual(
        generation === 14 ? ["w2", false] : [undefined, true],
      );
      await dialog.close();
      expect(await waiting).toBeNull();
    }
  });
});

describe("foundry.applications.parseHTML", () => {
  it("answers the one top-level element, a collection of several, and on v14 null for none", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    const parse = (fake.foundry.applications as { parseHTML(h: string): unknown }).parseHTML;
    const one = parse('\n<li class="item" data-item-id="i1"><button type="button">b</button></li>\n') as {
      tagName: string;
      dataset: Record<string, string>;
      querySelector(s: string): unknown;
    };
    expect([one.tagName, one.dataset.itemId, one.querySelector("button") !== null]).toEqual(["LI", "i1", true]);
    const two = parse("<p></p><p></p>") as { tagName: string }[];
    expect(two.map((e) => e.tagName)).toEqual(["P", "P"]);
    expect(() => parse("text only")).toThrow(/not modelled/);
    setFakeGeneration(fake, 14);
    expect(parse("text only")).toBeNull();
  });
});

describe("fake DOM (fake-apps-dom.ts)", () => {
  it("parses a tree; selectors: tag, class, id, attributes, compound, descendant and child combinators, lists; closest; dataset kept in the attributes", () => {
    const [root] = parseHTML(
      '<section id="s" class="tab a"><nav class="tabs"><a data-group="primary" data-tab="one"><i></i></a></nav><input name="x" value="1"><ul><li class="item" data-item-id="i1"><button type="button">b</button></li></ul><!-- <p>not</p> --></section>',
    );
    expect(root!.querySelectorAll("*").map((e) => e.tagName)).toEqual(["NAV", "A", "I", "INPUT", "UL", "LI", "BUTTON"]);
    expect(root!.querySelector('.tabs [data-group="primary"][data-tab=one]')?.tagName).toBe("A");
    expect(root!.querySelector("nav > i")).toBeNull();
    expect(root!.querySelector("nav > a > i")?.tagName).toBe("I");
    expect(root!.querySelectorAll("input, [data-item-id].item").map((e) => e.tagName)).toEqual(["INPUT", "LI"]);
    const button = root!.querySelector("button")!;
    expect(button.closest("[data-item-id]")?.dataset.itemId).toBe("i1");
    expect(button.closest("#s")).toBe(root);
    button.dataset.actionName = "go";
    expect([button.getAttribute("data-action-name"), { ...button.dataset }]).toEqual(["go", { actionName: "go" }]);
  });

  it("click() is a bubbling click of the main button, none on a disabled control; an input's value attribute shows until its value is set", () => {
    const [root] = parseHTML(
      '<form><span><i></i></span><button type="button" disabled></button><input name="n" value="1"></form>',
    );
    const seen: unknown[] = [];
    root!.addEventListener(
      "click",
      (e) => void seen.push([(e.target as { tagName: string }).tagName, e.button, e.type]),
    );
    root!.querySelector("i")!.click();
    root!.querySelector("button")!.click();
    expect(seen).toEqual([["I", 0, "click"]]);
    const input = root!.querySelector("input")!;
    input.setAttribute("value", "2");
    expect(input.value).toBe("2");
    input.value = "3";
    input.setAttribute("value", "4");
    expect([input.value, input.getAttribute("value")]).toEqual(["3", "4"]);
  });

  it("events bubble through the ancestors with their own currentTarget; a replaced subtree is disconnected after the swap; formDataOf reads the named, enabled fields", () => {
    const [root] = parseHTML(
      '<form><div class="part"><input name="a" value="x"><input name="b" type="checkbox" checked><input name="n" type="number" value=""><select name="s"><option value="1"></option><option value="2" selected></option></select><input name="off" disabled value="no"></div></form>',
    );
    const seen: string[] = [];
    root!.addEventListener(
      "change",
      (e) =>
        void seen.push(`${(e.target as { name: string }).name}@${(e.currentTarget as { tagName: string }).tagName}`),
    );
    const input = root!.querySelector("input")!;
    input.dispatchEvent({ type: "change", bubbles: true });
    input.dispatchEvent({ type: "change", bubbles: false });
    expect(seen).toEqual(["a@FORM"]);
    expect(formDataOf(root!)).toEqual({ a: "x", b: true, n: null, s: "2" });
    root!.isRoot = true;
    const part = root!.querySelector(".part")!;
    const [next] = parseHTML('<div class="part"></div>');
    part.replaceWith(next!);
    expect([part.isConnected, part.parent, next!.isConnected, root!.children[0]]).toEqual([false, null, true, next]);
  });

  it("<prose-mirror> (core's HTMLProseMirrorElement, late v13): the value attribute becomes its stored value; connected it activates; typing makes it dirty; disconnected while active it saves — a bubbling change on the element, wherever it now is", async () => {
    const [form] = parseHTML(
      '<form><section class="part"><prose-mirror name="system.biography" value="&lt;p&gt;old&lt;/p&gt;"></prose-mirror></section></form>',
    );
    const editor = form!.querySelector("prose-mirror") as FakeProseMirror;
    expect([editor instanceof FakeProseMirror, editor.hasAttribute("value"), editor.value, editor.isDirty()]).toEqual([
      true,
      false,
      "<p>old</p>",
      false,
    ]);
    const changes: string[] = [];
    form!.addEventListener("change", () => void changes.push("form"));
    editor.addEventListener("change", () => void changes.push("editor"));
    form!.isRoot = true;
    editor.connectedCallback();
    expect(() => editor.type("<p>x</p>")).toThrow("not active");
    await Promise.resolve();
    editor.type("<p>new</p>");
    expect([editor.active, editor.value, editor.isDirty(), formDataOf(form!)]).toEqual([
      true,
      "<p>new</p>",
      true,
      { "system.biography": "<p>new</p>" },
    ]);
    // Replaced (a re-render of its part): the change fires on the orphaned element only.
    const part = form!.querySelector(".part")!;
    part.replaceWith(parseHTML('<section class="part"></section>')[0]!);
    expect([changes, editor.stored, editor.active]).toEqual([["editor"], "<p>new</p>", false]);
    // Removed with its form (a window closing): the change reaches the form.
    const [form2] = parseHTML('<form><prose-mirror name="b"></prose-mirror></form>');
    form2!.isRoot = true;
    const second = form2!.querySelector("prose-mirror") as FakeProseMirror;
    second.connectedCallback();
    await Promise.resolve();
    second.type("<p>typed</p>");
    const reached: unknown[] = [];
    form2!.addEventListener("change", (e) => void reached.push(formDataOf(e.currentTarget as never)));
    form2!.remove();
    expect(reached).toEqual([{ b: "<p>typed</p>" }]);
  });
});

/**
 * Contract: what Tactica's windows rely on in core's ApplicationV2 family, checked on dialogs and
 * actors the suite creates and removes again (ApplicationV2 itself: applications-core.ts):
 * - `DialogV2#_onSubmit`: a button callback that returns nothing submits the button's ACTION
 *   ("Otherwise, the button's identifier is used" —
 *   https://foundryvtt.com/api/interfaces/foundry.DialogV2Button.html), and `form.closeOnSubmit`
 *   (the default) closes the dialog, while `closeOnSubmit: false` keeps it open (the roll
 *   dialogs keep a refused input open this way, src/applications/dialogs/form-dialog.ts);
 * - `DialogV2.wait` resolves `null` when the dialog is closed without a button
 *   (https://foundryvtt.com/api/classes/foundry.applications.api.DialogV2.html#wait);
 * - `DialogV2#_renderHTML` puts the content and the buttons in its `form.dialog-form`, the
 *   buttons' `form` (what the roll dialogs read), and a dialog has no top-level `form`; `confirm`
 *   answers true / false, `prompt` its button's action (core v13 client `applications/api/dialog.mjs`);
 * - DocumentSheetV2, on the Tactica actor sheet: a `<form>` with the `sheet` class, listed in
 *   `document.apps` while open; `_prepareContext` holds core's keys; a render naming the document
 *   anew retitles the window; `submit({updateData})` merges it into the form's data and writes it
 *   (core v13 client `applications/api/document-sheet.mjs`);
 * - `ActorSheetV2#_onDragStart` puts the dragged row's `dataset.itemId` item's drag data in the
 *   `text/plain` transfer (core v13 `client/applications/sheets/actor-sheet.mjs`), which the
 *   Tactica sheet leaves to core for items; a characteristic row carries Tactica's own payload;
 * - the actor sheet's partial renders (src/applications/sheets/partial-render.ts; architecture
 *   review F16) on core v13 `HandlebarsApplicationMixin` (`handlebars-application.mjs`): a render
 *   that names no parts draws the header, the tab bar and the ACTIVE tab only; `changeTab` shows
 *   a tab never drawn, which the sheet then draws — core APPENDS a part it has no element for; a
 *   later render redraws the active tab and leaves every other part's element as it was
 *   (`_replaceHTML` touches only the parts it renders); and `changeTab` toggles `.active` on the
 *   sections present.
 */
import type { ContractContext } from "./context";
import { TacticaActorSheet } from "../applications/sheets/actor-sheet";
import { applicationCoreContract } from "./applications-core";

type Obj = Record<string, unknown>;

const isRecord = (value: unknown): value is Obj => typeof value === "object" && value !== null && !Array.isArray(value);

/** A DialogV2 instance through the members the suite uses. */
interface DialogDoc {
  readonly rendered: boolean;
  readonly element: HTMLElement | null;
  /** ApplicationV2's top-level form: none for a dialog (its tag is `dialog`, its content a section). */
  readonly form: HTMLFormElement | null;
  render(options: Obj): Promise<unknown>;
  close(): Promise<unknown>;
  _onSubmit(target: unknown, event: unknown): Promise<unknown>;
}
type DialogClass = (new (options: Obj) => DialogDoc) & {
  wait(options: Obj): Promise<unknown>;
  confirm(options: Obj): Promise<unknown>;
  prompt(options: Obj): Promise<unknown>;
};

// The suite drives DialogV2 through its protected `_onSubmit` with a plain submit event (what a
// click hands it), which the typings keep out of reach and type as a DOM SubmitEvent: the class is
// seen through the few members the suite uses.
const Dialog = () => foundry.applications.api.DialogV2 as unknown as DialogClass;

/** A submit event as core's DialogV2 receives it from a click (it calls `preventDefault`). */
const submitEvent = () => new Event("submit", { cancelable: true });

/** Opens the dialog `factory` makes (a static of DialogV2), clicks its button `action`, resolves its answer. */
async function answer(factory: (config: Obj) => Promise<unknown>, action: string): Promise<unknown> {
  const shown: { dialog: DialogDoc | null } = { dialog: null };
  const result = factory({
    window: { title: "[Quench] contract" },
    content: "<p>contract</p>",
    render: (_event: unknown, dialog: DialogDoc) => void (shown.dialog = dialog),
  });
  for (let i = 0; i < 50 && !shown.dialog; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const dialog = shown.dialog;
  if (!dialog) throw new Error("the dialog did not render");
  await dialog._onSubmit(dialog.element?.querySelector(`button[data-action="${action}"]`), submitEvent());
  return result;
}

/** Runs `check` on the Tactica sheet of a temporary character, closed and deleted afterwards. */
async function withSheet(check: (sheet: TacticaActorSheet, actor: Actor.Implementation) => Promise<void>) {
  const actor = await CONFIG.Actor.documentClass.create({ name: "[Quench] sheet", type: "character" });
  if (!actor) throw new Error("the temporary actor was not created");
  const sheet = actor.sheet;
  try {
    if (!(sheet instanceof TacticaActorSheet)) throw new Error("the actor's sheet is not Tactica's");
    await sheet.render({ force: true });
    await check(sheet, actor);
  } finally {
    await sheet?.close();
    await actor.delete();
  }
}

function dialogWith(submitted: unknown[], closeOnSubmit: boolean): DialogDoc {
  return new (Dialog())({
    window: { title: "[Quench] contract" },
    content: "<p>contract</p>",
    form: { closeOnSubmit },
    buttons: [{ action: "go", label: "Go", callback: () => null }],
    submit: async (result: unknown) => void submitted.push(result),
  });
}

export function applicationsContract(context: ContractContext): void {
  const { describe, it, assert } = context;
  applicationCoreContract(context);
  describe("DialogV2", () => {
    it("[apps.dialog-submit] a callback returning nothing submits the button's action; closeOnSubmit closes, false keeps it open", async () => {
      for (const closeOnSubmit of [true, false]) {
        const submitted: unknown[] = [];
        const dialog = dialogWith(submitted, closeOnSubmit);
        await dialog.render({ force: true });
        try {
          await dialog._onSubmit(dialog.element?.querySelector('button[data-action="go"]'), submitEvent());
          assert.deepEqual(submitted, ["go"], "the button's action");
          assert.equal(
            dialog.rendered,
            !closeOnSubmit,
            `rendered after a submission with closeOnSubmit ${closeOnSubmit}`,
          );
        } finally {
          if (dialog.rendered) await dialog.close();
        }
      }
    });

    it("[apps.dialog-wait-close] wait() resolves null when the dialog is closed without a button", async () => {
      const shown: { dialog: DialogDoc | null } = { dialog: null };
      const result = Dialog().wait({
        window: { title: "[Quench] contract" },
        content: "<p>contract</p>",
        buttons: [{ action: "go", label: "Go" }],
        render: (_event: unknown, dialog: DialogDoc) => void (shown.dialog = dialog),
      });
      for (let i = 0; i < 50 && !shown.dialog; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.ok(shown.dialog, "the dialog rendered");
      await shown.dialog?.close();
      assert.equal(await result, null);
    });
  });

  describe("DialogV2 form and helpers", () => {
    it("[apps.dialog-form] the content and the buttons are rendered in core's dialog form, the buttons' form; the dialog has no top-level form", async () => {
      const dialog = new (Dialog())({
        window: { title: "[Quench] contract" },
        content: '<input type="number" name="n" value="3">',
        buttons: [{ action: "go", label: "Go" }],
      });
      await dialog.render({ force: true });
      try {
        const form = dialog.element?.querySelector<HTMLFormElement>("form.dialog-form") ?? null;
        const button = form?.querySelector<HTMLButtonElement>('footer.form-footer button[data-action="go"]') ?? null;
        assert.ok(form?.querySelector('.dialog-content [name="n"]'), "the content inside the dialog form");
        assert.ok(button && button.form === form, "the button in its footer, its form the dialog form");
        if (!form) throw new Error("no dialog form");
        const data = new foundry.applications.ux.FormDataExtended(form).object;
        assert.equal(data.n, 3, "FormDataExtended reads the content's fields");
        assert.equal(dialog.form, null);
      } finally {
        await dialog.close();
      }
    });

    it("[apps.dialog-confirm] confirm answers true for yes and false for no; prompt its ok button's action", async () => {
      const confirm = (config: Obj) => Dialog().confirm(config);
      assert.deepEqual(
        [await answer(confirm, "yes"), await answer(confirm, "no"), await answer((c) => Dialog().prompt(c), "ok")],
        [true, false, "ok"],
      );
    });
  });

  describe("DocumentSheetV2 (on the actor sheet)", () => {
    it("[apps.document-sheet] a form with the sheet class, in document.apps while open; its context holds core's keys; a render naming the document anew retitles it", async () => {
      let listed: unknown = null;
      let id = "";
      let apps: Obj = {};
      await withSheet(async (sheet, actor) => {
        ({ id } = sheet);
        apps = actor.apps;
        assert.deepEqual([sheet.element.tagName, sheet.element.classList.contains("sheet")], ["FORM", true]);
        listed = apps[id];
        const context = await sheet._prepareContext({});
        assert.deepEqual(
          [context.document, context.source, context.editable, context.user, context.rootId, "fields" in context],
          [actor, actor._source, true, game.user, id, true],
        );
        await actor.update({ name: "[Quench] sheet, renamed" });
        actor.render(false, { renderContext: "updateActor", renderData: { name: actor.name } });
        await sheet.render({ parts: [] });
        // Core's `title` getter (the typings of the sheet's base leave it out).
        const title = String(Reflect.get(sheet, "title"));
        assert.include(title, "[Quench] sheet, renamed");
        assert.equal(sheet.element.querySelector(".window-title")?.textContent, title);
      });
      assert.ok(listed !== null && listed !== undefined, "listed in document.apps while open");
      assert.equal(apps[id], undefined, "no longer once closed");
    });

    it("[apps.sheet-submit] submit({updateData}) merges updateData into the form's data and writes it", async () => {
      await withSheet(async (sheet, actor) => {
        await sheet.submit({ updateData: { name: "[Quench] submitted" } });
        assert.equal(actor.name, "[Quench] submitted");
      });
    });
  });

  describe("ActorSheetV2 drag", () => {
    it("[apps.actor-drag] an item row's drag carries the item's drag data; a characteristic row Tactica's payload", async () => {
      const actor = await CONFIG.Actor.documentClass.create({
        name: "[Quench] contract",
        type: "character",
        items: [{ name: "Épée", type: "weapon" }],
      });
      if (!actor) throw new Error("the temporary actor was not created");
      try {
        const item = actor.items.contents[0]!;
        // A character's sheet is Tactica's (registered as the default on init).
        const sheet = actor.sheet;
        if (!(sheet instanceof TacticaActorSheet)) throw new Error("the actor's sheet is not Tactica's");
        const drag = async (dataset: DOMStringMap) => {
          const data: Record<string, string> = {};
          const transfer = { setData: (type: string, value: string) => void (data[type] = value) };
          await sheet._onDragStart({
            currentTarget: { dataset },
            target: { dataset: {} },
            dataTransfer: transfer,
          });
          const parsed: unknown = data["text/plain"] ? JSON.parse(data["text/plain"]) : null;
          return parsed;
        };
        const itemData = await drag({ itemId: item.id ?? undefined });
        assert.equal(isRecord(itemData) ? itemData.type : undefined, "Item");
        assert.equal(isRecord(itemData) ? itemData.uuid : undefined, item.uuid);
        assert.deepEqual(await drag({ characteristic: "co" }), {
          type: "TacticaCharacteristic",
          actorUuid: actor.uuid,
          key: "co",
        });
      } finally {
        await actor.delete();
      }
    });
  });

  describe("ActorSheetV2 partial renders (the actor sheet's assumptions, F16)", () => {
    it("[apps.partial-render] a render draws the active tab only; a tab shown is drawn and appended; an update leaves the other parts' elements as they were", async () => {
      const actor = await CONFIG.Actor.documentClass.create({ name: "[Quench] partial", type: "character" });
      if (!actor) throw new Error("the temporary actor was not created");
      const sheet = actor.sheet;
      try {
        if (!(sheet instanceof TacticaActorSheet)) throw new Error("the actor's sheet is not Tactica's");
        sheet.tabGroups.primary = "profile";
        await sheet.render({ force: true });
        const part = (id: string) => sheet.element.querySelector(`[data-application-part="${id}"]`);
        const parts = () =>
          [...sheet.element.querySelectorAll<HTMLElement>("[data-application-part]")].map(
            (e) => e.dataset.applicationPart,
          );
        assert.deepEqual(parts(), ["header", "tabs", "profile"], "the first render: header, tab bar, active tab");
        sheet.changeTab("notes", "primary");
        // Renders are queued: one naming no new part runs after the sheet's own render of the tab.
        await sheet.render({ parts: [] });
        assert.deepEqual(parts(), ["header", "tabs", "profile", "notes"], "a tab never drawn is appended");
        assert.ok(part("notes")?.classList.contains("active"), "the tab shown is active");
        assert.notOk(part("profile")?.classList.contains("active"), "the tab left is not");
        const profile = part("profile");
        const notes = part("notes");
        await actor.update({ name: "[Quench] partial, renamed" });
        actor.render(false, { renderContext: "updateActor", renderData: { name: actor.name } });
        await sheet.render({ parts: [] });
        assert.strictEqual(part("profile"), profile, "a stale tab's element is left as it was");
        assert.ok(part("notes") !== notes && part("notes") !== null, "the active tab is drawn again");
      } finally {
        await sheet?.close();
        await actor.delete();
      }
    });
  });
}

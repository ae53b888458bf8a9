import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { clickAction, FakeProseMirror, type FakeApplicationV2, type FakeElement } from "../foundry/fake-apps";
import { loadSheetWorld, sampleCharacter, type SheetWorld } from "../templates/sheet-samples";
import { hasChromium, useBrowserChecks, type TakenPage } from "./chromium";

// Review N1 / core-source M1, in a real browser: the text a user TYPES in a sheet's rich-text
// editor survives every path that draws its part again, and closing still saves it. The sheet runs
// in the Foundry fake (Node); its window is mirrored in Chromium, where a `<prose-mirror>` stand-in
// behaves as core's late-v13 element (client `applications/elements/prosemirror-editor.mjs`: an
// always-open editor, no save on focus-out, and — when it leaves the page while active — its text
// stored and a bubbling `change` dispatched ON THE ELEMENT, wherever it now is). Each render of the
// sheet is applied to the page as core's `HandlebarsApplicationMixin#_replaceHTML` does it: a
// rendered part replaces its element (`replaceWith`), a new one is appended. So the browser's own
// DOM decides whether the editor's `change` reaches the form (it does only when the whole form
// leaves the page: core's close), and the check proves the typed text is never lost.

/** The page side, defined once in the page: the editor stand-in, the window's parts, the form's changes. */
function installPage(): void {
  const w = window as unknown as { tacticaEditors?: boolean; formChanges: string[] };
  if (w.tacticaEditors) return;
  w.tacticaEditors = true;
  class Editor extends HTMLElement {
    stored = "";
    active = false;
    dirty = false;
    #content: HTMLElement | null = null;
    constructor() {
      super();
      this.stored = this.getAttribute("value") ?? "";
      this.removeAttribute("value");
    }
    get name(): string {
      return this.getAttribute("name") ?? "";
    }
    get value(): string {
      return this.active && this.#content ? this.#content.innerHTML : this.stored;
    }
    isDirty(): boolean {
      return this.active && this.dirty;
    }
    connectedCallback(): void {
      if (this.#content) return;
      this.#content = document.createElement("div");
      this.#content.className = "editor-content";
      this.#content.contentEditable = "true";
      this.#content.innerHTML = this.stored;
      this.#content.addEventListener("input", () => (this.dirty = true));
      this.replaceChildren(this.#content);
      void Promise.resolve().then(() => (this.active = true));
    }
    disconnectedCallback(): void {
      if (!this.active) return;
      const value = this.value;
      if (value !== this.stored) {
        this.stored = value;
        this.dispatchEvent(new Event("change", { bubbles: true, cancelable: true }));
      }
      this.active = false;
    }
  }
  customElements.define("prose-mirror", Editor);
  w.formChanges = [];
}

/** Mounts the window in `#root`: its parts, each marked with its part id as core marks them. */
function mountWindow({ classes, parts }: { classes: string; parts: [string, string][] }): void {
  const root = document.querySelector<HTMLElement>("#root")!;
  root.innerHTML = `<form class="${classes}"><section class="window-content"></section></form>`;
  const form = root.querySelector("form")!;
  form.addEventListener("change", (event) => {
    const editor = event.target as HTMLElement & { value?: string };
    (window as unknown as { formChanges: string[] }).formChanges.push(String(editor.value ?? ""));
  });
  const content = form.querySelector(".window-content")!;
  for (const [id, html] of parts) {
    const t = document.createElement("template");
    t.innerHTML = html.trim();
    const el = t.content.firstElementChild as HTMLElement;
    el.dataset.applicationPart = id;
    content.append(el);
  }
}

/** Core's `_replaceHTML` in the page: each rendered part replaces its element, or is appended. */
function replaceParts(parts: [string, string][]): void {
  const content = document.querySelector("#root .window-content")!;
  for (const [id, html] of parts) {
    const t = document.createElement("template");
    t.innerHTML = html.trim();
    const el = t.content.firstElementChild as HTMLElement;
    el.dataset.applicationPart = id;
    const prior = content.querySelector(`[data-application-part="${id}"]`);
    if (prior) prior.replaceWith(el);
    else content.append(el);
  }
}

/** Core's `changeTab` in the page: the group's links and the sections present toggle `.active`. */
function showTab(tab: string): void {
  for (const el of document.querySelectorAll<HTMLElement>("#root [data-group=primary]"))
    el.classList.toggle("active", el.dataset.tab === tab);
}

type Sheet = FakeApplicationV2 & {
  mode: "play" | "edit";
  element: FakeElement;
  renderedParts: Record<string, string>;
  tabGroups: Record<string, string | null>;
  changeTab(tab: string, group: string): void;
  _replaceHTML(result: unknown, content: unknown, options: unknown): void;
};

const TYPED = " Elle a tenu le bastion d'Ostrava.";

describe.runIf(hasChromium())("text typed in a sheet's editor, in Chromium (review N1)", () => {
  const browser = useBrowserChecks();
  let taken: TakenPage;
  let page: Page;
  let w: SheetWorld;
  let actor: Awaited<ReturnType<typeof sampleCharacter>>;
  let sheet: Sheet;
  /** The parts each node-side render drew, in order, to apply to the page. */
  let drawn: [string, string][] = [];

  beforeAll(async () => {
    taken = await browser.takeOver({ lang: "fr", theme: "dark" }, { width: 800, height: 900 }, "");
    page = taken.page;
    await page.evaluate(installPage);
    w = await loadSheetWorld("fr");
    actor = await sampleCharacter(w);
    sheet = new w.sheets.CharacterSheet({ document: actor }) as unknown as Sheet;
    const replace = sheet._replaceHTML.bind(sheet);
    sheet._replaceHTML = (result, content, options) => {
      replace(result, content, options);
      drawn.push(...(Object.entries(result as Record<string, string>) as [string, string][]));
    };
    sheet.mode = "edit";
    sheet.tabGroups.primary = "notes";
    await sheet.render({ force: true });
    await page.evaluate(mountWindow, { classes: (sheet.options.classes as string[]).join(" "), parts: drawn });
    drawn = [];
  }, 60_000);

  afterAll(async () => {
    await taken?.restore();
  });

  /** The page's editor: its text, whether it is the element marked earlier, and the form's changes. */
  const pageEditor = () =>
    page.evaluate(() => {
      const editor = document.querySelector("#root prose-mirror") as
        | (HTMLElement & { value: string; marked?: boolean })
        | null;
      const prose = document.querySelector("#root .tab.notes .prose");
      return {
        text: editor ? editor.value : (prose?.innerHTML ?? null),
        same: editor?.marked === true,
        changes: (window as unknown as { formChanges: string[] }).formChanges.length,
      };
    });

  /** What the user typed reaches the node-side editor (as the browser's editor holds it for FormDataExtended). */
  async function syncTyped(): Promise<void> {
    const live = await page.evaluate(() => {
      const editor = document.querySelector("#root prose-mirror") as
        | (HTMLElement & { value: string; isDirty(): boolean })
        | null;
      return editor && editor.isDirty() ? editor.value : null;
    });
    const node = sheet.element.querySelector("prose-mirror");
    if (live !== null && node instanceof FakeProseMirror && node.active) node.type(live);
  }

  /** The node-side renders since the last call, applied to the page as core applies them. */
  async function applyRenders(): Promise<void> {
    await page.evaluate(replaceParts, drawn);
    drawn = [];
  }

  it("typing: the browser's editor holds the text, nothing is written yet", async () => {
    await page.locator("#root prose-mirror .editor-content").click();
    await page.keyboard.press("End");
    await page.keyboard.type(TYPED);
    await page.evaluate(
      () => ((document.querySelector("#root prose-mirror") as HTMLElement & { marked?: boolean }).marked = true),
    );
    const editor = await pageEditor();
    expect(editor.text).toContain("Ostrava.");
    expect(editor.text).toContain("bastion");
    expect(editor.changes).toBe(0);
  });

  it("an update of the actor and a combat update redraw the header around the same editor, its text intact", async () => {
    await syncTyped();
    await actor.update({ name: "Sœur Aveline la Grise" } as never);
    (actor as unknown as { render(f: boolean, c: object): void }).render(false, {
      renderContext: "updateActor",
      renderData: { name: "x" },
    });
    (actor as unknown as { render(f: boolean, c: object): void }).render(false, { renderContext: "updateCombat" });
    await sheet.render({ parts: [] });
    await applyRenders();
    const editor = await pageEditor();
    expect([editor.same, editor.changes]).toEqual([true, 0]);
    expect(editor.text).toContain("bastion");
    // The header was drawn again (edit mode: the name is its input's value).
    expect(await page.locator('#root [data-application-part=header] input[name="name"]').inputValue()).toContain(
      "la Grise",
    );
  });

  it("a stale Notes tab shown again stores the text first: the new editor shows it", async () => {
    sheet.changeTab("profile", "primary");
    await sheet.render({ parts: [] });
    await applyRenders();
    await page.evaluate(showTab, "profile");
    await syncTyped();
    await actor.update({ system: { profile: { co: { value: 8 } } } } as never);
    (actor as unknown as { render(f: boolean, c: object): void }).render(false, { renderContext: "updateActor" });
    await sheet.render({ parts: [] });
    await applyRenders();
    sheet.changeTab("notes", "primary");
    for (let turn = 0; turn < 20 && !drawn.some(([id]) => id === "notes"); turn++)
      await new Promise((r) => setTimeout(r, 0));
    await sheet.render({ parts: [] });
    await applyRenders();
    await page.evaluate(showTab, "notes");
    expect((actor.system as unknown as { biography: string }).biography).toContain("bastion");
    const editor = await pageEditor();
    expect([editor.same, editor.text?.includes("bastion")]).toEqual([false, true]);
  });

  it("« Terminer » stores the text and shows it in play mode", async () => {
    await page.locator("#root prose-mirror .editor-content").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Et rien oublié.");
    await syncTyped();
    await clickAction(sheet, "toggleMode", { dataset: {} });
    await applyRenders();
    expect((actor.system as unknown as { biography: string }).biography).toContain("Et rien oublié.");
    const shown = await pageEditor();
    expect(shown.text).toContain("Et rien oublié.");
    expect(await page.locator("#root prose-mirror").count()).toBe(0);
  });

  it("core's own paths, in the browser: a part replaced while its editor holds text loses it (no change reaches the form); the whole form leaving the page (a close) delivers it", async () => {
    const result = await page.evaluate(async () => {
      const changes = (window as unknown as { formChanges: string[] }).formChanges;
      const root = document.querySelector<HTMLElement>("#root")!;
      root.innerHTML =
        '<form><section class="window-content"><section data-application-part="notes"><prose-mirror name="system.biography" value="&lt;p&gt;avant&lt;/p&gt;"></prose-mirror></section></section></form>';
      const form = root.querySelector("form")!;
      form.addEventListener("change", (e) => changes.push(String((e.target as HTMLElement & { value: string }).value)));
      const type = async () => {
        await Promise.resolve();
        const content = root.querySelector<HTMLElement>("prose-mirror .editor-content")!;
        content.innerHTML = "<p>tapé</p>";
        content.dispatchEvent(new Event("input"));
      };
      await type();
      const before = changes.length;
      const part = root.querySelector("[data-application-part=notes]")!;
      const fresh = part.cloneNode(false) as HTMLElement;
      fresh.innerHTML = '<prose-mirror name="system.biography" value="&lt;p&gt;avant&lt;/p&gt;"></prose-mirror>';
      part.replaceWith(fresh);
      const afterReplace = {
        changes: changes.length - before,
        shown: (root.querySelector("prose-mirror") as HTMLElement & { value: string }).value,
      };
      await type();
      form.remove();
      return { afterReplace, onClose: changes.slice(before) };
    });
    expect(result.afterReplace).toEqual({ changes: 0, shown: "<p>avant</p>" });
    expect(result.onClose).toEqual(["<p>tapé</p>"]);
  });
});

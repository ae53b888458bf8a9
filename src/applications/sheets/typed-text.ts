/**
 * Text typed in a sheet's rich-text editors and not stored yet (review N1, core-source M1). In edit
 * mode the biography, an item's description and a power's effect are always-open `<prose-mirror>`
 * editors. Core's editor (late v13 / v14 `HTMLProseMirrorElement`) writes its text only through a
 * `change` it dispatches when it leaves the page; that event reaches the sheet's form only when the
 * whole window closes (docs/foundry-behaviour.md §4). When one PART of the window is drawn again —
 * a mode switch, any update of the document, every update of a combat the actor is in (core's
 * `Combat#updateCombatantActors`), the attribute error, a stale tab shown again — the old editor
 * is detached first and its text is lost. So:
 * - a render leaves out every part holding unsaved text ({@link TypedText.keepOut}), as
 *   draw-steel keeps an item's description part out of renders while its editor is open; the part
 *   is drawn again once its text is stored, and the user keeps typing undisturbed meanwhile;
 * - the sheet's own redraws of such a part (the mode switch, a stale tab shown, the attribute
 *   error) store the text first ({@link TypedText.save}: core's `submit()`, one write), as dnd5e's
 *   `_onChangeSheetMode` submits before it switches.
 * "Unsaved": the editor is dirty and its text is neither the document's stored value nor what this
 * sheet last stored for that field (a server that cleans the HTML stores something else).
 */
import { notifyError } from "../../utils/notify";

/** The sheet whose editors are watched: its element, its document's source, core's `submit`. */
export interface TypedTextHost {
  readonly element: HTMLElement | null | undefined;
  readonly document: { readonly _source: object };
  submit(options?: object): Promise<unknown>;
}

/** A `<prose-mirror>` as read here (an element of whichever browser window the sheet is in: read with `in`). */
interface EditorView {
  readonly name: string;
  readonly value: string;
  readonly dirty: boolean;
  readonly part: string | null;
}

function viewOf(el: Element): EditorView {
  const name = ("name" in el && typeof el.name === "string" && el.name) || el.getAttribute("name") || "";
  const value = "value" in el ? String(el.value ?? "") : "";
  const dirty = "isDirty" in el && typeof el.isDirty === "function" ? el.isDirty() === true : true;
  return {
    name,
    value,
    dirty,
    part: el.closest("[data-application-part]")?.getAttribute("data-application-part") ?? null,
  };
}

export class TypedText {
  readonly #host: TypedTextHost;
  /** What this sheet stored last, per field. */
  readonly #stored = new Map<string, string>();
  #refused = false;

  constructor(host: TypedTextHost) {
    this.#host = host;
  }

  /** The editors of the window holding text not stored. */
  unsaved(): EditorView[] {
    const root = this.#host.element;
    if (!root) return [];
    const source = this.#host.document._source;
    return [...root.querySelectorAll("prose-mirror")].map(viewOf).filter((editor) => {
      if (!editor.dirty || !editor.name) return false;
      const stored = String(foundry.utils.getProperty(source, editor.name) ?? "");
      return editor.value !== stored && editor.value !== this.#stored.get(editor.name);
    });
  }

  /** Takes out of `parts` every part holding unsaved text; returns those taken out. */
  keepOut(parts: string[]): { drawn: string[]; kept: string[] } {
    const holding = new Set(this.unsaved().flatMap((e) => (e.part ? [e.part] : [])));
    return { drawn: parts.filter((id) => !holding.has(id)), kept: parts.filter((id) => holding.has(id)) };
  }

  /**
   * Stores the unsaved text: one submission of the sheet's form (it carries every field, the
   * editors' live text included). False when nothing could be stored — the submission was refused
   * (bad input elsewhere, already shown) or failed (shown here) — and the text stays in its editor.
   */
  async save(): Promise<boolean> {
    const editors = this.unsaved();
    if (editors.length === 0) return true;
    this.#refused = false;
    try {
      await this.#host.submit();
    } catch (err) {
      notifyError("TACTICA.Sheet.Errors.TextNotSaved", { error: err instanceof Error ? err.message : String(err) });
      return false;
    }
    if (this.#refused) return false;
    for (const editor of editors) this.#stored.set(editor.name, editor.value);
    return true;
  }

  /** The sheet refused its submission (nothing was written). */
  refused(): void {
    this.#refused = true;
  }
}

import { describe, expect, it, vi } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createFakeCombat } from "./fake-combat";
import type { FakeKeybindings, FakeKeyboard } from "./fake-keys";
import { FakeI18n } from "./fake";
import { createTemplateHarness, installTemplateHarness } from "../templates/harness";
import { loadLang } from "../helpers/lang";
import type { TacticaCombat } from "../../src/combat/combat";

// Issue 24 item 4: keybindings registered with core's keybinding API (the fake models v13's
// ClientKeybindings and KeyboardManager: fake-keys.ts), so each is listed and rebindable in
// Configure Controls: skip the roll dialog (Shift by default, read by `skipsDialog`), open the
// timeline (L), End action for the GM (End).

const keys = (w: LoadedWorld) => w.fake.game.keybindings as unknown as FakeKeybindings;
const keyboard = (w: LoadedWorld) => w.fake.game.keyboard as unknown as FakeKeyboard;

async function world(): Promise<LoadedWorld> {
  const w = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
  w.data.setUser("gm-1");
  return w;
}

describe("registration", () => {
  it("registers the three actions on init, named and explained in both languages, with their default keys", async () => {
    const w = await world();
    const actions = [...keys(w).actions.entries()].filter(([id]) => id.startsWith("tactica."));
    expect(actions.map(([id, a]) => [id, a.editable, a.restricted === true])).toEqual([
      [
        "tactica.skipDialog",
        [
          { key: "ShiftLeft", modifiers: [] },
          { key: "ShiftRight", modifiers: [] },
        ],
        false,
      ],
      ["tactica.openTimeline", [{ key: "KeyL", modifiers: [] }], false],
      ["tactica.endAction", [{ key: "End", modifiers: [] }], true],
    ]);
    for (const lang of ["fr", "en"] as const) {
      const i18n = new FakeI18n(lang, loadLang(lang));
      for (const [id, a] of actions)
        for (const key of [a.name, a.hint!]) expect(i18n.has(key), `${lang} ${id}`).toBe(true);
    }
    const fr = w.fake.game.i18n;
    expect(fr.localize(actions[0]![1].name)).toBe("Passer la fenêtre du jet");
    // Core refuses a keybinding after init: the bindings exist from then on.
    expect(() => keys(w).register("tactica", "late", { name: "x" })).toThrow(/after the init hook/);
  });
});

describe("skip the roll dialog: skipsDialog(event)", () => {
  it("answers from the bound key: Shift by default; another key once rebound; nothing once unbound", async () => {
    const w = await world();
    const { skipsDialog } = await import("../../src/config/keybindings");
    expect(skipsDialog({ shiftKey: true })).toBe(true);
    expect(skipsDialog({ shiftKey: false })).toBe(false);
    expect(skipsDialog(null)).toBe(false);
    // Shift held down before the click (its keydown reached the page).
    keyboard(w).press("ShiftRight");
    expect(skipsDialog({})).toBe(true);
    keyboard(w).release("ShiftRight");
    await keys(w).set("tactica", "skipDialog", [{ key: "KeyS", modifiers: ["Alt"] }]);
    expect(skipsDialog({ shiftKey: true })).toBe(false);
    keyboard(w).press("KeyS", { alt: true });
    expect(skipsDialog({ altKey: true })).toBe(true);
    expect(skipsDialog({})).toBe(false);
    keyboard(w).release("KeyS");
    await keys(w).set("tactica", "skipDialog", [{ key: "ControlLeft" }]);
    // A modifier key bound alone counts from the click's own flag (the Mac's ⌘ is Control for core).
    expect(skipsDialog({ ctrlKey: true })).toBe(true);
    expect(skipsDialog({ metaKey: true })).toBe(true);
    await keys(w).set("tactica", "skipDialog", []);
    expect(skipsDialog({ shiftKey: true, ctrlKey: true })).toBe(false);
  });

  it("is what a hotbar macro reads: its command skips the dialog while the key is held", async () => {
    const w = await world();
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const { macroFor } = await import("../../src/api/macros");
    const macro = macroFor({ type: "TacticaCharacteristic", actorUuid: actor.uuid, key: "co" })!;
    const game = w.fake.game as unknown as { tactica: { rollCharacteristic: (...a: unknown[]) => unknown } };
    const roll = vi.spyOn(game.tactica, "rollCharacteristic").mockResolvedValue(null);
    // A script macro's command runs with `event`, the click or key press that ran it.
    const run = (event: object) => new Function("game", "event", macro.command)(game, event);
    run({ shiftKey: true });
    run({ shiftKey: false });
    expect(roll.mock.calls.map((c) => c[2])).toEqual([{ fastForward: true }, { fastForward: false }]);
  });
});

describe("open the timeline, End action", () => {
  async function timeline(w: LoadedWorld): Promise<TacticaCombat> {
    await w.fake.settings.set("tactica", "combatMode", "timeline");
    const ana = await w.createActor({ name: "Ana", type: "character" });
    const bel = await w.createActor({ name: "Bel", type: "character" });
    const combat = (await createFakeCombat([
      { actorId: ana.id!, initiative: 2, name: "Ana" },
      { actorId: bel.id!, initiative: 4, name: "Bel" },
    ])) as unknown as TacticaCombat;
    await combat.startCombat();
    return combat;
  }

  it("L opens the timeline tracker (for everyone), and uses the key", async () => {
    const w = await world();
    const tracker = await import("../../src/applications/combat/tracker");
    const render = vi.spyOn(tracker.TimelineTracker.prototype, "render");
    w.data.setUser("player-1");
    expect(keyboard(w).press("KeyL")).toBe(true);
    expect(render).toHaveBeenCalledWith({ force: true });
    render.mockRestore();
  });

  it("End: the GM's End action on the viewed combat (the duration asked, then the next action)", async () => {
    const w = await world();
    const combat = await timeline(w);
    const nextTurn = vi.spyOn(combat, "nextTurn").mockResolvedValue(combat);
    expect(keyboard(w).press("End")).toBe(true);
    expect(nextTurn).toHaveBeenCalledTimes(1);
  });

  it("End does nothing for a player (restricted to the GM); without a running combat the GM is told", async () => {
    const w = await world();
    const combat = await timeline(w);
    const nextTurn = vi.spyOn(combat, "nextTurn").mockResolvedValue(combat);
    w.data.setUser("player-1");
    expect(keyboard(w).press("End")).toBe(false);
    expect(nextTurn).not.toHaveBeenCalled();
    w.data.setUser("gm-1");
    // No combat viewed (the fake keeps a deleted one viewed, which core does not).
    (w.fake.game.combats as { viewed: unknown }).viewed = null;
    const before = w.data.notifications.messages.length;
    expect(keyboard(w).press("End")).toBe(true);
    expect(w.data.notifications.messages.slice(before).map((m) => m.message)).toEqual(["Aucun combat en cours."]);
  });
});

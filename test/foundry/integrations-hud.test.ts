import { describe, expect, it } from "vitest";
import {
  loadSheetWorld,
  renderSheetHtml,
  sampleCharacter,
  sampleUnit,
  type SheetWorld,
} from "../templates/sheet-samples";
import { loadWorld } from "./world";
import { installTokenActionHud, type TahStandInAction, type TokenActionHudStandIn } from "./stand-ins/token-action-hud";
import type { Dataset } from "../../src/applications/sheets/actions";
import type { TacticaActor } from "../../src/documents/actor";

// Issue 24 item 1: Token Action HUD. With TAH Core active, Tactica's handler registers through its
// public API (a stand-in built from TAH Core's code: stand-ins/token-action-hud.ts) and offers, for
// the selected token, every roll its sheet offers — compared with the sheet's own rendered
// buttons, so the two cannot drift — grouped as the sheet's tabs; each action calls the actor
// method the sheet's button calls. Without TAH nothing is registered.

const TABS = ["profile", "aptitudes", "psy", "equipment", "morale", "effects", "notes"];

/** The sheet's button dispatch (src/applications/sheets/actions.ts), imported once the fake exists. */
let sheetActions: typeof import("../../src/applications/sheets/actions");
const ROLL_ACTIONS = () => sheetActions.ROLL_ACTIONS as readonly string[];

interface Call {
  method: string;
  args: unknown[];
}

/** The actor's roll methods replaced by recorders (the calls the sheet and the HUD make). */
function recordCalls(actor: TacticaActor): Call[] {
  const calls: Call[] = [];
  for (const method of ROLL_ACTIONS())
    Object.defineProperty(actor, method, {
      configurable: true,
      value: (...args: unknown[]) => {
        calls.push({ method, args });
        return Promise.resolve(null);
      },
    });
  return calls;
}

/** `data-foo-bar="x"` attributes of a tag, as a dataset (`fooBar: "x"`). */
function datasetOf(tag: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const m of tag.matchAll(/\sdata-([a-z-]+)="([^"]*)"/g))
    data[m[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = m[2]!;
  return data;
}

/** A roll's identity: its method and its data attributes (tooltip attributes left out). */
function rollKey(method: string, data: Record<string, string>): string {
  const keep = ["key", "itemId", "aptitude", "subAptitude", "purpose"];
  const parts = keep.filter((k) => data[k] !== undefined && data[k] !== "").map((k) => `${k}=${data[k]}`);
  return [method, ...parts].join("|");
}

/** Every roll button of a rendered sheet: its identity, its dataset, whether it is disabled. */
function sheetRolls(html: string): Map<string, { data: Record<string, string>; disabled: boolean }> {
  const rolls = new Map<string, { data: Record<string, string>; disabled: boolean }>();
  for (const m of html.matchAll(/<button\b[^>]*>/g)) {
    const data = datasetOf(m[0]);
    const method = data.action ?? "";
    if (!ROLL_ACTIONS().includes(method)) continue;
    rolls.set(rollKey(method, data), { data, disabled: /\sdisabled\b/.test(m[0]) });
  }
  return rolls;
}

/** A HUD action's request (what it carries in `system`). */
function requestOf(action: TahStandInAction) {
  return (
    action.system as { request: { method: string; data: Record<string, string>; inputs: Record<string, unknown> } }
  ).request;
}

/** The HUD's actions for `actor`, by group, and flat. */
async function hud(tah: TokenActionHudStandIn, actor: TacticaActor) {
  const groups = await tah.build(actor);
  return { groups, actions: [...groups.values()].flat() };
}

async function hudWorld(lang: "fr" | "en" = "fr"): Promise<{ w: SheetWorld; tah: TokenActionHudStandIn }> {
  let tah: TokenActionHudStandIn | undefined;
  const w = await loadSheetWorld(lang, (fake) => (tah = installTokenActionHud(fake)));
  await tah!.ready();
  sheetActions = await import("../../src/applications/sheets/actions");
  return { w, tah: tah! };
}

const sheetClass = (w: SheetWorld, actor: TacticaActor) =>
  actor.type === "unit" ? w.sheets.UnitSheet : actor.type === "npc" ? w.sheets.NpcSheet : w.sheets.CharacterSheet;

describe("Token Action HUD: registration", () => {
  it("without Token Action HUD Core, nothing is listened to or registered", async () => {
    const w = await loadWorld();
    expect(w.fake.hooks.count("tokenActionHudCoreApiReady")).toBe(0);
    expect(w.fake.hooks.fired).not.toContain("tokenActionHudSystemReady");
  });

  it("with TAH Core active, the handler registers through its API, once its API is ready", async () => {
    const { w, tah } = await hudWorld();
    expect(w.fake.hooks.fired).toContain("tokenActionHudSystemReady");
    expect(tah.refused).toEqual([]);
    expect(tah.systems).toHaveLength(1);
    expect(tah.systems[0]!.systemModule.api?.requiredCoreModuleVersion).toBe("2");
  });

  it("is refused by a TAH Core of another major version, as TAH checks it", async () => {
    let tah: TokenActionHudStandIn | undefined;
    await loadWorld("fr", (fake) => (tah = installTokenActionHud(fake, "3.0.0")));
    await tah!.ready();
    expect(tah!.systems).toEqual([]);
    expect(tah!.refused).toHaveLength(1);
  });

  it.each(["fr", "en"] as const)("lays the groups out as the sheet's tabs, named in %s", async (lang) => {
    const { w, tah } = await hudWorld(lang);
    const { layout, groups } = tah.systems[0]!.manager.defaults as {
      layout: { id: string; name: string; groups: { id: string; nestId: string; name: string }[] }[];
      groups: { id: string; name: string }[];
    };
    // The sheet's tabs that have rolls, in the sheet's order, named as the sheet names them.
    const { ACTOR_TABS } = await import("../../src/applications/sheets/context/actor-context");
    const sheetTabs = ACTOR_TABS.filter((t) => !["effects", "notes"].includes(t.id));
    expect(layout.map((t) => t.id)).toEqual(sheetTabs.map((t) => t.id));
    expect(layout.map((t) => t.name)).toEqual(sheetTabs.map((t) => w.fake.game.i18n.localize(t.label)));
    expect(layout.map((t) => t.name)).toEqual(
      lang === "fr"
        ? ["Profil", "Aptitudes", "Psy", "Équipement", "Moral"]
        : ["Profile", "Aptitudes", "Psy", "Equipment", "Morale"],
    );
    for (const tab of layout) for (const g of tab.groups) expect(g.nestId).toBe(`${tab.id}_${g.id}`);
    expect(groups.map((g) => g.id)).toEqual(layout.flatMap((t) => t.groups.map((g) => g.id)));
    for (const g of groups) expect(g.name).not.toMatch(/^TACTICA\./);
  });
});

describe("Token Action HUD: the sheet's rolls", () => {
  async function compare(w: SheetWorld, tah: TokenActionHudStandIn, actor: TacticaActor) {
    const Sheet = sheetClass(w, actor);
    const html = await renderSheetHtml(new Sheet({ document: actor }), "play", TABS);
    const sheet = sheetRolls(html);
    const { actions } = await hud(tah, actor);
    const offered = new Map(actions.map((a) => [rollKey(requestOf(a).method, requestOf(a).data), a]));
    expect([...offered.keys()].sort()).toEqual([...sheet.keys()].sort());
    for (const [key, roll] of sheet) expect(offered.get(key)!.cssClass === "disabled", key).toBe(roll.disabled);
    return { html, actions };
  }

  it("a character: every roll button of its sheet, and no other", async () => {
    const { w, tah } = await hudWorld();
    const { actions } = await compare(w, tah, await sampleCharacter(w));
    expect(actions.length).toBeGreaterThan(40);
  });

  it("a GM character (stat block) and a unit: the same as their sheets", async () => {
    const { w, tah } = await hudWorld();
    await compare(w, tah, await sampleCharacter(w, "npc"));
    await compare(w, tah, await sampleUnit(w));
  });

  it("with rule modules hidden (S-modules), the HUD hides what the sheet hides", async () => {
    const { w, tah } = await hudWorld();
    for (const m of ["psy", "morale", "pool", "pressure"]) await w.fake.settings.set("tactica", `module.${m}`, false);
    const { actions } = await compare(w, tah, await sampleCharacter(w));
    const methods = new Set(actions.map((a) => requestOf(a).method));
    for (const hidden of ["castPower", "cancelPower", "moraleTest", "fearTest", "rollPool", "rollPressure"])
      expect(methods.has(hidden), hidden).toBe(false);
  });

  it("a player who only observes the actor gets no roll, as on the sheet", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    await actor.update({ ownership: { default: 2 } } as never);
    w.data.setUser("player-1");
    const { actions } = await compare(w, tah, actor);
    expect(actions).toEqual([]);
  });

  it("cancelling a power and the fear test: one action per value the sheet's input accepts", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    const html = await renderSheetHtml(new w.sheets.CharacterSheet({ document: actor }), "play", TABS);
    const bounds = (input: string) => {
      const tag = new RegExp(`<input[^>]*data-input="${input}"[^>]*>`).exec(html)![0];
      return { min: Number(/min="(\d+)"/.exec(tag)![1]), max: Number(/max="(\d+)"/.exec(tag)![1]) };
    };
    const { groups } = await hud(tah, actor);
    const inputs = (group: string, key: string) => groups.get(group)!.map((a) => Number(requestOf(a).inputs[key]));
    const cancel = bounds("cancelLevel");
    expect(inputs("cancel", "cancelLevel")).toEqual(
      Array.from({ length: cancel.max - cancel.min + 1 }, (_, i) => cancel.min + i),
    );
    const fear = bounds("fear");
    // PEUR 0 causes no fear (RULES §5): from 1 to the input's maximum.
    expect(fear.min).toBe(0);
    const levels = Array.from({ length: fear.max }, (_, i) => i + 1);
    expect(inputs("fear", "fear")).toEqual(levels);
    expect(inputs("fearCharging", "fear")).toEqual(levels);
    expect(groups.get("fear")!.every((a) => requestOf(a).inputs.charging === false)).toBe(true);
    expect(groups.get("fearCharging")!.every((a) => requestOf(a).inputs.charging === true)).toBe(true);
  });

  it("groups the rolls as the sheet's tabs: characteristics, aptitudes, weapons, powers, morale", async () => {
    const { w, tah } = await hudWorld();
    const { groups } = await hud(tah, await sampleCharacter(w));
    const methods = (id: string) => [...new Set(groups.get(id)!.map((a) => requestOf(a).method))].sort();
    expect(methods("characteristics")).toEqual(["move", "rollProfile"]);
    expect(methods("pressure")).toEqual(["rollPressure"]);
    expect(methods("aptitude-vivacite")).toEqual(["rollPool", "rollScore"]);
    expect(methods("scores")).toEqual(["rollScore"]);
    expect(methods("weapons")).toEqual(["attack", "rollPool", "rollPressure"]);
    expect(methods("grenades")).toEqual(["attack"]);
    expect(methods("powers")).toEqual(["castPower", "maintainPower"]);
    expect(methods("morale")).toEqual(["moraleTest", "rally"]);
    const att = groups.get("characteristics")!.find((a) => requestOf(a).data.key === "att")!;
    expect(att).toMatchObject({ name: "Test\u00a0: Attaque", info1: { text: "4" } });
  });
});

describe("Token Action HUD: a click", () => {
  it("calls the actor method the sheet's button calls, with the button's own arguments", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    const { actions } = await hud(tah, actor);
    const calls = recordCalls(actor);
    for (const action of actions) {
      if (action.cssClass === "disabled") continue;
      await tah.click(actor, action);
      const clicked = calls.at(-1);
      // The sheet's own button with the same data: its request, dispatched as the sheet dispatches it.
      const { method, data, inputs } = requestOf(action);
      const expected = sheetActions.rollRequest(method as never, data as Dataset, inputs);
      expect(expected, action.id).not.toBeNull();
      await sheetActions.dispatchRoll(actor, expected, { fastForward: false });
      expect(clicked, action.id).toEqual(calls.at(-1));
      expect(clicked!.method, action.id).toBe(method);
    }
    expect(calls).toHaveLength(2 * actions.filter((a) => a.cssClass !== "disabled").length);
  });

  it("skips the roll dialog with the bound key (Shift by default, rebindable)", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    const test = (await hud(tah, actor)).groups.get("characteristics")![0]!;
    const calls = recordCalls(actor);
    await tah.click(actor, test, { shiftKey: true });
    expect(calls.at(-1)!.args.at(-1)).toEqual({ fastForward: true });
    await (w.fake.game.keybindings as { set(n: string, a: string, b: object[]): Promise<void> }).set(
      "tactica",
      "skipDialog",
      [{ key: "KeyK", modifiers: ["Control"] }],
    );
    await tah.click(actor, test, { shiftKey: true });
    expect(calls.at(-1)!.args.at(-1)).toEqual({ fastForward: false });
    (w.fake.game.keyboard as { downKeys: Set<string> }).downKeys.add("KeyK");
    await tah.click(actor, test, { ctrlKey: true });
    expect(calls.at(-1)!.args.at(-1)).toEqual({ fastForward: true });
  });

  it("a right click on an item's action opens its sheet and rolls nothing; a disabled action does nothing", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    await actor.toggleStatusEffect("pressureBlocked", { active: true });
    const { groups } = await hud(tah, actor);
    const calls = recordCalls(actor);
    const attack = groups.get("weapons")!.find((a) => requestOf(a).method === "attack")!;
    const handler = await tah.click(actor, attack, { button: 2 });
    expect(handler.rendered).toEqual([`${actor.id}.${requestOf(attack).data.itemId}`]);
    const blocked = groups.get("pressure")![0]!;
    expect(blocked.cssClass).toBe("disabled");
    await tah.click(actor, blocked);
    expect(calls).toEqual([]);
  });

  it("an action whose saved data is not a roll (another module's, a stale layout) does nothing", async () => {
    const { w, tah } = await hudWorld();
    const actor = await sampleCharacter(w);
    const calls = recordCalls(actor);
    await tah.click(actor, {
      id: "x",
      name: "x",
      system: { request: { method: "deleteActor", data: {}, inputs: {} } },
    });
    await tah.click(actor, { id: "y", name: "y", system: "nonsense" });
    expect(calls).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { installFoundryFake, fireLifecycle, type FakeFoundry } from "./fake";
import { FakeTokenRuler, rulerPath, tokenObject } from "./fake-canvas";
import type { FakeKeybindings, FakeKeyboard } from "./fake-keys";
import type { FakeToken } from "./fake-regions";
import { DiceSoNiceStandIn } from "./stand-ins/dice-so-nice";
import { installTokenActionHud, isSystemModuleCompatible } from "./stand-ins/token-action-hud";
import { currentWorld } from "./fake-world";

// Self-tests of the parts of the fake and of the stand-ins the integrations use: each behaviour
// as its source states it (fake-keys.ts, fake-canvas.ts, stand-ins/*.ts cite theirs).

type Obj = Record<string, unknown>;

function fresh(): FakeFoundry {
  return installFoundryFake({}, "en");
}
const keys = (fake: FakeFoundry) => fake.game.keybindings as unknown as FakeKeybindings;
const keyboard = (fake: FakeFoundry) => fake.game.keyboard as unknown as FakeKeyboard;

describe("fake keybindings (v13 ClientKeybindings)", () => {
  it("registers until init is over, then refuses; the bindings are the uneditable ones then the editable defaults", () => {
    const fake = fresh();
    keys(fake).register("mod", "a", {
      name: "A",
      uneditable: [{ key: "KeyU" }],
      editable: [{ key: "KeyA", modifiers: ["SHIFT"] }],
    });
    expect(() => keys(fake).get("mod", "a")).not.toThrow();
    fireLifecycle(fake);
    expect(keys(fake).get("mod", "a")).toEqual([
      { key: "KeyU", modifiers: [] },
      { key: "KeyA", modifiers: ["Shift"] },
    ]);
    expect(() => keys(fake).register("mod", "b", { name: "B" })).toThrow(
      "You cannot register a Keybinding after the init hook",
    );
    expect(() => keys(fake).get("mod", "nope")).toThrow("This is not a registered keybind action");
    expect(() => keys(fake).register("", "c", { name: "C" })).toThrow();
  });

  it("refuses an illegal modifier and a binding without key", () => {
    const fake = fresh();
    expect(() =>
      keys(fake).register("mod", "a", { name: "A", editable: [{ key: "KeyA", modifiers: ["Meta"] }] }),
    ).toThrow(/illegal/);
    expect(() => keys(fake).register("mod", "b", { name: "B", editable: [{ key: "" }] })).toThrow(/valid key/);
  });

  it("set saves the user's bindings in core.keybindings, whose change initialises them again; restricted ones are the GM's", async () => {
    const fake = fresh();
    keys(fake).register("mod", "a", { name: "A", editable: [{ key: "KeyA" }] });
    keys(fake).register("mod", "gm", { name: "G", editable: [{ key: "KeyG" }], restricted: true });
    fireLifecycle(fake);
    await keys(fake).set("mod", "a", [{ key: "KeyZ" }]);
    expect(fake.settings.get("core", "keybindings")).toEqual({ "mod.a": [{ key: "KeyZ", modifiers: [] }] });
    expect(keys(fake).get("mod", "a")).toEqual([{ key: "KeyZ", modifiers: [] }]);
    const player = [...currentWorld().users].find((u) => !u.isGM)!;
    const gm = currentWorld().user;
    currentWorld().user = player;
    await expect(keys(fake).set("mod", "gm", [{ key: "KeyH" }])).rejects.toThrow("Only a GM can edit this keybind");
    currentWorld().user = gm;
  });
});

describe("fake keyboard (v13 KeyboardManager)", () => {
  function bound(fake: FakeFoundry, log: string[]) {
    const on = (name: string, consume: boolean) => () => {
      log.push(name);
      return consume;
    };
    keys(fake).register("mod", "plain", { name: "P", editable: [{ key: "KeyP" }], onDown: on("plain", false) });
    keys(fake).register("mod", "shifted", {
      name: "S",
      editable: [{ key: "KeyP", modifiers: ["Shift"] }],
      onDown: on("shifted", true),
    });
    keys(fake).register("mod", "reserved", {
      name: "R",
      editable: [{ key: "KeyP" }],
      reservedModifiers: ["Alt"],
      onDown: on("reserved", true),
    });
    keys(fake).register("mod", "gm", {
      name: "G",
      editable: [{ key: "KeyG" }],
      restricted: true,
      onDown: on("gm", true),
    });
    fireLifecycle(fake);
  }

  it("a key press runs the actions bound to it whose modifiers are held, in order, until one consumes it", () => {
    const fake = fresh();
    const log: string[] = [];
    bound(fake, log);
    expect(keyboard(fake).press("KeyP")).toBe(true);
    expect(log).toEqual(["plain", "reserved"]);
    log.length = 0;
    expect(keyboard(fake).press("KeyP", { shift: true })).toBe(true);
    expect(log).toEqual(["shifted"]);
    log.length = 0;
    // Alt is reserved by one action only: the others do not run with it held.
    expect(keyboard(fake).press("KeyP", { alt: true })).toBe(true);
    expect(log).toEqual(["reserved"]);
    expect(keyboard(fake).downKeys.has("KeyP")).toBe(true);
    keyboard(fake).release("KeyP");
    expect(keyboard(fake).downKeys.has("KeyP")).toBe(false);
  });

  it("a restricted action runs for a GM only", () => {
    const fake = fresh();
    const log: string[] = [];
    bound(fake, log);
    const gm = currentWorld().user;
    currentWorld().user = [...currentWorld().users].find((u) => !u.isGM)!;
    expect(keyboard(fake).press("KeyG")).toBe(false);
    currentWorld().user = gm;
    expect(keyboard(fake).press("KeyG")).toBe(true);
    expect(log).toEqual(["gm"]);
  });

  it("game.modules: no module until a test installs one", () => {
    const fake = fresh();
    expect(fake.game.modules).toBeInstanceOf(Map);
    expect((fake.game.modules as Map<string, unknown>).size).toBe(0);
  });
});

describe("fake token ruler (v13 TokenRuler#_getWaypointLabelContext)", () => {
  async function tokenOnScene(fake: FakeFoundry): Promise<FakeToken> {
    const Scene = fake.CONFIG.Scene as { documentClass: { create(d: object): Promise<unknown> } };
    const scene = (await Scene.documentClass.create({
      name: "S",
      grid: { size: 100, units: "m" },
      tokens: [{ _id: "t", x: 0, y: 0 }],
    })) as {
      tokens: { get(id: string): unknown };
    };
    (fake.game.scenes as { viewed: unknown }).viewed = scene;
    return scene.tokens.get("t") as FakeToken;
  }

  it("no label at the start nor for a waypoint that did not move; then distance, cost, deltas from the third, elevation", async () => {
    const fake = fresh();
    fireLifecycle(fake);
    const token = await tokenOnScene(fake);
    const ruler = new FakeTokenRuler(tokenObject(token));
    const path = rulerPath(token, [
      { x: 0, y: 0 },
      { x: 0, y: 0 },
      { x: 300, y: 0 },
      { x: 300, y: 400, elevation: 5 },
    ]);
    const state: Obj = {};
    const contexts = path.map((w) => ruler._getWaypointLabelContext(w, state));
    expect(contexts[0]).toBeUndefined();
    expect(contexts[1]).toBeUndefined();
    expect(contexts[2]).toMatchObject({
      cssClass: "",
      units: "m",
      distance: { total: "3", delta: "+3" },
      cost: { total: "3", units: "m", delta: "+3" },
      elevation: { total: 0, hidden: true },
    });
    expect(contexts[3]).toMatchObject({
      cssClass: "last",
      distance: { total: "7", delta: "+4" },
      elevation: { total: 5, hidden: false, delta: "+5" },
      position: { x: 350, y: 450 + 50 + 16 },
    });
    expect(path[1]!.previous).toBe(path[0]);
    expect(path[1]!.next).toBe(path[2]);
  });

  it("is core's CONFIG.Token.rulerClass and foundry.canvas.placeables.tokens.TokenRuler", () => {
    const fake = fresh();
    expect((fake.CONFIG.Token as { rulerClass: unknown }).rulerClass).toBe(FakeTokenRuler);
    const canvas = (fake.foundry as unknown as { canvas: { placeables: { tokens: { TokenRuler: unknown } } } }).canvas;
    expect(canvas.placeables.tokens.TokenRuler).toBe(FakeTokenRuler);
    expect(FakeTokenRuler.WAYPOINT_LABEL_TEMPLATE).toBe("templates/hud/waypoint-label.hbs");
  });
});

describe("Dice So Nice stand-in", () => {
  it("keeps presets of registered systems only, with a label per face", () => {
    const dsn = new DiceSoNiceStandIn();
    expect(() => dsn.addDicePreset({ type: "d6", labels: ["1"], system: "x" })).toThrow(/unknown system/);
    dsn.addSystem({ id: "x", name: "X" });
    expect(() => dsn.addDicePreset({ type: "d6", labels: ["1", "2"], system: "x" })).toThrow(/6 labels/);
    dsn.addDicePreset({ type: "d6", labels: ["a.png", "2", "3", "4", "5", "6"], system: "x" });
    expect(dsn.presetOf("d6", "x")?.labels[0]).toBe("a.png");
    expect(dsn.presetOf("d10", "x")).toBeNull();
    expect(dsn.presetOf("d6", "unknown")).toBeNull();
  });

  it("a legacy boolean mode is 'preferred' and makes the set the default one", () => {
    const dsn = new DiceSoNiceStandIn();
    dsn.addSystem({ id: "x", name: "X" }, true);
    expect(dsn.systems.get("x")?.mode).toBe("preferred");
    expect(dsn.preferredSystem).toBe("x");
  });

  it("shows each die with its term's set: an image label is drawn only once its set is loaded", async () => {
    const dsn = new DiceSoNiceStandIn();
    dsn.addSystem({ id: "x", name: "X" });
    dsn.addDicePreset({ type: "d6", labels: ["one.png", "2", "3", "4", "5", "six.webp"], system: "x", colorset: "c" });
    const roll = {
      dice: [
        { faces: 6, results: [{ result: 1 }, { result: 4, active: false }], options: { appearance: { system: "x" } } },
        { faces: 6, results: [{ result: 6 }], options: {} },
      ],
    };
    await dsn.showForRoll(roll, { id: "u" }, true, null, false, "m");
    expect(dsn.shown[0]).toMatchObject({ userId: "u", synchronize: true, messageId: "m" });
    expect(dsn.shown[0]!.faces).toEqual([
      { result: 1, label: "one.png", image: true, loaded: false, system: "x", colorset: "c" },
      { result: 6, label: "6", image: false, loaded: true, system: "standard", colorset: null },
    ]);
    await dsn.DiceFactory.preloadPresets(false, "u", { global: { system: "x" } });
    await dsn.showForRoll(roll, null);
    expect(dsn.shown[1]!.faces[0]!.loaded).toBe(true);
  });

  it("decides by the calling client's own settings: 3D dice off, or only its own user's dice, show nothing", async () => {
    const dsn = new DiceSoNiceStandIn();
    const me = { id: "gm" };
    const other = { id: "p" };
    dsn.client = () => me.id;
    dsn.clientUser = () => me;
    const roll = { dice: [{ faces: 6, results: [{ result: 3 }] }] };
    expect(await dsn.showForRoll(roll, other, true)).toBe(true);
    dsn.configure("gm", { onlyShowOwnDice: true });
    // DSN compares the user OBJECT with game.user: another user's dice, or an equal copy of mine, are hidden.
    expect(await dsn.showForRoll(roll, other, true)).toBe(false);
    expect(await dsn.showForRoll(roll, { id: "gm" }, true)).toBe(false);
    expect(await dsn.showForRoll(roll, me, true)).toBe(true);
    dsn.configure("gm", { enabled: false });
    expect(await dsn.showForRoll(roll, me, true)).toBe(false);
    // Another client's settings are its own.
    dsn.client = () => other.id;
    dsn.clientUser = () => other;
    expect(await dsn.showForRoll(roll, other, true)).toBe(true);
    expect(dsn.shown.map((s) => [s.client, s.userId])).toEqual([
      ["gm", "p"],
      ["gm", "gm"],
      ["p", "p"],
    ]);
  });

  /** A message as DSN's hooks read it: its rolls (of d6 faces), whisper, blind, author, source rolls. */
  const message = (faces: number[][], o: { whisper?: string[]; blind?: boolean } = {}) => ({
    id: "m",
    rolls: faces.map((f) => ({ dice: [{ faces: 6, results: f.map((result) => ({ result })), options: {} }] })),
    whisper: o.whisper ?? [],
    blind: o.blind ?? false,
    author: { id: "a" },
    toObject: () => ({ rolls: faces.map(() => "{}") }),
  });

  it("a new message's rolls are shown as its author's, by the viewers core lets see its content", () => {
    const dsn = new DiceSoNiceStandIn();
    dsn.onCreateMessage(message([[3, 4]]));
    dsn.onCreateMessage(message([[5]], { whisper: ["gm"] }));
    dsn.onCreateMessage(message([[6]], { whisper: ["gm"], blind: true }));
    dsn.onCreateMessage(message([]));
    expect(dsn.shown.map((s) => [s.via, s.userId, s.synchronize, s.users, s.faces.map((f) => f.result)])).toEqual([
      ["message", "a", false, null, [3, 4]],
      ["message", "a", false, ["gm", "a"], [5]],
      ["message", "a", false, ["gm"], [6]],
    ]);
  });

  it("an update shows only the rolls it appended, counted before the update from the source", () => {
    const dsn = new DiceSoNiceStandIn();
    const before = message([[1]]);
    const options = {};
    dsn.onPreUpdateMessage(before, { rolls: ["{}", "{}"] }, options);
    expect(options).toEqual({ dsnCountAddedRoll: 1, dsnIndexAddedRoll: 1 });
    dsn.onUpdateMessage(message([[1], [2, 6]]), {}, options);
    // An update that appends no roll (or does not touch the rolls) shows nothing.
    const untouched = {};
    dsn.onPreUpdateMessage(before, { content: "x" } as never, untouched);
    dsn.onUpdateMessage(before, {}, untouched);
    const same = {};
    dsn.onPreUpdateMessage(before, { rolls: ["{}"] }, same);
    dsn.onUpdateMessage(before, {}, same);
    expect(dsn.shown.map((s) => [s.via, s.userId, s.faces.map((f) => f.result)])).toEqual([["message", "a", [2, 6]]]);
  });
});

describe("Token Action HUD stand-in", () => {
  it("checks a system's required version as TAH Core does", () => {
    expect(isSystemModuleCompatible(undefined, "2.1.0")).toBe(true);
    expect(isSystemModuleCompatible("2", "2.1.0")).toBe(true);
    expect(isSystemModuleCompatible("2.1", "2.1.3")).toBe(true);
    expect(isSystemModuleCompatible("2.0", "2.1.0")).toBe(false);
    expect(isSystemModuleCompatible("2.1.3", "2.1.0")).toBe(false);
    expect(isSystemModuleCompatible("1", "2.1.0")).toBe(false);
  });

  it("sets its API on ready and calls tokenActionHudCoreApiReady with the module; files actions in system groups", async () => {
    const fake = fresh();
    const tah = installTokenActionHud(fake);
    expect((fake.game.modules as Map<string, { active: boolean }>).get("token-action-hud-core")?.active).toBe(true);
    let seen: Obj | undefined;
    fake.hooks.on("tokenActionHudCoreApiReady", (module) => void (seen = module as Obj));
    await tah.ready();
    const api = seen?.api as {
      ActionHandler: new () => { groups: Map<string, unknown[]>; addActions(a: Obj[], g: Obj): void };
    };
    const handler = new api.ActionHandler();
    handler.groups.set("g", []);
    handler.addActions([{ id: "a", name: "A", system: { x: 1 } }], { id: "g" });
    handler.addActions([{ id: "b", name: "B" }], { id: "g", type: "custom" });
    handler.addActions([{ id: "c", name: "C" }], { id: "missing" });
    expect(handler.groups.get("g")).toEqual([{ id: "a", name: "A", system: { x: 1 } }]);
  });
});

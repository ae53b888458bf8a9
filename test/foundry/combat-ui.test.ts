import { beforeEach, describe, expect, it, vi, onTestFinished } from "vitest";
import { loadWorld, type LoadedWorld } from "./world";
import { createTemplateHarness, installTemplateHarness, textOf } from "../templates/harness";
import { createFakeCombat } from "./fake-combat";
import { actionsUnder, coreTrackerStub } from "./combat-dom-stub";
import { createTimeline, placeDelayedAction, type TimelineState } from "../../src/rules/timeline";
import {
  endActionContext,
  FIRST_SCREEN_ROWS,
  LONG_RULER_ROWS,
  readDuration,
  trackerContext,
  type CombatView,
  type CombatantView,
} from "../../src/applications/combat/tracker-context";
import type { TacticaCombat } from "../../src/combat/combat";
import type { TacticaActor } from "../../src/documents/actor";
import { queueDiceFaces } from "./fake-dice";

// The combat windows' logic (user-facing half): the tracker's context as a pure function
// of a combat view, the End-action proposal, and — in the Foundry fake with the real entry — the
// view read from a combat, the End-action prompt through DialogV2 and the GM-only handlers.

const person = (id: string, name: string, extra: Partial<CombatantView> = {}): CombatantView => ({
  id,
  name,
  img: null,
  initiative: null,
  owned: false,
  seen: true,
  hidden: false,
  defeated: false,
  ...extra,
});

function view(extra: Partial<CombatView> = {}): CombatView {
  const timeline: TimelineState = placeDelayedAction(
    createTimeline(
      [
        { id: "ana", position: 3 },
        { id: "bel", position: 5 },
        { id: "cyr", position: 3 },
        { id: "dan", position: 27 },
      ],
      3,
    ),
    { ownerId: "ana", actionId: "act1", delay: 2, duration: 3, focused: true },
  );
  return {
    mode: "timeline",
    started: true,
    round: 1,
    isGM: true,
    every: 10,
    timeline,
    activeId: "ana",
    combatants: [person("ana", "Ana"), person("cyr", "Cyr"), person("bel", "Bel"), person("dan", "Dan")],
    ...extra,
  };
}

describe("tracker context (pure)", () => {
  it("lists the ruler from the pointer, folds empty runs, marks the pointer and the thresholds", () => {
    const context = trackerContext(view());
    const rows = context.timeline!.rows;
    const shown = rows.map((r) => (r.isGap ? `${r.position}-${r.to}` : String(r.position)));
    // Pointer 3, a window of 10 after it, the thresholds 10 and 20 up to the last marker (27).
    expect(shown).toEqual(["3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14-19", "20", "21-26", "27"]);
    expect(rows.filter((r) => r.isPointer).map((r) => r.position)).toEqual([3]);
    expect(rows.filter((r) => r.isThreshold).map((r) => r.position)).toEqual([10, 20]);
  });

  it("lists a single empty position as a row, folds only runs of two or more", () => {
    const state = createTimeline(
      [
        { id: "ana", position: 0 },
        { id: "bel", position: 12 },
        { id: "cyr", position: 15 },
      ],
      0,
    );
    const rows = trackerContext(
      view({ timeline: state, combatants: [person("ana", "Ana"), person("bel", "Bel"), person("cyr", "Cyr")] }),
    ).timeline!.rows;
    expect(rows.map((r) => (r.isGap ? `${r.position}-${r.to}` : String(r.position))).slice(-4)).toEqual(
      ["10", "11", "12", "13-14", "15"].slice(-4),
    );
    expect(rows.some((r) => r.isGap && r.position === r.to)).toBe(false);
  });

  it("puts the markers in acting order, the action marker with its owner and Focalisé", () => {
    const rows = trackerContext(view()).timeline!.rows;
    const at = (p: number) => rows.find((r) => !r.isGap && r.position === p)!.markers;
    // Différé 2 from the last of the stack at 3 → 5; Ana (duration 3) → 6.
    expect(at(3).map((m) => m.name)).toEqual(["Cyr"]);
    expect(at(5).map((m) => [m.id, m.isAction, m.focused])).toEqual([
      ["bel", false, false],
      ["act1", true, true],
    ]);
    expect(at(5)[1]!.name).toBe("Ana");
    expect(at(6).map((m) => m.id)).toEqual(["ana"]);
    expect(at(6)[0]!.active).toBe(true);
  });

  it("gives the GM the End action, the drag and no mode switch once started", () => {
    const context = trackerContext(view());
    expect(context.timeline).toMatchObject({ canEnd: true, canDrag: true, preview: false });
    expect(context.canSwitchMode).toBe(false);
    expect(context.timeline!.rows.flatMap((r) => r.markers).every((m) => m.draggable)).toBe(true);
  });

  it("shows a player their own markers by name, seen tokens by name, the rest anonymous, hidden ones not at all", () => {
    const context = trackerContext(
      view({
        isGM: false,
        combatants: [
          person("ana", "Ana", { owned: true }),
          person("cyr", "Cyr", { seen: false }),
          person("bel", "Bel", { seen: true }),
          person("dan", "Dan", { hidden: true, seen: false }),
        ],
      }),
    );
    const markers = context.timeline!.rows.flatMap((r) => r.markers);
    expect(markers.map((m) => [m.id, m.anonymous ? "?" : m.name])).toEqual([
      ["cyr", "?"],
      ["bel", "Bel"],
      ["act1", "Ana"],
      ["ana", "Ana"],
    ]);
    expect(markers.find((m) => m.id === "cyr")!.name).toBe("");
    expect(context.timeline).toMatchObject({ canEnd: false, canDrag: false });
    expect(markers.some((m) => m.draggable)).toBe(false);
    // Dan is hidden: no row for 27 either.
    expect(context.timeline!.rows.some((r) => r.position === 27)).toBe(false);
  });

  it("hides a stranger's action marker owner when the player cannot see them", () => {
    const context = trackerContext(
      view({
        isGM: false,
        combatants: [
          person("ana", "Ana", { seen: false }),
          person("cyr", "Cyr"),
          person("bel", "Bel"),
          person("dan", "Dan"),
        ],
      }),
    );
    const action = context.timeline!.rows.flatMap((r) => r.markers).find((m) => m.isAction)!;
    expect(action).toMatchObject({ anonymous: true, name: "" });
  });

  it("before the start: a preview from the initiatives, the mode switch and Begin for the GM only", () => {
    const combatants = [person("ana", "Ana", { initiative: 4 }), person("bel", "Bel", { initiative: 2 })];
    const gm = trackerContext(view({ started: false, timeline: null, activeId: null, combatants }));
    expect(gm).toMatchObject({ canSwitchMode: true, canStart: true });
    expect(gm.modes.map((m) => [m.value, m.active])).toEqual([
      ["tours", false],
      ["timeline", true],
    ]);
    expect(gm.timeline).toMatchObject({ preview: true, canDrag: false, canEnd: false, pointer: 2 });
    const player = trackerContext(view({ isGM: false, started: false, timeline: null, activeId: null, combatants }));
    expect(player).toMatchObject({ canSwitchMode: false, canStart: false });
  });

  it("tours mode: the turn list in order with the active combatant, no ruler", () => {
    const context = trackerContext(view({ mode: "tours", timeline: null, activeId: "cyr" }));
    expect(context.timeline).toBeNull();
    expect(context.turns.map((t) => [t.name, t.active])).toEqual([
      ["Ana", false],
      ["Cyr", true],
      ["Bel", false],
      ["Dan", false],
    ]);
  });

  it("one marker carries the − / + pair (the acting one, else the first draggable); rows are marked for styles/perf.css", () => {
    const rows = trackerContext(view()).timeline!.rows;
    const markers = rows.flatMap((r) => r.markers);
    expect(markers.filter((m) => m.nudge).map((m) => m.id)).toEqual(["ana"]);
    // No acting combatant: the first draggable marker; a player (nothing draggable): none.
    const idle = trackerContext(view({ activeId: null })).timeline!.rows.flatMap((r) => r.markers);
    expect(idle.filter((m) => m.nudge).map((m) => m.id)).toEqual(["cyr"]);
    const player = trackerContext(view({ isGM: false })).timeline!.rows.flatMap((r) => r.markers);
    expect(player.some((m) => m.nudge)).toBe(false);
    // The first screen of rows, and the stacks of two (Bel and Ana's action at 5).
    expect(rows.map((r) => r.css.includes("is-first-screen"))).toEqual(rows.map((_, i) => i < FIRST_SCREEN_ROWS));
    expect(rows.filter((r) => r.css.includes("is-stack-2")).map((r) => r.position)).toEqual([5]);
    expect(trackerContext(view()).timeline!.long).toBe(false);
  });

  it("a ruler is long past LONG_RULER_ROWS rows (styles/perf.css then skips what is off screen)", () => {
    const many = Array.from({ length: 2 * LONG_RULER_ROWS }, (_, i) => ({ id: `c${i}`, position: i }));
    const combatants = many.map((e) => person(e.id, e.id));
    const long = trackerContext(view({ timeline: createTimeline(many, 0), combatants, activeId: null })).timeline!;
    expect(long.rows.length).toBeGreaterThan(LONG_RULER_ROWS);
    expect(long.long).toBe(true);
  });

  it("no combat: an empty context", () => {
    expect(trackerContext(null)).toMatchObject({ hasCombat: false, timeline: null, turns: [] });
  });
});

describe("End-action proposal (pure)", () => {
  const acting = { name: "Ana" };

  it("reads a duration typed by the GM: integers 0–99 only", () => {
    expect(readDuration("0")).toBe(0);
    expect(readDuration(" 12 ")).toBe(12);
    expect(readDuration(99)).toBe(99);
    for (const bad of ["", "-1", "1.5", "abc", "100", "1e2", null, undefined, 2.5])
      expect(readDuration(bad)).toBeNull();
  });

  it("proposes the duration of the priced cost, or 1 without one; offers a move unless the card is one (D-39)", () => {
    expect(endActionContext({ kind: "power", useCost: 2, concentration: true }, acting)).toMatchObject({
      duration: 3,
      fromCard: true,
      costKey: "TACTICA.Combat.EndAction.Cost.powerConcentration",
      costData: { cost: 2 },
      offerMove: true,
    });
    expect(endActionContext(null, acting)).toMatchObject({
      duration: 1,
      fromCard: false,
      costKey: "",
      offerMove: true,
    });
    expect(endActionContext({ kind: "rally", ac: 5 }, acting).duration).toBe(2);
    expect(endActionContext({ kind: "move" }, acting)).toMatchObject({
      duration: 1,
      fromCard: true,
      costKey: "TACTICA.Combat.EndAction.Cost.move",
      offerMove: false,
    });
  });
});

describe("combat windows in the Foundry fake", () => {
  let world: LoadedWorld;
  let combat: TacticaCombat;
  let prompt: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    world = await loadWorld("fr", (fake) => installTemplateHarness(fake, createTemplateHarness("fr")));
    await world.fake.settings.set("tactica", "combatMode", "timeline");
    world.data.setUser("gm-1");
    const ana = await world.createActor({ name: "Ana", type: "character", ownership: { "player-1": 3 } });
    const bel = await world.createActor({ name: "Bel", type: "character" });
    combat = (await createFakeCombat([
      { actorId: ana.id!, initiative: 2, name: "Ana" },
      { actorId: bel.id!, initiative: 4, name: "Bel" },
    ])) as unknown as TacticaCombat;
    // A stand-in the fake lacks: DialogV2.prompt, which the tests drive by calling the OK
    // button's callback with a form holding the typed duration.
    prompt = vi.fn();
    (world.fake.foundry.applications as Record<string, unknown>).api = {
      ...((world.fake.foundry.applications as Record<string, unknown>).api as object),
      DialogV2: { prompt },
    };
  });

  const typed =
    (value: string, move = false) =>
    async (config: { ok: { callback: (e: unknown, b: unknown) => unknown } }) =>
      config.ok.callback(
        {},
        {
          form: {
            elements: {
              namedItem: (name: string) =>
                name === "duration" ? { value } : name === "move" ? { checked: move } : null,
            },
          },
        },
      );
  const positions = () =>
    Object.fromEntries(combat.timeline!.entries.map((e) => [combat.combatants.get(e.id)?.name ?? e.id, e.position]));

  it("reads the combat for the GM and for a player", async () => {
    const { readCombatView } = await import("../../src/applications/combat/combat-view");
    await combat.startCombat();
    const gm = readCombatView(combat)!;
    expect(gm).toMatchObject({ mode: "timeline", started: true, isGM: true, every: 10 });
    expect(gm.activeId).toBe(combat.combatants.find((c) => c.name === "Ana")!.id);
    expect(gm.combatants.map((c) => [c.name, c.seen, c.owned])).toEqual([
      ["Ana", true, false],
      ["Bel", true, false],
    ]);
    world.data.setUser("player-1");
    const player = readCombatView(combat)!;
    // No canvas in the fake: a token not drawn is not seen; the owner always knows their own.
    expect(player.combatants.map((c) => [c.name, c.seen, c.owned])).toEqual([
      ["Ana", true, true],
      ["Bel", false, false],
    ]);
    expect(readCombatView(null)).toBeNull();
  });

  it("End action (S-12): proposes the cost of the acting combatant's last genuine card priced from stored data, never a card's own claim", async () => {
    const ana = combat.combatants.find((c) => c.name === "Ana")!.actor as unknown as TacticaActor;
    await ana.update({ system: { psyker: { mastery: 2 } } } as never);
    await ana.createEmbeddedDocuments("Item", [
      { _id: "power0000000001", name: "Force", type: "power", system: { cost: 3, level: 5 } } as never,
    ]);
    await combat.startCombat();
    world.data.setUser("player-1");
    queueDiceFaces([2]);
    const cast = (await ana.castPower("power0000000001", { fastForward: true }))!;
    // Its author rewrites what the card says it cost, then posts a message claiming a cost of 0.
    await cast.update({
      flags: { tactica: { timelineCost: { kind: "power", useCost: 0, concentration: false } } },
    } as never);
    const Chat = globalThis as unknown as { ChatMessage: { create(d: object): Promise<unknown> } };
    await Chat.ChatMessage.create({
      content: "forged",
      speaker: { actor: ana.id },
      flags: { tactica: { timelineCost: { kind: "ac", ac: 0 } } },
    });
    world.data.setUser("gm-1");
    prompt.mockImplementation(
      async (config: { content: string; ok: { callback: (e: unknown, b: unknown) => unknown } }) => {
        expect(textOf(config.content)).toContain("pouvoir, coût 3");
        expect(config.content).toContain('value="3"');
        return typed("3")(config);
      },
    );
    await combat.nextTurn();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(positions()).toMatchObject({ Ana: 5, Bel: 4 });
  });

  it("End action (D-39): 'it was a move' charges the worn armour's Requis and posts the move card before the marker moves", async () => {
    const ana = combat.combatants.find((c) => c.name === "Ana")!.actor as unknown as TacticaActor;
    await ana.update({ system: { aptitudes: { puissance: { value: 4 } } } } as never);
    await ana.createEmbeddedDocuments("Item", [
      {
        name: "Armure lourde",
        type: "armor",
        system: { equipped: true, renfort: 3, attributes: [{ key: "requires", aptitude: "puissance", x: 5 }] },
      } as never,
    ]);
    await combat.startCombat();
    prompt.mockImplementation(
      async (config: { content: string; ok: { callback: (e: unknown, b: unknown) => unknown } }) => {
        expect(config.content).toContain('name="move"');
        return typed("1", true)(config);
      },
    );
    await combat.nextTurn();
    expect((ana.system as unknown as { exhaustion: number }).exhaustion).toBe(1);
    const card = [
      ...(world.fake.game.messages as Iterable<{ card?: { kind: string; move: { requis: number } | null } }>),
    ].at(-1)!;
    expect(card.card?.kind).toBe("move");
    expect(card.card?.move?.requis).toBe(1);
    expect(positions()).toMatchObject({ Ana: 3, Bel: 4 });
  });

  it("End action (review N8): a second End action while the prompt is open opens nothing; its one confirmation ends one action; its ids are its own", async () => {
    await combat.startCombat();
    const contents: string[] = [];
    let confirm: (() => Promise<void>) | null = null;
    prompt.mockImplementation(
      (config: { content: string; ok: { callback: (e: unknown, b: unknown) => unknown } }) =>
        new Promise((resolve) => {
          contents.push(config.content);
          confirm = async () => resolve(await typed("3")(config));
        }),
    );
    const first = combat.nextTurn();
    for (let turn = 0; turn < 20 && !confirm; turn++) await new Promise((r) => setTimeout(r, 0));
    expect(await world.writesDuring(() => combat.nextTurn())).toEqual([]);
    expect(prompt).toHaveBeenCalledTimes(1);
    await confirm!();
    await first;
    expect(positions()).toMatchObject({ Ana: 5, Bel: 4 });
    expect(contents[0]).toMatch(/id="tactica-[A-Za-z0-9]{8}-duration"/);
    expect(contents[0]).toMatch(/for="tactica-[A-Za-z0-9]{8}-duration"/);
  });

  it("End action (review N8): a confirmation after another combatant began to act ends nothing, and makes no move", async () => {
    await combat.startCombat();
    const messageCount = () => [...(world.fake.game.messages as Iterable<unknown>)].length;
    const before = messageCount();
    let confirm: (() => Promise<void>) | null = null;
    prompt.mockImplementation(
      (config: { ok: { callback: (e: unknown, b: unknown) => unknown } }) =>
        new Promise((resolve) => void (confirm = async () => resolve(await typed("1", true)(config)))),
    );
    const pending = combat.nextTurn();
    for (let turn = 0; turn < 20 && !confirm; turn++) await new Promise((r) => setTimeout(r, 0));
    // Meanwhile the GM drags Ana after Bel: Bel acts now.
    const ana = combat.combatants.find((c) => c.name === "Ana")!;
    expect(await combat.moveMarker(ana.id!, 6)).toBe(true);
    expect(combat.turns[0]?.name).toBe("Bel");
    await confirm!();
    await pending;
    expect(positions()).toMatchObject({ Ana: 6, Bel: 4 });
    // "It was a move" was ticked: no move card posted, no Requis charged, for a combatant who no longer acts.
    expect(messageCount()).toBe(before);
  });

  it("End action: core's Next and the timeline tracker take the one path, and a missing dialog is an error, never a duration of 1", async () => {
    await combat.startCombat();
    prompt.mockImplementation(typed("2"));
    const tracker = { window: {} };
    const { endActionWithPrompt } = await import("../../src/applications/combat/end-action");
    await endActionWithPrompt(combat as never, tracker);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(positions()).toMatchObject({ Ana: 4, Bel: 4 });
    const { setEndAction } = await import("../../src/combat/combat");
    onTestFinished(() => setEndAction(endActionWithPrompt));
    // As if the End action had never been set on init: core's Next refuses loudly and moves nobody.
    setEndAction(null as never);
    const before = positions();
    await expect(combat.nextTurn()).rejects.toThrow(/End action is set on init/);
    expect(positions()).toEqual(before);
  });

  it("End action: closing the dialog changes nothing; bad input is refused with a message", async () => {
    await combat.startCombat();
    prompt.mockResolvedValue(null);
    expect(await world.writesDuring(() => combat.nextTurn())).toEqual([]);
    prompt.mockImplementation(typed("-2"));
    let writes: unknown[] = [];
    const errors = await world.errorsDuring(async () => {
      writes = await world.writesDuring(() => combat.nextTurn());
    });
    expect(writes).toEqual([]);
    expect(errors).toEqual(["Durée invalide\u00a0: un entier de 0 à 99."]);
    expect(positions()).toMatchObject({ Ana: 2, Bel: 4 });
  });

  it("drop and mode switch: GM only, re-checked in the handler", async () => {
    const { dropMarker, TimelineTracker } = await import("../../src/applications/combat/tracker");
    const setMode = TimelineTracker.DEFAULT_OPTIONS.actions.setMode as unknown as (
      e: unknown,
      t: { dataset: object },
    ) => Promise<void>;
    world.data.setUser("player-1");
    let errors = await world.errorsDuring(() => setMode({}, { dataset: { mode: "tours" } }));
    expect(errors).toEqual(["Seul le MJ peut faire avancer la ligne du temps."]);
    expect(combat.mode).toBe("timeline");
    world.data.setUser("gm-1");
    await setMode({}, { dataset: { mode: "tours" } });
    expect(combat.mode).toBe("tours");
    await setMode({}, { dataset: { mode: "timeline" } });
    await combat.startCombat();

    const bel = combat.combatants.find((c) => c.name === "Bel")!.id!;
    world.data.setUser("player-1");
    errors = await world.errorsDuring(async () => expect(await dropMarker(bel, 1)).toBe(false));
    expect(errors).toHaveLength(1);
    expect(positions()).toMatchObject({ Bel: 4 });
    world.data.setUser("gm-1");
    const writes = await world.writesDuring(() => dropMarker(bel, 1));
    expect(writes.map((w) => w.documentName)).toEqual(["Combat"]);
    expect(positions()).toMatchObject({ Bel: 1 });
    expect(await dropMarker(bel, -1)).toBe(false);
  });

  it("the core tracker's hook: Timeline button made in the tracker's own window, no instanceof, no global document", async () => {
    const { root, doc } = coreTrackerStub();
    // Elements of another window: not HTMLElements, and `document` is not theirs.
    world.fake.hooks.callAll("renderCombatTracker", { viewed: combat }, root, {});
    const button = root.querySelector(".tactica-open-timeline");
    expect(button).not.toBeNull();
    expect(doc.created).toContain(button);
    expect(button!.parent?.className).toBe("combat-tracker-header");
    // Idempotent: a second render adds no second button.
    world.fake.hooks.callAll("renderCombatTracker", { viewed: combat }, root, {});
    expect(root.querySelectorAll(".tactica-open-timeline")).toHaveLength(1);
  });

  it("D-37 in the core tracker: on a timeline the initiative controls go and the initiative mirrors the position read-only", async () => {
    const gm = coreTrackerStub();
    world.fake.hooks.callAll("renderCombatTracker", { viewed: combat }, gm.root, {});
    expect(actionsUnder(gm.root)).toEqual(["nextTurn", "nextRound"]);
    expect(gm.inputs.map((i) => i.readOnly)).toEqual([true, true]);
    // Players lose core's End Turn too: only the GM ends an action on a timeline.
    world.data.setUser("player-1");
    const player = coreTrackerStub();
    world.fake.hooks.callAll("renderCombatTracker", { viewed: combat }, player.root, {});
    expect(actionsUnder(player.root)).toEqual([]);
    // Tours mode: core's tracker stays as it is.
    world.data.setUser("gm-1");
    await combat.setMode("tours");
    const tours = coreTrackerStub();
    world.fake.hooks.callAll("renderCombatTracker", { viewed: combat }, tours.root, {});
    expect(actionsUnder(tours.root)).toEqual([
      "rollAll",
      "rollNPC",
      "rollInitiative",
      "rollInitiative",
      "previousRound",
      "previousTurn",
      "nextTurn",
      "nextRound",
    ]);
    expect(tours.inputs.map((i) => i.readOnly)).toEqual([false, false]);
  });

  it("on a timeline, core's context-menu entries that reset, clear or reroll initiatives are not shown (core-source M3); in tours mode they are", async () => {
    // Core v13's entries (CombatTracker#_getCombatContextOptions / #_getEntryContextOptions), with
    // their own conditions; the menus are built once and ask the conditions each time they open.
    const entries = (names: string[]) =>
      names.map((name) => ({ name, icon: "", condition: () => true, callback: () => null }));
    const encounter = entries(["COMBAT.InitiativeReset", "COMBAT.ClearMovementHistories", "COMBAT.Delete"]);
    const combatant = entries([
      "COMBAT.CombatantUpdate",
      "COMBAT.CombatantClear",
      "COMBAT.CombatantReroll",
      "COMBAT.CombatantRemove",
    ]);
    const tracker = { viewed: combat };
    world.fake.hooks.callAll("getCombatContextOptions", tracker, encounter);
    world.fake.hooks.callAll("getCombatTrackerContextOptions", tracker, combatant);
    const shown = (list: { name: string; condition: (li?: unknown) => boolean }[]) =>
      list.filter((e) => e.condition({})).map((e) => e.name);
    expect(shown(encounter)).toEqual(["COMBAT.ClearMovementHistories", "COMBAT.Delete"]);
    expect(shown(combatant)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove"]);
    await combat.setMode("tours");
    expect(shown(encounter)).toHaveLength(3);
    expect(shown(combatant)).toHaveLength(4);
    // v14 entries (`label`, `visible`) the same way; a condition of core's own still counts.
    const v14 = [{ label: "COMBAT.InitiativeReset", visible: false }];
    world.fake.hooks.callAll("getCombatContextOptions", tracker, v14);
    expect((v14[0]!.visible as unknown as () => boolean)()).toBe(false);
  });

  it("the timeline follows the combat the core tracker shows, and redraws when it switches encounters or tokens change", async () => {
    const { openTimelineTracker, REFRESH_DELAY_MS } = await import("../../src/applications/combat/tracker");
    await combat.startCombat();
    const other = (await createFakeCombat([
      { actorId: combat.combatants.contents[0]!.actorId!, initiative: 1, name: "Solo" },
    ])) as unknown as TacticaCombat;
    const ui = globalThis as unknown as { ui: Record<string, unknown> };
    ui.ui.combat = { viewed: other };
    try {
      const app = (await openTimelineTracker()) as {
        render: () => Promise<unknown>;
        lastContext: { markers?: unknown };
        renderedParts: Record<string, string>;
        close(): Promise<unknown>;
      };
      expect(textOf(app.renderedParts.tracker!)).toContain("Solo");
      await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS + 20));
      const render = vi.spyOn(app, "render");
      for (const hook of ["renderCombatTracker", "updateToken", "sightRefresh"]) {
        world.fake.hooks.callAll(hook, {}, {});
        await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS + 20));
      }
      expect(render).toHaveBeenCalledTimes(3);
      render.mockRestore();
      await app.close();
    } finally {
      delete ui.ui.combat;
    }
  });

  it("the open tracker renders once per burst of combat changes", async () => {
    const { openTimelineTracker, REFRESH_DELAY_MS } = await import("../../src/applications/combat/tracker");
    await combat.startCombat();
    const app = (await openTimelineTracker()) as { render: () => Promise<unknown>; close(): Promise<unknown> };
    // Let the refresh already scheduled (by the set-up's changes) happen first.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS + 20));
    const render = vi.spyOn(app, "render");
    vi.useFakeTimers();
    try {
      // A burst: one combatant batch of several, then the combat.
      await combat.updateEmbeddedDocuments(
        "Combatant",
        combat.combatants.map((c, i) => ({ _id: c.id, hidden: i % 2 === 0 })),
      );
      await combat.update({ "flags.tactica.note": 1 } as never);
      expect(render).not.toHaveBeenCalled();
      vi.advanceTimersByTime(REFRESH_DELAY_MS);
      expect(render).toHaveBeenCalledTimes(1);
      await render.mock.results[0]!.value;
    } finally {
      vi.useRealTimers();
      // Closed, so no refresh still scheduled renders it once this world is gone.
      await app.close();
    }
  });

  it("v14 pop-outs: the timeline opens in the core tracker's detached window; End action's dialog in the timeline's", async () => {
    const { openTimelineTracker, TimelineTracker } = await import("../../src/applications/combat/tracker");
    await combat.startCombat();
    const release = world.fake.game.release as { generation: number };
    // Only the release changes here (the combat's documents stay): v13 first, whatever the pass.
    const generation = release.generation;
    release.generation = 13;
    const app = (await openTimelineTracker()) as {
      render: (o?: object) => Promise<unknown>;
      close(): Promise<unknown>;
    };
    const render = vi.spyOn(app, "render");
    const endAction = TimelineTracker.DEFAULT_OPTIONS.actions.endAction as unknown as (
      this: unknown,
      e: unknown,
      t: unknown,
    ) => Promise<void>;
    prompt.mockResolvedValue(null);
    // v13: no detached windows, nothing extra.
    await openTimelineTracker({ window: { windowId: "w-1" } });
    await endAction.call({ window: { windowId: "w-2" } }, {}, {});
    expect(render).toHaveBeenLastCalledWith({ force: true });
    expect(prompt.mock.calls[0]![0]).not.toHaveProperty("renderOptions");
    release.generation = 14;
    try {
      await openTimelineTracker({ window: { windowId: "w-1" } });
      expect(render).toHaveBeenLastCalledWith({ force: true, window: { detached: true, windowId: "w-1" } });
      await endAction.call({ window: { windowId: "w-2" } }, {}, {});
      expect(prompt.mock.calls[1]![0]).toMatchObject({
        renderOptions: { window: { detached: true, windowId: "w-2" } },
      });
      // A window that is not popped out: the main window, as on v13.
      await openTimelineTracker({ window: {} });
      expect(render).toHaveBeenLastCalledWith({ force: true });
    } finally {
      release.generation = generation;
      await app.close();
    }
  });

  it("registers the tracker's templates for preloading", async () => {
    const preloaded = world.fake.preloaded;
    for (const name of [
      "combat/tracker.hbs",
      "combat/tracker-marker.hbs",
      "combat/end-action.hbs",
      "combat/place-config.hbs",
    ]) {
      expect(preloaded).toContain(`systems/tactica/templates/${name}`);
    }
  });
});

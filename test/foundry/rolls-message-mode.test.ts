import { beforeEach, describe, expect, it } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { evaluations, postedMessages, queueDiceFaces } from "./fake-dice";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";
import { answerDialog, nextDialog } from "./fake-apps";

// The message-mode seam (src/compat/message-mode.ts): the user's mode read per
// generation — v13 `core.rollMode` and `toMessage({ rollMode })`, v14 `core.messageMode` and
// `toMessage({ messageMode })` — keys of both vocabularies read both ways, v14's `ic` as public; a
// blind roll is never evaluated interactively; a card speaks through
// `ChatMessage.getSpeaker` (M8).

let w: ChatWorld;
let modes: typeof import("../../src/compat/message-mode");

const setGeneration = (generation: 13 | 14) => setFakeGeneration(w.fake, generation);

beforeEach(async () => {
  w = await chatWorld();
  modes = await import("../../src/compat/message-mode");
});

describe("message modes", () => {
  it("reads a key of either vocabulary, and v14's in-character mode as public", () => {
    expect(["publicroll", "public", "ic", "roll"].map(modes.normaliseMode)).toEqual([
      "public",
      "public",
      "public",
      "public",
    ]);
    expect(["gmroll", "gm", "blindroll", "blind", "selfroll", "self"].map(modes.normaliseMode)).toEqual([
      "gm",
      "gm",
      "blind",
      "blind",
      "self",
      "self",
    ]);
    expect([undefined, null, 3, "__proto__", "toString"].map(modes.normaliseMode)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("writes the running generation's key and option", () => {
    setGeneration(13);
    expect([modes.modeKey("blind"), modes.messageModeOption("gm")]).toEqual(["blindroll", { rollMode: "gmroll" }]);
    setGeneration(14);
    expect([modes.modeKey("blind"), modes.messageModeOption("gm")]).toEqual(["blind", { messageMode: "gm" }]);
  });

  it("reads the user's mode from core.rollMode on v13 and core.messageMode on v14 (never the deprecated setting)", async () => {
    setGeneration(13);
    await w.fake.settings.set("core", "rollMode", "blindroll");
    expect(modes.currentMessageMode()).toBe("blind");
    setGeneration(14);
    // The v13 setting still holds "blindroll": v14 reads its own, here v14's in-character mode.
    await w.fake.settings.set("core", "messageMode", "ic");
    expect(modes.currentMessageMode()).toBe("public");
    await w.fake.settings.set("core", "messageMode", "self");
    expect(modes.currentMessageMode()).toBe("self");
  });

  it("offers the running generation's modes to a picker (v14's ic left out)", () => {
    setGeneration(13);
    expect(modes.modeChoices().map((c) => c.key)).toEqual(["publicroll", "gmroll", "blindroll", "selfroll"]);
    setGeneration(14);
    expect(modes.modeChoices().map((c) => [c.key, c.mode])).toEqual([
      ["public", "public"],
      ["gm", "gm"],
      ["blind", "blind"],
      ["self", "self"],
    ]);
  });

  it("the v14 fake records each deprecated name and the v13 fake each v14-only one (self-test of the record)", async () => {
    setGeneration(14);
    await w.fake.settings.set("core", "rollMode", "gmroll");
    void (w.fake.CONFIG as { Dice: { rollModes: unknown } }).Dice.rollModes;
    expect(takeGenerationRecord()).toEqual([
      "v14 deprecation: setting core.rollMode (v14: core.messageMode)",
      "v14 deprecation: CONFIG.Dice.rollModes (v14: CONFIG.ChatMessage.modes)",
    ]);
    setGeneration(13);
    expect((w.fake.CONFIG as { ChatMessage: { modes?: unknown } }).ChatMessage.modes).toBeUndefined();
    expect(() => w.fake.settings.get("core", "messageMode")).toThrow(/not a registered game setting/);
    expect(takeGenerationRecord()).toEqual([]);
  });
});

describe("rolls posted in the user's mode", () => {
  const kara = () =>
    w.own("Kara", "character", {
      system: { aptitudes: { vivacite: { value: 2 } } },
    });

  it.each([13, 14] as const)(
    "v%i: the user's blind mode hides the card and its dice are never fulfilled interactively",
    async (generation) => {
      const actor = await kara();
      setGeneration(generation);
      await w.fake.settings.set(
        "core",
        generation === 14 ? "messageMode" : "rollMode",
        generation === 14 ? "blind" : "blindroll",
      );
      queueDiceFaces([2, 3]);
      const message = (await actor.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
      expect(postedMessages.at(-1)).toMatchObject({
        blind: true,
        whisper: ["gm-1"],
        rollMode: generation === 14 ? "blind" : "blindroll",
      });
      expect(evaluations.at(-1)).toMatchObject({ roll: "PoolRoll", allowInteractive: false });
      expect(message.card?.kind).toBe("pool");
    },
  );

  it("a public roll may be fulfilled interactively (manual dice)", async () => {
    const actor = await kara();
    queueDiceFaces([2, 3]);
    await actor.rollPool({ aptitude: "vivacite" }, { fastForward: true });
    expect(evaluations.at(-1)).toMatchObject({ roll: "PoolRoll", allowInteractive: true });
  });

  it("a tactica.preRoll handler may give the mode in either vocabulary", async () => {
    const actor = await kara();
    setGeneration(14);
    w.fake.hooks.on(
      "tactica.preRoll",
      (config: unknown) => void ((config as { rollMode: string }).rollMode = "gmroll"),
    );
    queueDiceFaces([2, 3]);
    await actor.rollPool({ aptitude: "vivacite" }, { fastForward: true });
    expect(postedMessages.at(-1)).toMatchObject({ rollMode: "gm", whisper: ["gm-1"], blind: false });
  });

  it("a card speaks through ChatMessage.getSpeaker (its token when it has one)", async () => {
    const actor = await kara();
    queueDiceFaces([2, 3]);
    const message = (await actor.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    expect((message as unknown as { speaker: object }).speaker).toEqual({
      scene: null,
      token: null,
      actor: actor.id,
      alias: "Kara",
    });
  });
});

describe("the roll dialogs' message-mode picker", () => {
  const kara = () =>
    w.own("Kara", "character", {
      system: { aptitudes: { vivacite: { value: 2 } } },
    });

  it.each([13, 14] as const)(
    "v%i: offers the generation's modes, the user's current one selected; the choice reaches the card",
    async (generation) => {
      setGeneration(generation);
      await w.fake.settings.set(
        "core",
        generation === 14 ? "messageMode" : "rollMode",
        generation === 14 ? "self" : "selfroll",
      );
      const actor = await kara();
      queueDiceFaces([4]);
      const pending = actor.rollProfile("att");
      const dialog = await nextDialog();
      const content = String(dialog.options.content);
      const picker = content.slice(content.indexOf('name="messageMode"'));
      const options = [...picker.matchAll(/<option value="(\w+)"( selected)?>/g)].map((m) => [m[1], !!m[2]]);
      expect(options).toEqual([
        ["public", false],
        ["gm", false],
        ["blind", false],
        ["self", true],
      ]);
      expect(content).toContain(generation === 14 ? "CHAT.Mode.self" : "CHAT.Mode.selfroll");
      await answerDialog(dialog, null, { messageMode: "gm" });
      await pending;
      expect(postedMessages.at(-1)).toMatchObject({
        rollMode: generation === 14 ? "gm" : "gmroll",
        whisper: ["gm-1"],
        blind: false,
      });
    },
  );

  it("a mode that is not one of them is refused: the dialog stays open and nothing is rolled", async () => {
    const actor = await kara();
    const before = postedMessages.length;
    queueDiceFaces([4]);
    const pending = actor.rollProfile("att");
    const dialog = await nextDialog();
    const errors = await w.errorsDuring(() => answerDialog(dialog, null, { messageMode: "everyone" }));
    expect(errors).toEqual([w.fake.game.i18n.localize("TACTICA.Dialog.invalid")]);
    expect([dialog.rendered, postedMessages.length]).toEqual([true, before]);
    await answerDialog(dialog, null, { messageMode: "blind" });
    await pending;
    expect(postedMessages.at(-1)).toMatchObject({ blind: true });
  });
});

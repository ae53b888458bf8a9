import { describe, expect, it, vi } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { droppedRolls, FakeElement, FakeRollMessage } from "./fake-chat";
import { evaluations, FakeRoll, postedMessages, queueDiceFaces } from "./fake-dice";
import { asClient, clientUser, FakeUser, USER_ROLES } from "./fake-world";
import { setFakeGeneration, takeGenerationRecord } from "./fake-generation";
import { asGM } from "./world";

// Self-test of the chat part of the Foundry fake (fake-chat.ts, fake-world.ts, fake-documents.ts):
// one test per behaviour it cites — the socket as the server relays it, several clients in one
// world, the server's write permissions, core's ChatMessage rendering, speakers, message modes,
// notifications. The fake is not Foundry: what only a real server can show is in
// docs/manual-checks.md.

type Obj = Record<string, unknown>;
const socketOf = (w: ChatWorld) => w.socket;

describe("fake game.socket (the server's relay)", () => {
  it("delivers to every OTHER connected client, never back to the sender, the sender's id appended last", async () => {
    const w = await chatWorld();
    w.data.users.get("stranger")!.active = false;
    const seen: { at: string; args: unknown[] }[] = [];
    socketOf(w).on("system.tactica", (...args: unknown[]) => void seen.push({ at: clientUser()?.id ?? "base", args }));
    w.as("player-1", () => socketOf(w).emit("system.tactica", { n: 1 }));
    await socketOf(w).settled();
    expect(seen.map((s) => s.at).sort()).toEqual(["gm-1", "player-2"]);
    for (const s of seen) expect(s.args).toEqual([{ n: 1 }, "player-1"]);
  });

  it("appends the sender after ALL emitted arguments (an extra argument cannot pose as the sender)", async () => {
    const w = await chatWorld();
    const seen: unknown[][] = [];
    socketOf(w).on("system.tactica", (...args: unknown[]) => void seen.push(args));
    w.as("player-2", () => socketOf(w).emit("system.tactica", { n: 1 }, "gm-1"));
    await socketOf(w).settled();
    expect(seen[0]).toEqual([{ n: 1 }, "gm-1", "player-2"]);
  });

  it("carries arguments as JSON (copies, no functions), asynchronously, and relays only system./module. events", async () => {
    const w = await chatWorld();
    const seen: unknown[][] = [];
    socketOf(w).on("system.tactica", (...args: unknown[]) => void seen.push(args));
    socketOf(w).on("userQuery", (...args: unknown[]) => void seen.push(args));
    const payload = { list: [1], fn: () => 1 };
    w.as("player-1", () => {
      socketOf(w).emit("system.tactica", payload);
      socketOf(w).emit("userQuery", {});
    });
    expect(seen).toEqual([]);
    await socketOf(w).settled();
    // Three other clients receive the system event; core's own event names are not relayed here.
    expect(seen.map((args) => args[0])).toEqual([{ list: [1] }, { list: [1] }, { list: [1] }]);
    expect(seen[0]![0]).not.toBe(payload);
  });

  it("runs each delivery as the receiving user's client, through every await", async () => {
    const w = await chatWorld();
    const seen: string[] = [];
    socketOf(w).on("system.tactica", async () => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push((w.fake.game.user as { id: string }).id);
    });
    w.as("gm-1", () => socketOf(w).emit("system.tactica", {}));
    await socketOf(w).settled();
    expect(seen.sort()).toEqual(["player-1", "player-2", "stranger"]);
    expect((w.fake.game.user as { id: string }).id).toBe("player-1");
  });
});

describe("fake clients (game.user per client)", () => {
  it("asClient keeps its user across awaits while another client runs", async () => {
    const w = await chatWorld();
    const users = w.data.users;
    const read = async (id: string) =>
      asClient(users.get(id)!, async () => {
        await new Promise((r) => setTimeout(r, 1));
        const first = (w.fake.game.user as { id: string }).id;
        await new Promise((r) => setTimeout(r, 1));
        return [first, (w.fake.game.user as { id: string }).id];
      });
    expect(await Promise.all([read("gm-1"), read("player-2")])).toEqual([
      ["gm-1", "gm-1"],
      ["player-2", "player-2"],
    ]);
  });

  it("Users#activeGM: an active GM, the full GM before an assistant, then the lowest id", async () => {
    const w = await chatWorld();
    const users = w.data.users;
    users.set("assistant", new FakeUser("assistant", "Assistant", true, true, USER_ROLES.ASSISTANT));
    users.get("gm-1")!.active = false;
    expect(users.activeGM?.id).toBe("assistant");
    expect(users.get("assistant")!.isGM).toBe(true);
    users.set("gm-0", new FakeUser("gm-0", "GM 0", true));
    expect(users.activeGM?.id).toBe("gm-0");
  });
});

describe("fake server permissions (Document#canUserModify)", () => {
  it("a player updates and deletes only messages they authored, and creates only as their author", async () => {
    const w = await chatWorld();
    const Chat = FakeRollMessage.implementation;
    const mine = (await w.as("player-1", () => Chat.create({ content: "a" })))! as FakeRollMessage;
    expect(mine._source.author).toBe("player-1");
    await w.as("player-1", () => mine.update({ content: "b" }));
    expect(mine.content).toBe("b");
    await expect(w.as("player-2", () => mine.update({ content: "c" }))).rejects.toThrow(
      /lacks permission to update ChatMessage/,
    );
    await expect(w.as("player-2", () => mine.delete())).rejects.toThrow(/lacks permission/);
    await expect(w.as("player-2", () => Chat.create({ content: "x", author: "player-1" }))).rejects.toThrow(
      /lacks permission to create/,
    );
    await w.as("gm-1", () => mine.update({ content: "d" }));
    expect(mine.content).toBe("d");
    expect(w.data.db.refused.map((r) => `${r.action} ${r.userId}`)).toEqual([
      "update player-2",
      "delete player-2",
      "create player-2",
    ]);
  });

  it("a player writes only documents they own (embedded ones through their parent); world actors are created by an assistant or more", async () => {
    const w = await chatWorld();
    const owned = await w.createActor({ name: "A", type: "character", ownership: { "player-1": 3 } });
    const other = await w.createActor({ name: "B", type: "character" });
    await w.as("player-1", () => owned.update({ "system.willpower.value": 4 } as never));
    await expect(w.as("player-1", () => other.update({ "system.willpower.value": 4 } as never))).rejects.toThrow(
      /lacks permission/,
    );
    await w.as("player-1", () => owned.createEmbeddedDocuments("ActiveEffect", [{ name: "e" }] as never));
    await expect(
      w.as("player-1", () => other.createEmbeddedDocuments("ActiveEffect", [{ name: "e" }] as never)),
    ).rejects.toThrow(/lacks permission/);
    const Actor = w.fake.CONFIG.Actor as { documentClass: { create(d: Obj): Promise<unknown> } };
    await expect(w.as("player-1", () => Actor.documentClass.create({ name: "C", type: "character" }))).rejects.toThrow(
      /lacks permission to create Actor/,
    );
    const writes = w.data.db.writes;
    expect(writes.slice(-2).map((x) => w.data.db.writtenBy(x))).toEqual(["player-1", "player-1"]);
  });
});

describe("fake ChatMessage (v13 client)", () => {
  it("renderHTML: a roll message with plain content shows its rolls; content with an element stays; the hook sees the element first", async () => {
    const w = await chatWorld();
    const calls: unknown[] = [];
    w.fake.hooks.on("renderChatMessageHTML", (_m: unknown, html: unknown) => void calls.push(html));
    queueDiceFaces([2, 3]);
    const plain = (await asGM(w.data, async () => {
      const roll = await new FakeRoll("2d6").evaluate();
      return FakeRollMessage.implementation.create({ content: "5", rolls: [JSON.stringify(roll)] });
    }))!;
    queueDiceFaces([1]);
    const custom = (await asGM(w.data, async () =>
      FakeRollMessage.implementation.create({
        content: "<p>mine</p>",
        rolls: [JSON.stringify(await new FakeRoll("1d6").evaluate())],
      }),
    ))!;
    const render = vi.spyOn(FakeRoll.prototype, "render").mockResolvedValue("<div>rolled</div>");
    const a = await (plain as FakeRollMessage).renderHTML();
    const b = await (custom as FakeRollMessage).renderHTML();
    render.mockRestore();
    expect(a).toBeInstanceOf(FakeElement);
    expect(a.querySelector(".message-content")?.innerHTML).toBe("<div>rolled</div>");
    expect(b.querySelector(".message-content")?.innerHTML).toBe("<p>mine</p>");
    expect(calls).toEqual([a, b]);
  });

  it("renderHTML delegates to the type model's renderHTML when it has one", async () => {
    const w = await chatWorld();
    const message = (await asGM(w.data, () =>
      FakeRollMessage.implementation.create({ content: "x" }),
    ))! as FakeRollMessage;
    const li = new FakeElement("li");
    (message as unknown as { system: Obj }).system = { renderHTML: async () => li };
    expect(await message.renderHTML()).toBe(li);
  });

  it("an element's closest(selector) is itself or its nearest ancestor with the class (MDN Element.closest)", () => {
    const app = new FakeElement("section", { classes: ["application", "chat-popout"] });
    app.id = "chat-popout";
    const li = new FakeElement("li", { classes: ["chat-message"] });
    app.append(li);
    li.innerHTML = '<button data-action="push">x</button>';
    const [button] = li.querySelectorAll("button[data-action]");
    expect(button!.closest("button[data-action]")).toBe(button);
    expect(button!.closest(".application")?.id).toBe("chat-popout");
    expect(li.closest(".chat-message")).toBe(li);
    expect(li.closest(".sidebar")).toBeNull();
  });

  it("a roll that cannot be rebuilt is dropped from `rolls` (logged), not thrown", async () => {
    const w = await chatWorld();
    const message = (await asGM(w.data, () =>
      FakeRollMessage.implementation.create({
        content: "x",
        rolls: [JSON.stringify({ class: "NoSuchRoll", terms: [], formula: "" })],
      }),
    ))! as FakeRollMessage;
    expect(message.rolls).toEqual([]);
    expect(droppedRolls.length).toBeGreaterThan(0);
  });

  it("sounds: a new roll message plays its sound through game.audio.play on the creating client; an update plays none; AudioHelper.play plays here too", async () => {
    const w = await chatWorld();
    const audio = (
      w.fake.game as unknown as { audio: { played: { src: string; options: Obj; client: string | null }[] } }
    ).audio;
    queueDiceFaces([3]);
    const roll = await new FakeRoll("1d6").evaluate();
    const message = (await w.as("player-1", () =>
      FakeRollMessage.create({ rolls: [roll] } as never),
    )) as unknown as FakeRollMessage;
    expect(audio.played).toEqual([
      { src: "sounds/dice.wav", options: { context: { name: "interface" } }, client: "player-1" },
    ]);
    queueDiceFaces([4]);
    const again = await new FakeRoll("1d6").evaluate();
    await w.as("player-1", () =>
      message.update({ rolls: [...message.rolls, again].map((r) => JSON.stringify(r)) } as never),
    );
    expect(audio.played).toHaveLength(1);
    const helper = (
      w.fake.foundry as unknown as { audio: { AudioHelper: { play(d: Obj, s?: unknown): Promise<void> } } }
    ).audio.AudioHelper;
    await w.as("gm-1", () => helper.play({ src: "a.wav", volume: 0.5, loop: false }, { recipients: ["player-1"] }));
    await w.as("gm-1", () => helper.play({ src: "b.wav", autoplay: false }, true));
    expect(audio.played.slice(1)).toEqual([{ src: "a.wav", options: { volume: 0.5, loop: false }, client: "gm-1" }]);
  });

  it("isContentVisible: a whispered roll for its recipients, and its author unless blind", async () => {
    const w = await chatWorld();
    const roll = JSON.stringify(await new FakeRoll("1d6").evaluate());
    const whispered = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({ rolls: [roll], whisper: ["gm-1"] }),
    ))! as FakeRollMessage;
    const blind = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({ rolls: [roll], whisper: ["gm-1"], blind: true }),
    ))! as FakeRollMessage;
    const seen = (id: string, m: FakeRollMessage) => w.as(id, () => m.isContentVisible);
    expect([seen("player-1", whispered), seen("gm-1", whispered), seen("player-2", whispered)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([seen("player-1", blind), seen("gm-1", blind)]).toEqual([false, true]);
  });

  it("getSpeaker: a token speaks with its scene and actor; an actor without a token speaks alone", async () => {
    const w = await chatWorld();
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const token = { id: "tok1", name: "Kara (jeton)", parent: { id: "scene1" }, actor } as never;
    expect(FakeRollMessage.getSpeaker({ token })).toEqual({
      scene: "scene1",
      token: "tok1",
      actor: actor.id,
      alias: "Kara (jeton)",
    });
    expect(FakeRollMessage.getSpeaker({ actor: actor as never })).toEqual({
      scene: null,
      token: null,
      actor: actor.id,
      alias: "Kara",
    });
  });

  it("getSpeaker: the given or viewed scene for a token-less actor; an actor that is a token speaks as it; a controlled token first", async () => {
    const w = await chatWorld();
    const actor = await w.createActor({ name: "Kara", type: "character" });
    const scenes = (w.fake.game as unknown as { scenes: { viewed: unknown } }).scenes;
    scenes.viewed = { id: "viewed1" };
    expect(FakeRollMessage.getSpeaker({ actor: actor as never })).toMatchObject({ scene: "viewed1", token: null });
    expect(FakeRollMessage.getSpeaker({ actor: actor as never, scene: { id: "given1" } as never })).toMatchObject({
      scene: "given1",
      token: null,
    });
    scenes.viewed = null;
    const token = { id: "tokU", name: "Kara (copie)", parent: { id: "scene2" }, actor } as never;
    const synthetic = { id: actor.id, name: "Kara", isToken: true, token } as never;
    expect(FakeRollMessage.getSpeaker({ actor: synthetic })).toEqual({
      scene: "scene2",
      token: "tokU",
      actor: actor.id,
      alias: "Kara (copie)",
    });
    const first = { document: { id: "t1", name: "Un", parent: { id: "s" }, actor } };
    const controlled = { document: { id: "t2", name: "Deux", parent: { id: "s" }, actor }, controlled: true };
    const withTokens = { id: actor.id, name: "Kara", getActiveTokens: () => [first, controlled] } as never;
    expect(FakeRollMessage.getSpeaker({ actor: withTokens })).toMatchObject({ token: "t2", alias: "Deux" });
  });

  it("message modes: v13 toMessage({rollMode}) and core.rollMode; v14 toMessage({messageMode}), the old option still works and is recorded", async () => {
    const w = await chatWorld();
    setFakeGeneration(w.fake, 13);
    w.data.setUser("player-1");
    await w.fake.settings.set("core", "rollMode", "selfroll");
    await new FakeRoll("1d6").toMessage({}, {});
    expect(postedMessages.at(-1)).toMatchObject({ rollMode: "selfroll", whisper: ["player-1"] });
    await new FakeRoll("1d6").toMessage({}, { rollMode: "blindroll" });
    expect(postedMessages.at(-1)).toMatchObject({ blind: true, whisper: ["gm-1"] });
    // v13 does not read v14's option: the user's mode is used, and the use recorded.
    await new FakeRoll("1d6").toMessage({}, { messageMode: "gm" } as never);
    expect(postedMessages.at(-1)).toMatchObject({ rollMode: "selfroll", whisper: ["player-1"] });
    expect(takeGenerationRecord()).toEqual(["v14-only on v13: Roll#toMessage({ messageMode }) (v13: { rollMode })"]);
    setFakeGeneration(w.fake, 14);
    await new FakeRoll("1d6").toMessage({}, { rollMode: "publicroll" });
    expect(postedMessages.at(-1)).toMatchObject({ whisper: [], blind: false });
    expect(takeGenerationRecord()).toEqual(["v14 deprecation: Roll#toMessage({ rollMode }) (v14: { messageMode })"]);
    await new FakeRoll("1d6").toMessage({}, { messageMode: "gm" } as never);
    expect(postedMessages.at(-1)).toMatchObject({ whisper: ["gm-1"], blind: false });
    expect(evaluations.at(-1)?.allowInteractive).toBe(true);
    expect(takeGenerationRecord()).toEqual([]);
  });

  it("applyRollMode on v13, applyMode on v14 (the old name recorded there)", async () => {
    const w = await chatWorld();
    setFakeGeneration(w.fake, 13);
    expect(FakeRollMessage.applyMode).toBeUndefined();
    expect(FakeRollMessage.applyRollMode({}, "gmroll")).toEqual({ whisper: ["gm-1"], blind: false });
    setFakeGeneration(w.fake, 14);
    expect(FakeRollMessage.applyMode!({}, "blind")).toEqual({ whisper: ["gm-1"], blind: true });
    expect(takeGenerationRecord()).toEqual([]);
    FakeRollMessage.applyRollMode({}, "selfroll");
    expect(takeGenerationRecord()).toEqual(["v14 deprecation: ChatMessage.applyRollMode (v14: ChatMessage.applyMode)"]);
  });

  it("applyRollMode keeps a given whisper for GM and blind modes, replaces it for public and self; 'roll' is the user's mode", async () => {
    const w = await chatWorld();
    setFakeGeneration(w.fake, 13);
    w.data.setUser("player-1");
    const mode = (m: string) => FakeRollMessage.applyRollMode({ whisper: ["player-2"] }, m);
    expect(["gmroll", "blindroll", "publicroll", "selfroll"].map((m) => mode(m).whisper)).toEqual([
      ["player-2"],
      ["player-2"],
      [],
      ["player-1"],
    ]);
    await w.fake.settings.set("core", "rollMode", "blindroll");
    expect(FakeRollMessage.applyRollMode({}, "roll")).toEqual({ whisper: ["gm-1"], blind: true });
    // Roll#toMessage applies the mode to the message built from its data, a given whisper included.
    const data = await new FakeRoll("1").toMessage({ whisper: ["player-2"] }, { rollMode: "gmroll", create: false });
    expect([data.whisper, data.sound]).toEqual([["player-2"], "sounds/dice.wav"]);
  });
});

describe("fake Roll statics (v13 client dice/roll.mjs)", () => {
  it("CONFIG.Dice.rolls starts with core's Roll: Roll.create and defaultImplementation use it; validate reads the formula", async () => {
    const w = await chatWorld();
    const rolls = (w.fake.CONFIG.Dice as { rolls: unknown[] }).rolls;
    expect(rolls[0]).toBe(FakeRoll);
    expect(FakeRoll.defaultImplementation).toBe(FakeRoll);
    expect(FakeRoll.create("1d6 + @x", { x: 2 }).formula).toBe("1d6 + 2");
    expect([FakeRoll.validate("1d6 + @nope"), FakeRoll.validate("nonsense!"), FakeRoll.validate(3)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("total is 0 before evaluation (Number(_total) || 0), the sum after", async () => {
    queueDiceFaces([4]);
    const roll = new FakeRoll("1d6 + 2");
    expect(roll.total).toBe(0);
    await roll.evaluate();
    expect(roll.total).toBe(6);
  });

  it("toAnchor: an inline-roll.inline-result link with the roll's JSON, its formula and total", async () => {
    queueDiceFaces([5]);
    const roll = await new FakeRoll("1d6").evaluate();
    const html = roll.toAnchor({ dataset: { tooltip: "1d6" }, label: "Dégâts" });
    expect(html).toContain('class="inline-roll inline-result"');
    expect(html).toContain(`data-roll="${escape(JSON.stringify(roll))}"`);
    expect(html.endsWith('<i class="fa-solid fa-dice-d20" inert=""></i>Dégâts: 5</a>')).toBe(true);
  });
});

describe("fake ChatMessage#_preCreate: inline rolls in new content (v13 client chat-message.mjs, text-editor.mjs)", () => {
  it("an immediate [[formula]] in string content is rolled now, on the creating client, and stored as its anchor", async () => {
    const w = await chatWorld();
    queueDiceFaces([4]);
    const message = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({ content: "<p>Brann [[1d6]] x</p>" }),
    ))! as FakeRollMessage;
    expect(message.content).toMatch(
      /^<p>Brann <a class="inline-roll inline-result" data-tooltip-text="1d6" data-roll="[^"]+" data-tooltip="1d6"><i class="fa-solid fa-dice-d20" inert=""><\/i>4<\/a> x<\/p>$/,
    );
    expect(evaluations.at(-1)).toMatchObject({ formula: "1d6", allowInteractive: false });
  });

  it("a deferred [[/r …]] becomes a roll link and rolls nothing; an unreadable formula, another command and escaped brackets stay as written", async () => {
    const w = await chatWorld();
    const before = evaluations.length;
    const message = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({
        content: "<p>[[/gmr 2d6 # Sneak]] [[/w bob hi]] [[nonsense!]] &#91;&#91;1d6&#93;&#93;</p>",
      }),
    ))! as FakeRollMessage;
    expect(message.content).toBe(
      '<p><a class="inline-roll gmroll" data-mode="gmroll" data-flavor="Sneak" data-formula="2d6" data-tooltip-text="2d6 # Sneak"><i class="fa-solid fa-dice-d20" inert=""></i>2d6</a> [[/w bob hi]] [[nonsense!]] &#91;&#91;1d6&#93;&#93;</p>',
    );
    expect(evaluations.length).toBe(before);
  });

  it("core matches the content STRING: a [[…]] inside an attribute is replaced too", async () => {
    const w = await chatWorld();
    queueDiceFaces([2]);
    const message = (await w.as("player-1", () =>
      FakeRollMessage.implementation.create({ content: '<p title="[[1d6]]">x</p>' }),
    ))! as FakeRollMessage;
    expect(message.content.startsWith('<p title="<a class="inline-roll inline-result"')).toBe(true);
  });

  it("a roll message created without a sound gets the dice sound (core's `isRoll` branch)", async () => {
    const w = await chatWorld();
    const roll = JSON.stringify(await new FakeRoll("1d6").evaluate());
    const message = (await w.as("player-1", () => FakeRollMessage.implementation.create({ rolls: [roll] })))!;
    const silent = (await w.as("player-1", () => FakeRollMessage.implementation.create({ content: "x" })))!;
    expect([message._source.sound, silent._source.sound]).toEqual(["sounds/dice.wav", undefined]);
  });
});

describe("fake notifications", () => {
  it("format escapes the values; the recorded message is the text a user reads", async () => {
    const w = await chatWorld();
    const ui = (globalThis as unknown as { ui: { notifications: { error(m: string, o?: Obj): void } } }).ui;
    ui.notifications.error("TACTICA.Chat.refused.notOwner", { format: { name: "<img src=x>" } });
    ui.notifications.error("raw <b>markup</b>");
    expect(w.data.notifications.of("error")).toEqual([
      "Vous ne possédez pas <img src=x>\u00a0: ce jet ne peut pas être fait pour lui.",
      "raw markup",
    ]);
  });

  it("clean (v13 Notifications#notify): untrusted text loses its scripts; a localised key, or one formatted with escaped values, is not cleaned", async () => {
    const w = await chatWorld();
    const ui = (globalThis as unknown as { ui: { notifications: { info(m: string, o?: Obj): void } } }).ui;
    ui.notifications.info("hi <script>steal()</script><b>you</b>");
    ui.notifications.info("hi <script>steal()</script>", { clean: false });
    // Values left unescaped: the formatted key is cleaned like any untrusted text.
    ui.notifications.info("TACTICA.Chat.refused.notOwner", {
      format: { name: "<script>x()</script>Kara" },
      escape: false,
    });
    ui.notifications.info("TACTICA.Chat.refused.notOwner", { format: { name: "<script>x()</script>Kara" } });
    const shown = w.data.notifications.messages.at(-1)!;
    (globalThis as unknown as { ui: { notifications: { remove(n: unknown): void } } }).ui.notifications.remove(shown);
    expect(shown.removed).toBe(true);
    expect(w.data.notifications.of("info")).toEqual([
      "hi you",
      "hi steal()",
      "Vous ne possédez pas Kara\u00a0: ce jet ne peut pas être fait pour lui.",
      "Vous ne possédez pas <script>x()</script>Kara\u00a0: ce jet ne peut pas être fait pour lui.",
    ]);
  });
});

describe("fake HTMLElement#click (a disabled form control gets no click)", () => {
  it("a disabled button's click runs no listener; an event dispatched on it does, as dispatchEvent would", async () => {
    const button = new FakeElement("button");
    const heard: string[] = [];
    button.addEventListener("click", (event) => heard.push(event.target === button ? "click" : "other"));
    await button.click();
    button.disabled = true;
    await button.click();
    expect(heard).toEqual(["click"]);
    await button.dispatch({ type: "click", target: button, shiftKey: false, preventDefault: () => undefined });
    expect(heard).toEqual(["click", "click"]);
    // Only form controls: a disabled flag on another element stops nothing.
    const li = new FakeElement("li");
    li.disabled = true;
    li.addEventListener("click", () => heard.push("li"));
    await li.click();
    expect(heard).toEqual(["click", "click", "li"]);
  });
});

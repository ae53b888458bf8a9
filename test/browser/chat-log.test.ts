import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { hasChromium, useBrowserChecks, type Variant } from "./chromium";

// The chat log's earlier messages (issue 26), in Chromium: src/applications/chat-log.ts (what
// src/hooks/chat-log.ts runs on each chat log core renders; it uses no Foundry API) marks every
// message with five newer after it — the log's messages when it is watched, a message appended
// (core's ChatLog#postOne), a batch prepended (ChatLog#renderBatch) — and each message posted
// changes the class of ONE earlier message (what made the old positional selector O(N) was the
// browser restyling all of them).

const DARK_FR: Variant = { lang: "fr", theme: "dark" };

const SCRIPT = ts.transpileModule(fs.readFileSync("src/applications/chat-log.ts", "utf8"), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;

describe.runIf(hasChromium())("the chat log's earlier messages (Chromium)", () => {
  const browser = useBrowserChecks();

  it("marks the messages with five newer after them, as messages are appended and prepended, one class change a post", async () => {
    const found = await browser.evaluate(
      DARK_FR,
      async (script) => {
        const root = document.querySelector<HTMLElement>("#root")!;
        root.innerHTML = '<ol class="chat-log"></ol>';
        const log = root.querySelector(".chat-log")!;
        const chatLog = {} as {
          watchChatLog(log: Element): void;
          OLD_CLASS: string;
          CARD_CLASS: string;
          FRESH: number;
        };
        new Function("exports", script)(chatLog);
        const li = (id: string) => Object.assign(document.createElement("li"), { id });
        for (let i = 0; i < 7; i++) log.append(li(`m${i}`));
        // m1 holds a Tactica card as core frames it; m2 holds one deeper (not a card message).
        log.children[1]!.innerHTML = '<div class="message-content"><div class="tactica-card"></div></div>';
        log.children[2]!.innerHTML = '<div class="message-content"><div><div class="tactica-card"></div></div></div>';
        chatLog.watchChatLog(log);
        chatLog.watchChatLog(log); // watched once
        const old = () => [...log.children].filter((m) => m.classList.contains(chatLog.OLD_CLASS)).map((m) => m.id);
        const atStart = old();
        const changes: string[] = [];
        new MutationObserver((records) => {
          for (const r of records) changes.push((r.target as Element).id);
        }).observe(log, { subtree: true, attributeFilter: ["class"] });
        const settle = () => new Promise((r) => setTimeout(r, 0));
        log.append(li("m7"));
        await settle();
        const afterPost = { old: old(), changes: [...changes] };
        changes.length = 0;
        log.append(li("m8"), li("m9"));
        await settle();
        const afterTwo = { old: old(), changes: [...changes] };
        // An older batch loaded at the top: every one of them has five newer after it.
        log.prepend(li("p0"), li("p1"));
        await settle();
        const afterBatch = old();
        // A card message appended later is one too.
        const posted = li("c0");
        posted.innerHTML = '<div class="message-content"><div class="tactica-card"></div></div>';
        log.append(posted);
        await settle();
        const cards = [...log.children].filter((m) => m.classList.contains(chatLog.CARD_CLASS)).map((m) => m.id);
        // Core re-renders an updated message by replacing its element (ChatLog#rerenderMessage:
        // replaceWith), and posts one before another with insertAdjacentElement("beforebegin"):
        // the new elements are marked again.
        const replacement = li("m1");
        replacement.innerHTML = '<div class="message-content"><div class="tactica-card"></div></div>';
        log.querySelector("#m1")!.replaceWith(replacement);
        const inserted = li("i0");
        inserted.innerHTML = '<div class="message-content"><div class="tactica-card"></div></div>';
        log.querySelector("#m2")!.insertAdjacentElement("beforebegin", inserted);
        await settle();
        const marks = (el: Element) =>
          [chatLog.CARD_CLASS, chatLog.OLD_CLASS].filter((c) => el.classList.contains(c)).join(" ");
        const replaced = { m1: marks(log.querySelector("#m1")!), i0: marks(log.querySelector("#i0")!) };
        root.innerHTML = "";
        return { fresh: chatLog.FRESH, atStart, afterPost, afterTwo, afterBatch, cards, replaced };
      },
      SCRIPT,
    );
    expect(found.fresh).toBe(5);
    expect(found.atStart).toEqual(["m0", "m1"]);
    expect(found.afterPost).toEqual({ old: ["m0", "m1", "m2"], changes: ["m2"] });
    expect(found.afterTwo).toEqual({ old: ["m0", "m1", "m2", "m3", "m4"], changes: ["m3", "m4"] });
    expect(found.afterBatch).toEqual(["p0", "p1", "m0", "m1", "m2", "m3", "m4"]);
    expect(found.cards).toEqual(["m1", "c0"]);
    expect(found.replaced).toEqual({
      m1: `${"tactica-message"} ${"tactica-old"}`,
      i0: `${"tactica-message"} ${"tactica-old"}`,
    });
  });
});

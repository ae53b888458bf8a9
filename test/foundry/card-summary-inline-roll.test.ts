import { describe, expect, it } from "vitest";
import { chatWorld } from "./chat-helpers";
import { evaluations, queueDiceFaces } from "./fake-dice";

// S1 (second core review): core's `ChatMessage#_preCreate` (v13 client documents/chat-message.mjs)
// evaluates every `[[…]]` of a new message's string content as an inline roll, on the creating
// client (modelled in fake-chat.ts / fake-text-editor.ts). A card's stored summary is plain text
// (src/actions/common.ts `summaryContent`): a name holding `[[…]]` must stay text.

/** The text of stored HTML: tags dropped, named and numeric entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("a card's summary is never an inline roll", () => {
  it("a name holding [[1d6]] stays text in the stored summary, and no inline die is rolled", async () => {
    const w = await chatWorld();
    const brann = await w.createActor({
      name: "Brann [[1d6]] [[/r 2d6]]",
      type: "character",
      ownership: { default: 0, "player-1": 3 },
      system: { aptitudes: { vivacite: { value: 2 } } },
    });
    const before = evaluations.length;
    queueDiceFaces([3, 4]);
    const message = (await brann.rollPool({ aptitude: "vivacite" }, { fastForward: true }))!;
    expect(message.content).not.toContain("inline-roll");
    expect(textOf(message.content)).toContain("Brann [[1d6]] [[/r 2d6]]");
    // Only the card's own pool was rolled: no 1d6 evaluated for the name.
    expect(evaluations.slice(before).map((e) => e.formula)).not.toContain("1d6");
  });

  it("a card without a roll (a move) keeps the name as text in its summary and on the rendered card", async () => {
    const w = await chatWorld();
    const brann = await w.own("Brann [[1d6]]", "character");
    const before = evaluations.length;
    const message = (await brann.move({ pursuit: false }, { fastForward: true }))! as Parameters<typeof w.renderAs>[1];
    expect(message.content).not.toContain("inline-roll");
    expect(textOf(message.content)).toContain("Brann [[1d6]]");
    const card = await w.renderAs("player-1", message);
    expect(card).not.toContain("inline-roll");
    expect(textOf(card)).toContain("Brann [[1d6]]");
    expect(evaluations.slice(before).map((e) => e.formula)).not.toContain("1d6");
  });
});

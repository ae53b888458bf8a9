import { beforeEach, describe, expect, it, vi } from "vitest";
import { chatWorld, type ChatWorld } from "./chat-helpers";
import { FakeRollMessage } from "./fake-chat";
import { textOf } from "../templates/harness";
import type { TacticaChatMessage } from "../../src/documents/chat-message";

// The cards the combat posts on the active GM (src/chat/kinds/combat.ts): a threshold crossed and a
// one-line notice, read from what the GM's client stored, and a damaged card for anything else.
// (A player's forgery of either is in security-chat.test.ts, T1; a threshold list too long, R11.)

let w: ChatWorld;

const DAMAGED = "Carte illisible : ses données sont abîmées.";

beforeEach(async () => {
  w = await chatWorld();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

async function gmCard(system: Record<string, unknown>): Promise<string> {
  const card = (await w.as("gm-1", () =>
    FakeRollMessage.implementation.create({ type: "rollCard", content: "", rolls: [], system }),
  ))! as unknown as TacticaChatMessage;
  return textOf(await w.renderAs("player-1", card));
}

const threshold = (data: Record<string, unknown>) => gmCard({ kind: "threshold", threshold: data });
const burn = { type: "burn", pvLost: 2, pvAfter: 8, resisted: 0 };
const decay = { type: "incendiaryDecay", after: 1 };

describe("a threshold card", () => {
  it("names the rounds begun in tours mode, the positions on a timeline, and who went through what", async () => {
    const tours = await threshold({ mode: "tours", thresholds: [2], entries: [{ name: "Ana", events: [burn] }] });
    expect(tours).toContain("Début du tour 2");
    expect(tours).toContain("1 combattant concerné");
    expect(tours).toContain("Ana");
    const timeline = await threshold({
      mode: "timeline",
      thresholds: [10, 20],
      entries: [
        { name: "Ana", events: [burn] },
        { name: "Bel", events: [] },
        { name: "Cyr", events: [decay] },
      ],
    });
    expect(timeline).toContain("Position 10, 20");
    // Bel went through nothing: not a line, not counted.
    expect(timeline).toContain("2 combattants concernés");
    expect(timeline).not.toContain("Bel");
    expect(timeline).toContain("Cyr");
  });

  it("says nothing changed when no one went through anything", async () => {
    const text = await threshold({ mode: "tours", thresholds: [3], entries: [{ name: "Bel", events: [] }] });
    expect(text).toContain("Rien ne change.");
    expect(text).not.toContain("combattant");
  });

  it("is damaged when its mode, thresholds, entries or events are not what the GM's client writes", async () => {
    const good = { mode: "tours", thresholds: [1], entries: [{ name: "Ana", events: [burn] }] };
    expect(await threshold(good)).not.toBe(DAMAGED);
    for (const bad of [
      { ...good, mode: "rounds" },
      { ...good, thresholds: [1.5] },
      { ...good, thresholds: "1" },
      { ...good, entries: {} },
      { ...good, entries: [{ name: 3, events: [] }] },
      { ...good, entries: [{ name: "Ana", events: {} }] },
      { ...good, entries: [{ name: "Ana", events: [{ type: "explode" }] }] },
      { ...good, entries: [{ name: "Ana", events: [null] }] },
      { ...good, entries: [null] },
    ])
      expect(await threshold(bad), JSON.stringify(bad)).toBe(DAMAGED);
    expect(await gmCard({ kind: "threshold", threshold: null })).toBe(DAMAGED);
  });
});

describe("a notice", () => {
  it("prints its key formatted with its values, as text", async () => {
    const text = await gmCard({
      kind: "notice",
      notice: { key: "TACTICA.Combat.Delayed.Lost", data: { name: "Kara <b>", position: 5 } },
    });
    expect(text).toContain("Kara <b>");
    expect(text).toContain("5");
    expect(text).not.toBe(DAMAGED);
  });

  it("is damaged for a key that is not Tactica's", async () => {
    expect(await gmCard({ kind: "notice", notice: { key: "COMBAT.Begin", data: {} } })).toBe(DAMAGED);
    expect(await gmCard({ kind: "notice", notice: { key: "", data: {} } })).toBe(DAMAGED);
  });
});

import { describe, expect, it } from "vitest";
import { SCENARIOS } from "./chat-scenarios";
import { setupDiceWorld, textOf } from "./harness";
import { otherLanguageIn } from "../helpers/lang";

// Every chat card in every state (chat-scenarios.ts), in French and English.

function buttonsOf(html: string): string[] {
  return [...html.matchAll(/<button type="button" data-action="([^"]+)"/g)].map((m) => m[1]!);
}

describe.each(["fr", "en"] as const)("chat cards in %s", (lang) => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))("%s", async (_name, scenario) => {
    const { dice } = await setupDiceWorld(lang);
    const html = await scenario.render(dice);
    const text = textOf(html);
    for (const bad of ["undefined", "[object Object]", "NaN", "TACTICA.", "null"]) expect(html, bad).not.toContain(bad);
    for (const expected of scenario.shows[lang]) expect(text).toContain(expected);
    for (const hidden of scenario.hides ?? []) expect(text).not.toContain(hidden);
    if (scenario.buttons) expect(buttonsOf(html)).toEqual(scenario.buttons);
    // Every button has a visible label, and user text never reaches the HTML unescaped.
    for (const button of html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)) expect(textOf(button[1]!)).not.toBe("");
    expect(html).not.toMatch(/<Vex>|<laser>/);
    // ux m6: a card in one language holds no text of the other language's file.
    expect(otherLanguageIn(lang, text)).toEqual([]);
  });
});

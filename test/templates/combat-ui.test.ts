import { describe, expect, it } from "vitest";
import { createTemplateHarness, textOf } from "./harness";
import { COMBAT_UI_SAMPLES } from "./combat-ui-samples";
import { otherLanguageIn } from "../helpers/lang";

// The combat windows' templates rendered with the real context builders' output (strict mode:
// a field the context lacks throws), in both languages.

const sample = (name: string) => COMBAT_UI_SAMPLES.find((s) => s.name === name)!;

describe.each(["fr", "en"] as const)("combat windows (%s)", (lang) => {
  const harness = createTemplateHarness(lang);
  const render = (name: string) => harness.render(sample(name).template, sample(name).context(lang));

  it.each(COMBAT_UI_SAMPLES.map((s) => s.name))("%s renders with no raw key, nor the other language", (name) => {
    const html = render(name);
    expect(textOf(html)).not.toMatch(/TACTICA\.|undefined|NaN/);
    expect(otherLanguageIn(lang, textOf(html))).toEqual([]);
    for (const button of html.match(/<button[^>]*>/g) ?? []) expect(button).toMatch(/type="(button|submit)"/);
  });

  it("timeline, GM: the ruler, thresholds, markers in order, End action, drag, escaped names", () => {
    const html = render("tracker timeline GM");
    const text = textOf(html);
    expect(html).toContain('data-action="endAction"');
    expect(html).not.toContain('data-action="setMode"');
    expect(html.match(/draggable="true"/g)?.length).toBe(6);
    expect(html).toContain('data-position="20"');
    expect(html.match(/is-threshold/g)?.length).toBe(1);
    expect(html).toContain("Bel &lt;Sapeur&gt;");
    expect(html).not.toContain("<Sapeur>");
    expect(text.indexOf("Cyr")).toBeLessThan(text.indexOf("Bel"));
    expect(text).toContain(
      lang === "fr" ? "Action différée — Ana Kessler-Vorn" : "Ana Kessler-Vorn de la Haute-Forge's delayed action",
    );
    expect(text).toContain(lang === "fr" ? "Focalisée" : "Focused");
    expect(text).toContain(lang === "fr" ? "Positions 23 à 26 : vides" : "Positions 23 to 26: empty");
  });

  it("timeline, player: no timeline controls (the move of their own acting combatant only), hidden left out, the unseen anonymous", () => {
    const html = render("tracker timeline player");
    const text = textOf(html);
    expect(html).not.toMatch(/draggable/);
    // D-39: Cyr, who acts, is theirs: its move action is the only button.
    expect([...html.matchAll(/data-action="([^"]+)"/g)].map((m) => m[1])).toEqual(["moveAction"]);
    expect(text).not.toContain("Éve");
    expect(text).not.toContain("Dagobert");
    expect(text).toContain(lang === "fr" ? "Inconnu" : "Unknown");
    expect(html).toMatch(/class="tactica-marker is-active is-owned"\s+data-entry-id="cyr"/);
    expect(render("tracker tours player")).not.toMatch(/data-action="moveAction"/);
  });

  it("before the start: mode switch, Begin, preview; tours: the turn list with the active one", () => {
    const before = render("tracker timeline before the start GM");
    expect(before.match(/data-action="setMode"/g)?.length).toBe(2);
    expect(before).toContain('aria-pressed="true"');
    expect(before).toContain('data-action="startCombat"');
    expect(before).not.toContain('data-action="endAction"');
    const tours = render("tracker tours GM");
    expect(textOf(tours)).toContain(lang === "fr" ? "Tour 3" : "Round 3");
    expect(tours).toMatch(/tactica-marker is-active"\s+data-entry-id="cyr"/);
    expect(tours).not.toContain("data-position");
  });

  it("with token images: each combatant's portrait, no placeholder icon; delayed actions keep theirs", () => {
    for (const name of ["tracker timeline GM with token images", "tracker tours GM with token images"]) {
      const html = render(name);
      // Five combatants (Éve is hidden but the GM sees her), each with its own image.
      expect(
        html.match(/<img class="tactica-marker__img" src="data:image\/svg\+xml,[^"]+" alt="" width="24" height="24">/g)
          ?.length,
      ).toBe(5);
      expect(html).not.toContain("fa-user");
    }
    expect(render("tracker timeline GM with token images").match(/fa-hourglass-half/g)?.length).toBe(1);
    expect(render("tracker timeline GM")).toContain("fa-user");
  });

  it("End-action dialog: the proposed duration, its source, the bounds", () => {
    const html = render("end action from a card");
    expect(html).toMatch(/name="duration" value="3" min="0" max="99" step="1"/);
    expect(textOf(html)).toContain(lang === "fr" ? "pouvoir, coût 2 + concentration" : "power, cost 2 + concentration");
    expect(render("end action without a card")).toMatch(/name="duration" value="1"/);
  });

  it("place form: 0–5 with the stored one selected, the other regions as checkboxes, escaped", () => {
    const html = render("place form");
    expect(html).toContain('<option value="2" selected>');
    expect(html.match(/type="checkbox"/g)?.length).toBe(3);
    expect(html).toContain('name="neighbours.r2" checked');
    expect(html).toContain(lang === "fr" ? "Nef &lt;effondrée&gt;" : "Nave &lt;collapsed&gt;");
    expect(textOf(render("place form alone"))).toContain(lang === "fr" ? "Aucune autre région" : "No other region");
  });
});

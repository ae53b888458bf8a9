import { describe, expect, it } from "vitest";
import { createTemplateHarness, textOf } from "./harness";
import { DIALOG_SAMPLES } from "./dialog-scenarios";
import { otherLanguageIn } from "../helpers/lang";

// Every roll dialog renders in strict mode in both languages, names its fields, labels every
// input, escapes user text; the live odds come from the rules.

describe.each(["fr", "en"] as const)("roll dialogs in %s", (lang) => {
  const harness = createTemplateHarness(lang);
  it.each(DIALOG_SAMPLES.map((s) => [s.name, s] as const))("%s", (_name, sample) => {
    const html = harness.render(sample.template, sample.context(lang));
    for (const bad of ["undefined", "[object Object]", "NaN", "TACTICA."]) expect(html, bad).not.toContain(bad);
    expect(html).not.toMatch(/<Vex>|<laser>|<mental>/);
    const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(sample.fields);
    for (const [, id] of html.matchAll(/<(?:input|select)[^>]*id="([^"]+)"/g)) expect(html).toContain(`for="${id}"`);
    expect(textOf(html).length).toBeGreaterThan(0);
    // ux m6: a dialog in one language holds no text of the other language's file.
    expect(otherLanguageIn(lang, textOf(html))).toEqual([]);
  });
});

describe.each(["fr", "en"] as const)("score and attack dialogs in %s", (lang) => {
  const harness = createTemplateHarness(lang);
  const sample = (name: string) => DIALOG_SAMPLES.find((s) => s.name === name)!;
  it("the score dialog names each option's governing aptitude and keeps the difficulty", () => {
    const text = textOf(harness.render(sample("score").template, sample("score").context(lang)));
    expect(text).toContain(lang === "fr" ? "Réflexe (4) — Vivacité 2" : "Reflexes (4) — Quickness 2");
    expect(harness.render(sample("score").template, sample("score").context(lang))).toContain('value="18"');
  });
  it("the attack dialog shows distance, Imprécis and a refusal naming the distance; De zone has a box per target", () => {
    const plain = textOf(
      harness.render(
        sample("attack (targets, Imprécis, out of range)").template,
        sample("attack (targets, Imprécis, out of range)").context(lang),
      ),
    );
    expect(plain).toContain(lang === "fr" ? "Imprécis −4" : "Inaccurate −4");
    expect(plain).toContain(
      lang === "fr"
        ? "Hors de portée : Ork est à une distance de 5 pour une Portée 0-3"
        : "Out of range: Ork is at a distance of 5 for Range 0-3",
    );
    expect(plain).toContain(textOf(harness.i18n.localize("TACTICA.Chat.attack.noPlace")));
    const areaSample = sample("attack (De zone 1 Et Soi)");
    const areaHtml = harness.render(areaSample.template, areaSample.context(lang));
    const area = textOf(areaHtml);
    // D-38: one box per occupant and one for the attacker (Et Soi), the ticked ones checked, with portraits.
    expect(areaHtml.match(/type="checkbox"/g)).toHaveLength(3);
    expect(areaHtml.match(/type="checkbox"[^>]* checked/g)).toHaveLength(2);
    expect(areaHtml.match(/<img class="tactica-dialog__portrait"/g)).toHaveLength(2);
    expect(area).toContain(lang === "fr" ? "Cochez 1 occupant à toucher" : "Tick 1 occupant to hit");
    expect(area).toContain(lang === "fr" ? "Kara (vous, Et Soi)" : "Kara (you, And Self)");
  });
});

import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { formatPlural, pluralForm, pluralHelper, pluralKey } from "../../src/utils/plural";
import { loadLang } from "../helpers/lang";
import { FakeI18n } from "./fake";
import { loadWorld } from "./world";

// Plural keys chosen by Intl.PluralRules (src/utils/plural.ts), read from the real language files.

const fr = new FakeI18n("fr", loadLang("fr"));
const en = new FakeI18n("en", loadLang("en"));

describe("pluralForm / pluralKey", () => {
  it("French counts 0, 1 and 1,5 as singular; English only 1", () => {
    expect([0, 1, 1.5, 2, 10].map((n) => pluralForm(n, "fr"))).toEqual(["one", "one", "one", "other", "other"]);
    expect([0, 1, 1.5, 2, 10].map((n) => pluralForm(n, "en"))).toEqual(["other", "one", "other", "other", "other"]);
  });

  it("a CLDR form other than one (French many, for millions) takes the other text", () => {
    expect(new Intl.PluralRules("fr").select(1_000_000)).toBe("many");
    expect(pluralKey("TACTICA.Chat.placesAway", 1_000_000, "fr")).toBe("TACTICA.Chat.placesAway.other");
  });

  it("reads the client's language when none is given", async () => {
    await loadWorld("en");
    expect(pluralKey("TACTICA.Chat.placesAway", 0)).toBe("TACTICA.Chat.placesAway.other");
    await loadWorld("fr");
    expect(pluralKey("TACTICA.Chat.placesAway", 0)).toBe("TACTICA.Chat.placesAway.one");
  });
});

describe("formatPlural", () => {
  it("writes the right form with the count as the language writes numbers", () => {
    expect(formatPlural(fr, "TACTICA.Chat.placesAway", 1)).toBe("à 1 lieu");
    expect(formatPlural(fr, "TACTICA.Chat.placesAway", 3)).toBe("à 3 lieux");
    expect(formatPlural(en, "TACTICA.Chat.placesAway", 1)).toBe("1 place away");
    expect(formatPlural(en, "TACTICA.Chat.placesAway", 0)).toBe("0 places away");
    expect(formatPlural(fr, "TACTICA.Card.psy.chanters", 1.5)).toBe("1,5 néophyte");
  });
});

describe("the counted texts of the cards and dialogs (ux §4)", () => {
  it("one die, one point, one stopped, half an aptitude damage: the singular; more: the plural", () => {
    const nb = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(nb(formatPlural(fr, "TACTICA.Dialog.poolOdds", 1, { chance: "17" }))).toBe(
      "Chances de réussite : 17 % avec 1 dé.",
    );
    expect(nb(formatPlural(fr, "TACTICA.Dialog.poolOdds", 3, { chance: "42" }))).toBe(
      "Chances de réussite : 42 % avec 3 dés.",
    );
    expect(formatPlural(en, "TACTICA.Dialog.poolOdds", 1, { chance: "17" })).toBe("Chance of success: 17% with 1 die.");
    expect(formatPlural(fr, "TACTICA.Card.score.degreeSize", 1)).toBe("Un degré = 1 point d'écart.");
    expect(formatPlural(en, "TACTICA.Card.score.degreeSize", 5)).toBe("One degree = 5 points of margin.");
    const burn = (i18n: FakeI18n, n: number) =>
      nb(formatPlural(i18n, "TACTICA.Combat.Threshold.BurnResisted", n, { pv: 2, after: 8 }));
    expect(burn(fr, 1)).toBe("brûle : −2 PV (reste 8), dont 1 arrêté par Résistant Incendiaire");
    expect(burn(fr, 2)).toBe("brûle : −2 PV (reste 8), dont 2 arrêtés par Résistant Incendiaire");
    const push = (n: number) => nb(formatPlural(fr, "TACTICA.Card.pool.odds", n, { chance: "42" }));
    expect(push(0.5)).toBe("Si vous poussez, 42 % de chances de réussir ; 0,5 dégât d'aptitude attendu.");
    expect(push(2.5)).toBe("Si vous poussez, 42 % de chances de réussir ; 2,5 dégâts d'aptitude attendus.");
  });
});

describe("the tacticaPlural template helper", () => {
  const render = (i18n: FakeI18n, source: string, context: object) => {
    const hb = Handlebars.create();
    hb.registerHelper(
      "tacticaPlural",
      pluralHelper(() => i18n),
    );
    return hb.compile(source, { strict: true })(context);
  };

  it("renders the form of the count given in the hash, with the other values", () => {
    const source = `{{tacticaPlural "TACTICA.Chat.stun.movedBy" count=n}}`;
    expect(render(fr, source, { n: 1 })).toBe("Étourdissement\u00a0: 1 position plus tard");
    expect(render(fr, source, { n: 2 })).toBe("Étourdissement\u00a0: 2 positions plus tard");
    expect(render(en, source, { n: 2 })).toBe("Stunned: 2 positions later");
  });

  it("refuses a missing or non-numeric count instead of printing a wrong form", () => {
    expect(() => render(fr, `{{tacticaPlural "TACTICA.Chat.placesAway"}}`, {})).toThrow(/count must be a number/);
    expect(() => render(fr, `{{tacticaPlural "TACTICA.Chat.placesAway" count=n}}`, { n: "2" })).toThrow(
      /count must be a number/,
    );
  });

  it("is registered with Foundry's Handlebars on init", async () => {
    await loadWorld("fr");
    const helper = (globalThis as unknown as { Handlebars: typeof Handlebars }).Handlebars.helpers.tacticaPlural;
    expect(typeof helper).toBe("function");
    expect(helper!("TACTICA.Chat.placesAway", { hash: { count: 2 } })).toBe("à 2 lieux");
  });
});

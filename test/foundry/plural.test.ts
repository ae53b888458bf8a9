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

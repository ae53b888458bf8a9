/**
 * Template harness: renders the REAL templates under templates/ with Handlebars and SMALL,
 * HONEST stand-ins for the Foundry v13 helpers our templates use — not Foundry's own code:
 * - `localize key [name=value…]`: the real language files; with hash arguments it formats
 *   `{name}` placeholders as `game.i18n.format` does, else returns the text (or the key itself
 *   when it is missing, as Foundry does — tests look for raw keys);
 * - `numberFormat value decimals=0 sign=false`: fixed decimals, explicit "+" when `sign`;
 * - `ifThen criteria ifTrue ifFalse`, `eq a b`: as documented in Foundry's API;
 * and the system's own helpers, registered as the system registers them on `init`:
 * - `tacticaPlural base count=n` (src/utils/plural.ts, the real helper, over the harness's i18n);
 * - `tacticaSigned n` (src/utils/signed.ts, the real helper).
 * Partials are registered under their Foundry path (`systems/tactica/templates/…`), as
 * `loadTemplates` does. Templates compile in Handlebars' strict mode by default, so a field the
 * context lacks throws instead of rendering empty.
 */
import fs from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { FakeI18n, type FakeFoundry } from "../foundry/fake";
import { loadLang } from "../helpers/lang";
import { pluralHelper } from "../../src/utils/plural";
import { signedHelper } from "../../src/utils/signed";

/** Where Foundry serves our files from. */
export const SYSTEM_PREFIX = "systems/tactica/";
const ROOT = process.cwd();

/** Every .hbs under templates/, as repository paths (`templates/chat/pool.hbs`). */
export function templateFiles(dir = path.join(ROOT, "templates")): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".hbs"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

type HelperOptions = Handlebars.HelperOptions;

function hashOf(options: HelperOptions): Record<string, unknown> {
  return (options?.hash ?? {}) as Record<string, unknown>;
}

export interface TemplateHarness {
  lang: "fr" | "en";
  i18n: FakeI18n;
  /** Renders a template by its Foundry path (`systems/tactica/templates/chat/pool.hbs`). */
  render(foundryPath: string, context: object): string;
  /** `foundry.applications.handlebars.renderTemplate`, for the fake's `Roll#render`. */
  renderTemplate(foundryPath: string, context: object): Promise<string>;
}

/** Registers the Foundry helper stand-ins (see the module comment) on a Handlebars instance. */
function registerHelpers(hb: typeof Handlebars, i18n: FakeI18n): void {
  hb.registerHelper("localize", (value: unknown, options: HelperOptions) => {
    const key = String(value);
    const data = hashOf(options);
    return Object.keys(data).length ? i18n.format(key, data) : i18n.localize(key);
  });
  hb.registerHelper("numberFormat", (value: unknown, options: HelperOptions) => {
    const { decimals = 0, sign = false } = hashOf(options) as { decimals?: number; sign?: boolean };
    const number = typeof value === "number" ? value : parseFloat(String(value));
    const text = number.toFixed(decimals);
    return new hb.SafeString(sign && number >= 0 ? `+${text}` : text);
  });
  hb.registerHelper("ifThen", (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hb.registerHelper(
    "tacticaPlural",
    pluralHelper(() => i18n),
  );
  hb.registerHelper("tacticaSigned", signedHelper);
}

/**
 * Each template's source, and its compiled form (Handlebars' template spec, which does not depend
 * on the instance, its helpers or partials) per strictness, made once per vitest worker instead of
 * once per harness: compiling the templates was the largest cost of the Foundry-fake tests. Each
 * harness still gets templates of its own Handlebars instance (`hb.template(spec)`), compiled with
 * the same options as `hb.compile`.
 */
let sources: Map<string, string> | undefined;
const specs = new Map<string, TemplateSpecification>();
type TemplateSpecification = Parameters<typeof Handlebars.template>[0];

function templateSources(): Map<string, string> {
  sources ??= new Map(templateFiles().map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")]));
  return sources;
}

function templateSpec(file: string, source: string, strict: boolean): TemplateSpecification {
  const key = `${strict ? "strict" : "lax"}:${file}`;
  let spec = specs.get(key);
  if (spec === undefined) {
    // `precompile` gives the spec as JavaScript source (what build tools ship); evaluate it once.
    spec = new Function(`return ${Handlebars.precompile(source, { strict })};`)() as TemplateSpecification;
    specs.set(key, spec);
  }
  return spec;
}

/**
 * Stand-ins for the few strings of core's own language file the templates show (core's file is
 * not ours to ship): the message modes the fake lists (test/foundry/fake-chat.ts `CHAT.Mode.*`),
 * so a picture shows words, not keys.
 */
const CORE_STRINGS = {
  fr: { publicroll: "Public", gmroll: "MJ seulement", blindroll: "Aveugle (MJ)", selfroll: "Soi seul" },
  en: { publicroll: "Public", gmroll: "GM only", blindroll: "Blind (GM)", selfroll: "Self only" },
} as const;

/** Our language file with the stand-ins of core's strings. */
function withCoreStrings(lang: "fr" | "en"): Record<string, unknown> {
  const modes = CORE_STRINGS[lang];
  const v14 = { public: modes.publicroll, gm: modes.gmroll, blind: modes.blindroll, self: modes.selfroll };
  const chat = Object.freeze({
    Mode: Object.freeze({ ...modes, ...v14, ic: lang === "fr" ? "En personnage" : "In character" }),
  });
  return (withCore[lang] ??= Object.freeze({ ...loadLang(lang), CHAT: chat }));
}
const withCore: Partial<Record<"fr" | "en", Record<string, unknown>>> = {};

/**
 * A harness for one language, with every template of templates/ registered as a partial;
 * `coreStrings`: with the stand-ins of core's strings (the gallery's pictures), else core's keys
 * show as keys.
 */
export function createTemplateHarness(
  lang: "fr" | "en" = "fr",
  { strict = true, coreStrings = false } = {},
): TemplateHarness {
  const hb = Handlebars.create();
  const i18n = new FakeI18n(lang, coreStrings ? withCoreStrings(lang) : loadLang(lang));
  registerHelpers(hb, i18n);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  for (const [file, source] of templateSources()) {
    // Compiled on first use, as `hb.compile` does.
    let delegate: Handlebars.TemplateDelegate | undefined;
    const template: Handlebars.TemplateDelegate = (context, options) =>
      (delegate ??= hb.template(templateSpec(file, source, strict)))(context, options);
    // Registered compiled, as Foundry's loadTemplates does: a partial registered as source text is
    // recompiled on every top-level render, which made renders with many rows far slower than
    // Foundry's (the sheet benchmark).
    hb.registerPartial(`${SYSTEM_PREFIX}${file}`, template);
    compiled.set(`${SYSTEM_PREFIX}${file}`, template);
  }
  const render = (foundryPath: string, context: object): string => {
    const template = compiled.get(foundryPath);
    if (!template) throw new Error(`template harness: no template at ${foundryPath}`);
    return template(context);
  };
  return { lang, i18n, render, renderTemplate: async (p, c) => render(p, c) };
}

/** Makes `foundry.applications.handlebars.renderTemplate` render through the harness. */
export function installTemplateHarness(fake: FakeFoundry, harness: TemplateHarness): void {
  const applications = fake.foundry.applications as { handlebars?: Record<string, unknown> };
  applications.handlebars = { ...(applications.handlebars ?? {}), renderTemplate: harness.renderTemplate };
}

/** The visible text of rendered HTML: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&#x3D;/g, "=")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** What {@link setupDiceWorld} gives a test. */
export interface DiceWorld {
  fake: FakeFoundry;
  harness: TemplateHarness;
  dice: typeof import("../../src/dice/index");
}

/**
 * A Foundry fake in `lang` with the template harness as renderer, the real dice layer loaded
 * and its roll classes in `CONFIG.Dice.rolls` (the entry module's job in the real system).
 * The dice module is imported after the fake exists, as Foundry loads systems after its API.
 */
export async function setupDiceWorld(lang: "fr" | "en" = "fr"): Promise<DiceWorld> {
  const { installFoundryFake } = await import("../foundry/fake");
  const fake = installFoundryFake(loadLang(lang), lang);
  const harness = createTemplateHarness(lang);
  installTemplateHarness(fake, harness);
  const dice = await import("../../src/dice/index");
  (fake.CONFIG.Dice as { rolls: unknown[] }).rolls.push(...dice.DICE_ROLLS);
  // The world settings the cards read (S-push-scores…), registered as the entry does on init.
  const { registerSettings } = await import("../../src/config/settings");
  registerSettings();
  return { fake, harness, dice };
}

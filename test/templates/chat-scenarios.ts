/**
 * Every chat card state, rendered by the real roll classes (dice queued in the fake) through the
 * real templates and language files. Shared by the template tests (text and buttons) and the
 * browser checks (layout and accessibility in Chromium).
 */
import Handlebars from "handlebars";
import { queueDiceFaces } from "../foundry/fake-dice";
import type { DiceWorld } from "./harness";
import type { CardStateContext, TargetRow } from "../../src/chat/card-state";
import { damageChain } from "../../src/chat/damage-chain";
import { WORLD_SCENARIOS } from "./chat-world-scenarios";
import { named, readerLang } from "./sample-names";

export type Dice = DiceWorld["dice"];
export type Lang = "fr" | "en";
type PoolOptions = ConstructorParameters<Dice["PoolRoll"]>[2];

export interface Scenario {
  name: string;
  render(dice: Dice): Promise<string>;
  /** visible text expected, per language */
  shows: Record<Lang, string[]>;
  /** visible text that must not appear (both languages) */
  hides?: string[];
  /** `data-action` buttons expected, in order */
  buttons?: string[];
}

// A portrait that resolves offline (a real world serves actor images from its data folder).
const PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#6b4a2b"/><circle cx="18" cy="14" r="7" fill="#d9b98c"/><rect x="7" y="24" width="22" height="12" rx="6" fill="#d9b98c"/></svg>',
  );
const KARA = { name: "Kara <Vex>", img: PORTRAIT };

async function pool(dice: Dice, faces: number[], options: Partial<PoolOptions> = {}) {
  const all: PoolOptions = {
    aptitude: "vivacite",
    aptitudeValue: 3,
    subAptitude: "reflexe",
    subAptitudeValue: 2,
    gear: { name: named("rifle"), bonus: 1 },
    subject: KARA,
    ...options,
  };
  queueDiceFaces(faces);
  return new dice.PoolRoll(dice.PoolRoll.formulaFor(all), {}, all).evaluate();
}

async function pushedPool(
  dice: Dice,
  first: number[],
  reroll: number[],
  options: Partial<PoolOptions>,
  actor = { willpower: 3, gainsWillpower: true },
) {
  const roll = await pool(dice, first, options);
  queueDiceFaces(reroll);
  return roll.push(actor);
}

async function d10<C extends Dice["PsyRoll"] | Dice["ProfileTest"]>(
  cls: C,
  face: number,
  options: ConstructorParameters<C>[2],
) {
  queueDiceFaces([face]);
  return new cls("1d10", {}, options as never).evaluate();
}

const BASE_ONLY = { aptitudeValue: 3, subAptitudeValue: 0, subAptitude: null, gear: null } as const;

/** The cards a dice world renders (the roll classes, with card states as src/chat/card-state.ts builds them). */
const CARD_SCENARIOS: Scenario[] = [
  {
    name: "pool before a push, with the exact odds line",
    render: async (d) => (await pool(d, [2, 3, 4], BASE_ONLY)).render({ buttons: { push: true } }),
    shows: {
      fr: [
        "Jet de réserve",
        "Kara <Vex>",
        "Vivacité",
        "dés de base",
        "Premier jet",
        "Échec",
        "0 succès",
        "Si vous poussez, 42 % de chances de réussir ; 0,5 dégât d'aptitude attendu.",
        "Pousser le jet",
      ],
      en: [
        "Dice pool roll",
        "Quickness",
        "base dice",
        "First roll",
        "Failure",
        "0 successes",
        "If you push, 42% chance of success and 0.5 aptitude damage expected.",
        "Push the roll",
      ],
    },
    hides: ["Conséquences", "Consequences"],
    buttons: ["push"],
  },
  {
    name: "pool before a push, the push button withheld by the card model",
    render: async (d) => (await pool(d, [1, 3, 6, 1, 4, 2])).render(),
    shows: {
      fr: [
        "Réflexe",
        "dés de compétence",
        "Fusil laser",
        "dés d'équipement",
        "Succès requis",
        "Réussite",
        "1 succès",
        "100 % de chances de réussir ; 1,2 dégât d'aptitude attendu",
      ],
      en: [
        "Reflexes",
        "skill dice",
        "Las rifle",
        "gear dice",
        "Successes needed",
        "Success",
        "1 success",
        "100% chance of success and 1.2 aptitude damage expected",
      ],
    },
    buttons: [],
  },
  {
    name: "pool after a push, with its consequences",
    render: async (d) =>
      (await pushedPool(d, [1, 3, 6, 1, 4, 2], [1, 6, 1, 1], {})).render({ buttons: { push: true } }),
    shows: {
      fr: [
        "Premier jet",
        "Après la poussée",
        "Réussite",
        "2 succès",
        "Conséquences de la poussée",
        "Dégâts d'aptitude — Vivacité −2 (3 → 1)",
        "Points de Volonté +2 (3 → 5)",
        "Bonus d'équipement — Fusil laser −1 (1 → 0)",
        "Ce jet a déjà été poussé.",
      ],
      en: [
        "After the push",
        "2 successes",
        "Consequences of the push",
        "Aptitude damage — Quickness −2 (3 → 1)",
        "Willpower points +2 (3 → 5)",
        "Gear bonus — Las rifle −1 (1 → 0)",
        "This roll has already been pushed.",
      ],
    },
    hides: ["Si vous poussez", "If you push"],
    buttons: [],
  },
  {
    name: "pool pushed by an npc: no WP",
    render: async (d) =>
      (await pushedPool(d, [2, 3, 4], [1, 1, 5], BASE_ONLY, { willpower: 3, gainsWillpower: false })).render(),
    shows: {
      fr: [
        "Dégâts d'aptitude — Vivacité −2 (3 → 1)",
        "Points de Volonté +0 (3 → 3)",
        "un personnage du MJ ne gagne jamais de Volonté",
      ],
      en: ["Willpower points +0 (3 → 3)", "a GM character never gains willpower"],
    },
  },
  {
    name: "pool push capped at 10 WP",
    render: async (d) =>
      (await pushedPool(d, [2, 3, 4], [1, 1, 1], BASE_ONLY, { willpower: 9, gainsWillpower: true })).render(),
    shows: {
      fr: ["Points de Volonté +1 (9 → 10)", "plafonnés à 10"],
      en: ["Willpower points +1 (9 → 10)", "capped at 10"],
    },
  },
  {
    name: "pool push that costs nothing",
    render: async (d) =>
      (await pushedPool(d, [1, 1], [1, 1], { aptitudeValue: 0, subAptitudeValue: 2, gear: null })).render(),
    shows: { fr: ["0 succès", "la poussée ne coûte rien"], en: ["0 successes", "the push costs nothing"] },
  },
  {
    name: "pool that cannot be pushed",
    render: async (d) =>
      (await pool(d, [6, 6, 6], { aptitudeValue: 2, subAptitudeValue: 1, gear: null })).render({
        buttons: { push: true },
      }),
    shows: {
      fr: ["3 succès", "Aucun dé à relancer : ce jet ne peut pas être poussé."],
      en: ["3 successes", "No die to reroll: this roll cannot be pushed."],
    },
    buttons: [],
  },
  {
    name: "a blind pool roll seen by a player",
    render: async (d) => (await pool(d, [2, 3, 4], BASE_ONLY)).render({ isPrivate: true, buttons: { push: true } }),
    shows: {
      fr: ["Jet de réserve", "Jet caché : seul le MJ en voit le résultat."],
      en: ["Hidden roll: only the GM sees the result."],
    },
    hides: ["Vivacité", "Quickness", "succès", "success", "42"],
    buttons: [],
  },
  {
    name: "psy cast succeeding: what happens, the power's effect text, one verdict per target",
    render: async (d) =>
      (
        await d10(d.PsyRoll, 7, {
          mode: "cast",
          level: 5,
          mastery: 2,
          cost: 4,
          resist: "for",
          title: named("misdirect"),
          subject: KARA,
        })
      ).render({
        state: state({
          // Enriched rich text, marked safe as src/chat/card-state.ts marks it.
          effect: new Handlebars.SafeString(`<p>${named("effect")}</p>`),
          targets: [
            row({
              index: 0,
              name: "Vex <Vex>",
              verdict: "TACTICA.Chat.verdict.psy.pending",
              canResist: true,
              distance: 2,
              hasFacts: true,
            }),
            row({
              index: 1,
              name: "Ork",
              outcome: "failed",
              tone: "good",
              verdict: "TACTICA.Chat.verdict.psy.failed",
              natural: 8,
              against: { label: "TACTICA.Profile.for.abbr", value: 5 },
            }),
            row({
              index: 2,
              name: "Brute",
              outcome: "resisted",
              tone: "bad",
              verdict: "TACTICA.Chat.verdict.psy.resisted",
              natural: 2,
            }),
          ],
          acSpent: 4,
        }),
      }),
    shows: {
      fr: [
        "Lancement de pouvoir psy",
        "Kara <Vex>",
        "Mal dirigé",
        "Réussite",
        "Le pouvoir prend effet.",
        "Il faut faire 7 ou moins sur le d10.",
        "Chaque cible peut tenter d'y résister avec FOR.",
        "Effet du pouvoir",
        "La cible prend pour alliée la figurine la plus",
        "Vex <Vex> : résistance attendue",
        "à 2 lieux",
        "Résister",
        "Ork ne résiste pas",
        "d10 : 8 contre FOR 5",
        "Brute résiste",
        "d10 : 2",
        "AC dépensées : 4.",
        "Niveau du pouvoir 5",
        "Maîtrise +2",
        "Seuil (d10 ≤) 7",
      ],
      en: [
        "Casting a psychic power",
        "The power takes effect.",
        "Each target may try to resist it with FOR.",
        "Power effect",
        "Vex <Vex>: resist roll pending",
        "2 places away",
        "Resist",
        "Ork does not resist",
        "d10: 8 against FOR 5",
        "Brute resists",
        "Power level 5",
        "Mastery +2",
        "Target (d10 ≤) 7",
      ],
    },
    buttons: ["resist"],
  },
  {
    name: "psy cast failing: no resist",
    render: async (d) => (await d10(d.PsyRoll, 8, { mode: "cast", level: 5, mastery: 2, resist: "for" })).render(),
    shows: {
      fr: ["Échec", "Le pouvoir ne prend pas effet.", "Seuil (d10 ≤) 7"],
      en: ["Failure", "The power does not take effect."],
    },
    hides: ["résister", "resist it with", "Le pouvoir prend effet", "Effet du pouvoir"],
    buttons: [],
  },
  {
    name: "psy natural 10 with chanting neophytes",
    render: async (d) => (await d10(d.PsyRoll, 10, { mode: "cast", level: 6, mastery: 0, chanters: 5 })).render(),
    shows: {
      fr: [
        "Chant psy",
        "(5 néophytes) +3",
        "Seuil (d10 ≤) 9",
        "Échec",
        "10 naturel : échec automatique.",
        "Le pouvoir ne prend pas effet.",
      ],
      en: ["Psychic chant", "(5 neophytes) +3", "Natural 10: automatic failure.", "The power does not take effect."],
    },
  },
  {
    name: "psy cancel with concentration",
    render: async (d) => (await d10(d.PsyRoll, 7, { mode: "cancel", level: 5, concentration: true })).render(),
    shows: {
      fr: [
        "Annulation d'un pouvoir",
        "Bonus d'annulation +1",
        "Concentration +1",
        "Coût (AC) 4",
        "Seuil (d10 ≤) 7",
        "Réussite",
        "L'effet visé prend fin.",
      ],
      en: ["Cancelling a power", "Cancel bonus +1", "Concentration +1", "Cost (AC) 4", "The targeted effect ends."],
    },
  },
  {
    name: "pressure capped at the printed value",
    render: async (d) => {
      queueDiceFaces([5]);
      const roll = await new d.PressureRoll(
        "1d6",
        {},
        { target: "mou", printedValue: 3, title: named("legs"), subject: KARA },
      ).evaluate();
      return roll.render({ buttons: { applyPressure: true } });
    },
    shows: {
      fr: [
        "Jet de pression",
        "Jambes à vapeur",
        "Mouvement",
        "valeur imprimée",
        "Table",
        "dé : 5",
        "+4",
        "Bonus de pression +3",
        "Plafonné à la valeur imprimée (3).",
        "Appliquer le bonus",
      ],
      en: [
        "Pressure roll",
        "Movement",
        "printed value",
        "die: 5",
        "Pressure bonus +3",
        "Capped at the printed value (3).",
        "Apply the bonus",
      ],
    },
    buttons: ["applyPressure"],
  },
  {
    name: "pressure on PEUR, halved",
    render: async (d) => {
      queueDiceFaces([6]);
      return (await new d.PressureRoll("1d6", {}, { target: "peur", printedValue: 3 }).evaluate()).render();
    },
    shows: {
      fr: ["Peur", "Moitié (PEUR, arrondi à l'inférieur) +2", "Bonus de pression +2", "Dure jusqu'à la fin du tour."],
      en: ["Fear", "Halved (FEAR, rounded down) +2", "Pressure bonus +2", "Lasts until the end of the turn."],
    },
    hides: ["Plafonné", "Capped"],
  },
  {
    name: "pressure with one die: choosing offered, no die to choose",
    render: async (d) => {
      queueDiceFaces([4]);
      return (await new d.PressureRoll("1d6", {}, { target: "att", printedValue: 5 }).evaluate()).render({
        buttons: { chooseDie: true },
      });
    },
    shows: { fr: ["Bonus de pression"], en: ["Pressure bonus"] },
    hides: ["Cliquez sur un dé", "Click a die"],
    buttons: [],
  },
  {
    name: "pressure with several dice to choose from",
    render: async (d) => {
      queueDiceFaces([2, 5, 3]);
      return (await new d.PressureRoll("3d6", {}, { target: "att", printedValue: 5 }).evaluate()).render({
        buttons: { chooseDie: true },
      });
    },
    shows: {
      fr: ["Bonus de pression +4", "Plusieurs dés", "Cliquez sur un dé pour le retenir à la place du meilleur."],
      en: ["Pressure bonus +4", "Several dice", "Click a die to keep it instead of the best one."],
    },
    buttons: ["chooseDie", "chooseDie", "chooseDie"],
  },
  {
    name: "pressure with a die the player chose instead of the best",
    render: async (d) => {
      queueDiceFaces([2, 5, 3]);
      const roll = await new d.PressureRoll(
        "3d6",
        {},
        { target: "att", printedValue: 5, subject: KARA, title: named("arm") },
      ).evaluate();
      return roll.choose(2).render({ buttons: { chooseDie: true } });
    },
    shows: { fr: ["Bonus de pression +3", "Plusieurs dés"], en: ["Pressure bonus +3"] },
    buttons: ["chooseDie", "chooseDie", "chooseDie"],
  },
  {
    name: "morale test failed, panic offered",
    render: async (d) =>
      (
        await d10(d.ProfileTest, 9, {
          characteristic: "co",
          value: 7,
          purpose: "morale",
          co: { banner: true, outnumbered: true },
        })
      ).render({ buttons: { rollPanic: true } }),
    shows: {
      fr: [
        "Test de moral",
        "Commandement 7",
        "Bannière présente +1",
        "En infériorité numérique −1",
        "Seuil (d10 ≤) 7",
        "Échec",
        "Moral rompu",
        "Tirer sur la table de panique",
      ],
      en: [
        "Morale test",
        "Command",
        "Banner present +1",
        "Outnumbered −1",
        "Failure",
        "Morale broken",
        "Roll on the panic table",
      ],
    },
    buttons: ["rollPanic"],
  },
  {
    name: "panic drawn after a failed morale test: the result first",
    render: async (d) =>
      (await d10(d.ProfileTest, 9, { characteristic: "co", value: 7, purpose: "morale", subject: KARA })).render({
        state: state({
          panic: {
            label: "TACTICA.Panic.retreat.label",
            effect: "TACTICA.Panic.retreat.effect",
            face: 4,
            die: 4,
            faceKey: "TACTICA.Chat.panic.face",
            icon: "fa-solid fa-person-running",
          },
        }),
      }),
    shows: {
      fr: ["Test de moral", "Kara <Vex>", "Échec", "Moral rompu", "Retraite", "d10 : 4", "se replie aussitôt"],
      en: ["Morale test", "Failure", "Retreat", "d10: 4"],
    },
    hides: ["Tirer sur la table de panique", "Roll on the panic table"],
    buttons: [],
  },
  {
    name: "panic drawn after a failed rally, with its +1",
    render: async (d) =>
      (await d10(d.ProfileTest, 9, { characteristic: "co", value: 6, purpose: "rally", ac: 5, subject: KARA })).render({
        state: state({
          panic: {
            label: "TACTICA.Panic.terror.label",
            effect: "TACTICA.Panic.terror.effect",
            face: 9,
            die: 8,
            faceKey: "TACTICA.Chat.panic.faceAfterRally",
            icon: "fa-solid fa-ghost",
          },
          notes: ["TACTICA.Chat.panic.plusOne"],
        }),
      }),
    // ux m1: the natural die and its +1, not the total alone.
    shows: {
      fr: ["Ralliement", "Échec", "Terreur", "d10 : 8 + 1 = 9", "+1 au dé"],
      en: ["Rally", "Terror", "d10: 8 + 1 = 9", "+1 to the die"],
    },
    buttons: [],
  },
  {
    name: "Détruite drawn after a failed rally: a 10 plus 1 counts as 10 (D-45)",
    render: async (d) =>
      (await d10(d.ProfileTest, 8, { characteristic: "co", value: 5, purpose: "rally", ac: 4, subject: KARA })).render({
        state: state({
          panic: {
            label: "TACTICA.Panic.destroyed.label",
            effect: "TACTICA.Panic.destroyed.effect",
            face: 10,
            die: 10,
            faceKey: "TACTICA.Chat.panic.faceCapped",
            icon: "fa-solid fa-skull",
          },
          notes: ["TACTICA.Chat.panic.plusOne"],
        }),
      }),
    shows: {
      fr: ["Ralliement", "Détruite", "d10 : 10 + 1, compte pour 10", "retiré comme pertes"],
      en: ["Rally", "Destroyed", "d10: 10 + 1, counted as 10"],
    },
    buttons: [],
  },
  {
    name: "fear test when charging, failed: the charge is called off",
    render: async (d) =>
      (
        await d10(d.ProfileTest, 7, { characteristic: "co", value: 7, purpose: "fear", co: { fear: 2 }, subject: KARA })
      ).render({ state: state({ notes: ["TACTICA.Chat.fear.chargeCalledOff"] }) }),
    shows: {
      fr: ["Test de peur", "Échec", "Peur de l'ennemi −2", "La charge est annulée"],
      en: ["Fear test", "Failure", "The charge is called off"],
    },
    buttons: [],
  },
  {
    name: "fear test when charged, failed: the GM rules",
    render: async (d) =>
      (
        await d10(d.ProfileTest, 8, {
          characteristic: "co",
          value: 7,
          purpose: "fear",
          co: { fear: 1, banner: true },
          subject: KARA,
        })
      ).render({ state: state({ notes: ["TACTICA.Chat.fear.chargedFailed"] }) }),
    // ux m10: the GM decides, said once.
    shows: {
      fr: ["Test de peur", "Échec", "Bannière présente +1", "Charge d'un ennemi qui cause la peur", "le MJ décide"],
      en: ["Fear test", "Charged by a fear-causing enemy", "the GM rules what follows"],
    },
    hides: ["si l'unité est chargée", "if the unit is being charged", "Test de peur raté"],
    buttons: [],
  },
  {
    name: "rally succeeding",
    render: async (d) =>
      (await d10(d.ProfileTest, 3, { characteristic: "co", value: 6, purpose: "rally", ac: 5 })).render({
        buttons: { rollPanic: true },
      }),
    shows: {
      fr: ["Ralliement", "Coût du ralliement (AC) 2", "Réussite", "dispose aussitôt de 2 AC"],
      en: ["Rally", "Rally cost (AC) 2", "has 2 AC to use now"],
    },
    buttons: [],
  },
  {
    name: "profile test failing on a natural 10 (S-nat10)",
    render: async (d) =>
      (
        await d10(d.ProfileTest, 10, {
          characteristic: "end",
          value: 10,
          purpose: "resist",
          natural10Fails: true,
          modifiers: [{ name: named("drug"), value: 1 }],
        })
      ).render(),
    shows: {
      fr: [
        "Résister à un pouvoir",
        "Endurance 10",
        "Modificateur — Drogue de combat +1",
        "Seuil (d10 ≤) 11",
        "10 naturel : échec automatique.",
        "Le pouvoir fait effet.",
      ],
      en: [
        "Resisting a power",
        "Modifier — Combat drug +1",
        "Natural 10: automatic failure.",
        "The power takes effect.",
      ],
    },
  },
  {
    name: "score test failing by less than a degree (ux m13)",
    render: async (d) => {
      const o = {
        aptitude: "vivacite",
        aptitudeValue: 2,
        subAptitude: "reflexe",
        subAptitudeValue: 4,
        difficulty: 14,
      } as const;
      queueDiceFaces([3, 3]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: {
      fr: ["Test de score", "Échec 12", "échec de justesse (0 degré)", "Un degré = 5 points d'écart."],
      en: ["Score test", "Failure 12", "narrow failure (0 degrees)", "One degree = 5 points of margin."],
    },
    hides: ["0 degré d'échec", "0 degrees of failure"],
  },
  {
    name: "score test succeeding with degrees",
    render: async (d) => {
      const o = {
        aptitude: "vivacite",
        aptitudeValue: 2,
        subAptitude: "reflexe",
        subAptitudeValue: 4,
        difficulty: 10,
      } as const;
      queueDiceFaces([6, 6]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: {
      fr: [
        "Test de score",
        "Vivacité 2",
        "Réflexe 4",
        "Score 6",
        "Difficulté 10",
        "Réussite 18",
        "1 degré de réussite",
        "Un degré = 5 points d'écart.",
      ],
      en: ["Score test", "Score 6", "Difficulty 10", "Success 18", "1 degree of success"],
    },
  },
  {
    name: "score test before a push (Pousser les tests de score on), with its odds",
    render: async (d) => withPushScores(async () => (await scoreTest(d, [1, 4])).render({ buttons: { push: true } })),
    shows: {
      fr: [
        "Test de score",
        "Kara <Vex>",
        "Échec 12",
        "Score 7",
        "Difficulté 14",
        "Si vous poussez, 17 % de chances de réussir ; 1,2 dégât d'aptitude attendu.",
        "Pousser le jet",
      ],
      en: [
        "Score test",
        "Failure 12",
        "If you push, 17% chance of success and 1.2 aptitude damage expected.",
        "Push the roll",
      ],
    },
    buttons: ["push"],
  },
  {
    name: "score test after a push, with its consequences",
    render: async (d) =>
      withPushScores(async () => {
        const roll = await scoreTest(d, [1, 4]);
        queueDiceFaces([6]);
        return roll
          .pushedWith(await roll.pushDice().evaluate(), { willpower: 3, gainsWillpower: true })
          .render({ buttons: { push: true } });
      }),
    shows: {
      fr: [
        "Test de score",
        "Réussite 14",
        "Premier jet",
        "Après la poussée",
        "Dégâts d'aptitude — Vivacité −1 (4 → 3)",
        "Points de Volonté +1 (3 → 4)",
        "Ce jet a déjà été poussé.",
      ],
      en: [
        "Score test",
        "Success 14",
        "After the push",
        "Aptitude damage — Quickness −1 (4 → 3)",
        "Willpower points +1 (3 → 4)",
        "This roll has already been pushed.",
      ],
    },
    hides: ["Pousser le jet", "Push the roll"],
    buttons: [],
  },
  {
    name: "stun test failing (seed 004's example)",
    render: async (d) => {
      const o = {
        purpose: "stun",
        aptitudeValue: 2,
        subAptitude: "reflexe",
        subAptitudeValue: 4,
        difficulty: 18,
      } as const;
      queueDiceFaces([3, 4]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    shows: {
      fr: [
        "Test d'étourdissement",
        "Échec 13",
        "1 degré d'échec",
        "La position de la cible est repoussée de 2 positions sur la ligne du temps ; en mode tours, elle a 2 AC de moins à sa prochaine activation.",
      ],
      en: [
        "Stun test",
        "Failure 13",
        "1 degree of failure",
        "The target moves 2 positions later on the timeline; in rounds mode, it has 2 fewer AC at its next activation.",
      ],
    },
  },
  {
    name: "attack: the total only (defend and damage are on the target rows)",
    render: async (d) => {
      const o = {
        purpose: "attack",
        aptitude: "vivacite",
        aptitudeValue: 3,
        subAptitude: "precision",
        subAptitudeValue: 2,
        title: named("rifleTag"),
        // The weapon's line as the attack writes it (src/actions/score.ts), in the reader's language.
        flavor: readerLang() === "en" ? "FOR 4 · Penetrating 1" : "FOR 4 · Pénétrant 1",
        subject: KARA,
      } as const;
      queueDiceFaces([4, 5]);
      return (await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate()).render();
    },
    // ux m3: the score with what it is made of, one row; the weapon's FOR and attributes under its name.
    shows: {
      fr: [
        "Attaque",
        "Kara <Vex>",
        "Fusil <laser> FOR 4 · Pénétrant 1",
        "Score 5 = Vivacité 3 + Précision 2 Dés",
        "Total 14",
      ],
      en: ["Attack", "Rifle <laser> FOR 4 · Penetrating 1", "Total 14", "Score 5 = Quickness 3 + Precision 2 Dice"],
    },
    hides: ["Réussite", "Échec", "Success", "Failure", "Se défendre", "Defend"],
    buttons: [],
  },
  // — the state part under a roll, and the cards without a roll (src/chat/kinds/) —
  {
    name: "attack with one verdict per target: pending defence, hit to apply, damage chain, out of range",
    render: async (d) => {
      const o = {
        purpose: "attack",
        aptitudeValue: 3,
        subAptitude: "precision",
        subAptitudeValue: 2,
        title: named("rifleTag"),
        subject: KARA,
      } as const;
      queueDiceFaces([4, 5]);
      const roll = await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate();
      const targets = [
        row({
          index: 0,
          name: "Vex <Vex>",
          verdict: "TACTICA.Chat.verdict.attack.pending",
          canDefend: true,
          distance: 2,
          modifier: -1,
          hasFacts: true,
        }),
        row({
          index: 1,
          name: "Ork",
          outcome: "hit",
          tone: "good",
          verdict: "TACTICA.Chat.verdict.attack.hit",
          versus: { attack: 14, defence: 9 },
          dice: "3 + 4",
          hasFacts: true,
          canApplyDamage: true,
        }),
        row({
          index: 2,
          name: "Brute",
          outcome: "hit",
          tone: "good",
          verdict: "TACTICA.Chat.verdict.attack.hit",
          versus: { attack: 14, defence: 5 },
          dice: "1 + 2",
          hasFacts: true,
          chain: damageChain({ dealt: 7, field: 4, armour: 1, resistant: 0, pv: 2 }),
          stun: 2,
          stunForGM: true,
        }),
        row({
          index: 3,
          name: named("sergeant"),
          outcome: "miss",
          tone: "bad",
          verdict: "TACTICA.Chat.verdict.attack.miss",
          versus: { attack: 13, defence: 15 },
          dice: "6 + 5",
          modifier: -1,
          hasFacts: true,
        }),
        row({
          index: 4,
          name: named("far"),
          outcome: "miss",
          tone: "bad",
          verdict: "TACTICA.Chat.verdict.attack.miss",
          note: "TACTICA.Chat.attack.outOfRange",
        }),
      ];
      return roll.render({ state: state({ targets }) });
    },
    shows: {
      fr: [
        "Attaque",
        "Kara <Vex>",
        "Total 14",
        "Vex <Vex> : défense attendue",
        "à 2 lieux",
        "modificateur −1",
        "Se défendre",
        "Touche Ork",
        "14 contre 9",
        "dés : 3 + 4",
        "Appliquer les dégâts",
        "Touche Brute",
        "Dégâts 7 → champ −4 → armure −1 → PV −2",
        "Étourdissement : 2 positions plus tard — à reporter par le MJ ; en mode tours, 2 AC de moins à sa prochaine activation",
        "Manque Sergent Korvath",
        "13 contre 15",
        "Manque Loin",
        "Hors de portée.",
      ],
      en: [
        "Vex <Vex>: defence to roll",
        "2 places away",
        "modifier −1",
        "Defend",
        "Hits Ork",
        "14 vs 9",
        "Apply damage",
        "Damage 7 → field −4 → armour −1 → PV −2",
        "Misses Sergeant Korvath",
        "Out of range.",
      ],
    },
    hides: ["résistant −0", "resistant −0"],
    buttons: ["defend", "applyDamage"],
  },
  {
    name: "a card's facts: AC spent, a delayed action waiting on the timeline, no GM connected",
    render: async (d) => {
      const o = {
        purpose: "attack",
        aptitudeValue: 3,
        subAptitude: "precision",
        subAptitudeValue: 2,
        title: named("rifleTag"),
        subject: KARA,
      } as const;
      queueDiceFaces([2, 2]);
      const roll = await new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate();
      const targets = [row({ index: 0, name: "Ork", verdict: "TACTICA.Chat.verdict.attack.pending" })];
      return roll.render({ state: state({ targets, acSpent: 3, delayed: 4, delayedWaiting: true, noGM: true }) });
    },
    shows: {
      fr: [
        "Ork : défense attendue",
        "AC dépensées : 3.",
        "Action différée : elle se résout 4 positions plus tard.",
        "Son marqueur attend sur la ligne du temps",
        "Aucun MJ n'est connecté",
      ],
      en: [
        "Ork: defence to roll",
        "AC spent: 3.",
        "Delayed action: it resolves 4 positions later.",
        "Its marker waits on the timeline",
        "No GM is connected",
      ],
    },
    buttons: [],
  },
  {
    name: "a card whose data cannot be read",
    render: async () => infoLine({ damaged: true }),
    shows: { fr: ["Carte illisible : ses données sont abîmées."], en: ["Unreadable card: its data is damaged."] },
    buttons: [],
  },
];

/**
 * Every chat card state: the rolls above, then the cards played through the product in a world of
 * their own (chat-world-scenarios.ts), last because each replaces the test's Foundry fake.
 */
export const SCENARIOS: Scenario[] = [...CARD_SCENARIOS, ...WORLD_SCENARIOS];

/** A score test of Kara (Vivacité 4 + Réflexe 3 = score 7) against 14, its two d6 queued. */
async function scoreTest(d: Dice, faces: [number, number]) {
  const o = {
    purpose: "test",
    aptitude: "vivacite",
    aptitudeValue: 4,
    subAptitude: "reflexe",
    subAptitudeValue: 3,
    difficulty: 14,
    subject: KARA,
  } as const;
  queueDiceFaces(faces);
  return new d.ScoreRoll(d.ScoreRoll.formulaFor(o), {}, o).evaluate();
}

/** Renders with the world setting S-push-scores on (D-43), then puts it back. */
async function withPushScores(render: () => Promise<string>): Promise<string> {
  const settings = game.settings!;
  const before = settings.get("tactica", "pushScores");
  await settings.set("tactica", "pushScores", true);
  try {
    return await render();
  } finally {
    await settings.set("tactica", "pushScores", before);
  }
}

/** The damaged-card notice of the cards without a roll. */
function infoLine(context: { damaged: true }): Promise<string> {
  return foundry.applications.handlebars.renderTemplate("systems/tactica/templates/chat/info-card.hbs", context);
}

/** A target row as src/chat/card-state.ts builds it: a pending one, with `o` on top. */
function row(o: Partial<TargetRow> & Pick<TargetRow, "index" | "name" | "verdict">): TargetRow {
  return {
    outcome: "pending",
    tone: "pending",
    versus: null,
    natural: null,
    against: null,
    dice: "",
    modifier: 0,
    distance: null,
    hasFacts: false,
    note: null,
    chain: null,
    canResist: false,
    canDefend: false,
    canApplyDamage: false,
    stun: null,
    stunForGM: false,
    ...o,
  };
}

/** A card's state as src/chat/card-state.ts builds it (empty, with `o` on top), for the roll's own render. */
function state(o: Partial<CardStateContext>): CardStateContext {
  return {
    targets: [],
    notes: [],
    panic: null,
    effect: null,
    delayedWaiting: false,
    acSpent: null,
    delayed: null,
    noGM: false,
    hasState: true,
    ...o,
  };
}

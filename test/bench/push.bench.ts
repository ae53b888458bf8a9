import { bench, describe } from "vitest";
import { generationLabel } from "./generation";
import { queueDiceFaces } from "../foundry/fake-dice";
import { setupDiceWorld } from "../templates/harness";

// DESIGN.md §6 budget: a pool push + its chat card render < 2 ms (median). The real PoolRoll,
// real templates and language file, in the Foundry fake (dice from its seeded source).
const { dice } = await setupDiceWorld("fr");
const options = {
  aptitude: "vivacite",
  aptitudeValue: 4,
  subAptitude: "reflexe",
  subAptitudeValue: 3,
  gear: { name: "Fusil laser", bonus: 2 },
  subject: { name: "Kara", img: "icons/kara.webp" },
} as const;

// A first roll with no 6 and no kept 1, so every die is pushed each time.
queueDiceFaces([2, 3, 4, 5, 2, 3, 4, 5, 2]);
const first = await new dice.PoolRoll(dice.PoolRoll.formulaFor(options), {}, options).evaluate();
await first.render({ buttons: { push: true } }); // warm the template cache

describe(`${generationLabel()} pool push + card render (9 dice)`, () => {
  bench("push() then render()", async () => {
    const pushed = await first.push({ willpower: 3, gainsWillpower: true });
    await pushed.render({ buttons: { push: true } });
  });
  bench("render() before the push, with the odds line", async () => {
    await first.render({ buttons: { push: true } });
  });
});

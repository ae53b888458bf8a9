import { bench, describe } from "vitest";
import { generationLabel } from "./generation";
import { loadSheetWorld, renderSheetHtml, SAMPLE_ITEMS, sampleCharacter } from "../templates/sheet-samples";

// DESIGN.md §6 budget: sheet context + render for an actor with 100 items < 5 ms (median). The
// real entry and sheets in the Foundry fake, the real templates through the Handlebars harness:
// the sheet's context (every derived value arranged) and every part of the open tab rendered.

const w = await loadSheetWorld("fr");
const items = Array.from({ length: 100 }, (_, i) => ({
  ...SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!,
  name: `Objet ${i}`,
}));
const actor = await sampleCharacter(w, "character", items);
const sheet = new w.sheets.CharacterSheet({ document: actor });

describe(`${generationLabel()} actor sheet`, () => {
  // Long enough to measure the steady state rather than the JIT's warm-up.
  bench(
    "sheet context + render, 100 items (equipment tab)",
    async () => {
      await renderSheetHtml(sheet, "play", ["equipment"]);
    },
    { time: 3000, warmupTime: 1000 },
  );
});

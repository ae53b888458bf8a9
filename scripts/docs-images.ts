/**
 * The pictures of the README and the GM guides (docs/images/), each a PNG of the screenshot
 * gallery (test/browser/gallery.ts) in the light theme, French for docs/guide-mj.md and English for
 * docs/gm-guide.md and the README. `npx tsx scripts/docs-images.ts` copies them from
 * test/browser/__screenshots__/ (run `npm run screenshots` first) to
 * docs/images/<lang>-<name>.png; test/unit/docs.test.ts checks that each one names a gallery
 * sample, that docs/images/ holds exactly these files, and that every picture a doc links exists.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SCREENSHOT_DIR } from "../test/browser/chromium";
import { GALLERY, shotName } from "../test/browser/gallery";

/** A doc picture's stable name → the gallery sample it is taken from. */
export const DOC_IMAGES = {
  "sheet-profile": "sheet-state-a-character-s-profil-tab-as-it-opens-in-its-720-760-window",
  "sheet-aptitudes": "sheet-state-a-character-s-aptitudes-tab-as-it-opens-in-its-720-760-window",
  "modules-off": "sheet-state-a-world-with-the-psy-morale-pressure-and-pool-modules-off",
  "pool-card": "chat-pool-before-a-push-with-the-exact-odds-line",
  "push-card": "chat-pool-after-a-push-with-its-consequences",
  "pool-dialog": "dialog-window-pool-its-odds-line-filled",
  "attack-dialog": "dialog-window-attack-its-summary-line-filled",
  "attack-card": "chat-attack-with-one-verdict-per-target-pending-defence-hit-to-apply-damage-chain-out-of-range",
  "panic-card": "chat-panic-drawn-after-a-failed-morale-test-the-result-first",
  "panic-hold": "chat-panic-drawn-tenir-bon",
  "panic-destroyed": "chat-panic-drawn-d-truite",
  "move-card": "chat-move-card-with-the-armour-s-requis-exhaustion",
  "observer-sheet": "sheet-state-another-player-s-character-the-observer-view-its-items-open-to-read",
  "gauge-picker": "sheet-state-several-boiler-linked-items-on-one-characteristic-one-gauge-lists-them",
  "tracker-tours": "combat-tracker-tours-gm-with-token-images",
  "tracker-timeline": "combat-tracker-timeline-gm-with-token-images",
  "end-action": "combat-end-action-from-a-card",
  "threshold-card": "chat-threshold-crossed-with-what-happened",
  "place-form": "combat-place-form",
} as const;

export type DocImage = keyof typeof DOC_IMAGES;
export const DOC_LANGS = ["fr", "en"] as const;
export const DOC_IMAGE_DIR = "docs/images";

/** The file a doc links: docs/images/<lang>-<name>.png. */
export const docImageFile = (name: DocImage, lang: (typeof DOC_LANGS)[number]) => `${lang}-${name}.png`;

/** The gallery PNG a doc picture is copied from (light theme); throws on an unknown sample. */
export function docImageSource(name: DocImage, lang: (typeof DOC_LANGS)[number]): string {
  const sample = GALLERY.find((g) => g.id === DOC_IMAGES[name]);
  if (!sample) throw new Error(`docs image ${name}: no gallery sample ${DOC_IMAGES[name]}`);
  return `${shotName(sample, { lang, theme: "light" })}.png`;
}

function main(): void {
  fs.mkdirSync(DOC_IMAGE_DIR, { recursive: true });
  const wanted = new Set<string>();
  let missing = 0;
  for (const lang of DOC_LANGS) {
    for (const name of Object.keys(DOC_IMAGES) as DocImage[]) {
      const from = path.join(SCREENSHOT_DIR, docImageSource(name, lang));
      const to = docImageFile(name, lang);
      wanted.add(to);
      if (!fs.existsSync(from)) {
        console.error(`missing: ${from} (run npm run screenshots)`);
        missing++;
        continue;
      }
      fs.copyFileSync(from, path.join(DOC_IMAGE_DIR, to));
    }
  }
  for (const f of fs.readdirSync(DOC_IMAGE_DIR)) if (!wanted.has(f)) fs.rmSync(path.join(DOC_IMAGE_DIR, f));
  console.log(`${wanted.size - missing} of ${wanted.size} pictures in ${DOC_IMAGE_DIR}/`);
  process.exit(missing ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();

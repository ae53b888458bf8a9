/**
 * `npm run screenshots`: writes the PNG gallery into test/browser/__screenshots__/ (git-ignored):
 * every sample of the gallery registry (test/browser/gallery.ts) in French and English, dark and
 * light, at the width Foundry opens its window. It runs the browser checks with
 * TACTICA_SCREENSHOTS=1, so the pictures are of exactly what `npm test` checks, then verifies that
 * the folder holds one PNG per sample and variant, and nothing else.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH, SCREENSHOT_DIR, hasChromium } from "../test/browser/chromium";
import { galleryShots } from "../test/browser/gallery";

if (!hasChromium()) {
  console.error(
    `No Chromium at ${CHROMIUM_PATH}: install Debian's headless shell (apt-get install -y chromium-headless-shell) or its Chromium, or set TACTICA_CHROMIUM.`,
  );
  process.exit(1);
}

fs.rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
const run = spawnSync(path.join("node_modules", ".bin", "vitest"), ["run", "test/browser"], {
  stdio: "inherit",
  env: { ...process.env, TACTICA_SCREENSHOTS: "1" },
});

const expected = new Set(galleryShots());
const written = new Set(
  fs.existsSync(SCREENSHOT_DIR) ? fs.readdirSync(SCREENSHOT_DIR).filter((f) => f.endsWith(".png")) : [],
);
const missing = [...expected].filter((f) => !written.has(f));
const extra = [...written].filter((f) => !expected.has(f));
for (const f of missing) console.error(`missing: ${f}`);
for (const f of extra) console.error(`not in the gallery registry: ${f}`);
const ok = run.status === 0 && missing.length === 0 && extra.length === 0;
console.log(
  `${ok ? "✔" : "✘"} ${written.size} of ${expected.size} screenshots in ${path.relative(process.cwd(), SCREENSHOT_DIR)}/`,
);
process.exit(ok ? 0 : 1);

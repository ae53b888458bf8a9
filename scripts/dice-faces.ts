/**
 * `npm run dice-faces`: draws the PNG face images of Tactica's Dice So Nice dice sets from their
 * SVG art (scripts/dice-face-files.ts says which, in which ink, and why PNG), in headless Chromium
 * at 256 × 256 on a transparent background, each stamped with its source's hash. Run it after
 * changing an SVG of assets/dice/ or a die kind's colours (src/dice/dsn.ts); the unit tests refuse
 * a PNG whose stamp no longer matches.
 */
import fs from "node:fs";
import { CHROMIUM_PATH, hasChromium, launchChromium } from "../test/browser/chromium";
import { STAMP_KEY, faceFiles, inkedSvg, stampOf, withText } from "./dice-face-files";

if (!hasChromium()) {
  console.error(
    `No Chromium at ${CHROMIUM_PATH}: install Debian's headless shell (apt-get install -y chromium-headless-shell) or its Chromium, or set TACTICA_CHROMIUM.`,
  );
  process.exit(1);
}

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
  for (const face of faceFiles()) {
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${inkedSvg(face)}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 256, height: 256 } });
    fs.writeFileSync(face.png, withText(png, STAMP_KEY, stampOf(face)));
    console.log(`${face.png} ← ${face.svg} (${face.ink})`);
  }
} finally {
  await browser.close();
}

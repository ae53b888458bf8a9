import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { faceFiles, pngSize, pngStamp, stampOf } from "../../scripts/dice-face-files";
import { DIE_FACE_ROOT, dicePresets } from "../../src/dice/dsn";
import { DIE_FACES } from "../../src/dice/appearance";

// The Dice So Nice faces (src/dice/dsn.ts): every image a dice set names exists, is a 256 × 256 PNG
// (DSN loads only png/gif/jpg/webp labels as images, at that size) drawn from the current SVG in
// its kind's ink (the stamp `npm run dice-faces` writes), and the faces follow RULES §3: the 6 is
// the success symbol on every pool die, the 1 the bane symbol on base and gear dice only.

describe("the dice sets' faces", () => {
  it("follow RULES §3: success on every 6, bane on the 1 of base and gear dice, never on a skill die", () => {
    expect(DIE_FACES).toEqual({
      base: ["bane", 2, 3, 4, 5, "success"],
      skill: [1, 2, 3, 4, 5, "success"],
      gear: ["bane", 2, 3, 4, 5, "success"],
    });
    const skill = dicePresets().find((p) => p.system === "tactica-skill")!;
    expect(skill.labels.some((l) => l.includes("bane"))).toBe(false);
  });

  it("name only images that exist: 256 × 256 PNGs, each drawn from its SVG as it is now", () => {
    const images = dicePresets().flatMap((p) => p.labels.filter((l) => l.startsWith(`${DIE_FACE_ROOT}/`)));
    const files = faceFiles();
    expect(files.map((f) => f.label).sort()).toEqual([...new Set(images)].sort());
    expect(files).toHaveLength(5);
    for (const face of files) {
      expect(fs.existsSync(face.png), face.png).toBe(true);
      expect(fs.existsSync(face.svg), face.svg).toBe(true);
      const png = fs.readFileSync(face.png);
      expect(pngSize(png), face.png).toEqual({ width: 256, height: 256 });
      // Stale when the SVG or the kind's ink changed since it was drawn: run `npm run dice-faces`.
      expect(pngStamp(png), face.png).toBe(stampOf(face));
    }
  });

  it("every SVG of assets/dice/ is a face some dice set uses", () => {
    const used = new Set(faceFiles().map((f) => f.svg));
    const svgs = fs
      .readdirSync("assets/dice")
      .filter((f) => f.endsWith(".svg"))
      .map((f) => `assets/dice/${f}`);
    expect(svgs.sort()).toEqual([...used].sort());
  });
});

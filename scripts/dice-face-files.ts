/**
 * The face images of Tactica's Dice So Nice dice sets (src/dice/dsn.ts): which PNG each symbol
 * face label names, which SVG it is drawn from, in which ink, and the PNG stamp that ties the two.
 * Dice So Nice loads a face label as an image only when it ends in .png/.gif/.jpg/.webp (DSN 5.1
 * `module/DicePreset.js` `loadTextureType`), 256 × 256 ("The texture file size should be
 * 256*256", `module/Dice3D.js` `addDicePreset`): the art is SVG (assets/dice/*.svg), and each PNG
 * is that SVG drawn in the ink of its kind of die by `npm run dice-faces` (scripts/dice-faces.ts).
 * Each PNG carries a `tEXt` chunk `tactica-source` = the SHA-256 of its SVG's text and its ink,
 * so a test can tell a PNG drawn from an older SVG (test/unit/dice-faces.test.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import { DIE_COLOURS, DIE_FACE_ROOT, dicePresets } from "../src/dice/dsn";

/** One symbol face's image: the PNG DSN loads, its SVG source, and its ink. */
export interface FaceFile {
  /** The label as DSN reads it (`systems/tactica/assets/dice/base-success.png`). */
  label: string;
  /** The PNG in the repository (`assets/dice/base-success.png`). */
  png: string;
  /** The SVG it is drawn from (`assets/dice/success.svg`). */
  svg: string;
  /** The symbol's colour: the kind's ink (its colour set's foreground). */
  ink: string;
}

/** The PNG's `tEXt` keyword holding the stamp of its source. */
export const STAMP_KEY = "tactica-source";

/** Every symbol face the dice sets name, once each. */
export function faceFiles(): FaceFile[] {
  const files = new Map<string, FaceFile>();
  for (const preset of dicePresets()) {
    for (const label of preset.labels) {
      if (!label.startsWith(`${DIE_FACE_ROOT}/`)) continue;
      const name = label.slice(DIE_FACE_ROOT.length + 1);
      const match = /^(base|skill|gear)-(success|bane)\.png$/.exec(name);
      if (!match) throw new Error(`unexpected face image ${label}`);
      const [, kind, mark] = match as unknown as [string, keyof typeof DIE_COLOURS, string];
      files.set(label, {
        label,
        png: `assets/dice/${name}`,
        svg: `assets/dice/${mark}.svg`,
        ink: DIE_COLOURS[kind].foreground,
      });
    }
  }
  return [...files.values()];
}

/** The stamp of a face: what its PNG must carry to be up to date. */
export function stampOf(face: FaceFile): string {
  return createHash("sha256").update(fs.readFileSync(face.svg, "utf8")).update(face.ink).digest("hex");
}

/** The SVG with its ink set (the art draws in `currentColor`). */
export function inkedSvg(face: FaceFile): string {
  return fs.readFileSync(face.svg, "utf8").replace("<svg ", `<svg color="${face.ink}" `);
}

/** A PNG's chunks, in order (type and data), after checking its signature. */
export function pngChunks(png: Buffer): { type: string; data: Buffer }[] {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature)) throw new Error("not a PNG");
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (png.readUInt32BE(at + 8 + length) !== zlib.crc32(png.subarray(at + 4, at + 8 + length)) >>> 0)
      throw new Error(`bad CRC in chunk ${type}`);
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

/** A PNG's size, from its header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const header = pngChunks(png)[0];
  if (header?.type !== "IHDR") throw new Error("no IHDR first");
  return { width: header.data.readUInt32BE(0), height: header.data.readUInt32BE(4) };
}

/** The stamp a PNG carries, or null. */
export function pngStamp(png: Buffer): string | null {
  for (const { type, data } of pngChunks(png)) {
    if (type !== "tEXt") continue;
    const split = data.indexOf(0);
    if (data.toString("latin1", 0, split) === STAMP_KEY) return data.toString("latin1", split + 1);
  }
  return null;
}

/** `png` with a `tEXt` chunk `keyword` = `text` right after its header. */
export function withText(png: Buffer, keyword: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from("tEXt", "latin1"), Buffer.from(`${keyword}\0${text}`, "latin1")]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(zlib.crc32(body) >>> 0, body.length + 4);
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { hasChromium, sharedBrowser } from "./chromium";
import { faceFiles } from "../../scripts/dice-face-files";

// The SVG art of the Dice So Nice faces (assets/dice/*.svg) is valid SVG: Chromium's XML parser
// reads each as an <svg> document without a parse error, and draws something in it.

const svgs = [...new Set(faceFiles().map((f) => f.svg))];

describe.runIf(hasChromium())("the dice faces' SVG", () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await sharedBrowser()).newPage();
  });
  afterAll(async () => page?.close());

  it.each(svgs)("%s parses as SVG and has a drawing", async (file) => {
    const text = fs.readFileSync(file, "utf8");
    const read = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "image/svg+xml");
      const root = doc.documentElement;
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: root.localName,
        namespace: root.namespaceURI,
        viewBox: root.getAttribute("viewBox"),
        shapes: root.querySelectorAll("path, polygon, circle, ellipse, rect").length,
      };
    }, text);
    expect(read).toMatchObject({
      error: false,
      root: "svg",
      namespace: "http://www.w3.org/2000/svg",
      viewBox: "0 0 256 256",
    });
    expect(read.shapes).toBeGreaterThan(0);
  });
});

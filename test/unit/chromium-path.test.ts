import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { checksChromium, FULL_CHROMIUM, HEADLESS_SHELL } from "../../scripts/chromium-path.mjs";

describe("the browser checks' Chromium (scripts/chromium-path.mjs)", () => {
  it("is TACTICA_CHROMIUM when it is set", () => {
    expect(checksChromium({ TACTICA_CHROMIUM: "/opt/other/chrome" })).toBe("/opt/other/chrome");
  });

  it("is else Debian's headless shell when installed, else Debian's Chromium", () => {
    const expected = fs.existsSync(HEADLESS_SHELL) || !fs.existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM;
    expect(checksChromium({})).toBe(expected);
    expect(checksChromium({ TACTICA_CHROMIUM: "" })).toBe(expected);
  });
});

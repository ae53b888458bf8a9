import { describe, expect, it } from "vitest";
import { checksChromium, FULL_CHROMIUM, HEADLESS_SHELL } from "../../scripts/chromium-path.mjs";

describe("the browser checks' Chromium (scripts/chromium-path.mjs)", () => {
  const installed =
    (...files: string[]) =>
    (file: string) =>
      files.includes(file);

  it("is TACTICA_CHROMIUM when it is set, installed or not", () => {
    expect(checksChromium({ TACTICA_CHROMIUM: "/opt/other/chrome" }, installed(HEADLESS_SHELL))).toBe(
      "/opt/other/chrome",
    );
  });

  it("is else Debian's headless shell when installed, else Debian's Chromium", () => {
    expect(checksChromium({}, installed(HEADLESS_SHELL, FULL_CHROMIUM))).toBe(HEADLESS_SHELL);
    expect(checksChromium({ TACTICA_CHROMIUM: "" }, installed(FULL_CHROMIUM))).toBe(FULL_CHROMIUM);
    expect(checksChromium({}, installed(HEADLESS_SHELL))).toBe(HEADLESS_SHELL);
  });

  it("names the headless shell when neither is installed (the checks are then skipped, saying where)", () => {
    expect(checksChromium({}, installed())).toBe(HEADLESS_SHELL);
  });
});

/**
 * Which Chromium the browser checks of `npm test` drive (test/browser/chromium.ts, and
 * scripts/test-all.mjs's warning when there is none): `TACTICA_CHROMIUM` when set; else Debian's
 * headless shell, `/usr/bin/chromium-headless-shell` (package chromium-headless-shell: the same
 * Blink as the browser, without the browser's own windows and pages, so the same checks cost
 * Chromium about half the CPU: docs/performance.md, "Test suite"); else Debian's Chromium,
 * `/usr/bin/chromium`. Plain JavaScript so that the test runner script can import it.
 *
 * The benchmarks (`npm run bench`) and the end-to-end runner keep Debian's full Chromium: they time
 * and drive what a user's browser does.
 */
import fs from "node:fs";

/** Debian's headless shell. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Debian's Chromium, the full browser. */
export const FULL_CHROMIUM = "/usr/bin/chromium";

/**
 * The binary the browser checks drive (it may not exist: then they are skipped, loudly); `exists`
 * tells whether a file is there (the file system, unless a test says otherwise).
 */
export function checksChromium(env = process.env, exists = fs.existsSync) {
  if (env.TACTICA_CHROMIUM) return env.TACTICA_CHROMIUM;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find((file) => exists(file)) ?? HEADLESS_SHELL;
}

/** The flags this machine's closed network needs. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The environment variable through which `npm test` hands vitest the run's Chromium server, started
 * while the build runs (scripts/test-all.mjs); test/setup/chromium-server.ts starts one itself
 * when it is not set (a plain `npx vitest run`).
 */
export const CHROMIUM_ENDPOINT_VAR = "TACTICA_CHROMIUM_ENDPOINT";

/**
 * Vitest global set-up of the v13 project: ONE headless Chromium for the whole run, served by
 * Playwright (`launchServer`), instead of one launch per browser test file. Each vitest worker
 * connects to it once (test/browser/chromium.ts, `sharedBrowser`) and keeps its connection and its
 * variant pages for every browser file it runs; the browser closes when the run ends.
 * Without Chromium nothing starts and the browser checks skip (scripts/test-all.mjs says so).
 */
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ENDPOINT_VAR } from "../../scripts/chromium-path.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from "../browser/chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The WebSocket address of the run's Chromium server ("" without Chromium). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // `npm test` starts the run's Chromium while the build runs, and closes it after vitest.
  const started = process.env[CHROMIUM_ENDPOINT_VAR];
  if (started) {
    project.provide("chromiumEndpoint", started);
    return async () => undefined;
  }
  if (!hasChromium()) {
    project.provide("chromiumEndpoint", "");
    return async () => undefined;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}

/**
 * Entry point of `npm run e2e` (see main.ts, and CONTRIBUTING.md for the set-up). The Playwright
 * driver is loaded only when there is something to drive.
 */
import { main } from "./main";

const code = await main({
  root: process.cwd(),
  env: process.env,
  deps: {
    drive: async (options) => (await import("./driver")).driveFoundry(options),
    log: (line) => console.log(line),
  },
  handleSignals: true,
});
process.exit(code);

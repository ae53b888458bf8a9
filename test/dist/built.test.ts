import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { distBuilt } from "./built";

// The wait of the dist/ checks for the build that `npm test` runs beside vitest.
describe("the checks of dist/ wait for the run's build", () => {
  const kept = process.env.TACTICA_BUILD_STATUS;
  const status = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tactica-built-")), "status.json");
  afterEach(() => {
    if (kept === undefined) delete process.env.TACTICA_BUILD_STATUS;
    else process.env.TACTICA_BUILD_STATUS = kept;
    fs.rmSync(status, { force: true });
  });

  it("read dist/ as it is outside npm test", async () => {
    delete process.env.TACTICA_BUILD_STATUS;
    await expect(distBuilt()).resolves.toBeUndefined();
  });

  it("wait until the build says it is done", async () => {
    process.env.TACTICA_BUILD_STATUS = status;
    let done = false;
    const waiting = distBuilt().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(done).toBe(false);
    fs.writeFileSync(status, JSON.stringify({ ok: true }));
    await waiting;
    expect(done).toBe(true);
  });

  it("fail, saying so, when the build failed or never finished", async () => {
    process.env.TACTICA_BUILD_STATUS = status;
    await expect(distBuilt(300)).rejects.toThrow("the build did not finish within 0.3 s");
    fs.writeFileSync(status, JSON.stringify({ ok: false }));
    await expect(distBuilt()).rejects.toThrow(/^the build failed/);
  });
});

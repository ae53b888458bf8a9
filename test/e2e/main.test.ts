/**
 * `npm run e2e` from configuration to exit code, with everything real except Foundry and the
 * browser: a fake Foundry zip (a small HTTP server as `main.mjs`, see zips.ts), a Quench zip with
 * only a manifest, and a fake driver standing in for the Playwright one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DriveOptions, DriveResult } from "../../scripts/e2e/driver";
import { main, WORLD_ID } from "../../scripts/e2e/main";
import { alive, fakeFoundryServer, writeZip } from "./zips";

const LICENSE = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX";
let root: string;
let tmpRoot: string;
let out: string[];
/** Labels of the runs whose deferred clean-up step (the browser, in real runs) was run. */
let browsersClosed: string[];

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-e2e-main-"));
  tmpRoot = path.join(root, "tmp");
  fs.mkdirSync(tmpRoot);
  fs.mkdirSync(path.join(root, "dist"));
  fs.writeFileSync(path.join(root, "dist", "system.json"), '{"id":"tactica","version":"0.1.0"}');
  await writeZip(path.join(root, "zips", "FoundryVTT-Node-13.351.zip"), {
    "main.js": "old entry",
    "main.mjs": fakeFoundryServer(),
  });
  await writeZip(path.join(root, "zips", "FoundryVTT-Node-14.360.zip"), {
    "FoundryVTT-Node-14.360/main.mjs": fakeFoundryServer(),
  });
  await writeZip(path.join(root, "zips", "quench.zip"), { "module.json": '{"id":"quench","version":"0.9.2"}' });
  out = [];
  browsersClosed = [];
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  FOUNDRY_ZIP_V13: "zips/FoundryVTT-Node-13.351.zip",
  FOUNDRY_LICENSE: LICENSE,
  QUENCH_ZIP: "zips/quench.zip",
  TACTICA_CHROMIUM: process.execPath, // any existing file: the fake driver starts no browser
  ...extra,
});

const REPORT = JSON.stringify({
  stats: { tests: 2, passes: 1, pending: 0, failures: 1 },
  tests: [],
  pending: [],
  passes: [
    { title: "every pack is present", fullTitle: "tactica.packs_root compendiums every pack is present", err: {} },
  ],
  failures: [
    {
      title: "a push keeps the 6s",
      fullTitle: "tactica.rolls_root pools a push keeps the 6s",
      err: { message: "expected 3 to equal 4" },
    },
  ],
});

interface Seen {
  options: DriveOptions;
  status: { pid: number; script: string; dataPath: string; argv: string[]; cwd: string };
}

/** A driver that checks the server it is given, and answers with a report or an error. */
function fakeDriver(answer: (o: DriveOptions) => DriveResult | Error) {
  const seen: Seen[] = [];
  const drive = vi.fn(async (options: DriveOptions): Promise<DriveResult> => {
    const status = (await (await fetch(`${options.baseUrl}/api/status`)).json()) as Seen["status"];
    seen.push({ options, status });
    options.defer("close the fake browser", async () => void browsersClosed.push(options.label));
    options.log(`driving with licence ${options.license}`);
    options.onConsole({ type: "warning", phase: "load", text: `licence field held ${options.license}` });
    const result = answer(options);
    if (result instanceof Error) throw result;
    return result;
  });
  return { drive, seen };
}

const run = (drive: (o: DriveOptions) => Promise<DriveResult>, e: Record<string, string | undefined>) =>
  main({ root, env: e, deps: { drive, log: (l) => out.push(l), tmpRoot, serverTimeoutMs: 10_000 } });

describe("npm run e2e", () => {
  it("without a licence or a zip, prints one line, exits 0 and starts nothing", async () => {
    const { drive } = fakeDriver(() => new Error("must not run"));
    expect(await run(drive, {})).toBe(0);
    expect(out).toEqual(["e2e: skipped — no FOUNDRY_ZIP/FOUNDRY_LICENSE (see CONTRIBUTING.md)"]);
    expect(drive).not.toHaveBeenCalled();
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
    expect(fs.existsSync(path.join(root, "e2e-report"))).toBe(false);
  });

  it("boots the unpacked Foundry with the system and Quench installed, prints the batch lines, and cleans up", async () => {
    const { drive, seen } = fakeDriver(() => ({
      foundryVersion: "13.351",
      keys: ["tactica.packs", "tactica.rolls"],
      reportJson: REPORT,
      leftovers: ['1 actor(s) named "[Quench] …"'],
    }));
    expect(await run(drive, env())).toBe(1);

    const [{ options, status }] = seen as [Seen];
    expect(options).toMatchObject({
      license: LICENSE,
      systemId: "tactica",
      worldId: WORLD_ID,
      label: "v13",
      chromium: process.execPath,
    });
    // The server ran main.mjs from the unpacked zip, on the port in the URL, with the data folder laid out.
    expect(path.basename(status.script)).toBe("main.mjs");
    expect(status.argv).toContain(`--port=${new URL(options.baseUrl).port}`);
    expect(status.dataPath.startsWith(tmpRoot)).toBe(true);

    expect(out).toContain("✔ tactica.packs — 1 passed");
    expect(out).toContain("✘ tactica.rolls — 0 passed, 1 failed");
    expect(out).toContain("    ✘ pools a push keeps the 6s: expected 3 to equal 4");
    expect(out).toContain('✘ left behind by the batches: 1 actor(s) named "[Quench] …"');
    expect(out.at(-1)).toBe("1 passed, 2 failed");

    // Everything made for the run is gone: the server process and the temporary folders.
    expect(alive(status.pid)).toBe(false);
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
    // The report is kept, and the licence appears nowhere: not in the output, not in the artifacts.
    const report = path.join(root, "e2e-report");
    expect(fs.readFileSync(path.join(report, "v13-quench-report.json"), "utf8")).toBe(REPORT);
    expect(fs.readFileSync(path.join(report, "v13-server.log"), "utf8")).toMatch(/licence in env: no/);
    for (const file of fs.readdirSync(report))
      expect(fs.readFileSync(path.join(report, file), "utf8")).not.toContain(LICENSE);
    expect(out.join("\n")).not.toContain(LICENSE);
    expect(out).toContain("driving with licence ***");
  });

  it("checks the data folder the server was given: the built system and Quench", async () => {
    let layout: string[] = [];
    const { drive } = fakeDriver(() => ({
      foundryVersion: "13.351",
      keys: ["tactica.packs"],
      reportJson: REPORT,
      leftovers: [],
    }));
    const inspecting = async (o: DriveOptions) => {
      const status = (await (await fetch(`${o.baseUrl}/api/status`)).json()) as Seen["status"];
      const data = path.join(status.dataPath, "Data");
      layout = [
        fs.readFileSync(path.join(data, "systems", "tactica", "system.json"), "utf8"),
        fs.readFileSync(path.join(data, "modules", "quench", "module.json"), "utf8"),
      ];
      return drive(o);
    };
    await run(inspecting, env());
    expect(layout).toEqual(['{"id":"tactica","version":"0.1.0"}', '{"id":"quench","version":"0.9.2"}']);
  });

  it("when the driver fails, says where, exits 1, and still stops the server and removes the folders", async () => {
    const { drive, seen } = fakeDriver(() => new Error('join: no "Gamemaster" user to join as'));
    fs.mkdirSync(path.join(root, "e2e-report"));
    fs.writeFileSync(path.join(root, "e2e-report", "v13-quench-report.json"), REPORT);
    expect(await run(drive, env())).toBe(1);
    // The report of an earlier run does not stay beside this run's logs.
    expect(fs.readdirSync(path.join(root, "e2e-report")).sort()).toEqual(["v13-console.log", "v13-server.log"]);
    expect(out).toContain('✘ stopped before the batches reported — join: no "Gamemaster" user to join as');
    expect(out.at(-1)).toBe("0 passed, 1 failed");
    expect(browsersClosed).toEqual(["v13"]);
    expect(alive(seen[0]!.status.pid)).toBe(false);
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
  });

  it("runs once per zip with both generations, each line tagged, one total line", async () => {
    const green = JSON.stringify({ ...JSON.parse(REPORT), failures: [], stats: { failures: 0 } });
    const firstStopped: boolean[] = [];
    const { drive, seen } = fakeDriver(() => {
      // The first Foundry is stopped and its folders gone before the second one starts.
      if (seen.length === 2) firstStopped.push(!alive(seen[0]!.status.pid), !fs.existsSync(seen[0]!.status.dataPath));
      return { foundryVersion: "?", keys: ["tactica.packs"], reportJson: green, leftovers: [] };
    });
    expect(await run(drive, env({ FOUNDRY_ZIP_V14: "zips/FoundryVTT-Node-14.360.zip" }))).toBe(0);
    expect(firstStopped).toEqual([true, true]);
    expect(seen.map((s) => s.options.label)).toEqual(["v13", "v14"]);
    expect(path.basename(seen[1]!.status.cwd)).toBe("FoundryVTT-Node-14.360");
    expect(out.filter((l) => /tactica\.packs/.test(l))).toEqual([
      "[v13] ✔ tactica.packs — 1 passed",
      "[v14] ✔ tactica.packs — 1 passed",
    ]);
    expect(out.at(-1)).toBe("2 passed, 0 failed");
    expect(seen.every((s) => !alive(s.status.pid))).toBe(true);
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
  });

  it("refuses to start without Chromium, and with a configured zip that does not exist", async () => {
    const { drive } = fakeDriver(() => new Error("must not run"));
    expect(await run(drive, env({ TACTICA_CHROMIUM: path.join(root, "no-chromium") }))).toBe(1);
    expect(out.at(-1)).toMatch(/^e2e: cannot run — no Chromium at /);
    expect(await run(drive, env({ FOUNDRY_ZIP_V13: "zips/missing.zip" }))).toBe(1);
    expect(out.at(-1)).toMatch(/^e2e: cannot run — the Foundry zip for v13 does not exist/);
    expect(drive).not.toHaveBeenCalled();
  });
});

/**
 * `npm run e2e` from configuration to exit code, with everything real except Foundry and the
 * browser: a fake Foundry zip (a small HTTP server as `main.mjs` that reports a build on
 * `/api/status`, see zips.ts), a Quench zip with only a manifest, and a fake driver standing in
 * for the Playwright one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DriveOptions, DriveResult } from "../../scripts/e2e/driver";
import { main, WORLD_ID } from "../../scripts/e2e/main";
import { readResult } from "../../scripts/e2e/result";
import type { SelfTestReport } from "../../src/api/self-test";
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
  await writeZip(path.join(root, "zips", "FoundryVTT-Node-13.347.zip"), {
    "main.js": "old entry",
    "main.mjs": fakeFoundryServer({ version: "13.347" }),
  });
  await writeZip(path.join(root, "zips", "FoundryVTT-Node-14.367.zip"), {
    "FoundryVTT-Node-14.367/main.mjs": fakeFoundryServer({ version: "14.367" }),
  });
  await writeZip(path.join(root, "zips", "quench.zip"), { "module.json": '{"id":"quench","version":"0.9.2"}' });
  out = [];
  browsersClosed = [];
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}) => ({
  FOUNDRY_ZIP_V13: "zips/FoundryVTT-Node-13.347.zip",
  FOUNDRY_LICENSE: LICENSE,
  FOUNDRY_EULA_ACCEPTED: "yes",
  TACTICA_CHROMIUM: process.execPath, // any existing file: the fake driver starts no browser
  ...extra,
});

/** A self-test report as game.tactica.selfTest returns it: one green batch, one with a failure and a leftover card. */
const REPORT: SelfTestReport = {
  runner: "tactica",
  batches: [
    {
      key: "tactica.packs",
      name: "Tactica — compendiums",
      tests: [{ title: "compendiums every pack is present", state: "passed", ms: 3 }],
      hookFailures: [],
      leftovers: [],
    },
    {
      key: "tactica.rolls",
      name: "Tactica — tests, pools and pushes",
      tests: [{ title: "pools a push keeps the 6s", state: "failed", ms: 9, error: "expected 3 to equal 4" }],
      hookFailures: [],
      leftovers: [{ documentName: "ChatMessage", id: "m1", type: "rollCard", removed: true }],
    },
  ],
};
const GREEN: SelfTestReport = { runner: "tactica", batches: [REPORT.batches[0]!] };

const result = (report: SelfTestReport, extra: Partial<DriveResult> = {}): DriveResult => ({
  foundryVersion: "13.347",
  runner: "tactica",
  keys: report.batches.map((b) => b.key),
  reportJson: JSON.stringify(report),
  quench: { state: "not-installed" },
  ...extra,
});

interface Seen {
  options: DriveOptions;
  status: { pid: number; script: string; dataPath: string; argv: string[]; cwd: string; version?: string };
  licenceFile: string | null;
}

/** A driver that checks the server it is given, and answers with a report or an error. */
function fakeDriver(answer: (o: DriveOptions) => DriveResult | Error) {
  const seen: Seen[] = [];
  const drive = vi.fn(async (options: DriveOptions): Promise<DriveResult> => {
    const status = (await (await fetch(`${options.baseUrl}/api/status`)).json()) as Seen["status"];
    const file = path.join(status.dataPath, "Config", "license.json");
    seen.push({ options, status, licenceFile: fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null });
    options.defer("close the fake browser", async () => void browsersClosed.push(options.label));
    options.log(`driving with licence ${LICENSE}`);
    options.onConsole({ type: "warning", phase: "load", text: `licence field held ${LICENSE}` });
    const answered = answer(options);
    if (answered instanceof Error) throw answered;
    return answered;
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

  it("without the user's acceptance of Foundry's EULA, stops before the licence screen: one line, nothing started", async () => {
    const { drive } = fakeDriver(() => new Error("must not run"));
    expect(await run(drive, env({ FOUNDRY_EULA_ACCEPTED: "" }))).toBe(0);
    expect(out).toEqual([
      "e2e: skipped before Foundry's licence screen — it signs Foundry's EULA only when you say so: read it, then set FOUNDRY_EULA_ACCEPTED=yes in .env.e2e (see CONTRIBUTING.md)",
    ]);
    expect(drive).not.toHaveBeenCalled();
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
    expect(await run(drive, env({ FOUNDRY_EULA_ACCEPTED: "no", E2E_REQUIRE: "1" }))).toBe(1);
    expect(out.at(-1)).toMatch(/^e2e: cannot run — E2E_REQUIRE is set but FOUNDRY_EULA_ACCEPTED is not "yes"/);
  });

  it("boots the unpacked Foundry with the system and the licence file, prints the batch lines, records the build, and cleans up", async () => {
    const { drive, seen } = fakeDriver(() => result(REPORT));
    expect(await run(drive, env())).toBe(1);

    const [{ options, status, licenceFile }] = seen as [Seen];
    expect(options).toMatchObject({
      foundryVersion: "13.347",
      eulaAccepted: true,
      quenchInstalled: false,
      systemId: "tactica",
      worldId: WORLD_ID,
      label: "v13",
      chromium: process.execPath,
    });
    expect(options).not.toHaveProperty("license");
    // The server ran main.mjs from the unpacked zip, on the port in the URL, with the data folder laid out.
    expect(path.basename(status.script)).toBe("main.mjs");
    expect(status.argv).toContain(`--port=${new URL(options.baseUrl).port}`);
    expect(status.dataPath.startsWith(tmpRoot)).toBe(true);
    expect(JSON.parse(licenceFile!)).toEqual({ license: "ABCDEFGHIJKLMNOPQRSTUVWX" });
    expect(fs.existsSync(path.join(status.dataPath, "Data", "modules", "quench"))).toBe(false);

    expect(out).toContain("Foundry 13.347 is up");
    expect(out).toContain("✔ tactica.packs — 1 passed");
    expect(out).toContain("✘ tactica.rolls — 0 passed, 1 failed, documents left behind");
    expect(out).toContain("    ✘ pools a push keeps the 6s: expected 3 to equal 4");
    expect(out).toContain("    ✘ left behind (deleted after the batch): ChatMessage (rollCard) ×1");
    expect(out.at(-1)).toBe("1 passed, 2 failed");

    // Everything made for the run is gone: the server process and the temporary folders.
    expect(alive(status.pid)).toBe(false);
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
    // The report and the result are kept, and the licence appears nowhere: not in the output, not in the artifacts.
    const dir = path.join(root, "e2e-report");
    expect(JSON.parse(fs.readFileSync(path.join(dir, "v13-report.json"), "utf8"))).toEqual(REPORT);
    expect(readResult(path.join(dir, "result.json"))).toMatchObject({
      system: "tactica",
      version: "0.1.0",
      runs: [{ label: "v13", zip: "FoundryVTT-Node-13.347.zip", foundry: "13.347", passed: 1, failed: 2 }],
    });
    expect(fs.readFileSync(path.join(dir, "v13-server.log"), "utf8")).toMatch(/licence in env: no/);
    for (const file of fs.readdirSync(dir))
      expect(fs.readFileSync(path.join(dir, file), "utf8")).not.toContain(LICENSE);
    expect(out.join("\n")).not.toContain(LICENSE);
    expect(out).toContain("driving with licence ***");
  });

  it("installs Quench only when asked, and reports what the GM's window lists", async () => {
    let layout = "";
    const { drive } = fakeDriver((o) => {
      expect(o.quenchInstalled).toBe(true);
      return result(GREEN, { quench: { state: "active", version: "0.9.2", keys: ["tactica.packs"] } });
    });
    const inspecting = async (o: DriveOptions) => {
      const status = (await (await fetch(`${o.baseUrl}/api/status`)).json()) as Seen["status"];
      layout = fs.readFileSync(path.join(status.dataPath, "Data", "modules", "quench", "module.json"), "utf8");
      return drive(o);
    };
    expect(await run(inspecting, env({ QUENCH_ZIP: "zips/quench.zip" }))).toBe(0);
    expect(layout).toBe('{"id":"quench","version":"0.9.2"}');
    expect(out).toContain("✔ Quench 0.9.2 lists the 1 batches in the GM's window");
  });

  it("when the driver fails, says where, exits 1, still stops the server and removes the folders, and records the failure", async () => {
    const { drive, seen } = fakeDriver(() => new Error('join: no "Gamemaster" user to join as'));
    fs.mkdirSync(path.join(root, "e2e-report"));
    fs.writeFileSync(path.join(root, "e2e-report", "v13-report.json"), JSON.stringify(GREEN));
    expect(await run(drive, env())).toBe(1);
    // The report of an earlier run does not stay beside this run's logs.
    expect(fs.readdirSync(path.join(root, "e2e-report")).sort()).toEqual([
      "result.json",
      "v13-console.log",
      "v13-server.log",
    ]);
    expect(out).toContain('✘ stopped before the batches reported — join: no "Gamemaster" user to join as');
    expect(out.at(-1)).toBe("0 passed, 1 failed");
    expect(readResult(path.join(root, "e2e-report", "result.json"))?.runs).toEqual([
      { label: "v13", zip: "FoundryVTT-Node-13.347.zip", foundry: "13.347", passed: 0, failed: 1 },
    ]);
    expect(browsersClosed).toEqual(["v13"]);
    expect(alive(seen[0]!.status.pid)).toBe(false);
    expect(fs.readdirSync(tmpRoot)).toEqual([]);
  });

  it("runs once per zip with both generations, each line tagged, one total line, each build recorded", async () => {
    const firstStopped: boolean[] = [];
    const { drive, seen } = fakeDriver((o) => {
      // The first Foundry is stopped and its folders gone before the second one starts.
      if (seen.length === 2) firstStopped.push(!alive(seen[0]!.status.pid), !fs.existsSync(seen[0]!.status.dataPath));
      return result(GREEN, { foundryVersion: o.foundryVersion ?? "?" });
    });
    expect(await run(drive, env({ FOUNDRY_ZIP_V14: "zips/FoundryVTT-Node-14.367.zip" }))).toBe(0);
    expect(firstStopped).toEqual([true, true]);
    expect(seen.map((s) => [s.options.label, s.options.foundryVersion])).toEqual([
      ["v13", "13.347"],
      ["v14", "14.367"],
    ]);
    expect(path.basename(seen[1]!.status.cwd)).toBe("FoundryVTT-Node-14.367");
    expect(out.filter((l) => /tactica\.packs/.test(l))).toEqual([
      "[v13] ✔ tactica.packs — 1 passed",
      "[v14] ✔ tactica.packs — 1 passed",
    ]);
    expect(out.at(-1)).toBe("2 passed, 0 failed");
    expect(readResult(path.join(root, "e2e-report", "result.json"))?.runs.map((r) => [r.foundry, r.failed])).toEqual([
      ["13.347", 0],
      ["14.367", 0],
    ]);
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

/**
 * `npm run e2e`: for each configured Foundry zip, unpack it into a temporary folder, lay out a user
 * data folder with the built system, the licence key and (when asked for) Quench, start the server
 * on a free port, drive it in Chromium up to the self-test's report, print one line per
 * `tactica.*` batch, write what each build proved to `e2e-report/result.json` (the release reads
 * it, scripts/release.ts), and remove everything it made — on success, on failure, and on Ctrl-C.
 * Without a licence, a zip or the user's acceptance of Foundry's EULA it says so and exits 0.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cleanup, onSignals, signalHandler } from "./cleanup";
import { readConfig, redact, type RunConfig, type Target } from "./config";
import type { DriveOptions, DriveResult } from "./driver";
import { findFoundryEntry, installModule, prepareDataFolder, quenchZip, unzip, writeLicenseFile } from "./foundry";
import {
  countLine,
  fromQuenchReport,
  parseQuenchReport,
  parseSelfTestReport,
  summarise,
  type ConsoleEntry,
  type QuenchWindow,
  type RunReport,
  type Summary,
} from "./report";
import { writeResult, type E2eRun } from "./result";
import { freePort, startServer, stopServer, waitForServer } from "./server";
import { fetchHttp, serverStatus } from "./setup-api";

export const SYSTEM_ID = "tactica";
export const WORLD_ID = "tactica-e2e";

export interface Deps {
  /** Drives the running server up to Quench's report (the Playwright driver in real runs). */
  drive: (o: DriveOptions) => Promise<DriveResult>;
  log: (line: string) => void;
  /** Where temporary folders are made (default: the OS temporary folder). */
  tmpRoot?: string;
  serverTimeoutMs?: number;
}

/** The report of a run, read from the driver's JSON: the self-test's, or Quench's converted. */
function readReport(result: DriveResult): RunReport {
  return result.runner === "quench"
    ? fromQuenchReport(parseQuenchReport(result.reportJson))
    : parseSelfTestReport(result.reportJson);
}

/** Unpacks the zip and lays out the data folder (system, licence key, Quench when asked for). */
async function prepare(target: Target, config: RunConfig, root: string, tmp: string, log: (l: string) => void) {
  log(`unpacking ${path.basename(target.zip)}`);
  await unzip(target.zip, path.join(tmp, "foundry"));
  const foundry = findFoundryEntry(path.join(tmp, "foundry"));
  const dataPath = path.join(tmp, "data");
  const { modulesDir } = prepareDataFolder(dataPath, path.join(root, "dist"), SYSTEM_ID);
  writeLicenseFile(dataPath, config.license);
  if (config.quench) {
    const quench = await quenchZip(config.quench, config.cacheDir);
    if (quench.downloaded && "url" in config.quench)
      log(`downloaded Quench from ${config.quench.url} (cached in ${path.relative(root, quench.zip)})`);
    await installModule(quench.zip, modulesDir, "quench");
  }
  return { foundry, dataPath };
}

/** Runs one Foundry zip end to end; everything it creates is registered with `cleanup`. */
export async function runTarget(
  target: Target,
  config: RunConfig,
  root: string,
  cleanup: Cleanup,
  deps: Deps,
): Promise<Summary & { foundry: string | null }> {
  const prefix = config.targets.length > 1 ? `[${target.label}]` : "";
  const log = (line: string) => deps.log(prefix ? `${prefix} ${line}` : line);
  const entries: ConsoleEntry[] = [];
  const secrets = [config.license];
  // Files of an earlier run under the same label would pass for this run's: remove them first.
  fs.mkdirSync(config.outDir, { recursive: true });
  for (const file of fs.readdirSync(config.outDir)) {
    if (file.startsWith(`${target.label}-`) || file === "result.json")
      fs.rmSync(path.join(config.outDir, file), { force: true });
  }

  let result: DriveResult | null = null;
  let foundryVersion: string | null = null;
  let aborted: string | undefined;
  try {
    const tmp = fs.mkdtempSync(path.join(deps.tmpRoot ?? os.tmpdir(), `tactica-e2e-${target.label}-`));
    cleanup.addDir(tmp);
    const { foundry, dataPath } = await prepare(target, config, root, tmp, log);

    const port = await freePort();
    const serverLog = fs.createWriteStream(path.join(config.outDir, `${target.label}-server.log`));
    cleanup.add("close the server log", () => new Promise<void>((r) => serverLog.end(r)));
    const server = startServer({
      node: config.foundryNode,
      entry: foundry.entry,
      cwd: foundry.root,
      dataPath,
      port,
      hideEnv: ["FOUNDRY_LICENSE"],
      onLine: (line) => serverLog.write(`${redact(line, secrets)}\n`),
    });
    cleanup.add(`stop Foundry (pid ${server.process.pid})`, () => stopServer(server.process));
    log(`starting Foundry (${path.relative(foundry.root, foundry.entry)}) on port ${port}`);
    await waitForServer(server, deps.serverTimeoutMs ?? 120_000);
    foundryVersion = (await serverStatus(fetchHttp(server.url, 10_000)).catch(() => null))?.version ?? null;
    log(`Foundry ${foundryVersion ?? "(build not reported by /api/status)"} is up`);

    result = await deps.drive({
      baseUrl: server.url,
      foundryVersion,
      eulaAccepted: true,
      quenchInstalled: config.quench !== null,
      chromium: config.chromium,
      systemId: SYSTEM_ID,
      worldId: WORLD_ID,
      label: target.label,
      outDir: config.outDir,
      log,
      defer: (name, fn) => cleanup.add(name, fn),
      onConsole: (entry) => entries.push({ ...entry, text: redact(entry.text, secrets) }),
    });
  } catch (e) {
    aborted = redact(e instanceof Error ? e.message : String(e), secrets);
    log(`error: ${aborted}`);
  } finally {
    for (const problem of await cleanup.run()) log(`clean-up problem: ${problem}`);
  }

  if (result) fs.writeFileSync(path.join(config.outDir, `${target.label}-report.json`), result.reportJson);
  fs.writeFileSync(
    path.join(config.outDir, `${target.label}-console.log`),
    entries.map((e) => `[${e.phase}] ${e.type}: ${e.text}${e.url ? ` (${e.url})` : ""}`).join("\n") + "\n",
  );
  let report: RunReport | null = null;
  if (result) {
    try {
      report = readReport(result);
    } catch (e) {
      aborted ??= e instanceof Error ? e.message : String(e);
    }
  }
  const quench: QuenchWindow | undefined = result?.quench;
  const summary = summarise({
    report,
    keys: result?.keys ?? [],
    entries,
    aborted,
    quench,
    label: target.label,
    prefix,
  });
  return {
    ...summary,
    foundry: foundryVersion ?? (result && result.foundryVersion !== "?" ? result.foundryVersion : null),
  };
}

/** The whole command; returns the exit code. */
export async function main(opts: {
  root: string;
  env: Record<string, string | undefined>;
  deps: Deps;
  handleSignals?: boolean;
}): Promise<number> {
  const config = readConfig(opts.root, opts.env);
  if (config.kind !== "run") {
    opts.deps.log(config.message);
    return config.kind === "skip" ? 0 : 1;
  }
  const log = (line: string) => opts.deps.log(redact(line, [config.license]));
  if (!fs.existsSync(config.chromium)) {
    log(`e2e: cannot run — no Chromium at ${config.chromium} (apt-get install chromium, or set TACTICA_CHROMIUM)`);
    return 1;
  }
  const cleanup = new Cleanup();
  const offSignals = opts.handleSignals
    ? onSignals(signalHandler(cleanup, (code) => process.exit(code), log))
    : () => {};
  let passed = 0;
  let failed = 0;
  const runs: E2eRun[] = [];
  try {
    for (const target of config.targets) {
      const summary = await runTarget(target, config, opts.root, cleanup, { ...opts.deps, log });
      for (const line of summary.lines) log(line);
      passed += summary.passed;
      failed += summary.failed;
      runs.push({
        label: target.label,
        zip: path.basename(target.zip),
        foundry: summary.foundry,
        passed: summary.passed,
        failed: summary.failed,
      });
    }
  } finally {
    await cleanup.run();
    offSignals();
  }
  writeResult(config.outDir, opts.root, runs);
  log(
    `reports, logs and screenshots: ${path.relative(opts.root, config.outDir)}/ (what each build proved: result.json)`,
  );
  log(countLine(passed, failed));
  return failed === 0 ? 0 : 1;
}

/**
 * `npm run e2e`: for each configured Foundry zip, unpack it into a temporary folder, lay out a user
 * data folder with the built system and Quench, start the server on a free port, drive it in
 * Chromium up to Quench's report, print one line per `tactica.*` batch, and remove everything it
 * made — on success, on failure, and on Ctrl-C. Without a licence or a zip it says so and exits 0.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cleanup, onSignals, signalHandler } from "./cleanup";
import { readConfig, redact, type RunConfig, type Target } from "./config";
import type { DriveOptions, DriveResult } from "./driver";
import { findFoundryEntry, installModule, prepareDataFolder, quenchZip, unzip } from "./foundry";
import { countLine, parseQuenchReport, summarise, type ConsoleEntry, type Summary } from "./report";
import { freePort, startServer, stopServer, waitForServer } from "./server";

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

/** Runs one Foundry zip end to end; everything it creates is registered with `cleanup`. */
export async function runTarget(
  target: Target,
  config: RunConfig,
  root: string,
  cleanup: Cleanup,
  deps: Deps,
): Promise<Summary> {
  const prefix = config.targets.length > 1 ? `[${target.label}]` : "";
  const log = (line: string) => deps.log(prefix ? `${prefix} ${line}` : line);
  const entries: ConsoleEntry[] = [];
  const secrets = [config.license];
  // Files of an earlier run under the same label would pass for this run's: remove them first.
  fs.mkdirSync(config.outDir, { recursive: true });
  for (const file of fs.readdirSync(config.outDir)) {
    if (file.startsWith(`${target.label}-`)) fs.rmSync(path.join(config.outDir, file), { force: true });
  }

  let keys: string[] = [];
  let reportJson: string | null = null;
  let leftovers: string[] = [];
  let aborted: string | undefined;
  try {
    const tmp = fs.mkdtempSync(path.join(deps.tmpRoot ?? os.tmpdir(), `tactica-e2e-${target.label}-`));
    cleanup.addDir(tmp);

    log(`unpacking ${path.basename(target.zip)}`);
    await unzip(target.zip, path.join(tmp, "foundry"));
    const foundry = findFoundryEntry(path.join(tmp, "foundry"));
    const dataPath = path.join(tmp, "data");
    const { modulesDir } = prepareDataFolder(dataPath, path.join(root, "dist"), SYSTEM_ID);
    const quench = await quenchZip(config.quenchZip, config.quenchUrl, config.quenchSha256, config.cacheDir);
    if (quench.downloaded)
      log(`downloaded Quench from ${config.quenchUrl} (cached in ${path.relative(root, quench.zip)})`);
    await installModule(quench.zip, modulesDir, "quench");

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

    const result = await deps.drive({
      baseUrl: server.url,
      license: config.license,
      chromium: config.chromium,
      systemId: SYSTEM_ID,
      worldId: WORLD_ID,
      label: target.label,
      outDir: config.outDir,
      log,
      defer: (name, fn) => cleanup.add(name, fn),
      onConsole: (entry) => entries.push({ ...entry, text: redact(entry.text, secrets) }),
    });
    keys = result.keys;
    reportJson = result.reportJson;
    leftovers = result.leftovers;
  } catch (e) {
    aborted = redact(e instanceof Error ? e.message : String(e), secrets);
    log(`error: ${aborted}`);
  } finally {
    for (const problem of await cleanup.run()) log(`clean-up problem: ${problem}`);
  }

  if (reportJson) fs.writeFileSync(path.join(config.outDir, `${target.label}-quench-report.json`), reportJson);
  fs.writeFileSync(
    path.join(config.outDir, `${target.label}-console.log`),
    entries.map((e) => `[${e.phase}] ${e.type}: ${e.text}${e.url ? ` (${e.url})` : ""}`).join("\n") + "\n",
  );
  let report = null;
  if (reportJson) {
    try {
      report = parseQuenchReport(reportJson);
    } catch (e) {
      aborted ??= e instanceof Error ? e.message : String(e);
    }
  }
  return summarise({ report, keys, entries, aborted, leftovers, prefix });
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
  try {
    for (const target of config.targets) {
      const summary = await runTarget(target, config, opts.root, cleanup, { ...opts.deps, log });
      for (const line of summary.lines) log(line);
      passed += summary.passed;
      failed += summary.failed;
    }
  } finally {
    await cleanup.run();
    offSignals();
  }
  log(`reports, logs and screenshots: ${path.relative(opts.root, config.outDir)}/`);
  log(countLine(passed, failed));
  return failed === 0 ? 0 : 1;
}

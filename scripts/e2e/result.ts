/**
 * `e2e-report/result.json`: what one `npm run e2e` proved — which Tactica, from which commit, on
 * which Foundry builds (as each server reported itself on `/api/status`), with its counts. The
 * release (scripts/release.ts, `e2eGateProblems`) publishes only on a result that proves the builds
 * the manifest declares.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** One Foundry build the run booted. */
export interface E2eRun {
  label: string;
  /** The zip's file name. */
  zip: string;
  /** The build the server reported (`13.347`), or null when the run stopped before it could tell. */
  foundry: string | null;
  passed: number;
  failed: number;
}

export interface E2eResult {
  system: string;
  /** The version of the built system that ran (dist/system.json). */
  version: string;
  /** The commit it was built from, when known (CI's GITHUB_SHA, or the checkout's HEAD). */
  commit: string | null;
  runs: E2eRun[];
}

export const RESULT_FILE = "result.json";

/** The commit of the checkout at `root`: CI's `GITHUB_SHA`, else `git rev-parse HEAD`, else null. */
export function currentCommit(root: string, env: Record<string, string | undefined> = process.env): string | null {
  if (env.GITHUB_SHA) return env.GITHUB_SHA;
  try {
    return (
      execFileSync("git", ["rev-parse", "HEAD"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim() || null
    );
  } catch {
    return null;
  }
}

/** Writes the result of a run of the system built in `root/dist`. */
export function writeResult(outDir: string, root: string, runs: E2eRun[]): E2eResult {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "dist", "system.json"), "utf8")) as {
    id: string;
    version: string;
  };
  const result: E2eResult = { system: manifest.id, version: manifest.version, commit: currentCommit(root), runs };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, RESULT_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** Reads a result file; null when there is none, an error when it is not a result. */
export function readResult(file: string): E2eResult | null {
  if (!fs.existsSync(file)) return null;
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<E2eResult>;
  if (typeof data.version !== "string" || !Array.isArray(data.runs))
    throw new Error(`${file} is not the result of npm run e2e (no version or runs)`);
  return { system: String(data.system), version: data.version, commit: data.commit ?? null, runs: data.runs };
}

/**
 * The Foundry server process: a free port, the start command, waiting until it answers HTTP, and
 * stopping it (SIGTERM, then SIGKILL if it lingers).
 *
 * Flags, from Foundry's configuration article (https://foundryvtt.com/article/configuration/,
 * "Command Line Flags": `--port`, `--dataPath`, `--noupnp`, `--noupdate`; example
 * `node main.js --port=30000 --dataPath=/local/data/foundryvtt`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** The arguments that start Foundry's Node.js server on `port` with its user data in `dataPath`. */
export function foundryArgs(entry: string, dataPath: string, port: number): string[] {
  return [entry, `--dataPath=${dataPath}`, `--port=${port}`, "--noupnp", "--noupdate"];
}

export interface Server {
  process: ChildProcess;
  port: number;
  url: string;
  /** The last lines the server printed (stdout and stderr), for error messages. */
  tail(): string;
}

/**
 * Starts `node <entry> …` in `cwd`. The child gets the parent's environment minus the secrets
 * named in `hideEnv` (Foundry needs none of ours). Output goes to `onLine` and is kept for `tail()`.
 */
export function startServer(opts: {
  node: string;
  entry: string;
  cwd: string;
  dataPath: string;
  port: number;
  hideEnv?: string[];
  onLine?: (line: string) => void;
}): Server {
  const env = { ...process.env };
  for (const key of opts.hideEnv ?? []) delete env[key];
  const child = spawn(opts.node, foundryArgs(opts.entry, opts.dataPath, opts.port), {
    cwd: opts.cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split(/\r?\n/)) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 40) lines.shift();
      opts.onLine?.(line);
    }
  };
  child.stdout?.on("data", take);
  child.stderr?.on("data", take);
  return { process: child, port: opts.port, url: `http://127.0.0.1:${opts.port}`, tail: () => lines.join("\n") };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Waits until the server answers any HTTP request, or fails when it exits first or `timeoutMs`
 * passes (the error carries the server's last lines).
 */
export async function waitForServer(server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(server.process)) {
      throw new Error(
        `the server exited (code ${server.process.exitCode ?? server.process.signalCode}) before answering:\n${server.tail()}`,
      );
    }
    try {
      await fetch(`${server.url}/api/status`, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(
    `the server did not answer on ${server.url} within ${Math.round(timeoutMs / 1000)} s:\n${server.tail()}`,
  );
}

/** Stops the process: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited. */
export async function stopServer(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    if (running(child)) child.kill("SIGKILL");
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

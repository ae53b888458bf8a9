/**
 * The clean-up path with a fake server process (a small Node.js HTTP server standing in for
 * Foundry, see zips.ts): it is started on a free port, waited for, and always stopped — after a
 * success, after a failure, and on a signal — with its temporary folders removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Cleanup, onSignals, SIGNALS, signalHandler } from "../../scripts/e2e/cleanup";
import { foundryArgs, freePort, startServer, stopServer, waitForServer, type Server } from "../../scripts/e2e/server";
import { alive, fakeFoundryServer } from "./zips";

let tmp: string;
const servers: Server[] = [];
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tactica-e2e-cleanup-"));
});
afterEach(async () => {
  for (const s of servers.splice(0)) await stopServer(s.process, 100);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function fakeServer(options: { ignoreTerm?: boolean } = {}): Promise<Server> {
  const dir = fs.mkdtempSync(path.join(tmp, "foundry-"));
  fs.writeFileSync(path.join(dir, "main.mjs"), fakeFoundryServer(options));
  const server = startServer({
    node: process.execPath,
    entry: path.join(dir, "main.mjs"),
    cwd: dir,
    dataPath: path.join(tmp, "data"),
    port: await freePort(),
  });
  servers.push(server);
  await waitForServer(server, 10_000);
  return server;
}

describe("Cleanup", () => {
  it("undoes steps newest first, each once, and goes on past a failing one", async () => {
    const done: string[] = [];
    const cleanup = new Cleanup();
    cleanup.add("first", () => void done.push("first"));
    cleanup.add("broken", () => {
      throw new Error("busy");
    });
    const drop = cleanup.add("dropped", () => void done.push("dropped"));
    cleanup.add("last", async () => void done.push("last"));
    drop();
    expect(await cleanup.run()).toEqual(["broken: busy"]);
    expect(done).toEqual(["last", "first"]);
    expect(await cleanup.run()).toEqual([]);
    expect(done).toEqual(["last", "first"]);
  });

  it("makes a second caller wait for the run under way instead of running steps twice", async () => {
    let calls = 0;
    const cleanup = new Cleanup();
    cleanup.add("slow", () => new Promise<void>((r) => setTimeout(() => (calls++, r()), 50)));
    const [a, b] = await Promise.all([cleanup.run(), cleanup.run()]);
    expect([a, b, calls]).toEqual([[], [], 1]);
  });
});

describe("the server process", () => {
  it("starts on a free port with Foundry's flags, without our secrets in its environment", async () => {
    process.env.FOUNDRY_LICENSE = "SECRET-KEY";
    try {
      const dir = fs.mkdtempSync(path.join(tmp, "foundry-"));
      fs.writeFileSync(path.join(dir, "main.mjs"), fakeFoundryServer());
      const lines: string[] = [];
      const port = await freePort();
      const server = startServer({
        node: process.execPath,
        entry: path.join(dir, "main.mjs"),
        cwd: dir,
        dataPath: path.join(tmp, "data"),
        port,
        hideEnv: ["FOUNDRY_LICENSE"],
        onLine: (l) => lines.push(l),
      });
      servers.push(server);
      await waitForServer(server, 10_000);
      const status = (await (await fetch(`${server.url}/api/status`)).json()) as { argv: string[]; cwd: string };
      expect(status.argv).toEqual(foundryArgs(path.join(dir, "main.mjs"), path.join(tmp, "data"), port).slice(1));
      expect(status.argv).toEqual([`--dataPath=${path.join(tmp, "data")}`, `--port=${port}`, "--noupnp", "--noupdate"]);
      expect(fs.realpathSync(status.cwd)).toBe(fs.realpathSync(dir));
      expect(lines).toEqual([`fake Foundry on port ${port}, licence in env: no`]);
    } finally {
      delete process.env.FOUNDRY_LICENSE;
    }
  });

  it("reports the server's last lines when it exits before answering", async () => {
    const dir = fs.mkdtempSync(path.join(tmp, "foundry-"));
    fs.writeFileSync(path.join(dir, "main.mjs"), 'console.error("Foundry requires Node.js 20"); process.exit(3);');
    const server = startServer({
      node: process.execPath,
      entry: path.join(dir, "main.mjs"),
      cwd: dir,
      dataPath: tmp,
      port: await freePort(),
    });
    await expect(waitForServer(server, 10_000)).rejects.toThrow(
      /exited \(code 3\) before answering:\nFoundry requires Node.js 20/,
    );
  });

  it("is stopped by SIGTERM, or by SIGKILL when it ignores SIGTERM", async () => {
    const polite = await fakeServer();
    await stopServer(polite.process, 5000);
    expect(polite.process.signalCode).toBe("SIGTERM");
    expect(alive(polite.process.pid!)).toBe(false);

    const stubborn = await fakeServer({ ignoreTerm: true });
    await stopServer(stubborn.process, 200);
    expect(stubborn.process.signalCode).toBe("SIGKILL");
    expect(alive(stubborn.process.pid!)).toBe(false);
  });
});

describe("clean-up of a run", () => {
  /** A run as main.ts does it: a temp folder and a server registered, then work that may fail. */
  async function run(
    work: () => Promise<void>,
  ): Promise<{ pid: number; dir: string; error: unknown; problems: string[] }> {
    const cleanup = new Cleanup();
    const dir = fs.mkdtempSync(path.join(tmp, "run-"));
    cleanup.addDir(dir);
    fs.mkdirSync(path.join(dir, "data", "Data", "worlds"), { recursive: true });
    const server = await fakeServer();
    cleanup.add("stop Foundry", () => stopServer(server.process, 2000));
    let error: unknown;
    let problems: string[] = [];
    try {
      await work();
    } catch (e) {
      error = e;
    } finally {
      problems = await cleanup.run();
    }
    return { pid: server.process.pid!, dir, error, problems };
  }

  it("stops the server and removes the folders after a success", async () => {
    const r = await run(async () => {});
    expect([alive(r.pid), fs.existsSync(r.dir), r.problems]).toEqual([false, false, []]);
  });

  it("stops the server and removes the folders after a failure, and keeps the error", async () => {
    const r = await run(async () => {
      throw new Error("join: no Gamemaster");
    });
    expect((r.error as Error).message).toBe("join: no Gamemaster");
    expect([alive(r.pid), fs.existsSync(r.dir), r.problems]).toEqual([false, false, []]);
  });

  it("on a signal, stops the server, removes the folders, then exits with 128 + the signal number", async () => {
    const cleanup = new Cleanup();
    const dir = fs.mkdtempSync(path.join(tmp, "run-"));
    cleanup.addDir(dir);
    const server = await fakeServer();
    cleanup.add("stop Foundry", () => stopServer(server.process, 2000));
    const exit = vi.fn();
    const log = vi.fn();
    const handler = signalHandler(cleanup, exit, log);
    await handler("SIGTERM");
    expect(alive(server.process.pid!)).toBe(false);
    expect(fs.existsSync(dir)).toBe(false);
    expect(exit).toHaveBeenCalledWith(143);
    expect(log).toHaveBeenCalledWith("e2e: SIGTERM received — stopping Foundry and removing temporary folders");
    await handler("SIGINT");
    expect(exit).toHaveBeenLastCalledWith(130);
  });

  it("listens to SIGINT, SIGTERM and SIGHUP while installed, and stops listening after", () => {
    const before = SIGNALS.map((s) => process.listenerCount(s));
    const off = onSignals(async () => {});
    expect(SIGNALS.map((s) => process.listenerCount(s))).toEqual(before.map((n) => n + 1));
    off();
    expect(SIGNALS.map((s) => process.listenerCount(s))).toEqual(before);
  });
});

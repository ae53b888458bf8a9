/**
 * A double of a fresh Foundry server's setup routes, v13 or v14, to test scripts/e2e/setup-api.ts
 * without Foundry. It is built from the public sources that file's header names, and models only
 * what they show:
 * - `GET /api/status` answers `{active, version, world, system}` (the v14 server-route client;
 *   the v13 Paranoia e2e bootstrap reads `active` and `world`);
 * - until its licence agreement is signed, `GET /setup` redirects to `/license` (a module's
 *   Playwright e2e on 13.351 and 14.364 checks the `location` of `/setup` for `/license`), and
 *   `POST /license` with `agree=on&accept=accept` signs it (the same e2e);
 * - v13 creates a world on `POST /setup {action: "createWorld"}` (the Paranoia bootstrap), v14 on
 *   `POST /create {action: "createWorld"}` (the v14 client);
 * - `POST /setup {action: "launchWorld", world}` launches a world, which `/api/status` then reports
 *   active (both sources).
 * What no source shows, and the double assumes: a route a generation lacks answers 404, and v14's
 * `/setup` refuses `createWorld` with a JSON error (the reason setup-api.ts falls back to the other
 * route rather than trusting one). The world becomes active on the next status request.
 */
import http from "node:http";

export interface FakeSetup {
  url: string;
  /** Every request received: method, path and parsed body. */
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  worlds: Map<string, { title: string; system: string }>;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      if (!text) return resolve({});
      if ((req.headers["content-type"] ?? "").includes("application/json")) return resolve(JSON.parse(text));
      resolve(Object.fromEntries(new URLSearchParams(text)));
    });
  });
}

/** Starts the double for Foundry `version` (`13.351`, `14.367`…) on a free port. */
export async function startFakeSetup(version: string, { signed = false } = {}): Promise<FakeSetup> {
  const v14 = Number(version.split(".")[0]) >= 14;
  const worlds = new Map<string, { title: string; system: string }>();
  const requests: FakeSetup["requests"] = [];
  let licensed = signed;
  let launching: string | null = null;
  let active: string | null = null;

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const body = await readBody(req);
    requests.push({ method: req.method ?? "GET", path, body });
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(data));
    };
    const createWorld = () => {
      const id = String(body.id);
      if (worlds.has(id)) return json(400, { error: `The world ${id} already exists` });
      worlds.set(id, { title: String(body.title), system: String(body.system) });
      return json(200, { id, title: body.title, system: body.system });
    };
    if (req.method === "GET" && path === "/api/status") {
      active = active ?? launching;
      return json(200, {
        active: active !== null,
        version,
        world: active,
        system: active ? worlds.get(active)?.system : null,
      });
    }
    if (req.method === "GET" && path === "/setup") {
      res.writeHead(licensed ? 200 : 302, licensed ? { "content-type": "text/html" } : { location: "/license" });
      return res.end(licensed ? "<html>setup</html>" : "");
    }
    if (req.method === "POST" && path === "/license") {
      licensed ||= body.agree === "on" && body.accept === "accept";
      res.writeHead(302, { location: licensed ? "/setup" : "/license" });
      return res.end();
    }
    if (req.method === "POST" && path === "/create" && v14 && body.action === "createWorld") return createWorld();
    if (req.method === "POST" && path === "/setup") {
      if (body.action === "createWorld")
        return v14 ? json(400, { error: "createWorld is not a setup action" }) : createWorld();
      if (body.action === "launchWorld") {
        if (!worlds.has(String(body.world))) return json(400, { error: `no world ${String(body.world)}` });
        launching = String(body.world);
        return json(200, { status: "success" });
      }
    }
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<html>Not found</html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    worlds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

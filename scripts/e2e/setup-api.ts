/**
 * Foundry's setup routes as `npm run e2e` uses them, over any HTTP client (the browser context's
 * in driver.ts, so that the requests carry its session; `fetch` in the tests, against the double
 * of test/e2e/fake-setup.ts). Only a real Foundry proves them (docs/manual-checks.md, e2e).
 *
 * Where each shape comes from (public code of projects that drive a real Foundry):
 * - `GET /api/status` → `{active, version, world, system, …}`, no session needed: a v14
 *   server-route client ("shapes verified in resources/app/dist/server/views (v14)") and a v13
 *   Paranoia e2e bootstrap (`status.active`, `status.world`);
 * - v13 creates a world with `POST /setup {action: "createWorld", id, title, system}` (the Paranoia
 *   bootstrap, `majorVersion 13`); v14 with `POST /create {action: "createWorld", id, title,
 *   system}` (the v14 client), its setup screen's form now a page of its own (projects that
 *   create the world through the v13.351 and v14.364 screens click `button[data-action="worldCreate"]`
 *   and submit `#world-create`, landing on `/players` in v14);
 * - both launch it with `POST /setup {action: "launchWorld", world}` and wait until
 *   `/api/status` reports it active (both sources);
 * - the licence agreement is signed with `POST /license` form fields `agree=on&accept=accept`
 *   after the key (a Playwright e2e of a module run on 13.351 and 14.364: `ensureLicenseSigned`).
 * The route is chosen by the build `/api/status` reports; the other route is tried when the first
 * one refuses, and the error names both.
 */

/** The HTTP client the routes need: a GET and a POST of JSON or of form fields, without following redirects. */
export interface Http {
  get(path: string): Promise<Reply>;
  post(path: string, body: { json: Record<string, unknown> } | { form: Record<string, string> }): Promise<Reply>;
}

export interface Reply {
  status: number;
  /** The parsed JSON body, or null when the reply is not JSON. */
  body: Record<string, unknown> | null;
  /** The `location` header of a redirect. */
  location?: string;
}

export interface ServerStatus {
  active: boolean;
  version: string | null;
  world: string | null;
}

/** `GET /api/status` (see the header). */
export async function serverStatus(http: Http): Promise<ServerStatus> {
  const { body } = await http.get("/api/status");
  return {
    active: body?.active === true,
    version: typeof body?.version === "string" ? body.version : null,
    world: typeof body?.world === "string" ? body.world : null,
  };
}

/** The generation of a build (`14` of `14.367`), or null for an unknown version. */
export function generationOf(version: string | null): number | null {
  const major = /^(\d+)(?:\.|$)/.exec(version ?? "")?.[1];
  return major ? Number(major) : null;
}

/** The routes to try for `createWorld`, first the one of this build's generation (see the header). */
export function createWorldRoutes(version: string | null): ["/create" | "/setup", "/create" | "/setup"] {
  return (generationOf(version) ?? 0) >= 14 ? ["/create", "/setup"] : ["/setup", "/create"];
}

/** Why a setup reply is a refusal, or null when it is a success. */
function refusal(reply: Reply): string | null {
  const error = typeof reply.body?.error === "string" ? reply.body.error : "";
  if (reply.status >= 400) return `HTTP ${reply.status}${error ? ` ${error}` : ""}`;
  if (error) return error;
  if (!reply.body) return `HTTP ${reply.status}, not a JSON answer`;
  return null;
}

/** Creates a world with the system, through the route of the build's generation; returns the route that did. */
export async function createWorld(
  http: Http,
  world: { id: string; title: string; system: string },
  version: string | null,
): Promise<string> {
  const tried: string[] = [];
  for (const route of createWorldRoutes(version)) {
    const reply = await http.post(route, { json: { action: "createWorld", ...world } });
    const why = refusal(reply);
    if (!why) return route;
    tried.push(`POST ${route}: ${why}`);
  }
  throw new Error(`Foundry ${version ?? "(unknown build)"} refused to create the world: ${tried.join("; ")}`);
}

/** Launches the world and waits until the server reports it active. */
export async function launchWorld(
  http: Http,
  worldId: string,
  { timeoutMs, pause }: { timeoutMs: number; pause: (ms: number) => Promise<void> },
): Promise<void> {
  const why = refusal(await http.post("/setup", { json: { action: "launchWorld", world: worldId } }));
  if (why) throw new Error(`Foundry refused to launch the world "${worldId}": ${why}`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await serverStatus(http).catch(() => null);
    if (status?.active && status.world === worldId) return;
    await pause(1000);
  }
  throw new Error(`the world "${worldId}" did not become active within ${timeoutMs / 1000} s`);
}

/** Whether the server still sends `/setup` to its licence screen. */
export async function licenceScreenAhead(http: Http): Promise<boolean> {
  const reply = await http.get("/setup");
  return (reply.location ?? "").includes("/license");
}

/** Signs the licence agreement with the form its screen posts (see the header). */
export async function signLicenceAgreement(http: Http): Promise<void> {
  await http.post("/license", { form: { agree: "on", accept: "accept" } });
}

/** An {@link Http} over `fetch` (no session: enough for `/api/status`, and for the tests' double). */
export function fetchHttp(baseUrl: string, timeoutMs = 180_000): Http {
  const reply = async (response: Response): Promise<Reply> => {
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("application/json") ? ((await response.json()) as Record<string, unknown>) : null;
    const location = response.headers.get("location");
    return { status: response.status, body, ...(location ? { location } : {}) };
  };
  const request = (path: string, init: RequestInit) =>
    fetch(`${baseUrl}${path}`, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs), ...init }).then(reply);
  return {
    get: (path) => request(path, {}),
    post: (path, body) =>
      request(path, {
        method: "POST",
        ...("json" in body
          ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body.json) }
          : { body: new URLSearchParams(body.form) }),
      }),
  };
}

/**
 * Foundry's setup routes as scripts/e2e/setup-api.ts drives them, against the double of each
 * generation (fake-setup.ts, built from public sources; what only a real Foundry proves is in
 * docs/manual-checks.md, e2e section).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createWorld,
  createWorldRoutes,
  fetchHttp,
  generationOf,
  launchWorld,
  licenceScreenAhead,
  serverStatus,
  signLicenceAgreement,
} from "../../scripts/e2e/setup-api";
import { startFakeSetup, type FakeSetup } from "./fake-setup";

let server: FakeSetup | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const start = async (version: string, options?: { signed?: boolean }) => {
  server = await startFakeSetup(version, options);
  return { server, http: fetchHttp(server.url, 5000) };
};
const WORLD = { id: "tactica-e2e", title: "Tactica e2e", system: "tactica" };
const noPause = () => Promise.resolve();

describe("the build's generation and its world route", () => {
  it("reads the generation from the version /api/status reports", () => {
    expect(generationOf("13.351")).toBe(13);
    expect(generationOf("14.367")).toBe(14);
    expect(generationOf("15")).toBe(15);
    expect(generationOf(null)).toBeNull();
    expect(generationOf("nightly")).toBeNull();
  });

  it("tries /create first from v14 on, /setup first before, the other one second", () => {
    expect(createWorldRoutes("13.347")).toEqual(["/setup", "/create"]);
    expect(createWorldRoutes("14.359")).toEqual(["/create", "/setup"]);
    expect(createWorldRoutes("15.300")).toEqual(["/create", "/setup"]);
    expect(createWorldRoutes(null)).toEqual(["/setup", "/create"]);
  });
});

describe.each([
  ["13.351", "/setup"],
  ["14.367", "/create"],
])("Foundry %s", (version, route) => {
  it(`reports its build, creates the world through ${route} in one request, and launches it`, async () => {
    const { server, http } = await start(version, { signed: true });
    expect(await serverStatus(http)).toEqual({ active: false, version, world: null });
    expect(await createWorld(http, WORLD, version)).toBe(route);
    expect(server.worlds.get("tactica-e2e")).toEqual({ title: "Tactica e2e", system: "tactica" });
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: route, body: { action: "createWorld", ...WORLD } },
    ]);
    await launchWorld(http, "tactica-e2e", { timeoutMs: 5000, pause: noPause });
    expect(await serverStatus(http)).toEqual({ active: true, version, world: "tactica-e2e" });
  });

  it("falls back to the other route when the build was misread, and says so when both refuse", async () => {
    const { http } = await start(version, { signed: true });
    const other = version.startsWith("13") ? "14.367" : "13.351";
    expect(await createWorld(http, WORLD, other)).toBe(route);
    const refused = createWorld(http, WORLD, version);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `^Foundry ${version.replace(".", "\\.")} refused to create the world: POST ${route}: HTTP 400 The world tactica-e2e already exists; POST `,
      ),
    );
  });
});

describe("the licence screen", () => {
  it("is ahead until the agreement is signed with the form its screen posts", async () => {
    const { server, http } = await start("14.367");
    expect(await licenceScreenAhead(http)).toBe(true);
    await signLicenceAgreement(http);
    expect(await licenceScreenAhead(http)).toBe(false);
    expect(server.requests.find((r) => r.path === "/license")?.body).toEqual({ agree: "on", accept: "accept" });
  });

  it("refuses to launch a world that does not exist, naming it", async () => {
    const { http } = await start("13.351", { signed: true });
    await expect(launchWorld(http, "missing", { timeoutMs: 1000, pause: noPause })).rejects.toThrow(
      'Foundry refused to launch the world "missing": HTTP 400 no world missing',
    );
  });
});

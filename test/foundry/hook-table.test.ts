import { describe, expect, it } from "vitest";
import { loadWorld } from "./world";

// The listeners the entry leaves registered once a client is ready (src/hooks/, one file per
// concern): each event listened to exactly as often as the table says, so a listener lost in a
// move, registered twice, or left waiting for a `ready` that has passed fails here. The two
// `updateActor` reactions (Focalisé, powers of the dead) share one listener. The system does not
// listen to its own `tactica.*` hooks: what an activation's end or a threshold does is called by the
// combat's follow-up (src/combat/after-update.ts); the hooks are for modules. Each handler decides on
// its own whether this client acts (the active GM); registering them does not look at the user.
const EXPECTED: Record<string, number> = {
  // src/hooks/actor.ts
  updateActor: 1,
  // src/hooks/combat.ts: the end of a fight and the timeline tracker both follow deleteCombat
  deleteCombat: 2,
  updateScene: 1,
  renderCombatTracker: 1,
  getCombatContextOptions: 1,
  getCombatTrackerContextOptions: 1,
  updateToken: 1,
  sightRefresh: 1,
  createCombat: 1,
  updateCombat: 1,
  createCombatant: 1,
  updateCombatant: 1,
  deleteCombatant: 1,
  // src/hooks/places.ts
  getHeaderControlsRegionConfig: 1,
  createRegion: 1,
  updateRegion: 1,
  deleteRegion: 1,
  createRegionBehavior: 1,
  updateRegionBehavior: 1,
  deleteRegionBehavior: 1,
  // src/hooks/chat.ts
  renderChatMessageHTML: 1,
  updateChatMessage: 1,
  // src/hooks/chat-log.ts: each chat log core renders watched, for its earlier messages' mark
  renderChatLog: 1,
  // src/hooks/hotbar.ts: registered on `ready`
  hotbarDrop: 1,
  // src/hooks/quench.ts (once, when Quench announces itself)
  quenchReady: 1,
  // src/hooks/integrations.ts: nothing unless Dice So Nice or Token Action HUD Core is active
};

/** src/hooks/integrations.ts with both modules active: once each, when the module announces itself. */
const WITH_MODULES: Record<string, number> = { ...EXPECTED, diceSoNiceReady: 1, tokenActionHudCoreApiReady: 1 };

/** Listeners per event, without those the fake itself had registered before the entry ran. */
function tableOf(registrations: { event: string }[], baseline: Map<string, number>): Record<string, number> {
  const table: Record<string, number> = {};
  for (const { event } of registrations) table[event] = (table[event] ?? 0) + 1;
  for (const [event, n] of baseline) {
    const left = (table[event] ?? 0) - n;
    if (left > 0) table[event] = left;
    else delete table[event];
  }
  return table;
}

describe("the entry's listeners (src/hooks/)", () => {
  it("are registered once each, as the table says, once the client is ready", async () => {
    const baseline = new Map<string, number>();
    const world = await loadWorld("fr", (fake) => {
      for (const { event } of fake.hooks.registrations()) baseline.set(event, (baseline.get(event) ?? 0) + 1);
    });
    // What is left after `init` → `ready`: the once-listeners of init and ready are consumed.
    expect(tableOf(world.fake.hooks.registrations(), baseline)).toEqual(EXPECTED);
  });

  it("listen to Dice So Nice and Token Action HUD Core only when those modules are active", async () => {
    const baseline = new Map<string, number>();
    const world = await loadWorld("fr", (fake) => {
      const active = { active: true };
      fake.game.modules = new Map([
        ["dice-so-nice", active],
        ["token-action-hud-core", active],
      ]);
      for (const { event } of fake.hooks.registrations()) baseline.set(event, (baseline.get(event) ?? 0) + 1);
    });
    expect(tableOf(world.fake.hooks.registrations(), baseline)).toEqual(WITH_MODULES);
  });
});

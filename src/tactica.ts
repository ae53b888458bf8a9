/**
 * Tactica — Foundry VTT game system entry point (v13 from 13.347, and v14), and its table of
 * contents: on `init` the system is set up (src/setup/registration.ts) and its listeners are
 * registered, one file per concern under src/hooks/; nothing else registers a hook. Two are
 * registered when the bundle loads, before any module's script runs: the lifecycle (`init`,
 * `ready`) and the card's place in `renderChatMessageHTML`. The layers
 * and what may import what: docs/architecture.md.
 */
import "./setup/fvtt-config";
import { configureSystem } from "./setup/registration";
import { lifecycleHooks } from "./hooks/lifecycle";
import { actorHooks } from "./hooks/actor";
import { combatHooks } from "./hooks/combat";
import { placeHooks } from "./hooks/places";
import { cardRenderHooks, chatHooks } from "./hooks/chat";
import { chatLogHooks } from "./hooks/chat-log";
import { hotbarHooks } from "./hooks/hotbar";
import { quenchHooks } from "./hooks/quench";
import { integrationHooks } from "./hooks/integrations";

// When the bundle loads, before any module's script: Tactica's renderChatMessageHTML listener comes
// first, so modules' listeners see the card and keep what they add to it.
cardRenderHooks();

// `init`: the set-up, then the listeners; `ready`: the world migration and the v14 build check.
lifecycleHooks(() => {
  configureSystem(); // CONFIG.TACTICA, settings, documents, models, rolls, sheets, templates, game.tactica
  actorHooks(); // updateActor: Focalisé lost, powers of the dead ended
  combatHooks(); // end of a fight or scene, activation ends, thresholds, the trackers
  placeHooks(); // the place form from the core region window; ready: flag-based places migrated
  chatHooks(); // due copies redrawn
  chatLogHooks(); // the chat log's earlier messages marked, for styles/perf.css
  hotbarHooks(); // ready: hotbar drops become macros
  quenchHooks(); // quenchReady: the in-Foundry self-test
  integrationHooks(); // keybindings, the token ruler in places; Dice So Nice, Token Action HUD when active
});

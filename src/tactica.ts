/**
 * Tactica — Foundry VTT v13 game system entry point: registration on `init`, public API.
 */
import "./fvtt-config";
import { TACTICA } from "./config";
import { registerSettings } from "./settings";
import { createApi } from "./api";

Hooks.once("init", () => {
  CONFIG.TACTICA = TACTICA;
  registerSettings();
  (game as Game).tactica = createApi();
});

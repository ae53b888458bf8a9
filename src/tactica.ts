/**
 * Tactica — Foundry VTT game system entry point (v13 from 13.347, and v14): registration on
 * `init`, public API, migration and the v14 build check on `ready`.
 */
import "./fvtt-config";
import { TACTICA } from "./config";
import { registerSettings } from "./settings";
import { createApi } from "./api";
import { preloadTemplates, registerDataLayer, registerDice } from "./registration";
import { migrateOnReady } from "./migrations/index";
import { registerQuench } from "./self-test";
import { registerCombat } from "./combat/register";
import { registerChat } from "./chat/render";
import { registerPressureWindows } from "./pressure-windows";
import { registerActivation } from "./actions/activation";
import { registerHotbar } from "./macros";
import { registerSheets } from "./applications/register-sheets";
import { registerPluralHelper } from "./utils/plural";
import { warnOfUnsoundBuild } from "./compat/generation";
import { registerSignedHelper } from "./utils/signed";

Hooks.once("init", () => {
  CONFIG.TACTICA = TACTICA;
  registerSettings();
  registerDataLayer();
  registerDice();
  registerCombat();
  registerChat();
  registerPressureWindows();
  registerActivation();
  registerHotbar();
  registerSheets();
  registerPluralHelper();
  registerSignedHelper();
  void preloadTemplates();
  (game as Game).tactica = createApi();
  registerQuench();
});

Hooks.once("ready", migrateOnReady);
Hooks.once("ready", warnOfUnsoundBuild);

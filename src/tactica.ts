/**
 * Tactica — Foundry VTT game system entry point (v13 from 13.347, and v14): registration on
 * `init`, public API, migration and the v14 build check on `ready`.
 */
import "./setup/fvtt-config";
import { TACTICA } from "./config/config";
import { registerSettings } from "./config/settings";
import { createApi } from "./api/index";
import { preloadTemplates, registerDataLayer, registerDice } from "./setup/registration";
import { migrateOnReady } from "./migrations/index";
import { registerQuench } from "./hooks/quench";
import { registerCombat } from "./combat/register";
import { registerChat } from "./chat/render";
import { registerPressureWindows } from "./effects/pressure-windows";
import { registerActivation } from "./actions/activation";
import { registerHotbar } from "./api/macros";
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

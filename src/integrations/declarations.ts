/**
 * The hooks of other modules Tactica listens to or calls, for the type checker (the modules
 * themselves are not dependencies: their API is read at run time, see each integration).
 */
import type { TahCoreApi } from "./token-action-hud";

declare module "fvtt-types/configuration" {
  // fvtt-types declares hook signatures in its `Hooks` namespace; augmenting it takes one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Hooks {
    interface HookConfig {
      /** Token Action HUD Core set its API (`module/core/api.mjs`, on `ready`): ./token-action-hud.ts. */
      tokenActionHudCoreApiReady: (coreModule: { api?: Partial<TahCoreApi> }) => void;
      /** A system's handler for Token Action HUD Core, given to it (`module/main.mjs` `registerCoreModule`). */
      tokenActionHudSystemReady: (systemModule: {
        id: string;
        api: { requiredCoreModuleVersion: string; SystemManager: new (...args: never[]) => object };
      }) => void;
    }
  }
}

export {};

/**
 * The Foundry base of Tactica's own windows (timeline tracker, place form):
 * HandlebarsApplicationMixin over ApplicationV2, seen through the few members they use — declared,
 * bridged and checked against fvtt-types in ../sheets/foundry-base.ts with the sheets' bases.
 */
export {
  HandlebarsAppBase,
  type AppRenderOptions,
  type FoundryApp,
  type FoundryAppClass,
} from "../sheets/foundry-base";

/** A click action of `DEFAULT_OPTIONS.actions` (Foundry calls it with the app as `this`). */
export type AppAction = (this: never, event: PointerEvent, target: HTMLElement) => unknown;

/** The form data Foundry hands to an ApplicationV2 form handler. */
export interface AppFormData {
  readonly object: Record<string, unknown>;
}

/**
 * The Foundry base of Tactica's own windows (timeline tracker, place form):
 * HandlebarsApplicationMixin over ApplicationV2, seen through the few members they use — declared,
 * bridged and checked against fvtt-types in ../sheets/foundry-base.ts with the sheets' bases.
 */
export { HandlebarsAppBase } from "../sheets/foundry-base";

/** The form data Foundry hands to an ApplicationV2 form handler. */
export interface AppFormData {
  readonly object: Record<string, unknown>;
}

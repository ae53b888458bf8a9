/**
 * Type-only (nothing here runs or is bundled): ties the hand-written views of ./foundry-base.ts to
 * fvtt-types' classes, member by member, so that a view drifting from core's typings fails
 * `tsc`. A whole-class comparison against the mixed classes made tsc run for minutes; indexed
 * access on each member costs well under a second.
 *
 * `Into<A, B>` holds when A is assignable to B. For each member the view declares:
 * - both directions where the types agree (two `Into`);
 * - fvtt-types' member into the view's (`Into<Real, View>`) where the view is narrower: what our
 *   code reads or calls is there, with a type it can use;
 * - for the render hooks whose context types fvtt-types declares without an index signature: the
 *   member exists, core's arguments fit the view's parameters and it returns an object
 *   (`_prepareContext`, `_prepareTabs`); where the context is itself a parameter
 *   (`_preparePartContext`, `_renderHTML`), it takes as many arguments and returns an object.
 * Not checked: ActorSheetV2#_onDragStart, which the v13 API documents
 * (https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ActorSheetV2.html) and the
 * 13.345 typings lack.
 */
import type { FoundryActorSheet, FoundryApp, FoundryDocumentSheet, FoundrySheet } from "./foundry-base";

type Mixed<C extends abstract new (...args: never[]) => unknown> = InstanceType<C>;
type RealActorSheet = Mixed<
  ReturnType<
    typeof foundry.applications.api.HandlebarsApplicationMixin<typeof foundry.applications.sheets.ActorSheetV2>
  >
>;
type RealItemSheet = Mixed<
  ReturnType<typeof foundry.applications.api.HandlebarsApplicationMixin<typeof foundry.applications.sheets.ItemSheetV2>>
>;
type RealApp = Mixed<
  ReturnType<typeof foundry.applications.api.HandlebarsApplicationMixin<typeof foundry.applications.api.ApplicationV2>>
>;
type RealDocumentSheet = Mixed<
  ReturnType<
    typeof foundry.applications.api.HandlebarsApplicationMixin<typeof foundry.applications.api.DocumentSheetV2>
  >
>;

type ActorView = FoundryActorSheet<Actor.Implementation>;
type ItemView = FoundrySheet<Item.Implementation>;
type PlaceView = FoundryDocumentSheet<RegionBehavior.Implementation>;

/** A is assignable to B. */
type Into<A extends B, B> = [A, B];

export type ActorSheetChecks = [
  Into<RealActorSheet["element"], ActorView["element"]>,
  Into<ActorView["element"], RealActorSheet["element"]>,
  Into<RealActorSheet["id"], ActorView["id"]>,
  Into<ActorView["id"], RealActorSheet["id"]>,
  Into<RealActorSheet["isEditable"], ActorView["isEditable"]>,
  Into<ActorView["isEditable"], RealActorSheet["isEditable"]>,
  Into<RealActorSheet["rendered"], ActorView["rendered"]>,
  Into<ActorView["rendered"], RealActorSheet["rendered"]>,
  Into<RealActorSheet["tabGroups"], ActorView["tabGroups"]>,
  Into<ActorView["tabGroups"], RealActorSheet["tabGroups"]>,
  Into<RealActorSheet["options"], ActorView["options"]>,
  Into<RealActorSheet["render"], ActorView["render"]>,
  Into<RealActorSheet["_configureRenderOptions"], ActorView["_configureRenderOptions"]>,
  Into<ActorView["_configureRenderOptions"], RealActorSheet["_configureRenderOptions"]>,
  Into<RealActorSheet["_configureRenderParts"], ActorView["_configureRenderParts"]>,
  Into<RealActorSheet["_onFirstRender"], ActorView["_onFirstRender"]>,
  Into<ActorView["_onFirstRender"], RealActorSheet["_onFirstRender"]>,
  Into<RealActorSheet["_onRender"], ActorView["_onRender"]>,
  Into<ActorView["_onRender"], RealActorSheet["_onRender"]>,
  Into<RealActorSheet["_createContextMenu"], ActorView["_createContextMenu"]>,
  Into<RealActorSheet["_onChangeForm"], ActorView["_onChangeForm"]>,
  Into<ActorView["_onChangeForm"], RealActorSheet["_onChangeForm"]>,
  Into<RealActorSheet["_prepareSubmitData"], ActorView["_prepareSubmitData"]>,
  Into<ActorView["_prepareSubmitData"], RealActorSheet["_prepareSubmitData"]>,
  Into<RealActorSheet["_processSubmitData"], ActorView["_processSubmitData"]>,
  Into<RealActorSheet["_processFormData"], ActorView["_processFormData"]>,
  Into<ActorView["_processSubmitData"], RealActorSheet["_processSubmitData"]>,
  Into<RealActorSheet["changeTab"], ActorView["changeTab"]>,
  Into<ActorView["changeTab"], RealActorSheet["changeTab"]>,
  Into<RealActorSheet["submit"], ActorView["submit"]>,
  Into<RealActorSheet["_toggleDisabled"], ActorView["_toggleDisabled"]>,
  Into<ActorView["_toggleDisabled"], RealActorSheet["_toggleDisabled"]>,
  Into<
    [Parameters<RealActorSheet["_prepareContext"]>, Awaited<ReturnType<RealActorSheet["_prepareContext"]>>],
    [Parameters<ActorView["_prepareContext"]>, object]
  >,
  Into<
    [
      Parameters<RealActorSheet["_preparePartContext"]>["length"],
      Awaited<ReturnType<RealActorSheet["_preparePartContext"]>>,
    ],
    [Parameters<ActorView["_preparePartContext"]>["length"], object]
  >,
  Into<
    [Parameters<RealActorSheet["_prepareTabs"]>, Awaited<ReturnType<RealActorSheet["_prepareTabs"]>>],
    [Parameters<ActorView["_prepareTabs"]>, object]
  >,
  // Each tab core prepares is what the view's tab type says (no member required that core may leave out).
  Into<Awaited<ReturnType<RealActorSheet["_prepareTabs"]>>[string], ReturnType<ActorView["_prepareTabs"]>[string]>,
  Into<
    [Parameters<RealActorSheet["_renderHTML"]>["length"], Awaited<ReturnType<RealActorSheet["_renderHTML"]>>],
    [Parameters<ActorView["_renderHTML"]>["length"], unknown]
  >,
  Into<Parameters<RealActorSheet["_replaceHTML"]>["length"], Parameters<ActorView["_replaceHTML"]>["length"]>,
  Into<HTMLElement, Parameters<RealActorSheet["_replaceHTML"]>[1]>,
];

export type ItemSheetChecks = [
  Into<RealItemSheet["document"], ItemView["document"]>,
  Into<ItemView["document"], RealItemSheet["document"]>,
  Into<RealItemSheet["isEditable"], ItemView["isEditable"]>,
  Into<ItemView["isEditable"], RealItemSheet["isEditable"]>,
  Into<RealItemSheet["render"], ItemView["render"]>,
  Into<RealItemSheet["_onChangeForm"], ItemView["_onChangeForm"]>,
  Into<ItemView["_onChangeForm"], RealItemSheet["_onChangeForm"]>,
  Into<RealItemSheet["_prepareSubmitData"], ItemView["_prepareSubmitData"]>,
  Into<ItemView["_prepareSubmitData"], RealItemSheet["_prepareSubmitData"]>,
  Into<
    [Parameters<RealItemSheet["_prepareContext"]>, Awaited<ReturnType<RealItemSheet["_prepareContext"]>>],
    [Parameters<ItemView["_prepareContext"]>, object]
  >,
  Into<
    [Parameters<RealItemSheet["_prepareTabs"]>, Awaited<ReturnType<RealItemSheet["_prepareTabs"]>>],
    [Parameters<ItemView["_prepareTabs"]>, object]
  >,
  Into<Awaited<ReturnType<RealItemSheet["_prepareTabs"]>>[string], ReturnType<ItemView["_prepareTabs"]>[string]>,
];

export type AppChecks = [
  Into<RealApp["element"], FoundryApp["element"]>,
  Into<FoundryApp["element"], RealApp["element"]>,
  Into<RealApp["rendered"], FoundryApp["rendered"]>,
  Into<FoundryApp["rendered"], RealApp["rendered"]>,
  Into<RealApp["render"], FoundryApp["render"]>,
  Into<RealApp["close"], FoundryApp["close"]>,
  Into<RealApp["_onRender"], FoundryApp["_onRender"]>,
  Into<FoundryApp["_onRender"], RealApp["_onRender"]>,
  Into<
    [Parameters<RealApp["_prepareContext"]>, Awaited<ReturnType<RealApp["_prepareContext"]>>],
    [Parameters<FoundryApp["_prepareContext"]>, object]
  >,
];

export type DocumentSheetChecks = [
  Into<RealDocumentSheet["id"], PlaceView["id"]>,
  Into<PlaceView["id"], RealDocumentSheet["id"]>,
  Into<RealDocumentSheet["document"], object>,
  Into<RealDocumentSheet["render"], PlaceView["render"]>,
  Into<RealDocumentSheet["close"], PlaceView["close"]>,
  Into<
    [Parameters<RealDocumentSheet["_prepareContext"]>, Awaited<ReturnType<RealDocumentSheet["_prepareContext"]>>],
    [Parameters<PlaceView["_prepareContext"]>, object]
  >,
];

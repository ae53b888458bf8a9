/**
 * Contract: core's ApplicationV2 itself (core v13 client `applications/api/application.mjs`, the
 * behaviours the fake's `FakeApplicationV2` copies, test/foundry/fake-apps.ts), checked on a probe
 * window this suite defines, renders and closes again — nothing is written to the world:
 * - `_initializeApplicationOptions` merges `DEFAULT_OPTIONS` down the class chain: every array
 *   concatenated (`classes`, `window.controls`), objects merged, other values replaced; a framed
 *   window's classes start with `application`, without duplicates; `tabGroups` start at `initial`;
 * - `render`: `_canRender` false renders nothing and a throw is a warning; a first render needs
 *   `force`; then `_configureRenderOptions` (`isFirstRender` already set), `_prepareContext`,
 *   `_preFirstRender`, `_preRender`, RENDERING, the frame and its listeners, `_renderHTML`,
 *   `_replaceHTML`, `instances` and `_insertElement`, `_updateFrame`, RENDERED, `_onFirstRender`,
 *   `_onRender`, the `render` event, `_postRender`; `_updateFrame` writes a title given in
 *   `options.window`;
 * - `close`: `_preClose` awaited, CLOSING while `_tearDown` removes the element (its subtree
 *   whole), CLOSED and out of `instances` before `_onClose` and the `close` event; a window never
 *   rendered just becomes CLOSED;
 * - forms: `submit(options)` hands FormDataExtended of the form and the options to `form.handler`;
 *   a `change` inside the form submits while RENDERED or CLOSING (`submitOnChange`), never after
 *   close; a handler that throws is an error notification and the window stays open, else
 *   `closeOnSubmit` closes it;
 * - tabs and clicks: `_prepareTabs`, `changeTab` (both ids, throws without the tab's link, toggles
 *   `.active`), `_onClickTab` reading `event.target` (a click on a tab link's icon switches
 *   nothing), the `tab` render option; a click inside a `[data-action]` element runs its action with
 *   the window as `this` and that element as the target;
 * - `_createContextMenu` fires `get<Class>ContextOptions` for each class of the chain (or the one
 *   hook named with `parentClassHooks: false`) with the entries, and builds
 *   `ContextMenu.implementation`; no entry, no menu.
 */
import type { ContractContext } from "./context";
import { menuEntries } from "../compat/context-menu";
import { spyOn, type Data, type Method } from "./temporary";
import { newProbe, notified, until, type Probe } from "./applications-probe";

const FIRST_RENDER = [
  "canRender@0",
  "configureRenderOptions(first)@0",
  "prepareContext@0",
  "preFirstRender@0",
  "preRender@0",
  "renderFrame@1",
  "attachFrameListeners@1",
  "renderHTML@1",
  "replaceHTML@1",
  "insertElement(listed)@1",
  "updateFrame@1",
  "onFirstRender@2",
  "onRender@2",
  "event:render@2",
  "postRender@2",
];

export function applicationCoreContract({ describe, it, assert }: ContractContext): void {
  describe("ApplicationV2 options and life cycle", () => {
    it("[apps.options-merge] DEFAULT_OPTIONS merge down the class chain: arrays concatenated, objects merged, application first", () => {
      const probe = newProbe({ classes: ["tactica-probe-given"], window: { icon: "fa-solid fa-c" } });
      const { classes, window } = probe.options;
      assert.deepEqual(classes, ["application", "tactica-probe", "tactica-probe-child", "tactica-probe-given"]);
      const controls: unknown = window.controls;
      const actions = Array.isArray(controls) ? controls.map((c: Data) => c.action) : [];
      assert.deepEqual(actions, ["a", "b"], "window.controls of both classes, in chain order");
      assert.deepEqual(
        [window.title, window.icon, window.resizable, window.frame],
        ["[Quench] contract", "fa-solid fa-c", true, true],
      );
      assert.deepEqual(probe.tabGroups, { primary: "one" }, "tabGroups start at each group's initial tab");
    });

    it("[apps.render-order] render: _canRender refuses (false: nothing, a throw: a warning), a first render needs force, then core's order", async () => {
      const probe = newProbe();
      try {
        probe.refuse = "false";
        await probe.render({ force: true });
        probe.refuse = "throw";
        const warned = await notified("warn", () => probe.render({ force: true }).then(() => undefined));
        assert.deepEqual(warned, ["[Quench] refused"], "a throw in _canRender is shown as a warning");
        probe.refuse = null;
        await probe.render();
        assert.deepEqual(probe.log, ["canRender@0", "canRender@0", "canRender@0"], "nothing rendered yet");
        assert.equal(probe.element, null);
        probe.log.length = 0;
        await probe.render({ force: true });
        assert.deepEqual(probe.log, FIRST_RENDER, "a first render in core's order");
        assert.equal(probe.element?.querySelector(".window-title")?.textContent, "[Quench] contract");
        probe.log.length = 0;
        await probe.render({ window: { title: "[Quench] retitled" } });
        assert.deepEqual(probe.log, [
          "canRender@2",
          "configureRenderOptions@2",
          "prepareContext@2",
          "preRender@2",
          "renderHTML@1",
          "replaceHTML@1",
          "updateFrame@1",
          "onRender@2",
          "event:render@2",
          "postRender@2",
        ]);
        assert.equal(probe.element?.querySelector(".window-title")?.textContent, "[Quench] retitled");
      } finally {
        await probe.close({ animate: false });
      }
    });

    it("[apps.close-order] close: _preClose, CLOSING while the element is torn down whole, CLOSED and unlisted before _onClose and the close event", async () => {
      const never = newProbe();
      await never.close({ animate: false });
      assert.deepEqual([never.state, never.log], [-1, []], "a window never rendered only becomes CLOSED");
      const probe = newProbe();
      await probe.render({ force: true });
      const element = probe.element;
      probe.log.length = 0;
      await probe.close({ animate: false });
      assert.deepEqual(probe.log, ["preClose@2", "tearDown@-2", "removeElement@-2", "onClose@-1", "event:close@-1"]);
      assert.equal(probe.element, null);
      assert.notOk(element?.isConnected, "the element left the page");
      assert.ok(element?.querySelector('.window-content [name="n"]'), "its subtree whole");
      assert.notOk(foundry.applications.instances.has(probe.id));
    });
  });

  describe("ApplicationV2 forms", () => {
    it("[apps.form-submit] submit(options) and a change (RENDERED or CLOSING, never after) reach form.handler with FormDataExtended; a throw notifies and stays open; closeOnSubmit closes", async () => {
      const calls: { self: boolean; n: unknown; options: unknown; state: number }[] = [];
      let failing = false;
      let probe: Probe | null = null;
      const handler = function (
        this: unknown,
        _event: unknown,
        form: unknown,
        formData: { object: Data },
        options?: unknown,
      ) {
        if (failing) throw new Error("[Quench] refused");
        calls.push({
          self: this === probe && form === probe?.element,
          n: formData.object.n,
          options,
          state: probe?.state ?? 0,
        });
      };
      probe = newProbe({ tag: "form", form: { handler, submitOnChange: true, closeOnSubmit: false } });
      const form = probe;
      try {
        await form.render({ force: true });
        await form.submit({ probe: 1 });
        form.field()?.dispatchEvent(new Event("change", { bubbles: true }));
        await until(() => calls.length === 2);
        assert.deepEqual(calls, [
          { self: true, n: 3, options: { probe: 1 }, state: 2 },
          { self: true, n: 3, options: undefined, state: 2 },
        ]);
        failing = true;
        const errors = await notified("error", async () => {
          form.element?.dispatchEvent(new Event("submit", { cancelable: true }));
          await new Promise((resolve) => setTimeout(resolve, 20));
        });
        assert.deepEqual([errors, form.rendered], [["[Quench] refused"], true], "refused: notified, still open");
        failing = false;
        form.options.form.closeOnSubmit = true;
        form.element?.dispatchEvent(new Event("submit", { cancelable: true }));
        await until(() => form.state === -1);
        assert.equal(form.state, -1, "closeOnSubmit closed it");
      } finally {
        await form.close({ animate: false });
      }
      const closing = newProbe({ tag: "form", form: { handler, submitOnChange: true } });
      probe = closing;
      calls.length = 0;
      await closing.render({ force: true });
      const field = closing.field();
      closing.changeOnTearDown = true;
      await closing.close({ animate: false });
      field?.dispatchEvent(new Event("change", { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(
        calls.map((c) => c.state),
        [-2],
        "submitted once, while CLOSING; a change after close submits nothing",
      );
    });
  });

  describe("ApplicationV2 tabs, clicks and context menus", () => {
    it("[apps.tabs] _prepareTabs, changeTab (throws without the tab's link), a click reads event.target, the tab render option", async () => {
      const probe = newProbe();
      assert.deepEqual(probe._prepareTabs("primary"), {
        one: {
          group: "primary",
          id: "one",
          active: true,
          cssClass: "active",
          icon: "fa-solid fa-1",
          label: "PROBE.one",
        },
        two: { group: "primary", id: "two", active: false, cssClass: undefined, label: "PROBE.two" },
      });
      try {
        await probe.render({ force: true });
        const link = (tab: string) => probe.element?.querySelector<HTMLElement>(`.tabs [data-tab="${tab}"]`) ?? null;
        const section = (tab: string) => probe.element?.querySelector(`section[data-tab="${tab}"]`) ?? null;
        link("two")?.querySelector<HTMLElement>("i")?.click();
        assert.equal(probe.tabGroups.primary, "one", "a click on the link's icon switches nothing");
        link("two")?.click();
        assert.equal(probe.tabGroups.primary, "two", "a click on the link switches");
        assert.deepEqual(
          [link("one"), link("two"), section("one"), section("two")].map((e) => e?.classList.contains("active")),
          [false, true, false, true],
        );
        assert.throws(() => probe.changeTab("three", "primary"), "No matching tab element");
        assert.throws(() => probe.changeTab("one", ""), "both the tab and tab group");
        probe.changeTab("one", "primary");
        assert.deepEqual([probe.tabGroups.primary, section("one")?.classList.contains("active")], ["one", true]);
        await probe.render({ tab: "two" });
        assert.equal(probe.tabGroups.primary, "two", "the tab render option");
      } finally {
        await probe.close({ animate: false });
      }
    });

    it("[apps.click-action] a click inside a [data-action] element runs its action, the window as this and that element as the target", async () => {
      const probe = newProbe();
      try {
        await probe.render({ force: true });
        const button = probe.element?.querySelector<HTMLElement>('[data-action="probe"]') ?? null;
        button?.querySelector<HTMLElement>("span")?.click();
        assert.equal(probe.clicks.length, 1);
        assert.ok(
          probe.clicks[0]?.self === probe && probe.clicks[0].target === button,
          "this: the window; target: the button",
        );
      } finally {
        await probe.close({ animate: false });
      }
    });

    it("[apps.context-menu] _createContextMenu fires get<Class>ContextOptions for each class of the chain (or the named hook alone) and builds the menu; no entry, no menu", async () => {
      const probe = newProbe();
      const seen: string[] = [];
      let add = true;
      const added = () => menuEntries([{ label: "Added", icon: "", visible: () => true, onClick: () => null }]);
      // Core calls its hooks through `Hooks.callAll(name, app, entries)`: watched, and let through.
      const watch = (own: Method) =>
        function (this: unknown, ...args: unknown[]): unknown {
          const [name, app, entries] = args;
          if (app === probe && Array.isArray(entries)) {
            seen.push(String(name));
            if (add) entries.push(...added());
          }
          return Reflect.apply(own, this, args);
        };
      try {
        await probe.render({ force: true });
        const entries = menuEntries([{ label: "Probe", icon: "", visible: () => true, onClick: () => null }]);
        let menu: unknown = null;
        await spyOn(Hooks, "callAll", watch, () => {
          menu = probe._createContextMenu(() => entries, ".tabs a", { fixed: true });
        });
        assert.deepEqual(seen, [
          "getTacticaContractProbeContextOptions",
          "getTacticaContractProbeBaseContextOptions",
          "getApplicationV2ContextOptions",
        ]);
        assert.equal(entries.length, 4, "each hook got the entries and could add to them");
        assert.ok(menu instanceof foundry.applications.ux.ContextMenu, "a ContextMenu");
        seen.length = 0;
        add = false;
        await spyOn(Hooks, "callAll", watch, () => {
          menu = probe._createContextMenu(() => [], ".tabs a", {
            hookName: "tacticaProbeMenu",
            parentClassHooks: false,
          });
        });
        assert.deepEqual([seen, menu], [["tacticaProbeMenu"], null], "only the hook named; no entry, no menu");
      } finally {
        await probe.close({ animate: false });
      }
    });
  });
}

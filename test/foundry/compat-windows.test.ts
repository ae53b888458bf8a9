import { describe, expect, it } from "vitest";
import { installFoundryFake } from "./fake";
import { setFakeGeneration } from "./fake-generation";
import { FakeApplicationV2, FakeElement } from "./fake-apps";
import { createElementIn, detachedOptions, elementOf, isInputElement, renderChild } from "../../src/compat/windows";
import { menuEntries, v13Entry, v14Entry, type MenuEntry } from "../../src/compat/context-menu";

// The compatibility seam for windows: child windows open in their opener's browser
// window on v14 and plainly on v13; DOM checks never use `instanceof`; context-menu entries are
// written in the running generation's shape.

describe("compat: child windows", () => {
  it("v13: a plain forced render, whatever the opener", async () => {
    setFakeGeneration(installFoundryFake(), 13);
    const opener = new FakeApplicationV2();
    await opener.render({ force: true, window: { detached: true, windowId: "w1" } });
    const child = new FakeApplicationV2();
    await renderChild(opener, child, { tab: "x" });
    expect([child.rendered, child.window.windowId, detachedOptions(opener)]).toEqual([true, undefined, {}]);
  });

  it("v14: through the opener's renderChild (in its window), or with its detached-window options, or plainly without an opener", async () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 14);
    const opener = new FakeApplicationV2();
    await opener.render({ force: true, window: { detached: true, windowId: "w1" } });
    expect(detachedOptions(opener)).toEqual({ window: { detached: true, windowId: "w1" } });
    const child = new FakeApplicationV2();
    await renderChild(opener, child);
    expect(child.window.windowId).toBe("w1");
    // An opener without renderChild (a plain object that knows its window) still places the child.
    const other = new FakeApplicationV2();
    await renderChild({ window: { windowId: "w2" } }, other);
    expect(other.window.windowId).toBe("w2");
    const alone = new FakeApplicationV2();
    await renderChild(null, alone);
    expect([alone.rendered, alone.window.windowId]).toEqual([true, undefined]);
  });

  it("DOM checks are duck-typed: an element of another window passes, a look-alike object does not", () => {
    const element = new FakeElement("input", { "data-input": "attribute" });
    expect(elementOf(element)).toBe(element as unknown);
    expect(elementOf({ querySelector: () => null })).toBeNull();
    expect(elementOf(null)).toBeNull();
    expect(isInputElement(element)).toBe(true);
    expect(isInputElement(new FakeElement("select"))).toBe(false);
    expect(createElementIn(elementOf(element)!, "button").tagName).toBe("BUTTON");
  });
});

describe("compat: context-menu entries", () => {
  const clicked: string[] = [];
  const entry: MenuEntry = {
    label: "TACTICA.Sheet.Menu.edit",
    icon: 'fa-solid fa-pen"x',
    visible: (t) => t.dataset.itemId === "a",
    onClick: (t) => clicked.push(t.dataset.itemId ?? ""),
  };
  const li = (id: string) => ({ dataset: { itemId: id } }) as unknown as HTMLElement;

  it("v13 shape: name, an <i> icon (escaped), condition(li), callback(li)", () => {
    const v13 = v13Entry(entry);
    expect([v13.name, v13.icon]).toEqual([
      "TACTICA.Sheet.Menu.edit",
      '<i class="fa-solid fa-pen&quot;x" aria-hidden="true"></i>',
    ]);
    expect([v13.condition(li("a")), v13.condition(li("b"))]).toEqual([true, false]);
    v13.callback(li("a"));
    expect(clicked).toEqual(["a"]);
  });

  it("v14 shape: label, a class icon, visible(target), onClick(event, target)", () => {
    const v14 = v14Entry(entry);
    expect([v14.label, v14.icon, v14.visible(li("a"))]).toEqual(["TACTICA.Sheet.Menu.edit", 'fa-solid fa-pen"x', true]);
    v14.onClick(new Event("click"), li("c"));
    expect(clicked).toEqual(["a", "c"]);
  });

  it("menuEntries writes the running generation's shape", () => {
    const fake = installFoundryFake();
    setFakeGeneration(fake, 13);
    expect(Object.keys(menuEntries([entry])[0]!).sort()).toEqual(["callback", "condition", "icon", "name"]);
    setFakeGeneration(fake, 14);
    expect(Object.keys(menuEntries([entry])[0]!).sort()).toEqual(["icon", "label", "onClick", "visible"]);
  });
});

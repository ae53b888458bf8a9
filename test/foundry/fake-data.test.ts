import { describe, expect, it } from "vitest";
import { ArrayField, SchemaField } from "./fake-fields";
import { BooleanField, NumberField, StringField } from "./fake-fields-scalar";
import { diffObject, expandObject, flattenObject, mergeObject } from "./fake-utils";

// The fake's own behaviour where our tests rely on it matching Foundry v13 (see fake-fields.ts).

const schema = () =>
  new SchemaField({
    wp: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 10, initial: 0 }),
    state: new StringField({ required: true, choices: ["steady", "panicked"], initial: "steady" }),
    flag: new BooleanField(),
    list: new ArrayField(new SchemaField({ key: new StringField({ required: true, blank: false }), x: new NumberField({ integer: true }) })),
  });

describe("fake data fields", () => {
  it("record their options and field paths", () => {
    const s = schema();
    const wp = s.get("wp") as NumberField;
    expect(wp.options).toMatchObject({ integer: true, min: 0, max: 10 });
    expect(s.getField("list.element.key")?.fieldPath).toBe("list.element.key");
  });

  it("clean as Foundry does: initial values, casts, rounding, clamping, unknown keys dropped", () => {
    expect(schema().clean({ wp: "12.4", flag: "true", extra: 1, list: [{ key: " a ", x: "2" }] })).toEqual({
      wp: 10,
      state: "steady",
      flag: true,
      list: [{ key: "a", x: 2 }],
    });
    expect(schema().clean({ wp: -3.6 }, { partial: true })).toEqual({ wp: 0 });
  });

  it("validate without cleaning, naming each failing path", () => {
    const failure = schema().validate({ wp: 11, state: "fleeing", flag: 1, list: [{ x: 1.5 }] });
    expect(failure?.flatten()).toEqual([
      "wp: must be at most 10",
      "state: fleeing is not a valid choice",
      "flag: must be a boolean",
      "list.0.key: may not be undefined",
      "list.0.x: must be an integer",
    ]);
  });
});

describe("fake foundry.utils", () => {
  it("expands, flattens, merges with deletions and diffs", () => {
    expect(expandObject({ "a.b": 1, c: { "d.e": 2 } })).toEqual({ a: { b: 1 }, c: { d: { e: 2 } } });
    expect(flattenObject({ a: { b: 1, c: [1] } })).toEqual({ "a.b": 1, "a.c": [1] });
    expect(mergeObject({ a: { b: 1, c: 2 } }, { "a.b": 3, "a.-=c": null }, { performDeletions: true })).toEqual({ a: { b: 3 } });
    expect(diffObject({ a: { b: 1, c: 2 }, l: [1] }, { a: { b: 1, c: 3 }, l: [1] })).toEqual({ a: { c: 3 } });
  });
});

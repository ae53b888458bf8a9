/**
 * Tactica's in-page runner (src/contract/runner.ts) on small batches: the order Mocha gives hooks,
 * tests and suites (https://mochajs.org/#hooks: `before` hooks, then the suite's tests, then its
 * child suites, then `after` hooks), what a failing hook does, time limits, and how leftovers
 * reported by the last `after` hook land in the report. No Foundry here.
 */
import { describe, expect, it } from "vitest";
import { assert } from "../../src/contract/assert";
import { LeftoverError, collect, leftoverKinds, runBatch } from "../../src/contract/runner";
import type { BatchContext } from "../../src/contract/context";

const run = (register: (c: BatchContext) => unknown, timeoutMs?: number) =>
  runBatch({ key: "tactica.demo", name: "Demo", register }, assert, timeoutMs);

describe("the in-page runner", () => {
  it("runs before hooks, the suite's tests, its child suites, then after hooks, in declaration order", async () => {
    const order: string[] = [];
    const report = await run(({ describe, it, before, after }) => {
      before(() => void order.push("root before"));
      after(() => void order.push("root after 1"));
      describe("outer", () => {
        before(async () => {
          await Promise.resolve();
          order.push("outer before");
        });
        describe("inner", () => {
          it("inner test", () => void order.push("inner test"));
        });
        it("outer test", () => void order.push("outer test"));
        after(() => void order.push("outer after"));
      });
      after(() => void order.push("root after 2"));
    });
    expect(order).toEqual([
      "root before",
      "outer before",
      "outer test",
      "inner test",
      "outer after",
      "root after 1",
      "root after 2",
    ]);
    expect(report.tests.map((t) => [t.title, t.state])).toEqual([
      ["outer outer test", "passed"],
      ["outer inner inner test", "passed"],
    ]);
    expect(report).toMatchObject({ key: "tactica.demo", name: "Demo", hookFailures: [], leftovers: [] });
  });

  it("reports a failed assertion or a rejected promise with its message and stack, and runs the next test", async () => {
    const report = await run(({ it, assert: a }) => {
      it("fails", () => a.equal(3, 4, "face"));
      it("rejects", async () => {
        await Promise.resolve();
        throw new TypeError("no such item");
      });
      it("passes", () => a.ok(true));
    });
    expect(report.tests.map((t) => [t.title, t.state, t.error])).toEqual([
      ["fails", "failed", "face: expected 3 to equal 4"],
      ["rejects", "failed", "no such item"],
      ["passes", "passed", undefined],
    ]);
    expect(report.tests[1]!.stack).toMatch(/^TypeError: no such item\n/);
  });

  it("skips what a suite holds when its before hook fails, still runs its after hooks, and carries on", async () => {
    const ran: string[] = [];
    const report = await run(({ describe, it, before, after }) => {
      describe("broken", () => {
        before(() => {
          throw new Error("no compendium");
        });
        before(() => void ran.push("second before"));
        it("a", () => void ran.push("a"));
        describe("deeper", () => it("b", () => void ran.push("b")));
        after(() => void ran.push("after of broken"));
      });
      describe("fine", () => it("c", () => void ran.push("c")));
    });
    expect(ran).toEqual(["after of broken", "c"]);
    expect(report.tests.map((t) => [t.title, t.state])).toEqual([
      ["broken a", "skipped"],
      ["broken deeper b", "skipped"],
      ["fine c", "passed"],
    ]);
    expect(report.hookFailures).toEqual([
      { title: '"before all" hook of broken', error: "no compendium", stack: expect.any(String) },
    ]);
  });

  it("runs every after hook even when one fails", async () => {
    const ran: string[] = [];
    const report = await run(({ it, after }) => {
      it("t", () => {});
      after(() => {
        throw new Error("delete refused");
      });
      after(() => void ran.push("second after"));
    });
    expect(ran).toEqual(["second after"]);
    expect(report.hookFailures.map((h) => [h.title, h.error])).toEqual([
      ['"after all" hook of the batch', "delete refused"],
    ]);
  });

  it("fails a test that outlives its time limit and moves on", async () => {
    const report = await run(({ it }) => {
      it("hangs", () => new Promise(() => {}));
      it("next", () => {});
    }, 50);
    expect(report.tests.map((t) => [t.state, t.error])).toEqual([
      ["failed", "timed out after 0.05 s"],
      ["passed", undefined],
    ]);
  });

  it("puts the leftovers an after hook reports into the report, not among hook failures", async () => {
    const left = [
      { documentName: "ChatMessage", id: "m1", type: "rollCard", removed: true },
      { documentName: "ChatMessage", id: "m2", type: "rollCard", removed: true },
      { documentName: "Actor", id: "a1", type: "npc", name: "[Quench] Brann", removed: false },
    ];
    const report = await run(({ it, after }) => {
      it("t", () => {});
      after(() => {
        throw new LeftoverError(left);
      });
    });
    expect(report.leftovers).toEqual(left);
    expect(report.hookFailures).toEqual([]);
    expect(leftoverKinds(left)).toEqual(["ChatMessage (rollCard) ×2", "Actor (npc) ×1"]);
    expect(new LeftoverError(left).message).toBe(
      "left 3 world document(s) behind: ChatMessage (rollCard) ×2, Actor (npc) ×1",
    );
  });

  it("reports a registration function that throws, and refuses tests declared once the batch is collected", async () => {
    const report = await run(() => {
      throw new Error("no pack");
    });
    expect(report.tests).toEqual([]);
    expect(report.hookFailures.map((h) => [h.title, h.error])).toEqual([["the batch's registration", "no pack"]]);

    let late: BatchContext | undefined;
    await collect((context) => void (late = context), assert);
    expect(() => late!.it("late", () => {})).toThrow("it was called after the batch was collected");
  });

  it("awaits an asynchronous registration function (Quench allows one)", async () => {
    const report = await run(async ({ it }) => {
      await Promise.resolve();
      it("declared after an await", () => {});
    });
    expect(report.tests.map((t) => t.state)).toEqual(["passed"]);
  });
});

/**
 * What the contract suites share: temporary world documents (created, handed to a check, deleted
 * whatever happens), a spy that shadows one of core's methods while a check runs, and a guard for
 * plain data.
 */

/** Plain data, as the suites read what they are given. */
export type Data = Record<string, unknown>;

/** A method as a spy calls it. */
export type Method = (this: unknown, ...args: unknown[]) => unknown;

export const isRecord = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Runs `check` on a temporary world actor, deleted afterwards whatever happens. */
export async function withActor(
  data: Omit<Actor.CreateData, "name">,
  check: (actor: Actor.Implementation) => Promise<void> | void,
): Promise<void> {
  const actor = await CONFIG.Actor.documentClass.create({ name: "Contract Actor (temporary)", ...data });
  if (!actor) throw new Error("the temporary Actor was not created");
  try {
    await check(actor);
  } finally {
    await actor.delete();
  }
}

/** Runs `check` on a temporary world item, deleted afterwards whatever happens. */
export async function withItem(
  data: Omit<Item.CreateData, "name">,
  check: (item: Item.Implementation) => Promise<void> | void,
): Promise<void> {
  const item = await CONFIG.Item.documentClass.create({ name: "Contract Item (temporary)", ...data });
  if (!item) throw new Error("the temporary Item was not created");
  try {
    await check(item);
  } finally {
    await item.delete();
  }
}

/**
 * Replaces `name` on `target` by `spy(own)` — an own property shadowing what it inherits — while
 * `body` runs. Core's members are read and restored by reflection: the suites watch core's own
 * calls, through members the typings keep protected or read-only.
 */
export async function spyOn(
  target: object,
  name: string,
  spy: (own: Method) => unknown,
  body: () => Promise<void> | void,
): Promise<void> {
  const own: unknown = Reflect.get(target, name);
  if (typeof own !== "function") throw new Error(`${name} is not a function`);
  const call: Method = function (this: unknown, ...args: unknown[]): unknown {
    return Reflect.apply(own, this, args);
  };
  const had = Object.hasOwn(target, name);
  Object.defineProperty(target, name, { configurable: true, writable: true, value: spy(call) });
  try {
    await body();
  } finally {
    if (had) Object.defineProperty(target, name, { configurable: true, writable: true, value: own });
    else Reflect.deleteProperty(target, name);
  }
}

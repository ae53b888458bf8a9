/**
 * Part of the Foundry FAKE (see fake.ts and fake-dice.ts) — NOT Foundry: the dice terms of
 * `foundry.dice.terms` (`RollTerm`, `DiceTerm`, `Die`, `NumericTerm`, `OperatorTerm`), the fake's
 * formula parser, and its random source: faces queued by tests first, then a seeded PRNG.
 *
 * Behaviours:
 * - A die term rolls `number` dice of `faces`, each result `{result, active}`, and totals the
 *   active ones; a numeric term is its number; an operator joins them; each term serialises to
 *   JSON and back (`RollTerm.fromData` by `class`). Source:
 *   https://foundryvtt.com/api/v13/classes/foundry.dice.terms.DiceTerm.html,
 *   https://foundryvtt.com/api/interfaces/foundry.dice.terms.RollTermData.html. Contract:
 *   `dice.terms`, `dice.from-data-class`.
 */

/** A die result as Foundry stores it. */
export interface FakeDieResult {
  result: number;
  active: boolean;
}

let queued: number[] = [];
let seed = 1;

/** The next dice faces to roll, consumed in order before the seeded PRNG takes over. */
export function queueDiceFaces(faces: readonly number[]): void {
  queued.push(...faces);
}

/** Faces queued and not rolled yet (a test can assert a roll used exactly what it queued). */
export function queuedDiceFaces(): readonly number[] {
  return queued;
}

/** Restarts the PRNG at `value` and empties the queue. */
export function seedDice(value: number): void {
  seed = value >>> 0 || 1;
  queued = [];
}

/** mulberry32: a small, well-mixed PRNG, so unqueued dice are repeatable run to run. */
export function seededUniform(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function nextFace(faces: number): number {
  const face = queued.shift();
  if (face === undefined) {
    const uniform = (
      (globalThis as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG?.Dice?.randomUniform ??
      seededUniform
    )();
    return Math.ceil((1 - uniform) * faces);
  }
  if (!Number.isInteger(face) || face < 1 || face > faces)
    throw new Error(`fake dice: queued face ${face} does not fit a d${faces}`);
  return face;
}

/** A term as Foundry serialises it. */
export type TermData = Record<string, unknown> & { class: string };

/** foundry.dice.terms.RollTerm, reduced. */
export class FakeRollTerm {
  /** The class name Foundry writes in a term's JSON (the fake's own names differ). */
  static TERM_NAME = "RollTerm";
  options: { flavor?: string };
  _evaluated = false;
  constructor(options: { flavor?: string } = {}) {
    this.options = options;
  }
  get flavor(): string {
    return this.options.flavor ?? "";
  }
  get total(): number | string | undefined {
    return undefined;
  }
  get formula(): string {
    return "";
  }
  async evaluate(_options: Record<string, unknown> = {}): Promise<this> {
    this._evaluated = true;
    return this;
  }
  toJSON(): TermData {
    return {
      class: (this.constructor as typeof FakeRollTerm).TERM_NAME,
      options: this.options,
      evaluated: this._evaluated,
    };
  }
  static fromData(data: TermData): FakeRollTerm {
    const cls = TERM_CLASSES[data.class];
    if (!cls) throw new Error(`fake dice: unknown term class ${data.class}`);
    return cls.fromTermData(data);
  }
}

export class FakeOperatorTerm extends FakeRollTerm {
  static override TERM_NAME = "OperatorTerm";
  constructor(readonly operator: "+" | "-") {
    super();
  }
  override get formula(): string {
    return this.operator;
  }
  override get total(): string {
    return this.operator;
  }
  override toJSON(): TermData {
    return { ...super.toJSON(), operator: this.operator };
  }
  static fromTermData(data: TermData): FakeOperatorTerm {
    const term = new FakeOperatorTerm(data.operator as "+" | "-");
    term._evaluated = data.evaluated === true;
    return term;
  }
}

export class FakeNumericTerm extends FakeRollTerm {
  static override TERM_NAME = "NumericTerm";
  constructor(
    readonly number: number,
    options: { flavor?: string } = {},
  ) {
    super(options);
  }
  override get formula(): string {
    return String(this.number);
  }
  override get total(): number {
    return this.number;
  }
  override toJSON(): TermData {
    return { ...super.toJSON(), number: this.number };
  }
  static fromTermData(data: TermData): FakeNumericTerm {
    const term = new FakeNumericTerm(Number(data.number), data.options as { flavor?: string });
    term._evaluated = data.evaluated === true;
    return term;
  }
}

/** foundry.dice.terms.DiceTerm: `number` dice of `faces` sides, rolled into `results`. */
export class FakeDiceTerm extends FakeRollTerm {
  static override TERM_NAME = "DiceTerm";
  static DENOMINATION = "d";
  results: FakeDieResult[] = [];
  constructor(
    readonly number: number,
    readonly faces: number,
    options: { flavor?: string } = {},
  ) {
    super(options);
  }
  override get formula(): string {
    return `${this.number}d${this.faces}${this.flavor ? `[${this.flavor}]` : ""}`;
  }
  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((sum, r) => sum + (r.active ? r.result : 0), 0);
  }
  /** One die, as Die#roll does: a face from the queue, else from the PRNG. */
  roll({ minimize = false, maximize = false } = {}): FakeDieResult {
    const result = minimize ? 1 : maximize ? this.faces : nextFace(this.faces);
    const entry = { result, active: true };
    this.results.push(entry);
    return entry;
  }
  override async evaluate(options: { minimize?: boolean; maximize?: boolean } = {}): Promise<this> {
    if (this._evaluated) throw new Error("fake dice: this term has already been evaluated");
    for (let i = 0; i < this.number; i++) this.roll(options);
    this._evaluated = true;
    return this;
  }
  override toJSON(): TermData {
    return {
      ...super.toJSON(),
      number: this.number,
      faces: this.faces,
      modifiers: [],
      results: this.results.map((r) => ({ ...r })),
    };
  }
  static fromTermData(data: TermData): FakeDiceTerm {
    const cls = data.class === "Die" ? FakeDie : FakeDiceTerm;
    const term = new cls(Number(data.number), Number(data.faces), data.options as { flavor?: string });
    term.results = ((data.results as FakeDieResult[] | undefined) ?? []).map((r) => ({ ...r }));
    term._evaluated = data.evaluated === true;
    return term;
  }
}

/** foundry.dice.terms.Die. */
export class FakeDie extends FakeDiceTerm {
  static override TERM_NAME = "Die";
}

const TERM_CLASSES: Record<string, { fromTermData(data: TermData): FakeRollTerm }> = {
  Die: FakeDiceTerm,
  DiceTerm: FakeDiceTerm,
  NumericTerm: FakeNumericTerm,
  OperatorTerm: FakeOperatorTerm,
};

const TOKEN = /\s*(?:([+-])|(\d*)d(\d+)(?:\[([^\]]*)\])?|(\d+)|@([\w.]+))/y;

/** Parses the fake's formula subset into terms (see the module comment). */
export function parseFakeFormula(formula: string, data: Record<string, unknown>): FakeRollTerm[] {
  const terms: FakeRollTerm[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(formula);
    if (!m)
      throw new Error(
        `fake dice: cannot parse "${formula}" at ${at} (the fake knows NdF[flavor], integers, @data, + and -)`,
      );
    const [, op, count, faces, flavor, num, path] = m;
    if (op) terms.push(new FakeOperatorTerm(op as "+" | "-"));
    else if (faces) terms.push(new FakeDie(count ? Number(count) : 1, Number(faces), flavor ? { flavor } : {}));
    else if (num) terms.push(new FakeNumericTerm(Number(num)));
    else if (path) {
      const value = path
        .split(".")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], data);
      if (typeof value !== "number") throw new Error(`fake dice: @${path} is not a number in the roll data`);
      terms.push(new FakeNumericTerm(value));
    }
  }
  return terms;
}

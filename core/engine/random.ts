/**
 * The two random sources of the retail client (retail-engine "Project decisions" 7, §4a):
 *
 * - {@link Ran2}: Numerical Recipes `ran2` (L'Ecuyer's combined LCG with a Bays–Durham shuffle),
 *   the client's `Random::rand`. It drives variant picks (`RollDice(0, 1)`) and ambient timing.
 *   Output `iy · (1/2147483563)`, capped at 0.99999988, so it lies in (0, 0.99999988]. As in the
 *   client (`Random::rand`, acclient.c:105457) and NR, it multiplies by the double reciprocal, which
 *   differs from a true division by one ulp for some iy.
 * - {@link CrtRand}: the MSVC CRT `rand()` (15-bit LCG `x = x·214013 + 2531011 mod 2^32`,
 *   output `(x >> 16) & 0x7FFF`), seeded by `srand`. It drives every probability gate.
 *
 * Both are seedable and expose their full state, so a run can be saved and replayed exactly.
 * All arithmetic is on integers below 2^53 (or `Math.imul`), so results are bit-exact.
 */

const IM1 = 2147483563;
const IM2 = 2147483399;
const IMM1 = IM1 - 1;
const IA1 = 40014;
const IA2 = 40692;
const IQ1 = 53668;
const IQ2 = 52774;
const IR1 = 12211;
const IR2 = 3791;
const NTAB = 32;
const NDIV = 1 + Math.floor(IMM1 / NTAB);
/** `AM = 1/IM1`: the client multiplies by this double (4.656613057391769e−10) rather than dividing. */
const AM = 1 / IM1;

/** The cap on ran2's output (`RNMX = 1 − 1.2e−7`, retail-engine §4a). */
export const RAN2_MAX = 0.99999988;

/** A snapshot of {@link Ran2}'s state (plain JSON). */
export interface Ran2State {
  idum: number;
  idum2: number;
  iy: number;
  iv: number[];
}

/** One step of `x = a·x mod m` by Schrage's method, as Numerical Recipes writes it. */
function schrage(x: number, a: number, q: number, r: number, m: number): number {
  const k = Math.trunc(x / q);
  let next = a * (x - k * q) - k * r;
  if (next < 0) next += m;
  return next;
}

/**
 * Numerical Recipes `ran2` (2nd ed., §7.1), seedable.
 *
 * Seeding follows the NR convention of calling `ran2` with a negative `idum` (and the client's
 * `Random::Seed(seed)` for positive seeds): the seed's magnitude (integer part) is the start
 * value of both LCGs, and 0 is treated as 1. So
 * `new Ran2(-1)`, `new Ran2(1)` and `new Ran2(0)` give the same sequence, the one NR's
 * `idum = -1` gives. Magnitudes of 2^31 and above are reduced modulo 2^31 (a 32-bit `long`).
 */
export class Ran2 {
  private idum: number;
  private idum2: number;
  private iy: number;
  private readonly iv: number[] = new Array<number>(NTAB).fill(0);

  constructor(seed = -1) {
    let s = Math.abs(Math.trunc(seed));
    if (!Number.isFinite(s)) throw new RangeError(`Ran2 seed must be a finite number, got ${seed}`);
    s = s % 2147483648; // a C `long`: magnitudes up to 2^31 − 1
    if (s < 1) s = 1;
    this.idum = s;
    this.idum2 = s;
    for (let j = NTAB + 7; j >= 0; j--) {
      this.idum = schrage(this.idum, IA1, IQ1, IR1, IM1);
      if (j < NTAB) this.iv[j] = this.idum;
    }
    this.iy = this.iv[0] ?? 0;
  }

  /** Rebuilds a generator from a {@link Ran2State} (from {@link Ran2.state}). */
  static fromState(state: Ran2State): Ran2 {
    if (state.iv.length !== NTAB)
      throw new RangeError(`Ran2 state needs ${NTAB} table entries, got ${state.iv.length}`);
    const r = new Ran2(1);
    r.idum = state.idum;
    r.idum2 = state.idum2;
    r.iy = state.iy;
    for (let j = 0; j < NTAB; j++) r.iv[j] = state.iv[j] ?? 0;
    return r;
  }

  /** The full state, a copy (JSON-serializable). */
  state(): Ran2State {
    return { idum: this.idum, idum2: this.idum2, iy: this.iy, iv: [...this.iv] };
  }

  /** The last shuffled integer `iy` (1..2147483562); `next()` returns it times 1/2147483563. */
  get lastInteger(): number {
    return this.iy;
  }

  /** The next value in (0, 0.99999988] (retail-engine §4a). */
  next(): number {
    this.idum = schrage(this.idum, IA1, IQ1, IR1, IM1);
    this.idum2 = schrage(this.idum2, IA2, IQ2, IR2, IM2);
    const j = Math.floor(this.iy / NDIV);
    this.iy = (this.iv[j] ?? 0) - this.idum2;
    this.iv[j] = this.idum;
    if (this.iy < 1) this.iy += IMM1;
    const temp = this.iy * AM;
    return temp > RAN2_MAX ? RAN2_MAX : temp;
  }
}

/** A snapshot of {@link CrtRand}'s state: the 32-bit `holdrand`. */
export interface CrtRandState {
  holdrand: number;
}

/** The largest value `crtRand()` returns (`RAND_MAX`). */
export const CRT_RAND_MAX = 0x7fff;

/**
 * The MSVC CRT `rand()` with `srand(seed)` semantics: `holdrand = seed mod 2^32`; each call
 * `holdrand = holdrand·214013 + 2531011 mod 2^32` and returns `(holdrand >> 16) & 0x7FFF`
 * (0..32767). `srand(1)` (the CRT default) gives 41, 18467, 6334, 26500, 19169, …
 */
export class CrtRand {
  private holdrand: number;

  constructor(seed = 1) {
    if (!Number.isFinite(seed)) throw new RangeError(`CrtRand seed must be a finite number, got ${seed}`);
    this.holdrand = Math.trunc(seed) >>> 0;
  }

  /** `srand(seed)`: restarts the sequence. */
  srand(seed: number): void {
    this.holdrand = Math.trunc(seed) >>> 0;
  }

  static fromState(state: CrtRandState): CrtRand {
    return new CrtRand(state.holdrand);
  }

  state(): CrtRandState {
    return { holdrand: this.holdrand };
  }

  /** The next value, an integer in 0..32767. */
  next(): number {
    this.holdrand = (Math.imul(this.holdrand, 214013) + 2531011) >>> 0;
    return (this.holdrand >>> 16) & CRT_RAND_MAX;
  }
}

/** The random streams the engine draws from (retail-engine "Project decisions" 7, §5.1). */
export interface RandomSources {
  /** Ran2: a value in (0, 0.99999988]; variant picks and ambient timing. */
  ran2(): number;
  /** CRT rand(): an integer in 0..32767; probability gates. */
  crtRand(): number;
}

/** The state of {@link SeededRandom}, enough to replay a run. */
export interface SeededRandomState {
  ran2: Ran2State;
  crtRand: CrtRandState;
}

/**
 * The seeds a user may give (`--seed` of play-table and ambient, the soundscape's seed): an
 * unsigned 32-bit integer, 0..4294967295, one range at every door. A negative seed is refused
 * rather than taken: {@link Ran2} uses the seed's magnitude, so −5 would only repeat 5.
 */
export const SEED_RANGE = { min: 0, max: 0xffffffff } as const;

/**
 * What is wrong with a seed given as a number, or null for a seed of {@link SEED_RANGE} — the one
 * test of every door: `1.5 is not an integer`, `-1 is below 0`, `4294967296 is above 4294967295`
 * (the CLI's `--seed: …`, exit 1; the service's RequestError `getTimeline: seed must be a whole
 * number 0…4294967295, got -1`, the host's 400). `typed`: the seed as the user typed it, which the
 * message echoes (core/engine/settings `typedNumber`: `--seed 1e308` says `"1e308" is above
 * 4294967295`, not the parsed `1e+308`); default the number.
 */
export function seedProblem(n: number, typed: string = String(n)): string | null {
  if (!Number.isInteger(n)) return `${typed} is not an integer`;
  if (n < SEED_RANGE.min) return `${typed} is below ${SEED_RANGE.min}`;
  if (n > SEED_RANGE.max) return `${typed} is above ${SEED_RANGE.max}`;
  return null;
}

/**
 * The seed a typed number is used as — the one rule of every seed field (the SoundTable view's
 * Seed, the Soundscape's seed, a restored preference): the nearest whole number in
 * {@link SEED_RANGE} (`1.5` → 2, `−1` → 0, `2^32` → 4294967295, ±Infinity → the nearer end).
 * NaN, which no field commits, gives {@link SEED_RANGE}.min. The CLI's `--seed` refuses a value
 * outside the range instead (exit 1).
 */
export function nearestSeed(v: number): number {
  if (Number.isNaN(v)) return SEED_RANGE.min;
  return Math.min(SEED_RANGE.max, Math.max(SEED_RANGE.min, Math.round(v)));
}

/** {@link RandomSources} backed by a {@link Ran2} and a {@link CrtRand}, seedable and replayable. */
export class SeededRandom implements RandomSources {
  readonly ran2Gen: Ran2;
  readonly crtGen: CrtRand;

  /** `seed` seeds both streams: `Ran2(seed)` and `srand(seed)`. */
  constructor(seed = 1) {
    this.ran2Gen = new Ran2(seed);
    this.crtGen = new CrtRand(seed);
  }

  static fromState(state: SeededRandomState): SeededRandom {
    const r = new SeededRandom();
    (r as { ran2Gen: Ran2 }).ran2Gen = Ran2.fromState(state.ran2);
    (r as { crtGen: CrtRand }).crtGen = CrtRand.fromState(state.crtRand);
    return r;
  }

  state(): SeededRandomState {
    return { ran2: this.ran2Gen.state(), crtRand: this.crtGen.state() };
  }

  ran2(): number {
    return this.ran2Gen.next();
  }

  crtRand(): number {
    return this.crtGen.next();
  }
}

/**
 * Fixed {@link RandomSources} for tests: each stream returns its queued values in order and
 * throws when it runs out (so an unexpected draw fails loudly). `drawn` counts the draws.
 */
export class FixedRandom implements RandomSources {
  private readonly ran2Queue: number[];
  private readonly crtQueue: number[];
  readonly drawn = { ran2: 0, crtRand: 0 };

  constructor(values: { ran2?: readonly number[]; crtRand?: readonly number[] } = {}) {
    this.ran2Queue = [...(values.ran2 ?? [])];
    this.crtQueue = [...(values.crtRand ?? [])];
  }

  ran2(): number {
    const v = this.ran2Queue.shift();
    if (v === undefined) throw new Error('FixedRandom: ran2 queue is empty');
    this.drawn.ran2++;
    return v;
  }

  crtRand(): number {
    const v = this.crtQueue.shift();
    if (v === undefined) throw new Error('FixedRandom: crtRand queue is empty');
    this.drawn.crtRand++;
    return v;
  }
}

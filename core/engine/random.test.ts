import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CrtRand, FixedRandom, nearestSeed, RAN2_MAX, Ran2, SEED_RANGE, SeededRandom } from './random';

describe('Ran2 (Numerical Recipes ran2, decision 7, §4a)', () => {
  // Independent references: the NR ran2 in double precision (idum = -1 and -7), as printed by
  // Fortran/C ports of the NR routine (e.g. Tinker's random.f tests, 17 significant digits).
  it('seed −1 gives the NR reference sequence 0.28538089909468611, 0.25335818926591708, …', () => {
    const r = new Ran2(-1);
    const want = [
      0.28538089909468611, 0.25335818926591708, 0.093468531009194042, 0.60849689073964752, 0.90342026007860998,
      0.19587319281381618, 0.46295354298830549, 0.93902133024149248,
    ];
    for (const w of want) expect(r.next()).toBe(w);
  });

  it('seed −7 gives the NR reference sequence 0.45206034994923033, 0.8885129427181557, 0.3178740604870464', () => {
    const r = new Ran2(-7);
    for (const w of [0.45206034994923033, 0.8885129427181557, 0.3178740604870464]) expect(r.next()).toBe(w);
  });

  it('seeds follow the NR negative-idum convention: 1, −1 and 0 are the same stream', () => {
    const a = new Ran2(1);
    const b = new Ran2(-1);
    const c = new Ran2(0);
    for (let i = 0; i < 50; i++) {
      const x = a.next();
      expect(b.next()).toBe(x);
      expect(c.next()).toBe(x);
    }
  });

  it("output is iy · 4.656613057391769e−10 (the client's double 1/2147483563) for the shuffled integer iy, in (0, 0.99999988]", () => {
    const r = new Ran2(12345);
    for (let i = 0; i < 20000; i++) {
      const u = r.next();
      expect(u).toBeGreaterThan(0);
      expect(u).toBeLessThanOrEqual(RAN2_MAX);
      const iy = r.lastInteger;
      expect(iy).toBeGreaterThanOrEqual(1);
      expect(iy).toBeLessThanOrEqual(2147483562);
      expect(u).toBe(Math.min(iy * 4.656613057391769e-10, RAN2_MAX));
    }
  });

  it('the cap: iy = 2147483562 would give 0.99999999953 and is capped to 0.99999988', () => {
    // Force the next iy to the maximum through a crafted state: iv[j] − idum2 = IMM1 (after the
    // +IMM1 wrap for iy < 1 we get iy = iv[j] − idum2 + IMM1).
    const r = new Ran2(-1);
    const s = r.state();
    // Compute the next idum2 exactly as next() will, then choose iv[j] so that iy = IMM1.
    const k = Math.trunc(s.idum2 / 52774);
    let idum2 = 40692 * (s.idum2 - k * 52774) - k * 3791;
    if (idum2 < 0) idum2 += 2147483399;
    const j = Math.floor(s.iy / (1 + Math.floor(2147483562 / 32)));
    s.iv[j] = idum2; // iy = 0 → wraps to IMM1
    const r2 = Ran2.fromState(s);
    expect(r2.next()).toBe(RAN2_MAX);
    expect(r2.lastInteger).toBe(2147483562);
  });

  it('is deterministic and replays from a saved state', () => {
    const r = new Ran2(987654);
    for (let i = 0; i < 100; i++) r.next();
    const saved = JSON.parse(JSON.stringify(r.state())) as ReturnType<Ran2['state']>;
    const a = [1, 2, 3, 4, 5].map(() => r.next());
    const b = Ran2.fromState(saved);
    expect([1, 2, 3, 4, 5].map(() => b.next())).toEqual(a);
  });

  it('property: every seed stays in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2147483647, max: 2147483647 }), (seed) => {
        const r = new Ran2(seed);
        for (let i = 0; i < 50; i++) {
          const u = r.next();
          if (!(u > 0 && u <= RAN2_MAX)) return false;
        }
        return true;
      }),
    );
  });
});

describe('CrtRand (MSVC rand, decision 7)', () => {
  it('srand(1) gives the well-known MSVC sequence 41, 18467, 6334, 26500, 19169', () => {
    const c = new CrtRand(1);
    expect([1, 2, 3, 4, 5].map(() => c.next())).toEqual([41, 18467, 6334, 26500, 19169]);
  });

  it('srand restarts; state replays; outputs are 0..32767', () => {
    const c = new CrtRand(42);
    const first = [1, 2, 3].map(() => c.next());
    c.srand(42);
    expect([1, 2, 3].map(() => c.next())).toEqual(first);
    const saved = c.state();
    const a = [1, 2, 3].map(() => c.next());
    const d = CrtRand.fromState(saved);
    expect([1, 2, 3].map(() => d.next())).toEqual(a);
    const e = new CrtRand(0xdeadbeef);
    for (let i = 0; i < 10000; i++) {
      const k = e.next();
      expect(Number.isInteger(k) && k >= 0 && k <= 32767).toBe(true);
    }
  });

  it('holdrand wraps modulo 2^32 (x·214013 + 2531011)', () => {
    const c = new CrtRand(0xffffffff);
    const x = Number((BigInt(0xffffffff) * 214013n + 2531011n) % 2n ** 32n);
    expect(c.next()).toBe((x >>> 16) & 0x7fff);
    expect(c.state().holdrand).toBe(x);
  });
});

describe('RandomSources', () => {
  it('SeededRandom(seed) = Ran2(seed) + srand(seed), and replays from its state', () => {
    const s = new SeededRandom(1);
    expect(s.ran2()).toBe(0.28538089909468611);
    expect(s.crtRand()).toBe(41);
    const saved = s.state();
    const a = [s.ran2(), s.crtRand(), s.ran2()];
    const t = SeededRandom.fromState(saved);
    expect([t.ran2(), t.crtRand(), t.ran2()]).toEqual(a);
  });

  it('FixedRandom returns its queues in order and throws when a queue runs out', () => {
    const f = new FixedRandom({ ran2: [0.5], crtRand: [7, 8] });
    expect(f.ran2()).toBe(0.5);
    expect(f.crtRand()).toBe(7);
    expect(f.crtRand()).toBe(8);
    expect(f.drawn).toEqual({ ran2: 1, crtRand: 2 });
    expect(() => f.ran2()).toThrow(/empty/);
  });
});

describe('nearestSeed: the seed a typed number is used as (every seed field)', () => {
  it('keeps a whole number in SEED_RANGE, rounds a fraction, clamps to 0…4294967295', () => {
    expect(nearestSeed(0)).toBe(0);
    expect(nearestSeed(7)).toBe(7);
    expect(nearestSeed(SEED_RANGE.max)).toBe(4294967295);
    expect(nearestSeed(1.5)).toBe(2);
    expect(nearestSeed(1.4)).toBe(1);
    expect(nearestSeed(-1)).toBe(0);
    expect(nearestSeed(-0.4)).toBe(0);
    expect(nearestSeed(4294967296)).toBe(4294967295);
    expect(nearestSeed(Infinity)).toBe(SEED_RANGE.max);
    expect(nearestSeed(-Infinity)).toBe(SEED_RANGE.min);
    expect(nearestSeed(NaN)).toBe(SEED_RANGE.min);
  });
  it('gives a whole number in SEED_RANGE for any number, and is idempotent', () => {
    fc.assert(
      fc.property(fc.double(), (v) => {
        const s = nearestSeed(v);
        expect(Number.isInteger(s) && s >= SEED_RANGE.min && s <= SEED_RANGE.max).toBe(true);
        expect(nearestSeed(s)).toBe(s);
      }),
    );
  });
});

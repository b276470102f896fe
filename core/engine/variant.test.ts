import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GATE_SCALE, gateChance, gatePasses, unreachableInRetail, variantIndex } from './variant';
import { RAN2_MAX, Ran2 } from './random';

describe('§6.4 variant pick', () => {
  it.each([
    [3, 0.25, 0],
    [3, 0.5, 1],
    [3, RAN2_MAX, 1],
  ])('retail: n = %s, U = %s → idx %s', (n, u, idx) => {
    expect(variantIndex(n, u, 'retail')).toBe(idx);
  });

  it('retail: n = 3, U = 0.99999988 → idx 1 (row 2 unreachable)', () => {
    expect(variantIndex(3, 0.99999988, 'retail')).toBe(1);
  });

  it('unreachableInRetail(n, i) is exactly the rows retail variantIndex never returns', () => {
    expect(unreachableInRetail(1, 0)).toBe(false);
    expect(unreachableInRetail(2, 1)).toBe(true);
    expect(unreachableInRetail(2, 0)).toBe(false);
    expect(unreachableInRetail(5, 4)).toBe(true);
    for (let n = 1; n <= 8; n++) {
      const reached = new Set<number>();
      for (const u of [RAN2_MAX, 0.5, 1e-9, 0.75, 0.25, 0.999]) reached.add(variantIndex(n, u, 'retail')!);
      for (let i = 0; i < n; i++) if (unreachableInRetail(n, i)) expect(reached.has(i)).toBe(false);
      expect(reached.has(0)).toBe(true);
    }
  });
  it('retail: n = 2 gives idx 0 for any U', () => {
    fc.assert(
      fc.property(
        fc.double({ min: Number.MIN_VALUE, max: RAN2_MAX, noNaN: true }),
        (u) => variantIndex(2, u, 'retail') === 0,
      ),
    );
  });

  it('n = 1 → 0 in both modes; n = 0 → null (missing)', () => {
    expect(variantIndex(1, 0.7, 'retail')).toBe(0);
    expect(variantIndex(1, 0.7, 'authored')).toBe(0);
    expect(variantIndex(0, 0.7, 'retail')).toBe(null);
    expect(variantIndex(0, 0.7, 'authored')).toBe(null);
  });

  it('authored: idx = trunc(n·U), clamped to n − 1', () => {
    expect(variantIndex(3, 0.25, 'authored')).toBe(0);
    expect(variantIndex(3, 0.5, 'authored')).toBe(1);
    expect(variantIndex(3, RAN2_MAX, 'authored')).toBe(2);
    expect(variantIndex(2, 0.5, 'authored')).toBe(1);
    expect(variantIndex(3, 1, 'authored')).toBe(2);
  });

  it('distribution over ran2: retail n = 2 never picks 1; retail n = 3 splits ½/½ and never picks 2; authored reaches every row', () => {
    const r = new Ran2(20151031);
    const N = 30000;
    const retail2 = [0, 0];
    const retail3 = [0, 0, 0];
    const authored2 = [0, 0];
    const authored3 = [0, 0, 0];
    for (let i = 0; i < N; i++) {
      const u = r.next();
      retail2[variantIndex(2, u, 'retail') as number]!++;
      retail3[variantIndex(3, u, 'retail') as number]!++;
      authored2[variantIndex(2, u, 'authored') as number]!++;
      authored3[variantIndex(3, u, 'authored') as number]!++;
    }
    expect(retail2).toEqual([N, 0]);
    expect(retail3[2]).toBe(0);
    expect(Math.abs(retail3[0]! / N - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(authored2[1]! / N - 0.5)).toBeLessThan(0.02);
    for (const c of authored3) expect(Math.abs(c / N - 1 / 3)).toBeLessThan(0.02);
  });
});

describe('§6.4 probability gate: k · fround(1/32767) < p', () => {
  it('p = 1.0 plays for every k, including 32767 (32767·c = 0.9999999991 < 1)', () => {
    expect(32767 * GATE_SCALE).toBeLessThan(1);
    for (let k = 0; k <= 32767; k++) expect(gatePasses(k, 1)).toBe(true);
  });

  it('p = 0.5 plays iff k ≤ 16383', () => {
    expect(gatePasses(16383, 0.5)).toBe(true);
    expect(gatePasses(16384, 0.5)).toBe(false);
    expect(gateChance(0.5)).toBe(16384 / 32768);
  });

  it('p = 0.05 plays iff k ≤ 1638 (1639/32768)', () => {
    expect(gatePasses(1638, 0.05)).toBe(true);
    expect(gatePasses(1639, 0.05)).toBe(false);
    expect(gateChance(0.05)).toBe(1639 / 32768);
  });

  it('p = 0.9 → 29491/32768; p = 0 never plays', () => {
    expect(gateChance(0.9)).toBe(29491 / 32768);
    expect(gateChance(0)).toBe(0);
  });
});

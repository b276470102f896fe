import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { G_MIN, attenuate, audibleRadius, gainToRetailDb } from './attenuation';

describe('§6.1 distance sweep (V = 1, slider = 1)', () => {
  const rows: [number, number | null][] = [
    [2, 0],
    [5, 0],
    [10, -12],
    [50, -40],
    [94, -50],
    [95, null],
    // extra rows
    [6, -3],
    [7, -5],
    [8, -8],
    [9, -10],
    [20, -24],
    [30, -31],
    [40, -36],
    [80, -48],
    [90, -50],
    [94.18, -50],
    [94.19, null],
  ];
  it.each(rows)('%s m → %s dB', (distance, dB) => {
    const a = attenuate(distance, 1, 1);
    expect(a.dB).toBe(dB);
    expect(a.audible).toBe(dB !== null);
  });

  it('§6.1 50 m is −40 dB with the 64-bit 6.0206 constant (not −39)', () => {
    const a = attenuate(50, 1, 1);
    expect(a.g).toBe(0.01);
    expect(a.rawDb).toBe(-40);
    expect(a.dB).toBe(-40);
    // The trap the spec warns about: exact 20·log10 in JS lands at −39.99999999999999.
    expect(Math.ceil((Math.log(0.01) / Math.LN10) * 20)).toBe(-39);
  });

  it('§6.1 g values: 10 m → 0.25, 94 m → 0.0028293, 95 m → 0.0027701 (raw −51)', () => {
    expect(attenuate(10, 1, 1).g).toBe(0.25);
    expect(attenuate(94, 1, 1).g).toBeCloseTo(0.0028293, 7);
    const far = attenuate(95, 1, 1);
    expect(far.g).toBeCloseTo(0.0027701, 7);
    expect(far.rawDb).toBe(-51);
  });

  it('decision 2: slider 0 is g = 0 → inaudible (no dB)', () => {
    expect(attenuate(1, 1, 0)).toEqual({ g: 0, rawDb: null, dB: null, audible: false });
  });

  it('decision 2: NaN → inaudible', () => {
    expect(attenuate(10, Number.NaN, 1).audible).toBe(false);
    expect(attenuate(10, Number.NaN, 1).g).toBe(null);
  });

  it('§4c the clamp comes before the slider: V = 10, slider 0.5, 1 m → −6 (not 0)', () => {
    expect(attenuate(1, 10, 0.5).dB).toBe(-6);
  });

  it('§6.3 V = 10 at 200 m → g 0.00625, −44', () => {
    const a = attenuate(200, 10, 1);
    expect(a.g).toBeCloseTo(0.00625, 12);
    expect(a.dB).toBe(-44);
  });

  it.each([
    [8, 0],
    [10, 0],
    [12, -3],
  ])('§6.3 V = 4 at %s m → %s dB', (d, dB) => {
    expect(attenuate(d, 4, 1).dB).toBe(dB);
  });

  it('gainToRetailDb mirrors the floor', () => {
    expect(gainToRetailDb(0.25)).toBe(-12);
    expect(gainToRetailDb(1)).toBe(0);
    expect(gainToRetailDb(0.0027701)).toBe(null);
    expect(gainToRetailDb(0)).toBe(null);
  });
});

describe('§4b audible radius', () => {
  it('g_min = 2^(−51/6.0206) ≈ 0.0028183832', () => {
    expect(G_MIN).toBeCloseTo(0.0028183832, 10);
  });

  it.each([
    [1, 1, 94.18245],
    [0.5, 1, 66.597],
    [1, 0.5, 66.597],
    [0.1, 1, 29.783],
    [1, 0.25, 47.091],
    [2, 1, 133.194],
    [4, 1, 188.365],
    [10, 1, 297.831],
  ])('v = %s, master = %s → R = %s m', (v, m, r) => {
    const decimals = String(r).split('.')[1]?.length ?? 0;
    expect(Number(audibleRadius(v, m).toFixed(decimals))).toBe(r);
  });

  it('R = 0 when min(v, 1)·m ≤ g_min (slider 0, or a tiny volume)', () => {
    expect(audibleRadius(1, 0)).toBe(0);
    expect(audibleRadius(0.002, 1)).toBe(0);
    expect(audibleRadius(10, 0.002)).toBe(0);
  });

  it('property: audible iff distance < R (away from the boundary)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 20, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (v, m, frac) => {
          const r = audibleRadius(v, m);
          const d = r * frac;
          if (Math.abs(d - r) < 1e-6 * Math.max(1, r)) return true;
          return attenuate(d, v, m).audible === d < r;
        },
      ),
    );
  });
});

describe('attenuation properties', () => {
  const dist = fc.double({ min: 0, max: 1000, noNaN: true });
  const vol = fc.double({ min: 0, max: 20, noNaN: true });
  const slider = fc.double({ min: 0, max: 1, noNaN: true });

  it('property: dB is never above 0 and never below −50', () => {
    fc.assert(
      fc.property(dist, vol, slider, (d, v, s) => {
        const a = attenuate(d, v, s);
        return a.dB === null || (a.dB <= 0 && a.dB >= -50 && Number.isInteger(a.dB));
      }),
    );
  });

  it('property: dB is monotone non-increasing in distance (inaudible = −∞)', () => {
    fc.assert(
      fc.property(dist, dist, vol, slider, (d1, d2, v, s) => {
        const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
        const a = attenuate(near, v, s).dB ?? -Infinity;
        const b = attenuate(far, v, s).dB ?? -Infinity;
        return b <= a;
      }),
    );
  });
});

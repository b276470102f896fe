import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { panForBearing } from './pan';
import { MAX_DISTANCE, normalizeBearing } from './placement';
import { clampDistance } from './settings';
import { asHeardStem } from '../exportNames';
import { DEFAULT_SETTINGS } from './types';

describe('normalizeBearing: one rule, (−180, 180]', () => {
  it('maps −180 and its whole-turn aliases to 180', () => {
    for (const b of [-180, 180, -540, 540, 900, -900]) expect(normalizeBearing(b)).toBe(180);
  });
  it('wraps by whole turns and keeps in-range values', () => {
    expect(normalizeBearing(400)).toBe(40);
    expect(normalizeBearing(-270)).toBe(90);
    expect(normalizeBearing(270)).toBe(-90);
    expect(normalizeBearing(-190)).toBe(170);
    expect(normalizeBearing(360)).toBe(0);
    expect(normalizeBearing(-179.5)).toBe(-179.5);
    expect(normalizeBearing(12.345)).toBe(12.345);
    expect(Object.is(normalizeBearing(-0), 0)).toBe(true);
    expect(Object.is(normalizeBearing(-360), 0)).toBe(true);
  });
  it('non-finite → 0', () => {
    expect(normalizeBearing(Number.NaN)).toBe(0);
    expect(normalizeBearing(Number.POSITIVE_INFINITY)).toBe(0);
  });
  it('always lands in (−180, 180] and never changes the pan', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (b, d) => {
          const n = normalizeBearing(b);
          expect(n > -180 && n <= 180).toBe(true);
          expect(normalizeBearing(n)).toBe(n);
          expect(panForBearing(d, n)).toBe(panForBearing(d, b));
        },
      ),
    );
  });
  it('gives one as-heard name for −180 and 180', () => {
    const name = (b: number) =>
      asHeardStem(0x0a000012, { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: normalizeBearing(b) });
    expect(name(-180)).toBe('0A000012_10m_+180deg');
    expect(name(180)).toBe('0A000012_10m_+180deg');
  });
});

describe('clampDistance', () => {
  it('clamps to 0..MAX_DISTANCE, NaN → 0', () => {
    expect(MAX_DISTANCE).toBe(200);
    expect(clampDistance(-3)).toBe(0);
    expect(clampDistance(250)).toBe(200);
    expect(clampDistance(12.5)).toBe(12.5);
    expect(clampDistance(Number.NaN)).toBe(0);
    expect(Object.is(clampDistance(-0), 0)).toBe(true);
  });
});

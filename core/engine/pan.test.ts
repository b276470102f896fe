import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computePan, panDelta, panForBearing } from './pan';

describe('§6.2 bearing sweep at 10 m', () => {
  it.each([
    [0, 180, 0],
    [30, -150, 7],
    [90, -90, 14],
    [-90, 90, -14],
    [180, 0, 0],
  ])('θ = %s → delta %s, pan %s', (theta, delta, pan) => {
    const p = computePan({ distance: 10, bearingDeg: theta }, false);
    expect(p.delta).toBe(delta);
    expect(p.pan).toBe(pan);
  });

  it('§6.2 θ = +90° at 10 m is +14, not 15 (float π/180 in doubles: 14.999999999999998)', () => {
    expect(panForBearing(10, 90)).toBe(14);
    expect(panForBearing(10, -90)).toBe(-14);
  });

  it.each([
    [45, 10],
    [60, 12],
    [64.158, 13],
    [120, 12],
    [135, 10],
    [150, 7],
    [-30, -7],
    [-45, -10],
    [-135, -10],
    [-150, -7],
  ])('further pan values: θ = %s → %s', (theta, pan) => {
    expect(panForBearing(10, theta)).toBe(pan);
  });

  it('§6.2 64.158° gives 13: truncation, not floor/round', () => {
    expect(panForBearing(10, 64.158)).toBe(13);
    expect(panForBearing(10, -64.158)).toBe(-13);
  });
});

describe('§6.2 dead zone: pan is 0 when trunc(distance) < 5', () => {
  it.each([0, 30, 90, -90, 180])('3 m, θ = %s → 0', (theta) => {
    const p = computePan({ distance: 3, bearingDeg: theta }, false);
    expect(p.pan).toBe(0);
    expect(p.forcedZero).toBe('dead-zone');
  });

  it('edge: 4.99 m → 0; 5.0 m and 5.9 m pan normally', () => {
    expect(panForBearing(4.99, 90)).toBe(0);
    expect(panForBearing(5.0, 90)).toBe(14);
    expect(panForBearing(5.9, 90)).toBe(14);
  });

  it('mono forces 0 at any distance', () => {
    expect(computePan({ distance: 10, bearingDeg: 90 }, true)).toEqual({ pan: 0, delta: null, forcedZero: 'mono' });
  });
});

describe('§6.2 native form (headingSourceToListener, listenerHeading) at 10 m', () => {
  it.each([
    [270, 0, 14],
    [90, 0, -14],
    [180, 0, 0],
    [0, 0, 0],
    [0, 90, 14],
    [180, 90, -14],
  ])('heading %s, listener %s → %s', (h, l, pan) => {
    expect(computePan({ distance: 10, headingSourceToListener: h, listenerHeading: l }, false).pan).toBe(pan);
  });

  it('delta = fmod(h − l, 360), > 180 → − 360 (fmod keeps the sign)', () => {
    expect(panDelta({ distance: 10, headingSourceToListener: 270, listenerHeading: 0 })).toBe(-90);
    expect(panDelta({ distance: 10, headingSourceToListener: 0, listenerHeading: 90 })).toBe(-90);
    expect(panDelta({ distance: 10, headingSourceToListener: 10, listenerHeading: 350 })).toBe(-340);
    expect(panDelta({ distance: 10, headingSourceToListener: 350, listenerHeading: 10 })).toBe(340 - 360);
  });
});

describe('pan properties', () => {
  it('property: pan is odd in θ, pan(−θ) = −pan(θ)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (theta, d) => {
          return panForBearing(d, -theta) === -panForBearing(d, theta);
        },
      ),
    );
  });

  it('property: pan is an integer in −15..15 and never ±15 at 1° steps (±14 at most)', () => {
    for (let theta = -180; theta <= 180; theta++) {
      const p = panForBearing(10, theta);
      expect(Number.isInteger(p) && Math.abs(p) <= 14).toBe(true);
    }
  });

  it('property: no front/back distinction: θ and 180 − θ pan the same', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 180 }),
        (theta) => panForBearing(10, theta) === panForBearing(10, 180 - theta),
      ),
    );
  });
});

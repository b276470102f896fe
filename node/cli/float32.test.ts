import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortestFloat32 } from './float32';

describe('shortestFloat32', () => {
  it('prints float32 values read from the dat as the shortest decimal that round-trips', () => {
    expect(shortestFloat32(Math.fround(0.7))).toBe(0.7);
    expect(shortestFloat32(Math.fround(0.3))).toBe(0.3);
    expect(shortestFloat32(Math.fround(0.8))).toBe(0.8);
    expect(shortestFloat32(1)).toBe(1);
    expect(shortestFloat32(0)).toBe(0);
    expect(shortestFloat32(-0)).toBe(0);
    expect(shortestFloat32(Math.fround(1e-8))).toBe(1e-8);
    expect(shortestFloat32(Math.fround(16777217))).toBe(16777216);
    expect(shortestFloat32(3.4028234663852886e38)).toBe(3.4028235e38);
  });

  it('leaves non-float32 values and non-finite values unchanged', () => {
    expect(shortestFloat32(0.1)).toBe(0.1); // 0.1 is not a float32 value
    expect(shortestFloat32(Number.NaN)).toBeNaN();
    expect(shortestFloat32(Infinity)).toBe(Infinity);
  });

  it('always round-trips through Math.fround and is never longer than the float64 text', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (f) => {
        const x = Math.fround(f);
        const s = shortestFloat32(x);
        expect(Math.fround(s)).toBe(x === 0 ? 0 : x);
        expect(String(s).length).toBeLessThanOrEqual(String(x).length);
      }),
      { numRuns: 2000 },
    );
  });
});

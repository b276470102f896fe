import { describe, expect, it } from 'vitest';
import { columnEnvelope } from './envelope';

/** Adjacent columns overlap or touch: the drawing has no gaps. */
function connected(lo: Float32Array, hi: Float32Array): boolean {
  for (let x = 1; x < lo.length; x++) if (lo[x]! > hi[x - 1]! + 1e-6 || hi[x]! < lo[x - 1]! - 1e-6) return false;
  return true;
}

describe('waveform envelope', () => {
  it('a short wave across many columns is a connected line, not dots (495 frames over 600 px)', () => {
    const n = 495;
    const s = Float32Array.from({ length: n }, (_, i) => Math.sin(i / 3));
    const { lo, hi } = columnEnvelope(s, 600);
    expect(connected(lo, hi)).toBe(true);
    // Columns between two samples span the line between them.
    expect(lo[0]).toBeCloseTo(0, 5);
    // The last column ends exactly on the last sample.
    expect(s[n - 1]!).toBeGreaterThanOrEqual(lo[599]! - 1e-6);
    expect(s[n - 1]!).toBeLessThanOrEqual(hi[599]! + 1e-6);
    // Every column is a short segment of the line: never wider than one sample step of a sine at 1/3 rad.
    for (let x = 0; x < 600; x++) expect(hi[x]! - lo[x]!).toBeLessThan(0.34);
  });
  it('a square wave rising between samples draws the rise (no gap between −1 and +1)', () => {
    const s = Float32Array.from([-1, -1, 1, 1]);
    const { lo, hi } = columnEnvelope(s, 30);
    expect(connected(lo, hi)).toBe(true);
    expect(Math.min(...lo)).toBe(-1);
    expect(Math.max(...hi)).toBe(1);
  });
  it('a long wave: each column holds the min and max of its samples', () => {
    const s = new Float32Array(1000);
    s[500] = 0.9;
    s[501] = -0.7;
    const { lo, hi } = columnEnvelope(s, 10);
    expect(hi[5]).toBeCloseTo(0.9, 6);
    expect(lo[5]).toBeCloseTo(-0.7, 6);
    expect(hi[0]).toBe(0);
    expect(connected(lo, hi)).toBe(true);
  });
  it('handles one sample and no samples', () => {
    expect(Array.from(columnEnvelope(Float32Array.from([0.5]), 3).hi)).toEqual([0.5, 0.5, 0.5]);
    expect(columnEnvelope(new Float32Array(0), 3).hi.length).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { cellWeight } from './weight';

const at = (d: number) => cellWeight({ x: d, y: 0, z: 0 });

describe('§5.3 cell weight: 1 inside 20 m, 400/d² to 120 m, 0 beyond', () => {
  it('19.9 m → 1 (inside 20 m)', () => expect(at(19.9)).toBe(1));
  it('20 m → 400/400 = 1 (the 400/d² branch starts here)', () => expect(at(20)).toBe(1));
  it('40 m → 0.25', () => expect(at(40)).toBe(0.25));
  it('120 m → 400/14400 (float32), still counted', () => expect(at(120)).toBe(Math.fround(400 / 14400)));
  it('120.1 m → 0', () => expect(at(120.1)).toBe(0));
  it('is 3-D: (0, 0, 30) weighs as 30 m', () => expect(cellWeight({ x: 0, y: 0, z: 30 })).toBe(Math.fround(400 / 900)));
  it('is symmetric in direction', () =>
    expect(cellWeight({ x: -24, y: -48, z: 0 })).toBe(cellWeight({ x: 48, y: 24, z: 0 })));
});

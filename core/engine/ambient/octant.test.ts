import { describe, expect, it } from 'vitest';
import { Octant, octantHeading, octantOf } from './octant';

describe('CalcDir octants (acclient.c:383879)', () => {
  it.each([
    [0, 24, Octant.North],
    [0, -24, Octant.South],
    [24, 0, Octant.East],
    [-24, 0, Octant.West],
    [24, 24, Octant.NorthEast],
    [24, -24, Octant.SouthEast],
    [-24, -24, Octant.SouthWest],
    [-24, 24, Octant.NorthWest],
    [48, 20, Octant.East],
    [20, 48, Octant.North],
    [48, 24, Octant.NorthEast],
  ])('(%s, %s) → %s', (x, y, dir) => expect(octantOf(x, y)).toBe(dir));

  it('within √200 m horizontally is "at viewer"; exactly 200 m² is not', () => {
    expect(octantOf(9, 9)).toBe(Octant.AtViewer);
    expect(octantOf(0, 0)).toBe(Octant.AtViewer);
    expect(octantOf(10, 10)).toBe(Octant.NorthEast);
  });
});

describe('LandDefs::heading (radians, clockwise from north)', () => {
  it.each([
    [Octant.North, 0],
    [Octant.NorthEast, Math.PI / 4],
    [Octant.East, Math.PI / 2],
    [Octant.SouthEast, (3 * Math.PI) / 4],
    [Octant.South, Math.PI],
    [Octant.SouthWest, (5 * Math.PI) / 4],
    [Octant.West, (3 * Math.PI) / 2],
    [Octant.NorthWest, (7 * Math.PI) / 4],
  ])('octant %s → %s rad (float32)', (dir, rad) => expect(octantHeading(dir as Octant)).toBeCloseTo(rad, 6));
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FixedRandom } from '../random';
import { OCTANT_JITTER, placeEmitter } from './emitter';
import { Octant } from './octant';

describe('§5.3 intermittent placement: a random registered octant, jitter, radius min + (max − min)·u²', () => {
  it('worked example: [{N, 4, 10}], draws 0.5/0.5/0.5 → 5.5 m due north', () => {
    const r = new FixedRandom({ ran2: [0.5, 0.5, 0.5] });
    const p = placeEmitter(r, [{ dir: Octant.North, min: 4, max: 10 }], { x: 288, y: 288 });
    expect(p).toMatchObject({ directionIndex: 0, dir: Octant.North, heading: 0, radius: 5.5, x: 288, y: 293.5 });
    expect(r.drawn.ran2).toBe(3);
  });

  it('the first draw picks the direction: 0.75 of 4 directions → index 3', () => {
    const dirs = [Octant.North, Octant.South, Octant.East, Octant.West].map((dir) => ({ dir, min: 30, max: 50 }));
    const p = placeEmitter(new FixedRandom({ ran2: [0.75, 0.5, 0.5] }), dirs, { x: 0, y: 0 });
    expect(p.dir).toBe(Octant.West);
    expect(p.x).toBeCloseTo(-35, 4);
    expect(p.y).toBeCloseTo(0, 4);
  });

  it('any draws: radius in [min, max], heading within ±π/16 of the octant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-9, max: 0.99999988, noNaN: true }),
        fc.double({ min: 1e-9, max: 0.99999988, noNaN: true }),
        fc.double({ min: 1e-9, max: 0.99999988, noNaN: true }),
        (a, b, c) => {
          const p = placeEmitter(new FixedRandom({ ran2: [a, b, c] }), [{ dir: Octant.East, min: 40, max: 60 }], {
            x: 100,
            y: 100,
          });
          expect(p.radius).toBeGreaterThanOrEqual(40);
          expect(p.radius).toBeLessThanOrEqual(60);
          expect(Math.abs(p.heading - Math.PI / 2)).toBeLessThanOrEqual(OCTANT_JITTER / 2 + 1e-6);
          expect(Math.hypot(p.x - 100, p.y - 100)).toBeCloseTo(p.radius, 3);
        },
      ),
    );
  });

  it('a sound with no direction cannot be placed', () =>
    expect(() => placeEmitter(new FixedRandom(), [], { x: 0, y: 0 })).toThrow(RangeError));
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ringLabelSpots } from './ringLabels';

const FONT = 9;
/** A label's box as the browser measures it: `fontSize` above its baseline, a quarter below; `width` wide. */
const box = (s: { x: number; y: number }, width: number) => ({
  left: s.x,
  right: s.x + width,
  top: s.y - FONT,
  bottom: s.y + FONT / 4,
});
/** The clear space between two boxes (negative: they overlap); the larger of the two axes' gaps. */
function clearance(a: ReturnType<typeof box>, b: ReturnType<typeof box>): number {
  const dx = Math.max(a.left - b.right, b.left - a.right);
  const dy = Math.max(a.top - b.bottom, b.top - a.bottom);
  return Math.max(dx, dy);
}

describe('ringLabelSpots: ring labels never overlap or touch, whatever the radii', () => {
  it('the Soundscape picture’s rings: 10 m and 20 m, once nearly touching, are 2 units apart or more', () => {
    // the picture's square-root scale: 100 · √(d / 132)
    const radii = [10, 20, 50, 120].map((d) => 100 * Math.sqrt(d / 132));
    const spots = ringLabelSpots(radii, FONT);
    const boxes = spots.map((s) => box(s, 22)); // "120 m" at 9 px is ~22 units wide
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        expect(clearance(boxes[i]!, boxes[j]!), `${i} ${j}`).toBeGreaterThanOrEqual(2);
    // the innermost ring and one with room keep the north-east spot: 10 m and 120 m
    for (const i of [0, 3]) {
      expect(spots[i]!.x).toBeCloseTo(radii[i]! * Math.SQRT1_2 + 2, 9);
      expect(spots[i]!.y).toBeCloseTo(-radii[i]! * Math.SQRT1_2 - 2, 9);
    }
  });

  it('any radii (equal, tiny, unsorted): every pair of labels has at least the gap between them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 5, max: 80, noNaN: true }),
        (radii, width) => {
          const boxes = ringLabelSpots(radii, FONT).map((s) => box(s, width));
          for (let i = 0; i < boxes.length; i++)
            for (let j = i + 1; j < boxes.length; j++)
              expect(clearance(boxes[i]!, boxes[j]!)).toBeGreaterThanOrEqual(2 - 1e-9);
        },
      ),
    );
  });

  it('a label stays on its ring, up and right of it, or above the ring’s top when pushed past it', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { minLength: 1, maxLength: 8 }), (radii) => {
        ringLabelSpots(radii, FONT).forEach((s, i) => {
          const r = radii[i]!;
          const px = s.x - 2;
          const py = s.y + 2;
          if (px > 0) expect(Math.hypot(px, py)).toBeCloseTo(r, 6);
          else expect(py).toBeLessThanOrEqual(-r + 1e-9);
          expect(py).toBeLessThanOrEqual(1e-9); // never below the centre line
        });
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxClearance, labelBox, labelWidth, ringClearance, ringLabelSpots } from './ringLabels';

const FONT = 9;
const GAP = 2;

/** Every label keeps `GAP` clear of every other label, of every ring's line, and of the hub. */
function expectClear(radii: readonly number[], widths: readonly number[], hub = 0) {
  const spots = ringLabelSpots(radii, { fontSize: FONT, widths, hub });
  const boxes = spots.map((s, i) => labelBox(s, widths[i]!, FONT));
  boxes.forEach((b, i) => {
    radii.forEach((r, j) =>
      expect(ringClearance(b, Math.max(0, r)), `label ${i} and ring ${j}`).toBeGreaterThanOrEqual(GAP - 1e-6),
    );
    for (let j = i + 1; j < boxes.length; j++)
      expect(boxClearance(b, boxes[j]!), `labels ${i} and ${j}`).toBeGreaterThanOrEqual(GAP - 1e-6);
  });
  return { spots, boxes };
}

describe('ringLabelSpots: no label touches another label or crosses any ring’s line', () => {
  // the Soundscape picture: square-root scale 100 · √(d / 132), rings at 10, 20, 50 and 120 m, hub 8
  const metres = [10, 20, 50, 120];
  const radii = metres.map((d) => 100 * Math.sqrt(d / 132));
  const widths = metres.map((d) => labelWidth(`${d} m`, FONT));

  it('the Soundscape picture’s rings: "10 m" no longer crosses the 20 m ring; each label by its own ring', () => {
    const { boxes } = expectClear(radii, widths, 8);
    boxes.forEach((b, i) => {
      // next to its own ring (just outside or just inside), not pushed beyond every ring
      expect(Math.abs(ringClearance(b, radii[i]!) - GAP), `label ${i}`).toBeLessThan(0.01);
      // inside the picture (viewBox −120…120) and in its upper half
      expect(b.left).toBeGreaterThanOrEqual(-120);
      expect(b.right).toBeLessThanOrEqual(120);
      expect(b.top).toBeGreaterThanOrEqual(-120);
      expect(b.bottom).toBeLessThanOrEqual(0);
    });
  });

  it('the old rule’s spot for "10 m" crossed the 20 m ring (what this rule fixes)', () => {
    // on its ring at 45°, 2 units up and right: the box reaches past the 20 m ring's line
    const old = { x: radii[0]! * Math.SQRT1_2 + 2, y: -radii[0]! * Math.SQRT1_2 - 2 };
    expect(ringClearance(labelBox(old, widths[0]!, FONT), radii[1]!)).toBeLessThan(0);
  });

  it('any radii (equal, tiny, close, unsorted) and widths: every label keeps the gap from labels and rings', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            r: fc.double({ min: 0, max: 200, noNaN: true }),
            w: fc.double({ min: 0, max: 80, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (rings, hub) => {
          const { boxes } = expectClear(
            rings.map((x) => x.r),
            rings.map((x) => x.w),
            hub,
          );
          // and off the hub
          const near = (b: (typeof boxes)[number]) => ringClearance(b, 0);
          boxes.forEach((b) => expect(near(b)).toBeGreaterThanOrEqual(hub + GAP - 1e-6));
        },
      ),
    );
  });

  it('well-spaced rings each get a label beside their own ring', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 30, max: 60, noNaN: true }), { minLength: 1, maxLength: 5 }), (steps) => {
        let r = 0;
        const radii = steps.map((s) => (r += s));
        const widths = radii.map(() => 25);
        const { boxes } = expectClear(radii, widths);
        boxes.forEach((b, i) => expect(Math.abs(ringClearance(b, radii[i]!) - GAP)).toBeLessThan(0.01));
      }),
    );
  });
});

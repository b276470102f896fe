/**
 * Where the Soundscape picture writes each distance ring's label ("10 m", "20 m", …): on its ring,
 * up and to the right of the point at 45° (north-east), so far as the labels of smaller rings
 * leave room; a label that would come within `gap` of the one below it moves up its ring (to the
 * point of its ring at the height that keeps the gap), or, past the ring's top, straight up. Each
 * label's baseline is then at least `1.25 · fontSize + gap` above the baseline of the next smaller
 * ring's label, so no two labels overlap or touch, whatever the radii (the box of a label is taken
 * as the browser's text box: `fontSize` above its baseline, a quarter of it below).
 */

/** A ring label's anchor: the text's start (`x`) and baseline (`y`), SVG user units (y down). */
export interface RingLabelSpot {
  x: number;
  y: number;
}

/** How far a label sits off its ring's point, right and up, in user units. */
const OFFSET = 2;
/** A label's box height, in font sizes: its ascent (1) and descent (0.25). */
const LINE = 1.25;

/**
 * One spot per ring radius (`radii`, user units, any order; the result in the same order).
 * `fontSize`: the labels' font size; `gap`: the least clear space between two labels' boxes.
 */
export function ringLabelSpots(radii: readonly number[], fontSize: number, gap = 2): RingLabelSpot[] {
  const order = radii.map((r, i) => ({ r: Math.max(0, r), i })).sort((a, b) => a.r - b.r || a.i - b.i);
  const out: RingLabelSpot[] = new Array<RingLabelSpot>(radii.length);
  let lowest = Infinity; // the highest baseline allowed for the next label (the previous one's, less a box and the gap)
  for (const { r, i } of order) {
    const natural = -r * Math.SQRT1_2 - OFFSET;
    const y = Math.min(natural, lowest);
    // the point of the ring at that height (its top when the label must sit above the ring)
    const ringY = y + OFFSET;
    const x = (Math.abs(ringY) < r ? Math.sqrt(r * r - ringY * ringY) : 0) + OFFSET;
    out[i] = { x, y };
    lowest = y - LINE * fontSize - gap;
  }
  return out;
}

/**
 * Where the Soundscape picture writes each distance ring's label ("10 m", "20 m", …), by one rule:
 * no label's box touches another label's box or crosses any ring's line (each keeps at least `gap`
 * clear of both), and none covers the hub (the listener's mark at the centre).
 *
 * Each ring, smallest first, takes the first place that keeps those clearances: just outside its
 * ring, then just inside it, at the directions north-east (45°) first and then ever further from
 * it (up to north and down to east, in 5° steps, then the rest of the upper half). When none fits
 * (rings too close together for a label between them), the label goes beyond every ring and
 * label: right of the largest ring, above every label placed so far.
 *
 * A label's box is the browser's text box: `fontSize` above its baseline, a quarter of it below,
 * `width` wide from its start. Units are the SVG's user units (y down); the centre is (0, 0).
 */

/** A ring label's anchor: the text's start (`x`) and baseline (`y`), SVG user units (y down). */
export interface RingLabelSpot {
  x: number;
  y: number;
}

/** A label's box, user units (y down: `top` < `bottom`). */
export interface LabelBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A label's box height, in font sizes: its ascent (1) and descent (0.25). */
const ASCENT = 1;
const DESCENT = 0.25;

/** The box of a label written at `s`, `width` wide, in a `fontSize` font. */
export function labelBox(s: RingLabelSpot, width: number, fontSize: number): LabelBox {
  return { left: s.x, right: s.x + width, top: s.y - ASCENT * fontSize, bottom: s.y + DESCENT * fontSize };
}

/** The nearest and farthest distance of a box's points from the centre (0, 0). */
export function boxReach(b: LabelBox): { near: number; far: number } {
  const dx = b.left > 0 ? b.left : b.right < 0 ? -b.right : 0;
  const dy = b.top > 0 ? b.top : b.bottom < 0 ? -b.bottom : 0;
  const fx = Math.max(Math.abs(b.left), Math.abs(b.right));
  const fy = Math.max(Math.abs(b.top), Math.abs(b.bottom));
  return { near: Math.hypot(dx, dy), far: Math.hypot(fx, fy) };
}

/** The clear space between a box and a circle's line of radius `r` (negative or 0: the line crosses the box). */
export function ringClearance(b: LabelBox, r: number): number {
  const { near, far } = boxReach(b);
  return Math.max(near - r, r - far);
}

/** The clear space between two boxes (negative: they overlap); the larger of the two axes' gaps. */
export function boxClearance(a: LabelBox, b: LabelBox): number {
  return Math.max(a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom);
}

/** The estimated width of a label in a sans-serif font: 0.6 of the font size a character (digits are 0.56). */
export function labelWidth(text: string, fontSize: number): number {
  return text.length * 0.6 * fontSize;
}

export interface RingLabelOptions {
  /** The labels' font size, user units. */
  fontSize: number;
  /** Each label's width (same order as the radii), user units: e.g. {@link labelWidth}. */
  widths: readonly number[];
  /** The least clear space between a label's box and another label's box or any ring's line. */
  gap?: number;
  /** The radius about the centre no label may enter (the listener's mark), user units. */
  hub?: number;
}

/** The directions tried, degrees anticlockwise from east: 45 first, then further from it, 5° at a time. */
const DIRECTIONS: number[] = (() => {
  const out = [45];
  for (let k = 5; k <= 135; k += 5) {
    if (45 + k <= 180) out.push(45 + k);
    if (45 - k >= 0) out.push(45 - k);
  }
  return out;
})();

/** The box of size w×h whose centre lies on the ray at `deg`, placed so `fit(box)` is 0 (bisection; `fit` grows outward). */
function boxOnRay(deg: number, w: number, h: number, fit: (b: LabelBox) => number, span: number): LabelBox | null {
  const ux = Math.cos((deg * Math.PI) / 180);
  const uy = -Math.sin((deg * Math.PI) / 180);
  const at = (d: number): LabelBox => {
    const cx = d * ux;
    const cy = d * uy;
    return { left: cx - w / 2, right: cx + w / 2, top: cy - h / 2, bottom: cy + h / 2 };
  };
  let lo = 0;
  let hi = span;
  if (fit(at(lo)) > 0 || fit(at(hi)) < 0) return null;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (fit(at(mid)) < 0) lo = mid;
    else hi = mid;
  }
  return at(hi);
}

/**
 * One spot per ring radius (`radii`, user units, any order; the result in the same order), by the
 * rule above.
 */
export function ringLabelSpots(radii: readonly number[], opts: RingLabelOptions): RingLabelSpot[] {
  const { fontSize, widths, gap = 2, hub = 0 } = opts;
  const rings = radii.map((r) => Math.max(0, r));
  const h = (ASCENT + DESCENT) * fontSize;
  const maxR = Math.max(0, ...rings);
  const order = rings.map((r, i) => ({ r, i })).sort((a, b) => a.r - b.r || a.i - b.i);
  const placed: LabelBox[] = [];
  const out: RingLabelSpot[] = new Array<RingLabelSpot>(radii.length);
  const clear = (b: LabelBox): boolean =>
    boxReach(b).near >= hub + gap - 1e-9 &&
    rings.every((r) => ringClearance(b, r) >= gap - 1e-9) &&
    placed.every((p) => boxClearance(b, p) >= gap - 1e-9);
  for (const { r, i } of order) {
    const w = Math.max(0, widths[i] ?? 0);
    const span = maxR + w + h + 4 * gap;
    let box: LabelBox | null = null;
    for (const deg of DIRECTIONS) {
      // just outside the ring (its nearest point `gap` beyond), then just inside (its farthest `gap` within)
      const outside = boxOnRay(deg, w, h, (b) => boxReach(b).near - (r + gap), span);
      const inside = r - gap > 0 ? boxOnRay(deg, w, h, (b) => boxReach(b).far - (r - gap), span) : null;
      box = [outside, inside].find((b): b is LabelBox => b !== null && clear(b)) ?? null;
      if (box) break;
    }
    if (!box) {
      // beyond every ring and every label: right of the largest ring, above the highest label
      const bottom = Math.min(0, ...placed.map((p) => p.top)) - gap;
      const left = Math.max(maxR, hub) + gap;
      box = { left, right: left + w, top: bottom - h, bottom };
    }
    placed.push(box);
    out[i] = { x: box.left, y: box.bottom - DESCENT * fontSize };
  }
  return out;
}

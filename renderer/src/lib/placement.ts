/** Keyboard steps of the panner (core/engine/placement.ts clamps and wraps). */

/**
 * One ↑/↓ step from the current distance, without snapping to the step grid (77.983 + 1 →
 * 78.983); rounded to the fields' 3 decimals so repeated 0.1 steps do not drift (0.30000000000000004).
 */
export function stepDistance(current: number, step: number): number {
  return Math.round((current + step) * 1000) / 1000;
}

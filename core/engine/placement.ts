/**
 * The Listener's placement inputs, normalised the same way everywhere (CLI `explain`/`render`/
 * `play-table`, the app's Listener panel, as-heard export names).
 */

/** The largest distance (metres) any door accepts (the panner's edge): core/engine/settings.ts `SETTING_RANGES`. */
export const MAX_DISTANCE = 200;

/**
 * A bearing θ (degrees, clockwise from the listener's facing, right = +90) wrapped by whole turns
 * into the half-open range (−180, 180]. One rule for every caller: −180 → 180, −540 → 180,
 * 540 → 180, 400 → 40, −270 → 90, 360 → 0; values already in (−180, 180] are kept as given.
 * −0 becomes 0; NaN and ±Infinity become 0. The engine's own `fmod` normalisation (panDelta)
 * gives the same pan for θ and θ ± 360k, so wrapping never changes a decision — it only fixes
 * the one number that is shown, printed in JSON and used in as-heard file names (`+180deg`).
 */
export function normalizeBearing(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  let r = deg > -180 && deg <= 180 ? deg : deg % 360;
  if (r <= -180) r += 360;
  else if (r > 180) r -= 360;
  return r + 0;
}

/**
 * The one rule for the speed a creature motion plays at, shared by the app's Speed field, the
 * service's `getTimeline` and `acsound timeline --speed` (docs/ui-contract.md "Motion controls":
 * Speed 0.1–4 ×; README `timeline`). A negative speed plays the motion in reverse (sound-sources
 * §3.3), so the rule is on its size: |speed| from {@link MOTION_SPEED_MIN} to
 * {@link MOTION_SPEED_MAX}. Beyond that a timeline says nothing useful: at 1e308 every event is at
 * 0.000 s, at 1e-300 the times overflow to the 1e299 s range and events are lost to rounding.
 */

/** The smallest |speed| a motion plays at (×, of the AnimData's own frame rate). */
export const MOTION_SPEED_MIN = 0.1;
/** The largest |speed| a motion plays at (×). */
export const MOTION_SPEED_MAX = 4;

const GIVE = `give ${MOTION_SPEED_MIN}–${MOTION_SPEED_MAX}, or -${MOTION_SPEED_MAX} to -${MOTION_SPEED_MIN} to play it in reverse`;

/**
 * Why `speed` is not a motion speed, in plain words without the field's name (each door adds its
 * own: `--speed: …`, `getTimeline: speed …`), or null when |speed| is in
 * [{@link MOTION_SPEED_MIN}, {@link MOTION_SPEED_MAX}]. E.g. `1e+308 is too fast: give 0.1–4, or
 * -4 to -0.1 to play it in reverse`. `typed`: the speed as the user typed it, which the message
 * echoes (core/engine/settings `typedNumber`: `--speed 1e308` says `"1e308" is too fast: …`);
 * default the number.
 */
export function motionSpeedProblem(speed: number, typed: string = String(speed)): string | null {
  if (!Number.isFinite(speed)) return `${typed} is not a usable number: ${GIVE}`;
  if (speed === 0) return `${typed} would stand the motion still: ${GIVE}`;
  const size = Math.abs(speed);
  if (size < MOTION_SPEED_MIN) return `${typed} is too slow: ${GIVE}`;
  if (size > MOTION_SPEED_MAX) return `${typed} is too fast: ${GIVE}`;
  return null;
}

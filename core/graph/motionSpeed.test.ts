import { describe, expect, it } from 'vitest';
import { MOTION_SPEED_MAX, MOTION_SPEED_MIN, motionSpeedProblem } from './motionSpeed';

describe('motionSpeedProblem: |speed| is 0.1–4, a negative speed plays in reverse', () => {
  it('takes 0.1–4 and -4 to -0.1, the bounds included', () => {
    for (const s of [MOTION_SPEED_MIN, 0.65, 1, 2, MOTION_SPEED_MAX, -MOTION_SPEED_MIN, -0.65, -1, -MOTION_SPEED_MAX])
      expect(motionSpeedProblem(s)).toBeNull();
  });
  it('refuses 0, speeds whose size is outside 0.1–4 and non-finite numbers, in plain words', () => {
    expect(motionSpeedProblem(0)).toBe(
      '0 would stand the motion still: give 0.1–4, or -4 to -0.1 to play it in reverse',
    );
    expect(motionSpeedProblem(1e308)).toBe('1e+308 is too fast: give 0.1–4, or -4 to -0.1 to play it in reverse');
    expect(motionSpeedProblem(1e-300)).toMatch(/^1e-300 is too slow: give 0\.1–4/);
    expect(motionSpeedProblem(-4.01)).toMatch(/^-4\.01 is too fast/);
    expect(motionSpeedProblem(-0.09)).toMatch(/^-0\.09 is too slow/);
    expect(motionSpeedProblem(Infinity)).toMatch(/^Infinity is not a usable number/);
    expect(motionSpeedProblem(NaN)).toMatch(/^NaN is not a usable number/);
  });
});

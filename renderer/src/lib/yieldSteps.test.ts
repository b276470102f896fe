import { describe, expect, it } from 'vitest';
import type { Steps } from '../../../core/audio';
import { nextTurn, runStepsYielding } from './yieldSteps';

function* busySteps(n: number, msEach: number): Steps<number> {
  for (let i = 0; i < n; i++) {
    const end = performance.now() + msEach;
    while (performance.now() < end) {
      // busy: one bounded slice of work
    }
    if (i < n - 1) yield;
  }
  return n;
}

describe('runStepsYielding', () => {
  it('gives the event loop a turn once a batch of steps has used the budget, and returns the result', async () => {
    let turns = 0;
    const v = await runStepsYielding(busySteps(10, 3), 5, async () => {
      turns++;
      await nextTurn();
    });
    expect(v).toBe(10);
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(turns).toBeLessThanOrEqual(9);
  });

  it('a timer queued before the work runs while it is still in progress', async () => {
    let fired = false;
    let stepsAfterTimer = 0;
    setTimeout(() => (fired = true), 0);
    function* watch(): Steps<void> {
      for (let i = 0; i < 40; i++) {
        const end = performance.now() + 2;
        while (performance.now() < end) {
          // busy
        }
        if (fired) stepsAfterTimer++;
        yield;
      }
    }
    await runStepsYielding(watch(), 4, () => new Promise((r) => setTimeout(r, 1)));
    expect(fired).toBe(true);
    expect(stepsAfterTimer).toBeGreaterThan(0);
  });

  it('work within one budget never yields; a step that throws rejects', async () => {
    let turns = 0;
    await expect(runStepsYielding(busySteps(1, 0), 50, async () => void turns++)).resolves.toBe(1);
    expect(turns).toBe(0);
    function* bad(): Steps<number> {
      yield;
      throw new RangeError('bad rate');
    }
    await expect(runStepsYielding(bad())).rejects.toThrow(RangeError);
  });
});

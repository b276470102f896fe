import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, NO_FRAME_MS, type FrameTimers } from './afterPaint';

/** Timers on vitest's fake clock, with frame callbacks run only when the test paints a frame. */
function timers(): FrameTimers & { paint(): void } {
  let frames = new Map<number, FrameRequestCallback>();
  let next = 1;
  return {
    requestAnimationFrame: (f) => {
      frames.set(next, f);
      return next++;
    },
    cancelAnimationFrame: (id) => void frames.delete(id),
    setTimeout: ((f: () => void, ms?: number) => setTimeout(f, ms)) as unknown as Window['setTimeout'],
    clearTimeout: ((id?: number) => clearTimeout(id)) as Window['clearTimeout'],
    paint() {
      const due = frames;
      frames = new Map();
      for (const f of due.values()) f(0);
    },
  };
}

describe('afterNextPaint: after the next frame is painted, once', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs in a task after the next frame, not in the frame itself, and only once', () => {
    const win = timers();
    const f = vi.fn();
    afterNextPaint(win, f);
    vi.advanceTimersByTime(0);
    expect(f).not.toHaveBeenCalled();
    win.paint();
    expect(f).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(f).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NO_FRAME_MS);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it(`a tab that paints no frame runs it after ${NO_FRAME_MS} ms`, () => {
    const win = timers();
    const f = vi.fn();
    afterNextPaint(win, f);
    vi.advanceTimersByTime(NO_FRAME_MS - 1);
    expect(f).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(f).toHaveBeenCalledTimes(1);
    win.paint();
    vi.advanceTimersByTime(0);
    expect(f).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the paint, it never runs', () => {
    const win = timers();
    const f = vi.fn();
    const cancel = afterNextPaint(win, f);
    cancel();
    win.paint();
    vi.advanceTimersByTime(NO_FRAME_MS * 2);
    expect(f).not.toHaveBeenCalled();
  });
});

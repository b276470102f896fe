/**
 * "After the next paint", one rule for what waits for the first rows to be on screen (issue #9,
 * docs/architecture.md "The first frame"): the sound graph's build, the list's focus, the parts of
 * the window the first frame leaves out.
 */

/** How long a tab that paints no frame (hidden) waits instead (ms). */
export const NO_FRAME_MS = 500;

/** The timers {@link afterNextPaint} needs (a `Window`). */
export type FrameTimers = Pick<
  Window,
  'requestAnimationFrame' | 'cancelAnimationFrame' | 'setTimeout' | 'clearTimeout'
>;

/**
 * Calls `f` once, after the next frame is painted: a frame callback, then a task after it (that
 * frame is then on screen); or after {@link NO_FRAME_MS} in a tab that paints no frame.
 * @returns a function that cancels the call if it has not happened yet
 */
export function afterNextPaint(win: FrameTimers, f: () => void): () => void {
  let done = false;
  let task = 0;
  const cancel = (): void => {
    done = true;
    win.cancelAnimationFrame(frame);
    win.clearTimeout(task);
    win.clearTimeout(fallback);
  };
  const once = (): void => {
    if (done) return;
    cancel();
    f();
  };
  const frame = win.requestAnimationFrame(() => {
    task = win.setTimeout(once, 0);
  });
  const fallback = win.setTimeout(once, NO_FRAME_MS);
  return cancel;
}

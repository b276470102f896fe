/**
 * What the first paint of a component may leave out (issue #9: the first Waves rows wait on every
 * element the first frame builds): the rows beyond the list's visible ones, the Listener's
 * sections below the fold. They are built in the frame after the component's first paint.
 */
import { useEffect, useState, type ReactNode } from 'react';

/** How long a tab that paints no frame (hidden) waits instead (ms). */
const NO_FRAME_MS = 500;

/**
 * False on the component's first render, true from the frame after its first paint on (a frame
 * callback, then a task after it: that frame is on screen), or after {@link NO_FRAME_MS} in a tab
 * that paints no frame.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const done = (): void => setPainted(true);
    const frame = requestAnimationFrame(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(done, 0);
    });
    timer = window.setTimeout(done, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Its children, from the frame after its first paint on (see {@link useAfterFirstPaint}). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}

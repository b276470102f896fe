/**
 * What the first paint of a component may leave out (issue #9: the first Waves rows wait on every
 * element the first frame builds): the rows beyond the list's visible ones, the Listener below
 * its heading, the details pane's content, the transport and status bars. They are built in the
 * frame after the component's first paint.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../lib/afterPaint';

/**
 * False on the component's first render, true from the frame after its first paint on
 * (lib/afterPaint `afterNextPaint`).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(window, () => setPainted(true)), []);
  return painted;
}

/**
 * Its children, from the frame after its first paint on (see {@link useAfterFirstPaint});
 * `fallback` (default nothing) until then.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useAfterFirstPaint() ? children : fallback;
}

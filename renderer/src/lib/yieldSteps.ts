/**
 * Drives core's stepped work (core/audio/resample.ts `Steps`) on the UI thread without holding
 * it: steps run back to back for at most `budgetMs`, then the event loop gets a turn (input,
 * paint) before the next batch. Issue #9: a 617 s Wave at 100 Hz resampled to 8,000 Hz in one go
 * blocked the page for seconds.
 */
import type { Steps } from '../../../core/audio';

/** Milliseconds of work between two event-loop turns (half a 60 Hz frame). */
export const STEP_BUDGET_MS = 8;

/** Resolves after the event loop has had a turn (a message task: no 4 ms timer clamp). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    // the DOM's MessagePort (Node's, in unit tests, has `onmessage` too but not in its typings)
    const port = ch.port1 as unknown as { onmessage: (() => void) | null; close(): void };
    port.onmessage = () => {
      port.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/**
 * Runs `steps` to the end, giving the event loop a turn whenever a batch of steps has taken
 * `budgetMs` (default {@link STEP_BUDGET_MS}) or more; returns the steps' result. Work that ends
 * within the first batch returns without yielding at all. Errors thrown by a step reject.
 */
export async function runStepsYielding<T>(
  steps: Steps<T>,
  budgetMs: number = STEP_BUDGET_MS,
  turn: () => Promise<void> = nextTurn,
): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= budgetMs) {
      await turn();
      start = performance.now();
    }
  }
}

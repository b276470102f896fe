/**
 * Whether the service's host answers (issue #10 defect 7): once a call finds the browser host
 * stopped (a TransportError with core/errors `HOST_UNREACHABLE`), the app says so once — one
 * banner — and the views that failed for that reason say only "host not answering" instead of
 * repeating the sentence. The next call that gets an answer clears it.
 */
import { create } from 'zustand';
import { errorToData, HOST_UNREACHABLE, isErrorData, userError, type UserError } from '../../../core/errors';

export interface HostState {
  /** The error that found the host stopped (its words and "Copy details"), or null while it answers. */
  down: UserError | null;
}

export const useHost = create<HostState>()(() => ({ down: null }));

/** True for the error of a host that did not answer at all (not one that answered an error). */
export function isHostUnreachable(e: unknown): boolean {
  const d = isErrorData(e) && !(e instanceof Error) ? e : errorToData(e);
  return d.name === 'TransportError' && d.code === HOST_UNREACHABLE;
}

/** Records what a call to the host found: an unreachable host sets {@link HostState.down}, an answer clears it. */
export function noteHostAnswer(error: unknown | null): void {
  if (error !== null && isHostUnreachable(error)) {
    if (useHost.getState().down === null) useHost.setState({ down: userError(error) });
  } else if (useHost.getState().down !== null) useHost.setState({ down: null });
}

/**
 * `bridge` with every promise-returning method reporting to {@link noteHostAnswer} (what the
 * composition root installs); results and errors pass through unchanged.
 */
export function watchHost<B extends object>(bridge: B): B {
  return new Proxy(bridge, {
    get(target, key, receiver) {
      const v: unknown = Reflect.get(target, key, receiver);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const out: unknown = (v as (...a: unknown[]) => unknown).apply(target, args);
        if (!(out instanceof Promise)) return out;
        return out.then(
          (r: unknown) => {
            noteHostAnswer(null);
            return r;
          },
          (e: unknown) => {
            // an error the host answered is an answer: only no answer at all marks it down
            noteHostAnswer(isHostUnreachable(e) ? e : null);
            throw e;
          },
        );
      };
    },
  });
}

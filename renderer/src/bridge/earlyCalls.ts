/**
 * The browser host's first calls, sent by the page's first script (renderer/src/boot.ts) while the
 * app's code is still being fetched and compiled (issue #9: navigation → Waves rows visible).
 * The app asks for the host, the summary and both lists before anything renders (state/datStore
 * `initDat`); sent from the app's own module they would leave only after every chunk of it is
 * loaded and evaluated, and the host's answer would then be waited for with nothing else to do.
 * Sent here, the answers are usually in by the time the app asks, and the HTTP bridge
 * (./httpBridge.ts) takes each one, once, instead of sending the same request again.
 *
 * The requests are exactly the bridge's (./httpRequest.ts): same URL, headers, session and body.
 * An answer is only ever given to a bridge with the same base, session and token, to the first
 * call of its method with no arguments; a call that finds none (taken, never sent, another
 * session) is sent as usual. Electron (its preload's `window.acsound`) sends nothing here.
 */
import { callRequest, hostRequest, type CallerIds } from './httpRequest';

/** The calls made early: `GET /api/host` ('host') and the three methods `initDat` asks for first, with no arguments. */
export const EARLY_CALLS = ['host', 'getSummary', 'listWaves', 'listSoundTables'] as const;
export type EarlyCall = (typeof EARLY_CALLS)[number];

/** Early calls in flight, each answer handed out once. */
export interface EarlyCalls {
  /** The session and token they were sent with (the page's: a bridge uses the same). */
  readonly ids: CallerIds;
  /**
   * The response of early call `call` if it was sent to `base` with exactly `ids` and not taken
   * yet (then it is taken); undefined otherwise. A request that failed rejects as `fetch` did.
   */
  take(call: EarlyCall, base: string, ids: CallerIds): Promise<Response> | undefined;
}

/** Sends every {@link EARLY_CALLS} request now, with `ids`, through `fetchFn`. */
export function sendEarlyCalls(
  fetchFn: (input: string, init?: RequestInit) => Promise<Response>,
  base: string,
  ids: CallerIds,
): EarlyCalls {
  const sent = new Map<EarlyCall, Promise<Response>>();
  for (const call of EARLY_CALLS) {
    const [url, init] = call === 'host' ? hostRequest(base, ids) : callRequest(base, call, [], ids);
    const response = fetchFn(url, init);
    response.catch(() => undefined); // handled by whoever takes it; never an unhandled rejection
    sent.set(call, response);
  }
  return {
    ids,
    take(call, b, who) {
      if (b !== base || who.session !== ids.session || who.token !== ids.token) return undefined;
      const response = sent.get(call);
      sent.delete(call);
      return response;
    },
  };
}

let page: EarlyCalls | null = null;

/** Records the page's early calls (renderer/src/boot.ts, once). */
export function setPageEarlyCalls(calls: EarlyCalls | null): void {
  page = calls;
}

/** The page's early calls, or null when none were sent (Electron, tests). */
export function pageEarlyCalls(): EarlyCalls | null {
  return page;
}

/**
 * The page's first script: in the browser host it sends the app's first calls (the host, the
 * summary, both lists) before the app's code has loaded (./bridge/earlyCalls.ts, issue #9). The
 * build gives it its own small file, loaded `async` first thing in `<head>` (scripts/vite-boot.ts);
 * ./main.tsx imports it too, so the calls are sent once, by whichever runs first. In Electron
 * (its preload's `window.acsound`) and outside a page it does nothing.
 */
import { pageEarlyCalls, sendEarlyCalls, setPageEarlyCalls } from './bridge/earlyCalls';
import { DEFAULT_API_BASE, hostToken, tabSessionId } from './bridge/httpRequest';

if (
  typeof window !== 'undefined' &&
  !window.acsound &&
  /^https?:$/.test(window.location.protocol) &&
  typeof fetch === 'function' &&
  pageEarlyCalls() === null
) {
  setPageEarlyCalls(
    sendEarlyCalls((input, init) => fetch(input, init), DEFAULT_API_BASE, {
      session: tabSessionId(),
      token: hostToken(),
    }),
  );
}

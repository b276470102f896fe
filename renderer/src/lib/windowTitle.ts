/**
 * The window's title (the browser tab, the desktop app's title bar): the dat that is open, then the
 * app — `/games/ac/client_portal.dat — AC Sound Browser`, `Demo dat — AC Sound Browser`, or the app
 * alone while none is. It names the open dat whatever "Dat path" shows (a path that failed to open
 * stays there to be fixed), so which dat is open is never in doubt.
 */
export const APP_NAME = 'AC Sound Browser';

export function windowTitle(open: { path: string | null; demo: boolean } | null): string {
  if (!open) return APP_NAME;
  return `${open.demo ? 'Demo dat' : (open.path ?? 'dat')} — ${APP_NAME}`;
}

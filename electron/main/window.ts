/**
 * The main window and the security restrictions around it (aesthetics §7 item 5), written out
 * explicitly. Pure functions and small installers that take the Electron objects as arguments,
 * so they are unit-tested without the Electron binary.
 */
import type { BrowserWindowConstructorOptions, IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../node/security/csp';

/**
 * The renderer's one Content-Security-Policy lives in node/security/csp.ts (shared with the
 * browser host and the renderer build's `<meta>`); re-exported here for main's users.
 */
export { CONTENT_SECURITY_POLICY, REQUIRED_CSP_SOURCES } from '../../node/security/csp';

/** Secure defaults for the one window. `preload` is the absolute path of out/preload/index.cjs. */
export function windowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 560,
    title: 'AC Sound Browser',
    show: false, // shown on 'ready-to-show', so there is no white flash
    backgroundColor: '#16181d',
    autoHideMenuBar: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // The Player creates its AudioContext on load; the browser host passes the matching Chromium flag.
      autoplayPolicy: 'no-user-gesture-required',
    },
  };
}

/** Origins a link may open in the user's browser (the About box credits). Everything else is denied. */
export const EXTERNAL_ALLOWLIST: readonly string[] = ['https://github.com'];

export function isAllowedExternal(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && EXTERNAL_ALLOWLIST.includes(u.origin);
  } catch {
    return false;
  }
}

/**
 * Blocks navigation away from the app (the top frame: `will-navigate`; any frame:
 * `will-frame-navigate`), redirects, `<webview>`s and new windows. Allow-listed https links are
 * handed to the system browser through `openExternal`, never opened inside the app.
 */
export function restrictWebContents(contents: WebContents, openExternal: (url: string) => unknown): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  // any frame's navigation (a subframe's too, which will-navigate does not see)
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void Promise.resolve(openExternal(url)).catch(() => undefined);
    return { action: 'deny' };
  });
}

/** Permissions the renderer may use: writing to the clipboard (copy an id). Everything else is denied. */
const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionGranted(permission: string): boolean {
  return GRANTED_PERMISSIONS.has(permission);
}

/**
 * Denies permission requests and checks by default; sets the CSP header on http(s) responses
 * except those of the development server `devServerUrl` (null in a packaged app: see
 * {@link devRendererUrl}).
 */
export function restrictSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>,
  devServerUrl: string | null = null,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionGranted(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionGranted(permission));
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!/^https?:/.test(details.url) || isDevServerUrl(details.url, devServerUrl)) {
      callback({});
      return;
    }
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}

/**
 * electron-vite's dev server (`ELECTRON_RENDERER_URL`): its page carries the dev relaxation of the
 * CSP as a meta (scripts/vite-csp.ts: hashes of the injected inline preamble, the HMR socket), so
 * the stricter header is not added on top.
 */
function isDevServerUrl(url: string, dev: string | null): boolean {
  return !!dev && url.startsWith(new URL(dev).origin);
}

/**
 * The electron-vite dev server's URL (`ELECTRON_RENDERER_URL`) — honoured only in a development
 * build. A packaged app ignores it: it would make the app load any URL, trust it for IPC and skip
 * the CSP header (issue #11, Electron a).
 */
export function devRendererUrl(isPackaged: boolean, env: Readonly<Record<string, string | undefined>>): string | null {
  if (isPackaged) return null;
  const url = env['ELECTRON_RENDERER_URL'];
  return url === undefined || url === '' ? null : url;
}

function samePath(a: string, b: string): boolean {
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return a === b;
  }
}

/**
 * Builds the check that every IPC handler runs: only the top frame of OUR page may call the
 * service — its full URL (scheme, host, port and path; query and fragment aside) must be
 * `rendererUrl`'s: `app://renderer/index.html` (appProtocol.ts), or in development the dev
 * server's page. Another page of the same origin, a subframe or any other URL is refused.
 */
export function makeSenderCheck(rendererUrl: string): (event: IpcMainInvokeEvent) => boolean {
  const base = new URL(rendererUrl);
  const page = (u: URL): string => `${u.protocol}//${u.host}${u.pathname === '/' ? '/index.html' : u.pathname}`;
  const ours = page(base);
  return (event) => {
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    let url: URL;
    try {
      url = new URL(frame.url);
    } catch {
      return false;
    }
    if (base.protocol === 'file:') return url.protocol === 'file:' && samePath(url.pathname, base.pathname);
    return page(url) === ours;
  };
}

/**
 * The dat path given on the command line, if any. `argv` is `process.argv`: the executable,
 * Chromium/Electron switches (`--foo`, `--foo=bar`, wherever they are: Playwright puts
 * `--remote-debugging-port=0` before the app path), then — unpackaged, as in
 * `electron out/main/index.js` or `electron .` — the app path, then the user's arguments.
 */
export function datPathFromArgv(argv: readonly string[], isPackaged: boolean): string | null {
  const positionals = argv.slice(1).filter((arg) => arg.length > 0 && !arg.startsWith('-'));
  if (!isPackaged) positionals.shift();
  return positionals[0] ?? null;
}

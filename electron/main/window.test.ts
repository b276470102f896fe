import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  REQUIRED_CSP_SOURCES,
  datPathFromArgv,
  devRendererUrl,
  isAllowedExternal,
  makeSenderCheck,
  restrictSession,
  restrictWebContents,
  windowOptions,
} from './window';

vi.mock('electron', () => {
  throw new Error('window.ts must not import electron at run time');
});

describe('windowOptions', () => {
  it('uses the secure webPreferences, written out explicitly', () => {
    const o = windowOptions('/app/out/preload/index.cjs');
    expect(o.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      autoplayPolicy: 'no-user-gesture-required',
    });
  });

  it('is created hidden and shown on ready-to-show', () => {
    expect(windowOptions('/p').show).toBe(false);
  });
});

/** Parses "a b; c d" into {a: [b], c: [d]}. */
function parseCsp(csp: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

function allows(csp: Record<string, string[]>, directive: string, source: string): boolean {
  const list =
    csp[directive] ??
    (directive === 'worker-src' ? (csp['script-src'] ?? csp['default-src']) : csp['default-src']) ??
    [];
  return list.includes(source);
}

describe('Content-Security-Policy', () => {
  it("main's policy allows the WASM decoder and nothing inline for scripts, no worker, no blob: URL", () => {
    const csp = parseCsp(CONTENT_SECURITY_POLICY);
    for (const [directive, sources] of Object.entries(REQUIRED_CSP_SOURCES)) {
      for (const s of sources) expect(allows(csp, directive, s), `${directive} ${s}`).toBe(true);
    }
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    // nor for styles (issue #11, Electron e): the CSS is an external file
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    // the renderer starts no worker and makes no blob: URL, so nothing allows either
    expect(csp['worker-src']).toEqual(["'none'"]);
    for (const [directive, sources] of Object.entries(csp)) expect(sources, directive).not.toContain('blob:');
  });

  // The meta in the built page (what applies to the packaged app's file:// page) is checked by
  // scripts/vite-csp.test.ts (the build plugin) and e2e/security.spec.ts (the built out/renderer).
});

type Listener = (event: { preventDefault(): void }, ...rest: unknown[]) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, l: Listener) => listeners.set(name, l),
    setWindowOpenHandler: (h: typeof openHandler) => {
      openHandler = h;
    },
  } as unknown as WebContents;
  return { contents, listeners, open: (url: string) => openHandler?.({ url }) };
}

describe('restrictWebContents', () => {
  it('blocks navigation (top frame and any frame: will-frame-navigate), redirects and webviews', () => {
    const f = fakeContents();
    restrictWebContents(f.contents, () => undefined);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      f.listeners.get(name)?.({ preventDefault });
      expect(preventDefault, name).toHaveBeenCalled();
    }
  });

  it('denies every new window; allow-listed https links go to the system browser', () => {
    const f = fakeContents();
    const openExternal = vi.fn(async () => undefined);
    restrictWebContents(f.contents, openExternal);
    expect(f.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(f.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
    expect(f.open('https://github.com/ACEmulator/ACE-World-16PY-Patches')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://github.com/ACEmulator/ACE-World-16PY-Patches');
    expect(isAllowedExternal('http://github.com/')).toBe(false);
    expect(isAllowedExternal('not a url')).toBe(false);
  });
});

describe('restrictSession', () => {
  function fakeSession() {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | null = null;
    let check: ((wc: unknown, permission: string) => boolean) | null = null;
    let headers:
      ((d: { url: string; responseHeaders?: Record<string, string[]> }, cb: (r: unknown) => void) => void) | null =
      null;
    const session = {
      setPermissionRequestHandler: (h: typeof request) => {
        request = h;
      },
      setPermissionCheckHandler: (h: typeof check) => {
        check = h;
      },
      webRequest: {
        onHeadersReceived: (h: typeof headers) => {
          headers = h;
        },
      },
    } as unknown as Session;
    return {
      session,
      request: (p: string) => {
        let granted: boolean | undefined;
        request?.(null, p, (g) => (granted = g));
        return granted;
      },
      check: (p: string) => check?.(null, p),
      headers: (url: string) => {
        let out: unknown;
        headers?.({ url, responseHeaders: { 'X-A': ['1'] } }, (r) => (out = r));
        return out;
      },
    };
  }

  it('denies permission requests and checks by default', () => {
    const s = fakeSession();
    restrictSession(s.session);
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fileSystem']) {
      expect(s.request(p), p).toBe(false);
      expect(s.check(p), p).toBe(false);
    }
    expect(s.request('clipboard-sanitized-write')).toBe(true);
  });

  it('adds the CSP header to http(s) responses only', () => {
    const s = fakeSession();
    restrictSession(s.session);
    expect(s.headers('https://x.example/')).toEqual({
      responseHeaders: { 'X-A': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
    expect(s.headers('file:///app/out/renderer/index.html')).toEqual({});
  });

  it('skips the header only for the development server it is given (none in a packaged app)', () => {
    const dev = fakeSession();
    restrictSession(dev.session, 'http://127.0.0.1:5173/');
    expect(dev.headers('http://127.0.0.1:5173/index.html')).toEqual({});
    const packaged = fakeSession();
    const before = process.env['ELECTRON_RENDERER_URL'];
    process.env['ELECTRON_RENDERER_URL'] = 'http://127.0.0.1:5173/'; // ignored: the packaged app passes null
    try {
      restrictSession(packaged.session, null);
      expect(packaged.headers('http://127.0.0.1:5173/index.html')).toMatchObject({
        responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
      });
    } finally {
      if (before === undefined) delete process.env['ELECTRON_RENDERER_URL'];
      else process.env['ELECTRON_RENDERER_URL'] = before;
    }
  });
});

describe('ELECTRON_RENDERER_URL only in development (issue #11, Electron a)', () => {
  it('devRendererUrl: a packaged app ignores it; a development build takes it', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173/' };
    expect(devRendererUrl(true, env)).toBeNull();
    expect(devRendererUrl(false, env)).toBe('http://127.0.0.1:5173/');
    expect(devRendererUrl(false, {})).toBeNull();
    expect(devRendererUrl(false, { ELECTRON_RENDERER_URL: '' })).toBeNull();
  });
});

describe('makeSenderCheck', () => {
  const ev = (url: string, parent: unknown = null) =>
    ({ senderFrame: { url, parent } }) as unknown as IpcMainInvokeEvent;

  it('accepts only the top frame of our file:// renderer', () => {
    const check = makeSenderCheck('file:///app/out/renderer/index.html');
    expect(check(ev('file:///app/out/renderer/index.html'))).toBe(true);
    expect(check(ev('file:///app/out/renderer/index.html#/waves'))).toBe(true);
    expect(
      makeSenderCheck('file:///opt/AC%20Sound%20Browser/index.html')(ev('file:///opt/AC Sound Browser/index.html')),
    ).toBe(true);
    expect(check(ev('file:///tmp/evil.html'))).toBe(false);
    expect(check(ev('https://evil.example/'))).toBe(false);
    expect(check(ev('file:///app/out/renderer/index.html', {}))).toBe(false);
    expect(check({ senderFrame: null } as unknown as IpcMainInvokeEvent)).toBe(false);
  });

  it('app://renderer/index.html: only that page, top frame (issue #11, Electron c)', () => {
    const check = makeSenderCheck('app://renderer/index.html');
    expect(check(ev('app://renderer/index.html'))).toBe(true);
    expect(check(ev('app://renderer/index.html?x#/waves'))).toBe(true);
    expect(check(ev('app://renderer/'))).toBe(true);
    expect(check(ev('app://renderer/other.html'))).toBe(false);
    expect(check(ev('app://renderer.evil/index.html'))).toBe(false);
    expect(check(ev('file:///app/out/renderer/index.html'))).toBe(false);
    expect(check(ev('app://renderer/index.html', {}))).toBe(false);
  });

  it('accepts the dev server origin in development', () => {
    const check = makeSenderCheck('http://localhost:5173/');
    expect(check(ev('http://localhost:5173/index.html'))).toBe(true);
    expect(check(ev('http://localhost:5174/'))).toBe(false);
  });
});

describe('datPathFromArgv', () => {
  it('takes the first non-switch argument after the app path', () => {
    expect(datPathFromArgv(['/usr/bin/electron', 'out/main/index.js', 'assets/demo_portal.dat'], false)).toBe(
      'assets/demo_portal.dat',
    );
    expect(
      datPathFromArgv(
        ['/usr/bin/electron', '.', '--inspect=0', '--remote-debugging-port=0', '/d/client_portal.dat'],
        false,
      ),
    ).toBe('/d/client_portal.dat');
    expect(datPathFromArgv(['/opt/AC Sound Browser/acsound', '/d/client_portal.dat'], true)).toBe(
      '/d/client_portal.dat',
    );
    expect(datPathFromArgv(['/opt/AC Sound Browser/acsound', '--no-sandbox'], true)).toBeNull();
    expect(datPathFromArgv(['/usr/bin/electron', '.'], false)).toBeNull();
    // Playwright's _electron.launch puts its switches before the app path.
    expect(
      datPathFromArgv(
        ['/x/electron', '--remote-debugging-port=0', '/r/out/main/index.js', '/r/assets/demo_portal.dat'],
        false,
      ),
    ).toBe('/r/assets/demo_portal.dat');
  });
});

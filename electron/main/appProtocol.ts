/**
 * The renderer's own origin in the desktop app: `app://renderer/…` serves the built renderer
 * (out/renderer) instead of `file://` (issue #11, Electron c). A custom standard, secure scheme
 * gives the page a real origin (`app://renderer`), so IPC trusts exactly our page's URL, `fetch`
 * of the decoder's WASM works, and no other local file is reachable from the page. Paths are
 * mapped with the browser host's one rule (node/http/static.ts `resolveStaticPath`: no `..`,
 * encoded or not, no backslashes or NUL) and typed with its MIME table; HTML carries the app's
 * Content-Security-Policy header (node/security/csp.ts).
 *
 * Takes no Electron objects: index.ts registers {@link APP_SCHEME} as privileged before `ready`
 * and hands {@link appProtocolHandler} to `protocol.handle`.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { MIME_TYPES, resolveStaticPath } from '../../node/http/static';
import { CONTENT_SECURITY_POLICY } from '../../node/security/csp';

/** The scheme and host of the renderer's origin. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
/** The page the window loads. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Privileges of the scheme (`protocol.registerSchemesAsPrivileged`): a standard, secure origin with fetch. */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const;

/**
 * The `protocol.handle('app', …)` handler serving `rendererDir`: 200 with the file and its MIME
 * type (`nosniff`; HTML with the CSP header), 404 for a missing file or another host, 403 for a
 * path leaving the folder, 405 for anything but GET/HEAD.
 */
export function appProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('method not allowed', { status: 405 });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return new Response('bad request', { status: 400 });
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return new Response('not found', { status: 404 });
    const file = resolveStaticPath(rendererDir, url.pathname);
    if (!file) return new Response('forbidden', { status: 403 });
    try {
      if (!(await stat(file)).isFile()) return new Response('not found', { status: 404 });
      const ext = extname(file).toLowerCase();
      const body = request.method === 'HEAD' ? null : await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': MIME_TYPES[ext] ?? 'application/octet-stream',
          'X-Content-Type-Options': 'nosniff',
          ...(ext === '.html'
            ? { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-cache' }
            : {}),
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  };
}

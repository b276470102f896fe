import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { preloadLinks } from './preloadLinks';

/** MIME types of the files a Vite build emits (and a few more). */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/**
 * Maps a URL path to a file inside `root`, or null when it would leave `root` (`..`, encoded
 * `%2e%2e`, backslashes, NUL bytes) or is malformed. `/` maps to `index.html`.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((seg) => seg === '..')) return null;
  const rel = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const base = resolve(root);
  const file = resolve(base, rel);
  if (file !== base && !file.startsWith(base + sep)) return null;
  return file;
}

/** How long a browser keeps a build's files: a year for the hashed files the build emits under `assets/`. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The `Cache-Control` of a file inside `root`: HTML `no-cache` (always revalidated: it names the
 * current build's files); the build's `assets/` (file names carrying a hash of their content, so a
 * name never gets other bytes) {@link IMMUTABLE_CACHE_CONTROL}, so a reload or a new tab of the
 * same browser takes them from its cache without asking (issue #9); anything else
 * `public, max-age=0`.
 */
export function cacheControlFor(root: string, file: string): string {
  if (extname(file).toLowerCase() === '.html') return 'no-cache';
  return isBuildAsset(root, file) ? IMMUTABLE_CACHE_CONTROL : 'public, max-age=0';
}

/** True for a file of the build's `assets/` (its name carries a hash of its content). */
function isBuildAsset(root: string, file: string): boolean {
  return extname(file).toLowerCase() !== '.html' && file.startsWith(resolve(root, 'assets') + sep);
}

/** Files of `assets/` larger than this are read for each request rather than kept (bytes). */
const KEEP_MAX_BYTES = 8 << 20;

/**
 * The build's `assets/` files already read, by path: their names carry a hash of their content
 * ({@link cacheControlFor}), so their bytes never change while the host runs. A new tab's first
 * scripts then leave in one write each, instead of waiting on a file stream's reads between the
 * host's answers to the tab's first calls (issue #9: they are on the path to the first rows).
 */
const keptAssets = new Map<string, Buffer>();

/** A file's bytes: kept ones from memory, the others read now. Throws what `readFile` throws. */
async function fileBytes(root: string, file: string): Promise<Buffer> {
  const kept = keptAssets.get(file);
  if (kept) return kept;
  const bytes = await readFile(file);
  if (isBuildAsset(root, file) && bytes.length <= KEEP_MAX_BYTES) keptAssets.set(file, bytes);
  return bytes;
}

/**
 * Serves a static file from `root` for GET/HEAD with its MIME type (`application/octet-stream`
 * when unknown), `nosniff`, its {@link cacheControlFor}, and for HTML the app's Content-Security-Policy. 403 for a path outside the root, 404 when
 * missing or a directory, 405 for other methods.
 */
export async function serveStatic(
  root: string | null,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendText(res, 405, 'method not allowed', { Allow: 'GET, HEAD' });
  if (!root) return sendText(res, 404, 'the renderer is not built: run `npm run build` first');
  const file = resolveStaticPath(root, urlPath);
  if (!file) return sendText(res, 403, 'forbidden');
  let bytes: Buffer;
  try {
    bytes = await fileBytes(root, file);
  } catch {
    // missing, a directory (EISDIR) or unreadable
    return sendText(res, 404, 'not found');
  }
  const ext = extname(file).toLowerCase();
  res.writeHead(200, {
    'Content-Type': MIME_TYPES[ext] ?? 'application/octet-stream',
    'Content-Length': bytes.length,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': cacheControlFor(root, file),
    ...(ext === '.html' ? htmlHeaders(bytes) : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * A page's own headers: the same policy the Electron app runs under (node/security/csp.ts; as a
 * header it also carries what a <meta> cannot, frame-ancestors), and the `Link` preloads of the
 * page's scripts and stylesheet (./preloadLinks.ts) when it has any.
 */
function htmlHeaders(html: Buffer): Record<string, string> {
  const link = preloadLinks(html.toString('utf8'));
  return { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, ...(link ? { Link: link } : {}) };
}

/** Sends a short plain-text response. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(text + '\n', 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

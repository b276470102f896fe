import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { failure, toEnvelope, type Envelope } from '../../core/envelope';
import { errorToData, type ErrorData, type ErrorName } from '../../core/errors';
import { isNotADatFile, RequestError } from '../errors';
import { invokeService, isServiceMethod, UnknownMethodError } from '../service/dispatch';
import { DatIndexCache } from '../service/indexCache';
import { SoundService } from '../service/SoundService';
import { parseSessionId, SESSION_HEADER, SESSION_QUERY, SessionPool } from './sessions';
import { sendText, serveStatic } from './static';

/** Options of {@link createHostServer}. */
export interface HostServerOptions {
  /**
   * The default session's service: requests without an `X-AcSound-Session` header (CLI-style
   * clients, curl). Owned by the caller (not closed with the server).
   */
  service: SoundService;
  /**
   * Makes the service of a new browser-tab session; closed with the server. Default: a
   * `SoundService` sharing one `DatIndexCache` with the other tabs.
   */
  createService?: () => SoundService;
  /**
   * Most browser-tab sessions open at any moment (default 8): a new one closes the least recently
   * used idle one first; when all are busy it is refused with 503 HostBusyError (`Retry-After: 1`).
   */
  maxSessions?: number;
  /** Folder of the built renderer (out/renderer), or null when not built (static requests get 404). */
  rendererDir: string | null;
  /**
   * The dat path given on the command line (null = demo), reported by `GET /api/host`; every new
   * browser-tab session opens it.
   */
  initialPath: string | null;
  /** Largest accepted request body in bytes (default 1 MiB); larger bodies get 413. */
  maxBodyBytes?: number;
  /**
   * Host names accepted in the `Host` and `Origin` headers (DNS-rebinding and cross-site
   * protection). Default: 127.0.0.1, localhost, [::1]. Null disables the check (0.0.0.0 binds).
   */
  allowedHostnames?: readonly string[] | null;
  /**
   * Longest time in ms to receive a whole request, headers and body (default 30 s): a body that
   * trickles in is cut off with 408 instead of holding a connection for minutes. The headers
   * alone get the same bound.
   */
  requestTimeoutMs?: number;
  /** Most simultaneous connections (SSE streams included; default 64): more are dropped at once. */
  maxConnections?: number;
  /**
   * A secret every `/api/` request must carry (`X-AcSound-Token` header; `?token=` on
   * /api/events), else 401. Required by the serve command for a `--host` other than loopback;
   * the page gets it from the URL printed at start (`#token=…`). Static files need none.
   */
  token?: string | null;
  /**
   * Serve `listDirectory` (the page's folder and file picker, issue #10 defect 4). Default true;
   * the serve command sets it only for a loopback `--host`. Even then a call whose connection is
   * not loopback on both ends is refused (403, RequestError ENOTLOOPBACK): the picker shows this
   * machine's folders to this machine only.
   */
  directoryPicker?: boolean;
}

/** The browser host's server: a node:http Server plus a shutdown that waits for the sessions. */
export interface HostServer extends Server {
  /**
   * Stops accepting requests, ends open connections (SSE streams included) and resolves once
   * the server is closed AND every browser-tab session has closed its dat (file handles
   * released). The default session's service is the caller's and stays open.
   */
  shutdown(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;
/** Request header carrying the host's access token ({@link HostServerOptions.token}). */
export const TOKEN_HEADER = 'x-acsound-token';
/** Query parameter carrying the token on `GET /api/events` (an EventSource cannot send headers). */
export const TOKEN_QUERY = 'token';

/** Constant-time comparison of a presented token with the host's. */
function tokenMatches(expected: string, given: string | string[] | null | undefined): boolean {
  const g = Array.isArray(given) ? given[0] : given;
  if (typeof g !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(g, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Default of {@link HostServerOptions.requestTimeoutMs}. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default of {@link HostServerOptions.maxConnections}. */
export const DEFAULT_MAX_CONNECTIONS = 64;
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]', '::1'];

/** True for a loopback socket address: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.toLowerCase();
  return a === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(a);
}

/**
 * The browser host (issue 2 §3): one node:http server that serves
 * - `POST /api/<method>`: body = JSON array of the method's arguments → JSON {@link Envelope}
 *   (`{ok:true,result}` with 200, or `{ok:false,error:{name,message,code?,details?}}` — the wire shape of
 *   core/errors.ts — with 400/404/409/410/413/422/500).
 *   `getWaveBytes` answers `application/octet-stream` (its errors are JSON envelopes with a non-200
 *   status). Methods outside `SOUND_SERVICE_METHODS` get a 404 envelope.
 * - `GET /api/events[?session=ID]`: Server-Sent Events, `event: exportProgress` with
 *   `data: {done,total,id}` — only the progress of that session's exports.
 *
 * Sessions: each browser tab sends its own id (`X-AcSound-Session` header; `?session=` on
 * /api/events) and gets its own {@link SoundService} (see {@link SessionPool}): opening a dat in
 * one tab never changes another. Requests without the header use the default session
 * (`options.service`).
 * - `GET /api/host`: `{kind:'browser', initialPath}`.
 * - anything else: static files of the built renderer (no directory traversal).
 * Requests whose `Host` is not an allowed host name (on this server's port), or whose `Origin` is
 * not exactly this server's own origin (`http:`, an allowed host name AND the port it listens
 * on: another local server's page, `http://localhost:<other port>`, is foreign) get 403. A POST
 * to `/api/` from a page (it has an `Origin` or `Sec-Fetch-Site`) must also carry the session
 * header: a cross-site page cannot send it without a CORS preflight, which this server never
 * grants, so "simple" `text/plain` POSTs from other origins never run a method. `Sec-Fetch-Site`
 * other than `same-origin`/`none` is refused too.
 */
export function createHostServer(options: HostServerOptions): HostServer {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const allowed = options.allowedHostnames === undefined ? LOOPBACK_NAMES : options.allowedHostnames;
  /** SSE clients by session id ('' = the default session). */
  const sse = new Map<string, Set<ServerResponse>>();
  const sendProgress = (sessionId: string | null, p: unknown): void => {
    const frame = `event: exportProgress\ndata: ${JSON.stringify(p)}\n\n`;
    for (const res of sse.get(sessionId ?? '') ?? []) res.write(frame);
  };
  const unsubscribe = options.service.on('exportProgress', (p) => sendProgress(null, p));
  const sessions = new SessionPool({
    defaultService: options.service,
    // default: the tabs share one index cache (a dat is indexed and counted once per file)
    createService:
      options.createService ??
      (
        (cache) => () =>
          new SoundService({ indexCache: cache })
      )(new DatIndexCache()),
    initialPath: options.initialPath,
    maxSessions: options.maxSessions,
    onProgress: sendProgress,
  });
  const keepAlive = setInterval(() => {
    for (const set of sse.values()) for (const res of set) res.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();

  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: requestTimeout,
      // how often Node checks those timeouts (its default, 30 s, would let a short timeout run long)
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        if (!res.headersSent) sendEnvelope(res, 500, { ok: false, error: errorToData(e) });
        else res.destroy();
      });
    },
  );
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  let sessionsClosed: Promise<void> | null = null;
  const closeSessions = (): Promise<void> => (sessionsClosed ??= sessions.closeAll());
  server.on('close', () => {
    unsubscribe();
    clearInterval(keepAlive);
    for (const set of sse.values()) for (const res of set) res.end();
    sse.clear();
    void closeSessions();
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const port = req.socket.localPort ?? 0;
    if (
      allowed &&
      (!hostAllowed(req.headers.host, allowed, port) || !originAllowed(req.headers.origin, allowed, port))
    ) {
      return sendText(res, 403, 'forbidden: this server only answers pages it serves itself');
    }
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return sendText(res, 403, `forbidden: a ${site} request; this server only answers pages it serves itself`);
    }
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    const path = url.pathname;
    if (path === '/api' || path.startsWith('/api/')) {
      if (
        options.token &&
        !tokenMatches(options.token, req.headers[TOKEN_HEADER] ?? url.searchParams.get(TOKEN_QUERY))
      ) {
        return sendEnvelope(
          res,
          401,
          failure(
            'RequestError',
            'this browser host needs its access token: open the URL it printed at start (…/#token=…)',
          ),
        );
      }
      const name = path.slice('/api/'.length);
      if (name === 'host' && req.method === 'GET')
        return sendJson(res, 200, {
          kind: 'browser',
          initialPath: options.initialPath,
          workingDir: process.cwd(),
          directoryPicker: pickerAllowed(req),
        });
      if (name === 'events' && req.method === 'GET') return openEvents(req, res, url);
      if (name === 'host' || name === 'events')
        return sendEnvelope(res, 405, failure('RequestError', `${req.method} is not allowed on ${path}`));
      if (req.method !== 'POST') {
        return sendEnvelope(
          res,
          405,
          failure('RequestError', `${req.method} ${path}: service methods are called with POST`),
          { Allow: 'POST' },
        );
      }
      return callMethod(name, req, res);
    }
    return serveStatic(options.rendererDir, req, res, path);
  }

  function openEvents(req: IncomingMessage, res: ServerResponse, url: URL): void {
    let key: string;
    try {
      key = parseSessionId(url.searchParams.get(SESSION_QUERY)) ?? '';
    } catch (e) {
      return sendEnvelope(res, 400, { ok: false, error: errorToData(e) });
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    let set = sse.get(key);
    if (!set) sse.set(key, (set = new Set()));
    set.add(res);
    req.on('close', () => {
      set.delete(res);
      if (set.size === 0 && sse.get(key) === set) sse.delete(key);
    });
  }

  /** `listDirectory` is for this machine only: the option, and loopback on both ends of the connection. */
  function pickerAllowed(req: IncomingMessage): boolean {
    return (
      options.directoryPicker !== false &&
      isLoopbackAddress(req.socket.localAddress) &&
      isLoopbackAddress(req.socket.remoteAddress)
    );
  }

  async function callMethod(name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text: string;
    try {
      text = await readBody(req, maxBody);
    } catch (e) {
      return sendEnvelope(
        res,
        e instanceof BodyTooLargeError ? 413 : 400,
        { ok: false, error: errorToData(e) },
        { Connection: 'close' },
      );
    }
    let args: unknown;
    try {
      args = text.trim() === '' ? [] : JSON.parse(text);
    } catch {
      return sendEnvelope(res, 400, failure('RequestError', `${name}: the request body is not JSON`));
    }
    const envelope = await toEnvelope(() => {
      if (!isServiceMethod(name)) throw new UnknownMethodError(name); // before a session is made for it
      if (name === 'listDirectory' && !pickerAllowed(req))
        throw new RequestError(
          'listDirectory: this browser host is reachable from other machines, so it does not list folders; type the path instead',
          'ENOTLOOPBACK',
        );
      const session = parseSessionId(req.headers[SESSION_HEADER]);
      if (session === null && (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined)) {
        // a page's call without the header it always sends: a cross-site "simple" request
        throw new RequestError(`${name}: a call from a page must carry the ${SESSION_HEADER} header`, 'ENOSESSION');
      }
      return sessions.use(session, name, (service) => invokeService(service, name, args));
    });
    if (!envelope.ok)
      return sendEnvelope(
        res,
        statusFor(envelope.error),
        envelope,
        envelope.error.name === 'HostBusyError' ? { 'Retry-After': '1' } : {},
      );
    const result = envelope.result;
    if (result instanceof Uint8Array) {
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': result.byteLength,
        'Cache-Control': 'no-store',
      });
      res.end(result);
      return;
    }
    // JSON has no undefined: a void method (cancelExport) answers `result: null`.
    if (typeof result === 'object' && result !== null && Object.isFrozen(result))
      return sendBody(res, 200, sharedBody(result));
    return sendEnvelope(res, 200, { ok: true, result: result === undefined ? null : result });
  }

  return Object.assign(server, {
    async shutdown(): Promise<void> {
      const closed = new Promise<void>((resolveClose) => {
        if (!server.listening) return resolveClose();
        server.close(() => resolveClose());
      });
      server.closeAllConnections();
      await closed;
      await closeSessions();
    },
  });
}

/** Names of core's input errors (the dat or an object in it is not what the spec says): 422. */
const INPUT_ERRORS: readonly ErrorName[] = [
  'AcSoundError',
  'DatFormatError',
  'UnsupportedDatError',
  'ObjectFormatError',
  'DecodeError',
  'WavFormatError',
];

/**
 * HTTP status for a service error, decided from its wire shape (name and code), as every front end decides.
 * Expected refusals (a mistyped dat path 404, a folder given as a dat 422…) keep their non-2xx
 * status although the page handles them: scripts and `curl -f` read the status, and Chromium's
 * "Failed to load resource" console line for them cannot be suppressed by a page (README "The
 * browser host").
 */
export function statusFor(e: ErrorData): number {
  const io403 = e.code === 'EACCES' || e.code === 'EPERM';
  switch (e.name) {
    case 'UnknownMethodError':
    case 'NotFoundError':
      return 404;
    case 'SessionExpiredError':
      return 410;
    case 'HostBusyError':
      return 503;
    case 'ExportError':
      return io403 || e.code === 'EROFS' ? 403 : 422;
    case 'RequestError':
      return e.code === 'ENODAT'
        ? 409
        : e.code === 'E2BIG'
          ? 413
          : e.code === 'ENOSESSION' || e.code === 'ENOTLOOPBACK'
            ? 403
            : 400;
    case 'IoError':
      // a folder, FIFO, device or socket given as a dat: the input is wrong, not the server (CLI exit 2)
      if (isNotADatFile(e)) return 422;
      // a path longer than the file system takes is a malformed argument, like a path with a NUL (400)
      if (e.code === 'ENAMETOOLONG') return 400;
      return e.code === 'ENOENT' ? 404 : io403 ? 403 : 500;
    case 'IdRangeError':
    case 'SettingsError':
      return 400;
    default:
      return INPUT_ERRORS.includes(e.name) ? 422 : 500;
  }
}

/** The answer bodies of frozen results, by result ({@link sharedBody}). */
const SHARED_BODIES = new WeakMap<object, Buffer>();

/**
 * The `{ok: true, result}` body of a result the service hands out frozen — one object shared by
 * every session on a file (node/service/frozenCopy.ts: the sound graph's data, 2 MB of JSON on a
 * retail dat) — serialized once, not once per tab (issue #9).
 */
function sharedBody(result: object): Buffer {
  let body = SHARED_BODIES.get(result);
  if (!body) SHARED_BODIES.set(result, (body = Buffer.from(JSON.stringify({ ok: true, result }), 'utf8')));
  return body;
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  sendBody(res, status, Buffer.from(JSON.stringify(value), 'utf8'), headers);
}

function sendBody(res: ServerResponse, status: number, body: Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

function sendEnvelope(
  res: ServerResponse,
  status: number,
  envelope: Envelope<unknown>,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, envelope, headers);
}

class BodyTooLargeError extends Error {
  override name = 'RequestError';
  readonly code = 'E2BIG';
}

function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      req.resume();
      reject(new BodyTooLargeError(`request body of ${declared} bytes exceeds the ${max}-byte limit`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > max) {
        failed = true;
        reject(new BodyTooLargeError(`request body exceeds the ${max}-byte limit`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolveBody(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

/** `[hostname, port]` of a Host header value (`port` null when absent). */
function splitHost(hostHeader: string): [string, number | null] {
  let name: string;
  let rest: string;
  if (hostHeader.startsWith('[')) {
    const end = hostHeader.indexOf(']') + 1;
    name = hostHeader.slice(0, end);
    rest = hostHeader.slice(end);
  } else {
    const colon = hostHeader.indexOf(':');
    name = colon < 0 ? hostHeader : hostHeader.slice(0, colon);
    rest = colon < 0 ? '' : hostHeader.slice(colon);
  }
  if (rest === '') return [name.toLowerCase(), null];
  const port = /^:(\d{1,5})$/.exec(rest);
  return [name.toLowerCase(), port ? Number(port[1]) : -1];
}

/** The Host header names an allowed host name, and this server's port (or none: port 80). */
function hostAllowed(host: string | undefined, allowed: readonly string[], port: number): boolean {
  if (host === undefined) return false;
  const [name, p] = splitHost(host);
  return allowed.includes(name) && (p ?? 80) === port;
}

/** No Origin (not from a page), or exactly `http://<allowed name>:<this server's port>`. */
function originAllowed(origin: string | undefined, allowed: readonly string[], port: number): boolean {
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' || u.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
    const [name] = splitHost(u.host);
    return allowed.includes(name) && Number(u.port || 80) === port;
  } catch {
    return false;
  }
}

/**
 * Browser-host transport: `POST /api/<method>` with a JSON array of arguments, answered by an
 * `Envelope` (`getWaveBytes` answers `application/octet-stream`); `GET /api/events` is a
 * server-sent event stream carrying `exportProgress`; `GET /api/host` describes the host.
 *
 * Each browser tab is its own session on the host (its own open dat): the bridge makes a session
 * id once per tab (`crypto.randomUUID()`, kept in `sessionStorage`, so a reload keeps the tab's
 * dat) and sends it with every call (`X-AcSound-Session` header; `?session=` on /api/events).
 * The service methods are generated from the contract's list (`SOUND_SERVICE_METHODS`); errors
 * are rebuilt from the one envelope (core/envelope.ts) with their name, code and details.
 */
import type { ExportProgress } from '../../../core/contract';
import { isEnvelope, unwrapEnvelope } from '../../../core/envelope';
import { HOST_UNREACHABLE, isErrorData, rebuildError } from '../../../core/errors';
import { forwardMethods } from './methods';
import type { BridgeHost, ServiceBridge, Unsubscribe } from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpBridgeOptions {
  base?: string;
  fetch?: FetchLike;
  /** Factory for the SSE stream; null disables progress events (tests). */
  eventSource?: ((url: string) => EventSource) | null;
  /** This tab's session id (default: {@link tabSessionId}); null sends none (the host's default session). */
  sessionId?: string | null;
  /** The host's access token (default: {@link hostToken}); null sends none (a loopback host needs none). */
  token?: string | null;
}

/** Request header carrying the host's access token (node/http/server.ts `TOKEN_HEADER`). */
export const TOKEN_HEADER = 'X-AcSound-Token';
/** `sessionStorage` key of the host's access token. */
export const TOKEN_STORAGE_KEY = 'acsound.token';

/**
 * The access token of a browser host started with `--token` (a `--host` other than loopback): it
 * prints the page's URL with `#token=…`. Taken from the URL's fragment (which never reaches a
 * server or a Referer), kept in `sessionStorage` for reloads, and removed from the address bar.
 * Null when there is none.
 */
export function hostToken(
  loc: Pick<Location, 'hash'> | null = typeof location === 'undefined' ? null : location,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = defaultStorage(),
): string | null {
  const m = loc ? /(?:^#|&)token=([^&]+)/.exec(loc.hash) : null;
  if (m) {
    const token = decodeURIComponent(m[1]!);
    try {
      storage?.setItem(TOKEN_STORAGE_KEY, token);
      if (typeof history !== 'undefined' && typeof location !== 'undefined' && loc === location)
        history.replaceState(null, '', location.pathname + location.search);
    } catch {
      // not persisted: this page keeps it anyway
    }
    return token;
  }
  try {
    return storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Request header carrying the tab's session id (node/http/sessions.ts `SESSION_HEADER`). */
export const SESSION_HEADER = 'X-AcSound-Session';
/** `sessionStorage` key of the tab's session id. */
export const SESSION_STORAGE_KEY = 'acsound.session';

/** A random session id: `crypto.randomUUID()`, or 128 random bits in hex where it is missing. */
function newSessionId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's session id: read from `storage` (default `sessionStorage`, which is per tab and
 * survives reloads), or made with `crypto.randomUUID()` and stored. Without storage (blocked,
 * private modes) an id for this page's lifetime.
 */
export function tabSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = defaultStorage()): string {
  try {
    const existing = storage?.getItem(SESSION_STORAGE_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,128}$/.test(existing)) return existing;
  } catch {
    // storage blocked: fall through
  }
  const id = newSessionId();
  try {
    storage?.setItem(SESSION_STORAGE_KEY, id);
  } catch {
    // not persisted: this page keeps its id anyway
  }
  return id;
}

function defaultStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Turns a fetch Response into the method's result, or throws the rebuilt service error. */
export async function readResponse(res: Response, method: string): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && type.includes('application/octet-stream')) {
    return new Uint8Array(await res.arrayBuffer());
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    throw rebuildError({
      name: 'TransportError',
      message: `${method}: HTTP ${res.status} ${res.statusText}: ${text.slice(0, 200)}`,
    });
  }
  if (isEnvelope(body)) return unwrapEnvelope(body);
  if (isErrorData(body)) throw rebuildError(body);
  if (!res.ok)
    throw rebuildError({ name: 'TransportError', message: `${method}: HTTP ${res.status} ${res.statusText}` });
  throw rebuildError({ name: 'TransportError', message: `${method}: unexpected response from the browser host` });
}

export function createHttpBridge(options: HttpBridgeOptions = {}): ServiceBridge {
  const base = options.base ?? '/api';
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = new Set<(p: ExportProgress) => void>();
  let source: EventSource | null = null;
  const makeSource = options.eventSource === undefined ? (url: string) => new EventSource(url) : options.eventSource;
  const session = options.sessionId === undefined ? tabSessionId() : options.sessionId;
  const token = options.token === undefined ? hostToken() : options.token;
  const tokenHeaders: Record<string, string> = token ? { [TOKEN_HEADER]: token } : {};
  const sessionHeaders: Record<string, string> = { ...(session ? { [SESSION_HEADER]: session } : {}), ...tokenHeaders };

  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    let res: Response;
    try {
      res = await doFetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sessionHeaders },
        body: JSON.stringify(args),
      });
    } catch (e) {
      // no answer at all: the host stopped (people are told so, and how to restart it: core/errors userMessage)
      throw rebuildError({
        name: 'TransportError',
        message: `${method}: the browser host did not answer (${e instanceof Error ? e.message : String(e)})`,
        code: HOST_UNREACHABLE,
      });
    }
    return readResponse(res, method);
  };

  const emit = (data: string): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    // Accept either the bare payload or a {type|event, data|payload} wrapper.
    let p = parsed as Record<string, unknown>;
    if (p && typeof p === 'object' && !('done' in p)) {
      const inner = (p.data ?? p.payload) as Record<string, unknown> | undefined;
      if (inner && typeof inner === 'object') p = inner;
    }
    if (p && typeof p.done === 'number' && typeof p.total === 'number') {
      const progress = { done: p.done, total: p.total, id: typeof p.id === 'number' ? p.id : 0 };
      for (const l of listeners) l(progress);
    }
  };

  const ensureSource = (): void => {
    if (source || !makeSource) return;
    try {
      const query = [
        ...(session ? [`session=${encodeURIComponent(session)}`] : []),
        ...(token ? [`token=${encodeURIComponent(token)}`] : []),
      ];
      source = makeSource(`${base}/events${query.length > 0 ? `?${query.join('&')}` : ''}`);
      source.addEventListener('exportProgress', (ev) => emit((ev as MessageEvent<string>).data));
      source.onmessage = (ev: MessageEvent<string>) => emit(ev.data);
    } catch {
      source = null;
    }
  };

  return {
    ...forwardMethods(call),
    onExportProgress(cb): Unsubscribe {
      listeners.add(cb);
      ensureSource();
      return () => {
        listeners.delete(cb);
      };
    },
    onMenuCommand: () => () => undefined,
    async getHost(): Promise<BridgeHost> {
      try {
        const res = await doFetch(`${base}/host`, { headers: tokenHeaders });
        if (res.ok) {
          const h = (await res.json()) as {
            kind?: unknown;
            initialPath?: unknown;
            workingDir?: unknown;
            directoryPicker?: unknown;
          };
          return {
            kind: 'browser',
            initialPath: typeof h.initialPath === 'string' ? h.initialPath : null,
            ...(typeof h.workingDir === 'string' ? { workingDir: h.workingDir } : {}),
            ...(h.directoryPicker === true ? { directoryPicker: true } : {}),
          };
        }
      } catch {
        // fall through: a host without /api/host still works, starting on whatever is open.
      }
      return { kind: 'browser', initialPath: null };
    },
  };
}

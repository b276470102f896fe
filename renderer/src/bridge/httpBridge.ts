/**
 * Browser-host transport: `POST /api/<method>` with a JSON array of arguments, answered by an
 * `Envelope` (`getWaveBytes` answers `application/octet-stream`); `GET /api/events` is a
 * server-sent event stream carrying `exportProgress`; `GET /api/host` describes the host.
 *
 * The event stream is open only while a call that reports progress ({@link PROGRESS_METHODS}) is
 * in flight and someone listens: a browser allows 6 HTTP/1.1 connections per host across all its
 * tabs, so a stream held for a tab's lifetime would leave a 7th tab with no connection at all
 * (it would never load, and the host's tab-session cap and its "busy" answer would be unreachable).
 *
 * Each browser tab is its own session on the host (its own open dat): the bridge makes a session
 * id once per tab (`crypto.randomUUID()`, kept in `sessionStorage`, so a reload keeps the tab's
 * dat) and sends it with every call (`X-AcSound-Session` header; `?session=` on /api/events).
 * The service methods are generated from the contract's list (`SOUND_SERVICE_METHODS`); errors
 * are rebuilt from the one envelope (core/envelope.ts) with their name, code and details. The
 * requests themselves are written once, in ./httpRequest.ts; the first calls of a page may already
 * be in flight, sent by its first script (./earlyCalls.ts): the bridge takes those answers.
 */
import type { ExportProgress } from '../../../core/contract';
import { isEnvelope, unwrapEnvelope } from '../../../core/envelope';
import { HOST_UNREACHABLE, isErrorData, rebuildError } from '../../../core/errors';
import { EARLY_CALLS, pageEarlyCalls, type EarlyCall, type EarlyCalls } from './earlyCalls';
import { callRequest, DEFAULT_API_BASE, hostRequest, hostToken, tabSessionId, type CallerIds } from './httpRequest';
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
  /**
   * Calls the page already sent (default: the page's, ./earlyCalls.ts): the first call of each
   * with the same base, session and token takes its answer instead of asking again. Null: none.
   */
  early?: EarlyCalls | null;
}

export {
  hostToken,
  SESSION_HEADER,
  SESSION_STORAGE_KEY,
  tabSessionId,
  TOKEN_HEADER,
  TOKEN_STORAGE_KEY,
} from './httpRequest';

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

/**
 * The contract methods whose progress arrives on the event stream (SoundService emits
 * `exportProgress` only from `exportWaves`): the stream is opened before such a call is sent and
 * closed shortly after the last one answers.
 */
export const PROGRESS_METHODS: ReadonlySet<string> = new Set(['exportWaves']);
/** How long a call waits for the event stream to connect before it is sent anyway (ms). */
const STREAM_OPEN_WAIT_MS = 2000;
/** How long the stream stays open after the last progress call answered (its last frames may trail), ms. */
const STREAM_LINGER_MS = 500;

export function createHttpBridge(options: HttpBridgeOptions = {}): ServiceBridge {
  const base = options.base ?? DEFAULT_API_BASE;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = new Set<(p: ExportProgress) => void>();
  let source: EventSource | null = null;
  const makeSource = options.eventSource === undefined ? (url: string) => new EventSource(url) : options.eventSource;
  const early = options.early === undefined ? pageEarlyCalls() : options.early;
  // the page's first script already took the token out of the address bar: its ids are the page's
  const session = options.sessionId === undefined ? (early?.ids.session ?? tabSessionId()) : options.sessionId;
  const token = options.token === undefined ? (early ? early.ids.token : hostToken()) : options.token;
  const ids: CallerIds = { session, token };
  /** The answer the page already asked for (taken once), else a new request. */
  const send = (call: EarlyCall | null, [url, init]: [string, RequestInit]): Promise<Response> =>
    (call !== null ? early?.take(call, base, ids) : undefined) ?? doFetch(url, init);
  const isEarly = (method: string, args: unknown[]): method is EarlyCall =>
    args.length === 0 && method !== 'host' && (EARLY_CALLS as readonly string[]).includes(method);

  const request = async (method: string, args: unknown[]): Promise<unknown> => {
    let res: Response;
    try {
      res = await send(isEarly(method, args) ? method : null, callRequest(base, method, args, ids));
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

  /** Calls in flight that report progress; the stream is open while this is above 0 (and a little after). */
  let progressCalls = 0;
  let opened: Promise<void> = Promise.resolve();
  let closeTimer: ReturnType<typeof setTimeout> | null = null;

  /** Opens the event stream (once); resolves when it is connected, failed, or after {@link STREAM_OPEN_WAIT_MS}. */
  const openSource = (): Promise<void> => {
    if (closeTimer !== null) {
      clearTimeout(closeTimer);
      closeTimer = null;
    }
    if (source || !makeSource) return opened;
    try {
      const query = [
        ...(session ? [`session=${encodeURIComponent(session)}`] : []),
        ...(token ? [`token=${encodeURIComponent(token)}`] : []),
      ];
      const s = makeSource(`${base}/events${query.length > 0 ? `?${query.join('&')}` : ''}`);
      source = s;
      s.addEventListener('exportProgress', (ev) => emit((ev as MessageEvent<string>).data));
      s.onmessage = (ev: MessageEvent<string>) => emit(ev.data);
      opened = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STREAM_OPEN_WAIT_MS);
        const done = (): void => {
          clearTimeout(timer);
          resolve();
        };
        s.addEventListener('open', done);
        s.addEventListener('error', done);
      });
    } catch {
      source = null;
      opened = Promise.resolve();
    }
    return opened;
  };

  const closeSource = (): void => {
    closeTimer = null;
    if (progressCalls > 0) return;
    source?.close?.();
    source = null;
  };

  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    if (!PROGRESS_METHODS.has(method) || listeners.size === 0) return request(method, args);
    progressCalls++;
    try {
      await openSource();
      return await request(method, args);
    } finally {
      progressCalls--;
      if (progressCalls === 0) closeTimer = setTimeout(closeSource, STREAM_LINGER_MS);
    }
  };

  return {
    ...forwardMethods(call),
    onExportProgress(cb): Unsubscribe {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    },
    onMenuCommand: () => () => undefined,
    async getHost(): Promise<BridgeHost> {
      try {
        const res = await send('host', hostRequest(base, ids));
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

import type { ExportProgress } from '../../core/contract';
import { RequestError } from '../errors';
import { SoundService } from '../service/SoundService';
import type { ErrorName } from '../../core/errors';

/** Request header naming the browser tab's session (the HTTP bridge sends it on every call). */
export const SESSION_HEADER = 'x-acsound-session';
/** Query parameter naming the session on `GET /api/events` (an EventSource cannot send headers). */
export const SESSION_QUERY = 'session';
/** Default cap on browser-tab sessions (the default session is not counted). */
export const DEFAULT_MAX_SESSIONS = 8;

const SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;
/** How many evicted ids are remembered (to answer SessionExpiredError rather than start afresh). */
const MAX_EXPIRED_REMEMBERED = 1024;

/**
 * A browser tab's session was closed to make room for newer ones (more than the cap of tabs).
 * Its dat is no longer open; the tab must reload (or open a dat: `openDat` starts the session
 * again). HTTP 410.
 */
export class SessionExpiredError extends Error {
  override name: ErrorName = 'SessionExpiredError';
  readonly code = 'ESESSION';
}

/**
 * A new browser tab's session cannot start now: every session slot is taken by a tab with a
 * request in flight. HTTP 503 with `Retry-After`; the tab retries (or another tab goes idle).
 */
export class HostBusyError extends Error {
  override name: ErrorName = 'HostBusyError';
  readonly code = 'EBUSY';
}

/**
 * The session id of a request: null (the default session) when absent or empty.
 * @throws RequestError when present but malformed (not 8–128 letters, digits, `-` or `_`)
 */
export function parseSessionId(value: string | string[] | null | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === null || v === '') return null;
  if (!SESSION_ID.test(v))
    throw new RequestError(
      'the session id (X-AcSound-Session header or ?session=) must be 8–128 letters, digits, "-" or "_"',
    );
  return v;
}

interface Session {
  service: SoundService;
  /** Settles once the session's initial dat is open (or failed to open: the session then has none). */
  ready: Promise<void>;
  /** Requests in flight (a busy session is never evicted). */
  busy: number;
  unsubscribe: () => void;
}

/** Options of {@link SessionPool}. */
export interface SessionPoolOptions {
  /** The service of requests without a session (CLI-style clients, curl). Owned by the caller. */
  defaultService: SoundService;
  /** Makes the service of a new browser-tab session (default `new SoundService()`). */
  createService?: () => SoundService;
  /** The host's initial dat (command-line path; null = the demo): what a new session opens. */
  initialPath: string | null;
  /** Most browser-tab sessions kept open (default {@link DEFAULT_MAX_SESSIONS}). */
  maxSessions?: number;
  /** Export progress of a session's service (`sessionId` null for the default session). */
  onProgress: (sessionId: string | null, progress: ExportProgress) => void;
}

/**
 * One {@link SoundService} per browser tab, so a tab that opens a dat never changes what another
 * tab shows. Sessions are created lazily on a tab's first request and open the host's initial
 * dat (unless that first request is itself `openDat`). At most `maxSessions` exist at any moment:
 * creating one more first closes the least recently used idle session (its dat's file handle is
 * released before the new session opens one) and remembers its id; when every session is busy
 * the new tab gets {@link HostBusyError} (503) instead. The evicted tab gets {@link SessionExpiredError} instead of silently seeing the
 * initial dat under its own banner — until it opens a dat again. Requests without a session id
 * use the default session, which is never evicted.
 */
export class SessionPool {
  /** Browser-tab sessions in least-recently-used order (first = LRU). */
  private readonly sessions = new Map<string, Session>();
  private readonly expired = new Set<string>();
  private readonly max: number;
  private readonly create: () => SoundService;
  private closed = false;

  constructor(private readonly options: SessionPoolOptions) {
    this.max = Math.max(1, options.maxSessions ?? DEFAULT_MAX_SESSIONS);
    this.create = options.createService ?? (() => new SoundService());
  }

  /** Number of open browser-tab sessions (the default one not counted). */
  get size(): number {
    return this.sessions.size;
  }

  /** The service of an open session (tests, diagnostics); undefined when none. */
  peek(id: string): SoundService | undefined {
    return this.sessions.get(id)?.service;
  }

  /**
   * Runs `fn` on the service of session `id` (null = the default session), creating the session
   * first when needed. `method` is the contract method about to run (`openDat` on a new session
   * skips opening the initial dat).
   * @throws SessionExpiredError when `id` was evicted and `method` is not `openDat`
   */
  async use<T>(id: string | null, method: string, fn: (service: SoundService) => Promise<T>): Promise<T> {
    if (id === null) return fn(this.options.defaultService);
    if (this.closed) throw new SessionExpiredError('the browser host is shutting down');
    let s = this.sessions.get(id);
    if (s) {
      // most recently used goes last
      this.sessions.delete(id);
      this.sessions.set(id, s);
    } else {
      if (this.expired.has(id) && method !== 'openDat') {
        throw new SessionExpiredError(
          `this browser tab's session was closed because more than ${this.max} tabs were open; reload the page (or open a dat)`,
        );
      }
      // Make room BEFORE starting: the cap holds at every moment (an evicted session's file is
      // closed before the new one opens), and beyond it a new tab is refused, not queued forever.
      const freed = this.evictOne();
      if (freed === null) {
        throw new HostBusyError(
          `the browser host is busy: all ${this.max} tab sessions have requests in flight; try again in a moment`,
        );
      }
      this.expired.delete(id);
      s = this.startSession(id, method === 'openDat', freed);
    }
    s.busy++; // before any await: a busy session is never evicted
    try {
      await s.ready;
      return await fn(s.service);
    } finally {
      s.busy--;
    }
  }

  private startSession(id: string, skipInitialOpen: boolean, after: Promise<void>): Session {
    const service = this.create();
    const unsubscribe = service.on('exportProgress', (p) => this.options.onProgress(id, p));
    // A failed initial open leaves the session without a dat (getSummary → null): the renderer
    // then opens the initial path itself and shows the error.
    const ready = after.then(() =>
      skipInitialOpen
        ? undefined
        : service.openDat(this.options.initialPath).then(
            () => undefined,
            () => undefined,
          ),
    );
    const s: Session = { service, ready, busy: 0, unsubscribe };
    this.sessions.set(id, s);
    return s;
  }

  /**
   * Frees a slot for one more session: resolved at once when under the cap; otherwise closes the
   * least recently used idle session (its id remembered as expired) and resolves once its dat is
   * closed. Null when at the cap and every session is busy.
   */
  private evictOne(): Promise<void> | null {
    if (this.sessions.size < this.max) return Promise.resolve();
    for (const [id, s] of this.sessions) {
      if (s.busy > 0) continue;
      this.sessions.delete(id);
      this.expired.add(id);
      if (this.expired.size > MAX_EXPIRED_REMEMBERED) this.expired.delete(this.expired.values().next().value!);
      return closeSession(s);
    }
    return null;
  }

  /** Closes every browser-tab session (not the default one, which the caller owns). */
  async closeAll(): Promise<void> {
    this.closed = true;
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(closeSession));
  }
}

async function closeSession(s: Session): Promise<void> {
  s.unsubscribe();
  await s.ready;
  await s.service.cancelExport().catch(() => undefined);
  await s.service.close().catch(() => undefined);
}

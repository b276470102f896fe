/**
 * What a browser-host request looks like (the HTTP transport's wire, node/http/server.ts): the
 * tab's session id, the host's access token, and the exact URL and `RequestInit` of a service
 * call and of `GET /api/host`. Shared by the HTTP bridge (./httpBridge.ts) and the page's first
 * script (../boot.ts, through ./earlyCalls.ts), which must send byte-for-byte the same requests;
 * no imports, so the first script stays one small file.
 */

/** Request header carrying the host's access token (node/http/server.ts `TOKEN_HEADER`). */
export const TOKEN_HEADER = 'X-AcSound-Token';
/** `sessionStorage` key of the host's access token. */
export const TOKEN_STORAGE_KEY = 'acsound.token';
/** Request header carrying the tab's session id (node/http/sessions.ts `SESSION_HEADER`). */
export const SESSION_HEADER = 'X-AcSound-Session';
/** `sessionStorage` key of the tab's session id. */
export const SESSION_STORAGE_KEY = 'acsound.session';
/** Where the service is reached on the page's own origin. */
export const DEFAULT_API_BASE = '/api';

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

/** Who is calling: the tab's session id and the host's token (null: none sent). */
export interface CallerIds {
  session: string | null;
  token: string | null;
}

/** The token header alone (`GET /api/host`), empty without a token. */
export function tokenHeaders(ids: CallerIds): Record<string, string> {
  return ids.token ? { [TOKEN_HEADER]: ids.token } : {};
}

/** `POST <base>/<method>` with the JSON array of `args` and the session and token headers. */
export function callRequest(
  base: string,
  method: string,
  args: readonly unknown[],
  ids: CallerIds,
): [url: string, init: RequestInit] {
  return [
    `${base}/${method}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ids.session ? { [SESSION_HEADER]: ids.session } : {}),
        ...tokenHeaders(ids),
      },
      body: JSON.stringify(args),
    },
  ];
}

/** `GET <base>/host` with the token header. */
export function hostRequest(base: string, ids: CallerIds): [url: string, init: RequestInit] {
  return [`${base}/host`, { headers: tokenHeaders(ids) }];
}

import { describe, expect, it } from 'vitest';
import { HOST_UNREACHABLE } from '../../../core/errors';
import {
  createHttpBridge,
  hostToken,
  SESSION_HEADER,
  SESSION_STORAGE_KEY,
  tabSessionId,
  TOKEN_HEADER,
  TOKEN_STORAGE_KEY,
  type FetchLike,
} from './httpBridge';

function fakeFetch(handler: (url: string, body: unknown) => Response): {
  fetch: FetchLike;
  calls: { url: string; body: unknown }[];
} {
  const calls: { url: string; body: unknown }[] = [];
  return {
    calls,
    fetch: (url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      return Promise.resolve(handler(url, body));
    },
  };
}

const json = (x: unknown, status = 200): Response =>
  new Response(JSON.stringify(x), { status, headers: { 'content-type': 'application/json' } });

/** A fake EventSource that connects at once and records whether it was closed. */
function fakeSourceFactory(onUrl: (url: string) => void = () => undefined) {
  const made: { listeners: Record<string, (ev: MessageEvent<string>) => void>; closed: boolean; src: unknown }[] = [];
  const factory = (url: string): EventSource => {
    onUrl(url);
    const rec = {
      listeners: {} as Record<string, (ev: MessageEvent<string>) => void>,
      closed: false,
      src: null as unknown,
    };
    const src = {
      addEventListener: (name: string, cb: (ev: MessageEvent<string>) => void) => {
        rec.listeners[name] = cb;
        if (name === 'open') queueMicrotask(() => cb({} as MessageEvent<string>));
      },
      onmessage: null as ((ev: MessageEvent<string>) => void) | null,
      close: () => {
        rec.closed = true;
      },
    };
    rec.src = src;
    made.push(rec);
    return src as unknown as EventSource;
  };
  return { made, factory };
}

describe('http bridge', () => {
  it('POSTs the arguments as a JSON array and unwraps the result', async () => {
    const f = fakeFetch(() =>
      json({ ok: true, result: { id: 0x20000001, label: 'Human (male)', hashKey: 0, rootEntries: [], sounds: [] } }),
    );
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    const t = await bridge.getSoundTable(0x20000001);
    expect(t.label).toBe('Human (male)');
    expect(f.calls[0]).toEqual({ url: '/api/getSoundTable', body: [0x20000001] });
  });
  it('listSoundTableDetails: one POST with no arguments', async () => {
    const f = fakeFetch(() =>
      json({ ok: true, result: [{ id: 0x20000001, label: null, hashKey: 0, rootEntries: [], sounds: [] }] }),
    );
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    expect((await bridge.listSoundTableDetails()).map((d) => d.id)).toEqual([0x20000001]);
    expect(f.calls).toEqual([{ url: '/api/listSoundTableDetails', body: [] }]);
  });
  it('rebuilds service errors with their name (also on HTTP error statuses)', async () => {
    const f = fakeFetch(() =>
      json({ ok: false, error: { name: 'UnsupportedDatError', message: 'unsupported old format' } }, 400),
    );
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    await expect(bridge.openDat('/x.dat')).rejects.toMatchObject({
      name: 'UnsupportedDatError',
      message: 'unsupported old format',
    });
  });
  it('returns getWaveBytes as a Uint8Array from application/octet-stream', async () => {
    const f = fakeFetch(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/octet-stream' } }),
    );
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    const bytes = await bridge.getWaveBytes(0x0a000001);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([1, 2, 3]);
  });
  it('reports a non-JSON failure as a TransportError', async () => {
    const f = fakeFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    await expect(bridge.listWaves()).rejects.toMatchObject({ name: 'TransportError' });
  });
  it('reports an unreachable host as a TransportError', async () => {
    const bridge = createHttpBridge({ fetch: () => Promise.reject(new TypeError('fetch failed')), eventSource: null });
    await expect(bridge.getSummary()).rejects.toMatchObject({ name: 'TransportError', code: HOST_UNREACHABLE });
  });
  it('reads the host description', async () => {
    const f = fakeFetch(() => json({ kind: 'browser', initialPath: '/data/client_portal.dat' }));
    const host = await createHttpBridge({ fetch: f.fetch, eventSource: null }).getHost();
    expect(host).toEqual({ kind: 'browser', initialPath: '/data/client_portal.dat' });
  });
  it('delivers exportProgress events from the SSE stream', async () => {
    const { made, factory } = fakeSourceFactory();
    let finish: (r: Response) => void = () => undefined;
    const bridge = createHttpBridge({
      fetch: () => new Promise<Response>((r) => (finish = r)),
      eventSource: factory,
    });
    const got: unknown[] = [];
    bridge.onExportProgress((p) => got.push(p));
    const exporting = bridge.exportWaves({ ids: [1], dir: '/x', format: 'original' } as never);
    await new Promise((r) => setTimeout(r, 0));
    const s = made[0]!;
    s.listeners['exportProgress']!({ data: JSON.stringify({ done: 1, total: 3, id: 5 }) } as MessageEvent<string>);
    (s.src as { onmessage: (ev: MessageEvent<string>) => void }).onmessage({
      data: JSON.stringify({ type: 'exportProgress', data: { done: 2, total: 3, id: 6 } }),
    } as MessageEvent<string>);
    finish(json({ ok: true, result: null }));
    await exporting;
    expect(got).toEqual([
      { done: 1, total: 3, id: 5 },
      { done: 2, total: 3, id: 6 },
    ]);
  });

  it('a tab never holds a connection: the event stream is open only while an export is in flight', async () => {
    const { made, factory } = fakeSourceFactory();
    const order: string[] = [];
    const bridge = createHttpBridge({
      fetch: (url) => {
        order.push(made.length > 0 && !made[made.length - 1]!.closed ? `${url} (stream open)` : url);
        return Promise.resolve(json({ ok: true, result: null }));
      },
      eventSource: factory,
      sessionId: 'tab-12345678',
    });
    bridge.onExportProgress(() => undefined);
    await bridge.getSummary();
    expect(made).toHaveLength(0); // listening alone opens nothing
    await bridge.exportWaves({ ids: [1], dir: '/x', format: 'original' } as never);
    expect(order).toEqual(['/api/getSummary', '/api/exportWaves (stream open)']);
    expect(made).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 700)); // it lingers a moment for trailing frames, then closes
    expect(made[0]!.closed).toBe(true);
    // without a listener an export opens no stream
    const quiet = fakeSourceFactory();
    await createHttpBridge({
      fetch: () => Promise.resolve(json({ ok: true, result: null })),
      eventSource: quiet.factory,
    }).exportWaves({ ids: [1], dir: '/x', format: 'original' } as never);
    expect(quiet.made).toHaveLength(0);
  });

  it('browser sessions: one session id per tab (crypto.randomUUID in sessionStorage), sent on every request and on the SSE url', async () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const id = tabSessionId(storage);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.get(SESSION_STORAGE_KEY)).toBe(id);
    expect(tabSessionId(storage)).toBe(id); // a reload of the same tab keeps it
    const other = new Map<string, string>();
    expect(tabSessionId({ getItem: (k) => other.get(k) ?? null, setItem: (k, v) => void other.set(k, v) })).not.toBe(
      id,
    ); // another tab
    // blocked storage still gives an id
    expect(
      tabSessionId({
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toMatch(/^[0-9a-f-]{32,36}$/);

    const headers: (string | null)[] = [];
    const fetchSpy: FetchLike = (_url, init) => {
      headers.push(new Headers(init?.headers).get(SESSION_HEADER));
      return Promise.resolve(
        new Response(JSON.stringify({ ok: true, result: null }), { headers: { 'content-type': 'application/json' } }),
      );
    };
    let sseUrl = '';
    const bridge = createHttpBridge({
      fetch: fetchSpy,
      sessionId: id,
      eventSource: fakeSourceFactory((url) => (sseUrl = url)).factory,
    });
    await bridge.getSummary();
    await bridge.openDat('/x.dat');
    await bridge.cancelExport();
    await bridge.getCensus();
    expect(headers).toEqual([id, id, id, id]);
    bridge.onExportProgress(() => undefined);
    await bridge.exportWaves({ ids: [1], dir: '/x', format: 'original' } as never);
    expect(sseUrl).toBe(`/api/events?session=${encodeURIComponent(id)}`);
    // sessionId null: no header (the host's default session)
    headers.length = 0;
    await createHttpBridge({ fetch: fetchSpy, sessionId: null, eventSource: null }).getSummary();
    expect(headers).toEqual([null]);
  });
});

describe('http bridge: the access token of a host bound beyond loopback', () => {
  it('hostToken takes #token=… from the URL, keeps it for reloads, and is null when there is none', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(hostToken({ hash: '' }, storage)).toBeNull();
    expect(hostToken({ hash: '#token=abc%2Bdef0123456789' }, storage)).toBe('abc+def0123456789');
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('abc+def0123456789');
    expect(hostToken({ hash: '' }, storage)).toBe('abc+def0123456789'); // after a reload
  });

  it('sends the token with every call, with GET /api/host, and on the event stream', async () => {
    const seen: (string | null)[] = [];
    const fetchSpy: FetchLike = (url, init) => {
      seen.push(new Headers(init?.headers).get(TOKEN_HEADER));
      return Promise.resolve(
        url.endsWith('/host') ? json({ kind: 'browser', initialPath: null }) : json({ ok: true, result: null }),
      );
    };
    let sseUrl = '';
    const bridge = createHttpBridge({
      fetch: fetchSpy,
      sessionId: 'tab-12345678',
      token: 'T0k3n-0123456789',
      eventSource: fakeSourceFactory((url) => (sseUrl = url)).factory,
    });
    await bridge.getSummary();
    await bridge.getHost();
    expect(seen).toEqual(['T0k3n-0123456789', 'T0k3n-0123456789']);
    bridge.onExportProgress(() => undefined);
    await bridge.exportWaves({ ids: [1], dir: '/x', format: 'original' } as never);
    expect(sseUrl).toBe('/api/events?session=tab-12345678&token=T0k3n-0123456789');
    seen.length = 0;
    await createHttpBridge({ fetch: fetchSpy, sessionId: null, token: null, eventSource: null }).getSummary();
    expect(seen).toEqual([null]);
  });
});

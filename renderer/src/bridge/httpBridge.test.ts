import { describe, expect, it } from 'vitest';
import { createHttpBridge, type FetchLike } from './httpBridge';

function fakeFetch(handler: (url: string, body: unknown) => Response): { fetch: FetchLike; calls: { url: string; body: unknown }[] } {
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

const json = (x: unknown, status = 200): Response => new Response(JSON.stringify(x), { status, headers: { 'content-type': 'application/json' } });

describe('http bridge', () => {
  it('POSTs the arguments as a JSON array and unwraps the result', async () => {
    const f = fakeFetch(() => json({ ok: true, result: { id: 0x20000001, label: 'Human (male)', hashKey: 0, rootEntries: [], sounds: [] } }));
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    const t = await bridge.getSoundTable(0x20000001);
    expect(t.label).toBe('Human (male)');
    expect(f.calls[0]).toEqual({ url: '/api/getSoundTable', body: [0x20000001] });
  });
  it('rebuilds service errors with their name (also on HTTP error statuses)', async () => {
    const f = fakeFetch(() => json({ ok: false, error: { name: 'UnsupportedDatError', message: 'unsupported old format' } }, 400));
    const bridge = createHttpBridge({ fetch: f.fetch, eventSource: null });
    await expect(bridge.openDat('/x.dat')).rejects.toMatchObject({ name: 'UnsupportedDatError', message: 'unsupported old format' });
  });
  it('returns getWaveBytes as a Uint8Array from application/octet-stream', async () => {
    const f = fakeFetch(() => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/octet-stream' } }));
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
    await expect(bridge.getSummary()).rejects.toMatchObject({ name: 'TransportError' });
  });
  it('reads the host description', async () => {
    const f = fakeFetch(() => json({ kind: 'browser', initialPath: '/data/client_portal.dat' }));
    const host = await createHttpBridge({ fetch: f.fetch, eventSource: null }).getHost();
    expect(host).toEqual({ kind: 'browser', initialPath: '/data/client_portal.dat' });
  });
  it('delivers exportProgress events from the SSE stream', () => {
    const listeners: Record<string, (ev: MessageEvent<string>) => void> = {};
    const fakeSource = {
      addEventListener: (name: string, cb: (ev: MessageEvent<string>) => void) => {
        listeners[name] = cb;
      },
      onmessage: null as ((ev: MessageEvent<string>) => void) | null,
    };
    const bridge = createHttpBridge({ fetch: () => Promise.reject(new Error('unused')), eventSource: () => fakeSource as unknown as EventSource });
    const got: unknown[] = [];
    bridge.onExportProgress((p) => got.push(p));
    listeners['exportProgress']!({ data: JSON.stringify({ done: 1, total: 3, id: 5 }) } as MessageEvent<string>);
    fakeSource.onmessage!({ data: JSON.stringify({ type: 'exportProgress', data: { done: 2, total: 3, id: 6 } }) } as MessageEvent<string>);
    expect(got).toEqual([
      { done: 1, total: 3, id: 5 },
      { done: 2, total: 3, id: 6 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { HOST_UNREACHABLE } from '../../../core/errors';
import { EARLY_CALLS, sendEarlyCalls } from './earlyCalls';
import { createHttpBridge, type FetchLike } from './httpBridge';
import { callRequest, hostRequest } from './httpRequest';

const json = (x: unknown): Response =>
  new Response(JSON.stringify(x), { headers: { 'content-type': 'application/json' } });

/** A fetch that records each request (url, method, headers, body) and answers `answer(url)`. */
function recordingFetch(answer: (url: string) => Response | Promise<Response>): {
  fetch: FetchLike;
  sent: { url: string; method: string; headers: Record<string, string>; body: string | null }[];
} {
  const sent: { url: string; method: string; headers: Record<string, string>; body: string | null }[] = [];
  return {
    sent,
    fetch: async (url, init) => {
      sent.push({
        url,
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body: init?.body === undefined ? null : String(init.body),
      });
      return answer(url);
    },
  };
}

const ids = { session: 'tab-12345678', token: 'T0k3n-0123456789' };
const answers = (url: string): Response =>
  url.endsWith('/host')
    ? json({ kind: 'browser', initialPath: '/d/client_portal.dat' })
    : url.endsWith('/getSummary')
      ? json({ ok: true, result: { path: '/d/client_portal.dat' } })
      : json({ ok: true, result: [{ id: url.endsWith('/listWaves') ? 0x0a000001 : 0x20000001 }] });

describe('early calls (issue #9: the first calls leave before the app has loaded)', () => {
  it('the first script sends the host, the summary and both lists, each exactly as the bridge would send it', () => {
    const f = recordingFetch(answers);
    sendEarlyCalls(f.fetch, '/api', ids);
    expect(EARLY_CALLS).toEqual(['host', 'getSummary', 'listWaves', 'listSoundTables']);
    const bridgeRequest = (call: string) => {
      const [url, init] = call === 'host' ? hostRequest('/api', ids) : callRequest('/api', call, [], ids);
      return {
        url,
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        body: init.body === undefined ? null : String(init.body),
      };
    };
    expect(f.sent).toEqual(EARLY_CALLS.map(bridgeRequest));
    expect(f.sent[2]).toMatchObject({
      url: '/api/listWaves',
      method: 'POST',
      headers: { 'x-acsound-session': ids.session, 'x-acsound-token': ids.token },
      body: '[]',
    });
  });

  it('the bridge takes each early answer once, for the first call of its method, and asks again after that', async () => {
    const early = recordingFetch(answers);
    const later = recordingFetch(answers);
    const bridge = createHttpBridge({
      fetch: later.fetch,
      early: sendEarlyCalls(early.fetch, '/api', ids),
      sessionId: ids.session,
      token: ids.token,
      eventSource: null,
    });
    expect(await bridge.getHost()).toMatchObject({ kind: 'browser', initialPath: '/d/client_portal.dat' });
    expect(await bridge.getSummary()).toEqual({ path: '/d/client_portal.dat' });
    expect(await bridge.listWaves()).toEqual([{ id: 0x0a000001 }]);
    expect(await bridge.listSoundTables()).toEqual([{ id: 0x20000001 }]);
    expect(later.sent).toEqual([]);
    expect(early.sent).toHaveLength(4);
    await bridge.listWaves();
    await bridge.getHost();
    expect(later.sent.map((r) => r.url)).toEqual(['/api/listWaves', '/api/host']);
  });

  it('an early answer is never given to another session, token or base: those calls are sent', async () => {
    for (const other of [
      { sessionId: 'tab-other-123', token: ids.token, base: '/api' },
      { sessionId: ids.session, token: null, base: '/api' },
      { sessionId: ids.session, token: ids.token, base: '/other' },
    ]) {
      const later = recordingFetch(answers);
      const bridge = createHttpBridge({
        fetch: later.fetch,
        early: sendEarlyCalls(recordingFetch(answers).fetch, '/api', ids),
        eventSource: null,
        ...other,
      });
      await bridge.listWaves();
      expect(later.sent.map((r) => r.url)).toEqual([`${other.base}/listWaves`]);
    }
  });

  it('without its own session and token the bridge uses the first script’s (it already took #token= from the URL)', async () => {
    const later = recordingFetch(answers);
    const bridge = createHttpBridge({
      fetch: later.fetch,
      early: sendEarlyCalls(recordingFetch(answers).fetch, '/api', ids),
      eventSource: null,
    });
    await bridge.listWaves(); // taken: nothing sent
    await bridge.getCensus();
    expect(later.sent).toHaveLength(1);
    expect(later.sent[0]!.headers).toMatchObject({ 'x-acsound-session': ids.session, 'x-acsound-token': ids.token });
  });

  it('an early call that got no answer is the same TransportError (host unreachable) as a call sent by the bridge', async () => {
    const bridge = createHttpBridge({
      fetch: () => Promise.resolve(json({ ok: true, result: [] })),
      early: sendEarlyCalls(() => Promise.reject(new TypeError('fetch failed')), '/api', ids),
      sessionId: ids.session,
      token: ids.token,
      eventSource: null,
    });
    await expect(bridge.listWaves()).rejects.toMatchObject({ name: 'TransportError', code: HOST_UNREACHABLE });
    // getHost falls back to a host without a description, as for any failed GET /api/host
    expect(await bridge.getHost()).toEqual({ kind: 'browser', initialPath: null });
  });
});

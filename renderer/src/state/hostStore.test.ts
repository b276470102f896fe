import { afterEach, describe, expect, it } from 'vitest';
import { createHttpBridge } from '../bridge/httpBridge';
import { useHost, watchHost } from './hostStore';

afterEach(() => useHost.setState({ down: null }));

describe('a stopped host is noted once, and cleared by the next answer', () => {
  it('a call the host does not answer marks it down with the one plain sentence', async () => {
    let up = false;
    const bridge = watchHost(
      createHttpBridge({
        eventSource: null,
        sessionId: null,
        token: null,
        fetch: async () => {
          if (!up) throw new TypeError('Failed to fetch');
          return new Response(JSON.stringify({ ok: true, result: '/tmp' }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      }),
    );
    await expect(bridge.defaultExportDir()).rejects.toThrow();
    expect(useHost.getState().down?.text).toMatch(/^The browser host is not answering: .*npm run serve/);
    up = true;
    await expect(bridge.defaultExportDir()).resolves.toBe('/tmp');
    expect(useHost.getState().down).toBeNull();
  });
  it('an error the host answers is not "host down"', async () => {
    const bridge = watchHost(
      createHttpBridge({
        eventSource: null,
        sessionId: null,
        token: null,
        fetch: async () => new Response('nonsense', { status: 500 }),
      }),
    );
    await expect(bridge.defaultExportDir()).rejects.toThrow();
    expect(useHost.getState().down).toBeNull();
  });
});

import { copyFileSync, mkdirSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Census, DirectoryListing, Envelope, ExportResult, SoundTableDetail, WaveInfo } from '../../core/contract';
import { hex8 } from '../../core/errors';
import { CONTENT_SECURITY_POLICY as ELECTRON_CSP } from '../../electron/main/window';
import { CONTENT_SECURITY_POLICY } from '../security/csp';
import { SoundService } from '../service/SoundService';
import { brokenChainDat, FX, fixtureFiles, nonRegularFiles, tempDir, writeFixtureDat } from '../test/fixtures';
import { parseServeArgs } from './args';
import { createHostServer, isLoopbackAddress, type HostServerOptions } from './server';
import { SESSION_HEADER } from './sessions';
import { DatIndexCache } from '../service/indexCache';
import type { DatIndex } from '../../core/index';
import { resolveStaticPath } from './static';

const tmp = tempDir('acsound-http-');
const datPath = writeFixtureDat(tmp.dir);
const rendererDir = join(tmp.dir, 'renderer');
mkdirSync(join(rendererDir, 'assets'), { recursive: true });
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>AC</title>');
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body{}');
writeFileSync(join(rendererDir, 'assets', 'dec.wasm'), new Uint8Array([0, 0x61, 0x73, 0x6d]));
writeFileSync(join(tmp.dir, 'secret.txt'), 'TOP SECRET');

const service = new SoundService();
let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  await service.openDat(datPath);
  server = createHostServer({ service, rendererDir, initialPath: datPath, maxBodyBytes: 4096 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await service.close();
  tmp.cleanup();
});

const call = async <T>(
  method: string,
  args: unknown[] | string = [],
): Promise<{ status: number; body: Envelope<T> }> => {
  const res = await fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof args === 'string' ? args : JSON.stringify(args),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
};

/** A raw request (fetch would normalize `..` away), returning status and body text. */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser host: the service over HTTP', () => {
  it('GET /api/host → {kind:"browser", initialPath, workingDir, directoryPicker}', async () => {
    const res = await fetch(`${base}/api/host`);
    expect(await res.json()).toEqual({
      kind: 'browser',
      initialPath: datPath,
      workingDir: process.cwd(),
      directoryPicker: true,
    });
  });

  it('POST /api/<method> with a JSON array → {ok:true,result}', async () => {
    const sum = await call<{ waveCount: number }>('getSummary');
    expect(sum.status).toBe(200);
    expect(sum.body).toMatchObject({
      ok: true,
      result: { waveCount: 8, path: datPath, entryCount: fixtureFiles().length + 1, warnings: [] },
    });
    const waves = await call<WaveInfo[]>('listWaves');
    expect(waves.body.ok && waves.body.result.map((w) => w.id)).toEqual([
      FX.pcm16,
      FX.pcm8odd,
      FX.stereo,
      FX.broken,
      FX.compressed,
      FX.unsupported,
      FX.long,
      FX.lint,
    ]);
    const t = await call('getSoundTable', [FX.table]);
    expect(t.body).toMatchObject({ ok: true, result: { id: FX.table, label: 'Human (male)' } });
    const all = await call<SoundTableDetail[]>('listSoundTableDetails');
    expect(all.body.ok && all.body.result.map((d) => [d.id, d.label, d.sounds.length])).toEqual([
      [FX.table, 'Human (male)', 2],
    ]);
    expect((await call('listSoundTableDetails', [FX.table])).status).toBe(400);
  });

  it('getCensus over HTTP (generic dispatch, no arguments)', async () => {
    const c = await call<Census>('getCensus');
    expect(c.status).toBe(200);
    expect(c.body.ok && c.body.result.waves).toMatchObject({ count: 8, withErrors: 1, compressed: 1 });
    expect(c.body.ok && c.body.result.soundTables).toMatchObject({ count: 1, withErrors: 1, rows: 4 });
    expect((await call('getCensus', [1])).status).toBe(400);
  });

  it('getWaveBytes answers application/octet-stream with the object bytes', async () => {
    const res = await fetch(`${base}/api/getWaveBytes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([FX.long]),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const expected = fixtureFiles().find((f) => f.id === FX.long)!.data;
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
  });

  it('errors are JSON envelopes with the error name and a non-200 status', async () => {
    const missing = await call('getWaveBytes', [0x0a00ffff]);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      ok: false,
      error: { name: 'NotFoundError', message: 'Wave 0x0A00FFFF is not in the dat' },
    });
    const broken = await call('getSoundTable', [FX.brokenTable]);
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ ok: false, error: { name: 'ObjectFormatError' } });
    const badArg = await call('getWaveBytes', ['x']);
    expect(badArg).toMatchObject({ status: 400, body: { ok: false, error: { name: 'RequestError', code: 'EINVAL' } } });
    const noFile = await call('openDat', [join(tmp.dir, 'nope.dat')]);
    expect(noFile).toMatchObject({ status: 404, body: { ok: false, error: { name: 'IoError', code: 'ENOENT' } } });
    // a path longer than the file system takes is the user's input, not a server fault (QA #7: was 500)
    const long = `/${'a'.repeat(300)}`; // one name longer than NAME_MAX (255)
    const tooLong = await call('openDat', [long]);
    expect(tooLong).toMatchObject({
      status: 400,
      body: { ok: false, error: { name: 'IoError', code: 'ENAMETOOLONG' } },
    });
    expect(tooLong.body).toMatchObject({ error: { details: { structure: `the path "${long}"` } } });
  });

  it('openDat of a FIFO, device or socket is refused at once (422 IoError ENOTREG) and the host keeps serving', async () => {
    const dir = join(tmp.dir, 'special');
    mkdirSync(dir);
    const f = await nonRegularFiles(dir);
    try {
      const started = Date.now();
      // more calls than Node has I/O threads: a blocking FIFO open would stall every later request
      const answers = await Promise.all(
        [f.fifo, f.fifo, f.fifo, f.fifo, f.fifo, f.device, f.socket].map((p) => call('openDat', [p])),
      );
      for (const a of answers)
        expect(a).toMatchObject({
          status: 422,
          body: { ok: false, error: { name: 'IoError', code: 'ENOTREG', kind: 'not-a-dat-file' } },
        });
      expect(await call('openDat', [f.folder])).toMatchObject({
        status: 422,
        body: { ok: false, error: { code: 'EISDIR', kind: 'not-a-dat-file' } },
      });
      const after = await call<WaveInfo[]>('listWaves');
      expect(after.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await f.close();
    }
  });

  it('error details (objectId, offset, structure) survive HTTP: a broken chain, a corrupt SoundTable, WaveInfo.error', async () => {
    const { bytes, badLinkAt } = await brokenChainDat();
    const path = join(tmp.dir, 'details_portal.dat');
    writeFileSync(path, bytes);
    const s = new SoundService();
    await s.openDat(path);
    const host = await startHost({ service: s });
    try {
      const b = await callAs(host.base, null, 'getWaveBytes', [FX.long]);
      expect(b.status).toBe(422);
      expect(b.body).toMatchObject({
        ok: false,
        error: {
          name: 'DatFormatError',
          details: { objectId: null, offset: badLinkAt, structure: `block chain of ${hex8(FX.long)}` },
        },
      });
      const t = await callAs(host.base, null, 'getSoundTable', [FX.brokenTable]);
      expect(t.body).toMatchObject({
        ok: false,
        error: { name: 'ObjectFormatError', details: { objectId: FX.brokenTable } },
      });
      expect(!t.body.ok && typeof t.body.error.details?.offset).toBe('number');
      const waves = result(await callAs<WaveInfo[]>(host.base, null, 'listWaves'));
      const broken = waves.find((w) => w.id === FX.broken)!;
      expect(broken.error).toMatchObject({ name: 'ObjectFormatError', details: { objectId: FX.broken } });
      expect(broken.error?.message).toMatch(/at object offset \d+$/);
    } finally {
      await host.close();
      await s.close();
    }
  });

  it('unknown methods (including prototype names) → 404 envelope', async () => {
    for (const m of ['nope', 'constructor', '__proto__', 'on', 'close', 'toString']) {
      const r = await call(m);
      expect(r.status, m).toBe(404);
      expect(r.body).toMatchObject({ ok: false, error: { name: 'UnknownMethodError' } });
    }
  });

  it('malformed requests: bad JSON, non-array args, too many args, GET on a method, oversized body', async () => {
    expect((await call('listWaves', '{not json')).status).toBe(400);
    expect((await call('listWaves', '{"a":1}')).body).toMatchObject({ ok: false, error: { name: 'RequestError' } });
    expect((await call('getWaveBytes', [1, 2])).status).toBe(400);
    expect((await fetch(`${base}/api/listWaves`)).status).toBe(405);
    const big = await call('listWaves', JSON.stringify([' '.repeat(5000)]));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ ok: false, error: { name: 'RequestError', code: 'E2BIG' } });
  });

  it('exportWaves over HTTP, with progress as Server-Sent Events on /api/events', async () => {
    const ac = new AbortController();
    const events = await fetch(`${base}/api/events`, { signal: ac.signal });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = events.body!.getReader();
    const dir = join(tmp.dir, 'http-export');
    const exported = await call<{ written: unknown[] }>('exportWaves', [
      { ids: [FX.pcm16, FX.stereo], dir, format: 'decoded', force: false },
    ]);
    expect(exported.body).toMatchObject({ ok: true, result: { dir, written: [{ id: FX.pcm16 }, { id: FX.stereo }] } });
    let text = '';
    while (!text.includes('"done":2')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ac.abort();
    expect(text).toContain(`event: exportProgress\ndata: {"done":1,"total":2,"id":${FX.pcm16}}`);
    expect(text).toContain(`data: {"done":2,"total":2,"id":${FX.stereo}}`);
  });

  it('cancelExport over HTTP (generic dispatch): void answers {ok:true,result:null}; a running exportWaves stops', async () => {
    expect(await call('cancelExport')).toEqual({ status: 200, body: { ok: true, result: null } });
    expect((await call('cancelExport', [1])).status).toBe(400);
    // Hold the export on its second Wave until the cancel request has arrived.
    const realBytes = service.getWaveBytes.bind(service);
    const realCancel = service.cancelExport.bind(service);
    let reachedSecond!: () => void;
    const atSecond = new Promise<void>((r) => (reachedSecond = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    service.getWaveBytes = async (id: number) => {
      if (++calls === 2) {
        reachedSecond();
        await gate;
      }
      return realBytes(id);
    };
    service.cancelExport = () => {
      const stopped = realCancel(); // aborts synchronously…
      release(); // …then lets the held file go on: it is made but not written
      return stopped;
    };
    try {
      const dir = join(tmp.dir, 'http-cancel');
      const ids = [FX.pcm16, FX.stereo, FX.long, FX.pcm8odd];
      const pending = call<ExportResult>('exportWaves', [{ ids, dir, format: 'decoded', force: false }]);
      await atSecond;
      expect(await call('cancelExport')).toEqual({ status: 200, body: { ok: true, result: null } });
      const { status, body } = await pending;
      expect(status).toBe(200);
      const r = (body as { ok: true; result: ExportResult }).result;
      expect(r.cancelled).toBe(true);
      expect(r.written.map((w) => w.id)).toEqual([FX.pcm16]);
      // the Wave in flight when the cancel came counts with those not attempted, never as skipped
      expect(r.skipped).toEqual([]);
      expect(r.notAttempted).toEqual([FX.stereo, FX.long, FX.pcm8odd]);
      expect(readdirSync(dir)).toEqual(['0A000001.wav']);
    } finally {
      delete (service as Partial<SoundService>).getWaveBytes;
      delete (service as Partial<SoundService>).cancelExport;
    }
  });
});

/** A second host server (own options) for the session tests; closed by the returned function. */
async function startHost(
  extra: Partial<HostServerOptions> & { service: SoundService },
): Promise<{ base: string; close: () => Promise<void> }> {
  const srv = createHostServer({ rendererDir, initialPath: datPath, ...extra });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () => srv.shutdown(),
  };
}

/** Calls a method on `host` as browser tab `session` (null: no header, the default session). */
async function callAs<T>(
  host: string,
  session: string | null,
  method: string,
  args: unknown[] = [],
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${host}/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(session ? { [SESSION_HEADER]: session } : {}) },
    body: JSON.stringify(args),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const result = <T>(r: { body: Envelope<T> }): T => {
  if (!r.body.ok) throw new Error(`${r.body.error.name}: ${r.body.error.message}`);
  return r.body.result;
};

/** How many of this process's open file descriptors point at `path` (Linux). */
function openHandles(path: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === path) n++;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

describe('browser host: one session per browser tab', () => {
  const tabA = 'tab-a-0000-1111';
  const tabB = 'tab-b-2222-3333';

  it('browser sessions: two sessions open different dats and each sees its own', async () => {
    const other = join(tmp.dir, 'other_portal.dat');
    const { bytes } = await brokenChainDat();
    writeFileSync(other, bytes);
    const def = new SoundService();
    await def.openDat(datPath);
    const host = await startHost({ service: def });
    try {
      // a new tab starts on the host's initial dat
      expect(result(await callAs<{ path: string }>(host.base, tabA, 'getSummary'))).toMatchObject({ path: datPath });
      // tab B opens another dat…
      expect(result(await callAs<{ path: string }>(host.base, tabB, 'openDat', [other]))).toMatchObject({
        path: other,
      });
      // …and tab A (and the default session) still see theirs
      expect(result(await callAs<{ path: string }>(host.base, tabA, 'getSummary'))).toMatchObject({ path: datPath });
      expect(result(await callAs<{ path: string }>(host.base, null, 'getSummary'))).toMatchObject({ path: datPath });
      expect(result(await callAs<{ path: string }>(host.base, tabB, 'getSummary'))).toMatchObject({ path: other });
      // the same Wave read through each session comes from that session's dat
      const a = await fetch(`${host.base}/api/getWaveBytes`, {
        method: 'POST',
        headers: { [SESSION_HEADER]: tabA },
        body: JSON.stringify([FX.long]),
      });
      expect(a.status).toBe(200);
      const b = await callAs(host.base, tabB, 'getWaveBytes', [FX.long]);
      // (a Wave with a broken chain: the DatFormatError keeps its name over HTTP — corrupt dat, not cannot-decode)
      expect(b.status).toBe(422);
      expect(b.body).toMatchObject({
        ok: false,
        error: {
          name: 'DatFormatError',
          message: expect.stringMatching(/block chain of 0x0A000007 continues with link 0x00FFFFFF/) as unknown,
        },
      });
      // a tab opening a dat does not touch the default session's service
      expect((await def.getSummary())!.path).toBe(datPath);
    } finally {
      await host.close();
      await def.close();
    }
  });

  it('browser sessions: export progress events go only to the exporting tab', async () => {
    const def = new SoundService();
    const host = await startHost({ service: def });
    type Stream = {
      text: string;
      ac: AbortController;
      done: Promise<void>;
      waiters: { needle: string; resolve: () => void }[];
    };
    const streams: Record<string, Stream> = {};
    /** Resolves when the stream has received `needle` (no polling: checked on every chunk). */
    const received = (s: Stream, needle: string): Promise<void> =>
      s.text.includes(needle) ? Promise.resolve() : new Promise((resolve) => s.waiters.push({ needle, resolve }));
    try {
      for (const tab of [tabA, tabB]) {
        const ac = new AbortController();
        const res = await fetch(`${host.base}/api/events?session=${tab}`, { signal: ac.signal });
        const entry: Stream = { text: '', ac, done: Promise.resolve(), waiters: [] };
        const reader = res.body!.getReader();
        entry.done = (async () => {
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) break;
              entry.text += new TextDecoder().decode(value);
              entry.waiters = entry.waiters.filter((w) =>
                entry.text.includes(w.needle) ? (w.resolve(), false) : true,
              );
            }
          } catch {
            // aborted
          }
        })();
        streams[tab] = entry;
      }
      const dir = join(tmp.dir, 'session-export');
      const r = await callAs<ExportResult>(host.base, tabA, 'exportWaves', [
        { ids: [FX.pcm16, FX.stereo], dir, format: 'decoded', force: false },
      ]);
      expect(result(r).written).toHaveLength(2);
      await received(streams[tabA]!, '"done":2');
      expect(streams[tabA]!.text).toContain(`data: {"done":2,"total":2,"id":${FX.stereo}}`);
      // tab B's stream: a marker sent to B after the export proves B's stream is read past the
      // export's events, so "no exportProgress" is not a matter of timing
      await callAs(host.base, tabB, 'exportWaves', [
        { ids: [FX.pcm16], dir: join(tmp.dir, 'session-export-b'), format: 'decoded', force: false },
      ]);
      await received(streams[tabB]!, '"done":1');
      expect(streams[tabB]!.text).not.toContain(`"id":${FX.stereo}`);
      // bad session ids are refused
      expect((await fetch(`${host.base}/api/events?session=x`)).status).toBe(400);
      expect((await callAs(host.base, 'bad id!', 'getSummary')).status).toBe(400);
    } finally {
      for (const s of Object.values(streams)) s.ac.abort();
      await Promise.all(Object.values(streams).map((s) => s.done));
      await host.close();
    }
  });

  it.skipIf(process.platform !== 'linux')(
    'browser sessions: LRU close releases the file handle; the evicted tab is told, not silently switched',
    async () => {
      const lru = join(tmp.dir, 'lru_portal.dat');
      copyFileSync(datPath, lru);
      const def = new SoundService();
      const made: SoundService[] = [];
      const host = await startHost({
        service: def,
        initialPath: lru,
        maxSessions: 2,
        createService: () => {
          const s = new SoundService();
          made.push(s);
          return s;
        },
      });
      try {
        expect(openHandles(lru)).toBe(0);
        result(await callAs(host.base, 'session-1-aaaa', 'getSummary'));
        result(await callAs(host.base, 'session-2-bbbb', 'getSummary'));
        expect(openHandles(lru)).toBe(2);
        result(await callAs(host.base, 'session-1-aaaa', 'listWaves')); // 1 is now the most recently used
        result(await callAs(host.base, 'session-3-cccc', 'getSummary')); // → closes 2, the least recently used
        expect(openHandles(lru)).toBe(2);
        expect(await made[1]!.getSummary()).toBeNull(); // session 2's service: closed
        expect(await made[0]!.getSummary()).not.toBeNull();
        // the evicted tab gets a clear error (410), not the initial dat under its own banner…
        const gone = await callAs(host.base, 'session-2-bbbb', 'listWaves');
        expect(gone.status).toBe(410);
        expect(gone.body).toMatchObject({
          ok: false,
          error: { name: 'SessionExpiredError', message: expect.stringMatching(/reload the page/) as unknown },
        });
        // …until it opens a dat again (the renderer's start-up does exactly that)
        expect(result(await callAs<{ path: string }>(host.base, 'session-2-bbbb', 'openDat', [lru]))).toMatchObject({
          path: lru,
        });
        // re-creating session 2 made three again: session 1, now the least recently used, was closed
        expect(openHandles(lru)).toBe(2);
        expect(await made[0]!.getSummary()).toBeNull();
        // requests without a session (curl, CLI-style) use the default session, never evicted
        expect(result(await callAs(host.base, null, 'getSummary'))).toBeNull();
      } finally {
        await host.close();
        await def.close();
      }
      // host.close() (shutdown) resolves only once every session's file is closed
      expect(openHandles(lru)).toBe(0);
    },
  );

  it('service id ranges over HTTP: a Wave id as a SoundTable id → 400 IdRangeError; an unusable export folder → one ExportError', async () => {
    const wrong = await call('getSoundTable', [FX.pcm16]);
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: {
          name: 'IdRangeError',
          message: '0x0A000001: not a SoundTable id (SoundTables are 0x20000000–0x2000FFFF)',
        },
      },
    });
    const file = join(tmp.dir, 'plain-file');
    writeFileSync(file, 'x');
    const ex = await call('exportWaves', [
      { ids: [FX.pcm16, FX.stereo], dir: join(file, 'sub'), format: 'decoded', force: false },
    ]);
    expect(ex).toMatchObject({ status: 422, body: { ok: false, error: { name: 'ExportError', code: 'ENOTDIR' } } });
  });
});

describe('browser host: the sound graph shared by every tab', () => {
  it('two tabs get the same graph data, as the service answers it (one frozen answer, sent as it is)', async () => {
    const def = new SoundService({ indexCache: new DatIndexCache() });
    await def.openDat(datPath);
    const host = await startHost({ service: def });
    try {
      const a = await callAs(host.base, 'tab-graph-aaaa', 'getSoundGraph');
      const b = await callAs(host.base, 'tab-graph-bbbb', 'getSoundGraph');
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(result(a)).toEqual(JSON.parse(JSON.stringify(await def.getSoundGraph())));
    } finally {
      await host.close();
      await def.close();
    }
  });
});

describe('browser host: static files', () => {
  it('serves the renderer with correct MIME types', async () => {
    const cases: [string, RegExp][] = [
      ['/', /^text\/html/],
      ['/index.html', /^text\/html/],
      ['/assets/app.js', /^text\/javascript/],
      ['/assets/app.css', /^text\/css/],
      ['/assets/dec.wasm', /^application\/wasm$/],
    ];
    for (const [path, type] of cases) {
      const r = await raw(path);
      expect(r.status, path).toBe(200);
      expect(r.type, path).toMatch(type);
    }
    expect((await raw('/missing.js')).status).toBe(404);
    expect((await raw('/assets')).status).toBe(404);
  });

  it("sends the app's Content-Security-Policy (the one of node/security/csp.ts, as Electron does) for HTML only", async () => {
    for (const path of ['/', '/index.html']) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
    }
    expect(CONTENT_SECURITY_POLICY).toBe(ELECTRON_CSP);
    expect((await fetch(`${base}/assets/app.js`)).headers.get('content-security-policy')).toBeNull();
    expect((await fetch(`${base}/api/host`)).headers.get('content-security-policy')).toBeNull();
  });

  it("preloads the page's module scripts and stylesheet in a Link header (HTML only)", async () => {
    const page =
      '<!doctype html><script type="module" crossorigin src="./assets/app.js"></script>' +
      '<link rel="stylesheet" crossorigin href="./assets/app.css"><title>AC</title>';
    writeFileSync(join(rendererDir, 'index.html'), page);
    try {
      for (const path of ['/', '/index.html'])
        expect((await fetch(`${base}${path}`)).headers.get('link'), path).toBe(
          '<./assets/app.js>; rel=modulepreload; crossorigin, <./assets/app.css>; rel=preload; as=style; crossorigin',
        );
      expect((await fetch(`${base}/assets/app.js`)).headers.get('link')).toBeNull();
    } finally {
      writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>AC</title>');
    }
    expect((await fetch(`${base}/`)).headers.get('link')).toBeNull();
  });

  it("keeps the build's hashed assets cached for a year (immutable); HTML is always revalidated", async () => {
    expect((await fetch(`${base}/assets/app.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await fetch(`${base}/assets/app.css`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html'])
      expect((await fetch(`${base}${path}`)).headers.get('cache-control'), path).toBe('no-cache');
  });

  it("keeps a hashed asset's bytes after its first read (one write per request); HTML is read each time", async () => {
    writeFileSync(join(rendererDir, 'assets', 'kept.js'), 'first');
    expect((await raw('/assets/kept.js')).body).toBe('first');
    writeFileSync(join(rendererDir, 'assets', 'kept.js'), 'changed on disk');
    const again = await raw('/assets/kept.js');
    expect(again.body).toBe('first');
    const head = await fetch(`${base}/assets/kept.js`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('5');
    expect(await head.text()).toBe('');
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>AC 2</title>');
    expect((await raw('/')).body).toBe('<!doctype html><title>AC 2</title>');
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>AC</title>');
  });

  it('blocks directory traversal in every spelling', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const r = await raw(path);
      expect(r.body, path).not.toContain('TOP SECRET');
      expect([400, 403, 404], path).toContain(r.status);
    }
    expect(resolveStaticPath('/srv/r', '/../x')).toBeNull();
    expect(resolveStaticPath('/srv/r', '/a/b.js')).toBe('/srv/r/a/b.js');
  });

  it('rejects foreign Host and Origin headers (DNS rebinding, cross-site calls)', async () => {
    expect((await raw('/', { Host: 'evil.example:80' })).status).toBe(403);
    expect((await raw('/api/getSummary', { Origin: 'http://evil.example' }, 'POST')).status).toBe(403);
    expect((await raw('/', { Host: `localhost:${port}` })).status).toBe(200);
    expect((await raw('/api/host', { Origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });
});

describe('browser host: sessions are bounded under concurrency (issue #11 finding 1)', () => {
  /** Open file descriptors of this process on `path` (Linux /proc). */
  const handlesOn = (path: string): number => {
    let n = 0;
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) === path) n++;
      } catch {
        // closed meanwhile
      }
    }
    return n;
  };

  it.skipIf(process.platform !== 'linux')(
    '80 concurrent new tabs: never more than the cap of dat handles; the rest get 503; the index and entry count are built once',
    async () => {
      const own = join(tmp.dir, 'concurrent_portal.dat');
      copyFileSync(datPath, own);
      class CountingCache extends DatIndexCache {
        builds = 0;
        counts = 0;
        override get(key: string, build: () => Promise<DatIndex>): Promise<DatIndex> {
          return super.get(key, () => (this.builds++, build()));
        }
        override shared<T>(key: string, name: string, build: () => Promise<T>): Promise<T> {
          return super.shared(key, name, () => (this.counts++, build()));
        }
      }
      const cache = new CountingCache();
      const max = 4;
      const s = createHostServer({
        service,
        rendererDir: null,
        initialPath: own,
        maxSessions: max,
        maxConnections: 256,
        createService: () => new SoundService({ indexCache: cache }),
      });
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/getSummary`;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, handlesOn(own))), 1);
      try {
        const answers = await Promise.all(
          Array.from({ length: 80 }, async (_, i) => {
            const res = await fetch(url, {
              method: 'POST',
              headers: { [SESSION_HEADER]: `burst-tab-${i}` },
              body: '[]',
            });
            return {
              status: res.status,
              retry: res.headers.get('retry-after'),
              body: (await res.json()) as Envelope<{ entryCount: number }>,
            };
          }),
        );
        peak = Math.max(peak, handlesOn(own));
        expect(peak).toBeGreaterThan(0);
        expect(peak).toBeLessThanOrEqual(max);
        const ok = answers.filter((a) => a.status === 200);
        const busy = answers.filter((a) => a.status === 503);
        expect(ok.length + busy.length).toBe(80);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const a of ok)
          expect(a.body).toMatchObject({ ok: true, result: { entryCount: fixtureFiles().length + 1 } });
        for (const a of busy) {
          expect(a.retry).toBe('1');
          expect(a.body).toMatchObject({
            ok: false,
            error: { name: 'HostBusyError', code: 'EBUSY', message: expect.stringMatching(/busy/) },
          });
        }
        // idle tabs make room again: later tabs, one at a time, all get in (the oldest are evicted)
        for (let i = 0; i < 2 * max; i++) {
          const res = await fetch(url, { method: 'POST', headers: { [SESSION_HEADER]: `later-tab-${i}` }, body: '[]' });
          expect(res.status).toBe(200);
          expect(handlesOn(own)).toBeLessThanOrEqual(max);
        }
        expect(cache.builds).toBe(1);
        expect(cache.counts).toBe(1);
      } finally {
        clearInterval(sampler);
        await s.shutdown();
      }
      expect(handlesOn(own)).toBe(0);
    },
  );
});

describe('browser host: only its own origin (scheme, host and port) drives the service', () => {
  it('refuses a page on another local port (any loopback name), even a simple text/plain POST that would switch the dat', async () => {
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      `http://localhost:${port + 1}`,
      'http://localhost',
      `https://127.0.0.1:${port}`,
      'null',
    ]) {
      const r = await raw(
        '/api/openDat',
        { Origin: origin, 'Content-Type': 'text/plain', [SESSION_HEADER]: 'tab-aaaaaaaa' },
        'POST',
      );
      expect(r.status, origin).toBe(403);
    }
    expect((await raw('/', { Host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    // the default session still has the fixture dat
    expect((await call<{ path: string }>('getSummary')).body).toMatchObject({ ok: true, result: { path: datPath } });
  });

  it('a page (Origin or Sec-Fetch-Site) must send the session header; cross-site fetch metadata is refused', async () => {
    const own = `http://127.0.0.1:${port}`;
    const noHeader = await raw('/api/getSummary', { Origin: own, 'Content-Type': 'text/plain' }, 'POST');
    expect(noHeader.status).toBe(403);
    expect(JSON.parse(noHeader.body)).toMatchObject({
      ok: false,
      error: { name: 'RequestError', message: expect.stringMatching(/X-AcSound-Session/i) },
    });
    expect((await raw('/api/getSummary', { 'Sec-Fetch-Site': 'same-origin' }, 'POST')).status).toBe(403);
    expect((await raw('/api/getSummary', { Origin: own, [SESSION_HEADER]: 'tab-bbbbbbbb' }, 'POST')).status).toBe(200);
    for (const site of ['cross-site', 'same-site']) {
      expect(
        (await raw('/api/getSummary', { 'Sec-Fetch-Site': site, [SESSION_HEADER]: 'tab-bbbbbbbb' }, 'POST')).status,
        site,
      ).toBe(403);
    }
    // a preflight (what a custom header forces from another origin) is never granted
    const pre = await raw(
      '/api/openDat',
      { Origin: `http://localhost:${port + 1}`, 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(pre.status).toBe(403);
  });
});

describe('browser host: slow requests and connection count are bounded', () => {
  it('sets request and header timeouts (30 s by default) and a connection cap', async () => {
    const s = createHostServer({ service, rendererDir: null, initialPath: datPath });
    expect(s.requestTimeout).toBe(30_000);
    expect(s.headersTimeout).toBe(30_000);
    expect(s.maxConnections).toBe(64);
    await s.shutdown();
  });

  it('cuts off a body that trickles in (408) and drops connections beyond the cap', async () => {
    const s = createHostServer({
      service,
      rendererDir: null,
      initialPath: datPath,
      requestTimeoutMs: 300,
      maxConnections: 2,
    });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const p = (s.address() as AddressInfo).port;
    const { connect } = await import('node:net');
    try {
      const started = Date.now();
      const slow = connect(p, '127.0.0.1');
      const answer = new Promise<string>((r) => {
        let got = '';
        slow.on('data', (c) => (got += c.toString()));
        slow.on('close', () => r(got));
      });
      slow.write(`POST /api/getSummary HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nContent-Length: 100\r\n\r\n[`);
      const drip = setInterval(() => slow.write(' '), 50);
      const text = await answer;
      clearInterval(drip);
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(3000);

      const held = [connect(p, '127.0.0.1'), connect(p, '127.0.0.1')];
      await Promise.all(held.map((c) => new Promise((r) => c.on('connect', r))));
      await new Promise((r) => setTimeout(r, 50));
      const extra = connect(p, '127.0.0.1');
      const closed = await new Promise<boolean>((r) => {
        extra.on('close', () => r(true));
        extra.on('error', () => r(true));
        setTimeout(() => r(false), 1000);
      });
      expect(closed).toBe(true);
      held.forEach((c) => c.destroy());
    } finally {
      await s.shutdown();
    }
  });
});

describe('browser host: an access token beyond loopback (issue #11 finding 5)', () => {
  it('with a token, every /api/ call needs it (401 otherwise); static files do not; Host and Origin checks stay', async () => {
    const token = 'a-token-of-24-characters';
    const s = createHostServer({ service, rendererDir, initialPath: datPath, token });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const p = (s.address() as AddressInfo).port;
    const at = (path: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> =>
      fetch(`http://127.0.0.1:${p}${path}`, { method, headers, ...(method === 'POST' ? { body: '[]' } : {}) });
    try {
      const none = await at('/api/getSummary');
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({
        ok: false,
        error: { name: 'RequestError', message: expect.stringMatching(/token/) },
      });
      expect((await at('/api/getSummary', { 'X-AcSound-Token': 'a-token-of-24-characterz' })).status).toBe(401);
      expect((await at('/api/host', {}, 'GET')).status).toBe(401);
      expect((await at('/api/getSummary', { 'X-AcSound-Token': token })).status).toBe(200);
      expect((await at('/api/host', { 'X-AcSound-Token': token }, 'GET')).status).toBe(200);
      const events = await at(`/api/events?token=${token}`, {}, 'GET');
      expect(events.status).toBe(200);
      await events.body?.cancel();
      expect((await at('/', {}, 'GET')).status).toBe(200);
      expect(
        (await at('/api/getSummary', { 'X-AcSound-Token': token, Origin: `http://localhost:${p + 1}` })).status,
      ).toBe(403);
    } finally {
      await s.shutdown();
    }
  });

  it('--host other than loopback refuses to start without a token; --token auto makes one; short tokens are refused', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::'])
      expect(() => parseServeArgs(['--host', host])).toThrow(/--token/);
    expect(() => parseServeArgs(['--host', '0.0.0.0', '--token', 'short'])).toThrow(/at least 16/);
    const auto = parseServeArgs(['--host', '0.0.0.0', '--token', 'auto']);
    expect(auto).toMatchObject({ host: '0.0.0.0' });
    expect(auto !== 'help' && auto.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(parseServeArgs(['--host', '192.168.1.20', '--token', 'my-own-token-0123'])).toMatchObject({
      token: 'my-own-token-0123',
    });
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(parseServeArgs(['--host', host])).toMatchObject({ token: null });
  });
});

describe('browser host: arguments', () => {
  it('defaults to 127.0.0.1:4181 and the demo dat; accepts a path, --port 0 and --host', () => {
    expect(parseServeArgs([])).toMatchObject({ datPath: null, port: 4181, host: '127.0.0.1' });
    expect(parseServeArgs(['x.dat', '--port', '0', '--host', '::1'], '/data')).toMatchObject({
      datPath: '/data/x.dat',
      port: 0,
      host: '::1',
    });
    expect(() => parseServeArgs(['--port', '70000'])).toThrow(/port/);
    expect(() => parseServeArgs(['--bogus'])).toThrow(/^unknown option --bogus$/);
    expect(() => parseServeArgs(['--port'])).toThrow(/^--port needs a value$/);
    expect(() => parseServeArgs(['a.dat', 'b.dat'])).toThrow(/unexpected/);
  });
});

describe('browser host: the folder and file picker (listDirectory), loopback only (issue #10 defect 4)', () => {
  it('lists folders and .dat files (any case), folders first, hidden entries left out; ~ is the home folder', async () => {
    const root = join(tmp.dir, 'pick');
    mkdirSync(join(root, 'b folder'), { recursive: true });
    mkdirSync(join(root, 'A folder'));
    mkdirSync(join(root, '.hidden'));
    writeFileSync(join(root, 'client_portal.dat'), 'x');
    writeFileSync(join(root, 'OTHER.DAT'), 'x');
    writeFileSync(join(root, 'notes.txt'), 'x');
    const r = await call<DirectoryListing>('listDirectory', [root, 'dat']);
    expect(r.status).toBe(200);
    if (!r.body.ok) throw new Error(r.body.error.message);
    expect(r.body.result).toMatchObject({ path: root, parent: tmp.dir, truncated: false });
    expect(r.body.result.entries.map((e) => [e.name, e.kind])).toEqual([
      ['A folder', 'folder'],
      ['b folder', 'folder'],
      ['client_portal.dat', 'file'],
      ['OTHER.DAT', 'file'],
    ]);
    const folders = await call<DirectoryListing>('listDirectory', [root, 'folders']);
    expect(folders.body.ok && folders.body.result.entries.every((e) => e.kind === 'folder')).toBe(true);
    const home = await call<DirectoryListing>('listDirectory', [null, 'folders']);
    expect(home.body.ok && home.body.result.path).toBe(homedir());
    const missing = await call<DirectoryListing>('listDirectory', [join(root, 'nope'), 'dat']);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ ok: false, error: { name: 'IoError', code: 'ENOENT' } });
    const bad = await call('listDirectory', [root, 'everything']);
    expect(bad.status).toBe(400);
    expect((await (await fetch(`${base}/api/host`)).json()) as unknown).toMatchObject({ directoryPicker: true });
  });

  it('a host that is not loopback-only refuses to list folders (403 ENOTLOOPBACK) and says so in /api/host', async () => {
    const s = createHostServer({ service, rendererDir, initialPath: datPath, directoryPicker: false });
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${url}/api/listDirectory`, { method: 'POST', body: JSON.stringify([tmp.dir, 'dat']) });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ ok: false, error: { name: 'RequestError', code: 'ENOTLOOPBACK' } });
      expect(await (await fetch(`${url}/api/host`)).json()).toMatchObject({ directoryPicker: false });
    } finally {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
  it.skipIf(external === undefined)(
    'a call reaching the host over another interface (not loopback on both ends) is refused even when the option allows it',
    async () => {
      const s = createHostServer({ service, rendererDir, initialPath: datPath, allowedHostnames: null });
      await new Promise<void>((r) => s.listen(0, '0.0.0.0', r));
      const p = (s.address() as AddressInfo).port;
      try {
        const over = await fetch(`http://${external}:${p}/api/listDirectory`, {
          method: 'POST',
          body: JSON.stringify([tmp.dir, 'dat']),
        });
        expect(over.status).toBe(403);
        const local = await fetch(`http://127.0.0.1:${p}/api/listDirectory`, {
          method: 'POST',
          body: JSON.stringify([tmp.dir, 'dat']),
        });
        expect(local.status).toBe(200);
      } finally {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  );

  it('isLoopbackAddress: 127.0.0.0/8, ::1 and IPv4-mapped 127.x only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '0.0.0.0', undefined])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});

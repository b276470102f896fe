import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import type { ExportProgress } from '../../core/contract';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../core/engine';
import { parseWave, waveFacts } from '../../core/objects';
import { idMismatchWarning } from '../../core/index';
import { FX, MISMATCH, mismatchedIdDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { SoundService } from './SoundService';
import { asHeardFileName, sidecarPath, waveFileName } from '../../core/exportNames';
import { exportWaves, failureReason, validateExportRequest } from './export';
import { ensureExportDir } from './exportDir';
import { DecodeError } from '../../core/errors';
import { decideAsHeard, type AsHeardSidecar } from './asHeard';
import { removeStaleTemps, tempPathFor, writeFilesTogether } from './atomicWrite';
import { writeDat } from '../../core/dat';
import { pcmFormat, waveBytes } from '../test/fixtures';

const tmp = tempDir();
const datPath = writeFixtureDat(tmp.dir);
const fixture = new SoundService();
const demo = new SoundService();
let n = 0;
const outDir = (): string => join(tmp.dir, `out${++n}`);

beforeAll(async () => {
  await fixture.openDat(datPath);
  await demo.openDat(null);
});
afterAll(async () => {
  await fixture.close();
  await demo.close();
  tmp.cleanup();
});

const noTempFiles = (dir: string): void => expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

/**
 * Runs `ensureExportDir(dir)` in a child process that has dropped root to `nobody` (uid/gid
 * 65534), and returns the error's `{name, code}` (or `{}` when it succeeded). The temp folders on
 * the way are opened to others for the duration (they are 0700 from mkdtemp).
 */
function asNobody(dir: string): { name?: string; code?: string } {
  const opened = [tmp.dir, dirname(dir)].filter((d, i, all) => all.indexOf(d) === i);
  const modes = opened.map((d) => statSync(d).mode & 0o777);
  opened.forEach((d) => chmodSync(d, 0o755));
  try {
    const module = pathToFileURL(join(import.meta.dirname, 'exportDir.ts')).href;
    const code = `process.setgid(65534); process.setuid(65534);
      const { ensureExportDir } = await import(${JSON.stringify(module)});
      try { await ensureExportDir(process.argv[1]); console.log('{}'); }
      catch (e) { console.log(JSON.stringify({ name: e.name, code: e.code })); }`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, dir], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as { name?: string; code?: string };
  } finally {
    opened.forEach((d, i) => chmodSync(d, modes[i]!));
  }
}

describe('exportWaves: decoded', () => {
  it('writes 0A000001.wav per Wave; every file passes the strict WAV parser; frames == waveFacts (preview/export parity)', async () => {
    const dir = outDir();
    const waves = await demo.listWaves();
    const progress: ExportProgress[] = [];
    const r = await demo.exportWaves(
      { ids: waves.map((w) => w.id), dir, format: 'decoded', force: false },
      { onProgress: (p) => progress.push(p) },
    );
    expect(r.failed).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.written).toHaveLength(waves.length);
    expect(progress.map((p) => p.done)).toEqual(waves.map((_, i) => i + 1));
    expect(progress.every((p) => p.total === waves.length)).toBe(true);
    for (const w of waves) {
      const file = join(dir, waveFileName(w.id, 'wav'));
      expect(r.written).toContainEqual({ id: w.id, file });
      const wav = parseWavStrict(new Uint8Array(readFileSync(file)));
      const facts = waveFacts(parseWave(await demo.getWaveBytes(w.id)));
      expect(wav.formatTag).toBe(1);
      expect(wav.bitsPerSample).toBe(16);
      expect(wav.sampleRate).toBe(facts.sampleRate);
      expect(wav.channels).toBe(facts.channels);
      expect(wav.frames).toBe(facts.frames);
      expect(wav.frames).toBe(w.frames);
    }
    noTempFiles(dir);
  });

  it('16-bit PCM comes out bit-identical; 8-bit maps (b − 128) << 8; odd data lengths are fine', async () => {
    const dir = outDir();
    const r = await fixture.exportWaves({ ids: [FX.pcm16, FX.pcm8odd, FX.long], dir, format: 'decoded', force: false });
    expect(r.written).toHaveLength(3);
    const src = parseWave(await fixture.getWaveBytes(FX.pcm16));
    const wav16 = parseWavStrict(new Uint8Array(readFileSync(join(dir, '0A000001.wav'))));
    expect(Buffer.from(wav16.data).equals(Buffer.from(src.data))).toBe(true);
    const wav8 = parseWavStrict(new Uint8Array(readFileSync(join(dir, '0A000002.wav'))));
    expect(Array.from(new Int16Array(wav8.data.slice().buffer))).toEqual([0, 0, 16384, -16384, 16384, -16384, 0]);
    expect(parseWavStrict(new Uint8Array(readFileSync(join(dir, '0A000007.wav')))).frames).toBe(30000);
  });
});

describe('exportWaves: original', () => {
  it('PCM → .wav with the full original fmt; MP3 → bare .mp3 frames', async () => {
    const dir = outDir();
    const waves = await demo.listWaves();
    const r = await demo.exportWaves({ ids: waves.map((w) => w.id), dir, format: 'original', force: false });
    expect(r.failed).toEqual([]);
    for (const w of waves) {
      const wave = parseWave(await demo.getWaveBytes(w.id));
      if (w.formatTag === 0x55) {
        const file = join(dir, waveFileName(w.id, 'mp3'));
        const bytes = new Uint8Array(readFileSync(file));
        expect(bytes[0] === 0x49 /* ID3 */ || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true);
        expect(Buffer.from(bytes).equals(Buffer.from(wave.data))).toBe(true);
        expect(existsSync(join(dir, waveFileName(w.id, 'wav')))).toBe(false);
      } else {
        const wav = parseWavStrict(new Uint8Array(readFileSync(join(dir, waveFileName(w.id, 'wav')))));
        expect(Buffer.from(wav.fmtBytes).equals(Buffer.from(wave.formatBytes))).toBe(true);
        expect(Buffer.from(wav.data).equals(Buffer.from(wave.data))).toBe(true);
      }
    }
  });
});

describe('exportWaves: as heard', () => {
  const at = (distance: number, bearingDeg: number, extra: Partial<EngineSettings> = {}): EngineSettings => ({
    ...DEFAULT_SETTINGS,
    distance,
    bearingDeg,
    ...extra,
  });

  it('writes a stereo 16-bit WAV at the wave rate named from the settings, with the engine gains applied', async () => {
    const dir = outDir();
    const settings = at(10, 90);
    const r = await fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'as-heard', force: false, settings });
    expect(r.written).toEqual([
      { id: FX.pcm16, file: join(dir, '0A000001_10m_+90deg.wav'), sidecar: join(dir, '0A000001_10m_+90deg.json') },
    ]);
    const wav = parseWavStrict(new Uint8Array(readFileSync(r.written[0]!.file)));
    expect(wav).toMatchObject({ formatTag: 1, channels: 2, bitsPerSample: 16, sampleRate: 11025, frames: 1000 });
    const src = new Int16Array(parseWave(await fixture.getWaveBytes(FX.pcm16)).data.slice().buffer);
    const out = new Int16Array(wav.data.slice().buffer);
    // the loudest source sample, left ≈ ×0.050119, right ≈ ×0.251189 (retail-engine §6)
    let k = 0;
    for (let i = 0; i < src.length; i++) if (Math.abs(src[i]!) > Math.abs(src[k]!)) k = i;
    expect(out[2 * k]! / src[k]!).toBeCloseTo(0.050119, 3);
    expect(out[2 * k + 1]! / src[k]!).toBeCloseTo(0.251189, 3);
  });

  it('retail converts non-PCM (MP3) to 11025 Hz mono first; authored keeps the wave rate', async () => {
    const mp3 = (await demo.listWaves()).find((w) => w.formatTag === 0x55)!;
    const dir = outDir();
    const r = await demo.exportWaves({ ids: [mp3.id], dir, format: 'as-heard', force: false, settings: at(3, -45) });
    expect(r.written[0]!.file).toMatch(/_3m_-45deg\.wav$/);
    expect(parseWavStrict(new Uint8Array(readFileSync(r.written[0]!.file)))).toMatchObject({
      channels: 2,
      sampleRate: 11025,
    });
    const r2 = await demo.exportWaves({
      ids: [mp3.id],
      dir,
      format: 'as-heard',
      force: false,
      settings: at(3, -45, { mode: 'authored' }),
    });
    expect(r2.written[0]!.file).toMatch(/_authored\.wav$/);
    expect(parseWavStrict(new Uint8Array(readFileSync(r2.written[0]!.file))).sampleRate).toBe(mp3.sampleRate);
  });

  it('an inaudible play writes nothing and is skipped with the reason', async () => {
    const dir = outDir();
    const r = await fixture.exportWaves({
      ids: [FX.pcm16],
      dir,
      format: 'as-heard',
      force: false,
      settings: at(95, 0),
    });
    expect(r.written).toEqual([]);
    expect(r.skipped).toEqual([
      { id: FX.pcm16, file: join(dir, '0A000001_95m_+0deg.wav'), reason: 'inaudible (below \u221250 dB)' },
    ]);
    // nothing to write: not even the folder is made
    expect(existsSync(dir)).toBe(false);
  });

  it('writes a JSON sidecar beside each WAV: the settings used and the engine decision (re-read)', async () => {
    const dir = outDir();
    const settings = at(10, 90);
    const r = await fixture.exportWaves({
      ids: [FX.pcm16, FX.stereo],
      dir,
      format: 'as-heard',
      force: false,
      settings,
    });
    expect(readdirSync(dir).sort()).toEqual([
      '0A000001_10m_+90deg.json',
      '0A000001_10m_+90deg.wav',
      '0A000003_10m_+90deg.json',
      '0A000003_10m_+90deg.wav',
    ]);
    const side = JSON.parse(readFileSync(r.written[0]!.sidecar!, 'utf8')) as AsHeardSidecar;
    const wav = parseWavStrict(new Uint8Array(readFileSync(r.written[0]!.file)));
    expect(side).toMatchObject({
      kind: 'acsound-as-heard',
      version: 1,
      waveId: '0x0A000001',
      wav: '0A000001_10m_+90deg.wav',
      settings,
      explain: {
        played: true,
        reason: null,
        g: 0.25,
        dB: -12,
        setVolume: -1200,
        pan: 14,
        setPan: 1400,
        left: 0.050119,
        right: 0.251189,
        audibleRadius: 94.18245,
      },
      decision: { path: 'table-hook', mode: 'retail', played: true, waveId: FX.pcm16, dB: -12, pan: 14 },
      source: { formatTag: 1, channels: 1, sampleRate: 11025, bitsPerSample: 16 },
      output: {
        channels: 2,
        bitsPerSample: 16,
        sampleRate: wav.sampleRate,
        frames: wav.frames,
        retailConverted: false,
      },
    });
    expect(side.generator).toMatch(/^acsound \d/);
    // the decision in the sidecar is the engine's own (exact floats)
    expect(side.decision).toEqual(JSON.parse(JSON.stringify(decideAsHeard(FX.pcm16, settings))));
    noTempFiles(dir);
  });

  it('a WAV and its sidecar are skipped together (either existing), written together with force; a skip writes neither', async () => {
    const dir = outDir();
    const settings = at(10, 90);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0A000001_10m_+90deg.json'), 'mine');
    writeFileSync(join(dir, '0A000003_10m_+90deg.wav'), 'mine too');
    const r = await fixture.exportWaves({
      ids: [FX.pcm16, FX.stereo],
      dir,
      format: 'as-heard',
      force: false,
      settings,
    });
    expect(r.written).toEqual([]);
    expect(r.skipped).toEqual([
      { id: FX.pcm16, file: join(dir, '0A000001_10m_+90deg.wav'), reason: 'exists (0A000001_10m_+90deg.json)' },
      { id: FX.stereo, file: join(dir, '0A000003_10m_+90deg.wav'), reason: 'exists' },
    ]);
    expect(readdirSync(dir).sort()).toEqual(['0A000001_10m_+90deg.json', '0A000003_10m_+90deg.wav']);
    expect(readFileSync(join(dir, '0A000001_10m_+90deg.json'), 'utf8')).toBe('mine');
    const forced = await fixture.exportWaves({
      ids: [FX.pcm16, FX.stereo],
      dir,
      format: 'as-heard',
      force: true,
      settings,
    });
    expect(forced.written.map((w) => w.id)).toEqual([FX.pcm16, FX.stereo]);
    for (const w of forced.written) {
      expect((JSON.parse(readFileSync(w.sidecar!, 'utf8')) as AsHeardSidecar).wav).toBe(basename(w.file));
      expect(parseWavStrict(new Uint8Array(readFileSync(w.file))).channels).toBe(2);
    }
    noTempFiles(dir);
  });

  it('writeFilesTogether: when a later file cannot be written, the earlier ones of the group are removed', async () => {
    const dir = outDir();
    mkdirSync(join(dir, 'b.wav'), { recursive: true }); // a folder where the WAV should go: EISDIR
    await expect(
      writeFilesTogether(
        [
          { path: join(dir, 'b.json'), bytes: new Uint8Array([1]) },
          { path: join(dir, 'b.wav'), bytes: new Uint8Array([2]) },
        ],
        true,
      ),
    ).rejects.toMatchObject({ name: 'IoError' });
    expect(existsSync(join(dir, 'b.json'))).toBe(false);
    noTempFiles(dir);
  });

  it('sidecar names: x.wav → x.json', () => {
    expect(sidecarPath('/o/0A000012_10m_+90deg.wav')).toBe('/o/0A000012_10m_+90deg.json');
    expect(sidecarPath('/o/take.WAV')).toBe('/o/take.json');
    expect(sidecarPath('/o/take')).toBe('/o/take.json');
  });

  it('names carry every non-default setting', () => {
    expect(asHeardFileName(0x0a000012, at(10, 90))).toBe('0A000012_10m_+90deg.wav');
    expect(
      asHeardFileName(
        0x0a000012,
        at(2.5, -45.25, {
          path: 'ambient',
          volume: 0.5,
          prefs: { ...DEFAULT_SETTINGS.prefs, mono: true, effectVolume: 0.3 },
        }),
      ),
    ).toBe('0A000012_2.5m_-45.25deg_ambient_vol0.5_fx0.3_mono.wav');
  });
});

describe('exportWaves: safety', () => {
  it('never overwrites without force (skipped "exists"); force replaces atomically', async () => {
    const dir = outDir();
    await fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: false });
    const file = join(dir, '0A000001.wav');
    writeFileSync(file, 'user data');
    const r = await fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: false });
    expect(r.skipped).toEqual([{ id: FX.pcm16, file, reason: 'exists' }]);
    expect(readFileSync(file, 'utf8')).toBe('user data');
    const f = await fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: true });
    expect(f.written).toEqual([{ id: FX.pcm16, file }]);
    expect(parseWavStrict(new Uint8Array(readFileSync(file))).frames).toBe(1000);
    noTempFiles(dir);
  });

  it('creates the folder; one failing Wave does not stop the batch; failures name the wave and the error', async () => {
    const dir = join(outDir(), 'nested', 'deeper');
    const r = await fixture.exportWaves({
      ids: [FX.broken, FX.pcm16, FX.unsupported, 0x0a00ffff, FX.stereo, FX.pcm16],
      dir,
      format: 'decoded',
      force: false,
    });
    expect(r.written.map((w) => w.id)).toEqual([FX.pcm16, FX.stereo]);
    expect(r.failed.map((f) => [f.id, f.errorName])).toEqual([
      [FX.broken, 'ObjectFormatError'],
      [FX.unsupported, 'DecodeError'],
      [0x0a00ffff, 'NotFoundError'],
    ]);
    expect(r.failed[1]!.reason).toMatch(/unsupported format 0x0031/);
    noTempFiles(dir);
  });

  it('an export folder that cannot be created rejects with ExportError ENOTDIR', async () => {
    const dir = outDir();
    writeFileSync(dir, 'not a folder');
    await expect(fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: false })).rejects.toMatchObject({
      name: 'ExportError',
      code: 'ENOTDIR',
    });
    await expect(
      fixture.exportWaves({ ids: [FX.pcm16], dir: join(dir, 'below'), format: 'decoded', force: false }),
    ).rejects.toMatchObject({
      name: 'ExportError',
      code: 'ENOTDIR',
    });
  });

  it('a per-file write error is a failure with IoError and its code; the batch goes on', async () => {
    const dir = outDir();
    mkdirSync(join(dir, '0A000001.wav'), { recursive: true });
    const r = await fixture.exportWaves({ ids: [FX.pcm16, FX.stereo], dir, format: 'decoded', force: true });
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]).toMatchObject({ id: FX.pcm16, errorName: 'IoError', code: 'EISDIR' });
    expect(r.written.map((w) => w.id)).toEqual([FX.stereo]);
    noTempFiles(dir);
  });

  it('cancel via AbortSignal stops before the next file; the rest are notAttempted, with a final progress event', async () => {
    const dir = outDir();
    const ac = new AbortController();
    const seen: ExportProgress[] = [];
    const r = await fixture.exportWaves(
      { ids: [FX.pcm16, FX.stereo, FX.long], dir, format: 'decoded', force: false },
      { signal: ac.signal, onProgress: (p) => (seen.push(p), p.done === 1 && ac.abort()) },
    );
    expect(r.written.map((w) => w.id)).toEqual([FX.pcm16]);
    expect(r.skipped).toEqual([]);
    expect(r.notAttempted).toEqual([FX.stereo, FX.long]);
    expect(r.cancelled).toBe(true);
    // after each file, then once more at the cancel: done = attempted, never total
    expect(seen).toEqual([
      { done: 1, total: 3, id: FX.pcm16 },
      { done: 1, total: 3, id: FX.pcm16 },
    ]);
    expect(readdirSync(dir)).toEqual(['0A000001.wav']);
  });

  it('a file being made when the cancel comes is not written and counts as not attempted, never "skipped" (QA #14)', async () => {
    const dir = outDir();
    const ac = new AbortController();
    const source = {
      waveBytes: async (id: number) => {
        if (id === FX.stereo) ac.abort(); // the cancel arrives while this Wave is read
        return fixture.getWaveBytes(id);
      },
    };
    const seen: number[] = [];
    const r = await exportWaves(
      source,
      { ids: [FX.pcm16, FX.stereo, FX.long, FX.pcm8odd], dir, format: 'decoded', force: false },
      { signal: ac.signal, onProgress: (p) => seen.push(p.done) },
    );
    expect(r).toMatchObject({ cancelled: true, notAttempted: [FX.stereo, FX.long, FX.pcm8odd], failed: [] });
    expect(r.written.map((w) => w.id)).toEqual([FX.pcm16]);
    expect(r.skipped).toEqual([]);
    expect(seen).toEqual([1, 1]);
    expect(readdirSync(dir)).toEqual(['0A000001.wav']);
  });

  it('aborted before the first file: nothing attempted, one progress event with done 0; a finished batch has notAttempted []', async () => {
    const ac = new AbortController();
    ac.abort();
    const seen: ExportProgress[] = [];
    const r = await fixture.exportWaves(
      { ids: [FX.pcm16, FX.stereo], dir: outDir(), format: 'decoded', force: false },
      { signal: ac.signal, onProgress: (p) => seen.push(p) },
    );
    expect(r).toMatchObject({
      cancelled: true,
      written: [],
      skipped: [],
      failed: [],
      notAttempted: [FX.pcm16, FX.stereo],
    });
    expect(seen).toEqual([{ done: 0, total: 2, id: FX.pcm16 }]);
    const done = await fixture.exportWaves({ ids: [FX.pcm16], dir: outDir(), format: 'decoded', force: true });
    expect(done).toMatchObject({ cancelled: false, notAttempted: [] });
  });

  it('emits exportProgress events to subscribers', async () => {
    const seen: ExportProgress[] = [];
    const off = fixture.on('exportProgress', (p) => seen.push(p));
    await fixture.exportWaves({ ids: [FX.pcm16, FX.stereo], dir: outDir(), format: 'decoded', force: false });
    off();
    expect(seen).toEqual([
      { done: 1, total: 2, id: FX.pcm16 },
      { done: 2, total: 2, id: FX.stereo },
    ]);
  });

  it('rejects malformed requests with RequestError', () => {
    expect(() => validateExportRequest({ ids: ['x'], dir: '/tmp', format: 'decoded', force: false })).toThrow(/ids/);
    expect(() => validateExportRequest({ ids: [1], dir: '', format: 'decoded', force: false })).toThrow(
      /dir must be a folder path/,
    );
    expect(() => validateExportRequest({ ids: [1], dir: 'relative', format: 'decoded', force: false })).not.toThrow();
    expect(() => validateExportRequest({ ids: [1], dir: '/tmp', format: 'flac', force: false })).toThrow(/format/);
    expect(() => validateExportRequest({ ids: [1], dir: '/tmp', format: 'as-heard', force: false })).toThrow(
      /settings/,
    );
    expect(() =>
      validateExportRequest({
        ids: [1],
        dir: '/tmp',
        format: 'as-heard',
        force: false,
        settings: { ...DEFAULT_SETTINGS, distance: -1 },
      }),
    ).toThrow(/distance/);
    expect(() =>
      validateExportRequest({
        ids: [1],
        dir: '/tmp',
        format: 'as-heard',
        force: false,
        settings: { ...DEFAULT_SETTINGS, path: 'nope' },
      }),
    ).toThrow(/path/);
  });
});

describe('export error messages', () => {
  it('export error messages: a failure reason does not repeat the id (no "0x0A000010: 0x0A000010: …")', async () => {
    expect(failureReason(FX.unsupported, new DecodeError(FX.unsupported, 'unsupported format 0x0031'))).toBe(
      'unsupported format 0x0031',
    );
    expect(failureReason(FX.pcm16, new Error('cannot write "/x/0A000001.wav": permission denied (EACCES)'))).toBe(
      'cannot write "/x/0A000001.wav": permission denied (EACCES)',
    );
    const r = await fixture.exportWaves({
      ids: [FX.broken, FX.unsupported, 0x0a00ffff],
      dir: outDir(),
      format: 'decoded',
      force: false,
    });
    expect(r.failed).toHaveLength(3);
    for (const f of r.failed) expect(f.reason.startsWith('0x'), f.reason).toBe(false);
    expect(r.failed.map((f) => f.reason)).toEqual([
      'format size H = 5 is shorter than the 16-byte WAVEFORMAT at object offset 4',
      'cannot be exported as a WAV: unsupported format 0x0031',
      'Wave 0x0A00FFFF is not in the dat',
    ]);
  });

  it('export error messages: a relative folder is resolved against the base folder (the host cwd), not rejected', async () => {
    const base = join(tmp.dir, 'base');
    mkdirSync(base);
    const s = new SoundService({ exportBaseDir: base });
    await s.openDat(datPath);
    try {
      const r = await s.exportWaves({ ids: [FX.pcm16], dir: 'waves/sub', format: 'decoded', force: false });
      expect(r.dir).toBe(join(base, 'waves', 'sub'));
      expect(r.written).toEqual([{ id: FX.pcm16, file: join(base, 'waves', 'sub', '0A000001.wav') }]);
    } finally {
      await s.close();
    }
    // without a base: the process's cwd
    const cwdRelative = relative(process.cwd(), join(tmp.dir, 'cwd-relative'));
    const r2 = await exportWaves(
      { waveBytes: (id) => fixture.getWaveBytes(id) },
      { ids: [FX.pcm16], dir: cwdRelative, format: 'decoded', force: false },
    );
    expect(r2.dir).toBe(join(tmp.dir, 'cwd-relative'));
    expect(existsSync(join(tmp.dir, 'cwd-relative', '0A000001.wav'))).toBe(true);
  });

  it.skipIf(process.platform !== 'linux')(
    'export folder that cannot be created (/proc/foo) fails fast with one ExportError ENOENT, never hangs',
    async () => {
      let reads = 0;
      // "never hangs": the test's own timeout; "fast": it fails before reading any Wave (reads 0)
      const err = await exportWaves(
        { waveBytes: (id) => (reads++, fixture.getWaveBytes(id)) },
        { ids: [FX.pcm16, FX.stereo], dir: '/proc/acsound-no-such-folder/x', format: 'decoded', force: false },
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'ExportError', code: 'ENOENT' });
      expect((err as Error).message).toMatch(
        /^cannot export to "\/proc\/acsound-no-such-folder\/x": cannot create the folder "\/proc\/acsound-no-such-folder": "\/proc" does not accept new folders \(ENOENT\)$/,
      );
      expect(reads).toBe(0);
    },
    10_000,
  );

  it.skipIf(process.platform !== 'linux')(
    'export folder that is not writable fails the whole request once, before any Wave is read',
    async () => {
      let reads = 0;
      const ids = [FX.pcm16, FX.stereo, FX.long, FX.pcm8odd];
      // /proc exists and is a folder, but no file can be created in it (a write probe fails)
      const err = await exportWaves(
        { waveBytes: (id) => (reads++, fixture.getWaveBytes(id)) },
        { ids, dir: '/proc', format: 'decoded', force: false },
      ).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'ExportError' });
      expect((err as Error).message).toMatch(
        /^cannot export to "\/proc": a temporary file could not be created in the folder "\/proc": the folder does not accept new files \(ENOENT\)$/,
      );
      expect(reads).toBe(0);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'export folder without write permission → one ExportError EACCES',
    async () => {
      const dir = outDir();
      mkdirSync(dir);
      chmodSync(dir, 0o555);
      try {
        if (process.getuid?.() === 0) {
          // Root ignores permission bits (CI runs as root): check as an unprivileged user instead.
          expect(asNobody(dir)).toEqual({ name: 'ExportError', code: 'EACCES' });
          expect(asNobody(join(dir, 'sub'))).toEqual({ name: 'ExportError', code: 'EACCES' });
        } else {
          await expect(
            fixture.exportWaves({ ids: [FX.pcm16, FX.stereo], dir, format: 'decoded', force: false }),
          ).rejects.toMatchObject({ name: 'ExportError', code: 'EACCES' });
          await expect(ensureExportDir(join(dir, 'sub'))).rejects.toMatchObject({
            name: 'ExportError',
            code: 'EACCES',
          });
        }
      } finally {
        chmodSync(dir, 0o755);
      }
    },
  );

  it('an export that writes no file leaves no folder behind (the folder is made for the first file)', async () => {
    const parent = outDir();
    mkdirSync(parent, { recursive: true });
    const dir = join(parent, 'a', 'b');
    const r = await fixture.exportWaves({ ids: [0x0a00ffff, 0x20000001], dir, format: 'decoded', force: false });
    expect(r.written).toEqual([]);
    expect(r.failed.map((f) => f.id)).toEqual([0x0a00ffff, 0x20000001]);
    expect(readdirSync(parent)).toEqual([]); // no folder, no probe left
    const ok = await fixture.exportWaves({ ids: [0x0a00ffff, FX.pcm16], dir, format: 'decoded', force: false });
    expect(ok.written.map((w) => w.file)).toEqual([join(dir, '0A000001.wav')]);
  });

  it('ensureExportDir creates missing folders one component at a time and leaves no probe file', async () => {
    const dir = join(outDir(), 'a', 'b', 'c');
    await ensureExportDir(dir);
    expect(readdirSync(dir)).toEqual([]);
    await ensureExportDir(dir); // idempotent
  });
});

describe('exportWaves: names come from the dat entry id, never from an id embedded in the Wave object', () => {
  it('a Wave whose object id differs from its entry id: files, sidecar and decision use the entry id; the row warns', async () => {
    const s = new SoundService();
    await s.openDat(writeFixtureDat(tmp.dir, 'mismatched_portal.dat', mismatchedIdDat()));
    try {
      // the listing row carries the finding
      const rows = await s.listWaves();
      expect(rows.find((w) => w.id === MISMATCH.entry)?.warnings).toContain(
        idMismatchWarning(MISMATCH.embedded, MISMATCH.entry),
      );
      expect(rows.find((w) => w.id === MISMATCH.embedded)?.warnings).not.toContain(
        idMismatchWarning(MISMATCH.embedded, MISMATCH.embedded),
      );
      expect(parseWave(await s.getWaveBytes(MISMATCH.entry)).id).toBe(MISMATCH.embedded); // the object really says otherwise

      for (const format of ['decoded', 'original'] as const) {
        const dir = outDir();
        const r = await s.exportWaves({ ids: [MISMATCH.entry], dir, format, force: false });
        expect(r.written).toEqual([{ id: MISMATCH.entry, file: join(dir, '0A000020.wav') }]);
        expect(readdirSync(dir)).toEqual(['0A000020.wav']);
        // the entry's own audio (mono 11025 Hz), not the other Wave's
        expect(parseWavStrict(new Uint8Array(readFileSync(join(dir, '0A000020.wav'))))).toMatchObject({
          channels: 1,
          sampleRate: 11025,
        });
      }

      // both Waves in one batch: two files, neither clobbers the other
      const both = outDir();
      const r2 = await s.exportWaves({
        ids: [MISMATCH.entry, MISMATCH.embedded],
        dir: both,
        format: 'decoded',
        force: false,
      });
      expect(r2).toMatchObject({ skipped: [], failed: [] });
      expect(readdirSync(both).sort()).toEqual(['0A000020.wav', '0A000021.wav']);
      expect(parseWavStrict(new Uint8Array(readFileSync(join(both, '0A000021.wav'))))).toMatchObject({
        channels: 2,
        sampleRate: 22050,
      });

      const settings: EngineSettings = { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 };
      const heard = outDir();
      const r3 = await s.exportWaves({ ids: [MISMATCH.entry], dir: heard, format: 'as-heard', force: false, settings });
      expect(r3.written).toEqual([
        {
          id: MISMATCH.entry,
          file: join(heard, asHeardFileName(MISMATCH.entry, settings)),
          sidecar: join(heard, '0A000020_10m_+90deg.json'),
        },
      ]);
      expect(readdirSync(heard).sort()).toEqual(['0A000020_10m_+90deg.json', '0A000020_10m_+90deg.wav']);
      const side = JSON.parse(readFileSync(join(heard, '0A000020_10m_+90deg.json'), 'utf8')) as AsHeardSidecar;
      expect(side).toMatchObject({
        waveId: '0x0A000020',
        wav: '0A000020_10m_+90deg.wav',
        decision: { waveId: MISMATCH.entry },
      });

      // a decode failure speaks of the entry id too (the reason carries no stray embedded id)
      const r4 = await s.exportWaves({ ids: [MISMATCH.undecodable], dir: outDir(), format: 'decoded', force: false });
      expect(r4.failed).toEqual([
        {
          id: MISMATCH.undecodable,
          reason: 'cannot be exported as a WAV: 4 bits per sample is not 8, 16, 24 or 32',
          errorName: 'DecodeError',
        },
      ]);
    } finally {
      await s.close();
    }
  });
});

describe('exportWaves: failures name the id asked for', () => {
  it('a corrupt Wave whose object embeds another id: the failure is about the entry id; the embedded id is a detail', async () => {
    const broken = waveBytes(0x0a0000ef, pcmFormat(1, 11025, 16), new Uint8Array(8));
    new DataView(broken.buffer).setInt32(4, 5, true); // H = 5: shorter than WAVEFORMAT
    const s = new SoundService();
    await s.openDat(
      writeFixtureDat(tmp.dir, 'embedded_broken_portal.dat', writeDat([{ id: 0x0a000040, data: broken }])),
    );
    try {
      const r = await s.exportWaves({ ids: [0x0a000040], dir: outDir(), format: 'decoded', force: false });
      expect(r.failed).toHaveLength(1);
      expect(r.failed[0]!.id).toBe(0x0a000040);
      expect(r.failed[0]!.reason).not.toMatch(/^0x/);
      expect(r.failed[0]!.reason).toMatch(/format size H = 5 .*\(the object's bytes give id 0x0A0000EF\)$/);
    } finally {
      await s.close();
    }
  });

  it('failureReason: the asked id is stripped, another leading id becomes a trailing detail', () => {
    expect(failureReason(0x0a000040, new Error('0x0A0000EF: truncated object id at object offset 0'))).toBe(
      "truncated object id at object offset 0 (the object's bytes give id 0x0A0000EF)",
    );
    expect(failureReason(0x0a000040, new Error('0x0A000040: bad'))).toBe('bad');
  });
});

describe('exportWaves: temp files a killed export left behind', () => {
  it("an export into the folder removes our stale temp files whose process is gone; a live one's and foreign files stay", async () => {
    const dir = outDir();
    mkdirSync(dir, { recursive: true });
    // a process that wrote a temp file and was killed before it could rename or remove it
    const child = spawnSync(process.execPath, [
      '-e',
      `require('fs').writeFileSync(process.argv[1] + '/.0A0000AE.wav.' + process.pid + '.0badc0de.tmp', 'half'); process.kill(process.pid, 'SIGKILL')`,
      dir,
    ]);
    expect(child.signal).toBe('SIGKILL');
    const dead = `.0A0000AE.wav.${child.pid}.0badc0de.tmp`;
    const deadProbe = `.acsound-write-probe.${child.pid}.12345678.tmp`;
    writeFileSync(join(dir, deadProbe), '');
    const live = basename(tempPathFor(join(dir, '0A000001.wav'))).replace(`.${process.pid}.`, `.${process.ppid}.`);
    const mine = basename(tempPathFor(join(dir, '0A000002.wav')));
    for (const f of [live, mine, '.notes.tmp', 'x.12.deadbeef.tmp']) writeFileSync(join(dir, f), '');
    expect(readdirSync(dir)).toContain(dead);
    const r = await fixture.exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: false });
    expect(r.written).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual(['.notes.tmp', live, mine, '0A000001.wav', 'x.12.deadbeef.tmp'].sort());
    expect(await removeStaleTemps(join(dir, 'missing'))).toEqual([]);
  });
});

describe('exportWaves: a full disk stops the batch', () => {
  /** A 96 KiB tmpfs (a real ENOSPC): Linux as root only; `null` where it cannot be mounted. */
  function smallDisk(): { dir: string; unmount: () => void } | null {
    if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
    const dir = join(tmp.dir, `full${++n}`);
    mkdirSync(dir);
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', dir]);
    if (r.status !== 0) return null;
    return { dir, unmount: () => void spawnSync('umount', [dir]) };
  }

  it('after the first ENOSPC: no further Wave is tried, one line says why, the rest are notAttempted; no temp file stays', async (ctx) => {
    const disk = smallDisk();
    if (!disk) return ctx.skip('needs root on Linux to mount a small tmpfs');
    try {
      const ids = (await demo.listWaves()).map((w) => w.id);
      const r = await demo.exportWaves({ ids, dir: disk.dir, format: 'decoded', force: false });
      expect(r.failed).toHaveLength(1);
      expect(r.failed[0]).toMatchObject({ errorName: 'IoError', code: 'ENOSPC' });
      const at = ids.indexOf(r.failed[0]!.id);
      expect(r.written.length + r.skipped.length).toBe(at);
      expect(r.notAttempted).toEqual(ids.slice(at + 1));
      expect(r.notAttempted.length).toBeGreaterThan(0);
      expect(r.cancelled).toBe(false);
      expect(r.notes).toEqual([
        `stopped: no space left on device (ENOSPC) writing 0x${r.failed[0]!.id.toString(16).toUpperCase().padStart(8, '0')}; ${r.notAttempted.length} Wave(s) not attempted`,
      ]);
      noTempFiles(disk.dir);
      for (const w of r.written) expect(() => parseWavStrict(new Uint8Array(readFileSync(w.file)))).not.toThrow();
    } finally {
      disk.unmount();
    }
  });
});

describe('exportWaves: Waves with a format no valid WAV can have', () => {
  it('decoded and as-heard refuse them per Wave (DecodeError naming it); original writes the bytes as stored and says so', async () => {
    const absurd = (id: number, ch: number, rate: number): { id: number; data: Uint8Array } => {
      const f = pcmFormat(ch, rate, 16);
      return {
        id,
        data: waveBytes(
          id,
          { ...f, nAvgBytesPerSec: f.nAvgBytesPerSec >>> 0, nBlockAlign: f.nBlockAlign & 0xffff },
          new Uint8Array(400),
        ),
      };
    };
    const good = { id: 0x0a000050, data: waveBytes(0x0a000050, pcmFormat(1, 22_050, 16), new Uint8Array(400)) };
    const files = [
      absurd(0x0a000051, 1, 2 ** 31),
      absurd(0x0a000052, 32_768, 22_050),
      absurd(0x0a000053, 1, 500_000),
      good,
    ];
    const s = new SoundService();
    await s.openDat(writeFixtureDat(tmp.dir, 'absurd_formats_portal.dat', writeDat(files)));
    const ids = files.map((f) => f.id);
    try {
      const settings: EngineSettings = { ...DEFAULT_SETTINGS, distance: 2, mode: 'authored' };
      for (const format of ['decoded', 'as-heard'] as const) {
        const dir = outDir();
        const r = await s.exportWaves({
          ids,
          dir,
          format,
          force: false,
          ...(format === 'as-heard' ? { settings } : {}),
        });
        expect(
          r.written.map((w) => w.id),
          format,
        ).toEqual([0x0a000050]);
        expect(
          r.failed.map((f) => [f.id, f.errorName]),
          format,
        ).toEqual([
          [0x0a000051, 'DecodeError'],
          [0x0a000052, 'DecodeError'],
          [0x0a000053, 'DecodeError'],
        ]);
        expect(r.failed[0]!.reason).toBe(
          'cannot be exported as a WAV: sample rate 2147483648 Hz is outside 100..384000 Hz',
        );
        expect(r.failed[1]!.reason).toMatch(/32768 channels is outside 1\.\.8/);
        for (const f of readdirSync(dir).filter((n) => n.endsWith('.wav'))) {
          expect(() => parseWavStrict(new Uint8Array(readFileSync(join(dir, f))))).not.toThrow();
        }
      }
      const orig = outDir();
      const r = await s.exportWaves({ ids, dir: orig, format: 'original', force: false });
      expect(r.written.map((w) => w.id)).toEqual(ids);
      expect(r.notes).toEqual([
        "original: 4 file(s) written with the Waves' bytes as stored (headers neither checked nor corrected)",
        '0x0A000051: written as stored, but its stored format is not a valid WAV format: sample rate 2147483648 Hz is outside 100..384000 Hz',
        '0x0A000052: written as stored, but its stored format is not a valid WAV format: 32768 channels is outside 1..8',
        '0x0A000053: written as stored, but its stored format is not a valid WAV format: sample rate 500000 Hz is outside 100..384000 Hz',
      ]);
    } finally {
      await s.close();
    }
  });
});

/**
 * Seeded fuzz of the whole read path (issue #11, Tests): a few thousand mutations of a fixture
 * dat built by our own writer (node/test/fixtures.ts) — bit flips, byte runs, boundary u32s in
 * the header, B-tree nodes and Wave format blocks, truncations — each opened, indexed (listed) and
 * every Wave decoded; every few cases through the real SoundService on a real file (open, list,
 * SoundTables, census, Wave bytes, decode), every few of those also exported in all three formats. It asserts what the reader promises:
 * only typed errors (core's AcSoundError family, IoError, RequestError), nothing hangs (each
 * case has a deadline), the dat file is never written, and every WAV the decoded and as-heard
 * exports write passes the strict reader (core/audio/wavStrict.ts). The seed is fixed so a
 * failure names a case that can be replayed (`FUZZ_SEED`, `FUZZ_CASES` override it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodedWav, parseWavStrict } from '../../core/audio';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { DatFile, WAVE_RANGE, writeDat } from '../../core/dat';
import { indexDat } from '../../core/index';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../core/engine';
import { AcSoundError } from '../../core/errors';
import { parseWave } from '../../core/objects';
import { mulberry32 } from '../../core/prng';
import { IoError, RequestError } from '../errors';
import { FX, fixtureFiles, tempDir } from '../test/fixtures';
import { SoundService } from './SoundService';

const SEED = Number(process.env.FUZZ_SEED ?? 0x11f022);
const CASES = Number(process.env.FUZZ_CASES ?? 2000);
/** Every how many cases go through the real service on a file (the others through core in memory). */
const SERVICE_EVERY = Number(process.env.FUZZ_SERVICE_EVERY ?? 10);
/** Every how many cases the exports go to disk (atomic writes fsync: the slow part). */
const EXPORT_EVERY = Number(process.env.FUZZ_EXPORT_EVERY ?? 30);
/** A case taking longer than this is a hang. */
const CASE_DEADLINE_MS = 2000;

const tmp = tempDir('acsound-fuzz-');
const noAssets = join(tmp.dir, 'assets');
mkdirSync(noAssets);
afterAll(() => tmp.cleanup());

/** The fixture dat without its long Wave (kept small so thousands of cases stay fast); a multi-level, fragmented tree. */
function baseDat(): Uint8Array {
  return writeDat(
    fixtureFiles().filter((f) => f.id !== FX.long),
    { maxEntriesPerNode: 3, fragment: 42, iteration: 7 },
  );
}

/** Offsets worth hitting: header fields, every B-tree node's first bytes, every Wave's fixed header and format block. */
async function hotOffsets(bytes: Uint8Array): Promise<{ header: number[]; waveFormats: number[]; all: number[] }> {
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const header = Array.from({ length: 16 }, (_, i) => dat.header.headerOffset + 4 * i);
  const waveFormats: number[] = [];
  for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
    // first block: u32 link, then the record: id, H, D, then WAVEFORMATEX (tag, ch, rate, avg, align, bits, cb)
    for (const rel of [4, 8, 12, 16, 18, 20, 24, 28, 30, 32]) waveFormats.push(e.offset + rel);
  }
  const all = [...header, ...waveFormats, dat.header.btreeRoot, dat.header.btreeRoot + 4, dat.header.btreeRoot + 8];
  return { header, waveFormats, all };
}

const BOUNDARY_U32 = [
  0, 1, 2, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 384_000, 384_001, 1024,
  0x190,
];

/** One seeded mutation of `base`: returns the mutated copy and what was done (for the failure message). */
function mutate(
  base: Uint8Array,
  hot: { waveFormats: number[]; all: number[] },
  rnd: () => number,
): { bytes: Uint8Array; what: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let bytes = base.slice();
  const v = new DataView(bytes.buffer);
  const kinds: string[] = [];
  const n = 1 + Math.floor(rnd() * 3);
  for (let k = 0; k < n; k++) {
    const r = rnd();
    if (r < 0.3) {
      const at = rnd() < 0.5 ? pick(hot.all) + Math.floor(rnd() * 4) : Math.floor(rnd() * bytes.length);
      const bit = Math.floor(rnd() * 8);
      if (at < bytes.length) bytes[at]! ^= 1 << bit;
      kinds.push(`flip bit ${bit} @${at}`);
    } else if (r < 0.6) {
      const at = pick(rnd() < 0.6 ? hot.waveFormats : hot.all);
      const value = pick(BOUNDARY_U32);
      if (at + 4 <= bytes.length) v.setUint32(at, value, true);
      kinds.push(`u32 ${value} @${at}`);
    } else if (r < 0.75) {
      const at = pick(hot.waveFormats);
      const value = pick([0, 1, 2, 8, 9, 0x7fff, 0x8000, 0xffff]);
      if (at + 2 <= bytes.length) v.setUint16(at, value, true);
      kinds.push(`u16 ${value} @${at}`);
    } else if (r < 0.88) {
      const at = Math.floor(rnd() * bytes.length);
      const len = 1 + Math.floor(rnd() * 64);
      const fill = Math.floor(rnd() * 256);
      bytes.fill(fill, at, Math.min(bytes.length, at + len));
      kinds.push(`run ${len}×${fill} @${at}`);
    } else {
      const len = Math.floor(rnd() * bytes.length);
      bytes = bytes.slice(0, len);
      kinds.push(`truncate to ${len}`);
      break;
    }
  }
  return { bytes, what: kinds.join(', ') };
}

/** A typed error: what the reader and service promise to throw for bad input. */
function isTyped(e: unknown): boolean {
  return e instanceof AcSoundError || e instanceof IoError || e instanceof RequestError;
}

const TYPED_NAMES = new Set([
  'DatFormatError',
  'UnsupportedDatError',
  'NotFoundError',
  'IdRangeError',
  'ObjectFormatError',
  'DecodeError',
  'WavFormatError',
  'IoError',
  'ExportError',
  'RequestError',
]);

function withDeadline<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`HANG: ${what} took over ${CASE_DEADLINE_MS} ms`)), CASE_DEADLINE_MS);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}

/** Runs one case through open → list → decode → (export); returns problems found (empty = fine). */
async function runCase(path: string, original: Uint8Array, exportDir: string | null): Promise<string[]> {
  const problems: string[] = [];
  const typed = (e: unknown, step: string): void => {
    if (!isTyped(e)) problems.push(`${step}: untyped ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  };
  // no labels file to load per case (assets without one: a warning, which is fine)
  const s = new SoundService({ fileOptions: { pageSize: 0 }, assetsDir: noAssets });
  try {
    try {
      await s.openDat(path);
    } catch (e) {
      typed(e, 'openDat');
      return problems;
    }
    await s.getSummary().catch((e: unknown) => typed(e, 'getSummary'));
    const waves = await s.listWaves();
    await s.listSoundTables();
    for (const t of await s.listSoundTables())
      await s.getSoundTable(t.id).catch((e: unknown) => typed(e, `getSoundTable ${t.id}`));
    await s.getCensus().catch((e: unknown) => typed(e, 'getCensus'));
    for (const w of waves) {
      let bytes: Uint8Array;
      try {
        bytes = await s.getWaveBytes(w.id);
      } catch (e) {
        typed(e, `getWaveBytes ${w.id}`);
        continue;
      }
      try {
        const wav = await decodedWav({ ...parseWave(bytes), id: w.id });
        parseWavStrict(wav);
      } catch (e) {
        typed(e, `decode ${w.id}`);
        if (e instanceof AcSoundError && e.name === 'WavFormatError')
          problems.push(`decode ${w.id}: wrote an invalid WAV: ${e.message}`);
      }
    }
    if (exportDir !== null && waves.length > 0) {
      const ids = waves.map((w) => w.id);
      const settings: EngineSettings = { ...DEFAULT_SETTINGS, distance: 3, bearingDeg: 45, mode: 'authored' };
      for (const format of ['decoded', 'as-heard', 'original'] as const) {
        const dir = join(exportDir, format);
        try {
          const r = await s.exportWaves({
            ids,
            dir,
            format,
            force: true,
            ...(format === 'as-heard' ? { settings } : {}),
          });
          for (const f of r.failed)
            if (!TYPED_NAMES.has(f.errorName))
              problems.push(`export ${format} ${f.id}: untyped ${f.errorName}: ${f.reason}`);
          if (format !== 'original') {
            for (const w of r.written) {
              try {
                parseWavStrict(new Uint8Array(readFileSync(w.file)));
              } catch (e) {
                problems.push(
                  `export ${format} ${w.id}: wrote an invalid WAV (${e instanceof Error ? e.message : String(e)})`,
                );
              }
            }
          }
        } catch (e) {
          typed(e, `export ${format}`);
        }
      }
      const left = readdirSync(exportDir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'));
      if (left.length > 0) problems.push(`temp files left: ${left.join(', ')}`);
    }
  } catch (e) {
    typed(e, 'service');
  } finally {
    await s.close();
  }
  if (!Buffer.from(readFileSync(path)).equals(Buffer.from(original))) problems.push('the dat file was modified');
  return problems;
}

/** The core path in memory: open, index (list), read and decode every Wave; returns problems found. */
/** What the cases did (so the test can tell the mutations reach past the header). */
const stats = { opened: 0, decoded: 0, refusedFormats: 0 };

async function runCore(bytes: Uint8Array): Promise<string[]> {
  const problems: string[] = [];
  const typed = (e: unknown, step: string): void => {
    if (!isTyped(e)) problems.push(`${step}: untyped ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  };
  let dat: DatFile;
  try {
    dat = await DatFile.open(new MemoryByteSource(bytes));
  } catch (e) {
    typed(e, 'open');
    return problems;
  }
  stats.opened++;
  try {
    const index = await indexDat(dat, { concurrency: 4 });
    for (const w of index.waves.rows) {
      try {
        const wav = await decodedWav({ ...parseWave(await dat.readObject(w.id)), id: w.id });
        parseWavStrict(wav);
        stats.decoded++;
      } catch (e) {
        if (e instanceof AcSoundError && /cannot be exported as a WAV/.test(e.message)) stats.refusedFormats++;
        typed(e, `decode ${w.id}`);
        if (e instanceof AcSoundError && e.name === 'WavFormatError')
          problems.push(`decode ${w.id}: wrote an invalid WAV: ${e.message}`);
      }
    }
  } catch (e) {
    typed(e, 'index');
  }
  return problems;
}

describe('fuzz: mutated dats through open, list, decode and export', () => {
  it(`${CASES} seeded mutations (seed ${SEED}): typed errors only, no hang, the dat never written, every written WAV strict-valid`, async () => {
    const base = baseDat();
    const hot = await hotOffsets(base);
    const rnd = mulberry32(SEED);
    const path = join(tmp.dir, 'mutated_portal.dat');
    const failures: string[] = [];
    let opened = 0;
    const started = performance.now();
    for (let i = 0; i < CASES && failures.length < 5; i++) {
      const { bytes, what } = mutate(base, hot, rnd);
      const viaService = i % SERVICE_EVERY === 0;
      if (viaService) writeFileSync(path, bytes);
      const exportDir = viaService && i % EXPORT_EVERY === 0 ? join(tmp.dir, `x${i}`) : null;
      if (exportDir) mkdirSync(exportDir);
      let problems: string[];
      try {
        problems = await withDeadline(
          viaService ? runCase(path, bytes, exportDir) : runCore(bytes),
          `case ${i} (${what})`,
        );
      } catch (e) {
        problems = [e instanceof Error ? e.message : String(e)];
      }
      if (exportDir) rmSync(exportDir, { recursive: true, force: true });
      if (problems.length > 0) failures.push(`case ${i} [${what}]: ${problems.join('; ')}`);
      else opened++;
    }
    expect(failures).toEqual([]);
    // the mutations reach past the header: many dats still open, Waves decode, and absurd formats are refused
    expect(stats.opened).toBeGreaterThan(CASES / 5);
    expect(stats.decoded).toBeGreaterThan(CASES);
    expect(stats.refusedFormats).toBeGreaterThan(0);
    expect(opened).toBe(CASES);
    // bounded: a few thousand cases in well under the test timeout even on a loaded machine
    expect(performance.now() - started).toBeLessThan(100_000);
  }, 120_000);
});

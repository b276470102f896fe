/**
 * Builds assets/demo_portal.dat: a small EoR portal dat with synthesized (non-copyrighted) sounds,
 * byte-identical on every run (seeded PRNGs, fixed dates, no clock).
 *
 * Contents (see DEMO below): 27 Waves — mostly 16-bit mono 11025 Hz (the retail norm), some
 * 22050 Hz, an 8-bit unsigned one with a leading run of 0x80 silence, an 8-bit one with an odd
 * data length, one stereo, one MP3 (tag 0x55, 30-byte header, MPEG-2 Layer III mono 22050 Hz),
 * a ~60 KB one spanning ~60 non-contiguous blocks, two ADPCM ones (MS ADPCM 0x0002 mono
 * 22050 Hz with its coefficient table, IMA ADPCM 0x0011 mono 11025 Hz: SoX-encoded test sweeps
 * from core/codecs/fixtures/, provenance there) and three ambient beds — four SoundTables
 * (humanoid 0x20000001, creature 0x20000007, interface 0x2000000C, ambient 0x200000DB), the sound
 * sources of scripts/make-demo-dat.sources.ts (two creatures, an effect, the Region's ambient
 * sets), filler objects in other id ranges (one compressed,
 * one id ≥ 2^31) and the iteration record, over a 2-level B-tree (8 entries per node) with
 * fragmented chains.
 *
 * Run: `npm run demo` (writes the file atomically). Tests call {@link buildDemoDat}.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeDat } from '../core/dat/DatWriter';
import type { DatWriterFile } from '../core/dat/DatWriter';
import { ChunkHeaderToken, RiffHeaderToken } from '../core/audio/riff';
import { getToken } from '../core/binary/token';
import { encodeWaveFormat, parseMpegFrameHeader, writeSoundTable, writeWave } from '../core/objects';
import { mulberry32 } from '../core/prng';
import type { SoundEntry, SoundTable, WaveFormat } from '../core/objects';
import { AMBIENT_TABLE_SOUNDS, DEMO_SOURCES, demoSoundSources } from './make-demo-dat.sources';
import {
  ambientBed,
  arpeggio,
  chirps,
  click,
  errorTone,
  footstep,
  mix,
  padStart,
  partials,
  portal,
  swoosh,
  toInt16,
  toPcm16,
  toPcm8,
  voice,
} from './make-demo-dat.synth';

/** Where `npm run demo` writes the dat. */
export const DEMO_DAT_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../assets/demo_portal.dat');

/** How the demo dat is laid out (writer options). */
export const DEMO_WRITER_OPTIONS = { maxEntriesPerNode: 8, fragment: 0xac50, iteration: 2072 } as const;

/** A synthesized Wave before encoding. */
interface DemoWave {
  id: number;
  name: string;
  kind: 'pcm16' | 'pcm8' | 'mp3';
  rate: number;
  /** One Float32Array per channel. */
  channels: Float32Array[];
}

/** SoundType values used by the demo tables (dat-format §6). */
const S = {
  Speak1: 0x01,
  Attack1: 0x03,
  Wound1: 0x0c,
  Wound2: 0x0d,
  Wound3: 0x0e,
  Death1: 0x0f,
  Grunt1: 0x12,
  Swoosh1: 0x1e,
  Swoosh2: 0x1f,
  Swoosh3: 0x20,
  HitFlesh1: 0x30,
  Footstep1: 0x37,
  Footstep2: 0x38,
  ShieldUp: 0x58,
  EnchantDown: 0x5b,
  UI_EnterPortal: 0x6a,
  UI_ExitPortal: 0x6b,
  UI_GeneralError: 0x6d,
  UI_IconPickUp: 0x6f,
  UI_IconSuccessfulDrop: 0x70,
  UI_ButtonPress: 0x72,
  UI_Bell: 0x77,
} as const;

/** Peak level of each sound: between −3 and −6 dBFS, varied deterministically. */
function peakDb(i: number): number {
  return -3.5 - ((i * 7) % 5) * 0.6;
}

function synthesize(): DemoWave[] {
  const R1 = 11025;
  const R2 = 22050;
  const w = (
    id: number,
    name: string,
    kind: DemoWave['kind'],
    rate: number,
    ...channels: Float32Array[]
  ): DemoWave => ({ id, name, kind, rate, channels });
  const list: DemoWave[] = [
    w(0x0a000010, 'footstep dirt A', 'pcm16', R1, footstep(R1, 101)),
    w(0x0a000011, 'footstep dirt B', 'pcm16', R1, footstep(R1, 102, { tone: 64, cutoff: 380 })),
    w(0x0a000012, 'footstep stone', 'pcm16', R1, footstep(R1, 103, { tone: 95, cutoff: 900, len: 0.18 })),
    w(0x0a000020, 'sword swoosh', 'pcm16', R2, swoosh(R2, 201)),
    w(0x0a000021, 'sword swoosh fast', 'pcm16', R2, swoosh(R2, 202, { len: 0.24, lo: 500, hi: 4200 })),
    w(0x0a000022, 'heavy swing', 'pcm16', R1, swoosh(R1, 203, { len: 0.45, lo: 200, hi: 1800, q: 1.6 })),
    w(0x0a000030, 'wound grunt', 'pcm16', R1, voice(R1, 301, { len: 0.38, f0: 150, f1: 105, v0: 'uh', v1: 'ah' })),
    w(
      0x0a000031,
      'wound cry',
      'pcm16',
      R1,
      voice(R1, 302, { len: 0.5, f0: 210, f1: 140, v0: 'ah', v1: 'eh', breath: 0.25 }),
    ),
    w(
      0x0a000032,
      'wound gasp',
      'pcm16',
      R1,
      voice(R1, 303, { len: 0.3, f0: 180, f1: 170, v0: 'eh', v1: 'uh', breath: 0.5 }),
    ),
    // ~60 KB: 30,600 frames × 2 bytes, about 60 non-contiguous blocks (pitfalls #9)
    w(
      0x0a000033,
      'death groan (long)',
      'pcm16',
      R1,
      voice(R1, 304, { len: 30600 / R1, f0: 165, f1: 68, v0: 'ah', v1: 'oh', breath: 0.3, decay: 0.45, attack: 0.08 }),
    ),
    w(0x0a000040, 'shield up', 'pcm16', R1, arpeggio(R1, [523.25, 659.25, 783.99, 1046.5], 0.07, 0.75)),
    w(0x0a000041, 'enchant down', 'pcm16', R1, arpeggio(R1, [880, 698.46, 587.33, 440], 0.08, 0.8, 5)),
    w(
      0x0a000050,
      'creature growl (8-bit)',
      'pcm8',
      R1,
      padStart(
        voice(R1, 501, { len: 0.7, f0: 72, f1: 58, v0: 'oh', v1: 'uh', breath: 0.6, jitter: 0.08, shift: 0.8 }),
        441,
      ),
    ),
    w(
      0x0a000051,
      'creature squeal',
      'pcm16',
      R1,
      voice(R1, 502, { len: 0.42, f0: 620, f1: 880, v0: 'eh', v1: 'ah', jitter: 0.05, shift: 1.4 }),
    ),
    w(
      0x0a000052,
      'creature death',
      'pcm16',
      R2,
      voice(R2, 503, { len: 1.1, f0: 130, f1: 45, v0: 'ah', v1: 'oo', breath: 0.5, jitter: 0.06, shift: 0.9 }),
    ),
    w(
      0x0a000053,
      'hit flesh',
      'pcm16',
      R1,
      mix(
        footstep(R1, 504, { tone: 110, cutoff: 1400, len: 0.16 }),
        voice(R1, 505, { len: 0.16, f0: 90, f1: 80, v0: 'uh', breath: 0.8 }),
        0.5,
      ),
    ),
    w(0x0a000060, 'button click (8-bit, odd length)', 'pcm8', R1, click(R1, 601)),
    w(
      0x0a000061,
      'bell',
      'pcm16',
      R2,
      partials(R2, 1.4, 880, [
        [1, 1, 0.6],
        [2.76, 0.45, 0.3],
        [5.4, 0.25, 0.15],
        [8.93, 0.12, 0.08],
      ]),
    ),
    w(0x0a000062, 'icon pick up', 'pcm16', R1, arpeggio(R1, [659.25, 987.77], 0.05, 0.22, 0)),
    w(0x0a000063, 'portal enter (MP3)', 'mp3', R2, portal(R2, 631, 1.3, [220, 277.18, 329.63])),
    w(0x0a000064, 'portal exit (stereo)', 'pcm16', R2, ...stereoPortal(R2, 641)),
    w(0x0a000065, 'error', 'pcm16', R1, errorTone(R1)),
    // ambient beds for the Region's ambient sets (scripts/make-demo-dat.sources.ts)
    w(
      0x0a000070,
      'ambient wind',
      'pcm16',
      R1,
      ambientBed(R1, 701, { len: 2, lo: 250, hi: 700, q: 2.5, lfoHz: 0.5, swell: 0.5 }),
    ),
    w(0x0a000071, 'ambient birds', 'pcm16', R2, chirps(R2, 711, 5, 1.2)),
    w(
      0x0a000072,
      'ambient waterfall',
      'pcm16',
      R2,
      ambientBed(R2, 721, { len: 2, lo: 1200, hi: 2600, q: 0.4, lfoHz: 1.5, swell: 0.15 }),
    ),
  ];
  list.forEach((d, i) => {
    // one gain for all channels, so a stereo image is kept
    let peak = 0;
    for (const c of d.channels) for (const v of c) peak = Math.max(peak, Math.abs(v));
    const g = 10 ** (peakDb(i) / 20) / peak;
    for (const c of d.channels) for (let k = 0; k < c.length; k++) c[k] = c[k]! * g;
  });
  // the odd-length one: drop the last sample of the 8-bit click so D is odd
  const clickWave = list.find((d) => d.id === 0x0a000060)!;
  if (clickWave.channels[0]!.length % 2 === 0)
    clickWave.channels[0] = clickWave.channels[0]!.subarray(0, clickWave.channels[0]!.length - 1);
  return list;
}

/** Portal exit in stereo: the swirl pans left → right, each side with its own noise. */
function stereoPortal(rate: number, seed: number): [Float32Array, Float32Array] {
  const l = portal(rate, seed, 1.0, [196, 246.94, 293.66]);
  const r = portal(rate, seed + 1, 1.0, [196, 246.94, 293.66]);
  for (let i = 0; i < l.length; i++) {
    const p = i / l.length;
    l[i] = l[i]! * Math.cos((p * Math.PI) / 2);
    r[i] = r[i]! * Math.sin((p * Math.PI) / 2);
  }
  return [l, r];
}

/** Encodes a synthesized wave as a dat Wave object (dat-format §5.1) via core/objects. */
function encodeWave(d: DemoWave): Uint8Array {
  const ch = d.channels.length;
  if (d.kind === 'mp3') {
    const enc = new Mp3Encoder(1, d.rate, 32);
    const parts = [enc.encodeBuffer(toInt16(d.channels[0]!)), enc.flush()];
    const data = concat(parts.map((p) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength)));
    const h = parseMpegFrameHeader(data, 0);
    if (!h || h.version !== 2 || h.layer !== 3 || h.channels !== 1 || h.sampleRate !== d.rate) {
      throw new Error('lamejs did not produce MPEG-2 Layer III mono frames');
    }
    const format: WaveFormat = {
      wFormatTag: 0x55,
      nChannels: 1,
      nSamplesPerSec: d.rate,
      nAvgBytesPerSec: (h.bitrateKbps * 1000) / 8,
      nBlockAlign: 1,
      wBitsPerSample: 0,
      cbSize: 12,
      mp3: {
        wID: 1, // MPEGLAYER3_ID_MPEG
        fdwFlags: 0, // MPEGLAYER3_FLAG_PADDING_ISO: LAME pads frames as ISO requires
        nBlockSize: h.frameBytes - (h.padding ? 1 : 0), // 72 × bitrate / rate for MPEG-2 L3 = 104
        nFramesPerBlock: 1,
        nCodecDelay: 576, // LAME encoder delay (ENCDELAY)
      },
    };
    return writeWave({ id: d.id, formatBytes: encodeWaveFormat(format), data });
  }
  const bits = d.kind === 'pcm8' ? 8 : 16;
  const data = d.kind === 'pcm8' ? toPcm8(d.channels[0]!) : toPcm16(d.channels);
  const blockAlign = (ch * bits) / 8;
  const format: WaveFormat = {
    wFormatTag: 1,
    nChannels: ch,
    nSamplesPerSec: d.rate,
    nAvgBytesPerSec: d.rate * blockAlign,
    nBlockAlign: blockAlign,
    wBitsPerSample: bits,
    cbSize: 0,
    mp3: null,
  };
  return writeWave({ id: d.id, formatBytes: encodeWaveFormat(format), data });
}

/** The ADPCM Waves: SoX-encoded sweeps (core/codecs/fixtures/PROVENANCE.md), their fmt and data as a dat Wave. */
const ADPCM_WAVES = [
  { id: 0x0a000066, name: 'test sweep (MS ADPCM)', file: 'ms-mono-22050.wav' },
  { id: 0x0a000067, name: 'test sweep (IMA ADPCM)', file: 'ima-mono-11025.wav' },
] as const;

/** Reads an ADPCM WAV fixture's `fmt ` body (the whole format block) and data into a dat Wave object. */
function adpcmWave(id: number, file: string): Uint8Array {
  const bytes = new Uint8Array(
    readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../core/codecs/fixtures', file)),
  );
  let formatBytes: Uint8Array | null = null;
  for (let p = RiffHeaderToken.len; p + ChunkHeaderToken.len <= bytes.length;) {
    const { id: chunk, size } = getToken(ChunkHeaderToken, bytes, p);
    const body = bytes.subarray(p + ChunkHeaderToken.len, p + ChunkHeaderToken.len + size);
    if (chunk === 'fmt ') formatBytes = body;
    if (chunk === 'data' && formatBytes) return writeWave({ id, formatBytes, data: body });
    p += ChunkHeaderToken.len + size + (size & 1);
  }
  throw new Error(`${file}: no fmt and data chunks`);
}

const e = (waveId: number, priority: number, probability = 1, volume = 1): SoundEntry => ({
  waveId,
  priority,
  probability,
  volume,
});
const DEFAULT_ROOT: SoundEntry[] = [e(0, 0, 1, 1)];

/**
 * Orders SoundType children like the client's hash-table pack (dat-format §4.1): by bucket
 * (key mod `buckets`), then by insertion order — i.e. deliberately not sorted by key.
 */
function bucketOrder<T extends { key: number }>(children: T[], buckets = 23): T[] {
  return children
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.key % buckets) - (b.c.key % buckets) || a.i - b.i)
    .map((x) => x.c);
}

function tables(): SoundTable[] {
  const node = (key: number, ...entries: SoundEntry[]) => ({ key, entries, children: [] });
  return [
    {
      id: 0x20000001, // humanoid
      hashKey: 0,
      rootEntries: DEFAULT_ROOT,
      sounds: bucketOrder([
        node(S.Footstep1, e(0x0a000010, 0.3, 1, 0.6), e(0x0a000011, 0.3, 1, 0.6), e(0x0a000012, 0.3, 1, 0.55)),
        node(S.Footstep2, e(0x0a000012, 0.3, 1, 0.5)),
        node(S.Swoosh1, e(0x0a000020, 0.5)),
        node(S.Swoosh2, e(0x0a000021, 0.5), e(0x0a000022, 0.5)),
        node(S.Swoosh3, e(0x0a000022, 0.5, 1, 0.9)),
        node(S.Wound1, e(0x0a000030, 0.6, 0.5), e(0x0a000031, 0.6, 0.5)),
        node(S.Wound2, e(0x0a000031, 0.6, 0.5)),
        node(S.Wound3, e(0x0a000032, 0.6, 0.75)),
        node(S.Death1, e(0x0a000033, 1)),
        node(S.HitFlesh1, e(0x0a000053, 0.5, 1, 0.9)),
        node(S.ShieldUp, e(0x0a000040, 0.7)),
        node(S.EnchantDown, e(0x0a000041, 0.7, 1, 0.8)),
      ]),
    },
    {
      id: 0x20000007, // creature
      hashKey: 0,
      rootEntries: DEFAULT_ROOT,
      sounds: bucketOrder([
        node(S.Speak1, e(0x0a000050, 0.4, 0.3, 0.9)),
        node(S.Attack1, e(0x0a000050, 0.6), e(0x0a000051, 0.6, 1, 0.8)),
        node(S.Grunt1, e(0x0a000050, 0.4, 0.5, 0.7)),
        node(S.Wound1, e(0x0a000051, 0.6), e(0x0a000053, 0.6), e(0x0a000051, 0.6, 1, 0.7)),
        node(S.Death1, e(0x0a000052, 1)),
        node(S.HitFlesh1, e(0x0a000053, 0.5)),
        node(S.Footstep1, e(0x0a000011, 0.2, 1, 0.4), e(0x0a000010, 0.2, 1, 0.4)),
        node(S.Swoosh1, e(0x0a000022, 0.5, 1, 0.8)),
      ]),
    },
    {
      id: 0x2000000c, // interface: an id with no label in assets/soundtable-labels.json (a UI table is no creature)
      hashKey: 0,
      rootEntries: DEFAULT_ROOT,
      sounds: bucketOrder([
        node(S.UI_ButtonPress, e(0x0a000060, 0.9)),
        node(S.UI_Bell, e(0x0a000061, 0.8)),
        node(S.UI_IconPickUp, e(0x0a000062, 0.9)),
        node(S.UI_IconSuccessfulDrop, e(0x0a000062, 0.9, 1, 0.8)),
        node(S.UI_EnterPortal, e(0x0a000063, 1)),
        node(S.UI_ExitPortal, e(0x0a000064, 1)),
        node(S.UI_GeneralError, e(0x0a000065, 0.9)),
      ]),
    },
    {
      id: DEMO_SOURCES.ambientTable, // the Region's ambient sets (an id with no public label)
      hashKey: 0,
      rootEntries: DEFAULT_ROOT,
      sounds: bucketOrder(
        AMBIENT_TABLE_SOUNDS.map(([key, waveId]) => node(key, e(waveId, 0))),
        4,
      ), // a small table: 4 buckets
    },
  ];
}

/** Non-sound filler objects (random bytes) in other id ranges, so range walks have something to skip. */
function fillers(): DatWriterFile[] {
  const rnd = mulberry32(0xf111e5);
  const blob = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => (rnd() * 256) | 0);
  const ids = [
    ...Array.from({ length: 10 }, (_, i) => 0x01000001 + i * 3), // GfxObj
    0x0e000002,
    0x0e000003,
    0x0e00001f, // tables
    0x25000001,
    0x25000002,
    0x8a000001, // an id ≥ 2^31
  ];
  return ids.map((id, i) => {
    // a compressible one stored compressed, DRW-style (dat-format §3.4)
    if (id === 0x0e00001f) return { id, data: new TextEncoder().encode('demo filler '.repeat(200)), compress: true };
    return { id, data: blob(64 + ((i * 733) % 2900)) };
  });
}

/** What the demo holds; the test checks the dat against it. */
export const DEMO = {
  waveCount: 27,
  soundTableIds: [0x20000001, 0x20000007, 0x2000000c, 0x200000db],
  fillerCount: 16,
  /** Setups, MotionTables, Animations, PhysicsScript(Table), Region (scripts/make-demo-dat.sources.ts). */
  soundSourceCount: 3 + 2 + 10 + 1 + 1 + 1,
  iteration: 2072,
  /** Total B-tree entries: waves + tables + fillers + sound sources + the iteration record. */
  entryCount: 27 + 4 + 16 + 18 + 1,
} as const;

/** Fixed timestamps (Unix seconds) for the entries: deterministic, 2006-era. */
const BASE_DATE = 1_136_073_600;

/**
 * Builds the demo dat in memory. Pure and deterministic: same bytes on every call and platform.
 * @returns the dat bytes (EoR, block size 1024)
 */
export function buildDemoDat(): Uint8Array {
  const waves = [
    ...synthesize().map((d) => ({ id: d.id, data: encodeWave(d) })),
    ...ADPCM_WAVES.map((a) => ({ id: a.id, data: adpcmWave(a.id, a.file) })),
  ];
  const soundTables = tables().map((t) => ({ id: t.id, data: writeSoundTable(t) }));
  const files: DatWriterFile[] = [...waves, ...soundTables, ...fillers(), ...demoSoundSources()].map((f, i) => ({
    ...f,
    date: BASE_DATE + i * 86_400,
    iteration: 2072 - (i % 5),
  }));
  return writeDat(files, DEMO_WRITER_OPTIONS);
}

/** Demo wave names by id (for logs). */
export function demoWaveNames(): Map<number, string> {
  return new Map([
    ...synthesize().map((d): [number, string] => [d.id, d.name]),
    ...ADPCM_WAVES.map((a): [number, string] => [a.id, a.name]),
  ]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Writes `bytes` to `path` atomically: a temp file in the same directory, then rename. */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const bytes = buildDemoDat();
  writeFileAtomic(DEMO_DAT_PATH, bytes);
  console.log(`wrote ${DEMO_DAT_PATH} (${bytes.length} bytes, ${DEMO.entryCount} entries)`);
}

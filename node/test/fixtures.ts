/**
 * Test fixtures for node/: small dats built with core's own writer (`writeDat`, `writeWave`,
 * `writeSoundTable`), so every byte has a known origin. Not a test file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { DatFile, writeDat, type DatWriterFile } from '../../core/dat';
import { entryBlocks, setU32 } from '../../core/dat/testing';
import {
  encodeWaveFormat,
  SOUND_TYPE_NAMES,
  writeRegion,
  writeSoundTable,
  writeWave,
  type WaveFormat,
} from '../../core/objects';
import { AMBIENT_TABLES, WAVE_OF, ambientRegion } from '../../core/test/ambientFixtures';

/** A PCM format block (18 bytes, consistent fields). */
export function pcmFormat(channels: number, rate: number, bits: number, tag = 1): WaveFormat {
  const align = channels * (bits / 8);
  return {
    wFormatTag: tag,
    nChannels: channels,
    nSamplesPerSec: rate,
    nAvgBytesPerSec: (rate * align) % 2 ** 32, // wraps as the u32 field would (an absurd rate)
    nBlockAlign: align,
    wBitsPerSample: bits,
    cbSize: 0,
    mp3: null,
  };
}

/** 16-bit little-endian samples from a function of the frame index. */
export function pcm16(frames: number, channels: number, f: (i: number, c: number) => number): Uint8Array {
  const out = new Uint8Array(frames * channels * 2);
  const v = new DataView(out.buffer);
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) v.setInt16((i * channels + c) * 2, f(i, c), true);
  return out;
}

/** A Wave object's bytes (dat-format §5.1). */
export function waveBytes(id: number, format: WaveFormat, data: Uint8Array): Uint8Array {
  return writeWave({ id, formatBytes: encodeWaveFormat(format), data });
}

/** Ids in the fixture dat. */
export const FX = {
  pcm16: 0x0a000001,
  pcm8odd: 0x0a000002,
  stereo: 0x0a000003,
  broken: 0x0a000004,
  compressed: 0x0a000005,
  /** Format tag 0x0031 (GSM 6.10), which no codec decodes: "unsupported format 0x0031". */
  unsupported: 0x0a000006,
  /** A long wave (~60 KB) whose chain spans many fragmented blocks (pitfalls #9). */
  long: 0x0a000007,
  /** PCM whose declared D (3000) exceeds the record and whose data ends mid-frame: lint warnings. */
  lint: 0x0a000008,
  table: 0x20000001,
  brokenTable: 0x20000002,
  filler: 0x01000001,
  high: 0xf0000001,
} as const;

/** The objects of the fixture dat and the facts tests check against. */
export function fixtureFiles(): DatWriterFile[] {
  const sine = (i: number): number => Math.round(Math.sin(i / 5) * 12000);
  const broken = new Uint8Array(12);
  new DataView(broken.buffer).setUint32(0, FX.broken, true);
  new DataView(broken.buffer).setInt32(4, 5, true); // H = 5: shorter than WAVEFORMAT
  const table = writeSoundTable({
    id: FX.table,
    hashKey: 0,
    rootEntries: [{ waveId: 0, priority: 0, probability: 1, volume: 1 }],
    sounds: [
      // file order deliberately not sorted by key
      {
        key: 0x58,
        entries: [{ waveId: FX.pcm16, priority: 0.7, probability: 1, volume: 1 }],
        children: [],
      },
      {
        key: 0x37,
        entries: [
          { waveId: FX.pcm16, priority: 0.3, probability: 0.5, volume: 0.8 },
          { waveId: FX.stereo, priority: 0.3, probability: 0.5, volume: 0.6 },
          { waveId: FX.pcm8odd, priority: 0.3, probability: 0.5, volume: 0.4 },
        ],
        children: [],
      },
    ],
  });
  const lint = new Uint8Array(12 + 18 + 2001);
  lint.set(waveBytes(FX.lint, { ...pcmFormat(1, 11025, 16), nBlockAlign: 4 }, new Uint8Array(2001).fill(3)));
  new DataView(lint.buffer).setInt32(8, 3000, true);
  const brokenTable = new Uint8Array([0x02, 0x00, 0x00, 0x20, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]);
  return [
    { id: FX.pcm16, data: waveBytes(FX.pcm16, pcmFormat(1, 11025, 16), pcm16(1000, 1, sine)) },
    {
      id: FX.pcm8odd,
      data: waveBytes(FX.pcm8odd, pcmFormat(1, 11025, 8), new Uint8Array([0x80, 0x80, 0xc0, 0x40, 0xc0, 0x40, 0x80])),
    },
    {
      id: FX.stereo,
      data: waveBytes(
        FX.stereo,
        pcmFormat(2, 22050, 16),
        pcm16(500, 2, (i, c) => (c ? -sine(i) : sine(i))),
      ),
    },
    { id: FX.broken, data: broken },
    {
      id: FX.compressed,
      data: waveBytes(
        FX.compressed,
        pcmFormat(1, 11025, 16),
        pcm16(2000, 1, () => 0),
      ),
      compress: true,
    },
    { id: FX.unsupported, data: waveBytes(FX.unsupported, pcmFormat(1, 11025, 4, 0x0031), new Uint8Array(256)) },
    { id: FX.long, data: waveBytes(FX.long, pcmFormat(1, 22050, 16), pcm16(30000, 1, sine)) },
    { id: FX.lint, data: lint },
    { id: FX.table, data: table },
    { id: FX.brokenTable, data: brokenTable },
    { id: FX.filler, data: new Uint8Array([1, 2, 3, 4]) },
    { id: FX.high, data: new Uint8Array([5, 6, 7, 8]) },
  ];
}

/** The fixture dat's bytes (multi-level tree, fragmented chains, iteration 7). */
export function fixtureDat(): Uint8Array {
  return writeDat(fixtureFiles(), { maxEntriesPerNode: 3, fragment: 42, iteration: 7 });
}

/** A temporary folder, removed by the returned `cleanup`. */
export function tempDir(prefix = 'acsound-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes the fixture dat into `dir` and returns its path. */
export function writeFixtureDat(dir: string, name = 'fixture_portal.dat', bytes: Uint8Array = fixtureDat()): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/**
 * The fixture dat with the block chain of Wave {@link FX.long} broken after its first block: the
 * second block's link word points past the end of the file (0x00FFFFFF). Listing (which reads
 * only a Wave's first block) sees a fine Wave; reading its bytes fails with DatFormatError.
 * @returns the bytes and the offset of the block holding the bad link
 */
export async function brokenChainDat(): Promise<{ bytes: Uint8Array; badLinkAt: number }> {
  const bytes = fixtureDat();
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const entry = (await dat.find(FX.long))!;
  const blocks = entryBlocks(bytes, entry);
  setU32(bytes, blocks[1]!, 0x00ffffff);
  return { bytes, badLinkAt: blocks[1]! };
}

/** Ids of {@link mismatchedIdDat}. */
export const MISMATCH = {
  /** A Wave entry whose object says it is {@link MISMATCH.embedded}. */
  entry: 0x0a000020,
  /** The id embedded in that object: another Wave of the same dat (an export named after it would clobber that one). */
  embedded: 0x0a000021,
  /** A Wave entry whose object says it is 0x0A0000EE (no such entry), PCM with an unsupported 4-bit depth: a decode error. */
  undecodable: 0x0a000030,
} as const;

/**
 * A small dat whose Wave at entry {@link MISMATCH.entry} embeds the id of another Wave
 * ({@link MISMATCH.embedded}), and an undecodable Wave whose embedded id names no entry: exports must
 * be named after (and errors speak of) the dat entry id, the B-tree key.
 */
export function mismatchedIdDat(): Uint8Array {
  const tone = (i: number): number => Math.round(Math.sin(i / 3) * 9000);
  return writeDat([
    { id: MISMATCH.entry, data: waveBytes(MISMATCH.embedded, pcmFormat(1, 11025, 16), pcm16(800, 1, tone)) },
    { id: MISMATCH.embedded, data: waveBytes(MISMATCH.embedded, pcmFormat(2, 22050, 16), pcm16(400, 2, tone)) },
    { id: MISMATCH.undecodable, data: waveBytes(0x0a0000ee, pcmFormat(1, 11025, 4, 1), new Uint8Array(64)) },
  ]);
}

/**
 * Makes the file-system objects that are not dats: a FIFO (`mkfifo`), a listening Unix socket and
 * a folder, in `dir`; plus `/dev/null` (a character device). `close` stops the socket's server.
 * POSIX only (the FIFO and socket need them).
 */
export async function nonRegularFiles(
  dir: string,
): Promise<{ fifo: string; socket: string; folder: string; device: string; close: () => Promise<void> }> {
  const { execFileSync } = await import('node:child_process');
  const { mkdirSync } = await import('node:fs');
  const { createServer } = await import('node:net');
  const fifo = join(dir, 'fifo.dat');
  execFileSync('mkfifo', [fifo]);
  const folder = join(dir, 'folder.dat');
  mkdirSync(folder);
  const socket = join(dir, 'socket.dat');
  const server = createServer();
  await new Promise<void>((r) => server.listen(socket, r));
  return { fifo, socket, folder, device: '/dev/null', close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A dat with a Region for the soundscape tests (core/test/ambientFixtures: terrain types
 * "Quiet", "Grass", "Water"; three ambient sets), its three SoundTables and their four waves
 * (22050 frames of a sine each, mono 16-bit, each its own pitch), built by our writers; every Wave
 * says `sampleRate` Hz (default 22050: one second).
 */
export function soundscapeDat(sampleRate = 22050): Uint8Array {
  const files: DatWriterFile[] = [{ id: 0x13000000, data: writeRegion(ambientRegion()) }];
  for (const t of AMBIENT_TABLES.values()) files.push({ id: t.id, data: writeSoundTable(t) });
  Object.values(WAVE_OF).forEach((id, k) => {
    const amp = 9000;
    files.push({
      id,
      data: waveBytes(
        id,
        pcmFormat(1, sampleRate, 16),
        pcm16(22050, 1, (i) => Math.round(Math.sin((i * (k + 2) * 2 * Math.PI * 110) / 22050) * amp)),
      ),
    });
  });
  return writeDat(files, { maxEntriesPerNode: 4 });
}

/** Ids of {@link namingDat} (issue #10's naming example: `{table}/{cue}_{id}`). */
export const NAMING = {
  /** First used by SoundTable 0x20000001 ("Human (male)") as Wound1; also by 0x20000005. */
  wound: 0x0a000012,
  /** Also Wound1 of 0x20000001 (its second row): the same `{table}/{cue}` name, numbered. */
  wound2: 0x0a000013,
  /** No SoundTable names it. */
  unused: 0x0a000099,
  table: 0x20000001,
  laterTable: 0x20000005,
} as const;

/**
 * A small dat for export naming: three PCM Waves (0x0A000012 mono 22050 Hz, 0x0A000013 stereo
 * 11025 Hz, 0x0A000099 mono 11025 Hz, unused) and two SoundTables, the higher id first in the
 * file, so "first use" must pick by table id, then row order.
 */
export function namingDat(): Uint8Array {
  const sine = (i: number): number => Math.round(Math.sin(i / 7) * 9000);
  const key = (name: string): number => SOUND_TYPE_NAMES.indexOf(name);
  const row = (waveId: number) => ({ waveId, priority: 0, probability: 1, volume: 1 });
  const later = writeSoundTable({
    id: NAMING.laterTable,
    hashKey: 0,
    rootEntries: [],
    sounds: [{ key: key('Speak1'), entries: [row(NAMING.wound)], children: [] }],
  });
  const table = writeSoundTable({
    id: NAMING.table,
    hashKey: 0,
    rootEntries: [],
    sounds: [
      { key: key('Wound1'), entries: [row(NAMING.wound), row(NAMING.wound2)], children: [] },
      { key: key('Footstep1'), entries: [row(NAMING.wound2)], children: [] },
    ],
  });
  return writeDat([
    { id: NAMING.wound, data: waveBytes(NAMING.wound, pcmFormat(1, 22050, 16), pcm16(400, 1, sine)) },
    { id: NAMING.wound2, data: waveBytes(NAMING.wound2, pcmFormat(2, 11025, 16), pcm16(300, 2, sine)) },
    { id: NAMING.unused, data: waveBytes(NAMING.unused, pcmFormat(1, 11025, 16), pcm16(200, 1, sine)) },
    { id: NAMING.laterTable, data: later },
    { id: NAMING.table, data: table },
  ]);
}

/** The ids of {@link rate0Dat}. */
export const RATE0 = { wave: 0x0a000012, table: 0x20000001 } as const;

/**
 * A dat whose one Wave (0x0A000012, PCM mono 16-bit, 100 frames) has a sample rate of `rate` Hz
 * (default 0: it cannot be played and its length cannot be known; 1 or 4,000,000,000 Hz: outside
 * the one playability rule's 100..384,000 Hz). SoundTable 0x20000001 plays it at sound type 0x10
 * (probability 1).
 */
export function rate0Dat(rate = 0): Uint8Array {
  const table = writeSoundTable({
    id: RATE0.table,
    hashKey: 0,
    rootEntries: [],
    sounds: [{ key: 0x10, entries: [{ waveId: RATE0.wave, priority: 0, probability: 1, volume: 1 }], children: [] }],
  });
  return writeDat([
    {
      id: RATE0.wave,
      data: waveBytes(
        RATE0.wave,
        pcmFormat(1, rate, 16),
        pcm16(100, 1, () => 1000),
      ),
    },
    { id: RATE0.table, data: table },
  ]);
}

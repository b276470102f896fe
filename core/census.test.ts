import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryByteSource } from './bytes/ByteSource';
import { computeCensus } from './census';
import type { Census, SoundTableDetail, WaveInfo } from './contract';
import { DatFile } from './dat/DatFile';
import { SOUND_TABLE_RANGE, WAVE_RANGE } from './dat/ranges';
import { parseSoundTable, parseWave, soundTypeName, waveFacts } from './objects';
import { waveInfo } from './test/contractFixtures';

const f = Math.fround;

/** The demo dat listed the way the service lists it (WaveInfo, SoundTableDetail), from core only. */
async function demoListing(): Promise<{ waves: WaveInfo[]; tables: SoundTableDetail[] }> {
  const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, '../assets/demo_portal.dat')));
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const waves: WaveInfo[] = [];
  for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
    const w = parseWave(await dat.readEntry(e));
    const facts = waveFacts(w);
    waves.push({
      id: e.id,
      formatTag: w.format.wFormatTag,
      channels: facts.channels,
      sampleRate: facts.sampleRate,
      bitsPerSample: w.format.wBitsPerSample,
      blockAlign: w.format.nBlockAlign,
      avgBytesPerSec: w.format.nAvgBytesPerSec,
      headerSize: w.headerSize,
      dataSize: w.declaredDataSize,
      dataBytes: w.data.length,
      frames: facts.frames,
      durationSec: facts.durationSec,
      compressed: e.compressed,
      warnings: w.warnings,
      error: null,
    });
  }
  const tables: SoundTableDetail[] = [];
  for (const e of await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max)) {
    const t = parseSoundTable(await dat.readEntry(e));
    tables.push({
      id: t.id,
      label: null,
      hashKey: t.hashKey,
      rootEntries: t.rootEntries.map((x) => ({ ...x })),
      sounds: t.sounds.map((s) => ({
        soundType: s.key,
        name: soundTypeName(s.key),
        entries: s.entries.map((x) => ({ ...x })),
      })),
    });
  }
  return { waves, tables };
}

describe('computeCensus on the demo dat (numbers counted by hand from `acsound list --json`)', () => {
  let c: Census;
  beforeAll(async () => {
    const { waves, tables } = await demoListing();
    c = computeCensus(waves, tables);
  });

  it('Waves by format tag, rate, channels, bits and header size', () => {
    const w = c.waves;
    expect(w.count).toBe(27);
    const counts = (list: { value: number; waves: number }[]): [number, number][] =>
      list.map((b) => [b.value, b.waves]);
    expect(counts(w.byFormatTag)).toEqual([
      [1, 24],
      [0x0002, 1],
      [0x0011, 1],
      [0x55, 1],
    ]);
    expect(counts(w.bySampleRate)).toEqual([
      [11025, 18],
      [22050, 9],
    ]);
    expect(counts(w.byChannels)).toEqual([
      [1, 26],
      [2, 1],
    ]);
    expect(counts(w.byBitsPerSample)).toEqual([
      [0, 1],
      [4, 2],
      [8, 2],
      [16, 22],
    ]);
    expect(counts(w.byHeaderSize)).toEqual([
      [18, 24],
      [20, 1],
      [30, 1],
      [50, 1],
    ]);
    expect([w.headerSize18, w.headerSize30, w.headerSizeOther]).toEqual([24, 1, 2]);
    // bytes and seconds per bucket: the MP3 Wave is 5433 bytes, 1.3584 s; the stereo one 88200 bytes, 1 s;
    // MS ADPCM 3072 bytes = 6 blocks of 512 × 1012 frames at 22050 Hz; IMA ADPCM 1536 bytes = 6 × 256 × 505 at 11025 Hz
    expect(w.byFormatTag[3]).toMatchObject({ bytes: 5433 });
    expect(w.byFormatTag[3]!.durationSec).toBeCloseTo(1.3584, 4);
    expect(w.byFormatTag[1]).toMatchObject({ value: 0x0002, bytes: 3072 });
    expect(w.byFormatTag[1]!.durationSec).toBeCloseTo(6072 / 22050, 9);
    expect(w.byFormatTag[2]).toMatchObject({ value: 0x0011, bytes: 1536 });
    expect(w.byFormatTag[2]!.durationSec).toBeCloseTo(3030 / 11025, 9);
    expect(w.byChannels[1]).toEqual({ value: 2, waves: 1, durationSec: 1, bytes: 88200 });
    // + the ambient beds: wind 2 s at 11025 Hz (44100 bytes), birds 1.2 s and waterfall 2 s at 22050 Hz (52920 + 88200)
    expect(w.bySampleRate.map((b) => b.bytes)).toEqual([178347 + 1536 + 44100, 229461 + 3072 + 52920 + 88200]);
  });

  it('totals, compressed, lint, errors, unused', () => {
    const w = c.waves;
    expect(w.totalBytes).toBe(407808 + 4608 + 185220);
    expect(w.totalDurationSec).toBeCloseTo(13.91909 + 6072 / 22050 + 3030 / 11025 + 5.2, 4);
    // the two ADPCM Waves are in no SoundTable
    expect([w.compressed, w.withWarnings, w.withErrors, w.unused]).toEqual([0, 0, 0, 2]);
    expect([w.warningIds, w.errorIds, w.unusedIds]).toEqual([[], [], [0x0a000066, 0x0a000067]]);
  });

  it('SoundTables: types per table, rows, variants, unreachable rows, row values', () => {
    const t = c.soundTables;
    expect(t.count).toBe(4);
    expect(t.withErrors).toBe(0);
    expect(t.soundTypes).toBe(30);
    expect(t.soundTypesPerTable).toEqual([
      { value: 3, tables: 1 }, // the ambient table: Ambient1, Ambient2, Waterfall (one row each, priority 0)
      { value: 7, tables: 1 },
      { value: 8, tables: 1 },
      { value: 12, tables: 1 },
    ]);
    expect(t.rows).toBe(38);
    expect(t.rootRows).toBe(4); // one root entry per table (not in `list --json`): scripts/make-demo-dat.ts DEFAULT_ROOT
    // Swoosh2 (2), Footstep1 (3), Wound1 (2) in 0x20000001; Attack1 (2), Footstep1 (2), Wound1 (3) in 0x20000007
    expect(t.multiVariantSoundTypes).toBe(6);
    expect(t.multiVariantRows).toBe(14);
    expect(t.unreachableInRetail).toBe(6);
    expect(t.probabilityBelow1).toBe(6);
    expect(t.volumeNot1).toBe(15);
    expect(t.priorityNot0).toBe(35); // the demo's rows are not all priority 0
    expect([t.waveIdZero, t.missingWave, t.missingWaveIds]).toEqual([0, 0, []]);
    expect(t.byProbability).toEqual([
      { value: f(0.3), rows: 1 },
      { value: 0.5, rows: 4 },
      { value: 0.75, rows: 1 },
      { value: 1, rows: 32 },
    ]);
    expect(t.byPriority.map((v) => v.rows)).toEqual([3, 2, 4, 2, 7, 9, 2, 1, 4, 4]);
    expect(t.byPriority[0]!.value).toBe(0);
    expect(t.byPriority[1]!.value).toBe(f(0.2));
    expect(t.byVolume.at(-1)).toEqual({ value: 1, rows: 23 });
    expect(t.byVolume.reduce((s, v) => s + v.rows, 0)).toBe(38);
  });

  it('each cue: in how many tables and rows', () => {
    const by = new Map(c.soundTables.bySoundType.map((s) => [s.name, s]));
    expect(c.soundTables.bySoundType).toHaveLength(25);
    expect(by.get('Wound1')).toEqual({ soundType: 12, name: 'Wound1', tables: 2, rows: 5 });
    expect(by.get('Footstep1')).toEqual({ soundType: 0x37, name: 'Footstep1', tables: 2, rows: 5 });
    expect(by.get('UI_Bell')).toEqual({ soundType: 119, name: 'UI_Bell', tables: 1, rows: 1 });
  });
});

describe('computeCensus: what the demo does not have', () => {
  const wave = waveInfo;
  const row = (waveId: number, priority = 0, probability = 1, volume = 1) => ({
    waveId,
    priority,
    probability,
    volume,
  });
  const waves = [
    wave(0x0a000001),
    wave(0x0a000002, { compressed: true, warnings: ['nBlockAlign 4 disagrees with 2'] }),
    wave(0x0a000003, {
      error: { name: 'DatFormatError', message: 'truncated' },
      formatTag: 0,
      headerSize: 0,
      dataSize: 0,
      dataBytes: 0,
      durationSec: 0,
    }),
    wave(0x0a000004, { headerSize: 20 }),
  ];
  const tables: SoundTableDetail[] = [
    {
      id: 0x20000001,
      label: null,
      hashKey: 0,
      rootEntries: [],
      sounds: [
        { soundType: 12, name: 'Wound1', entries: [row(0x0a000001), row(0), row(0x0a0000ff)] },
        { soundType: 12, name: 'Wound1', entries: [row(0x0a000001)] },
      ],
    },
  ];
  const c = computeCensus(waves, tables, 2);

  it('counts errors apart from the buckets, compressed entries, lint, other header sizes, unused Waves', () => {
    expect(c.waves.count).toBe(4);
    expect(c.waves.byFormatTag).toEqual([{ value: 1, waves: 3, durationSec: 1.5, bytes: 300 }]);
    expect(c.waves.byHeaderSize.map((b) => b.value)).toEqual([18, 20]);
    expect([c.waves.headerSize18, c.waves.headerSize30, c.waves.headerSizeOther]).toEqual([2, 0, 1]);
    expect(c.waves.compressed).toBe(1);
    expect(c.waves.warningIds).toEqual([0x0a000002]);
    expect(c.waves.errorIds).toEqual([0x0a000003]);
    expect(c.waves.unusedIds).toEqual([0x0a000002, 0x0a000003, 0x0a000004]);
  });

  it('a salvaged Wave counts the bytes present, not its declared data size', () => {
    const salvaged = computeCensus([wave(0x0a000001, { dataSize: 700, dataBytes: 495 })], [], 0).waves;
    expect(salvaged.byFormatTag[0]!.bytes).toBe(495);
    expect(salvaged.totalBytes).toBe(495);
  });

  it('rows naming Wave 0 or a Wave the dat lacks; a cue twice in one table counts the table once', () => {
    const t = c.soundTables;
    expect(t.withErrors).toBe(2);
    expect([t.rows, t.waveIdZero, t.missingWave, t.missingWaveIds]).toEqual([4, 1, 1, [0x0a0000ff]]);
    expect([t.multiVariantSoundTypes, t.multiVariantRows, t.unreachableInRetail]).toEqual([1, 3, 1]);
    expect([t.priorityNot0, t.probabilityBelow1, t.volumeNot1]).toEqual([0, 0, 0]);
    expect(t.bySoundType).toEqual([{ soundType: 12, name: 'Wound1', tables: 1, rows: 4 }]);
  });

  it('an empty dat counts zero everywhere', () => {
    const e = computeCensus([], []);
    expect(e.waves.count).toBe(0);
    expect(e.waves.byFormatTag).toEqual([]);
    expect(e.soundTables.rows).toBe(0);
  });
});

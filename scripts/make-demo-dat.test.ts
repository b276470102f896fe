import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../core/bytes/ByteSource';
import { BTreeReader } from '../core/dat/BTree';
import { DatFile } from '../core/dat/DatFile';
import { SOUND_TABLE_RANGE, WAVE_RANGE } from '../core/dat/ranges';
import { bytesEqual, entryBlocks } from '../core/dat/testing';
import { decodeWave } from '../core/audio';
import { parseSoundTable, parseWave, scanMpegStream, soundTypeName, waveFacts } from '../core/objects';
import { DEMO, DEMO_DAT_PATH, buildDemoDat } from './make-demo-dat';

const built = buildDemoDat();

async function open(): Promise<DatFile> {
  return DatFile.open(new MemoryByteSource(built));
}

describe('assets/demo_portal.dat', () => {
  it('the committed file equals a fresh in-memory build byte for byte (run `npm run demo` after changing the generator)', () => {
    const committed = new Uint8Array(readFileSync(DEMO_DAT_PATH));
    expect(committed.length).toBe(built.length);
    expect(bytesEqual(committed, built)).toBe(true);
  });

  it('demo dat labels: only the humanoid and creature tables carry real ACE labels that fit them; the UI table has none', async () => {
    const labels = JSON.parse(
      readFileSync(new URL('../assets/soundtable-labels.json', import.meta.url), 'utf8'),
    ) as Record<string, { label: string }>;
    const key = (id: number): string => '0x' + id.toString(16).toUpperCase().padStart(8, '0');
    const dat = await open();
    const byId = new Map<number, string[]>();
    for (const id of DEMO.soundTableIds) {
      const t = parseSoundTable(await dat.readObject(id));
      byId.set(
        id,
        t.sounds.map((s) => soundTypeName(s.key)),
      );
    }
    // 0x20000001 "Human (male)": footsteps, swings, wounds — a humanoid's sounds
    expect(labels[key(0x20000001)]?.label).toBe('Human (male)');
    expect(byId.get(0x20000001)).toEqual(expect.arrayContaining(['Footstep1', 'Swoosh1', 'Wound1', 'Death1']));
    // 0x20000007 "Drudge": a creature's speak/attack/grunt/wound set
    expect(labels[key(0x20000007)]?.label).toBe('Drudge');
    expect(byId.get(0x20000007)).toEqual(expect.arrayContaining(['Speak1', 'Attack1', 'Grunt1', 'Wound1']));
    // the interface table holds only UI_* sounds, so it must not borrow a creature's label ("Rat" for 0x2000000F)
    const ui = DEMO.soundTableIds.find((id) => byId.get(id)!.every((n) => n.startsWith('UI_')))!;
    expect(ui).toBe(0x2000000c);
    expect(labels[key(ui)]).toBeUndefined();
    expect(DEMO.soundTableIds).not.toContain(0x2000000f);
  });

  it('is deterministic: two builds are identical', () => {
    expect(bytesEqual(buildDemoDat(), built)).toBe(true);
  });

  it('reads back with the expected counts: entries, Waves, SoundTables, iteration 2072', async () => {
    const dat = await open();
    expect(dat.header).toMatchObject({ format: 'eor', blockSize: 1024, dataSet: 1, fileSize: built.length });
    expect(dat.warnings).toEqual([]);
    expect(await dat.countEntries()).toBe(DEMO.entryCount);
    expect((await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).length).toBe(DEMO.waveCount);
    expect((await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max)).map((e) => e.id)).toEqual([
      ...DEMO.soundTableIds,
    ]);
    expect(await dat.readIteration()).toBe(DEMO.iteration);
    expect(await dat.find(0x8a000001)).toBeDefined();
    expect((await dat.find(0x0e00001f))?.compressed).toBe(true);
  });

  it('spreads over a multi-level B-tree with fragmented chains', async () => {
    const dat = await open();
    const tree = new BTreeReader(dat.source, dat.geometry, 'eor', dat.header.btreeRoot);
    const root = await tree.node(dat.header.btreeRoot);
    expect(root.leaf).toBe(false);
    expect(root.entries.length).toBeLessThanOrEqual(8);
    const long = (await dat.find(0x0a000033))!;
    expect(long.size).toBeGreaterThanOrEqual(60_000);
    const blocks = entryBlocks(built, long);
    expect(blocks.length).toBeGreaterThanOrEqual(59);
    expect(blocks.filter((b, i) => i > 0 && b === blocks[i - 1]! + 1024).length).toBeLessThan(10);
  });

  it('holds the intended Wave mix: mostly 16-bit mono 11025 Hz, 22050 Hz ones, 8-bit with 0x80 lead-in, odd length, stereo, MP3', async () => {
    const dat = await open();
    const waves = await Promise.all(
      (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).map(async (e) => parseWave(await dat.readEntry(e))),
    );
    const f = (w: (typeof waves)[number]) => w.format;
    const retail = waves.filter(
      (w) =>
        f(w).wFormatTag === 1 && f(w).nChannels === 1 && f(w).wBitsPerSample === 16 && f(w).nSamplesPerSec === 11025,
    );
    expect(retail.length).toBeGreaterThan(waves.length / 2);
    expect(waves.filter((w) => f(w).nSamplesPerSec === 22050 && f(w).wFormatTag === 1).length).toBeGreaterThanOrEqual(
      2,
    );
    const eight = waves.filter((w) => f(w).wBitsPerSample === 8);
    expect(eight.length).toBe(2);
    expect(eight.some((w) => w.data.subarray(0, 400).every((b) => b === 0x80))).toBe(true);
    expect(waves.filter((w) => f(w).wFormatTag === 1 && w.data.length % 2 === 1).length).toBe(1);
    expect(waves.filter((w) => f(w).nChannels === 2).length).toBe(1);
    const mp3 = waves.filter((w) => f(w).wFormatTag === 0x55);
    expect(mp3.length).toBe(1);
    const m = mp3[0]!;
    expect(m.headerSize).toBe(30);
    expect(m.format).toMatchObject({
      nChannels: 1,
      nSamplesPerSec: 22050,
      nAvgBytesPerSec: 4000,
      nBlockAlign: 1,
      cbSize: 12,
    });
    expect(m.format.mp3).toEqual({ wID: 1, fdwFlags: 0, nBlockSize: 104, nFramesPerBlock: 1, nCodecDelay: 576 });
    const scan = scanMpegStream(m.data);
    expect(scan.first).toMatchObject({ version: 2, layer: 3, sampleRate: 22050, channels: 1 });
    expect(scan.frameCount).toBeGreaterThan(40);
    for (const w of waves) expect(w.warnings).toEqual([]);
  });

  it('holds an MS ADPCM (0x0002) and an IMA ADPCM (0x0011) Wave that decode to their block-derived length', async () => {
    const dat = await open();
    const waves = await Promise.all(
      (await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)).map(async (e) => parseWave(await dat.readEntry(e))),
    );
    for (const [tag, headerSize] of [
      [0x0002, 50],
      [0x0011, 20],
    ] as const) {
      const adpcm = waves.filter((w) => w.format.wFormatTag === tag);
      expect(adpcm.length).toBe(1);
      const w = adpcm[0]!;
      expect(w.headerSize).toBe(headerSize);
      const a = await decodeWave(w);
      expect(a.channels[0]!.length).toBe(waveFacts(w).frames);
      const samplesPerBlock = new DataView(w.formatBytes.buffer, w.formatBytes.byteOffset).getUint16(18, true); // wSamplesPerBlock
      expect(waveFacts(w).frames).toBe((w.data.length / w.format.nBlockAlign) * samplesPerBlock);
    }
  });

  it('PCM Waves are audible, not silent, with peaks between −6 and −3 dBFS', async () => {
    const dat = await open();
    for (const e of await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)) {
      const w = parseWave(await dat.readEntry(e));
      if (w.format.wFormatTag !== 1) continue;
      let peak = 0;
      let sumSq = 0;
      const n = w.format.wBitsPerSample === 16 ? w.data.length >> 1 : w.data.length;
      const dv = new DataView(w.data.buffer, w.data.byteOffset, w.data.byteLength);
      for (let i = 0; i < n; i++) {
        const v = w.format.wBitsPerSample === 16 ? dv.getInt16(i * 2, true) / 32768 : (w.data[i]! - 128) / 128;
        peak = Math.max(peak, Math.abs(v));
        sumSq += v * v;
      }
      const peakDb = 20 * Math.log10(peak);
      expect(peakDb, `wave 0x${e.id.toString(16)}`).toBeGreaterThan(-6.2);
      expect(peakDb).toBeLessThan(-3);
      expect(Math.sqrt(sumSq / n)).toBeGreaterThan(0.02);
    }
  });

  it('SoundTables reference only Waves in the dat and hold multi-variant rows in unsorted (hash-bucket) order', async () => {
    const dat = await open();
    const rows: { key: number; n: number; probs: number[]; vols: number[] }[] = [];
    for (const id of DEMO.soundTableIds) {
      const t = parseSoundTable(await dat.readObject(id));
      expect(t.id).toBe(id);
      expect(t.rootEntries).toEqual([{ waveId: 0, priority: 0, probability: 1, volume: 1 }]);
      const keys = t.sounds.map((s) => s.key);
      expect(keys).not.toEqual([...keys].sort((a, b) => a - b));
      for (const s of t.sounds) {
        for (const v of s.entries) expect(await dat.find(v.waveId)).toBeDefined();
        rows.push({
          key: s.key,
          n: s.entries.length,
          probs: s.entries.map((v) => v.probability),
          vols: s.entries.map((v) => v.volume),
        });
      }
    }
    expect(rows.some((r) => r.n === 2)).toBe(true);
    expect(rows.some((r) => r.n === 3)).toBe(true);
    expect(rows.some((r) => r.probs.includes(0.5))).toBe(true);
    expect(rows.some((r) => r.vols.some((v) => Math.abs(v - 0.8) < 1e-6))).toBe(true);
  });
});

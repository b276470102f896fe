import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from '../dat';
import { FX, fixtureDat } from '../../node/test/fixtures';
import { parseSoundTable, parseSoundTableRows, writeSoundTable, type SoundEntry, type SoundTable } from '../objects';
import { indexDat, tableDetail } from './DatIndex';
import { soundTypeSummaries } from './soundTables';

const e = (waveId: number, priority = 0.5, probability = 1, volume = 0.75): SoundEntry => ({
  waveId,
  priority: Math.fround(priority),
  probability: Math.fround(probability),
  volume: Math.fround(volume),
});

/** Tables with no sound types, unknown keys, several rows, grandchildren (two levels) and an empty root. */
const TABLES: SoundTable[] = [
  { id: 0x20000001, hashKey: 0, rootEntries: [e(0, 0, 1, 1)], sounds: [] },
  {
    id: 0x20000002,
    hashKey: 7,
    rootEntries: [],
    sounds: [
      { key: 0x58, entries: [e(0x0a000001)], children: [] },
      { key: 0xff, entries: [e(0x0a000002), e(0x0a000003, 1, 0.5, 0.25)], children: [] },
      {
        key: 0x37,
        entries: [],
        children: [{ key: 0x12, entries: [e(0x0a000004)], children: [{ key: 1, entries: [e(5)], children: [] }] }],
      },
    ],
  },
];

/** The table's listing rows as the index made them before: `soundTypeSummaries` of the whole parse; or 'throws'. */
function summariesOf(bytes: Uint8Array): unknown {
  try {
    return soundTypeSummaries(parseSoundTable(bytes));
  } catch {
    return 'throws';
  }
}

describe('parseSoundTableRows: the listing rows without the table (issue #9)', () => {
  it("every truncation, extension and single-byte change: the rows of soundTypeSummaries(parseSoundTable), null exactly where it throws, whatever the view's length", () => {
    let cases = 0;
    let listed = 0;
    for (const good of TABLES.map(writeSoundTable)) {
      const variants: Uint8Array[] = [good, Uint8Array.from([...good, 0, 0, 0, 0])];
      for (let n = 0; n < good.length; n++) variants.push(good.subarray(0, n));
      for (let i = 0; i < good.length; i++)
        for (const x of [0x00, 0x01, 0x02, 0x7f, 0xff]) {
          const b = good.slice();
          b[i] = x;
          variants.push(b);
        }
      for (const b of variants) {
        const rows = parseSoundTableRows(b);
        expect(rows ?? 'throws').toEqual(summariesOf(b));
        // a view running past the bytes (a reused buffer's): reads stop at the bytes' end
        const padded = new Uint8Array(b.length + 16).fill(0x01);
        padded.set(b);
        expect(parseSoundTableRows(b, new DataView(padded.buffer))).toEqual(rows);
        if (rows !== null) listed++;
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(1000);
    expect(listed).toBeGreaterThan(100);
  });
});

describe('indexDat: SoundTables listed from their bytes, parsed on first use', () => {
  it('parsed.get gives parseSoundTable of the stored bytes, the same object on every call; a broken table its error', async () => {
    const bytes = fixtureDat();
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const index = await indexDat(dat);
    const stored = parseSoundTable(await dat.readObject(FX.table));
    const first = index.soundTables.parsed.get(FX.table);
    expect(first).toEqual(stored);
    expect(index.soundTables.parsed.get(FX.table)).toBe(first);
    expect(tableDetail(index, FX.table).sounds.map((s) => s.entries.length)).toEqual(
      stored.sounds.map((s) => s.entries.length),
    );
    expect(index.soundTables.parsed.get(FX.brokenTable)).toBeInstanceOf(Error);
    expect(index.soundTables.parsed.get(0x20000099)).toBeUndefined();
    expect(index.soundTables.parsed.get(FX.table - 1)).toBeUndefined();
  });
});

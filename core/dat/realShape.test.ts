import { describe, expect, it } from 'vitest';
import { writeDat } from './DatWriter';
import { WAVE_RANGE, SOUND_TABLE_RANGE } from './ranges';
import { getU32, openCounting, testBytes } from './testing';

/**
 * The published shape of the real client_portal.dat (dat-format §1.4, §2.2, §3.1, §3.2):
 * block size 1024 (1020 payload), 1716-byte nodes spanning 2 blocks (1020 + 696), order 61,
 * entry word 0x00020000, dataSet 1, engine 110, minor 6657.
 */
describe('§1.4 real portal shape', () => {
  const files = [
    ...Array.from({ length: 3000 }, (_, i) => ({ id: 0x0a000000 + i, data: testBytes(12 + (i % 7), i) })),
    ...Array.from({ length: 400 }, (_, i) => ({ id: 0x20000000 + i, data: testBytes(30, i) })),
    ...Array.from({ length: 2000 }, (_, i) => ({ id: 0x01000000 + i, data: testBytes(8, i) })),
  ];
  const bytes = writeDat(files, { iteration: 2072, fragment: 9 });

  it('§1.4 block size 1024, dataSet 1, engine 110, minor 6657, iteration 2072', async () => {
    const { dat } = await openCounting(bytes);
    expect(dat.header).toMatchObject({
      blockSize: 1024,
      dataSet: 1,
      dataSubset: 0,
      engineVersion: 110,
      minorVersion: 6657,
    });
    expect(await dat.readIteration()).toBe(2072);
  });

  it('§3.1 a node is 1716 bytes read as two blocks: 4 + 1020 and 4 + 696 bytes', async () => {
    const { dat, src } = await openCounting(bytes);
    // open() = header probe (0x190 bytes) + the root node
    expect(src.offsets.length).toBe(3);
    expect(src.bytesRead).toBe(0x190 + (4 + 1020) + (4 + 696));
    const root = dat.header.btreeRoot;
    expect(src.offsets[1]).toBe(root);
    expect(src.offsets[2]).toBe(getU32(bytes, root));
    expect(getU32(bytes, getU32(bytes, root))).toBe(0); // the node's chain ends after block 2
  });

  it('§3.1 with order 61 the tree has 3 levels for 5401 entries, every node holds ≤ 61 entries', async () => {
    const fresh = await openCounting(bytes);
    fresh.src.reset();
    expect(await fresh.dat.find(0x0a000000 + 3000)).toBeUndefined(); // absent ids end in a leaf
    expect(fresh.src.reads).toBe(4); // two more nodes of 2 blocks below the cached root
    const { dat, src } = await openCounting(bytes);
    expect(await dat.countEntries()).toBe(5401);
    const nodeReads = src.offsets.length - 3;
    expect(nodeReads / 2).toBeGreaterThanOrEqual(Math.ceil(5401 / 61) - 1);
    src.reset();
    await dat.find(0x0a000777);
    expect(src.reads).toBe(0); // everything cached
  });

  it('§3.2 entry word is 0x00020000 (version 2, not compressed)', async () => {
    const { dat } = await openCounting(bytes);
    const root = dat.header.btreeRoot;
    expect(getU32(bytes, root + 4 + 252)).toBe(0x00020000);
    const e = (await dat.find(0x0a000005))!;
    expect(e.version).toBe(2);
    expect(e.compressed).toBe(false);
  });

  it('§3.3 type ranges: Waves and SoundTables by range walk', async () => {
    const { dat } = await openCounting(bytes);
    const waves = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max);
    expect(waves.map((e) => e.id)).toEqual(Array.from({ length: 3000 }, (_, i) => 0x0a000000 + i));
    const tables = await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max);
    expect(tables.map((e) => e.id)).toEqual(Array.from({ length: 400 }, (_, i) => 0x20000000 + i));
    // the range walks skip the 0x01… subtree: no entry outside the ranges comes back
    expect([...waves, ...tables].every((e) => e.id >= WAVE_RANGE.min && e.id <= SOUND_TABLE_RANGE.max)).toBe(true);
  });
});

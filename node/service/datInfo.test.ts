import { afterAll, describe, expect, it, vi } from 'vitest';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { DatFile, SOUND_TABLE_RANGE, WAVE_RANGE } from '../../core/dat';
import { entryBlocks } from '../../core/dat/testing';
import { FileByteSource } from '../FileByteSource';
import { fixtureDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { readDatInfo } from './datInfo';
import { EntryCountCache } from './entryCountCache';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-datinfo-');
afterAll(() => tmp.cleanup());

/** The first offset of every block of every Wave and SoundTable of the fixture dat. */
async function objectBlocks(bytes: Uint8Array): Promise<Set<number>> {
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const blocks = new Set<number>();
  for (const range of [WAVE_RANGE, SOUND_TABLE_RANGE])
    for (const e of await dat.entriesInRange(range.min, range.max))
      if (e.size > 0) for (const b of entryBlocks(bytes, e)) blocks.add(b);
  return blocks;
}

describe('readDatInfo (acsound info)', () => {
  it('reads the header, the directory and the iteration only: no block of a Wave or SoundTable', async () => {
    const bytes = fixtureDat();
    const path = writeFixtureDat(tmp.dir, 'info.dat', bytes);
    const objects = await objectBlocks(bytes);
    expect(objects.size).toBeGreaterThan(10);
    const reads = vi.spyOn(FileByteSource.prototype, 'readInto');
    let info;
    let touched: number[];
    try {
      info = await readDatInfo(path, null);
      touched = reads.mock.calls.map(([, , offset]) => offset);
    } finally {
      reads.mockRestore();
    }
    expect(touched.length).toBeGreaterThan(0);
    expect(touched.filter((o) => objects.has(o))).toEqual([]);
    expect(info.waveCount).toBeGreaterThan(0);
    expect(info.soundTableCount).toBeGreaterThan(0);
  });

  it('gives what an open service gives (getDatInfo), with the same entry-count cache entry', async () => {
    const path = writeFixtureDat(tmp.dir, 'same.dat');
    const s = new SoundService({ entryCountCache: null });
    await s.openDat(path);
    const viaService = await s.getDatInfo();
    await s.close();
    expect(await readDatInfo(path, null)).toEqual(viaService);
    // the strict count it stores is the one an open service looks up for this file (one key)
    const cacheDir = tempDir('acsound-datinfo-cache-');
    try {
      const cache = new EntryCountCache(cacheDir.dir, { racyMarginMs: 0 });
      const first = await readDatInfo(path, cache);
      const walk = vi.spyOn(DatFile.prototype, 'countEntries');
      try {
        const t = new SoundService({ entryCountCache: cache });
        await t.openDat(path);
        expect((await t.getDatInfo()).entryCount).toBe(first.entryCount);
        await t.close();
        expect(walk).not.toHaveBeenCalled();
      } finally {
        walk.mockRestore();
      }
    } finally {
      cacheDir.cleanup();
    }
  });
});

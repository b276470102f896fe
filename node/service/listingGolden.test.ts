import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { CountingByteSource, DatFile } from '../../core/dat';
import { indexDat } from '../../core/index';
import { FileByteSource } from '../FileByteSource';
import { assetsDir, demoDatPath } from '../paths';
import { brokenChainDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-golden-');
afterAll(() => tmp.cleanup());

/**
 * SHA-256 of `JSON.stringify({waves: listWaves(), soundTables: listSoundTables()})`, computed with
 * the index as it was before the synchronous listing of issue #9 (per-object promises, the cursor
 * and struct tokens for every Wave header, a copied data buffer per MP3 Wave), then renewed once
 * when each Wave row gained `dataBytes` (the bytes present: a salvaged Wave's Size), after checking
 * that the old and new listings of both dats differ by that key alone. A change to the listing's
 * shape or values changes these hashes: check the difference the same way before renewing them.
 */
const GOLDEN: [string, () => string, string][] = [
  ['the demo dat', () => demoDatPath(), '8c9ba458d1e859401e5033f9a7ae90495e4dafe722916e385eb44ab0b091a627'],
  [
    'the writer-built fixture dat (broken, compressed, unsupported, fragmented and linted Waves, a broken table)',
    () => writeFixtureDat(tmp.dir),
    '9cf088b54adca615975c4f370374cd4bb5e67ad934a806e94cfd078ebc7cbf40',
  ],
];

async function listingJson(path: string): Promise<string> {
  const s = new SoundService({ assetsDir: assetsDir() });
  try {
    await s.openDat(path);
    return JSON.stringify({ waves: await s.listWaves(), soundTables: await s.listSoundTables() });
  } finally {
    await s.close();
  }
}

describe('open + list is byte-for-byte what it was before the synchronous index (issue #9)', () => {
  it.each(GOLDEN)('the listing JSON of %s is unchanged', async (_name, path, sha256) => {
    const json = await listingJson(path());
    expect(createHash('sha256').update(json).digest('hex')).toBe(sha256);
  });

  it.each(GOLDEN)(
    'the synchronous index of %s equals the per-block, one-promise-per-object index',
    async (_name, path) => {
      const file = path();
      const sync = await DatFile.open(await FileByteSource.open(file));
      // a source without readInto: every chain read block by block through promises
      const perBlock = await DatFile.open(new CountingByteSource(new MemoryByteSource(readFileSync(file))));
      const [a, b] = [await indexDat(sync), await indexDat(perBlock)];
      await sync.close();
      expect(sync.readsSync).toBe(true);
      expect(perBlock.readsSync).toBe(false);
      expect(JSON.stringify([a.waves.rows, a.soundTables.rows, a.iteration, a.warnings])).toBe(
        JSON.stringify([b.waves.rows, b.soundTables.rows, b.iteration, b.warnings]),
      );
      for (const w of a.waves.rows) expect(a.references.to(w.id)).toEqual(b.references.to(w.id));
    },
  );

  it('a Wave chain broken past its first block lists the same, synchronously or not', async () => {
    const { bytes } = await brokenChainDat();
    const sync = await indexDat(await DatFile.open(new MemoryByteSource(bytes)));
    const perBlock = await indexDat(await DatFile.open(new CountingByteSource(new MemoryByteSource(bytes))));
    expect(JSON.stringify(sync.waves.rows)).toBe(JSON.stringify(perBlock.waves.rows));
  });
});

/**
 * A dat missing only its tail (docs/formats/dat.md §1.3: the header's `fileSize` says more than
 * the file has): every read or link past the end says the file looks truncated, one wording; the
 * Waves and SoundTables whose B-tree entries are still there are listed (each with its own error
 * when its blocks are gone), the part of the tree lost with the tail is a warning naming its ids —
 * as a corrupt node outside the sound ranges is handled. A file whose header does NOT claim more
 * keeps the strict checks: a link past its end is corruption, and fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DatFile, WAVE_RANGE } from './DatFile';
import type { MissingSubtree } from './BTree';
import type { ByteSource } from '../bytes/ByteSource';
import { indexDat } from '../index/DatIndex';

const demo = new Uint8Array(readFileSync(new URL('../../assets/demo_portal.dat', import.meta.url)));
const TRUNCATED_NOTE = `the header declares ${demo.length} bytes, so the file looks truncated`;

/** A source over `bytes`, async-only or with the synchronous `readInto` (both read paths). */
function source(bytes: Uint8Array, sync: boolean): ByteSource {
  const s: ByteSource = { size: bytes.length, read: async (o, n) => bytes.slice(o, o + n) };
  if (sync) s.readInto = (buf, at, o, n) => void buf.set(bytes.subarray(o, o + n), at);
  return s;
}

/** The demo dat cut to `size` bytes (its header still declares the whole size). */
const cut = (size: number): Uint8Array => demo.slice(0, size);

describe('a truncated dat: one wording, and what is there still lists', () => {
  for (const sync of [false, true]) {
    it(`a child link into the missing tail says the file looks truncated (${sync ? 'readInto' : 'read'})`, async () => {
      const dat = await DatFile.open(source(cut(700_000), sync));
      const err = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max).catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'DatFormatError' });
      expect((err as Error).message).toBe(
        `B-tree node has invalid child link 5 = 0x000B8C00, which points beyond the end of the file (700000 bytes; ${TRUNCATED_NOTE}) at offset 0x00071800`,
      );
      // a lookup in the lost part says the same; one elsewhere still finds its entry
      await expect(dat.find(0x0a000064)).rejects.toThrow(TRUNCATED_NOTE);
      expect((await dat.find(0x0a000012))?.id).toBe(0x0a000012);
      // the strict whole-tree count fails with the same wording
      await expect(dat.countEntries()).rejects.toThrow(TRUNCATED_NOTE);
      await expect(dat.countEntriesQuick()).rejects.toThrow(TRUNCATED_NOTE);
    });

    it(`the range walk with onMissing returns every entry it still has and names the lost ids (${sync ? 'readInto' : 'read'})`, async () => {
      const whole = await (await DatFile.open(source(demo, sync))).entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max);
      const dat = await DatFile.open(source(cut(700_000), sync));
      const missing: MissingSubtree[] = [];
      const got = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max, { onMissing: (m) => missing.push(m) });
      // node 0x000B8C00 (child link 5 of the root) is past the end; node 0x00057000 is there but
      // its second block is not: both parts are named, everything else is returned
      missing.sort((a, b) => a.after! - b.after!);
      expect(missing.map(({ after, before }) => ({ after, before }))).toEqual([
        { after: 0x0a000033, before: 0x0a000061 },
        { after: 0x0a000061, before: 0x0a000071 },
      ]);
      for (const m of missing) expect(m.error.message).toContain(TRUNCATED_NOTE);
      const lost = (id: number): boolean => missing.some((m) => id > m.after! && id < m.before!);
      expect(got.map((e) => e.id)).toEqual(whole.map((e) => e.id).filter((id) => !lost(id)));
      expect(got.length).toBeGreaterThan(10);
    });
  }

  it('the index lists the rest: a warning names the lost Waves, objects past the end carry their own error', async () => {
    const dat = await DatFile.open(source(cut(700_000), true));
    const index = await indexDat(dat);
    expect(index.warnings).toEqual(
      expect.arrayContaining([
        `Waves 0x0A000062–0x0A000070 cannot be listed: B-tree node has invalid child link 5 = 0x000B8C00, which points beyond the end of the file (700000 bytes; ${TRUNCATED_NOTE}) at offset 0x00071800`,
        `Waves 0x0A000034–0x0A000060 cannot be listed: B-tree node continues with link 0x000BBC00, beyond the end of the file (700000 bytes; ${TRUNCATED_NOTE}) at offset 0x00057000`,
      ]),
    );
    const ids = index.waves.rows.map((w) => w.id);
    expect(ids).toContain(0x0a000012);
    expect(ids).not.toContain(0x0a000064);
    expect(index.waves.rows.every((w) => w.error === null)).toBe(true); // each lists from its first block
    // a listed Wave whose later blocks are gone: reading it says so, in the same wording
    await expect(dat.readEntry(index.waves.entries.get(0x0a000030)!)).rejects.toThrow(
      `block chain of 0x0A000030 continues with link 0x000B5C00, beyond the end of the file (700000 bytes; ${TRUNCATED_NOTE}) at offset 0x00048C00`,
    );
    expect(index.soundTables.rows.map((t) => t.id)).toContain(0x20000001);
  });

  it('a file whose header claims no more than it has keeps the strict check: a link past its end fails', async () => {
    const bytes = cut(700_000);
    new DataView(bytes.buffer).setUint32(0x148, bytes.length, true); // fileSize = the real size
    const err = await DatFile.open(source(bytes, true)).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      'B-tree node has invalid child link 5 = 0x000B8C00, which points beyond the end of the file (700000 bytes) at offset 0x00071800',
    );
  });
});

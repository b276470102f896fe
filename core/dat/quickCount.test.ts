import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFormatError } from '../errors';
import { CountingByteSource } from './CountingByteSource';
import { lastIdInOrder } from './BTreeNode';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { getU32, setU32, testBytes } from './testing';

const ids = Array.from({ length: 3000 }, (_, i) => 0x01000000 + i * 3);
const files = ids.map((id, i) => ({ id, data: testBytes(20 + (i % 300), i) }));

describe('§3.1 entry count from each node first block (issue #9)', () => {
  it('§3.1 count and child links sit before the entries: the first-block count equals the full walk, one read per node', async () => {
    for (const maxEntriesPerNode of [3, 61]) {
      const bytes = writeDat(files, { maxEntriesPerNode, fragment: 7, iteration: 5 });
      const src = new CountingByteSource(new MemoryByteSource(bytes));
      const dat = await DatFile.open(src);
      src.reset();
      const quick = await dat.countEntriesQuick();
      expect(quick).toBe(ids.length + 1);
      const quickReads = src.reads;
      src.reset();
      expect(await dat.countEntries()).toBe(quick);
      // the strict walk reads 2 blocks per node (1716-byte nodes, 1 KiB blocks); the quick one 1
      expect(quickReads * 2).toBe(src.reads + 2); // + the root, already cached by open for the strict walk
      expect(src.bytesRead).toBeGreaterThan(0);
    }
  });

  it('§3.1 the first-block count reads each node once, its first block only, through either read path', async () => {
    const bytes = writeDat(files, { maxEntriesPerNode: 61, fragment: 7, iteration: 5 });
    for (const sync of [false, true]) {
      const src = new CountingByteSource(new MemoryByteSource(bytes), { sync });
      const dat = await DatFile.open(src);
      src.reset();
      expect(await dat.countEntriesQuick()).toBe(ids.length + 1);
      // one read per node, each exactly one 1 KiB block (the node's link word and its first 1020 bytes)
      expect(new Set(src.offsets).size).toBe(src.reads);
      expect(src.lengths.every((n) => n === 1024)).toBe(true);
      expect(src.reads).toBeGreaterThan(ids.length / 61);
    }
  });

  it('§3.1 a corrupt node header is found by the first-block count: entry count > 61, child link with the free bit', async () => {
    const bytes = writeDat(files, { maxEntriesPerNode: 3, iteration: 5 });
    const root = getU32(bytes, 0x160);
    const badCount = bytes.slice();
    setU32(badCount, root + 4 + 62 * 4, 62);
    await expect(DatFile.open(new MemoryByteSource(badCount)).then((d) => d.countEntriesQuick())).rejects.toThrow(
      /entry count 62/,
    );
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const child = getU32(bytes, root + 4); // branch[0] of the root
    setU32(bytes, child + 4 + 4, 0x80000400); // a child link of the child with the free bit
    const err = await dat.countEntriesQuick().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatFormatError);
  });

  it('§3.2 ids out of order in a first block: the quick count and the strict walk give the same error', async () => {
    const bytes = writeDat(files, { maxEntriesPerNode: 61, iteration: 5 });
    const root = getU32(bytes, 0x160);
    const leaf = getU32(bytes, root + 4); // branch[0] of the root
    const firstId = 4 + 62 * 4 + 4 + 4; // link word, branches, count, then entry 0's id (EoR: at +4)
    setU32(bytes, leaf + firstId + 2 * 24, getU32(bytes, leaf + firstId + 24)); // entry 2's id = entry 1's
    const quick = await DatFile.open(new MemoryByteSource(bytes)).then((d) => d.countEntriesQuick().catch((e) => e));
    const strict = await DatFile.open(new MemoryByteSource(bytes)).then((d) => d.countEntries().catch((e) => e));
    expect(quick).toBeInstanceOf(DatFormatError);
    expect((quick as Error).message).toBe((strict as Error).message);
    expect((quick as Error).message).toMatch(/has entries out of order: 0x[0-9A-F]{8} follows 0x[0-9A-F]{8}/);
  });

  it('§3.3 a cycle is found by the first-block count, never a hang', async () => {
    const bytes = writeDat(files, { maxEntriesPerNode: 3, iteration: 5 });
    const root = getU32(bytes, 0x160);
    const child = getU32(bytes, root + 4);
    setU32(bytes, child + 4, root); // the child's branch[0] leads back to the root
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    await expect(dat.countEntriesQuick()).rejects.toThrow(/already visited \(cycle\)/);
  });
});

describe('a truncated dat: the quick and the strict count name the same lost child link (one rule: key order)', () => {
  const demo = new Uint8Array(readFileSync(new URL('../../assets/demo_portal.dat', import.meta.url)));
  it.each([500_000, 700_000])('cut at %i bytes', async (size) => {
    const dat = await DatFile.open(new MemoryByteSource(demo.slice(0, size)));
    const why = async (p: Promise<number>): Promise<string> =>
      p.then(
        () => 'counted',
        (e: unknown) => (e as Error).message,
      );
    const quick = await why(dat.countEntriesQuick());
    const strict = await why(dat.countEntries());
    expect(quick).toMatch(/child link \d+/);
    expect(quick).toBe(strict);
  });
});

describe('§3.2 entry ids strictly ascending, unsigned (lastIdInOrder: the rule as the first-block count reads it)', () => {
  // the id words of 24-byte EoR entries: stride 6 words, the id at word 1 of each entry
  const words = (ids: number[]): Uint32Array => {
    const w = new Uint32Array(1 + ids.length * 6);
    ids.forEach((id, i) => (w[1 + i * 6] = id));
    return w;
  };
  it('returns the last id, or -1 for no entries', () => {
    expect(lastIdInOrder(words([1, 2, 0x7fffffff, 0x80000000, 0xffffffff]), 1, 5, 6, 0x400)).toBe(0xffffffff);
    expect(lastIdInOrder(words([]), 1, 0, 6, 0x400)).toBe(-1);
    // only the first n are read: a later id out of order is not looked at
    expect(lastIdInOrder(words([5, 9, 1]), 1, 2, 6, 0x400)).toBe(9);
  });
  it('throws at the first id not above the one before it (equal or lower), naming the node and both ids', () => {
    for (const [ids, message] of [
      [[1, 3, 3], 'has entries out of order: 0x00000003 follows 0x00000003'],
      [[0x80000000, 0x7fffffff], 'has entries out of order: 0x7FFFFFFF follows 0x80000000'],
    ] as const) {
      const err = (() => {
        try {
          lastIdInOrder(words([...ids]), 1, ids.length, 6, 0x5800);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(DatFormatError);
      expect(err).toMatchObject({ offset: 0x5800 });
      expect((err as Error).message).toContain(message);
    }
  });
});

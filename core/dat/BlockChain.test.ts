import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFormatError, hex8 } from '../errors';
import { readChain } from './BlockChain';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { bytesEqual, entryBlocks, getU32, openCounting, setU32, testBytes } from './testing';

const W = 0x0a000012;

/** A fragmented dat holding one object of `size` bytes (plus a neighbour), and its entry. */
async function oneObject(size: number, fragment: number | false = 3) {
  const data = testBytes(size, size);
  const bytes = writeDat(
    [
      { id: W, data },
      { id: 0x0a000013, data: testBytes(2500, 9) },
    ],
    { fragment },
  );
  const { dat, src } = await openCounting(bytes);
  const entry = (await dat.find(W))!;
  return { bytes, data, dat, src, entry };
}

describe('§2.2 reading by byte count', () => {
  it('§2.2 size 0 returns an empty buffer and reads nothing', async () => {
    const src = new MemoryByteSource(new Uint8Array(4096));
    let reads = 0;
    const counting = { size: src.size, read: (o: number, n: number) => (reads++, src.read(o, n)) };
    const out = await readChain(counting, { blockSize: 1024, sourceSize: 4096, dataStart: 0x190 }, 0, 0, 'x');
    expect(out.length).toBe(0);
    expect(reads).toBe(0);
  });

  it('§2.2 chain stops by byte count when size mod 1020 is 1, 2 or 3 (size > 1020)', async () => {
    for (const size of [1021, 1022, 1023, 2041, 2042, 2043, 3 * 1020 + 1]) {
      const { data, dat, src, entry, bytes } = await oneObject(size);
      const blocks = entryBlocks(bytes, entry);
      expect(blocks.length).toBe(Math.ceil(size / 1020));
      src.reset();
      const got = await dat.readEntry(entry);
      expect(bytesEqual(got, data)).toBe(true);
      // one read per block; the last one reads only the link word and the bytes still needed
      expect(src.reads).toBe(blocks.length);
      expect(src.offsets).toEqual(blocks);
      expect(src.bytesRead).toBe(size + 4 * blocks.length);
    }
  });

  it('§2.2 the stale tail of the last block is never returned (fragmented writer fills it with garbage)', async () => {
    const { data, dat, entry } = await oneObject(1500);
    expect(bytesEqual(await dat.readEntry(entry), data)).toBe(true);
  });

  it('§2.2 / pitfall #9: a 60 KB object over ~60 non-contiguous blocks is assembled completely', async () => {
    const { data, dat, entry, bytes } = await oneObject(60_000, 11);
    const blocks = entryBlocks(bytes, entry);
    expect(blocks.length).toBe(59);
    const contiguous = blocks.filter((b, i) => i > 0 && b === blocks[i - 1]! + 1024).length;
    expect(contiguous).toBeLessThan(10);
    expect(bytesEqual(await dat.readEntry(entry), data)).toBe(true);
  });
});

describe('§2.1 / §2.2 chain errors', () => {
  it('§2.1 a link with the free bit (0x80000000) inside a file chain → DatFormatError', async () => {
    const { bytes, entry } = await oneObject(3000);
    const [b0] = entryBlocks(bytes, entry);
    setU32(bytes, b0!, getU32(bytes, b0!) | 0x80000000);
    const { dat } = await openCounting(bytes);
    await expect(dat.readObject(W)).rejects.toThrow(/block chain of 0x0A000012 runs into a free block .* at offset/);
  });

  it('§2.2 link 0 before size bytes were read (chain too short) → DatFormatError', async () => {
    const { bytes, entry } = await oneObject(3000);
    const [, b1] = entryBlocks(bytes, entry);
    setU32(bytes, b1!, 0);
    const { dat } = await openCounting(bytes);
    const err = await dat.readObject(W).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatFormatError);
    expect((err as DatFormatError).offset).toBe(b1);
    expect(String(err)).toMatch(/ends early: link 0 with 960 of 3000 bytes still to read/);
  });

  it('§2.2 step 4: a non-zero link after the last block is detected: a warning by default (DRW/ACE read it), DatFormatError when strict', async () => {
    const { bytes, entry, data } = await oneObject(3000);
    const blocks = entryBlocks(bytes, entry);
    setU32(bytes, blocks[2]!, blocks[0]!);
    const hook: string[] = [];
    const dat = await DatFile.open(new MemoryByteSource(bytes), { onWarning: (m) => hook.push(m) });
    const perCall: string[] = [];
    expect(bytesEqual(await dat.readEntry(entry, { onWarning: (m) => perCall.push(m) }), data)).toBe(true);
    const expected = `block chain of 0x0A000012 does not end after its last block (link ${hex8(blocks[0]!)} instead of 0) at offset ${hex8(blocks[2]!)}`;
    expect(perCall).toEqual([expected]);
    expect(hook).toEqual([expected]);
    expect(dat.readWarnings).toEqual([expected]);
    await dat.readObject(W); // reported once
    expect(dat.readWarnings).toEqual([expected]);
    expect(hook.length).toBe(1);
    // the client's strict read
    const geom = dat.geometry;
    const err = (await readChain(dat.source, geom, entry.offset, entry.size, 'block chain of 0x0A000012', {
      strictFinalLink: true,
    }).catch((e: unknown) => e)) as DatFormatError;
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err.offset).toBe(blocks[2]);
    expect(err.message).toMatch(/does not end after its last block/);
    // checkFinalLink false: not even a warning
    const quiet: string[] = [];
    await readChain(dat.source, geom, entry.offset, entry.size, 'x', {
      checkFinalLink: false,
      onWarning: (m) => quiet.push(m),
    });
    expect(quiet).toEqual([]);
  });

  it('§2.2 a chain that loops → DatFormatError "loops" at the block holding the looping link, never a hang', async () => {
    const { bytes, entry } = await oneObject(5000);
    const blocks = entryBlocks(bytes, entry);
    setU32(bytes, blocks[2]!, blocks[1]!);
    const { dat } = await openCounting(bytes);
    const err = (await dat.readObject(W).catch((e: unknown) => e)) as DatFormatError;
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err.offset).toBe(blocks[2]);
    expect(err.message).toBe(
      `block chain of 0x0A000012 loops: its link ${hex8(blocks[1]!)} leads back to a block already read at offset ${hex8(blocks[2]!)}`,
    );
    expect(err.structure).toBe('block chain of 0x0A000012');
  });

  it('§2.1 a link beyond the end of the file or into the header → DatFormatError', async () => {
    for (const bad of [0x7fff0000, 0x100]) {
      const { bytes, entry } = await oneObject(3000);
      setU32(bytes, entry.offset, bad);
      const { dat } = await openCounting(bytes);
      await expect(dat.readObject(W)).rejects.toThrow(
        bad === 0x100 ? /inside the file header/ : /beyond the end of the file/,
      );
    }
  });

  it('corrupt chain message reports where the bad link was read, not the link value as the offset', async () => {
    const { bytes, entry } = await oneObject(3000);
    const blocks = entryBlocks(bytes, entry);
    setU32(bytes, blocks[1]!, 0x00ffffff);
    const { dat } = await openCounting(bytes);
    const err = (await dat.readObject(W).catch((e: unknown) => e)) as DatFormatError;
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err.offset).toBe(blocks[1]);
    expect(err.problem).toMatch(/continues with link 0x00FFFFFF, beyond the end of the file/);
    expect(err.message).toBe(
      `block chain of 0x0A000012 continues with link 0x00FFFFFF, beyond the end of the file (${bytes.length} bytes) at offset ${hex8(blocks[1]!)}`,
    );
    expect(err.message).not.toMatch(/at offset 0x00FFFFFF/);
    // into the header: same rule
    setU32(bytes, blocks[1]!, 0x100);
    const err2 = (await (await openCounting(bytes)).dat.readObject(W).catch((e: unknown) => e)) as DatFormatError;
    expect(err2.offset).toBe(blocks[1]);
    expect(err2.problem).toMatch(/continues with link 0x00000100, inside the file header/);
  });

  it('corrupt chain message: a bad first block (the entry offset itself) names the value and gives no offset', async () => {
    const { dat, entry } = await oneObject(100);
    const err = (await dat.readEntry({ ...entry, offset: 0x40000000 }).catch((e: unknown) => e)) as DatFormatError;
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err.offset).toBeNull();
    expect(err.message).toMatch(/^block chain of 0x0A000012: starts at block 0x40000000, beyond the end of the file/);
  });

  it('§2.2 an entry offset beyond EOF → DatFormatError (not RangeError)', async () => {
    const { dat, entry } = await oneObject(100);
    const err = await dat.readEntry({ ...entry, offset: 0x40000000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatFormatError);
  });

  it('§2.2 absurd sizes are rejected before allocating', async () => {
    const { dat, entry } = await oneObject(100);
    await expect(dat.readEntry({ ...entry, size: 0xfffffff0 })).rejects.toThrow(/absurd size/);
    await expect(dat.readEntry({ ...entry, size: 50_000_000 })).rejects.toThrow(/more than the .* file can hold/);
  });
});

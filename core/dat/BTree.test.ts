import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource, type ByteSource } from '../bytes/ByteSource';
import { DatFormatError, hex8 } from '../errors';
import { BTreeReader } from './BTree';
import type { BTreeNode, DatEntry } from './BTreeNode';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import type { DatWriterOptions } from './DatWriter';
import { bytesEqual, entryBlocks, getU32, openCounting, setU32, testBytes } from './testing';

/** Ids spread over several type ranges, including ids ≥ 2^31. */
const IDS = [
  ...Array.from({ length: 40 }, (_, i) => 0x01000000 + i * 17),
  ...Array.from({ length: 120 }, (_, i) => 0x0a000000 + i * 5),
  ...Array.from({ length: 30 }, (_, i) => 0x0e000000 + i),
  ...Array.from({ length: 25 }, (_, i) => 0x20000000 + i * 3),
  0x7fffffff,
  0x80000000,
  0xc95b0159,
  0xfffffffe,
];
const files = IDS.map((id, i) => ({ id, data: testBytes(50 + ((i * 97) % 2500), i) }));

function build(opts: DatWriterOptions = {}): Uint8Array {
  return writeDat(files, { maxEntriesPerNode: 4, fragment: 5, iteration: 2072, ...opts });
}

/** All nodes of a dat, read with a fresh reader, keyed by offset. */
async function allNodes(bytes: Uint8Array): Promise<{ root: BTreeNode; nodes: Map<number, BTreeNode>; depth: number }> {
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const tree = new BTreeReader(dat.source, dat.geometry, dat.header.format, dat.header.btreeRoot);
  const nodes = new Map<number, BTreeNode>();
  let depth = 0;
  const walk = async (off: number, d: number): Promise<void> => {
    const n = await tree.node(off);
    nodes.set(off, n);
    depth = Math.max(depth, d);
    for (const c of n.children) await walk(c, d + 1);
  };
  await walk(dat.header.btreeRoot, 1);
  return { root: nodes.get(dat.header.btreeRoot)!, nodes, depth };
}

/** File offset of payload byte `p` of a node's chain (nodes are 2 blocks of 1020 payload bytes). */
function nodeByte(bytes: Uint8Array, nodeOffset: number, p: number): number {
  return p < 1020 ? nodeOffset + 4 + p : getU32(bytes, nodeOffset) + 4 + (p - 1020);
}

describe('§3.3 lookup and traversal', () => {
  it('§3.3 lookup by id finds every id in a multi-level tree, and reports absent ids as undefined', async () => {
    const bytes = build();
    const { depth } = await allNodes(bytes);
    expect(depth).toBeGreaterThanOrEqual(3);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    for (const [i, f] of files.entries()) {
      const e = await dat.find(f.id);
      expect(e?.id).toBe(f.id >>> 0);
      if (i % 10 === 0) expect(bytesEqual(await dat.readEntry(e!), f.data)).toBe(true);
    }
    for (const absent of [0, 0x0a000001, 0x0a0fffff, 0xffffffff, 0x80000001])
      expect(await dat.find(absent)).toBeUndefined();
  });

  it('§3.3 ids are compared unsigned: ids ≥ 2^31 (0xFFFF0001, 0xC95B0159) sort after 0x7FFFFFFF and are found', async () => {
    const dat = await DatFile.open(new MemoryByteSource(build({ maxEntriesPerNode: 2 })));
    const ids = (await dat.entriesInRange(0, 0xffffffff)).map((e) => e.id);
    expect(ids).toEqual([...IDS, 0xffff0001].sort((a, b) => a - b));
    expect(ids.slice(-5)).toEqual([0x7fffffff, 0x80000000, 0xc95b0159, 0xffff0001, 0xfffffffe]);
    expect((await dat.find(0xffff0001))?.size).toBe(12);
    expect((await dat.find(0xc95b0159))?.id).toBe(0xc95b0159);
    expect((await dat.find(0xc95b0159 | 0))?.id).toBe(0xc95b0159); // a signed id is normalized
    expect((await dat.entriesInRange(0x80000000, 0xffffffff)).map((e) => e.id)).toEqual([
      0x80000000, 0xc95b0159, 0xffff0001, 0xfffffffe,
    ]);
  });

  it('§3.3 range walk returns exactly the ids in [min, max], ascending, and reads fewer blocks than a full walk', async () => {
    const bytes = build();
    const a = await openCounting(bytes);
    a.src.reset();
    const waves = await a.dat.entriesInRange(0x0a000000, 0x0a00ffff);
    expect(waves.map((e) => e.id)).toEqual(IDS.filter((id) => id >= 0x0a000000 && id <= 0x0a00ffff));
    const rangeBlocks = a.src.blocksTouched(1024).size;

    const b = await openCounting(bytes);
    b.src.reset();
    expect(await b.dat.countEntries()).toBe(IDS.length + 1);
    const fullBlocks = b.src.blocksTouched(1024).size;
    expect(rangeBlocks).toBeLessThan(fullBlocks);

    const c = await openCounting(bytes);
    c.src.reset();
    expect((await c.dat.entriesInRange(0x20000000, 0x2000ffff)).length).toBe(25);
    expect(c.src.blocksTouched(1024).size).toBeLessThan(rangeBlocks);
    expect(await c.dat.entriesInRange(0x30000000, 0x20000000)).toEqual([]);
  });

  it('§3.3 reading one object reads only its root-to-leaf path and its own blocks, nothing unrelated', async () => {
    const bytes = build();
    const { nodes, depth } = await allNodes(bytes);
    const nodeBlockSet = new Set<number>();
    for (const off of nodes.keys()) nodeBlockSet.add(off).add(getU32(bytes, off));
    const { dat, src } = await openCounting(bytes);
    src.reset();
    const id = 0x0a000000 + 77 * 5;
    const entry = (await dat.find(id))!;
    expect(src.reads).toBeLessThanOrEqual((depth - 1) * 2); // root is cached by open()
    for (const o of src.offsets) expect(nodeBlockSet.has(o)).toBe(true);
    src.reset();
    await dat.readEntry(entry);
    expect(src.offsets).toEqual(entryBlocks(bytes, entry));
  });

  it('§3.3 parsed nodes are cached: a repeated lookup reads nothing', async () => {
    const { dat, src } = await openCounting(build());
    await dat.find(0x0a000000 + 33 * 5);
    src.reset();
    await dat.find(0x0a000000 + 33 * 5);
    await dat.find(0x0a000000 + 34 * 5);
    expect(src.reads).toBe(0);
  });

  it('§3.3 an empty root (count 0) means no files', async () => {
    const dat = await DatFile.open(new MemoryByteSource(writeDat([])));
    expect(await dat.countEntries()).toBe(0);
    expect(await dat.find(0x0a000000)).toBeUndefined();
    expect(await dat.readIteration()).toBeNull();
  });
});

describe('§3.3 leaf test and child links', () => {
  it('§3.3 DRW leaves with branch[0] == 0xCDCDCDCD are leaves', async () => {
    const bytes = build({ leafMarker: 0xcdcdcdcd });
    const { nodes } = await allNodes(bytes);
    const leaves = [...nodes.values()].filter((n) => n.leaf);
    expect(leaves.length).toBeGreaterThan(3);
    for (const l of leaves) expect(getU32(bytes, l.offset + 4)).toBe(0xcdcdcdcd);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect(await dat.countEntries()).toBe(IDS.length + 1);
    for (const id of IDS) expect((await dat.find(id))?.id).toBe(id >>> 0);
  });

  it('§3.3 retail leaves have branch[0] == 0', async () => {
    const bytes = build();
    const { nodes } = await allNodes(bytes);
    for (const n of nodes.values()) if (n.leaf) expect(getU32(bytes, n.offset + 4)).toBe(0);
  });

  it('§3.3 internal nodes use exactly count+1 children; slots beyond count are never looked at', async () => {
    const bytes = build();
    const { root } = await allNodes(bytes);
    expect(root.leaf).toBe(false);
    expect(root.children.length).toBe(root.entries.length + 1);
    const count = root.entries.length;
    for (let i = count + 1; i < 62; i++) setU32(bytes, nodeByte(bytes, root.offset, i * 4), 0xdeadbeef);
    for (let p = 252 + count * 24; p < 1716; p += 4) setU32(bytes, nodeByte(bytes, root.offset, p), 0xabababab);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect(await dat.countEntries()).toBe(IDS.length + 1);
  });

  it('§3.3 an invalid child link (free bit / beyond EOF) → DatFormatError', async () => {
    const bytes = build();
    const { root } = await allNodes(bytes);
    setU32(bytes, nodeByte(bytes, root.offset, 4), 0x80000400);
    await expect(DatFile.open(new MemoryByteSource(bytes))).rejects.toThrow(
      /invalid child link 1 = 0x80000400, which has the free bit set/,
    );
  });
});

describe('§3.1 / §3.3 corrupt trees → typed errors, not hangs', () => {
  it('§3.1 node count > 61 → DatFormatError', async () => {
    const bytes = build();
    const { root } = await allNodes(bytes);
    setU32(bytes, nodeByte(bytes, root.offset, 248), 62);
    await expect(DatFile.open(new MemoryByteSource(bytes))).rejects.toThrow(/entry count 62, outside 0..61/);
    setU32(bytes, nodeByte(bytes, root.offset, 248), -1);
    await expect(DatFile.open(new MemoryByteSource(bytes))).rejects.toThrow(DatFormatError);
  });

  it('§3.3 a B-tree cycle (child link back to the root) → DatFormatError "already visited (cycle)", not a hang', async () => {
    const bytes = build();
    const { root } = await allNodes(bytes);
    setU32(bytes, nodeByte(bytes, root.offset, 4), root.offset);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    // the offset is where the bad link was read (the root), the link value is in the problem text
    const err = (await dat.countEntries().catch((e: unknown) => e)) as DatFormatError;
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err.offset).toBe(root.offset);
    expect(err.message).toBe(
      `B-tree node links to node ${hex8(root.offset)}, which was already visited (cycle) at offset ${hex8(root.offset)}`,
    );
    const inChild1 = (await allNodes(build())).root.entries[0]!.id + 1;
    await expect(dat.find(inChild1 + 0)).rejects.toThrow(DatFormatError);
  });

  it('§3.3 entries not strictly ascending within a node → DatFormatError', async () => {
    const bytes = build();
    const { nodes } = await allNodes(bytes);
    const leaf = [...nodes.values()].find((n) => n.leaf && n.entries.length >= 2)!;
    setU32(bytes, nodeByte(bytes, leaf.offset, 252 + 24 + 4), leaf.entries[0]!.id);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    await expect(dat.countEntries()).rejects.toThrow(/entries out of order/);
  });

  it('§3.3 a child id outside the key range its parent gives it → DatFormatError', async () => {
    const bytes = build();
    const { root, nodes } = await allNodes(bytes);
    let n = nodes.get(root.children[0]!)!;
    while (!n.leaf) n = nodes.get(n.children[n.children.length - 1]!)!;
    // last entry of the leftmost subtree's rightmost leaf: make it larger than the root's first separator
    const i = n.entries.length - 1;
    setU32(bytes, nodeByte(bytes, n.offset, 252 + i * 24 + 4), root.entries[0]!.id + 1);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    await expect(dat.countEntries()).rejects.toThrow(/outside its subtree's key range/);
  });

  it('§3.1 a truncated file whose nodes lie beyond EOF → DatFormatError', async () => {
    const bytes = build({ fragment: false, freeBlocks: 0 });
    const cut = bytes.slice(0, 1024 + 4 * 1024);
    const openAndCount = async (): Promise<number> => (await DatFile.open(new MemoryByteSource(cut))).countEntries();
    await expect(openAndCount()).rejects.toThrow(/beyond the end of the file/);
    await expect(openAndCount()).rejects.toBeInstanceOf(DatFormatError);
  });
});

describe('§3.3 property: writeDat → reader', () => {
  it('§3.3 for random id sets, every id is found and a range walk equals a filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 400 }),
        fc.integer({ min: 2, max: 61 }),
        fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
        fc.constantFrom<0 | 0xcdcdcdcd>(0, 0xcdcdcdcd),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        async (ids, maxEntriesPerNode, fragment, leafMarker, a, b) => {
          const fs = ids.map((id) => ({ id, data: testBytes(id % 40, id) }));
          const bytes = writeDat(fs, { maxEntriesPerNode, fragment, leafMarker });
          const dat = await DatFile.open(new MemoryByteSource(bytes));
          const sorted = [...ids].sort((x, y) => x - y);
          expect((await dat.entriesInRange(0, 0xffffffff)).map((e) => e.id)).toEqual(sorted);
          for (const f of fs) {
            const e = await dat.find(f.id);
            expect(e?.id).toBe(f.id);
            expect(bytesEqual(await dat.readEntry(e!), f.data)).toBe(true);
          }
          const [min, max] = a <= b ? [a, b] : [b, a];
          expect((await dat.entriesInRange(min, max)).map((e) => e.id)).toEqual(
            sorted.filter((id) => id >= min && id <= max),
          );
        },
      ),
      { numRuns: 60, seed: 20240601 },
    );
  });
});

describe('§3.3 the synchronous walk (a source with readInto) is the asynchronous walk', () => {
  /** The same bytes without `readInto`: every node read through a promise. */
  const readOnly = (bytes: Uint8Array): ByteSource => {
    const m = new MemoryByteSource(bytes);
    return { size: m.size, read: (o, l) => m.read(o, l) };
  };
  const outcome = async (p: () => Promise<unknown>): Promise<unknown> => {
    try {
      const r = await p();
      return Array.isArray(r) ? r.map((e: DatEntry) => e.id) : r;
    } catch (e) {
      return e instanceof Error ? { name: e.name, message: e.message } : e;
    }
  };
  /** A range walk with and without onMissing and the strict count, by a fresh reader of `source`. */
  const walks = async (source: ByteSource, min: number, max: number, syncWalk: boolean): Promise<unknown> => {
    const dat = await outcome(() => DatFile.open(source));
    if (!(dat instanceof DatFile)) return dat; // the root is checked when the dat opens
    const g = dat.geometry;
    const tree = (): BTreeReader =>
      new BTreeReader(source, g, dat.header.format, dat.header.btreeRoot, undefined, undefined, syncWalk);
    const lost: string[] = [];
    return [
      await outcome(() => tree().range(min, max, (m) => lost.push(m.error.message))),
      lost,
      await outcome(() => tree().range(min, max)),
      await outcome(() => tree().count()),
    ];
  };

  it('the same entries, counts, lost subtrees and errors for every range, on trees with one node word changed', async () => {
    const good = build();
    const { nodes } = await allNodes(good);
    const offsets = [...nodes.keys()];
    let errors = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: offsets.length - 1 }),
        fc.integer({ min: 0, max: 62 + 1 + 8 }),
        fc.constantFrom(0, 1, 0x190, 0x80000400, 0xffffffff, 0x0a000005, offsets[0]!, offsets[offsets.length - 1]!),
        fc.boolean(),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        async (n, word, value, cut, a, b) => {
          const whole = good.slice();
          setU32(whole, nodeByte(whole, offsets[n]!, word * 4), value);
          const [min, max] = a <= b ? [a, b] : [b, a];
          const bytes = cut ? whole.subarray(0, Math.floor(whole.length * 0.7)) : whole;
          const sync = await walks(new MemoryByteSource(bytes), min, max, true);
          // the reference: the asynchronous walk alone on the same source (its order names the error)
          expect(sync).toEqual(await walks(new MemoryByteSource(bytes), min, max, false));
          const failed = JSON.stringify(sync).includes('"message"');
          // and a tree that reads cleanly lists what a read-only source lists
          if (!failed) expect(sync).toEqual(await walks(readOnly(bytes), min, max, true));
          else errors++;
        },
      ),
      { numRuns: 300, seed: 20261202 },
    );
    expect(errors).toBeGreaterThan(30);
  });
});

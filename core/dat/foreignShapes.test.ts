/**
 * Reader tests for dat shapes our writer never produces but other writers (the retail client's
 * own B-tree inserts, DatReaderWriter, hand-patched dats) can: blocks off the
 * `1024 + k·blockSize` grid, a header fileSize smaller than the file, under-filled internal nodes
 * after splits (count 30) and a root with a single entry. The dat is built by hand here.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from './DatFile';
import { NODE_BRANCHES, nodeSize } from './BTreeNode';
import { DAT_MAGIC, EOR_HEADER_OFFSET, headerEnd } from './DatHeader';
import { bytesEqual, testBytes } from './testing';

const BLOCK = 1024;
const PAYLOAD = BLOCK - 4;

/** A node of the hand-built tree: its keys (ids) and, for internal nodes, keys.length + 1 children. */
interface Spec {
  keys: number[];
  children: Spec[];
}

/**
 * Lays out a dat by hand: blocks start right after the header (0x190, not 1024) with an odd gap
 * of 2–10 bytes between blocks, so no block lies on the writer's grid; header fileSize is
 * `declaredSize(real)`.
 */
function handDat(root: Spec, data: (id: number) => Uint8Array, declaredSize: (real: number) => number) {
  const chunks: { at: number; bytes: Uint8Array }[] = [];
  let cursor = headerEnd('eor');
  let gap = 0;
  const alloc = (): number => {
    const at = cursor;
    cursor += BLOCK + 2 + (gap++ % 5) * 2;
    return at;
  };
  const writeChain = (bytes: Uint8Array): number => {
    const blocks = Array.from({ length: Math.max(1, Math.ceil(bytes.length / PAYLOAD)) }, alloc);
    blocks.forEach((at, i) => {
      const b = new Uint8Array(4 + Math.min(PAYLOAD, bytes.length - i * PAYLOAD));
      new DataView(b.buffer).setUint32(0, blocks[i + 1] ?? 0, true);
      b.set(bytes.subarray(i * PAYLOAD, (i + 1) * PAYLOAD), 4);
      chunks.push({ at, bytes: b });
    });
    return blocks[0]!;
  };
  const writeNode = (n: Spec): number => {
    const childOffsets = n.children.map(writeNode);
    const node = new Uint8Array(nodeSize('eor'));
    const dv = new DataView(node.buffer);
    childOffsets.forEach((c, i) => dv.setUint32(i * 4, c, true));
    dv.setInt32(NODE_BRANCHES * 4, n.keys.length, true);
    n.keys.forEach((id, i) => {
      const obj = data(id);
      const e = NODE_BRANCHES * 4 + 4 + i * 24;
      dv.setUint32(e, 0x00020000, true);
      dv.setUint32(e + 4, id, true);
      dv.setUint32(e + 8, writeChain(obj), true);
      dv.setUint32(e + 12, obj.length, true);
    });
    return writeChain(node);
  };
  const rootOffset = writeNode(root);
  const out = new Uint8Array(cursor);
  for (const c of chunks) out.set(c.bytes, c.at);
  const dv = new DataView(out.buffer);
  const h = EOR_HEADER_OFFSET;
  dv.setUint32(h, DAT_MAGIC, true);
  dv.setInt32(h + 0x04, BLOCK, true);
  dv.setUint32(h + 0x08, declaredSize(out.length), true);
  dv.setUint32(h + 0x0c, 1, true);
  dv.setUint32(h + 0x20, rootOffset, true);
  return { bytes: out, rootOffset };
}

/**
 * Root with ONE key; two internal children with 30 keys each (what a split of a full 61-entry
 * node leaves); 31 leaves under each, with 3..7 keys. Ids ascend in key order.
 */
function splitTree(): { root: Spec; ids: number[] } {
  let next = 0x0a000000;
  const ids: number[] = [];
  const take = (): number => {
    ids.push(next);
    return next++;
  };
  const leaf = (n: number): Spec => ({ keys: Array.from({ length: n }, take), children: [] });
  const internal = (): Spec => {
    const children: Spec[] = [];
    const keys: number[] = [];
    for (let i = 0; i < 31; i++) {
      children.push(leaf(3 + (i % 5)));
      if (i < 30) keys.push(take());
    }
    return { keys, children };
  };
  const left = internal();
  const key = take();
  const right = internal();
  return { root: { keys: [key], children: [left, right] }, ids };
}

const objectData = (id: number): Uint8Array => testBytes(id % 3 === 0 ? 2500 : 40 + (id % 200), id);

describe('foreign dat shapes (never written by core/dat/DatWriter)', () => {
  const { root, ids } = splitTree();

  it('reads blocks that are not on the 1024 + k·blockSize grid', async () => {
    const { bytes, rootOffset } = handDat(root, objectData, (n) => n);
    expect((rootOffset - 1024) % BLOCK).not.toBe(0);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const entries = await dat.entriesInRange(0x0a000000, 0x0a00ffff);
    const offGrid = entries.filter((e) => (e.offset - 1024) % BLOCK !== 0);
    expect(offGrid.length).toBeGreaterThan(entries.length / 2);
    for (const e of entries) expect(bytesEqual(await dat.readEntry(e), objectData(e.id))).toBe(true);
    expect(dat.warnings).toEqual([]);
    expect(dat.readWarnings).toEqual([]);
  });

  it('a root with count 1 and under-filled internal nodes (count 30): find, range and count agree', async () => {
    const { bytes } = handDat(root, objectData, (n) => n);
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect(await dat.countEntries()).toBe(ids.length);
    expect((await dat.entriesInRange(0, 0xffffffff)).map((e) => e.id)).toEqual(ids);
    for (const id of [ids[0]!, ids[5]!, ids[Math.floor(ids.length / 2)]!, ids[ids.length - 1]!]) {
      expect((await dat.find(id))?.id).toBe(id);
    }
    expect(await dat.find(ids[ids.length - 1]! + 1)).toBeUndefined();
    const sub = await dat.entriesInRange(ids[100]!, ids[120]!);
    expect(sub.map((e) => e.id)).toEqual(ids.slice(100, 121));
  });

  it('a header fileSize smaller than the real size: a warning, and every object still reads', async () => {
    const { bytes, rootOffset } = handDat(root, objectData, (n) => n - 5000);
    expect(rootOffset).toBeGreaterThan(bytes.length - 5000); // even the root node lies past the claim
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    expect(dat.warnings).toEqual([`header declares ${bytes.length - 5000} bytes but the file has ${bytes.length}`]);
    expect(dat.header.fileSize).toBe(bytes.length - 5000);
    const last = (await dat.find(ids[ids.length - 1]!))!;
    expect(bytesEqual(await dat.readEntry(last), objectData(last.id))).toBe(true);
    expect(await dat.countEntries()).toBe(ids.length);
  });
});

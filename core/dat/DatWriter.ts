/**
 * Builds dats to the spec (docs/formats/dat.md §1–§3), symmetric with the reader: EoR or pre-ToD header,
 * block chains, a bulk-loaded balanced B-tree, compressed entries, the iteration record and an
 * optional deterministic fragmentation of the block layout. For tests, fixtures and the demo dat;
 * never used on a user's dat. Output is a pure function of the input (same input → same bytes).
 */
import { mulberry32 } from '../prng';
import { FREE_BIT } from './BlockChain';
import { DRW_LEAF_MARKER, MAX_NODE_ENTRIES, NODE_BRANCHES, entryToken, nodeSize } from './BTreeNode';
import { DAT_MAGIC, EOR_HEADER_OFFSET, FIRST_DATA_BLOCK, MAX_BLOCK_SIZE, PRE_TOD_HEADER_OFFSET } from './DatHeader';
import type { DatFormat } from './DatHeader';
import { BlockLinkToken, EorHeaderToken, NodeHeaderToken, PreTodHeaderToken } from './DatTokens';
import { deflateRecord } from './compression';
import { encodeIterationRecord } from './iteration';
import { ITERATION_ID } from './ranges';

/** One object to store. */
export interface DatWriterFile {
  /** Object id (any u32; stored and sorted unsigned). */
  id: number;
  /** The object bytes (uncompressed). */
  data: Uint8Array;
  /** Store as `u32 length + zlib` with entry bit 0 set (§3.4). Always compresses when true. EoR only. */
  compress?: boolean;
  /** Entry `date` (default 0). */
  date?: number;
  /** Entry `iteration` (default: the `iteration` option, else 0). */
  iteration?: number;
  /** Entry version, the word's high 16 bits (default 2). */
  version?: number;
}

/** Writer options. All have defaults that give a retail-shaped EoR portal dat. */
export interface DatWriterOptions {
  /** 'eor' (80-byte header at 0x140, 24-byte entries, default) or 'pre-tod' (44 bytes at 0x12C, 12-byte entries). */
  format?: DatFormat;
  /** Block size in bytes including the link word; default 1024. Must be a multiple of 4, ≥ 8. */
  blockSize?: number;
  /** Entries per node, 2..61 (default 61, the real order). Small values force a multi-level tree. */
  maxEntriesPerNode?: number;
  /**
   * Scatter the blocks: `true` or a numeric seed (true = seed 1) shuffles every block slot with a
   * seeded PRNG, so chains are not contiguous and the free list is interleaved with data. Unused
   * block tails and free blocks are then filled with seeded garbage (a reader must stop by byte count).
   */
  fragment?: boolean | number;
  /** branch[0] of leaves: 0 (retail, default) or 0xCDCDCDCD (DRW; also fills every unused branch slot). */
  leafMarker?: 0 | 0xcdcdcdcd;
  /** Adds the iteration record 0xFFFF0001 = (n, (−n, 1)); also the pre-ToD header field. Default: no record. */
  iteration?: number | null;
  /** Header dataSet (EoR; default 1 = portal). */
  dataSet?: number;
  /** Header dataSubset (EoR; default 0). */
  dataSubset?: number;
  /** Number of free blocks on the free list (default 16, or max(16, ⌈data blocks / 8⌉) when fragmented). */
  freeBlocks?: number;
}

/** Default entry word version (§3.2: retail word 0x00020000). */
const DEFAULT_VERSION = 2;
/** Engine pack / minor version stamps of the EoR portal dat (§1.4). */
const EOR_ENGINE_VERSION = 110;
const EOR_MINOR_VERSION = 6657;

interface Item {
  id: number;
  stored: Uint8Array;
  compressed: boolean;
  date: number;
  iteration: number;
  version: number;
  /** First block offset (0 for empty). Set during layout. */
  offset: number;
}

interface Node {
  items: Item[];
  children: Node[];
  offset: number;
}

/**
 * Builds a complete dat in memory.
 *
 * Layout: header; first data block at 1024 (§1.1); then `T + F` blocks of `blockSize` bytes, where
 * T covers every node chain (⌈nodeSize / (blockSize − 4)⌉ blocks each; nodes in breadth-first
 * order, root first) and every object chain (in id order; empty objects get no block and offset 0),
 * and F free blocks chained with the free bit (last link exactly 0x80000000). Without `fragment`
 * the blocks are contiguous and the free blocks come last.
 *
 * @param files objects to store; ids must be distinct (as u32)
 * @returns the dat bytes; header `fileSize` equals their length
 * @throws RangeError on duplicate ids, invalid options, compression with pre-ToD, or an
 *   `iteration` option together with a file 0xFFFF0001
 */
export function writeDat(files: readonly DatWriterFile[], options: DatWriterOptions = {}): Uint8Array {
  const format = options.format ?? 'eor';
  const blockSize = options.blockSize ?? 1024;
  const maxPer = options.maxEntriesPerNode ?? MAX_NODE_ENTRIES;
  const leafMarker = options.leafMarker ?? 0;
  const iteration = options.iteration ?? null;
  if (!Number.isInteger(blockSize) || blockSize < 8 || blockSize % 4 !== 0 || blockSize > MAX_BLOCK_SIZE) {
    throw new RangeError(`invalid block size ${blockSize}`);
  }
  if (!Number.isInteger(maxPer) || maxPer < 2 || maxPer > MAX_NODE_ENTRIES) {
    throw new RangeError(`maxEntriesPerNode must be 2..${MAX_NODE_ENTRIES}, got ${maxPer}`);
  }
  if (leafMarker !== 0 && leafMarker !== DRW_LEAF_MARKER)
    throw new RangeError(`invalid leaf marker ${String(leafMarker)}`);
  const seed = options.fragment === true ? 1 : typeof options.fragment === 'number' ? options.fragment : null;

  const all: DatWriterFile[] = [...files];
  if (iteration !== null) {
    if (files.some((f) => f.id >>> 0 === ITERATION_ID))
      throw new RangeError('iteration option given and file 0xFFFF0001 present');
    all.push({ id: ITERATION_ID, data: encodeIterationRecord(iteration) });
  }
  const items: Item[] = all.map((f) => {
    if (!Number.isInteger(f.id) || f.id < -0x80000000 || f.id > 0xffffffff) throw new RangeError(`invalid id ${f.id}`);
    if (f.compress && format !== 'eor') throw new RangeError('pre-ToD entries cannot be compressed (no flag word)');
    return {
      id: f.id >>> 0,
      stored: f.compress ? deflateRecord(f.data) : f.data,
      compressed: !!f.compress,
      date: f.date ?? 0,
      iteration: f.iteration ?? iteration ?? 0,
      version: f.version ?? DEFAULT_VERSION,
      offset: 0,
    };
  });
  items.sort((a, b) => a.id - b.id);
  for (let i = 1; i < items.length; i++) {
    if (items[i]!.id === items[i - 1]!.id) throw new RangeError(`duplicate id 0x${items[i]!.id.toString(16)}`);
  }

  // B-tree, breadth-first (root first).
  const root = buildTree(items, maxPer);
  const nodes: Node[] = [];
  for (let q = [root]; q.length > 0;) {
    nodes.push(...q);
    q = q.flatMap((n) => n.children);
  }

  // Block slots.
  const payload = blockSize - 4;
  const blocksFor = (len: number): number => (len === 0 ? 0 : Math.ceil(len / payload));
  const nSize = nodeSize(format);
  const dataBlocks = nodes.length * blocksFor(nSize) + items.reduce((s, it) => s + blocksFor(it.stored.length), 0);
  const freeCount = options.freeBlocks ?? (seed === null ? 16 : Math.max(16, Math.ceil(dataBlocks / 8)));
  if (!Number.isInteger(freeCount) || freeCount < 0) throw new RangeError(`invalid freeBlocks ${freeCount}`);
  const slots = dataBlocks + freeCount;
  const order = Array.from({ length: slots }, (_, i) => i);
  if (seed !== null) {
    const rnd = mulberry32(seed);
    for (let i = slots - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  const slotOffset = (slot: number): number => FIRST_DATA_BLOCK + slot * blockSize;
  let cursor = 0;
  const take = (len: number): number[] => {
    const out: number[] = [];
    for (let i = blocksFor(len); i > 0; i--) out.push(slotOffset(order[cursor++]!));
    return out;
  };
  const nodeBlocks = nodes.map((n) => {
    const b = take(nSize);
    n.offset = b[0]!;
    return b;
  });
  const itemBlocks = items.map((it) => {
    const b = take(it.stored.length);
    it.offset = b[0] ?? 0;
    return b;
  });
  const freeList = order.slice(cursor).map(slotOffset);

  const fileSize = FIRST_DATA_BLOCK + slots * blockSize;
  if (fileSize > 0x7fffffff)
    throw new RangeError(`dat would be ${fileSize} bytes, beyond the 2 GiB the format addresses`);
  const out = new Uint8Array(fileSize);
  const dv = new DataView(out.buffer);
  const garbage = seed === null ? null : mulberry32(seed ^ 0x5eed);

  const writeChain = (blocks: number[], bytes: Uint8Array): void => {
    for (let i = 0; i < blocks.length; i++) {
      const at = blocks[i]!;
      BlockLinkToken.put(dv, at, blocks[i + 1] ?? 0);
      const piece = bytes.subarray(i * payload, (i + 1) * payload);
      out.set(piece, at + 4);
      if (garbage) for (let k = at + 4 + piece.length; k < at + blockSize; k++) out[k] = (garbage() * 256) | 0;
    }
  };
  nodes.forEach((n, i) => writeChain(nodeBlocks[i]!, encodeNode(n, format, leafMarker)));
  items.forEach((it, i) => writeChain(itemBlocks[i]!, it.stored));
  freeList.forEach((at, i) => {
    const next = freeList[i + 1];
    BlockLinkToken.put(dv, at, (next === undefined ? 0 : next) + FREE_BIT);
    if (garbage) for (let k = at + 4; k < at + blockSize; k++) out[k] = (garbage() * 256) | 0;
  });

  const firstFree = freeList[0] ?? 0;
  const finalFree = freeList[freeList.length - 1] ?? 0;
  const free = { firstFree, finalFree, freeBlocks: freeList.length, btreeRoot: root.offset };
  if (format === 'eor') {
    out.set([0x00, 0x50, 0x4c, 0x00], 0x100); // DRW's transaction record bytes (§1.1)
    EorHeaderToken.put(dv, EOR_HEADER_OFFSET, {
      magic: DAT_MAGIC,
      blockSize,
      fileSize,
      dataSet: options.dataSet ?? 1,
      dataSubset: options.dataSubset ?? 0,
      ...free,
      youngLru: 0,
      oldLru: 0,
      useLru: 0,
      masterMapId: 0,
      engineVersion: EOR_ENGINE_VERSION,
      gameVersion: 0,
      majorVersion: new Uint8Array(16),
      minorVersion: EOR_MINOR_VERSION,
    });
  } else {
    PreTodHeaderToken.put(dv, PRE_TOD_HEADER_OFFSET, {
      magic: DAT_MAGIC,
      blockSize,
      fileSize,
      iteration: iteration ?? 0,
      ...free,
      youngLru: 0,
      oldLru: 0,
      useLru: 0,
    });
  }
  return out;
}

/** Serializes one node (§3.1) with the node-header and entry tokens: 62 child links, count, 61 entry slots (unused ones zero). */
function encodeNode(n: Node, format: DatFormat, leafMarker: number): Uint8Array {
  const bytes = new Uint8Array(nodeSize(format));
  const dv = new DataView(bytes.buffer);
  const filler = leafMarker === DRW_LEAF_MARKER && n.items.length > 0 ? DRW_LEAF_MARKER : 0;
  const branches = Array.from({ length: NODE_BRANCHES }, (_, i) => n.children[i]?.offset ?? filler);
  let at = NodeHeaderToken.put(dv, 0, { branches, count: n.items.length });
  const tok = entryToken(format);
  for (const it of n.items) {
    at = tok.put(dv, at, {
      id: it.id,
      offset: it.offset,
      size: it.stored.length,
      date: it.date,
      iteration: it.iteration,
      compressed: it.compressed,
      version: it.version,
    });
  }
  return bytes;
}

/**
 * Bulk-loads a balanced B-tree (all leaves at one depth) over sorted items with at most `maxPer`
 * entries per node: the minimal height h with (maxPer+1)^h − 1 ≥ n, and at each level the items
 * split as evenly as possible among the fewest children that fit.
 */
function buildTree(items: Item[], maxPer: number): Node {
  let height = 1;
  for (let cap = maxPer; cap < items.length; cap = (maxPer + 1) * (cap + 1) - 1) height++;
  return buildLevel(items, maxPer, height);
}

function buildLevel(items: Item[], maxPer: number, height: number): Node {
  if (height === 1) {
    if (items.length > maxPer) throw new Error('internal: leaf overflow');
    return { items, children: [], offset: 0 };
  }
  const childCap = (maxPer + 1) ** (height - 1) - 1;
  const n = items.length;
  const k = Math.min(maxPer + 1, Math.max(2, Math.ceil((n + 1) / (childCap + 1))));
  const inChildren = n - (k - 1);
  const base = Math.floor(inChildren / k);
  const extra = inChildren % k;
  const node: Node = { items: [], children: [], offset: 0 };
  let at = 0;
  for (let c = 0; c < k; c++) {
    const len = base + (c < extra ? 1 : 0);
    node.children.push(buildLevel(items.slice(at, at + len), maxPer, height - 1));
    at += len;
    if (c < k - 1) node.items.push(items[at++]!);
  }
  return node;
}

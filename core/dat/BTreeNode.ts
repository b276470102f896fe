/**
 * One B-tree directory node (dat-format §3.1, §3.2): parsing and validation of the node bytes.
 * EoR nodes are 1716 bytes (62 child links, count, 61 × 24-byte entries); pre-ToD nodes are 984
 * bytes (61 × 12-byte entries: id, offset, size).
 */
import { DatFormatError, hex8 } from '../errors';
import type { DatFormat } from './DatHeader';

/** One directory entry (dat-format §3.2). Pre-ToD entries have date/iteration/version 0. */
export interface DatEntry {
  /** Object id, unsigned u32 (the B-tree key). */
  id: number;
  /** Absolute offset of the object's first block. */
  offset: number;
  /** Bytes stored in the chain (for compressed entries: including the 4-byte length prefix). */
  size: number;
  /** Timestamp (Unix seconds per DRW). */
  date: number;
  /** Patch iteration that last wrote the object. */
  iteration: number;
  /** Entry word bit 0: the stored bytes are `u32 length + zlib stream` (§3.4). */
  compressed: boolean;
  /** Entry word `>>> 16` (2 in retail-style entries). */
  version: number;
}

/** A parsed node. `children` is empty for a leaf and has `entries.length + 1` offsets otherwise. */
export interface BTreeNode {
  /** Offset of the node's first block. */
  offset: number;
  leaf: boolean;
  entries: DatEntry[];
  children: number[];
}

/** Maximum entries per node (order 62). */
export const MAX_NODE_ENTRIES = 61;
/** Number of child-link slots in a node. */
export const NODE_BRANCHES = 62;
/** The DRW writer's filler for unused branch slots; as branch[0] it marks a leaf (§3.3). */
export const DRW_LEAF_MARKER = 0xcdcdcdcd;

/** Entry size in bytes: 24 (EoR) or 12 (pre-ToD). */
export function entrySize(format: DatFormat): number {
  return format === 'eor' ? 24 : 12;
}

/** Node size in bytes: 62·4 + 4 + 61·entrySize = 1716 (EoR) or 984 (pre-ToD). */
export function nodeSize(format: DatFormat): number {
  return NODE_BRANCHES * 4 + 4 + MAX_NODE_ENTRIES * entrySize(format);
}

/**
 * Parses and validates a node (dat-format §3.1–§3.3).
 *
 * Leaf test: `branch[0] == 0 || branch[0] == 0xCDCDCDCD`; a node with `count == 0` is treated as an
 * empty leaf (the client treats an empty root as "no files"). Internal nodes use exactly
 * `branch[0..count]`, each of which must be a plausible block offset (non-zero, high bit clear,
 * `< sourceSize`). Slots beyond `count` are never looked at.
 *
 * @param bytes exactly {@link nodeSize} bytes, as assembled from the node's block chain
 * @param offset the node's first-block offset (for errors and {@link BTreeNode.offset})
 * @throws DatFormatError when `count` is outside 0..61, a child link is invalid, or the entry ids
 *   are not strictly ascending (unsigned)
 */
export function parseNode(bytes: Uint8Array, format: DatFormat, offset: number, sourceSize: number): BTreeNode {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < nodeSize(format)) {
    throw new DatFormatError('B-tree node', offset, `is ${bytes.length} bytes, expected ${nodeSize(format)}`);
  }
  const count = dv.getInt32(NODE_BRANCHES * 4, true);
  if (count < 0 || count > MAX_NODE_ENTRIES) {
    throw new DatFormatError('B-tree node', offset, `has entry count ${count}, outside 0..${MAX_NODE_ENTRIES}`);
  }
  const first = dv.getUint32(0, true);
  const leaf = count === 0 || first === 0 || first === DRW_LEAF_MARKER;
  const children: number[] = [];
  if (!leaf) {
    for (let i = 0; i <= count; i++) {
      const link = dv.getUint32(i * 4, true);
      const bad =
        link === 0 || link === DRW_LEAF_MARKER
          ? 'is empty in an internal node'
          : link >= 0x80000000
            ? 'has the free bit set'
            : link >= sourceSize
              ? `points beyond the end of the file (${sourceSize} bytes)`
              : null;
      if (bad) throw new DatFormatError('B-tree node', offset, `has invalid child link ${i} = ${hex8(link)}, which ${bad}`);
      children.push(link);
    }
  }
  const es = entrySize(format);
  const base = NODE_BRANCHES * 4 + 4;
  const entries: DatEntry[] = new Array<DatEntry>(count);
  let prev = -1;
  for (let i = 0; i < count; i++) {
    const e = base + i * es;
    let entry: DatEntry;
    if (format === 'eor') {
      const word = dv.getUint32(e, true);
      entry = {
        id: dv.getUint32(e + 4, true),
        offset: dv.getUint32(e + 8, true),
        size: dv.getUint32(e + 12, true),
        date: dv.getInt32(e + 16, true),
        iteration: dv.getInt32(e + 20, true),
        compressed: (word & 1) === 1,
        version: word >>> 16,
      };
    } else {
      entry = {
        id: dv.getUint32(e, true),
        offset: dv.getUint32(e + 4, true),
        size: dv.getUint32(e + 8, true),
        date: 0,
        iteration: 0,
        compressed: false,
        version: 0,
      };
    }
    if (entry.id <= prev) {
      throw new DatFormatError('B-tree node', offset, `has entries out of order: ${hex8(entry.id)} follows ${hex8(prev)}`);
    }
    prev = entry.id;
    entries[i] = entry;
  }
  return { offset, leaf, entries, children };
}

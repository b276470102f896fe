/**
 * One B-tree directory node (docs/formats/dat.md §3.1, §3.2): validation of the node bytes, read
 * with the node-header and entry tokens of DatTokens.ts (shared with DatWriter).
 * EoR nodes are 1716 bytes (62 child links, count, 61 × 24-byte entries); pre-ToD nodes are 984
 * bytes (61 × 12-byte entries: id, offset, size).
 */
import type { Token } from '../binary/token';
import { viewOf } from '../binary/token';
import { DatFormatError, hex8 } from '../errors';
import { endOfFileText, looksTruncated, type ChainGeometry } from './BlockChain';
import type { DatFormat } from './DatHeader';
import {
  EOR_ENTRY_ID_AT,
  EorEntryToken,
  MAX_NODE_ENTRIES,
  NODE_BRANCHES,
  NodeHeaderToken,
  PRE_TOD_ENTRY_ID_AT,
  PreTodEntryToken,
} from './DatTokens';
import type { DatEntry } from './DatTokens';

export type { DatEntry };
export { MAX_NODE_ENTRIES, NODE_BRANCHES };

/**
 * A parsed node. `children` is empty for a leaf and has `count + 1` offsets otherwise. Its ids
 * are read where they lie in the node's bytes ({@link idAt}); an entry object is made only when
 * asked for ({@link entryAt}, {@link entries}), so a range walk makes only the entries it
 * returns (issue #9: most entries of the nodes a Wave or SoundTable walk reads lie outside it).
 */
export interface BTreeNode {
  /** Offset of the node's first block. */
  readonly offset: number;
  readonly leaf: boolean;
  /** Number of entries (0..61). */
  readonly count: number;
  readonly children: readonly number[];
  /** The id of entry `i` (0 ≤ i < count), unsigned, read in place. */
  idAt(i: number): number;
  /** Entry `i` (0 ≤ i < count), made on first use; then the same object. */
  entryAt(i: number): DatEntry;
  /** Every entry, ascending (made on first use; the same objects as {@link entryAt}). */
  readonly entries: readonly DatEntry[];
}

/** {@link BTreeNode} over the node's own bytes (checked by {@link parseNode}). */
class NodeView implements BTreeNode {
  private made: (DatEntry | undefined)[] | null = null;
  private all: DatEntry[] | null = null;

  constructor(
    readonly offset: number,
    readonly leaf: boolean,
    readonly count: number,
    readonly children: readonly number[],
    private readonly view: DataView,
    private readonly tok: Token<DatEntry>,
    /** Byte offset of entry 0's id in {@link view}. */
    private readonly firstId: number,
  ) {}

  idAt(i: number): number {
    return this.view.getUint32(this.firstId + i * this.tok.len, true);
  }

  entryAt(i: number): DatEntry {
    const made = (this.made ??= new Array<DatEntry | undefined>(this.count));
    return (made[i] ??= this.tok.get(this.view, NodeHeaderToken.len + i * this.tok.len));
  }

  get entries(): readonly DatEntry[] {
    if (this.all === null) {
      const all = new Array<DatEntry>(this.count);
      for (let i = 0; i < this.count; i++) all[i] = this.entryAt(i);
      this.all = all;
    }
    return this.all;
  }
}

/** The DRW writer's filler for unused branch slots; as branch[0] it marks a leaf (§3.3). */
export const DRW_LEAF_MARKER = 0xcdcdcdcd;

/** The directory-entry token of the given variant (docs/formats/dat.md §3.2). */
export function entryToken(format: DatFormat): Token<DatEntry> {
  return format === 'eor' ? EorEntryToken : PreTodEntryToken;
}

/** Entry size in bytes: 24 (EoR) or 12 (pre-ToD). */
export function entrySize(format: DatFormat): number {
  return entryToken(format).len;
}

/** Node size in bytes: 62·4 + 4 + 61·entrySize = 1716 (EoR) or 984 (pre-ToD). */
export function nodeSize(format: DatFormat): number {
  return NodeHeaderToken.len + MAX_NODE_ENTRIES * entrySize(format);
}

/** What a node's child links are checked against: the real file size and the header's claim. */
export type NodeGeometry = Pick<ChainGeometry, 'sourceSize' | 'declaredSize'>;

/**
 * The problem of child link `i` (`link`) of the node at `offset` that points past the end of the
 * file — the one wording, with "the file looks truncated" when the header declares more bytes
 * ({@link endOfFileText}): `has invalid child link 5 = 0x000B8C00, which points beyond the end of
 * the file (700000 bytes; the header declares 774144 bytes, so the file looks truncated)`.
 */
export function childPastEndProblem(i: number, link: number, geom: NodeGeometry): string {
  return `has invalid child link ${i} = ${hex8(link)}, which points beyond ${endOfFileText(geom.sourceSize, geom.declaredSize)}`;
}

/**
 * A node's child links from its header (docs/formats/dat.md §3.1, §3.3), validated: empty for a leaf
 * (`count == 0`, or `branch[0]` 0 or 0xCDCDCDCD), else `branch[0..count]`, each non-zero, without
 * the free bit and inside the file — or, in a truncated file ({@link looksTruncated}), inside the
 * size its header declares: such a child lies in the missing tail, and the walk that reaches it
 * says so (core/dat/BTree.ts: the rest of the tree still reads). The one rule of both
 * {@link parseNode} and the entry count (which reads node headers only).
 * @throws DatFormatError when `count` is outside 0..61 or a child link is invalid
 */
export function nodeChildren(
  branches: ArrayLike<number>,
  count: number,
  offset: number,
  geom: NodeGeometry,
  /** The array to fill (emptied first; the entry count reuses one for every node), else a new one. */
  children: number[] = [],
): number[] {
  if (count < 0 || count > MAX_NODE_ENTRIES) {
    throw new DatFormatError('B-tree node', offset, `has entry count ${count}, outside 0..${MAX_NODE_ENTRIES}`);
  }
  const first = branches[0]!;
  children.length = 0;
  if (count === 0 || first === 0 || first === DRW_LEAF_MARKER) return children;
  const limit = looksTruncated(geom) ? geom.declaredSize! : geom.sourceSize;
  for (let i = 0; i <= count; i++) {
    const link = branches[i]!;
    const bad =
      link === 0 || link === DRW_LEAF_MARKER
        ? 'is empty in an internal node'
        : link >= 0x80000000
          ? 'has the free bit set'
          : null;
    if (bad)
      throw new DatFormatError('B-tree node', offset, `has invalid child link ${i} = ${hex8(link)}, which ${bad}`);
    if (link >= limit) throw new DatFormatError('B-tree node', offset, childPastEndProblem(i, link, geom));
    children.push(link);
  }
  return children;
}

/**
 * Parses and validates a node (docs/formats/dat.md §3.1–§3.3).
 *
 * Leaf test: `branch[0] == 0 || branch[0] == 0xCDCDCDCD`; a node with `count == 0` is treated as an
 * empty leaf (the client treats an empty root as "no files"). Internal nodes use exactly
 * `branch[0..count]`, each of which must be a plausible block offset (non-zero, high bit clear,
 * `< sourceSize`, or `< declaredSize` in a truncated file: {@link nodeChildren}). Slots beyond
 * `count` are never looked at.
 *
 * Every id is checked (their order) where it lies; entry objects are made on demand
 * ({@link BTreeNode.entryAt}). The node keeps `bytes` (not copied): the caller gives it its own.
 *
 * @param bytes exactly {@link nodeSize} bytes, as assembled from the node's block chain
 * @param offset the node's first-block offset (for errors and {@link BTreeNode.offset})
 * @throws DatFormatError when `count` is outside 0..61, a child link is invalid, or the entry ids
 *   are not strictly ascending (unsigned)
 */
export function parseNode(bytes: Uint8Array, format: DatFormat, offset: number, geom: NodeGeometry): BTreeNode {
  if (bytes.length < nodeSize(format)) {
    throw new DatFormatError('B-tree node', offset, `is ${bytes.length} bytes, expected ${nodeSize(format)}`);
  }
  const view = viewOf(bytes);
  const { branches, count } = NodeHeaderToken.get(view, 0);
  const children = nodeChildren(branches, count, offset, geom);
  const tok = entryToken(format);
  const firstId = NodeHeaderToken.len + (format === 'eor' ? EOR_ENTRY_ID_AT : PRE_TOD_ENTRY_ID_AT);
  // every id is checked here (their order), read in place: no entry is made for it
  let prev = -1;
  for (let i = 0; i < count; i++) {
    const id = view.getUint32(firstId + i * tok.len, true);
    if (id <= prev) throw entriesOutOfOrder(offset, id, prev);
    prev = id;
  }
  return new NodeView(offset, children.length === 0, count, children, view, tok, firstId);
}

/**
 * The error for a node whose entry ids are not strictly ascending (docs/formats/dat.md §3.2):
 * `id` (unsigned) follows `prev` in the node at `offset`.
 */
export function entriesOutOfOrder(offset: number, id: number, prev: number): DatFormatError {
  return new DatFormatError('B-tree node', offset, `has entries out of order: ${hex8(id)} follows ${hex8(prev)}`);
}

/**
 * Checks that `n` entry ids, read as u32 words `words[at]`, `words[at + stride]`, … (the id word
 * of each entry; `stride` = the entry's size in words), are strictly ascending, and returns the
 * last one (-1 when `n` is 0). Its own small function, not a loop inside the caller: the entry
 * count runs it once per node (~1,300 in a portal dat) in code the JIT has just met, and a small
 * function reaches optimised code after a few hundred calls, where a loop inside the long count
 * walk would wait for an on-stack replacement of the whole walk (issue #9).
 * @param offset the node's first-block offset, for the error
 * @throws DatFormatError ({@link entriesOutOfOrder}) at the first id not above the one before it
 */
export function lastIdInOrder(words: ArrayLike<number>, at: number, n: number, stride: number, offset: number): number {
  let prev = -1;
  for (const end = at + n * stride; at < end; at += stride) {
    const id = words[at]!;
    if (id <= prev) throw entriesOutOfOrder(offset, id, prev);
    prev = id;
  }
  return prev;
}

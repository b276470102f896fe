/**
 * B-tree directory walks (docs/formats/dat.md §3.3): lookup by id, range walk, full count. Nodes are read
 * through their block chains on demand and cached by offset, so repeated lookups re-read nothing.
 */
import type { ByteSource } from '../bytes/ByteSource';
import { DatFormatError, hex8 } from '../errors';
import { readChain, readChainSyncInto } from './BlockChain';
import type { ChainGeometry, SyncByteSource } from './BlockChain';
import { checkBlock, FREE_BIT, looksTruncated, PastEndError } from './BlockChain';
import { childPastEndProblem, entryToken, lastIdInOrder, nodeChildren, nodeSize, parseNode } from './BTreeNode';
import { EOR_ENTRY_ID_AT, NODE_BRANCHES, NodeHeaderToken, PRE_TOD_ENTRY_ID_AT } from './DatTokens';
import type { BTreeNode, DatEntry, NodeGeometry } from './BTreeNode';
import type { DatFormat } from './DatHeader';
import { datWords, LITTLE_ENDIAN_HOST } from './datWords';

/** Deepest tree accepted. Order-62 trees of any real size are ≤ 5 levels; this guards corrupt data. */
export const MAX_TREE_DEPTH = 64;

/**
 * A part of the tree a range walk could not read because it lies in the missing tail of a
 * truncated file: the ids strictly between `after` and `before` (null: no bound on that side),
 * and the error that says where (the node and child link) and that the file looks truncated.
 */
export interface MissingSubtree {
  after: number | null;
  before: number | null;
  error: DatFormatError;
}

/** Nodes per buffer of the synchronous node reads ({@link BTreeReader}; 27 KiB of EoR nodes). */
const NODES_PER_SLAB = 16;

/** Exclusive lower bound below every u32 id. */
const BELOW_ALL = -1;
/** Exclusive upper bound above every u32 id. */
const ABOVE_ALL = 0x100000000;

/**
 * Reads and walks the directory of one dat. Not a public seam: {@link DatFile} wraps it.
 * Every walk tracks the node offsets it has visited; meeting one again is a cycle
 * (DatFormatError `B-tree node … is visited twice (cycle)`), never a hang.
 */
export class BTreeReader {
  /** Nodes read and parsed, by offset. */
  private readonly cache = new Map<number, BTreeNode>();
  /** Reads under way through an asynchronous source (`read`), by offset. */
  private readonly pending = new Map<number, Promise<BTreeNode>>();
  private readonly size: number;
  /**
   * The buffer that synchronous node reads take their bytes from, {@link NODES_PER_SLAB} nodes
   * each, and how much of it is taken: a node read cost an ArrayBuffer of its own (allocated,
   * zeroed and accounted as external memory: about a microsecond), as much as its parse (issue #9).
   */
  private slab = new Uint8Array(0);
  private slabUsed = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly geom: ChainGeometry,
    private readonly format: DatFormat,
    readonly root: number,
    /** Non-fatal findings of node reads (a node chain's non-zero final link). */
    private readonly onWarning?: (message: string) => void,
    /**
     * The host's byte order, for {@link countFromFirstBlocks}' words (./datWords.ts): this host's;
     * `false` runs the big-endian host's branch (correct on any host), as a test does.
     */
    private readonly littleEndianHost = LITTLE_ENDIAN_HOST,
    /**
     * On a source with `readInto`, walk ranges and counts synchronously first ({@link walkedSync});
     * `false` runs the asynchronous walk alone (the reference a test holds the synchronous one to).
     */
    private readonly syncWalk = true,
  ) {
    this.size = nodeSize(format);
  }

  /** Number of distinct nodes read so far (the cache size). */
  get cachedNodes(): number {
    return this.cache.size;
  }

  /**
   * The node whose first block is at `offset` (cached; a failed read is not).
   * @throws DatFormatError from the chain read or {@link parseNode}
   */
  node(offset: number): Promise<BTreeNode> {
    const hit = this.cache.get(offset);
    if (hit) return Promise.resolve(hit);
    // a synchronous source: read now (an error rejects the promise)
    if (this.source.readInto) return new Promise((resolve) => resolve(this.nodeSync(offset)));
    let p = this.pending.get(offset);
    if (!p) {
      p = readChain(this.source, this.geom, offset, this.size, 'B-tree node', { onWarning: this.onWarning }).then(
        (bytes) => {
          const node = parseNode(bytes, this.format, offset, this.geom);
          this.cache.set(offset, node);
          return node;
        },
      );
      this.pending.set(offset, p);
      const done = (): void => void this.pending.delete(offset);
      p.then(done, done);
    }
    return p;
  }

  /**
   * {@link node} on a source with `readInto` (one synchronous read per contiguous run of the
   * node's blocks), without a promise.
   * @throws DatFormatError as {@link node}
   */
  private nodeSync(offset: number): BTreeNode {
    let node = this.cache.get(offset);
    if (!node) {
      if (this.slabUsed + this.size > this.slab.length) {
        this.slab = new Uint8Array(this.size * NODES_PER_SLAB);
        this.slabUsed = 0;
      }
      const bytes = this.slab.subarray(this.slabUsed, this.slabUsed + this.size);
      readChainSyncInto(this.source as SyncByteSource, this.geom, offset, bytes, 'B-tree node', {
        onWarning: this.onWarning,
      });
      node = parseNode(bytes, this.format, offset, this.geom);
      this.slabUsed += this.size; // taken once the node parsed: a failed read's bytes are reused
      this.cache.set(offset, node);
    }
    return node;
  }

  /**
   * Looks `id` up (client `BTree::Search`): binary search per node, descend into `branch[i]` where
   * `i` is the insertion point. Reads only the nodes on one root-to-leaf path.
   * @returns the entry, or undefined when absent
   * @throws DatFormatError on a corrupt node, a cycle, an id outside its subtree's bounds, or depth > 64
   */
  async find(id: number): Promise<DatEntry | undefined> {
    const target = id >>> 0;
    const visited = new Set<number>();
    let offset = this.root;
    let from: number | null = null;
    let lo = BELOW_ALL;
    let hi = ABOVE_ALL;
    for (let depth = 0; ; depth++) {
      const node = await this.visit(offset, visited, depth, from);
      checkBounds(node, lo, hi);
      let a = 0;
      let b = node.count;
      while (a < b) {
        const mid = (a + b) >>> 1;
        const midId = node.idAt(mid);
        if (midId === target) return node.entryAt(mid);
        if (midId < target) a = mid + 1;
        else b = mid;
      }
      if (node.leaf) return undefined;
      if (a > 0) lo = node.idAt(a - 1);
      if (a < node.count) hi = node.idAt(a);
      const missing = this.missingChild(node.offset, a, node.children[a]!);
      if (missing) throw missing;
      from = node.offset;
      offset = node.children[a]!;
    }
  }

  /**
   * All entries with `min <= id <= max` (unsigned), ascending (client `Get_Id_List_Range`,
   * DRW `GetFilesInRange`). Subtrees whose key interval cannot meet [min, max] are not read.
   * Sibling subtrees are fetched concurrently.
   *
   * In a truncated file (the header declares more bytes than it has), a subtree whose node lies
   * in the missing tail is given to `onMissing` and left out, so the entries of the rest are still
   * returned; without `onMissing` — and for any other corruption — the walk throws.
   * @throws DatFormatError on a corrupt node, a cycle, out-of-order ids (within or across nodes),
   *   depth > 64, or a node past the end of the file (truncation wording; not with `onMissing`)
   */
  async range(min: number, max: number, onMissing?: (m: MissingSubtree) => void): Promise<DatEntry[]> {
    const walk: RangeWalk = { min: min >>> 0, max: max >>> 0, visited: new Set(), onMissing, keep: true, counted: 0 };
    if (walk.min > walk.max) return [];
    const out: DatEntry[] = [];
    if (this.syncWalk && this.source.readInto && this.walkedSync(walk, out)) return out;
    const root: Subtree = { offset: this.root, from: null, link: 0, lo: BELOW_ALL, hi: ABOVE_ALL, depth: 0 };
    await this.walk(walk, root, out);
    return out;
  }

  /**
   * Walk `w` of the whole tree on a source with `readInto`, depth first in key order straight
   * into `out`: the same nodes, checks and entries as {@link walk}, with no promise or part list
   * per node (issue #9). True when the tree was walked without a problem. At the first problem
   * (a corrupt node, a cycle, a subtree in the missing tail of a truncated file) it stops and
   * returns false with `w` and `out` as they were: the caller then walks again with {@link walk},
   * whose order decides which problem is reported and which subtrees are lost (nodes read
   * without a problem are cached: not read twice).
   */
  private walkedSync(w: RangeWalk, out: DatEntry[]): boolean {
    try {
      this.walkSync(w, { offset: this.root, from: null, link: 0, lo: BELOW_ALL, hi: ABOVE_ALL, depth: 0 }, out);
      return true;
    } catch {
      w.visited.clear();
      w.counted = 0;
      out.length = 0;
      return false;
    }
  }

  /**
   * {@link walkedSync} of subtree `t`: {@link eachInRange}'s entries and children, the children
   * walked at once, in key order.
   * @throws DatFormatError at the first problem (see {@link walkedSync})
   */
  private walkSync(w: RangeWalk, t: Subtree, out: DatEntry[]): void {
    markVisited(w.visited, t.offset, t.depth, t.from);
    const node = this.nodeSync(t.offset);
    eachInRange(
      node,
      w,
      t,
      (i) => (w.keep ? out.push(node.entryAt(i)) : w.counted++),
      (child) => {
        this.throwIfMissing(child);
        this.walkSync(w, child, out);
      },
    );
  }

  /**
   * The error for child link `i` (`child`) of the node at `from` when the child's first block
   * does not lie whole inside the file (a link into the missing tail of a truncated file), else null.
   */
  private missingChild(from: number, i: number, child: number): PastEndError | null {
    const need = 4 + Math.min(this.geom.blockSize - 4, this.size);
    if (child + need <= this.geom.sourceSize) return null;
    return new PastEndError('B-tree node', from, childPastEndProblem(i, child, this.geom));
  }

  /**
   * Number of entries in the whole tree (reads every node once; cached afterwards).
   * @throws DatFormatError as {@link range}
   */
  async count(): Promise<number> {
    // the walk of range(0, 0xFFFFFFFF) with every check, counting: no entry is made (issue #9)
    const walk: RangeWalk = { min: 0, max: 0xffffffff, visited: new Set(), keep: false, counted: 0 };
    if (this.syncWalk && this.source.readInto && this.walkedSync(walk, [])) return walk.counted;
    await this.walk(walk, { offset: this.root, from: null, link: 0, lo: BELOW_ALL, hi: ABOVE_ALL, depth: 0 }, []);
    return walk.counted;
  }

  /**
   * Number of entries in the whole tree from each node's FIRST BLOCK only, one read per node:
   * a node's child links and entry count sit before its entries (§3.1), so the 80,000 entries of
   * a portal dat are never assembled or kept (issue #9). Checked as {@link parseNode} checks a
   * node header ({@link nodeChildren}: count 0..61, child links non-zero, without the free bit,
   * inside the file), plus the first block's link word, the ascending order of the entries that
   * lie in the first block (all of them up to 32 entries at 1 KiB blocks), cycles and depth > 64
   * as {@link range} does. Entries past the first block are not read, so their order is not
   * checked (the strict walk is {@link count}).
   * @throws DatFormatError on a corrupt node header, out-of-order entries in a first block, a
   *   cycle, or depth > 64
   */
  async countFromFirstBlocks(): Promise<number> {
    const headerBytes = NodeHeaderToken.len;
    const firstPayload = this.geom.blockSize - 4;
    if (firstPayload < headerBytes) return this.count(); // a header spanning blocks: the strict walk
    const spans = this.size > firstPayload; // the node continues past its first block
    const length = 4 + Math.min(firstPayload, this.size);
    // one buffer for every node's first block, read as u32 words where it lies (issue #9: a first
    // `acsound list` on a dat counts ~1,300 nodes, each once, in code the JIT has not compiled yet:
    // no token objects, no array per node, no DataView call per word on a little-endian host)
    const buf = new Uint8Array(Math.ceil(length / 4) * 4);
    // the block's u32 words as numbers: a view of `buf` itself on a little-endian host, else a copy made per read
    const { words, load } = datWords(buf, this.littleEndianHost);
    const tok = entryToken(this.format);
    const idWord = (4 + headerBytes + (this.format === 'eor' ? EOR_ENTRY_ID_AT : PRE_TOD_ENTRY_ID_AT)) / 4;
    const idStride = tok.len / 4;
    const countWord = (4 + headerBytes - 4) / 4;
    const maxInFirst = Math.floor((length - 4 - headerBytes) / tok.len);
    // branch[0..61], read where they lie (nodeChildren looks at branch[0..count] only)
    const branches = words.subarray(1, 1 + NODE_BRANCHES);
    const layout: FirstBlockLayout = { spans, countWord, idWord, idStride, maxInFirst, branches };
    const children: number[] = [];
    const visited = new Set<number>();
    const what = 'B-tree node';
    let total = 0;
    // the nodes still to read, depth first: offset, parent (-1: none), depth, key range (lo, hi)
    const sOffset: number[] = [this.root];
    const sFrom: number[] = [-1];
    const sDepth: number[] = [0];
    const sLo: number[] = [BELOW_ALL];
    const sHi: number[] = [ABOVE_ALL];
    while (sOffset.length > 0) {
      const offset = sOffset.pop()!;
      const fromWord = sFrom.pop()!;
      const from = fromWord < 0 ? null : fromWord;
      const depth = sDepth.pop()!;
      const lo = sLo.pop()!;
      const hi = sHi.pop()!;
      markVisited(visited, offset, depth, from);
      checkBlock(this.geom, offset, null, length, what);
      if (this.source.readInto) this.source.readInto(buf, 0, offset, length);
      else buf.set(await this.source.read(offset, length));
      load?.();
      const count = checkFirstBlock(words, layout, offset, lo, hi, this.geom, children);
      const inFirst = Math.min(count, maxInFirst);
      total += count;
      // a child link lost (past the end) is reported in key order, the first one first: the
      // strict walk's rule (its children are checked in key order before any is read), so the
      // quick and the strict count name the same link (acsound list and info agree)
      for (let i = 0; i < children.length; i++) {
        const missing = this.missingChild(offset, i, children[i]!);
        if (missing) throw missing;
      }
      // the key range of each child: its separators when they lie in the first block, else the nearest known ones
      for (let i = children.length - 1; i >= 0; i--) {
        const before = Math.min(i, inFirst) - 1; // the separator below child i known from the first block, if any
        sOffset.push(children[i]!);
        sFrom.push(offset);
        sDepth.push(depth + 1);
        sLo.push(i === 0 || before < 0 ? lo : words[idWord + before * idStride]!);
        sHi.push(i === count ? hi : i < inFirst ? words[idWord + i * idStride]! : hi);
      }
    }
    return total;
  }

  /**
   * Reads the node at `offset`, reached through a child link of the node at `from` (null for the
   * root). Errors about the link report `from` (where the link was read) and name the link value.
   */
  private async visit(offset: number, visited: Set<number>, depth: number, from: number | null): Promise<BTreeNode> {
    markVisited(visited, offset, depth, from);
    return this.node(offset);
  }

  /** Walks subtree `t` through an asynchronous source: sibling subtrees are read concurrently, their entries kept in key order. */
  private async walk(w: RangeWalk, t: Subtree, out: DatEntry[]): Promise<void> {
    const node = await this.visit(t.offset, w.visited, t.depth, t.from);
    if (node.leaf) {
      // no child to wait for: the entries go straight to `out` (this subtree's own list), in
      // order — no array per entry (issue #9: the leaves hold nearly every Wave and SoundTable)
      eachInRange(node, w, t, (i) => (w.keep ? out.push(node.entryAt(i)) : w.counted++), noChild);
      return;
    }
    // the node's entries and its children's parts, in key order; consecutive entries share a part
    const parts: DatEntry[][] = [];
    const pending: Promise<void>[] = [];
    let run: DatEntry[] | null = null;
    eachInRange(
      node,
      w,
      t,
      (i) => {
        if (!w.keep) return void w.counted++;
        if (run === null) parts.push((run = []));
        run.push(node.entryAt(i));
      },
      (child) => {
        const part: DatEntry[] = [];
        parts.push(part);
        run = null;
        pending.push(this.walkChild(w, child, part));
      },
    );
    await Promise.all(pending);
    for (const p of parts) for (const e of p) out.push(e);
  }

  /**
   * {@link walk} into child subtree `t`. A child in the missing tail of a truncated file — its
   * first block past the end, or a block of its chain — goes to `onMissing` (when given) and adds
   * no entries.
   */
  private async walkChild(w: RangeWalk, t: Subtree, out: DatEntry[]): Promise<void> {
    try {
      this.throwIfMissing(t);
      await this.walk(w, t, out);
    } catch (e) {
      this.lost(w, t, e);
      out.length = 0;
    }
  }

  /** @throws PastEndError when child subtree `t`'s first block does not lie whole inside the file */
  private throwIfMissing(t: Subtree): void {
    const missing = this.missingChild(t.from!, t.link, t.offset);
    if (missing) throw missing;
  }

  /**
   * Hands a child subtree lost with the missing tail of a truncated file to the walk's
   * `onMissing`; rethrows anything else (and everything without `onMissing`).
   */
  private lost(w: RangeWalk, t: Subtree, e: unknown): void {
    if (w.onMissing === undefined || !(e instanceof PastEndError) || !looksTruncated(this.geom)) throw e;
    w.onMissing({ after: t.lo < 0 ? null : t.lo, before: t.hi > 0xffffffff ? null : t.hi, error: e });
  }
}

/** The child callback of a leaf's {@link eachInRange} (a leaf has no children: never called). */
function noChild(): void {}

/** What one range walk shares: its inclusive unsigned bounds, the nodes it visited, its handler of lost subtrees. */
interface RangeWalk {
  min: number;
  max: number;
  visited: Set<number>;
  onMissing?: (m: MissingSubtree) => void;
  /** Return the entries (a range), or only count them in {@link counted} (the strict count). */
  keep: boolean;
  counted: number;
}

/**
 * A subtree to walk: its root node at `offset`, reached through child link `link` of the node at
 * `from` (null: the tree's root), holding ids strictly between `lo` and `hi`, `depth` levels down.
 */
interface Subtree {
  offset: number;
  from: number | null;
  link: number;
  lo: number;
  hi: number;
  depth: number;
}

/**
 * Marks the node at `offset` visited on a walk, reached at `depth` through a child link read at
 * `from` (null: the root).
 * @throws DatFormatError when the tree is deeper than {@link MAX_TREE_DEPTH} levels or the link
 *   leads back to a node already visited (a cycle); both name `from`, where the link was read
 */
function markVisited(visited: Set<number>, offset: number, depth: number, from: number | null): void {
  if (depth >= MAX_TREE_DEPTH)
    throw new DatFormatError('B-tree', from, `is deeper than ${MAX_TREE_DEPTH} levels (child link ${hex8(offset)})`);
  if (visited.has(offset))
    throw new DatFormatError('B-tree node', from, `links to node ${hex8(offset)}, which was already visited (cycle)`);
  visited.add(offset);
}

/** The index of `node`'s first entry with id >= `min` (`node.count` when none): ids ascend, as parseNode checked. */
function firstAtLeast(node: BTreeNode, min: number): number {
  let a = 0;
  let b = node.count;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (node.idAt(mid) < min) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * The part of `node` (the root of subtree `t`) that walk `w` needs, in key order: each entry with
 * `min <= id <= max` to `entry` (its index in the node) and each child whose key interval meets [min, max] to `child`
 * (child i holds ids strictly between ids i−1 and i). The node's ids are read in place: no entry
 * is made here. Checks the subtree key-range rule first (§3.3).
 * @throws DatFormatError when the node's ids lie outside `t`'s key range
 */
function eachInRange(
  node: BTreeNode,
  w: RangeWalk,
  t: Subtree,
  entry: (i: number) => void,
  child: (t: Subtree) => void,
): void {
  checkBounds(node, t.lo, t.hi);
  const { min, max } = w;
  const n = node.count;
  const a = firstAtLeast(node, min);
  if (node.leaf) {
    for (let i = a; i < n && node.idAt(i) <= max; i++) entry(i);
    return;
  }
  // children before child a end below min: none of them meets the range
  for (let i = a; i <= n; i++) {
    const cLo = i === 0 ? t.lo : node.idAt(i - 1);
    if (cLo >= max) break; // this child and every later one start at or above max
    const cHi = i === n ? t.hi : node.idAt(i);
    if (cHi > min)
      child({ offset: node.children[i]!, from: node.offset, link: i, lo: cLo, hi: cHi, depth: t.depth + 1 });
    if (i < n) {
      const id = node.idAt(i);
      if (id > max) break;
      entry(i);
    }
  }
}

function checkBounds(node: BTreeNode, lo: number, hi: number): void {
  if (node.count === 0) return;
  checkIdBounds(node.offset, node.idAt(0), node.idAt(node.count - 1), lo, hi);
}

/**
 * Where a node's first block holds what {@link BTreeReader.countFromFirstBlocks} reads, in u32
 * words of the block as read (word 0: the link to the node's next block; docs/formats/dat.md §3.1).
 */
interface FirstBlockLayout {
  /** The node continues past its first block (its link word must then lead on). */
  spans: boolean;
  /** The entry count's word. */
  countWord: number;
  /** Entry 0's id word; entry i's is `idWord + i * idStride`. */
  idWord: number;
  /** An entry's size in words. */
  idStride: number;
  /** How many entries lie whole in the first block. */
  maxInFirst: number;
  /** branch[0..61], where they lie in the block's words. */
  branches: Uint32Array;
}

/**
 * The checks of one node's first block (`words`, as laid out by `l`) and its entry count: the
 * link word, the node header ({@link nodeChildren}: count 0..61, child links, filled into
 * `children`), the order of the ids that lie in the block ({@link lastIdInOrder}) and that they
 * lie inside the key range (lo, hi) the parent gives its subtree (§3.3). A function of its own, run
 * once per node: optimised after a few hundred nodes, where a loop body inside the walk would wait
 * for an on-stack replacement of the whole walk (issue #9).
 * @throws DatFormatError on the first problem found
 */
function checkFirstBlock(
  words: Uint32Array,
  l: FirstBlockLayout,
  offset: number,
  lo: number,
  hi: number,
  geom: NodeGeometry,
  children: number[],
): number {
  const link = words[0]!;
  if (l.spans && link & FREE_BIT)
    throw new DatFormatError('B-tree node', offset, `runs into a free block (link ${hex8(link)} has the free bit set)`);
  if (l.spans && link === 0)
    throw new DatFormatError('B-tree node', offset, `ends early: link 0 after its first block`);
  const count = words[l.countWord]! | 0;
  nodeChildren(l.branches, count, offset, geom, children);
  const inFirst = Math.min(count, l.maxInFirst);
  const last = lastIdInOrder(words, l.idWord, inFirst, l.idStride, offset);
  if (inFirst > 0) checkIdBounds(offset, words[l.idWord]!, last, lo, hi);
  return count;
}

/** The subtree key-range rule (§3.3) on a node's first and last id (or the first and last known). */
function checkIdBounds(offset: number, first: number, last: number, lo: number, hi: number): void {
  if (first <= lo || last >= hi) {
    const bad = first <= lo ? first : last;
    const range = `(${lo < 0 ? '-' : hex8(lo)}, ${hi > 0xffffffff ? '-' : hex8(hi)})`;
    throw new DatFormatError(
      'B-tree node',
      offset,
      `has entries out of order: ${hex8(bad)} lies outside its subtree's key range ${range}`,
    );
  }
}

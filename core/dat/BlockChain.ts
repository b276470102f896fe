/**
 * Block chains (docs/formats/dat.md §2): every object and every B-tree node is stored as a chain of
 * fixed-size blocks, each a 4-byte link word followed by `blockSize − 4` payload bytes.
 */
import { getToken } from '../binary/token';
import { BlockLinkToken } from './DatTokens';
import type { ByteSource } from '../bytes/ByteSource';
import { DatFormatError, hex8 } from '../errors';

/** Bit 31 of a link word: the block is on the free list (docs/formats/dat.md §2.1). */
export const FREE_BIT = 0x80000000;

/** Largest object this reader assembles (256 MiB): a guard against absurd sizes in corrupt entries. */
export const MAX_OBJECT_SIZE = 256 * 1024 * 1024;

/** Where blocks may lie: what {@link readChain} validates each link against. */
export interface ChainGeometry {
  /** Block size in bytes including the link word (header `blockSize`). */
  blockSize: number;
  /** Real length of the file in bytes (not the header's claim). */
  sourceSize: number;
  /** Lowest legal block offset: the end of the header (0x190 EoR, 0x158 pre-ToD). */
  dataStart: number;
  /** The header's `fileSize` claim, when known: a read past the end then says the file looks truncated. */
  declaredSize?: number;
}

/**
 * A read or a link past the end of the file (docs/formats/dat.md §1.3, §2.2): a DatFormatError
 * (its wire name) whose message ends with {@link endOfFileText}. Its own class so that a walk of
 * the B-tree can tell a part of the tree lost with the missing tail of a truncated file
 * ({@link looksTruncated}) from other corruption.
 */
export class PastEndError extends DatFormatError {}

/** True when the header declares more bytes than the file has: its tail is missing. */
export function looksTruncated(geom: Pick<ChainGeometry, 'sourceSize' | 'declaredSize'>): boolean {
  return geom.declaredSize !== undefined && geom.declaredSize > geom.sourceSize;
}

/** "; the header declares 774144 bytes, so the file looks truncated" when it does, else ''. */
export function truncatedNote(sourceSize: number, declaredSize?: number): string {
  return declaredSize !== undefined && declaredSize > sourceSize
    ? `; the header declares ${declaredSize} bytes, so the file looks truncated`
    : '';
}

/**
 * "the end of the file (760000 bytes)", plus "; the header declares 774144 bytes, so the file looks
 * truncated" when the header claims more than the file has — the one rule for every read past
 * the end, whatever the size (docs/formats/dat.md §1.3).
 */
export function endOfFileText(sourceSize: number, declaredSize?: number): string {
  return `the end of the file (${sourceSize} bytes${truncatedNote(sourceSize, declaredSize)})`;
}

/** Options for {@link readChain}. */
export interface ReadChainOptions {
  /**
   * Check that the link word of the last block is 0 (§2.2 step 4). Default true. The spec calls
   * this check optional: the retail client is strict, DatReaderWriter and ACE do not check, and
   * DRW-written or modded dats may leave a non-zero word there. So a non-zero final link is by
   * default a WARNING ({@link onWarning}) and the bytes are returned; see {@link strictFinalLink}.
   */
  checkFinalLink?: boolean;
  /** Throw DatFormatError for a non-zero final link instead of warning (the client's strict read). Default false. */
  strictFinalLink?: boolean;
  /** Receives non-fatal findings (today: a non-zero final link), one message each. */
  onWarning?: (message: string) => void;
}

/**
 * What a chain holds, for error and warning texts (e.g. `block chain of 0x0A000012`): the text, a
 * function that gives it, or the id of the object whose chain it is (`block chain of ` + the id) —
 * made only when a text is needed, so reading the chains of every Wave builds no string, and an
 * object's chain no closure, for the ones that read cleanly (issue #9).
 */
export type ChainName = string | number | (() => string);

/** The text of a {@link ChainName}. */
export function chainName(what: ChainName): string {
  return typeof what === 'string' ? what : typeof what === 'number' ? `block chain of ${hex8(what)}` : what();
}

/**
 * Reads `size` bytes stored in the chain that starts at block `offset` (docs/formats/dat.md §2.2).
 *
 * Stops by byte count: copies `min(blockSize − 4, remaining)` bytes per block, so the stale tail
 * of the last block is never read. Through `source.read` each block costs one read of `4 + n`
 * bytes (link + the payload actually needed); through `source.readInto` (synchronous) blocks that
 * lie back to back are read together, in runs that double while the chain stays contiguous (see
 * {@link MAX_RUN_BLOCKS}).
 *
 * @param what names the structure for error messages, e.g. `block chain of 0x0A000012` (see {@link ChainName})
 * @returns a new `Uint8Array` of exactly `size` bytes (empty and without any read when `size` is 0)
 * @throws DatFormatError (structure = `what`, offset = the block whose link word is bad — where the
 *   bad value was read, never the bad value itself, which the problem text names; null when the
 *   bad value is the entry's own offset or size) when: the size is
 *   absurd (> 256 MiB or more blocks than the file holds); a block offset is 0, inside the header
 *   or past the end of the file; a link inside the chain has the free bit set; a link is 0 before
 *   `size` bytes were read (chain too short); the chain revisits a block (loop); or, with
 *   `strictFinalLink`, the last block's link is not 0 (otherwise that is reported through
 *   `onWarning`, unless `checkFinalLink` is false). Block offsets need not lie on the
 *   `dataStart + k·blockSize` grid: the reader follows links, it does not assume a layout.
 */
export async function readChain(
  source: ByteSource,
  geom: ChainGeometry,
  offset: number,
  size: number,
  what: ChainName,
  options: ReadChainOptions = {},
): Promise<Uint8Array> {
  if (source.readInto) return readChainSync(source as SyncByteSource, geom, offset, size, what, options);
  const out = chainBuffer(geom, offset, size, what);
  if (out.length === 0) return out;
  const payload = geom.blockSize - 4;
  const visited = new Set<number>();
  let cur = offset >>> 0;
  /** The block whose link word led to `cur` (null for the first block, whose offset the B-tree entry gives). */
  let from: number | null = null;
  let done = 0;
  for (;;) {
    const n = Math.min(payload, size - done);
    checkBlock(geom, cur, from, 4 + n, what);
    if (visited.has(cur))
      throw new DatFormatError(
        chainName(what),
        from,
        `loops: its link ${hex8(cur)} leads back to a block already read`,
      );
    visited.add(cur);
    const bytes = await source.read(cur, 4 + n);
    out.set(bytes.subarray(4, 4 + n), done);
    done += n;
    const link = getToken(BlockLinkToken, bytes);
    if (nextLink(link, cur, done, size, what, options)) return out;
    from = cur;
    cur = link;
  }
}

/** A {@link ByteSource} with the synchronous `readInto`. */
export type SyncByteSource = ByteSource & Required<Pick<ByteSource, 'readInto'>>;

/**
 * {@link readChain} on a source with `readInto`, synchronously: the same checks, errors and
 * result, without a promise (the index reads every Wave header and SoundTable this way).
 * @throws DatFormatError as {@link readChain}
 */
export function readChainSync(
  source: SyncByteSource,
  geom: ChainGeometry,
  offset: number,
  size: number,
  what: ChainName,
  options: ReadChainOptions = {},
): Uint8Array {
  const out = chainBuffer(geom, offset, size, what);
  if (out.length > 0) readChainInto(source, geom, offset >>> 0, out, what, options);
  return out;
}

/**
 * {@link readChainSync} into `out` (the caller's: e.g. a slice of a larger buffer), exactly
 * `out.length` bytes of the chain at `offset`: the same checks, errors and bytes, with no buffer
 * allocated (the B-tree reads its nodes into slices of one buffer, issue #9).
 * @throws DatFormatError as {@link readChain}
 */
export function readChainSyncInto(
  source: SyncByteSource,
  geom: ChainGeometry,
  offset: number,
  out: Uint8Array,
  what: ChainName,
  options: ReadChainOptions = {},
): void {
  checkChainSize(geom, offset, out.length, what);
  if (out.length > 0) readChainInto(source, geom, offset >>> 0, out, what, options);
}

/** Largest chain {@link readChainView} reads into its reused buffer (larger ones get their own). */
export const MAX_VIEW_SIZE = 1024 * 1024;

/**
 * {@link readChainSync} into a buffer that the next call reuses: the result is a view, valid
 * until the next `readChainView`, for a caller that parses the bytes at once and keeps nothing
 * that points into them (the index's SoundTables and MP3 Waves: no buffer allocated per object,
 * issue #9). The same checks, errors and bytes. Chains over {@link MAX_VIEW_SIZE} get their own array.
 * @throws DatFormatError as {@link readChain}
 */
export function readChainView(
  source: SyncByteSource,
  geom: ChainGeometry,
  offset: number,
  size: number,
  what: ChainName,
  options: ReadChainOptions = {},
): Uint8Array {
  if (size > MAX_VIEW_SIZE) return readChainSync(source, geom, offset, size, what, options);
  checkChainSize(geom, offset, size, what);
  // the longest run this chain can read, so that readChainInto copies within one buffer
  const runs = Math.min(Math.ceil(size / (geom.blockSize - 4)), MAX_RUN_BLOCKS) * geom.blockSize;
  growBuffers(runs, size);
  const out = viewBuffer.subarray(0, size);
  lastView = out; // (dropped if readChainInto has to grow the buffers)
  if (size > 0) readChainInto(source, geom, offset >>> 0, out, what, options);
  return out;
}

/**
 * The checks of a chain's declared size (§2.2) before any read, and the buffer for its bytes.
 * @throws DatFormatError for a size that is not a non-negative integer, absurd, or more than the file holds
 */
function chainBuffer(geom: ChainGeometry, offset: number, size: number, what: ChainName): Uint8Array {
  checkChainSize(geom, offset, size, what);
  return new Uint8Array(size);
}

/** The checks of {@link chainBuffer}. */
function checkChainSize(geom: ChainGeometry, offset: number, size: number, what: ChainName): void {
  if (!Number.isSafeInteger(size) || size < 0)
    throw new DatFormatError(
      chainName(what),
      null,
      `has invalid size ${size} (its chain starts at block ${hex8(offset)})`,
    );
  if (size === 0) return;
  const payload = geom.blockSize - 4;
  const blocks = Math.ceil(size / payload);
  if (size > MAX_OBJECT_SIZE) {
    throw new DatFormatError(
      chainName(what),
      null,
      `declares an absurd size of ${size} bytes (limit ${MAX_OBJECT_SIZE}) (its chain starts at block ${hex8(offset)})`,
    );
  }
  if (blocks * geom.blockSize > geom.sourceSize) {
    throw new PastEndError(
      chainName(what),
      null,
      `declares ${size} bytes (${blocks} blocks), more than the ${geom.sourceSize}-byte file can hold (its chain starts at block ${hex8(offset)})${truncatedNote(geom.sourceSize, geom.declaredSize)}`,
    );
  }
}

/**
 * The checks on a block's link word once its payload is in (§2.2 steps 3–4), shared by both
 * read paths: true when the chain is complete (`done === size`; a non-zero final link warns or,
 * with `strictFinalLink`, throws), otherwise the link must lead on (no free bit, not 0).
 */
function nextLink(
  link: number,
  cur: number,
  done: number,
  size: number,
  what: ChainName,
  options: ReadChainOptions,
): boolean {
  if (done === size) {
    if (options.checkFinalLink !== false && link !== 0) {
      const problem = `does not end after its last block (link ${hex8(link)} instead of 0)`;
      if (options.strictFinalLink) throw new DatFormatError(chainName(what), cur, problem);
      options.onWarning?.(`${chainName(what)} ${problem} at offset ${hex8(cur)}`);
    }
    return true;
  }
  if (link & FREE_BIT) {
    throw new DatFormatError(chainName(what), cur, `runs into a free block (link ${hex8(link)} has the free bit set)`);
  }
  if (link === 0) {
    throw new DatFormatError(
      chainName(what),
      cur,
      `ends early: link 0 with ${size - done} of ${size} bytes still to read`,
    );
  }
  return false;
}

/** Most blocks read in one go when a chain's blocks lie one after another (64 KiB at 1 KiB blocks). */
export const MAX_RUN_BLOCKS = 64;

/**
 * The reused buffers of the synchronous path, two parts of one ArrayBuffer (grown on demand,
 * never shrunk): `scratch`, which runs of blocks are read into, then `viewBuffer`, which
 * {@link readChainView} assembles a chain in. Being one buffer, a run's payloads are copied from
 * the first to the second with `copyWithin`, without a view of it per block, and a block read
 * alone goes straight to its place in the second, its link word over the 4 bytes before it (the
 * end of the first, for a chain's first block) (issue #9).
 */
let buffers = new Uint8Array(0);
let scratch = buffers;
/** A view of the whole of {@link buffers} (its first bytes are scratch's): link words are read through it. */
let scratchView = new DataView(buffers.buffer);
let viewBuffer = buffers;
/** A DataView of {@link buffers} from {@link viewBuffer}'s first byte on ({@link chainDataView}). */
let viewData = new DataView(buffers.buffer);
/**
 * The array the last {@link readChainView} returned while it still lies in {@link buffers} (null
 * once they grew): what tells its bytes apart by identity, where comparing `.buffer`s calls a
 * C++ builtin each time (issue #9: once per run of blocks and per parsed object).
 */
let lastView: Uint8Array | null = null;

/** Grows {@link scratch} to at least `run` bytes and {@link viewBuffer} to at least `view` (both, in one new buffer). */
function growBuffers(run: number, view: number): void {
  if (scratch.length >= run && viewBuffer.length >= view) return;
  const r = Math.max(run, scratch.length);
  const v = Math.max(view, viewBuffer.length, 64 * 1024);
  buffers = new Uint8Array(r + v);
  scratch = buffers.subarray(0, r);
  scratchView = new DataView(buffers.buffer);
  viewBuffer = buffers.subarray(r);
  viewData = new DataView(buffers.buffer, r);
  lastView = null;
}

/**
 * A DataView whose byte 0 is `bytes[0]`, over at least `bytes.length` bytes: for the bytes of a
 * {@link readChainView} (still valid), one view of its reused buffer, made when the buffer was;
 * for any other bytes a view of exactly them. For a parser that bounds its reads by
 * `bytes.length`, not by the view's length (issue #9: a DataView made per SoundTable and MP3
 * Wave cost about as much as parsing a table's rows).
 */
export function chainDataView(bytes: Uint8Array): DataView {
  return bytes === lastView ? viewData : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The synchronous path of {@link readChain} for sources with `readInto`: the same checks in the
 * same order with the same errors, but blocks that lie back to back are read together. The run
 * grows with the evidence: a chain's first read takes its first block alone (whether the next
 * block is its neighbour is known only from its link); each time every block of a run linked to
 * the next one, the next run doubles (up to {@link MAX_RUN_BLOCKS}); where a link leaves the run
 * (a fragmented chain) the rest of the run is dropped and the next run starts again at one block. So a
 * contiguous chain costs about log2 of its blocks in reads, and a fragmented one never reads a
 * block it does not use more than once per break (issue #9: runs sized to the whole remaining
 * chain read 1.7 MB instead of 0.3 MB for the MP3 Waves of a fragmented 80,000-entry dat).
 */
function readChainInto(
  source: SyncByteSource,
  geom: ChainGeometry,
  offset: number,
  out: Uint8Array,
  what: ChainName,
  options: ReadChainOptions,
): void {
  const size = out.length;
  const bs = geom.blockSize;
  const payload = bs - 4;
  // the blocks read so far (a loop check), started when the chain leaves its first block
  let started = false;
  let cur = offset;
  let from: number | null = null;
  let done = 0;
  // the first block alone: whether the next one is its neighbour is known only from its link (a
  // guess of two blocks for a 2-block B-tree node read a block that is not the node's for each of
  // the 22 fragmented nodes an open + list of the bench dat walks, and saved no read, issue #9)
  let want = 1;
  for (;;) {
    checkBlock(geom, cur, from, 4 + Math.min(payload, size - done), what);
    // the run: blocks cur, cur + bs, … that the chain still needs and that fit in the file
    let blocks = Math.min(Math.ceil((size - done) / payload), want);
    while (blocks > 1 && cur + runLength(blocks, bs, size - done) > geom.sourceSize) blocks--;
    const length = runLength(blocks, bs, size - done);
    growBuffers(Math.max(length, MAX_RUN_BLOCKS * bs), 0);
    // out in the same buffer (readChainView's): payloads copied within it; else each through a view
    const within = out === lastView ? buffers : null;
    // one block into readChainView's buffer: read where its payload goes, its link word over the
    // 4 bytes before (the previous block's last payload bytes, or the end of scratch), which are
    // put back once the link is read — no copy (issue #9: the blocks of a fragmented chain, e.g.
    // every MP3 Wave of the bench dat, were each copied from scratch)
    let direct = -1;
    let directLink = 0;
    if (within !== null && blocks === 1) {
      direct = out.byteOffset + done - 4;
      const kept = scratchView.getUint32(direct, true);
      source.readInto(within, direct, cur, length);
      directLink = scratchView.getUint32(direct, true);
      scratchView.setUint32(direct, kept, true);
    } else source.readInto(scratch, 0, cur, length);
    for (let k = 0; ; k++) {
      if (from !== null) {
        if (!started) {
          chainBlocks.reset(offset);
          started = true;
        }
        if (!chainBlocks.add(cur))
          throw new DatFormatError(
            chainName(what),
            from,
            `loops: its link ${hex8(cur)} leads back to a block already read`,
          );
      }
      const at = k * bs;
      const n = Math.min(payload, size - done);
      let link: number;
      if (direct >= 0) link = directLink;
      else {
        if (within !== null) within.copyWithin(out.byteOffset + done, at + 4, at + 4 + n);
        else out.set(scratch.subarray(at + 4, at + 4 + n), done);
        link = BlockLinkToken.get(scratchView, at);
      }
      done += n;
      if (nextLink(link, cur, done, size, what, options)) return;
      from = cur;
      const next = link === cur + bs;
      cur = link;
      if (next && k + 1 < blocks) continue;
      // the run is used up: grow the next one while the chain stays contiguous, else start small
      want = next ? Math.min(blocks * 2, MAX_RUN_BLOCKS) : 1;
      break;
    }
  }
}

/**
 * The blocks of the chain {@link readChainInto} is reading, for its loop check: one list reused
 * by every chain (they are read one at a time, synchronously), so a chain of a few blocks — an
 * MP3 Wave, a 2-block B-tree node — makes no Set of its own (issue #9); a long chain moves to a
 * Set past {@link LIST_BLOCKS} blocks, so the check stays linear.
 */
class ChainBlocks {
  private readonly list: number[] = [];
  private set: Set<number> | null = null;

  /** Starts a chain at block `first`. */
  reset(first: number): void {
    this.list.length = 0;
    this.list.push(first);
    this.set = null;
  }

  /** Adds `block`; false when the chain has read it already (a loop). */
  add(block: number): boolean {
    const set = this.set;
    if (set !== null) {
      if (set.has(block)) return false;
      set.add(block);
      return true;
    }
    if (this.list.includes(block)) return false;
    this.list.push(block);
    if (this.list.length > LIST_BLOCKS) this.set = new Set(this.list);
    return true;
  }
}

/** Blocks a chain's loop check keeps in a list before it takes a Set. */
const LIST_BLOCKS = 64;

const chainBlocks = new ChainBlocks();

/** Bytes of a run of `k` neighbouring blocks when `left` bytes of the chain are still to read. */
function runLength(k: number, bs: number, left: number): number {
  return (k - 1) * bs + 4 + Math.min(bs - 4, left - (k - 1) * (bs - 4));
}

/**
 * Validates the block `cur` before reading it. Errors report WHERE the bad value was read — the
 * block whose link word holds it (`from`) — and name the bad value in the problem text; for the
 * first block (`from` null: its offset comes from the B-tree entry) the offset is null.
 */
export function checkBlock(geom: ChainGeometry, cur: number, from: number | null, need: number, what: ChainName): void {
  if (cur === 0 || cur < geom.dataStart) {
    throw new DatFormatError(chainName(what), from, `${blockTarget(cur, from)}, inside the file header`);
  }
  if (cur + need > geom.sourceSize) {
    throw new PastEndError(
      chainName(what),
      from,
      `${blockTarget(cur, from)}, beyond ${endOfFileText(geom.sourceSize, geom.declaredSize)}`,
    );
  }
}

/** How an error names the block `cur`: the chain's start (from the B-tree entry) or a link read in block `from`. */
function blockTarget(cur: number, from: number | null): string {
  return from === null ? `starts at block ${hex8(cur)}` : `continues with link ${hex8(cur)}`;
}

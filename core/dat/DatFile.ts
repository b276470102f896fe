/**
 * A read-only view of one dat (docs/formats/dat.md §1–§3): header, directory and object bytes, read lazily
 * from a {@link ByteSource}. Opening reads the header and the root node only; afterwards each call
 * reads just the blocks it needs (nodes are cached by offset).
 */
import type { ByteSource } from '../bytes/ByteSource';
import { NotFoundError } from '../errors';
import { readChain, readChainSync, readChainView } from './BlockChain';
import type { ChainGeometry, ChainName, SyncByteSource } from './BlockChain';
import { BTreeReader, type MissingSubtree } from './BTree';
import type { DatEntry } from './BTreeNode';
import { HEADER_PROBE_SIZE, headerEnd, parseHeader } from './DatHeader';
import type { DatFormat, DatHeader } from './DatHeader';
import { inflateRecord } from './compression';
import { parseIterationRecord } from './iteration';
import { ITERATION_ID } from './ranges';

export type { DatFormat, DatHeader, DatEntry, MissingSubtree };
export { WAVE_RANGE, SOUND_TABLE_RANGE, ITERATION_ID } from './ranges';

/** Options of {@link DatFile.open}. */
export interface DatOpenOptions {
  /**
   * Called with each non-fatal finding of a later read (today: a block chain whose last link
   * word is not 0, which the client rejects but DRW/ACE accept — docs/formats/dat.md §2.2).
   * Every such finding is also kept in {@link DatFile.readWarnings}.
   */
  onWarning?: (message: string) => void;
}

/** Options of {@link DatFile.readEntry} and its synchronous forms. */
export interface EntryReadOptions {
  /** Called with each non-fatal finding of this read (a non-zero final link word). */
  onWarning?: (message: string) => void;
  /** Receives each non-fatal finding of this read too (a caller's list: no callback to make per read). */
  warnings?: string[];
}

/**
 * The chain reader's options for one entry read: each warning goes to the read's own
 * `onWarning` / `warnings` and to the dat ({@link DatFile.readWarnings}, the open-time hook).
 * A class, not an arrow made per read: the index reads every SoundTable and MP3 Wave, and under
 * the `keepNames` transform of tsx (the bench, the tests) each named arrow costs a
 * `defineProperty` of its name, about 1 µs (issue #9).
 */
class WarningRelay {
  constructor(
    /** The dat's own keeper of read warnings. */
    private readonly keep: (message: string) => void,
    /** The read's options (the synchronous reads of a dat share one relay, set per read). */
    public options: EntryReadOptions,
  ) {}

  onWarning(message: string): void {
    this.options.onWarning?.(message);
    this.options.warnings?.push(message);
    this.keep(message);
  }
}

/** At most this many distinct read warnings are kept in {@link DatFile.readWarnings}. */
export const MAX_READ_WARNINGS = 100;

/** An open dat. Create with {@link DatFile.open}. */
export class DatFile {
  private readonly tree: BTreeReader;
  private readonly geom: ChainGeometry;
  private readonly seenWarnings = new Set<string>();
  private readonly readWarningList: string[] = [];
  /**
   * {@link warn}, made once per dat (each read's {@link WarningRelay} calls it): bound, not an
   * arrow, which tsx's `keepNames` would name with a `defineProperty` on every open (issue #9).
   */
  private readonly keepWarning: (message: string) => void = this.warn.bind(this);
  /** The relay of every synchronous read ({@link readSync}), its options set per read. */
  private readonly syncRelay = new WarningRelay(this.keepWarning, {});
  private entryCount: Promise<number> | null = null;
  private quickCount: Promise<number> | null = null;

  private constructor(
    readonly source: ByteSource,
    readonly header: DatHeader,
    /** Non-fatal observations from opening (dataSet ≠ 1, truncated file, header fileSize ≠ real size). */
    readonly warnings: readonly string[],
    private readonly options: DatOpenOptions,
  ) {
    this.geom = {
      blockSize: header.blockSize,
      sourceSize: source.size,
      dataStart: headerEnd(header.format),
      declaredSize: header.fileSize,
    };
    this.tree = new BTreeReader(source, this.geom, header.format, header.btreeRoot, this.keepWarning);
  }

  private warn(message: string): void {
    if (this.seenWarnings.has(message)) return;
    this.seenWarnings.add(message);
    if (this.readWarningList.length < MAX_READ_WARNINGS) this.readWarningList.push(message);
    this.options.onWarning?.(message);
  }

  /**
   * Non-fatal findings of reads so far (B-tree nodes and object chains), each once, in the order
   * found, at most {@link MAX_READ_WARNINGS}. A copy.
   */
  get readWarnings(): string[] {
    return [...this.readWarningList];
  }

  /**
   * Opens a dat: reads the first `min(size, 0x190)` bytes, detects EoR vs pre-ToD, validates the
   * header (§1.2, §1.3), then reads and validates the root node (§3.1).
   * @throws UnsupportedDatError when no dat magic is found at 0x140 or 0x12C
   * @throws DatFormatError on an invalid header field or a corrupt root node
   */
  static async open(source: ByteSource, options: DatOpenOptions = {}): Promise<DatFile> {
    const n = Math.min(source.size, HEADER_PROBE_SIZE);
    let probe: Uint8Array;
    if (source.readInto) source.readInto((probe = new Uint8Array(n)), 0, 0, n);
    else probe = await source.read(0, n);
    const { header, warnings } = parseHeader(probe, source.size);
    const dat = new DatFile(source, header, warnings, options);
    await dat.tree.node(header.btreeRoot);
    return dat;
  }

  /** Geometry the chain reader validates against (block size, real file size, header end). */
  get geometry(): Readonly<ChainGeometry> {
    return this.geom;
  }

  /**
   * B-tree lookup of one id (§3.3), unsigned. Reads at most one root-to-leaf path of nodes.
   * @returns the entry, or undefined when the dat does not hold `id`
   * @throws DatFormatError on a corrupt node or a cycle
   */
  find(id: number): Promise<DatEntry | undefined> {
    return this.tree.find(id);
  }

  /**
   * Entries with `min <= id <= max` (inclusive, unsigned), ascending. Subtrees outside the range
   * are never read (§3.3 range walk). E.g. `entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max)`.
   * `min > max` gives `[]`. With `onMissing`, a subtree lost with the missing tail of a truncated
   * file is reported there and left out (the rest is returned); otherwise it throws.
   * @throws DatFormatError on a corrupt node, a cycle, or ids out of order
   */
  entriesInRange(
    min: number,
    max: number,
    options: { onMissing?: (m: MissingSubtree) => void } = {},
  ): Promise<DatEntry[]> {
    return this.tree.range(min, max, options.onMissing);
  }

  /**
   * Number of entries in the whole tree (79,694 in the EoR portal dat): a walk of every node,
   * done once per DatFile and cached (a failed walk is not cached, so a retry walks again).
   * @throws DatFormatError on a corrupt node anywhere in the tree
   */
  countEntries(): Promise<number> {
    if (!this.entryCount) {
      const p = this.tree.count();
      this.entryCount = p;
      p.catch(() => {
        if (this.entryCount === p) this.entryCount = null;
      });
    }
    return this.entryCount;
  }

  /**
   * Number of entries in the whole tree from each node's first block only (one read per node;
   * the entries are never assembled): what the service's summary shows (issue #9). Checks node
   * headers, first-block entry order, cycles and depth but not the order of entries past a
   * node's first block (the strict {@link countEntries} does). Cached per DatFile like it.
   * @throws DatFormatError on a corrupt node header, a cycle, or depth > 64
   */
  countEntriesQuick(): Promise<number> {
    if (!this.quickCount) {
      const p = this.tree.countFromFirstBlocks();
      this.quickCount = p;
      p.catch(() => {
        if (this.quickCount === p) this.quickCount = null;
      });
    }
    return this.quickCount;
  }

  /**
   * The object bytes of an entry: its block chain read by byte count (§2.2), inflated when the
   * compressed bit is set (§3.4). A non-zero final link word is not an error (the spec calls the
   * check optional; DRW/ACE do not make it): it is reported to `options.onWarning`, to the
   * open-time hook and in {@link readWarnings}, and the bytes are returned.
   * @returns `entry.size` bytes (or the declared uncompressed length)
   * @throws DatFormatError on a broken chain (free bit, too short, loop, outside the file, absurd
   *   size) or a bad compressed record
   */
  async readEntry(entry: DatEntry, options: EntryReadOptions = {}): Promise<Uint8Array> {
    if (this.source.readInto) return this.readEntrySync(entry, options);
    const stored = await readChain(
      this.source,
      this.geom,
      entry.offset,
      entry.size,
      chainOf(entry),
      new WarningRelay(this.keepWarning, options),
    );
    return entry.compressed ? inflateRecord(stored, entry.id) : stored;
  }

  /** True when the source reads synchronously (`readInto`): then {@link readEntrySync} may be used. */
  get readsSync(): boolean {
    return this.source.readInto !== undefined;
  }

  /**
   * {@link readEntry} without a promise, on a source with `readInto` ({@link readsSync}): the
   * same bytes, checks, errors and warnings (issue #9: the index reads every SoundTable and MP3
   * Wave this way).
   * @throws TypeError when the source has no `readInto`; DatFormatError as {@link readEntry}
   */
  readEntrySync(entry: DatEntry, options: EntryReadOptions = {}): Uint8Array {
    return this.readSync(entry, options, readChainSync);
  }

  /**
   * {@link readEntrySync} into a reused buffer: the bytes are a view, valid until the next
   * `readEntryView` (core/dat/BlockChain.ts `readChainView`), for a caller that parses them at
   * once and keeps nothing pointing into them — the index reads every SoundTable and MP3 Wave
   * so, with no buffer per object (issue #9). A compressed entry's bytes are its own.
   * @throws TypeError when the source has no `readInto`; DatFormatError as {@link readEntry}
   */
  readEntryView(entry: DatEntry, options: EntryReadOptions = {}): Uint8Array {
    return this.readSync(entry, options, readChainView);
  }

  private readSync(entry: DatEntry, options: EntryReadOptions, read: typeof readChainSync): Uint8Array {
    if (!this.source.readInto) throw new TypeError('a synchronous read needs a source with readInto');
    const relay = this.syncRelay;
    const outer = relay.options; // a read made from a warning's handler gives them back after
    relay.options = options;
    let stored: Uint8Array;
    try {
      stored = read(this.source as SyncByteSource, this.geom, entry.offset, entry.size, chainOf(entry), relay);
    } finally {
      relay.options = outer;
    }
    return entry.compressed ? inflateRecord(stored, entry.id) : stored;
  }

  /**
   * Looks an id up and returns its object bytes.
   * @throws NotFoundError when the dat does not hold `id`; DatFormatError as {@link readEntry}
   */
  async readObject(id: number): Promise<Uint8Array> {
    const entry = await this.find(id);
    if (!entry) throw new NotFoundError(id);
    return this.readEntry(entry);
  }

  /**
   * The current iteration (§3.5): from record 0xFFFF0001 when present (2072 in the EoR portal dat),
   * else the pre-ToD header's iteration field, else null.
   * @throws DatFormatError when the record exists but is malformed
   */
  async readIteration(): Promise<number | null> {
    const entry = await this.find(ITERATION_ID);
    if (!entry) return this.header.preTodIteration;
    return parseIterationRecord(await this.readEntry(entry)).current;
  }

  /** Releases the source. */
  async close(): Promise<void> {
    await this.source.close?.();
  }
}

/** How errors and warnings name an entry's chain: `block chain of 0x0A000012` (built only when needed). */
export function chainOf(entry: DatEntry): ChainName {
  return entry.id; // `block chain of 0x0A000012` (chainName), made only when needed
}

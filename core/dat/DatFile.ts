/**
 * A read-only view of one dat (dat-format §1–§3): header, directory and object bytes, read lazily
 * from a {@link ByteSource}. Opening reads the header and the root node only; afterwards each call
 * reads just the blocks it needs (nodes are cached by offset).
 */
import type { ByteSource } from '../bytes/ByteSource';
import { NotFoundError, hex8 } from '../errors';
import { readChain } from './BlockChain';
import type { ChainGeometry } from './BlockChain';
import { BTreeReader } from './BTree';
import type { DatEntry } from './BTreeNode';
import { HEADER_PROBE_SIZE, headerEnd, parseHeader } from './DatHeader';
import type { DatFormat, DatHeader } from './DatHeader';
import { inflateRecord } from './compression';
import { parseIterationRecord } from './iteration';
import { ITERATION_ID } from './ranges';

export type { DatFormat, DatHeader, DatEntry };
export { WAVE_RANGE, SOUND_TABLE_RANGE, ITERATION_ID } from './ranges';

/** An open dat. Create with {@link DatFile.open}. */
export class DatFile {
  private readonly tree: BTreeReader;
  private readonly geom: ChainGeometry;

  private constructor(
    readonly source: ByteSource,
    readonly header: DatHeader,
    /** Non-fatal observations from opening (dataSet ≠ 1, header fileSize ≠ real size). */
    readonly warnings: readonly string[],
  ) {
    this.geom = { blockSize: header.blockSize, sourceSize: source.size, dataStart: headerEnd(header.format) };
    this.tree = new BTreeReader(source, this.geom, header.format, header.btreeRoot);
  }

  /**
   * Opens a dat: reads the first `min(size, 0x190)` bytes, detects EoR vs pre-ToD, validates the
   * header (§1.2, §1.3), then reads and validates the root node (§3.1).
   * @throws UnsupportedDatError when no dat magic is found at 0x140 or 0x12C
   * @throws DatFormatError on an invalid header field or a corrupt root node
   */
  static async open(source: ByteSource): Promise<DatFile> {
    const probe = await source.read(0, Math.min(source.size, HEADER_PROBE_SIZE));
    const { header, warnings } = parseHeader(probe, source.size);
    const dat = new DatFile(source, header, warnings);
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
   * `min > max` gives `[]`.
   * @throws DatFormatError on a corrupt node, a cycle, or ids out of order
   */
  entriesInRange(min: number, max: number): Promise<DatEntry[]> {
    return this.tree.range(min, max);
  }

  /** Every entry, ascending by id. @throws DatFormatError as {@link entriesInRange} */
  allEntries(): Promise<DatEntry[]> {
    return this.tree.range(0, 0xffffffff);
  }

  /** Number of entries in the whole tree (79,694 in the EoR portal dat). @throws DatFormatError */
  countEntries(): Promise<number> {
    return this.tree.count();
  }

  /**
   * The object bytes of an entry: its block chain read by byte count (§2.2), inflated when the
   * compressed bit is set (§3.4).
   * @returns `entry.size` bytes (or the declared uncompressed length)
   * @throws DatFormatError on a broken chain (free bit, too short, loop, non-zero final link,
   *   outside the file, absurd size) or a bad compressed record
   */
  async readEntry(entry: DatEntry): Promise<Uint8Array> {
    const stored = await readChain(this.source, this.geom, entry.offset, entry.size, `block chain of ${hex8(entry.id)}`);
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

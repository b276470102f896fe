import { close, closeSync, constants, fstatSync, openSync, read, readSync, statSync, type Stats } from 'node:fs';
import { checkReadRange, checkTarget, type ByteSource } from '../core/bytes/ByteSource';
import { IoError, notADatFile, wrapIoError } from './errors';

/** Options of {@link FileByteSource.open}. */
export interface FileByteSourceOptions {
  /**
   * Size in bytes of the read-ahead pages. A read that starts exactly where an earlier read
   * ended (walking a chain of neighbouring blocks) is served from aligned pages of this size, so
   * a contiguous chain costs one system call per page instead of one per 1 KiB block. Other
   * reads (random, scattered blocks) read exactly what they ask for, so fragmented files pay no
   * read amplification. 0 disables read-ahead. Default 64 KiB.
   */
  pageSize?: number;
  /** Upper bound of the page cache in bytes (least recently used pages are dropped). Default 8 MiB. */
  cacheBytes?: number;
}

const DEFAULT_PAGE_SIZE = 64 * 1024;
const DEFAULT_CACHE_BYTES = 8 * 1024 * 1024;
/** How many recent read ends are remembered to detect sequential walks (concurrent chains). */
const RECENT_READS = 256;

/**
 * A {@link ByteSource} over a file opened **read-only** (`'r'`): the dat is never written.
 *
 * - Reads are positional (`fs.read` with an explicit position), so concurrent reads are safe.
 * - {@link readInto} reads synchronously (`fs.readSync` on the descriptor) into the
 *   caller's buffer: no thread-pool round trip, no allocation, no read-ahead. The block-chain
 *   reader uses it for B-tree nodes, Wave headers and whole chains (issue #9).
 * - Sequential small reads go through an LRU cache of aligned read-ahead pages (see
 *   {@link FileByteSourceOptions}); random and large reads go straight to the file, reading only
 *   the bytes asked for. Every read returns a fresh copy the caller may keep.
 * - `size` is the file size at open time.
 *
 * Errors: `open` throws {@link IoError} (`ENOENT`, `EACCES`, `EISDIR`…) naming the path;
 * `read` throws `RangeError` outside `0..size`, and {@link IoError} with code `ESHORTREAD`
 * when the file ends early (truncated after open) or `ECLOSED` after {@link close}.
 */
export class FileByteSource implements ByteSource {
  /** The descriptor, null once closed. */
  private fd: number | null;
  private readonly pages = new Map<number, Promise<Uint8Array>>();
  private readonly maxPages: number;
  /** End offsets of recent reads: a read starting at one of them is sequential. */
  private readonly recentEnds = new Set<number>();

  private constructor(
    fd: number,
    /** Path the file was opened with (used in error messages). */
    readonly path: string,
    readonly size: number,
    /** The file's modification time at open (ms since the epoch): with the path and size, its identity for caches. */
    readonly mtimeMs: number,
    /**
     * The file's status-change time at open (ms since the epoch): unlike the mtime it cannot be set
     * back, and any write changes it (the persistent entry-count cache keys on it).
     */
    readonly ctimeMs: number,
    /** Device and inode of the open file: with them, "is this the same file as that path" needs one stat, no realpath. */
    readonly dev: number,
    readonly ino: number,
    private readonly pageSize: number,
    cacheBytes: number,
  ) {
    this.fd = fd;
    this.maxPages = pageSize > 0 ? Math.max(2, Math.floor(cacheBytes / pageSize)) : 0;
  }

  /**
   * Opens `path` read-only and reads its size. The file's type is checked BEFORE it is opened,
   * and it is opened non-blocking (`O_NONBLOCK`, where the platform has it) and checked again on
   * the handle: opening a FIFO blocks until a writer appears (it held Node's I/O threads and hung
   * the browser host), and a device or socket is no dat either. So a FIFO, folder, device or
   * socket is refused at once, never opened for reading.
   * @throws IoError when the file cannot be opened (`ENOENT`, `EACCES`…) or is not a regular
   *   file: `EISDIR` for a folder, `ENOTREG` for a FIFO, device or socket (the message names its kind)
   */
  static async open(path: string, options: FileByteSourceOptions = {}): Promise<FileByteSource> {
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    if (!Number.isSafeInteger(pageSize) || pageSize < 0)
      throw new RangeError(`pageSize must be a non-negative integer, got ${pageSize}`);
    // synchronous: a stat and an open of a local file take microseconds, each thread-pool round
    // trip of the async calls about as long as the rest of opening a dat (issue #9)
    let before: Stats;
    try {
      before = statSync(path);
    } catch (e) {
      throw wrapIoError(e, 'open', path);
    }
    refuseNonRegular(before, path);
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    } catch (e) {
      throw wrapIoError(e, 'open', path);
    }
    try {
      const st = fstatSync(fd);
      refuseNonRegular(st, path); // replaced between the check and the open
      return new FileByteSource(
        fd,
        path,
        st.size,
        st.mtimeMs,
        st.ctimeMs,
        st.dev,
        st.ino,
        pageSize,
        options.cacheBytes ?? DEFAULT_CACHE_BYTES,
      );
    } catch (e) {
      try {
        closeSync(fd);
      } catch {
        // already failing
      }
      throw wrapIoError(e, 'read the size of', path);
    }
  }

  /** True once {@link close} has been called. */
  get closed(): boolean {
    return this.fd === null;
  }

  /**
   * Reads exactly `length` bytes at absolute byte `offset` (see {@link ByteSource.read}).
   * @throws RangeError outside the file; IoError `ESHORTREAD` / `ECLOSED` / a Node error code.
   */
  async read(offset: number, length: number): Promise<Uint8Array> {
    checkReadRange(this.size, offset, length);
    if (length === 0) return new Uint8Array(0);
    const ps = this.pageSize;
    if (ps === 0 || length > 2 * ps) return this.readDirect(offset, length);
    const first = Math.floor(offset / ps);
    const last = Math.floor((offset + length - 1) / ps);
    const sequential = this.recentEnds.delete(offset);
    this.recentEnds.add(offset + length);
    if (this.recentEnds.size > RECENT_READS) this.recentEnds.delete(this.recentEnds.values().next().value as number);
    if (!sequential && !(this.pages.has(first) && this.pages.has(last))) return this.readDirect(offset, length);
    if (first === last) {
      const page = await this.page(first);
      const at = offset - first * ps;
      return page.slice(at, at + length);
    }
    const out = new Uint8Array(length);
    const parts = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => this.page(first + i)));
    let written = 0;
    parts.forEach((page, i) => {
      const pageStart = (first + i) * ps;
      const from = Math.max(offset, pageStart) - pageStart;
      const to = Math.min(offset + length, pageStart + page.length) - pageStart;
      out.set(page.subarray(from, to), written);
      written += to - from;
    });
    return out;
  }

  /**
   * Reads exactly `length` bytes at absolute byte `offset` into `target` at `targetOffset`,
   * synchronously (see {@link ByteSource.readInto}); bypasses the read-ahead pages.
   * @throws RangeError outside the file or the buffer; IoError `ESHORTREAD` / `ECLOSED` / a Node error code.
   */
  readInto(target: Uint8Array, targetOffset: number, offset: number, length: number): void {
    checkReadRange(this.size, offset, length);
    checkTarget(target, targetOffset, length);
    const fd = this.fd;
    // no closure in this function: one would make a context object on every read (issue #9)
    if (fd === null) throw this.closedError();
    let done = 0;
    while (done < length) {
      let n: number;
      try {
        n = readSync(fd, target, targetOffset + done, length - done, offset + done);
      } catch (e) {
        throw wrapIoError(e, `read ${length} bytes at offset 0x${offset.toString(16).toUpperCase()} of`, this.path);
      }
      if (n === 0) throw this.shortRead(offset, length, done);
      done += n;
    }
  }

  /** The error of a read after {@link close}. */
  private closedError(): IoError {
    return new IoError((q) => `read of ${q(this.path)} after close`, 'ECLOSED', this.path);
  }

  /**
   * The error of a read that met the end of the file before `length` bytes: `short read of "…": 100
   * bytes wanted at offset 0x1388, only 0 bytes were there before the file ended (was it truncated
   * after it was opened?)` — every count with its unit.
   */
  private shortRead(offset: number, length: number, done: number): IoError {
    return new IoError(
      (q) =>
        `short read of ${q(this.path)}: ${length} bytes wanted at offset 0x${offset.toString(16).toUpperCase()}, ` +
        `only ${done} ${done === 1 ? 'byte was' : 'bytes were'} there before the file ended (was it truncated after it was opened?)`,
      'ESHORTREAD',
      this.path,
    );
  }

  /** Closes the file handle and drops the cache. Idempotent. */
  async close(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    this.pages.clear();
    this.recentEnds.clear();
    if (fd !== null) await new Promise<void>((res, rej) => close(fd, (e) => (e ? rej(e) : res())));
  }

  private page(index: number): Promise<Uint8Array> {
    const hit = this.pages.get(index);
    if (hit) {
      this.pages.delete(index); // LRU: move to the end
      this.pages.set(index, hit);
      return hit;
    }
    const start = index * this.pageSize;
    const p = this.readDirect(start, Math.min(this.pageSize, this.size - start));
    this.pages.set(index, p);
    p.catch(() => this.pages.delete(index));
    while (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value as number;
      this.pages.delete(oldest);
    }
    return p;
  }

  private async readDirect(offset: number, length: number): Promise<Uint8Array> {
    const fd = this.fd;
    if (fd === null) throw this.closedError();
    const out = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      let n: number;
      try {
        const at = done;
        n = await new Promise<number>((res, rej) =>
          read(fd, out, at, length - at, offset + at, (e, bytesRead) => (e ? rej(e) : res(bytesRead))),
        );
      } catch (e) {
        throw wrapIoError(e, `read ${length} bytes at offset 0x${offset.toString(16).toUpperCase()} of`, this.path);
      }
      if (n === 0) throw this.shortRead(offset, length, done);
      done += n;
    }
    return out;
  }
}

/** What a non-regular file is, for the error message. */
function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** @throws IoError EISDIR for a folder, ENOTREG for anything else that is not a regular file (node/errors `notADatFile`: invalid input) */
function refuseNonRegular(st: Stats, path: string): void {
  if (st.isFile()) return;
  if (st.isDirectory()) throw notADatFile((q) => `cannot open ${q(path)}: is a directory (EISDIR)`, 'EISDIR', path);
  throw notADatFile(
    (q) => `cannot open ${q(path)}: it is ${kindOf(st)}, not a regular file, so not a dat (ENOTREG)`,
    'ENOTREG',
    path,
  );
}

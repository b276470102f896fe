/**
 * A {@link ByteSource} wrapper that counts reads: how many calls, how many bytes, which offsets.
 * Used by tests (to prove a walk reads only what it needs) and by the benchmark.
 */
import type { ByteSource } from '../bytes/ByteSource';

export class CountingByteSource implements ByteSource {
  /** The inner source's synchronous read, counted the same way (absent when the inner has none). */
  readonly readInto?: (target: Uint8Array, targetOffset: number, offset: number, length: number) => void;

  /** Number of `read` calls so far. */
  reads = 0;
  /** Total bytes returned so far. */
  bytesRead = 0;
  /** Offsets of every read, in call order (cleared by {@link reset}). */
  readonly offsets: number[] = [];
  /** Length of every read, parallel to {@link offsets}. */
  readonly lengths: number[] = [];

  /**
   * @param options.sync offer the inner source's synchronous `readInto` (counted too), so readers
   *   take the path they take on the inner source itself (the bench). Default false: every read
   *   goes through `read`, one call per block (tests of what a walk reads).
   */
  constructor(
    private readonly inner: ByteSource,
    options: { sync?: boolean } = {},
  ) {
    const sync = options.sync ? inner.readInto?.bind(inner) : undefined;
    if (sync) {
      this.readInto = (target, targetOffset, offset, length) => {
        this.count(offset, length);
        sync(target, targetOffset, offset, length);
      };
    }
  }

  private count(offset: number, length: number): void {
    this.reads++;
    this.bytesRead += length;
    this.offsets.push(offset);
    this.lengths.push(length);
  }

  get size(): number {
    return this.inner.size;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    this.count(offset, length);
    return this.inner.read(offset, length);
  }

  /** Distinct block indices touched, for a given block size and first-block offset (default 1024). */
  blocksTouched(blockSize: number, firstBlock = 1024): Set<number> {
    const s = new Set<number>();
    for (const o of this.offsets) if (o >= firstBlock) s.add(Math.floor((o - firstBlock) / blockSize));
    return s;
  }

  /** Zeroes the counters. */
  reset(): void {
    this.reads = 0;
    this.bytesRead = 0;
    this.offsets.length = 0;
    this.lengths.length = 0;
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}

/**
 * A {@link ByteSource} wrapper that counts reads: how many calls, how many bytes, which offsets.
 * Used by tests (to prove a walk reads only what it needs) and by the benchmark.
 */
import type { ByteSource } from '../bytes/ByteSource';

export class CountingByteSource implements ByteSource {
  /** Number of `read` calls so far. */
  reads = 0;
  /** Total bytes returned so far. */
  bytesRead = 0;
  /** Offsets of every read, in call order (cleared by {@link reset}). */
  readonly offsets: number[] = [];

  constructor(private readonly inner: ByteSource) {}

  get size(): number {
    return this.inner.size;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    this.reads++;
    this.bytesRead += length;
    this.offsets.push(offset);
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
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}

/**
 * Random-access byte source: the only way core/ reads a dat.
 *
 * Implementations: {@link MemoryByteSource} (here: tests, fixtures), `FileByteSource` (node/, a
 * read-only file handle; the service, the CLI and the bench) and `CountingByteSource`
 * (core/dat, a counting wrapper for tests and the bench). The renderer never reads a dat: it
 * asks the service over its bridge. Readers must never ask for more than they need: a dat is
 * hundreds of MB and is never loaded whole.
 */
export interface ByteSource {
  /** Total size in bytes. */
  readonly size: number;
  /**
   * Reads exactly `length` bytes at absolute byte `offset`.
   * @throws RangeError when `offset + length` exceeds {@link size} or either is negative.
   */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Releases the underlying handle, if any. Idempotent. */
  close?(): Promise<void>;
}

/** Checks a read request against a source size; shared by every implementation. */
export function checkReadRange(size: number, offset: number, length: number): void {
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0 || offset + length > size) {
    throw new RangeError(`read of ${length} bytes at offset 0x${offset.toString(16).toUpperCase()} is outside the source (size ${size})`);
  }
}

/** A {@link ByteSource} over bytes already in memory (tests, fixtures, small dats). */
export class MemoryByteSource implements ByteSource {
  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  read(offset: number, length: number): Promise<Uint8Array> {
    return new Promise((resolve) => {
      checkReadRange(this.bytes.length, offset, length); // a RangeError rejects the promise
      resolve(this.bytes.subarray(offset, offset + length));
    });
  }
}

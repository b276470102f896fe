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
  /**
   * Optional synchronous positional read of exactly `length` bytes at absolute byte `offset`
   * into `target` at `targetOffset`, allocating nothing. Sources that can read without a
   * round trip (a cached file descriptor, memory) offer it; the block-chain reader then reads
   * a chain without one promise per block (issue #9: the per-read overhead, not the read itself,
   * dominated open + list).
   * @throws RangeError as {@link read}, or when `target` is too small; the source's I/O errors
   */
  readInto?(target: Uint8Array, targetOffset: number, offset: number, length: number): void;
  /** Releases the underlying handle, if any. Idempotent. */
  close?(): Promise<void>;
}

/** Checks a read request against a source size; shared by every implementation. */
export function checkReadRange(size: number, offset: number, length: number): void {
  if (
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(length) ||
    offset < 0 ||
    length < 0 ||
    offset + length > size
  ) {
    throw new RangeError(
      `read of ${length} bytes at offset 0x${offset.toString(16).toUpperCase()} is outside the source (size ${size})`,
    );
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

  readInto(target: Uint8Array, targetOffset: number, offset: number, length: number): void {
    checkReadRange(this.bytes.length, offset, length);
    checkTarget(target, targetOffset, length);
    target.set(this.bytes.subarray(offset, offset + length), targetOffset);
  }
}

/** Checks that `length` bytes fit in `target` at `targetOffset`; shared by every `readInto`. */
export function checkTarget(target: Uint8Array, targetOffset: number, length: number): void {
  if (!Number.isSafeInteger(targetOffset) || targetOffset < 0 || targetOffset + length > target.length) {
    throw new RangeError(`readInto: ${length} bytes do not fit at ${targetOffset} of a ${target.length}-byte buffer`);
  }
}

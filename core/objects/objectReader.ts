import { ObjectFormatError } from '../errors';

/**
 * Bounds-checked little-endian cursor over one dat object. Every read checks the remaining
 * bytes first and throws {@link ObjectFormatError} naming the object id and the offset
 * (relative to the object's first byte) where the read would have started.
 */
export class ObjectReader {
  private readonly view: DataView;
  pos = 0;

  constructor(
    readonly bytes: Uint8Array,
    /** Object id used in error messages (may be 0 before the id is read). */
    public objectId: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  /** Throws unless `n` more bytes are available; `what` names the structure being read. */
  need(n: number, what: string): void {
    if (n > this.remaining) {
      throw this.error(`truncated ${what}: needs ${n} bytes, ${this.remaining} remain`);
    }
  }

  error(problem: string, offset = this.pos): ObjectFormatError {
    return new ObjectFormatError(this.objectId, offset, problem);
  }

  u32(what: string): number {
    this.need(4, what);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  i32(what: string): number {
    this.need(4, what);
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f32(what: string): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** A view (not a copy) of the next `n` bytes. */
  take(n: number, what: string): Uint8Array {
    this.need(n, what);
    const v = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
}

/** Little-endian writer that grows as needed; `finish()` returns the bytes written. */
export class ByteWriter {
  private buf: Uint8Array;
  private view: DataView;
  pos = 0;

  constructor(initial = 256) {
    this.buf = new Uint8Array(initial);
    this.view = new DataView(this.buf.buffer);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u16(v: number): void {
    this.ensure(2);
    this.view.setUint16(this.pos, v, true);
    this.pos += 2;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
  }

  i32(v: number): void {
    this.ensure(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }

  f32(v: number): void {
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  ascii(s: string): void {
    this.ensure(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.pos + i] = s.charCodeAt(i) & 0xff;
    this.pos += s.length;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

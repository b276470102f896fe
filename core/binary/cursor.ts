import { ObjectFormatError } from '../errors';
import { FLOAT32_LE, FLOAT64_LE, INT16_LE, INT32_LE, UINT16_LE, UINT32_LE, UINT8 } from './token';
import type { Token } from './token';

/**
 * Makes the error a failed read throws: `offset` is where the read would have started (relative to
 * the reader's first byte), `problem` says what is wrong. Default: {@link ObjectFormatError} with the
 * reader's object id. core/dat passes one that throws DatFormatError with absolute offsets.
 */
export type ReadErrorFactory = (offset: number, problem: string) => Error;

/**
 * The one bounds-checked little-endian cursor for variable-size structures (dat objects, RIFF
 * chunks, B-tree nodes): every read checks the remaining bytes first and throws the reader's
 * error (by default {@link ObjectFormatError} naming the object id and the offset, relative to the
 * first byte, where the read would have started). Fixed layouts are read with {@link token}
 * (docs/formats/README.md §2).
 */
export class ObjectReader {
  private readonly view: DataView;
  pos = 0;

  constructor(
    readonly bytes: Uint8Array,
    /**
     * Object id used in error messages: null before the object's own id is read (an object of
     * fewer than 4 bytes has none, so its errors claim none).
     */
    public objectId: number | null,
    private readonly makeError?: ReadErrorFactory,
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

  /** The error for `problem` at `offset` (default: the current position). */
  error(problem: string, offset = this.pos): Error {
    return this.makeError ? this.makeError(offset, problem) : new ObjectFormatError(this.objectId, offset, problem);
  }

  /** Reads a fixed layout at the cursor and advances past it; `what` names it in errors. */
  token<T>(tok: Token<T>, what: string): T {
    this.need(tok.len, what);
    const v = tok.get(this.view, this.pos);
    this.pos += tok.len;
    return v;
  }

  /** Reads a fixed layout at `offset` without moving the cursor (bounds-checked). */
  peek<T>(tok: Token<T>, what: string, offset = this.pos): T {
    if (offset < 0 || offset + tok.len > this.bytes.length) {
      throw this.error(
        `truncated ${what}: needs ${tok.len} bytes at ${offset}, the structure has ${this.bytes.length}`,
        offset,
      );
    }
    return tok.get(this.view, offset);
  }

  u8(what: string): number {
    return this.token(UINT8, what);
  }

  u16(what: string): number {
    return this.token(UINT16_LE, what);
  }

  i16(what: string): number {
    return this.token(INT16_LE, what);
  }

  u32(what: string): number {
    return this.token(UINT32_LE, what);
  }

  i32(what: string): number {
    return this.token(INT32_LE, what);
  }

  f32(what: string): number {
    return this.token(FLOAT32_LE, what);
  }

  f64(what: string): number {
    return this.token(FLOAT64_LE, what);
  }

  /** Skips `n` bytes (bounds-checked). */
  skip(n: number, what: string): void {
    this.need(n, what);
    this.pos += n;
  }

  /** Skips to the next multiple of 4 from the reader's first byte (the client's `Pack` alignment). */
  align4(what = 'alignment padding'): void {
    const pad = (4 - (this.pos & 3)) & 3;
    if (pad) this.skip(pad, what);
  }

  /** A view (not a copy) of the next `n` bytes. */
  take(n: number, what: string): Uint8Array {
    this.need(n, what);
    const v = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return v;
  }
}

/**
 * The one little-endian writer for variable-size structures, symmetric with {@link ObjectReader}:
 * grows as needed; fixed layouts are written with {@link token}; `finish()` returns the bytes.
 */
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

  /** Writes a fixed layout at the cursor. */
  token<T>(tok: Token<T>, value: T): void {
    this.ensure(tok.len);
    this.pos = tok.put(this.view, this.pos, value);
  }

  u8(v: number): void {
    this.token(UINT8, v);
  }

  i16(v: number): void {
    this.token(INT16_LE, v);
  }

  f64(v: number): void {
    this.token(FLOAT64_LE, v);
  }

  /** Writes zero bytes up to the next multiple of 4 (see {@link ObjectReader.align4}). */
  align4(): void {
    const pad = (4 - (this.pos & 3)) & 3;
    this.ensure(pad);
    this.buf.fill(0, this.pos, this.pos + pad);
    this.pos += pad;
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

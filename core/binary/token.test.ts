import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import { ByteWriter, ObjectReader } from './cursor';
import {
  FLOAT32_LE,
  FLOAT64_LE,
  FOURCC,
  INT16_LE,
  INT32_LE,
  UINT16_LE,
  UINT32_LE,
  UINT8,
  bytesToken,
  encodeToken,
  getToken,
  struct,
} from './token';
import type { Token } from './token';

function roundTrip<T>(tok: Token<T>, value: T): T {
  const bytes = encodeToken(tok, value);
  expect(bytes.length).toBe(tok.len);
  return getToken(tok, bytes);
}

describe('primitive tokens are little-endian and round-trip', () => {
  it('u8/u16/i16/u32/i32 put the documented bytes and get them back', () => {
    expect([...encodeToken(UINT16_LE, 0x5442)]).toEqual([0x42, 0x54]);
    expect([...encodeToken(UINT32_LE, 0x00020001)]).toEqual([1, 0, 2, 0]);
    expect([...encodeToken(INT32_LE, -2)]).toEqual([0xfe, 0xff, 0xff, 0xff]);
    expect(roundTrip(UINT8, 0xab)).toBe(0xab);
    expect(roundTrip(UINT16_LE, 0xfffe)).toBe(0xfffe);
    expect(roundTrip(INT16_LE, -32768)).toBe(-32768);
    expect(roundTrip(UINT32_LE, 0xcdcdcdcd)).toBe(0xcdcdcdcd);
    expect(roundTrip(UINT32_LE, -1)).toBe(0xffffffff);
    expect(roundTrip(INT32_LE, -0x80000000)).toBe(-0x80000000);
  });
  it('f32/f64 round-trip', () => {
    expect(roundTrip(FLOAT32_LE, 0.7)).toBeCloseTo(0.7, 6);
    expect(roundTrip(FLOAT64_LE, Math.PI)).toBe(Math.PI);
  });
  it('bytes and fourcc', () => {
    expect([...roundTrip(bytesToken(3), new Uint8Array([1, 2, 3]))]).toEqual([1, 2, 3]);
    expect(roundTrip(FOURCC, 'fmt ')).toBe('fmt ');
    expect(() => encodeToken(FOURCC, 'fmt')).toThrow(RangeError);
  });
});

describe('struct lays fields out back to back in key order', () => {
  const T = struct({ a: UINT16_LE, b: UINT32_LE, c: INT16_LE });
  it('has the summed length and field offsets', () => {
    expect(T.len).toBe(8);
    expect(T.offsetOf('b')).toBe(2);
    expect(T.offsetOf('c')).toBe(6);
  });
  it('round-trips', () => {
    const v = { a: 1, b: 0xdeadbeef, c: -5 };
    expect(roundTrip(T, v)).toEqual(v);
    expect([...encodeToken(T, v)]).toEqual([1, 0, 0xef, 0xbe, 0xad, 0xde, 0xfb, 0xff]);
  });
});

describe('the cursor reads and writes tokens symmetrically with bounds checks', () => {
  it('round-trips every read method through ByteWriter', () => {
    const w = new ByteWriter(2);
    w.u8(7);
    w.align4();
    w.u16(0x1234);
    w.i16(-2);
    w.u32(0xffffffff);
    w.i32(-3);
    w.f32(0.5);
    w.f64(1.25);
    w.token(FOURCC, 'data');
    const bytes = w.finish();
    expect(bytes.length).toBe(4 + 2 + 2 + 4 + 4 + 4 + 8 + 4);
    const r = new ObjectReader(bytes, 0x0a000001);
    expect(r.u8('a')).toBe(7);
    r.align4();
    expect(r.pos).toBe(4);
    expect(r.u16('b')).toBe(0x1234);
    expect(r.i16('c')).toBe(-2);
    expect(r.u32('d')).toBe(0xffffffff);
    expect(r.i32('e')).toBe(-3);
    expect(r.f32('f')).toBe(0.5);
    expect(r.f64('g')).toBe(1.25);
    expect(r.token(FOURCC, 'h')).toBe('data');
    expect(r.remaining).toBe(0);
  });
  it('a read past the end throws ObjectFormatError with the object id and offset', () => {
    const r = new ObjectReader(new Uint8Array(3), 0x0a000002);
    r.u8('x');
    const e = (() => {
      try {
        r.u32('sample count');
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(e).toBeInstanceOf(ObjectFormatError);
    expect((e as ObjectFormatError).offset).toBe(1);
    expect((e as Error).message).toContain('truncated sample count');
  });
  it('a reader with an error factory throws what it makes', () => {
    const r = new ObjectReader(
      new Uint8Array(2),
      0,
      (offset, problem) => new RangeError(`${problem} @${offset + 100}`),
    );
    expect(() => r.u32('node header')).toThrow('truncated node header: needs 4 bytes, 2 remain @100');
    expect(() => r.peek(UINT32_LE, 'word', 0)).toThrow(RangeError);
  });
});

import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFormatError } from '../errors';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { adler32, deflateRecord, inflateRecord } from './compression';
import { bytesEqual, getU32, testBytes } from './testing';

const ID = 0x0a000042;

describe('§3.4 compressed entries', () => {
  it('§3.4 compressed entry round-trip: word bit 0 set, stored = u32 uncompressed length + zlib stream, size = stored size', async () => {
    const data = new Uint8Array(20_000);
    for (let i = 0; i < data.length; i++) data[i] = (Math.sin(i / 9) * 100 + 128) & 0xff;
    const bytes = writeDat(
      [
        { id: ID, data, compress: true },
        { id: ID + 1, data: testBytes(300, 1) },
      ],
      { fragment: 2 },
    );
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const e = (await dat.find(ID))!;
    expect(e.compressed).toBe(true);
    expect(e.version).toBe(2);
    expect(e.size).toBeLessThan(data.length);
    expect(e.size).toBe(deflateRecord(data).length);
    expect(getU32(bytes, e.offset + 4)).toBe(20_000); // the length prefix is the first stored u32
    expect(bytes[e.offset + 8]).toBe(0x78); // then a zlib header
    expect(bytesEqual(await dat.readObject(ID), data)).toBe(true);
    const plain = (await dat.find(ID + 1))!;
    expect(plain.compressed).toBe(false);
    expect(bytesEqual(await dat.readEntry(plain), testBytes(300, 1))).toBe(true);
  });

  it('§3.4 a declared uncompressed length that is absurd or impossible for the stream → DatFormatError before allocating', () => {
    const rec = deflateRecord(testBytes(1000, 5));
    new DataView(rec.buffer).setUint32(0, 0xfffffff0, true);
    expect(() => inflateRecord(rec, ID)).toThrow(/absurd uncompressed length/);
    new DataView(rec.buffer).setUint32(0, 100_000_000, true);
    expect(() => inflateRecord(rec, ID)).toThrow(/impossible/);
  });

  it('§3.4 a declared length that does not match the inflated output → DatFormatError', () => {
    const rec = deflateRecord(testBytes(1000, 5));
    new DataView(rec.buffer).setUint32(0, 999, true);
    expect(() => inflateRecord(rec, ID)).toThrow(/inflates to more than 999 bytes but declares 999/);
    new DataView(rec.buffer).setUint32(0, 1001, true);
    expect(() => inflateRecord(rec, ID)).toThrow(/inflates to 1000 bytes but declares 1001/);
  });

  it('§3.4 a corrupt zlib stream (header, body, Adler-32) → DatFormatError', () => {
    const data = testBytes(5000, 6);
    const badHeader = deflateRecord(data);
    badHeader[4] = 0x12;
    expect(() => inflateRecord(badHeader, ID)).toThrow(/zlib header/);
    const badSum = deflateRecord(data);
    badSum[badSum.length - 1]! ^= 0xff;
    expect(() => inflateRecord(badSum, ID)).toThrow(/Adler-32/);
    const short = deflateRecord(data).subarray(0, 7);
    expect(() => inflateRecord(short, ID)).toThrow(DatFormatError);
    const garbage = deflateRecord(data);
    garbage.fill(0xff, 6, 40);
    expect(() => inflateRecord(garbage, ID)).toThrow(DatFormatError);
  });

  it('§3.4 zlib streams from another encoder (default level) inflate too; Adler-32 matches the reference', () => {
    const data = testBytes(3000, 7);
    const z = zlibSync(data);
    const rec = new Uint8Array(4 + z.length);
    new DataView(rec.buffer).setUint32(0, data.length, true);
    rec.set(z, 4);
    expect(bytesEqual(inflateRecord(rec, ID), data)).toBe(true);
    expect(adler32(new TextEncoder().encode('Wikipedia'))).toBe(0x11e60398);
  });
});

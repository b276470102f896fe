import { describe, expect, it } from 'vitest';
import { encodeToken, getToken } from '../binary/token';
import {
  BlockLinkToken,
  CompressedLengthToken,
  EorEntryToken,
  EorHeaderToken,
  NodeHeaderToken,
  PreTodEntryToken,
  PreTodHeaderToken,
} from './DatTokens';
import type { DatEntry, EorHeaderRecord, PreTodHeaderRecord } from './DatTokens';

describe('dat header tokens (docs/formats/dat.md §1.2, §1.3)', () => {
  it('EoR DiskFileInfo_t is 80 bytes with the fields at the spec offsets', () => {
    expect(EorHeaderToken.len).toBe(80);
    expect(EorHeaderToken.offsetOf('blockSize')).toBe(0x04);
    expect(EorHeaderToken.offsetOf('btreeRoot')).toBe(0x20);
    expect(EorHeaderToken.offsetOf('useLru')).toBe(0x2c);
    expect(EorHeaderToken.offsetOf('engineVersion')).toBe(0x34);
    expect(EorHeaderToken.offsetOf('majorVersion')).toBe(0x3c);
    expect(EorHeaderToken.offsetOf('minorVersion')).toBe(0x4c);
  });
  it('EoR header round-trips', () => {
    const h: EorHeaderRecord = {
      magic: 0x5442,
      blockSize: 1024,
      fileSize: 123456,
      dataSet: 1,
      dataSubset: 0x69466948,
      firstFree: 5120,
      finalFree: 9216,
      freeBlocks: -1,
      btreeRoot: 1024,
      youngLru: 3,
      oldLru: 4,
      useLru: 1,
      masterMapId: 0x25000000,
      engineVersion: 110,
      gameVersion: 7,
      majorVersion: Uint8Array.from({ length: 16 }, (_, i) => i + 1),
      minorVersion: 6657,
    };
    const bytes = encodeToken(EorHeaderToken, h);
    expect([...bytes.subarray(0, 4)]).toEqual([0x42, 0x54, 0, 0]);
    expect(getToken(EorHeaderToken, bytes)).toEqual(h);
  });
  it('pre-ToD CLDiskFileInfo_t is eleven u32s and round-trips', () => {
    expect(PreTodHeaderToken.len).toBe(44);
    expect(PreTodHeaderToken.offsetOf('iteration')).toBe(0x0c);
    expect(PreTodHeaderToken.offsetOf('btreeRoot')).toBe(0x1c);
    const h: PreTodHeaderRecord = {
      magic: 0x5442,
      blockSize: 256,
      fileSize: 99999,
      iteration: 42,
      firstFree: 0,
      finalFree: 0,
      freeBlocks: 0,
      btreeRoot: 1024,
      youngLru: 0,
      oldLru: 0,
      useLru: 0,
    };
    expect(getToken(PreTodHeaderToken, encodeToken(PreTodHeaderToken, h))).toEqual(h);
  });
});

describe('B-tree tokens (docs/formats/dat.md §3.1, §3.2)', () => {
  it('node header: 62 child links then the count (252 bytes), round-trips', () => {
    expect(NodeHeaderToken.len).toBe(252);
    const v = { branches: Array.from({ length: 62 }, (_, i) => (i === 0 ? 0xcdcdcdcd : i * 1024)), count: 61 };
    const bytes = encodeToken(NodeHeaderToken, v);
    expect(new DataView(bytes.buffer).getInt32(248, true)).toBe(61);
    expect(getToken(NodeHeaderToken, bytes)).toEqual(v);
  });
  it('EoR entry: word (bit 0 compressed, version in the high half), id, offset, size, date, iteration', () => {
    const e: DatEntry = {
      id: 0x0a000012,
      offset: 0x1f400,
      size: 7076,
      date: -5,
      iteration: 2072,
      compressed: true,
      version: 2,
    };
    const bytes = encodeToken(EorEntryToken, e);
    expect(bytes.length).toBe(24);
    expect(new DataView(bytes.buffer).getUint32(0, true)).toBe(0x00020001);
    expect(getToken(EorEntryToken, bytes)).toEqual(e);
  });
  it('pre-ToD entry: id, offset, size (12 bytes); the rest reads as 0', () => {
    const e: DatEntry = {
      id: 0xffff0001,
      offset: 2048,
      size: 12,
      date: 0,
      iteration: 0,
      compressed: false,
      version: 0,
    };
    const bytes = encodeToken(PreTodEntryToken, e);
    expect(bytes.length).toBe(12);
    expect(getToken(PreTodEntryToken, bytes)).toEqual(e);
  });
  it('block link word and compressed-length prefix are u32 little-endian', () => {
    expect(getToken(BlockLinkToken, encodeToken(BlockLinkToken, 0x80000400))).toBe(0x80000400);
    expect([...encodeToken(CompressedLengthToken, 0x0102)]).toEqual([2, 1, 0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFormatError } from '../errors';
import { DatFile } from './DatFile';
import { writeDat } from './DatWriter';
import { encodeIterationRecord, parseIterationRecord } from './iteration';

function rec(...words: number[]): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  words.forEach((w, i) => new DataView(out.buffer).setInt32(i * 4, w, true));
  return out;
}

describe('§3.5 iteration record 0xFFFF0001', () => {
  it('§3.5 the record (2072, (−2072, 1)) is 12 bytes and reads as iteration 2072', async () => {
    expect(encodeIterationRecord(2072)).toEqual(rec(2072, -2072, 1));
    expect(parseIterationRecord(rec(2072, -2072, 1))).toEqual({ current: 2072, runs: [{ run: -2072, start: 1 }] });
    const dat = await DatFile.open(
      new MemoryByteSource(writeDat([{ id: 0x0a000001, data: new Uint8Array(10) }], { iteration: 2072 })),
    );
    const e = (await dat.find(0xffff0001))!;
    expect(e.size).toBe(12);
    expect(await dat.readIteration()).toBe(2072);
  });

  it('§3.5 several runs are read while the running sum stays > 0', () => {
    expect(parseIterationRecord(rec(10, -4, 7, -6, 1)).runs).toEqual([
      { run: -4, start: 7 },
      { run: -6, start: 1 },
    ]);
  });

  it('§3.5 pairs are bounded by the record size: a record that ends before the sum reaches 0 → DatFormatError', () => {
    expect(() => parseIterationRecord(rec(2072))).toThrow(DatFormatError);
    expect(() => parseIterationRecord(rec(2072, -2000, 1))).toThrow(/72 iterations not accounted for/);
    expect(() => parseIterationRecord(rec(2072, -2072))).toThrow(DatFormatError);
    expect(() => parseIterationRecord(new Uint8Array(2))).toThrow(/too short/);
  });

  it('§3.5 a non-negative run or negative current → DatFormatError (no endless loop)', () => {
    expect(() => parseIterationRecord(rec(5, 0, 1, 0, 1))).toThrow(/non-negative run/);
    expect(() => parseIterationRecord(rec(-1))).toThrow(/negative current/);
  });

  it('§3.5 a dat without the record reports null (EoR) or the header field (pre-ToD)', async () => {
    const files = [{ id: 0x0a000001, data: new Uint8Array(10) }];
    expect(await (await DatFile.open(new MemoryByteSource(writeDat(files)))).readIteration()).toBeNull();
    const preTod = writeDat(files, { format: 'pre-tod', iteration: 1234 });
    expect(await (await DatFile.open(new MemoryByteSource(preTod))).readIteration()).toBe(1234);
  });
});

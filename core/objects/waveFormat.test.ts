import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UINT16_LE, getToken } from '../binary/token';
import { readMp3Extension } from '../codecs/mp3/extension';
import { parseWave, parseWaveHeader } from './wave';
import { WaveFormatExToken, WaveFormatToken, parseWaveFormat, readWaveFormat } from './waveFormat';

/** The format block as the tokens read it (the layout's one definition, docs/formats/wave.md §2). */
function byTokens(b: Uint8Array) {
  const base = getToken(WaveFormatToken, b);
  const cbSize = b.length >= WaveFormatExToken.len ? getToken(UINT16_LE, b, WaveFormatToken.len) : null;
  return { ...base, cbSize, mp3: readMp3Extension(base.wFormatTag, b) };
}

describe('wave.md §2: the format block read field by field equals the WaveFormatEx token', () => {
  it('parseWaveFormat gives the tokens’ values, in the same key order, for any 16..40 bytes (MP3 tag or not)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 40 }), fc.boolean(), (bytes, mp3) => {
        if (mp3) bytes.set([0x55, 0x00], 0);
        const got = parseWaveFormat(bytes);
        const want = byTokens(bytes);
        expect(got).toEqual(want);
        expect(Object.keys(got)).toEqual(Object.keys(want));
      }),
    );
  });

  it('readWaveFormat reads the block where it lies in a larger buffer (a Wave record at +12)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 40 }), fc.nat(20), (block, at) => {
        const buf = new Uint8Array(at + block.length + 3);
        buf.set(block, at);
        expect(readWaveFormat(new DataView(buf.buffer), at, block)).toEqual(byTokens(block));
      }),
    );
  });

  it('parseWaveHeader of any record prefix agrees with parseWave of the record (values and errors)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 80 }),
        fc.nat(40),
        fc.option(fc.tuple(fc.integer({ min: 12, max: 44 }), fc.integer({ min: -2, max: 70 })), { freq: 4 }),
        (record, cut, hd) => {
          // mostly plausible H and D (the fast path), sometimes raw bytes (the checked reader's errors)
          if (hd && record.length >= 12) {
            const v = new DataView(record.buffer, record.byteOffset, record.byteLength);
            v.setInt32(4, hd[0], true);
            v.setInt32(8, hd[1], true);
          }
          let full: unknown;
          try {
            full = parseWave(record);
          } catch (e) {
            full = e;
          }
          let head: unknown;
          try {
            head = parseWaveHeader(record.subarray(0, Math.max(0, record.length - cut)), record.length);
          } catch (e) {
            head = e;
          }
          if (head instanceof RangeError) return; // the prefix is too short: the caller reads more
          if (full instanceof Error) {
            expect(head).toBeInstanceOf(Error);
            expect([(head as Error).name, (head as Error).message]).toEqual([full.name, full.message]);
            return;
          }
          const w = full as ReturnType<typeof parseWave>;
          const h = head as ReturnType<typeof parseWaveHeader>;
          expect([h.id, h.headerSize, h.declaredDataSize, h.format, h.formatBytes]).toEqual([
            w.id,
            w.headerSize,
            w.declaredDataSize,
            w.format,
            w.formatBytes,
          ]);
          if (h.summary) expect(h.summary.warnings).toEqual(w.warnings);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import {
  concat,
  int16Bytes,
  mp3Format,
  mp3WaveRecord,
  monoMp3_22050,
  pcmFormat,
  sineInt16,
  waveRecord,
  waveRecordFor,
} from '../test/waveFixtures';
import {
  encodeWaveFormat,
  parseWave,
  parseWaveFormat,
  parseWaveHeader,
  readWaveHeaderInto,
  ReusedWaveHeader,
  waveFacts,
  writeWave,
} from './index';

describe('Wave parse/write (dat-format §5.1)', () => {
  it('round-trips: u32 id, i32 H, i32 D, H format bytes, D data bytes; object size = 12 + H + D', () => {
    const fmt = encodeWaveFormat(pcmFormat(1, 22050, 16));
    const data = new Uint8Array(7046).map((_, i) => i & 0xff);
    const rec = writeWave({ id: 0x0a000002, formatBytes: fmt, data });
    expect(rec.length).toBe(7076); // DRW test: 0x0A000002 H = 18, D = 7046
    const w = parseWave(rec);
    expect(w.id).toBe(0x0a000002);
    expect(w.headerSize).toBe(18);
    expect(w.declaredDataSize).toBe(7046);
    expect(w.formatBytes).toEqual(fmt);
    expect(w.data).toEqual(data);
    expect(w.warnings).toEqual([]);
    expect(writeWave(w)).toEqual(rec);
  });

  it('encodeWaveFormat writes 18 bytes (cbSize 0) for PCM and 30 bytes (cbSize 12 + MP3 extension) for MP3', () => {
    const pcm = encodeWaveFormat(pcmFormat(2, 44100, 16));
    expect(pcm.length).toBe(18);
    expect(parseWaveFormat(pcm)).toEqual(pcmFormat(2, 44100, 16));
    const mp3 = encodeWaveFormat(mp3Format(1, 22050, 32, 104));
    expect(mp3.length).toBe(30);
    const back = parseWaveFormat(mp3);
    expect(back.cbSize).toBe(12);
    expect(back.mp3).toEqual({ wID: 1, fdwFlags: 2, nBlockSize: 104, nFramesPerBlock: 1, nCodecDelay: 1393 });
  });

  it('reads the full u16 format tag, not just the low byte (0x0155 is not MP3)', () => {
    const fmt = encodeWaveFormat(pcmFormat(1, 22050, 16, { wFormatTag: 0x0155 }));
    const w = parseWave(waveRecord(0x0a000010, fmt, new Uint8Array(4)));
    expect(w.format.wFormatTag).toBe(0x0155);
    expect(w.format.mp3).toBeNull();
    expect(w.warnings).toContain('unknown format tag 0x0155: not decodable'); // the tag once
  });
});

describe('pitfall #4: fmt header sizes other than 16 bytes (16, 18, 20, 30) use the DECLARED length', () => {
  const audio = int16Bytes(sineInt16(100, 22050, 440));
  const base = encodeWaveFormat(pcmFormat(1, 22050, 16)).subarray(0, 16);

  it('H = 16: base WAVEFORMAT only, cbSize null, data located right after 16 bytes', () => {
    const w = parseWave(waveRecord(0x0a000020, base, audio));
    expect(w.headerSize).toBe(16);
    expect(w.format.cbSize).toBeNull();
    expect(w.data).toEqual(audio);
    expect(w.warnings).toEqual([]);
    expect(waveFacts(w)).toMatchObject({ frames: 100, channels: 1, sampleRate: 22050 });
  });

  it('H = 18: cbSize 0', () => {
    const w = parseWave(waveRecord(0x0a000021, concat(base, new Uint8Array([0, 0])), audio));
    expect(w.headerSize).toBe(18);
    expect(w.format.cbSize).toBe(0);
    expect(w.data).toEqual(audio);
    expect(w.warnings).toEqual([]);
  });

  it('H = 20: cbSize 2 plus 2 extra bytes — never an error, data still found', () => {
    const w = parseWave(waveRecord(0x0a000022, concat(base, new Uint8Array([2, 0, 0xaa, 0xbb])), audio));
    expect(w.headerSize).toBe(20);
    expect(w.format.cbSize).toBe(2);
    expect(w.formatBytes.length).toBe(20);
    expect(w.data).toEqual(audio);
    expect(w.warnings).toEqual([]);
  });

  it('H = 30: MP3 with cbSize 12 and the MPEGLAYER3WAVEFORMAT extension', () => {
    const w = parseWave(mp3WaveRecord(0x0a000393, monoMp3_22050()));
    expect(w.headerSize).toBe(30);
    expect(w.format.wFormatTag).toBe(0x55);
    expect(w.format.cbSize).toBe(12);
    expect(w.format.mp3?.wID).toBe(1);
    expect(w.warnings).toEqual([]);
  });

  it('PCM with 30 header bytes does not read an MP3 extension (tag decides); MP3 with 18 bytes warns', () => {
    const pcm30 = concat(base, new Uint8Array([12, 0]), new Uint8Array(12));
    const w = parseWave(waveRecord(0x0a000023, pcm30, audio));
    expect(w.format.mp3).toBeNull();
    expect(w.warnings).toEqual([]);
    const mp3_18 = encodeWaveFormat(mp3Format(1, 22050, 32, 104)).subarray(0, 18);
    const m = parseWave(waveRecord(0x0a000024, mp3_18, monoMp3_22050()));
    expect(m.format.mp3).toBeNull();
    expect(m.warnings.join('\n')).toMatch(/cbSize 12 declares more extension bytes than the 0 present/);
    expect(m.warnings.join('\n')).toMatch(/no MPEGLAYER3WAVEFORMAT extension/);
  });

  it.each([
    ['negative H', -1, 0],
    ['absurd H', 0x7fffffff, 0],
    ['H below 16', 14, 0],
    ['negative D', 18, -5],
  ])('%s → ObjectFormatError', (_name, h, d) => {
    const rec = new Uint8Array(12 + 18 + 8);
    const v = new DataView(rec.buffer);
    v.setUint32(0, 0x0a000030, true);
    v.setInt32(4, h, true);
    v.setInt32(8, d, true);
    expect(() => parseWave(rec)).toThrow(ObjectFormatError);
    try {
      parseWave(rec);
    } catch (e) {
      expect((e as ObjectFormatError).objectId).toBe(0x0a000030);
      expect((e as ObjectFormatError).offset).toBe(d < 0 ? 8 : 4);
    }
  });

  it('H = 0xFFFFFF00 and D = 0xFFFFFFFB are named as their unsigned hex, never -256 / -5', () => {
    const rec = new Uint8Array(12 + 18 + 8);
    const v = new DataView(rec.buffer);
    v.setUint32(0, 0x0a000030, true);
    v.setUint32(4, 0xffffff00, true);
    expect(() => parseWave(rec)).toThrow('format size H = 0xFFFFFF00 is absurd');
    v.setInt32(4, 18, true);
    v.setInt32(8, -5, true);
    expect(() => parseWave(rec)).toThrow('data size D = 0xFFFFFFFB is negative');
    expect(() => parseWave(rec)).not.toThrow(/-5|-256/);
  });

  it('H beyond the record and a record shorter than 12 bytes → ObjectFormatError with offsets', () => {
    const rec = waveRecord(0x0a000031, encodeWaveFormat(pcmFormat(1, 8000, 8)), new Uint8Array(0)).subarray(0, 20);
    try {
      parseWave(rec);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ObjectFormatError);
      expect((e as ObjectFormatError).offset).toBe(12);
      expect((e as Error).message).toMatch(/0x0A000031: truncated format block/);
    }
    expect(() => parseWave(new Uint8Array(7))).toThrow(ObjectFormatError);
  });
});

describe('pitfall #8: declared data size larger than the record is clamped with a warning, no hang', () => {
  it('D = 8000 with 7046 bytes present → data 7046 bytes, warning', () => {
    const data = new Uint8Array(7046).fill(0x80);
    const w = parseWave(waveRecord(0x0a000002, encodeWaveFormat(pcmFormat(1, 11025, 8)), data, 8000));
    expect(w.declaredDataSize).toBe(8000);
    expect(w.data.length).toBe(7046);
    expect(w.warnings[0]).toMatch(
      /declared data size 8000 bytes exceeds the 7046 bytes in its record; data clamped to 7046 bytes$/,
    );
    expect(waveFacts(w).frames).toBe(7046);
  });

  it('D = 2^31 − 1 with 10 bytes present: clamped instantly', () => {
    const w = parseWave(
      waveRecord(0x0a000003, encodeWaveFormat(pcmFormat(1, 11025, 8)), new Uint8Array(10), 0x7fffffff),
    );
    expect(w.data.length).toBe(10);
  });

  it('data 1 byte short of a whole frame: lint says the trailing partial frame is dropped; facts count whole frames', () => {
    const w = parseWave(waveRecordFor(0x0a000004, pcmFormat(2, 22050, 16), new Uint8Array(4 * 10 - 1)));
    expect(w.warnings).toEqual([
      'data length 39 bytes is not a whole number of 4-byte frames; the trailing partial frame (3 bytes) is dropped when decoding',
    ]);
    expect(waveFacts(w).frames).toBe(9);
  });

  it('bytes after the declared data are ignored with a warning', () => {
    const rec = concat(waveRecordFor(0x0a000005, pcmFormat(1, 8000, 8), new Uint8Array(4)), new Uint8Array(3));
    const w = parseWave(rec);
    expect(w.data.length).toBe(4);
    expect(w.warnings).toContain('3 trailing bytes after the data were ignored');
  });
});

describe('pitfall #7: inconsistent header fields — frame size from channels × bits ÷ 8, lint badge', () => {
  it('Wave A (16-bit mono 22050, blockAlign 4, avgBytesPerSec 88200): 1 s of data reads as 1 s, two lint warnings', () => {
    const a = parseWave(
      waveRecordFor(
        0x0a00000a,
        pcmFormat(1, 22050, 16, { nBlockAlign: 4, nAvgBytesPerSec: 88200 }),
        int16Bytes(sineInt16(22050, 22050, 440)),
      ),
    );
    expect(a.warnings).toEqual([
      'nBlockAlign 4 ≠ nChannels×wBitsPerSample/8 = 2',
      'nAvgBytesPerSec 88200 ≠ nSamplesPerSec×frame size = 44100',
    ]);
    expect(waveFacts(a)).toEqual({ frames: 22050, durationSec: 1, channels: 1, sampleRate: 22050 });
  });

  it('Wave B (same audio at 11025 Hz, correct header): no lint, 2 s', () => {
    const b = parseWave(waveRecordFor(0x0a00000b, pcmFormat(1, 11025, 16), int16Bytes(sineInt16(22050, 11025, 440))));
    expect(b.warnings).toEqual([]);
    expect(waveFacts(b)).toEqual({ frames: 22050, durationSec: 2, channels: 1, sampleRate: 11025 });
  });
});

describe('parseWaveHeader: facts and lint from the first bytes + the record size (pitfalls #11)', () => {
  const fmt = (over: Partial<Parameters<typeof pcmFormat>[3]> = {}, ch = 1, rate = 11025, bits = 16) =>
    encodeWaveFormat(pcmFormat(ch, rate, bits, over));
  const cases: [string, Uint8Array][] = [
    ['consistent 16-bit mono', waveRecord(0x0a000001, fmt(), new Uint8Array(2000))],
    ['8-bit, odd data length', waveRecord(0x0a000002, fmt({}, 1, 11025, 8), new Uint8Array(7))],
    ['stereo, partial trailing frame', waveRecord(0x0a000003, fmt({}, 2, 22050, 16), new Uint8Array(4003))],
    [
      'declared D beyond the record (clamped, pitfalls #8)',
      waveRecord(0x0a000004, fmt({ nBlockAlign: 4 }), new Uint8Array(2001), 3000),
    ],
    ['D shorter than the record (trailing bytes)', waveRecord(0x0a000005, fmt(), new Uint8Array(100), 40)],
    ['wrong nAvgBytesPerSec', waveRecord(0x0a000006, fmt({ nAvgBytesPerSec: 1 }), new Uint8Array(64))],
    [
      'unknown tag (estimate from nAvgBytesPerSec)',
      waveRecord(
        0x0a000007,
        fmt({ wFormatTag: 0x0031, wBitsPerSample: 4, nAvgBytesPerSec: 5512 }),
        new Uint8Array(256),
      ),
    ],
    ['H = 16', waveRecord(0x0a000008, fmt().subarray(0, 16), new Uint8Array(10))],
    [
      'H = 20 with cbSize beyond H',
      waveRecord(
        0x0a000009,
        concat(fmt({ cbSize: 9 }).subarray(0, 16), new Uint8Array([9, 0, 0, 0])),
        new Uint8Array(10),
      ),
    ],
    ['zero channels and rate', waveRecord(0x0a00000a, fmt({ nChannels: 0, nSamplesPerSec: 0 }), new Uint8Array(10))],
  ];

  it.each(cases)('%s: the same header through a DataView the caller gives (a reused buffer)', (_name, rec) => {
    const buffer = new Uint8Array(100).fill(0xee);
    buffer.set(rec.subarray(0, 64), 4); // the prefix in the middle of a larger reused buffer
    const prefix = buffer.subarray(4, 68);
    const view = new DataView(buffer.buffer, prefix.byteOffset, prefix.byteLength);
    expect(parseWaveHeader(prefix, rec.length, view)).toEqual(parseWaveHeader(rec.subarray(0, 64), rec.length));
  });

  it.each(cases)('%s: formatView gives the format block as a view into the prefix, all else equal', (_name, rec) => {
    const prefix = rec.slice(0, 64);
    const copy = parseWaveHeader(prefix, rec.length);
    const view = parseWaveHeader(prefix, rec.length, undefined, true);
    expect(view).toEqual(copy);
    expect(view.formatBytes.buffer).toBe(prefix.buffer); // no buffer of its own (the index's reused probe)
    expect(copy.formatBytes.buffer).not.toBe(prefix.buffer);
  });

  it.each(cases)('%s: equal to parseWave + waveFacts of the full record, from a 64-byte prefix', (_name, rec) => {
    const full = parseWave(rec);
    const h = parseWaveHeader(rec.subarray(0, 64), rec.length);
    expect(h.summary).not.toBeNull();
    expect(h.summary!.warnings).toEqual(full.warnings);
    expect(h.summary!.facts).toEqual(waveFacts(full));
    expect([h.id, h.headerSize, h.declaredDataSize, h.formatBytes, h.format, h.dataLength]).toEqual([
      full.id,
      full.headerSize,
      full.declaredDataSize,
      full.formatBytes,
      full.format,
      full.data.length,
    ]);
    expect(h.dataOffset).toBe(12 + full.headerSize);
  });

  it("readWaveHeaderInto (the listing's reader, into one reused header): parseWaveHeader's numbers, format, warnings and facts; false exactly where it throws", () => {
    const h = new ReusedWaveHeader();
    const buffer = new Uint8Array(64);
    const view = new DataView(buffer.buffer);
    const mp3 = mp3WaveRecord(0x0a000011, monoMp3_22050());
    let read = 0;
    let refused = 0;
    for (const [, good] of [...cases, ['mp3', mp3] as [string, Uint8Array]]) {
      const variants: [Uint8Array, number][] = [];
      for (const size of [good.length, good.length - 1, good.length + 3, 40, 30, 12, 11, 0, -1, 1.5])
        variants.push([good, size]);
      for (let i = 0; i < 32; i++)
        for (const x of [0x00, 0x01, 0x10, 0x7f, 0x80, 0xff]) {
          const b = good.slice();
          b[i] = x;
          variants.push([b, b.length]);
        }
      for (const [rec, size] of variants) {
        buffer.fill(0xee);
        buffer.set(rec.subarray(0, 64));
        let expected: ReturnType<typeof parseWaveHeader> | null = null;
        try {
          expected = parseWaveHeader(buffer, size, view, true);
        } catch {
          // RangeError or ObjectFormatError: readWaveHeaderInto refuses it
        }
        const ok = readWaveHeaderInto(buffer, size, view, h);
        expect(ok).toBe(expected !== null);
        if (!ok || !expected) {
          refused++;
          continue;
        }
        read++;
        expect([h.id, h.headerSize, h.declaredDataSize, h.recordSize, h.dataOffset, h.dataLength]).toEqual([
          expected.id,
          expected.headerSize,
          expected.declaredDataSize,
          expected.recordSize,
          expected.dataOffset,
          expected.dataLength,
        ]);
        expect(h.format).toEqual(expected.format);
        expect(h.formatBytes).toEqual(expected.formatBytes);
        expect(h.formatBytes.buffer).toBe(buffer.buffer);
        expect(h.warnings).toEqual(expected.summary?.warnings ?? null);
        expect(h.facts).toEqual(expected.summary?.facts ?? null);
      }
    }
    expect(read).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(50);
  });

  it('the clamp warning and the frame count come from recordSize, not from the prefix length', () => {
    const rec = waveRecord(0x0a000010, fmt(), new Uint8Array(1001), 3000);
    const h = parseWaveHeader(rec.subarray(0, 30), rec.length);
    expect(h.dataLength).toBe(1001);
    expect(h.summary!.facts.frames).toBe(500);
    expect(h.summary!.warnings.join('\n')).toMatch(/3000 bytes exceeds the 1001 bytes.*clamped to 1001/);
    expect(h.summary!.warnings.join('\n')).toMatch(/partial frame \(1 byte\)/);
  });

  it('MP3 (0x55): header parsed, summary null (facts come from the frames)', () => {
    const rec = mp3WaveRecord(0x0a000011, monoMp3_22050());
    const h = parseWaveHeader(rec.subarray(0, 64), rec.length);
    expect(h.headerSize).toBe(30);
    expect(h.format.mp3).not.toBeNull();
    expect(h.summary).toBeNull();
    expect(h.structuralWarnings).toEqual([]);
  });

  it('throws the same ObjectFormatError as parseWave for a bad record; RangeError when the prefix is too short', () => {
    const broken = new Uint8Array(12);
    new DataView(broken.buffer).setInt32(4, 5, true);
    const truncatedFormat = waveRecord(0x0a000012, fmt(), new Uint8Array(0)).subarray(0, 20);
    for (const rec of [broken, truncatedFormat, new Uint8Array(6)]) {
      let fullError: unknown;
      try {
        parseWave(rec);
      } catch (e) {
        fullError = e;
      }
      expect(fullError).toBeInstanceOf(ObjectFormatError);
      expect(() => parseWaveHeader(rec, rec.length)).toThrow((fullError as Error).message);
    }
    // the record holds H = 18 but the prefix stops inside the format block: not a format error
    const rec = waveRecord(0x0a000013, fmt(), new Uint8Array(100));
    expect(() => parseWaveHeader(rec.subarray(0, 20), rec.length)).toThrow(RangeError);
    expect(() => parseWaveHeader(rec.subarray(0, 8), rec.length)).toThrow(RangeError);
    // ...but a record that really ends inside the format block is one, whatever the prefix holds
    expect(() => parseWaveHeader(rec.subarray(0, 12), 20)).toThrow(ObjectFormatError);
    expect(() => parseWaveHeader(rec, -1)).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { ObjectFormatError } from '../errors';
import { concat, int16Bytes, mp3Format, mp3WaveRecord, monoMp3_22050, pcmFormat, sineInt16, waveRecord, waveRecordFor } from '../test/waveFixtures';
import { encodeWaveFormat, parseWave, parseWaveFormat, waveFacts, writeWave } from './index';

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
    expect(w.warnings.some((s) => s.includes('unknown format tag 0x0155'))).toBe(true);
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
    expect(w.warnings[0]).toMatch(/declared data size 8000 bytes exceeds the 7046 bytes in the record of 0x0A000002; data clamped to 7046 bytes/);
    expect(waveFacts(w).frames).toBe(7046);
  });

  it('D = 2^31 − 1 with 10 bytes present: clamped instantly', () => {
    const w = parseWave(waveRecord(0x0a000003, encodeWaveFormat(pcmFormat(1, 11025, 8)), new Uint8Array(10), 0x7fffffff));
    expect(w.data.length).toBe(10);
  });

  it('data 1 byte short of a whole frame: lint says the trailing partial frame is dropped; facts count whole frames', () => {
    const w = parseWave(waveRecordFor(0x0a000004, pcmFormat(2, 22050, 16), new Uint8Array(4 * 10 - 1)));
    expect(w.warnings).toEqual(['data length 39 bytes is not a whole number of 4-byte frames; the trailing partial frame (3 bytes) is dropped when decoding']);
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
      waveRecordFor(0x0a00000a, pcmFormat(1, 22050, 16, { nBlockAlign: 4, nAvgBytesPerSec: 88200 }), int16Bytes(sineInt16(22050, 22050, 440))),
    );
    expect(a.warnings).toEqual(['nBlockAlign 4 ≠ nChannels×wBitsPerSample/8 = 2', 'nAvgBytesPerSec 88200 ≠ nSamplesPerSec×frame size = 44100']);
    expect(waveFacts(a)).toEqual({ frames: 22050, durationSec: 1, channels: 1, sampleRate: 22050 });
  });

  it('Wave B (same audio at 11025 Hz, correct header): no lint, 2 s', () => {
    const b = parseWave(waveRecordFor(0x0a00000b, pcmFormat(1, 11025, 16), int16Bytes(sineInt16(22050, 11025, 440))));
    expect(b.warnings).toEqual([]);
    expect(waveFacts(b)).toEqual({ frames: 22050, durationSec: 2, channels: 1, sampleRate: 11025 });
  });
});

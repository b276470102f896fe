import { describe, expect, it } from 'vitest';
import { DecodeError } from '../errors';
import { parseWave, waveFacts } from '../objects';
import {
  concat,
  id3v2Tag,
  int16Bytes,
  mp3WaveRecord,
  monoMp3_22050,
  pcmFormat,
  sineInt16,
  waveRecord,
  waveRecordFor,
} from '../test/waveFixtures';
import {
  decodeWave,
  decodedWav,
  encodeWav16,
  floatToInt16,
  mp3InWav,
  originalFile,
  parseWavStrict,
  wav16Stream,
} from './index';

describe('encodeWav16', () => {
  it('round-trips through the strict reader with consistent fields, any channel count', () => {
    for (const ch of [1, 2, 3]) {
      const a = {
        sampleRate: 32000,
        channels: Array.from({ length: ch }, (_, c) => new Float32Array([c / 4, -0.25, 0.999])),
      };
      const s = parseWavStrict(encodeWav16(a));
      expect(s).toMatchObject({
        formatTag: 1,
        channels: ch,
        sampleRate: 32000,
        bitsPerSample: 16,
        blockAlign: ch * 2,
        avgBytesPerSec: 32000 * ch * 2,
        frames: 3,
      });
      const v = new DataView(s.data.buffer, s.data.byteOffset, s.data.byteLength);
      for (let c = 0; c < ch; c++) expect(v.getInt16((0 * ch + c) * 2, true)).toBe(floatToInt16(c / 4));
    }
  });

  it('float → int16 rounds and clips', () => {
    expect(floatToInt16(0)).toBe(0);
    expect(floatToInt16(0.5)).toBe(16384);
    expect(floatToInt16(-1)).toBe(-32768);
    expect(floatToInt16(1)).toBe(32767);
    expect(floatToInt16(3.7)).toBe(32767);
    expect(floatToInt16(-2)).toBe(-32768);
    expect(floatToInt16(1.4 / 32768)).toBe(1);
    expect(floatToInt16(1.6 / 32768)).toBe(2);
  });

  it('rejects invalid audio (no channels, unequal lengths, rate 0)', () => {
    expect(() => encodeWav16({ sampleRate: 8000, channels: [] })).toThrow(RangeError);
    expect(() => encodeWav16({ sampleRate: 8000, channels: [new Float32Array(2), new Float32Array(3)] })).toThrow(
      RangeError,
    );
    expect(() => encodeWav16({ sampleRate: 0, channels: [new Float32Array(2)] })).toThrow(RangeError);
  });
});

describe('wav16Stream: encodeWav16 in chunks', () => {
  it('header + chunks are byte for byte encodeWav16 of the whole, any chunk split, 1–3 channels', () => {
    for (const ch of [1, 2, 3]) {
      const n = 1001;
      const channels = Array.from({ length: ch }, (_, c) =>
        Float32Array.from({ length: n }, (_, i) => Math.sin(i / 7 + c) * 1.2),
      );
      const whole = encodeWav16({ sampleRate: 22050, channels });
      for (const size of [1, 64, 1000, 1001]) {
        const enc = wav16Stream({ sampleRate: 22050, channels: ch, frames: n });
        const parts = [enc.header];
        for (let o = 0; o < n; o += size) parts.push(enc.chunk(channels.map((c) => c.subarray(o, o + size))));
        expect(Buffer.concat(parts).equals(Buffer.from(whole)), `${ch} ch, chunk ${size}`).toBe(true);
      }
    }
  });

  it('refuses what no WAV can hold before any byte: a bad rate, a RIFF over 4 GiB; chunks of the wrong shape', () => {
    expect(() => wav16Stream({ sampleRate: 500_000, channels: 2, frames: 1 })).toThrow(/sample rate 500000/);
    expect(() => wav16Stream({ sampleRate: 22050, channels: 2, frames: 2 ** 30 })).toThrow(/do not fit a RIFF file/);
    const enc = wav16Stream({ sampleRate: 22050, channels: 2, frames: 4 });
    expect(() => enc.chunk([new Float32Array(2)])).toThrow(RangeError);
    expect(() => enc.chunk([new Float32Array(2), new Float32Array(3)])).toThrow(RangeError);
  });
});

describe('decodedWav: 16-bit PCM at the wave’s own rate and channels', () => {
  it('16-bit export is bit-identical to the source samples (done from the raw bytes)', async () => {
    const l = new Int16Array(1000).map((_, i) => ((i * 2654435761) >>> 16) - 32768);
    const r = new Int16Array(1000).map((_, i) => ((i * 37) % 65536) - 32768);
    const data = int16Bytes(l, r);
    const s = parseWavStrict(await decodedWav(parseWave(waveRecordFor(0x0a000100, pcmFormat(2, 44100, 16), data))));
    expect(s.channels).toBe(2);
    expect(s.sampleRate).toBe(44100);
    expect(s.data).toEqual(data);
  });

  it('8-bit export maps (b − 128) << 8 and 24-bit rounds with clipping', async () => {
    const s8 = parseWavStrict(
      await decodedWav(
        parseWave(waveRecordFor(0x0a000101, pcmFormat(1, 11025, 8), new Uint8Array([0, 0x7f, 0x80, 0x81, 0xff]))),
      ),
    );
    const v8 = new DataView(s8.data.buffer, s8.data.byteOffset);
    expect([0, 1, 2, 3, 4].map((i) => v8.getInt16(i * 2, true))).toEqual([-32768, -256, 0, 256, 32512]);
    const d24 = new Uint8Array([0x80, 0x00, 0x00, 0xff, 0xff, 0x7f, 0x00, 0x00, 0x80]);
    const s24 = parseWavStrict(await decodedWav(parseWave(waveRecordFor(0x0a000102, pcmFormat(1, 8000, 24), d24))));
    const v24 = new DataView(s24.data.buffer, s24.data.byteOffset);
    expect([0, 1, 2].map((i) => v24.getInt16(i * 2, true))).toEqual([1, 32767, -32768]);
  });

  it('MP3 decoded export is mono 16-bit with frames == decode == header maths', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000103, monoMp3_22050()));
    const s = parseWavStrict(await decodedWav(w));
    expect(s).toMatchObject({ formatTag: 1, channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    expect(s.frames).toBe(23616);
    expect((await decodeWave(w)).channels[0]!.length).toBe(s.frames);
    expect(waveFacts(w).frames).toBe(s.frames);
  });

  it('unsupported formats throw DecodeError', async () => {
    const w = parseWave(waveRecordFor(0x0a000104, pcmFormat(1, 22050, 4, { wFormatTag: 0x0031 }), new Uint8Array(10)));
    await expect(decodedWav(w)).rejects.toBeInstanceOf(DecodeError);
  });
});

describe('originalFile', () => {
  it('PCM: RIFF with the FULL original fmt chunk (fmt size = H = 18) and the stored data', () => {
    const data = int16Bytes(sineInt16(50, 22050, 440));
    const w = parseWave(waveRecordFor(0x0a000110, pcmFormat(1, 22050, 16), data));
    const o = originalFile(w);
    expect(o.extension).toBe('wav');
    const s = parseWavStrict(o.bytes);
    expect(s.fmtBytes.length).toBe(18);
    expect(s.fmtBytes).toEqual(w.formatBytes);
    expect(s.cbSize).toBe(0);
    expect(s.data).toEqual(data);
  });

  it('PCM with H = 20 keeps all 20 fmt bytes', () => {
    const fmt20 = concat(
      waveRecordFor(0, pcmFormat(1, 8000, 16), new Uint8Array(0)).subarray(12, 28),
      new Uint8Array([2, 0, 9, 9]),
    );
    const w = parseWave(waveRecord(0x0a000111, fmt20, new Uint8Array(8)));
    const s = parseWavStrict(originalFile(w).bytes);
    expect(Array.from(s.fmtBytes)).toEqual(Array.from(fmt20));
    expect(s.chunks[0]!.size).toBe(20);
  });

  it('MP3: bare MPEG bytes, extension mp3, starting with an 0xFFE sync or ID3', () => {
    const mp3 = monoMp3_22050();
    const o = originalFile(parseWave(mp3WaveRecord(0x0a000112, mp3)));
    expect(o.extension).toBe('mp3');
    expect(o.bytes).toEqual(mp3);
    expect(o.bytes[0]).toBe(0xff);
    expect(o.bytes[1]! & 0xe0).toBe(0xe0);
    const tagged = originalFile(parseWave(mp3WaveRecord(0x0a000113, concat(id3v2Tag('x'), mp3))));
    expect(String.fromCharCode(...tagged.bytes.subarray(0, 3))).toBe('ID3');
  });
});

describe('mp3InWav: the "WAV container" option for MP3', () => {
  it('keeps the full 30-byte fmt (cbSize 12), adds a fact chunk with the frame count, passes the strict reader', () => {
    const w = parseWave(mp3WaveRecord(0x0a000120, monoMp3_22050()));
    const s = parseWavStrict(mp3InWav(w));
    expect(s.formatTag).toBe(0x55);
    expect(s.fmtBytes.length).toBe(30);
    expect(s.fmtBytes).toEqual(w.formatBytes);
    expect(s.cbSize).toBe(12);
    expect(s.chunks.map((c) => c.id)).toEqual(['fmt ', 'fact', 'data']);
    expect(s.factSampleLength).toBe(23616);
    expect(s.data).toEqual(w.data);
  });

  it('synthesizes a 30-byte fmt from the frame header when the stored block is only 18 bytes', () => {
    const w = parseWave(mp3WaveRecord(0x0a000121, monoMp3_22050()));
    const short = { ...w, formatBytes: w.formatBytes.slice(0, 18), headerSize: 18, format: { ...w.format, mp3: null } };
    const s = parseWavStrict(mp3InWav(short));
    expect(s.fmtBytes.length).toBe(30);
    expect(s.cbSize).toBe(12);
    expect(s).toMatchObject({ channels: 1, sampleRate: 22050 });
  });

  it('refuses a PCM wave', () => {
    expect(() => mp3InWav(parseWave(waveRecordFor(0x0a000122, pcmFormat(1, 8000, 8), new Uint8Array(2))))).toThrow(
      DecodeError,
    );
  });
});
